/**
 * Name and address matching through the API (wave-2 C), against the simulator: the VIES
 * approximate check where the member state compares (method `registry`), the computed comparison
 * where it returns data but does not compare and for the other registries (method `computed`),
 * trader fields forcing a registry call, a stale answer compared when VIES is down, test keys,
 * batch items, records, and each bad trader field refused with 422.
 */
import { expect, it } from 'vitest';
import { useLiveApp, validate, validateBatch } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { numbersFor } from './pair-table.js';

const registry = (fields: Record<string, string>) => ({
  name: 'not_processed',
  company_type: 'not_processed',
  street: 'not_processed',
  postcode: 'not_processed',
  city: 'not_processed',
  ...fields,
  method: 'registry',
});
const computed = (fields: Record<string, string>) => ({ ...registry(fields), method: 'computed' });

describeEachDialect('matching through the API', (dialect) => {
  const live = useLiveApp(dialect, { CIRCUIT_FAILURE_THRESHOLD: '1000' });

  it('maps the codes of a member state that compares (AT) to match and mismatch, method registry', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'ATU12345675', {
      trader_name: 'Alpenblick Handels GmbH',
      trader_street: 'Mariahilfer Straße 12',
      trader_postcode: '1070',
      trader_city: 'Linz',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.match).toEqual(
      registry({ name: 'match', street: 'match', postcode: 'match', city: 'mismatch' }),
    );
    expect(res.body.data.company.name).toBe('Alpenblick Handels GmbH');
    const other = await validate(app, account.live, 'ATU12345675', { trader_name: 'Globex Corporation' });
    expect(other.body.data.match).toEqual(registry({ name: 'mismatch' }));
  });

  it('takes the comparison of a member state that withholds the data but compares (ES)', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'ESA28184661', {
      trader_name: 'Iberia Distribuciones S.A.',
      trader_city: 'Madrid',
      trader_street: 'Calle Mayor 1',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.company).toBeNull();
    expect(res.body.data.match).toEqual(registry({ name: 'match', city: 'match', street: 'mismatch' }));
  });

  it('compares itself where the member state returns data but does not compare (NL: all 3)', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'NL123456782B01', {
      trader_name: 'Grachten Techniek BV',
      trader_postcode: '1015 CJ',
      trader_city: 'Amsterdam',
      trader_street: 'Prinsengracht 1',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.match).toEqual(
      computed({ name: 'match', postcode: 'match', city: 'match', street: 'mismatch' }),
    );
  });

  it('compares itself where the member state sends no codes at all (DE), not_processed for withheld parts', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'DE123456704', {
      trader_name: 'Musterfirma Handels AG',
      trader_city: 'Berlin',
    });
    expect(res.status, res.text).toBe(200);
    // Registered as a GmbH: another legal form is another company.
    expect(res.body.data.match).toEqual(computed({ name: 'mismatch', city: 'not_processed' }));
  });

  it('compares the answers of the other registries itself (HMRC)', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'GB123456727', {
      trader_name: 'Simulated Widgets Limited',
      trader_postcode: 'TE1 1ST',
      trader_company_type: 'Ltd',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.source).toBe('hmrc');
    expect(res.body.data.match).toEqual(
      computed({ name: 'match', postcode: 'match', company_type: 'match' }),
    );
  });

  it('asks the registry whenever trader fields are sent, and leaves the cache as it was', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const plain = await validate(app, account.live, 'NL123456782B01');
    expect(plain.body.data.match).toBeNull();
    expect((await validate(app, account.live, 'NL123456782B01')).body.meta.cached).toBe(true);
    expect(sim.statsOf('vies').callsByNumber.NL123456782B01).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await validate(app, account.live, 'NL123456782B01', { trader_name: 'Grachten Techniek' });
      expect(res.body.meta).toMatchObject({ cached: false, source_status: 'live' });
    }
    expect(sim.statsOf('vies').callsByNumber.NL123456782B01).toBe(3);
    const cached = await validate(app, account.live, 'NL123456782B01');
    expect(cached.body.meta.cached).toBe(true);
    expect(cached.body.meta.cached_at).toBe(plain.body.data.requested_at);
  });

  it('serves the stale answer with a computed match when VIES is down', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    expect((await validate(app, account.live, 'ATU12345675')).status).toBe(200);
    sim.setBehaviour('vies', { mode: 'down' });
    const res = await validate(app, account.live, 'ATU12345675', {
      trader_name: 'ALPENBLICK HANDELS GMBH',
      trader_postcode: '1070',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ cached: true, stale: true, source_status: 'unavailable' });
    expect(res.body.data.match).toEqual(computed({ name: 'match', postcode: 'match' }));
  });

  it('answers 503 when VIES is down with trader fields and nothing cached', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    sim.setBehaviour('vies', { mode: 'down' });
    const res = await validate(app, account.live, 'ATU12345675', { trader_name: 'Alpenblick' });
    expect(res.status, res.text).toBe(503);
  });

  it('compares test keys against the magic number’s test company (method computed)', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.test, 'NL123456782B01', {
      trader_name: 'Testbedrijf BV',
      trader_street: 'Teststraat 1',
      trader_city: 'Rotterdam',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ source: 'test', mode: 'test' });
    expect(res.body.data.match).toEqual(computed({ name: 'match', street: 'match', city: 'mismatch' }));
    expect(sim.statsOf('vies').calls).toBe(0);
  });

  it('keeps the match on the record, and null without trader fields', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'ATU12345675', { trader_name: 'Alpenblick Handels GmbH' });
    const record = await app.request('GET', `/v1/validations/${res.body.meta.validation_id}`, {
      key: account.live,
    });
    expect(record.status, record.text).toBe(200);
    expect(record.body.data.match).toEqual(res.body.data.match);
    const plain = await validate(app, account.live, 'ATU12345675');
    const plainRecord = await app.request('GET', `/v1/validations/${plain.body.meta.validation_id}`, {
      key: account.live,
    });
    expect(plainRecord.body.data.match).toBeNull();
  });

  it('compares batch items sent as objects; the same number with other trader fields is its own lookup', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const res = await validateBatch(app, account.live, [], {
      vat_numbers: [
        { vat_number: 'ATU12345675', trader_name: 'Alpenblick Handels GmbH' },
        { vat_number: 'ATU12345675', trader_name: 'Somebody Else GmbH' },
        { vat_number: 'ATU12345675', trader_name: 'Alpenblick Handels GmbH' },
        'ATU12345675',
      ],
    });
    expect(res.status, res.text).toBe(200);
    const [first, second, third, fourth] = res.body.data.results;
    expect(first.data.match).toEqual(registry({ name: 'match' }));
    expect(second.data.match).toEqual(registry({ name: 'mismatch' }));
    expect(third.meta.validation_id).toBe(first.meta.validation_id);
    expect(second.meta.validation_id).not.toBe(first.meta.validation_id);
    expect(fourth.data.match).toBeNull();
    expect(sim.statsOf('vies').callsByNumber.ATU12345675).toBe(3);
  });

  const numberOf = new Map(
    ['BE', 'IT', 'EL', 'FR', 'BG', 'DE', 'PL', 'PT'].map((country) => [country, numbersFor(country, 1)[0]]),
  );
  const registeredName: Readonly<Record<string, string>> = { EL: 'ΒΗΤΑ Α.Ε.', BG: 'РИЛА ТРЕЙД ЕООД' };
  it.each([
    [
      'a Brussels street and town in the other language',
      'BE',
      ['Wetstraat 16', '1040 Brussel'],
      [
        [
          { trader_street: 'Rue de la Loi 16', trader_city: 'Bruxelles' },
          { street: 'match', city: 'match' },
        ],
        // Another house; Ixelles is a municipality of the region the register names by its whole.
        [
          { trader_street: 'Rue de la Loi 18', trader_city: 'Ixelles' },
          { street: 'mismatch', city: 'partial' },
        ],
      ],
    ],
    [
      'a number in a street name written otherwise',
      'IT',
      ['VIA XX SETTEMBRE 5', '00187 ROMA RM'],
      [
        [{ trader_street: 'Via Venti Settembre 5' }, { street: 'match' }],
        [{ trader_street: 'Via XXI Settembre 5' }, { street: 'mismatch' }],
      ],
    ],
    [
      'Greek β and η read as b and e',
      'EL',
      ['ΟΔΟΣ ΗΡΑΣ 12', '105 57 ΑΘΗΝΑ'],
      [
        [
          { trader_name: 'Beta AE', trader_street: 'Odos Eras 12' },
          { name: 'match', street: 'match' },
        ],
        [{ trader_name: 'Gamma AE' }, { name: 'mismatch' }],
      ],
    ],
    [
      'a Bulgarian name and address in Cyrillic with a name and address in Latin letters',
      'BG',
      ['гр. Хасково 6300', 'ул. Цар Шишман 15'],
      [
        [
          {
            trader_name: 'Rila Trade EOOD',
            trader_street: 'ul. Car Shishman 15',
            trader_city: 'Khaskovo',
          },
          { name: 'match', street: 'match', city: 'match' },
        ],
        [{ trader_name: 'Rila Treid Ltd' }, { name: 'partial' }],
        [
          { trader_name: 'Pirin Trade EOOD', trader_street: 'ul. Tsar Simeon 15' },
          { name: 'mismatch', street: 'mismatch' },
        ],
        [{ trader_name: 'РИЛА ТРЕЙДИНГ ЕООД' }, { name: 'partial' }],
      ],
    ],
    [
      'a German ordinal in a street name written as a word',
      'DE',
      ['Straße des 17. Juni 135', '10623 Berlin'],
      [
        [{ trader_street: 'Straße des Siebzehnten Juni 135' }, { street: 'match' }],
        [{ trader_street: 'Straße des Achtzehnten Juni 135' }, { street: 'mismatch' }],
      ],
    ],
    [
      'a Polish ordinal in a street name written as a word',
      'PL',
      ['UL. 3 MAJA 5', '00-001 WARSZAWA'],
      [
        [{ trader_street: 'ul. Trzeciego Maja 5' }, { street: 'match' }],
        [{ trader_street: 'ul. Drugiego Maja 5' }, { street: 'mismatch' }],
      ],
    ],
    [
      'a Portuguese number with "and one" in a street name',
      'PT',
      ['RUA 31 DE JANEIRO 10', '1100-053 LISBOA'],
      [
        [{ trader_street: 'Rua Trinta e Um de Janeiro 10' }, { street: 'match' }],
        [{ trader_street: 'Rua Trinta de Janeiro 10' }, { street: 'mismatch' }],
      ],
    ],
    [
      'a French number with "and one" in a street name',
      'FR',
      ['3 RUE DU 21 AOUT', '75002 PARIS'],
      [
        [{ trader_street: '3 rue du Vingt et Un Août' }, { street: 'match' }],
        [{ trader_street: '3 rue du Vingt-Deux Août' }, { street: 'mismatch' }],
      ],
    ],
    [
      'a postcode written in the town field',
      'FR',
      ['12 RUE DE LA BOETIE', '75008 PARIS'],
      [
        [{ trader_city: '75008 Paris' }, { city: 'match' }],
        [{ trader_city: '75009 Paris' }, { city: 'partial' }],
        [{ trader_city: 'Paris 9e' }, { city: 'partial' }],
      ],
    ],
  ] as const)('compares %s', async (_title, country, addressLines, cases) => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const vatNumber = numberOf.get(country) as string;
    const name = registeredName[country] ?? 'Registered Trader';
    // A member state that does not compare: the service compares what it returned.
    sim.addCompany({
      vatNumber,
      name,
      addressLines: [...addressLines],
      vatRegistered: true,
      extra: { compares: 'no' },
    });
    for (const [trader, outcome] of cases) {
      const res = await validate(app, account.live, vatNumber, trader);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.match, JSON.stringify(trader)).toEqual(computed(outcome));
    }
  });

  it.each([
    ['trader_name', 'x'.repeat(201)],
    ['trader_street', 'Hauptstraße\u00005'],
    ['trader_postcode', '10115\n'],
    ['trader_city', '   '],
    ['trader_company_type', 'GmbH\u0007'],
    ['trader_city', '...'],
    ['trader_name', ' — – - '],
  ])('refuses a bad %s with 422 validation_error on every channel', async (field, value) => {
    const { app } = live;
    const account = await app.account('business');
    const query = await validate(app, account.live, 'ATU12345675', { [field]: value });
    expect(query.status, query.text).toBe(422);
    expect(query.body.error.code).toBe('validation_error');
    expect(query.body.error.message).toContain(field);
    const batch = await validateBatch(app, account.live, [], {
      vat_numbers: [{ vat_number: 'ATU12345675', [field]: value }],
    });
    expect(batch.status, batch.text).toBe(422);
    expect(batch.body.error.code).toBe('validation_error');
    const single = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'ATU12345675', [field]: value },
    });
    expect(single.status, single.text).toBe(422);
    const asyncBatch = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: [{ vat_number: 'ATU12345675', [field]: value }] },
    });
    expect(asyncBatch.status, asyncBatch.text).toBe(422);
  });
});
