/**
 * End to end: consultation numbers (decisions sections 2 and 3) only for Business with a
 * requester the target's registry can use, always asked live, never shared between callers; a
 * requester the registry refuses is dropped and the lookup repeated.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useLiveApp, validate } from './live.js';

/** The simulator's VIES requestIdentifier (§2.6) and HMRC consultationNumber (hmrc.md §4.6). */
const VIES_CONSULTATION = /^WAPI[0-9A-Za-z]{12}$/;
const HMRC_CONSULTATION = /^[A-Z]{3}-[A-Z]{3}-[A-Z]{3}$/;

const EU_REQUESTER = 'ATU12345675';
const GB_REQUESTER = 'GB200000179';

describeEachDialect('e2e consultation numbers', (dialect) => {
  const live = useLiveApp(dialect, { CIRCUIT_FAILURE_THRESHOLD: '1000' });

  it.each([
    ['DE123456704', { name: 'Musterfirma Handels GmbH', address: null }],
    ['NL123456782B01', { name: 'Grachten Techniek B.V.', address: 'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM' }],
  ])('gives Business with an EU requester a VIES consultation number for %s', async (target, company) => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, target, { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, vat_number: target, company });
    expect(res.body.data.consultation_number).toMatch(VIES_CONSULTATION);
    expect(res.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber[target]).toBe(1);
  });

  it('asks the registry for every consultation request, even with the answer cached', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const plain = await validate(app, account.live, 'DE123456704');
    expect(plain.body.meta.cached).toBe(false);
    expect((await validate(app, account.live, 'DE123456704')).body.meta.cached).toBe(true);
    expect(sim.statsOf('vies').callsByNumber.DE123456704).toBe(1);

    const first = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    const second = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    for (const res of [first, second]) {
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toMatchObject({ cached: false, source_status: 'live' });
      expect(res.body.data.consultation_number).toMatch(VIES_CONSULTATION);
    }
    expect(first.body.data.consultation_number).not.toBe(second.body.data.consultation_number);
    expect(sim.statsOf('vies').callsByNumber.DE123456704).toBe(3);
  });

  it('never shares one consultation number between concurrent identical requests', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    sim.setBehaviour('vies', { latencyMs: 150 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        validate(app, account.live, 'ATU12345675', { requester_vat_number: 'SE556058115801' }),
      ),
    );
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const numbers = new Set(answers.map((res) => res.body.data.consultation_number));
    expect(numbers.size).toBe(5);
    for (const number of numbers) expect(number).toMatch(VIES_CONSULTATION);
    expect(sim.statsOf('vies').callsByNumber.ATU12345675).toBe(5);
  });

  it('gives no consultation number below Business (Pro)', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, consultation_number: null });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber.DE123456704).toBe(1);
    // Without a consultation the request may come from the cache.
    const again = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    expect(again.body.meta.cached).toBe(true);
    expect(sim.statsOf('vies').callsByNumber.DE123456704).toBe(1);
  });

  it('gives no consultation number for a GB requester on a DE target', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: GB_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, consultation_number: null });
    expect(sim.statsOf('vies').callsByNumber.DE123456704).toBe(1);
    expect(sim.statsOf('hmrc').callsByNumber).toEqual({});
  });

  it('gives no consultation number for an EU requester on a GB target', async () => {
    const { app } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'GB123456727', { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, consultation_number: null });
    expect(res.body.meta.source).toBe('hmrc');
  });

  it('gives Business with a GB requester an HMRC consultation number for a GB target', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'GB123456727', { requester_vat_number: GB_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      valid: true,
      company: { name: 'Simulated Widgets Ltd', address: '1 Simulation Street, Testington, TE1 1ST' },
    });
    expect(res.body.data.consultation_number).toMatch(HMRC_CONSULTATION);
    expect(res.body.meta).toMatchObject({ cached: false, source: 'hmrc', source_status: 'live' });
    expect(sim.statsOf('hmrc').callsByNumber.GB123456727).toBe(1);
  });

  it('repeats the lookup without a requester VIES rejects, answering consultation_number null', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    // Well-formed and passing its check digits, but not a registered company in VIES.
    const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: 'FR10123456717' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      valid: true,
      company: { name: 'Musterfirma Handels GmbH', address: null },
      consultation_number: null,
    });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber.DE123456704).toBe(2);
  });

  it('repeats the lookup without a requester HMRC rejects (403), answering consultation_number null', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'GB123456727', { requester_vat_number: 'GB700000629' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, consultation_number: null });
    expect(res.body.data.company.name).toBe('Simulated Widgets Ltd');
    expect(sim.statsOf('hmrc').callsByNumber.GB123456727).toBe(2);
  });

  it('gives no consultation number for a target that is not registered', async () => {
    const { app } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'FR10123456717', { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, company: null, consultation_number: null });
  });

  it.each(['ATU1234', 'XX123', 'DE12345670'])(
    'answers 422 naming requester_vat_number for requester %s',
    async (requester) => {
      const { app, sim } = live;
      const account = await app.account('business');
      const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: requester });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_vat_format');
      expect(res.body.error.message).toContain('requester_vat_number');
      expect(sim.statsOf('vies').calls).toBe(0);
    },
  );

  it('falls back to the stale answer, without a consultation number, when the registry fails a consultation request', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'DE123456704');
    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({
      cached: true,
      stale: true,
      source: 'vies',
      source_status: 'unavailable',
    });
    expect(res.body.data).not.toHaveProperty('consultation_number');
  });
});
