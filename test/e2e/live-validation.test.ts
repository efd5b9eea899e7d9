/**
 * End to end: live keys validate real numbers against each of the five registries (through
 * the simulator), map withheld parts to null, a registry's "input invalid" to 422, and every way a
 * registry can fail (with nothing cached) to a 503 that costs no quota.
 */
import { describe, expect, it } from 'vitest';
import type { RegistryBehaviour } from '../../simulator/types.js';
import { checkVatNumber } from '../../src/numbers/index.js';
import type { RegistryId } from '../../src/registries/registry.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { recordMeta } from '../helpers/record-meta.js';
import { remaining, usedUnits, useLiveApp, validate } from './live.js';

/** Long enough for a busy machine's answers, short enough for the timeout cases to stay quick. */
const TIMEOUT_MS = 1500;

/** [input, normalised number, registry, name, address] of seeded companies, as the seed implies. */
const VALID: Array<[string, string, RegistryId, string, string | null]> = [
  ['ATU12345675', 'ATU12345675', 'vies', 'Alpenblick Handels GmbH', 'Mariahilfer Straße 12, 1070 Wien'],
  [
    'nl 1234.56.782.B01',
    'NL123456782B01',
    'vies',
    'Grachten Techniek B.V.',
    'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM',
  ],
  ['EL123456709', 'EL123456709', 'vies', 'Aegean Olive Oil AE', 'Odos Ermou 8, 10563 Athina'],
  ['XI123456727', 'XI123456727', 'vies', 'Lagan Engineering Ltd', '12 Donegall Square, Belfast, BT1 5GS'],
  ['LU10059929', 'LU10059929', 'vies', 'ALZETTE FINANCE S.A R.L.', '12, RUE DE LA GARE L-1611 LUXEMBOURG'],
  ['FR04409414364', 'FR04409414364', 'vies', 'Atelier Lumière SAS', '12 Rue de Rivoli, 75004 Paris'],
  ['LV40003521600', 'LV40003521600', 'vies', 'Daugava Koks SIA', 'Brīvības iela 30, Rīga, LV-1050'],
  ['SE556058115801', 'SE556058115801', 'vies', 'Mälaren Verktyg AB', 'Drottninggatan 50, 111 21 Stockholm'],
  ['GB123456727', 'GB123456727', 'hmrc', 'Simulated Widgets Ltd', '1 Simulation Street, Testington, TE1 1ST'],
  ['GB 600 0005 39', 'GB600000539', 'hmrc', 'Irish Principal Ltd', '5 Quay Street, Dublin 2'],
  [
    'GB500000491001',
    'GB500000491001',
    'hmrc',
    'Branch Traders Ltd (Manchester branch)',
    '22 Branch Lane, Manchester, M1 1AE',
  ],
  // Fails the local GB check digits: decisions section 1 sends it to HMRC anyway.
  ['GB553557881', 'GB553557881', 'hmrc', 'Credite Sberger Donal Inc.', '131B Barton Hamlet, SW97 5CK'],
  ['CHE-100.000.006 MWST', 'CHE100000006MWST', 'uid', 'Muster AG', 'Musterstrasse 1, 3000 Bern'],
  [
    'CHE100000012MWST',
    'CHE100000012MWST',
    'uid',
    'Exemple Sàrl',
    'c/o Fiduciaire Léman SA, Rue du Marché 12, 1204 Genève',
  ],
  ['NO900000006MVA', 'NO900000006MVA', 'brreg', 'NORSK TESTBEDRIFT AS', 'Havnegata 48, 8900 BRØNNØYSUND'],
  ['NO900000022MVA', 'NO900000022MVA', 'brreg', 'POSTBOKS HANDEL AS', 'Postboks 123 Sentrum, 0102 OSLO'],
  [
    'NO900000030MVA',
    'NO900000030MVA',
    'brreg',
    'BALTIC TRADE SP Z O O NUF',
    'ul. Budowniczych 12, 81-336 GDYNIA, Polen',
  ],
  ['NO900000057MVA', 'NO900000057MVA', 'brreg', 'KONKURSBO TESTBEDRIFT AS', 'Storgata 1, 0155 OSLO'],
  ['AU51824753556', 'AU51824753556', 'abr', 'SOUTHERN CROSS TRADING PARTNERS', 'NSW 2000'],
  ['AU 99 870 624 871', 'AU99870624871', 'abr', 'CITIZEN, JANE MARY', 'SA 5067'],
];

/** [number, registry] the registries answer "not registered" for. */
const NOT_REGISTERED: Array<[string, RegistryId]> = [
  ['BE0402918402', 'vies'], // deregistered
  ['FR10123456717', 'vies'], // unknown
  ['GB400000359', 'hmrc'], // deregistered (404 NOT_FOUND)
  ['GB700000629', 'hmrc'], // unknown
  ['CHE100000029MWST', 'uid'], // UID without VAT
  ['CHE100000035MWST', 'uid'], // VAT deregistered
  ['CHE100000041MWST', 'uid'], // deleted entity
  ['NO991825827MVA', 'brreg'], // not in the VAT register
  ['NO821227062MVA', 'brreg'], // deleted
  ['NO509100675MVA', 'brreg'], // removed (410)
  ['NO900000014MVA', 'brreg'], // unknown (404)
  ['AU53004085616', 'abr'], // no GST
  ['AU83914571673', 'abr'], // cancelled
  ['AU21108258859', 'abr'], // no record
];

/** [number, registry, company] where the registry withholds the name, the address or both. */
const WITHHELD: Array<[string, RegistryId, { name: string | null; address: string | null } | null]> = [
  ['DE123456704', 'vies', { name: 'Musterfirma Handels GmbH', address: null }],
  ['DE113866163', 'vies', null],
  ['ESA28184661', 'vies', null],
  ['GB300000214', 'hmrc', null],
  ['CHE100000058MWST', 'uid', null],
  ['NO900000049MVA', 'brreg', { name: 'ADRESSELØS AS', address: null }],
  ['AU11574456001', 'abr', { name: 'BLUE GUM HOLDINGS', address: null }],
];

/** One seeded valid number per registry, and each registry's own "input invalid" fault. */
const PER_REGISTRY: Array<{ id: RegistryId; number: string; invalidInput: string; fault: string }> = [
  { id: 'vies', number: 'ATU12345675', invalidInput: 'INVALID_INPUT', fault: 'MS_UNAVAILABLE' },
  { id: 'hmrc', number: 'GB123456727', invalidInput: '400', fault: '503' },
  {
    id: 'uid',
    number: 'CHE100000006MWST',
    invalidInput: 'Data_validation_failed',
    fault: 'infrastructureFault',
  },
  { id: 'brreg', number: 'NO900000006MVA', invalidInput: '400', fault: '500' },
  { id: 'abr', number: 'AU51824753556', invalidInput: 'invalid_abn', fault: '503' },
];

/** Throttling and credential refusals: decisions section 3 makes them 503s too, never a 500. */
const OTHER_FAILURES: Array<[RegistryId, string, string]> = [
  ['vies', 'MS_MAX_CONCURRENT_REQ', 'ATU12345675'],
  ['vies', 'SERVICE_UNAVAILABLE:500', 'ATU12345675'],
  ['hmrc', '429', 'GB123456727'],
  ['hmrc', 'invalid_client', 'GB123456727'],
  ['uid', 'Request_limit_exceeded', 'CHE100000006MWST'],
  ['abr', 'invalid_guid', 'AU51824753556'],
  ['abr', 'request_problem', 'AU51824753556'],
];

/** The registry failures that must become a 503 when nothing is cached. */
const FAILURES: Array<[string, (fault: string) => Partial<RegistryBehaviour>]> = [
  ['down (HTTP 503)', () => ({ mode: 'down' })],
  ['connection reset', () => ({ mode: 'reset' })],
  ['its own fault code', (fault) => ({ mode: 'fault', fault })],
  ['a malformed body', () => ({ mode: 'malformed' })],
  ['a timeout', () => ({ mode: 'up', latencyMs: TIMEOUT_MS * 5 })],
];

describeEachDialect('e2e live validation', (dialect) => {
  // A high threshold keeps the circuit breaker out of the way of the failure cases (coalescing.test.ts tests it).
  const live = useLiveApp(dialect, {
    REGISTRY_TIMEOUT_MS: String(TIMEOUT_MS),
    CIRCUIT_FAILURE_THRESHOLD: '1000',
  });

  it.each(VALID)(
    'validates %s against its registry with name and one-line address',
    async (input, number, source, name, address) => {
      const { app, sim } = live;
      const account = await app.account('business');
      const res = await validate(app, account.live, input);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({
        valid: true,
        vat_number: number,
        country_code: number.startsWith('CHE') ? 'CH' : number.slice(0, 2),
        company: { name, address },
        consultation_number: null,
        requested_at: new Date(app.clock.now()).toISOString(),
        match: null,
      });
      expect(res.body.meta).toEqual({
        request_id: expect.any(String),
        ...recordMeta(),
        cached: false,
        source,
        source_status: 'live',
      });
      // The registry was really asked (UID asks twice for a valid number: ValidateVatNumber, GetByUID).
      expect(sim.statsOf(source).callsByNumber[number]).toBe(source === 'uid' ? 2 : 1);
    },
  );

  it.each(NOT_REGISTERED)(
    'answers %s as not registered (valid false, company null)',
    async (number, source) => {
      const { app, sim } = live;
      const account = await app.account('business');
      const res = await validate(app, account.live, number);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        valid: false,
        vat_number: number,
        company: null,
        consultation_number: null,
      });
      expect(res.body.meta).toMatchObject({ cached: false, source, source_status: 'live' });
      expect(sim.statsOf(source).callsByNumber[number]).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(WITHHELD)(
    'answers %s with what the registry withholds as null',
    async (number, source, company) => {
      const { app } = live;
      const account = await app.account('business');
      const res = await validate(app, account.live, number);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        valid: true,
        vat_number: number,
        company,
        consultation_number: null,
      });
      expect(res.body.meta).toMatchObject({ cached: false, source, source_status: 'live' });
    },
  );

  it.each(PER_REGISTRY)(
    "maps the $id registry's own 'input invalid' ($invalidInput) to 422 invalid_vat_format",
    async ({ id, number, invalidInput }) => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour(id, { mode: 'fault', fault: invalidInput });
      const res = await validate(app, account.live, number);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_vat_format');
      expect(sim.statsOf(id).callsByNumber[number]).toBeGreaterThanOrEqual(1);
      // A rejected input was never answered: nothing cached, no unit counted.
      expect(await usedUnits(app, account.id)).toBe(0);
    },
  );

  describe.each(PER_REGISTRY)('$id failing with nothing cached', ({ id, number, fault }) => {
    const code = id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';

    it.each(FAILURES)(
      `answers 503 ${code} with Retry-After 30 and no quota when the registry gives %s`,
      async (_, behaviour) => {
        const { app, sim } = live;
        const account = await app.account('business');
        // One answered request first, so the quota headers have something to compare with.
        const before = await validate(app, account.live, 'LI12345');
        expect(before.status, before.text).toBe(200);
        const remainingBefore = remaining(before);

        sim.setBehaviour(id, behaviour(fault));
        const started = performance.now();
        const res = await validate(app, account.live, number);
        const elapsed = performance.now() - started;
        expect(res.status, res.text).toBe(503);
        expect(res.body.error.code).toBe(code);
        expect(res.headers.get('retry-after')).toBe('30');
        expect(remaining(res)).toBe(remainingBefore);
        expect(sim.statsOf(id).calls).toBeGreaterThanOrEqual(1);
        // A timeout is cut short at REGISTRY_TIMEOUT_MS, long before the registry would answer.
        if (behaviour(fault).latencyMs) expect(elapsed).toBeLessThan(TIMEOUT_MS * 4);
        // Only the first request was counted.
        expect(await usedUnits(app, account.id)).toBe(1);
      },
    );
  });

  it('answers Liechtenstein from the format alone, without any registry', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'LI12345');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, company: null, consultation_number: null });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'format', source_status: 'unverified' });
    for (const id of ['vies', 'hmrc', 'uid', 'brreg', 'abr'] as const) expect(sim.statsOf(id).calls).toBe(0);
  });

  it('answers a number failing its check digits locally, without the registry', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'DE123456789');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, company: null, consultation_number: null });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'checksum', source_status: 'live' });
    expect(sim.statsOf('vies').calls).toBe(0);
  });

  it.each(OTHER_FAILURES)(
    'answers 503 when %s answers %s, with nothing cached',
    async (id, fault, number) => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour(id, { mode: 'fault', fault });
      const res = await validate(app, account.live, number);
      expect(res.status, res.text).toBe(503);
      expect(res.body.error.code).toBe(id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable');
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await usedUnits(app, account.id)).toBe(0);
    },
  );

  it('sends an XI number failing its check digits to VIES, which decides', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const check = checkVatNumber('XI123456728');
    expect(check.kind === 'checked' && !check.checksumValid).toBe(true);
    const res = await validate(app, account.live, 'XI123456728');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, company: null });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber).toEqual({ XI123456728: 1 });
  });
});

describeEachDialect('e2e live validation with CHECK_DIGITS=false and a per-registry timeout', (dialect) => {
  const live = useLiveApp(dialect, {
    CHECK_DIGITS: 'false',
    REGISTRY_TIMEOUT_MS: String(TIMEOUT_MS * 6),
    VIES_TIMEOUT_MS: String(TIMEOUT_MS),
    CIRCUIT_FAILURE_THRESHOLD: '1000',
  });

  it('asks the registry about a number failing its check digits', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'DE123456789');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, company: null, consultation_number: null });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber).toEqual({ DE123456789: 1 });
  });

  it('times VIES out after VIES_TIMEOUT_MS while the other registries keep REGISTRY_TIMEOUT_MS', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    sim.setBehaviour('vies', { latencyMs: TIMEOUT_MS * 5 });
    sim.setBehaviour('abr', { latencyMs: TIMEOUT_MS * 2 });
    const started = performance.now();
    const vies = await validate(app, account.live, 'ATU12345675');
    expect(vies.status, vies.text).toBe(503);
    expect(vies.body.error.code).toBe('upstream_unavailable');
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    const abr = await validate(app, account.live, 'AU51824753556');
    expect(abr.status, abr.text).toBe(200);
    expect(abr.body.data.valid).toBe(true);
  });
});
