/**
 * End to end (wave-2 B3): VIES failing for a member state with a national fallback → the register's
 * answer (`source_status: "fallback"`, its own evidence); the register failing too → the stale
 * answer, then 503. Over HTTP, the real app against the simulator, on both engines.
 */
import { expect, it } from 'vitest';
import { cacheRow, recordsOf, useLiveApp, validate } from '../../e2e/live.js';
import { describeEachDialect } from '../../helpers/dialects.js';
import { recordMeta } from '../../helpers/record-meta.js';

const TTL_S = 3600;
const STALE_S = 86_400;
const SECOND = 1000;

describeEachDialect('national fallbacks when VIES fails', (dialect) => {
  const live = useLiveApp(dialect, {
    CACHE_TTL_SECONDS: String(TTL_S),
    STALE_MAX_AGE_SECONDS: String(STALE_S),
    CIRCUIT_FAILURE_THRESHOLD: '1000',
  });

  it.each([
    ['CZ', 'CZ27082440', 'ares', 'Alza.cz a.s.'],
    ['RO', 'RO5888716', 'anaf', 'DIGI ROMANIA S.A.'],
  ])(
    'VIES unavailable for %s: the register answers, source_status fallback, with its evidence',
    async (_, number, id, name) => {
      const { app, sim } = live;
      sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
      const account = await app.account('business');
      const res = await validate(app, account.live, number);
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toEqual({
        request_id: expect.any(String),
        ...recordMeta(),
        cached: false,
        source: id,
        source_status: 'fallback',
      });
      expect(res.body.data).toMatchObject({
        valid: true,
        vat_number: number,
        consultation_number: null,
        company: { name },
      });

      const [record] = await recordsOf(app, account.id);
      expect(record).toMatchObject({ source: id, source_status: 'fallback' });
      const evidence = await app.database.db
        .selectFrom('evidence')
        .selectAll()
        .where('id', '=', record.evidence_id!)
        .executeTakeFirstOrThrow();
      expect(evidence.registry).toBe(id);
      expect(await cacheRow(app, number)).toMatchObject({ source: id, valid: 1, company_name: name });

      // Within the TTL the fallback's answer is served from the cache like any other.
      const again = await validate(app, account.live, number);
      expect(again.body.meta).toMatchObject({ cached: true, source: id, source_status: 'cached' });
    },
  );

  it('a register saying "not registered" is the answer (valid false, source the register)', async () => {
    const { app, sim } = live;
    sim.setBehaviour('vies', { mode: 'down' });
    const account = await app.account('business');
    const res = await validate(app, account.live, 'CZ00177041');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, company: null, consultation_number: null });
    expect(res.body.meta).toMatchObject({ source: 'ares', source_status: 'fallback' });
  });

  it('VIES timing out and VIES busy after its retries both lead to the fallback', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    sim.setBehaviour('vies', { mode: 'up', latencyMs: 2500 });
    const slow = await validate(app, account.live, 'RO18547290');
    expect(slow.status, slow.text).toBe(200);
    expect(slow.body.meta).toMatchObject({ source: 'anaf', source_status: 'fallback' });

    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_MAX_CONCURRENT_REQ', latencyMs: 0 });
    const busy = await validate(app, account.live, 'CZ25123891', { cache: 'false' });
    expect(busy.status, busy.text).toBe(200);
    expect(busy.body.meta).toMatchObject({ source: 'ares', source_status: 'fallback' });
    expect(busy.body.data.company.name).toBe('Vltava Stroj s.r.o.');
  });

  it('fallback down too: the stale answer, then 503 beyond the stale window', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const fetchedAt = app.clock.now();
    const first = await validate(app, account.live, 'CZ25123891');
    expect(first.body.meta).toMatchObject({ source: 'vies', source_status: 'live' });

    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    sim.setBehaviour('adis', { mode: 'down' });
    app.clock.advance((TTL_S + 1) * SECOND);
    const stale = await validate(app, account.live, 'CZ25123891');
    expect(stale.status, stale.text).toBe(200);
    expect(stale.body.meta).toMatchObject({
      cached: true,
      stale: true,
      source: 'vies',
      source_status: 'unavailable',
    });
    expect(sim.statsOf('adis').calls).toBe(1);

    app.clock.set(fetchedAt + (STALE_S + 1) * SECOND);
    const gone = await validate(app, account.live, 'CZ25123891');
    expect(gone.status, gone.text).toBe(503);
    expect(gone.body.error.code).toBe('upstream_unavailable');
  });

  it.each([
    ['HTML', { mode: 'fault', fault: 'html' }],
    ['truncated', { mode: 'malformed' }],
    ['about another number', { mode: 'wrong_number' }],
    ['hanging', { mode: 'up', latencyMs: 2500 }],
  ] as const)('a %s fallback reply is a failure: 503, nothing cached', async (_, behaviour) => {
    const { app, sim } = live;
    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    sim.setBehaviour('anaf', behaviour);
    const account = await app.account('business');
    const res = await validate(app, account.live, 'RO5888716');
    expect(res.status, res.text).toBe(503);
    expect(res.body.error.code).toBe('upstream_unavailable');
    expect(await cacheRow(app, 'RO5888716')).toBeUndefined();
  });

  it('member states without a fallback, and PL without KAS_FALLBACK_ACCEPTS_CZYNNY, get 503 with no register asked', async () => {
    const { app, sim } = live;
    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    const account = await app.account('business');
    for (const number of ['ATU12345675', 'FR04409414364', 'PL5211355116']) {
      const res = await validate(app, account.live, number);
      expect(res.status, `${number}: ${res.text}`).toBe(503);
    }
    expect(sim.statsOf('kas').calls).toBe(0);
  });

  it('a VIES answer is never replaced by a fallback: the register is not asked when VIES answers', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'CZ25123891');
    expect(res.body.meta).toMatchObject({ source: 'vies', source_status: 'live' });
    expect(sim.statsOf('adis').calls + sim.statsOf('ares').calls).toBe(0);
  });
});

describeEachDialect('Poland’s fallback with KAS_FALLBACK_ACCEPTS_CZYNNY', (dialect) => {
  const live = useLiveApp(dialect, { KAS_FALLBACK_ACCEPTS_CZYNNY: 'true', CIRCUIT_FAILURE_THRESHOLD: '1' });

  it('answers from the white list, source kas, also once the VIES breaker is open', async () => {
    const { app, sim } = live;
    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    const account = await app.account('business');
    const first = await validate(app, account.live, 'PL5211355116');
    expect(first.status, first.text).toBe(200);
    expect(first.body.meta).toMatchObject({ cached: false, source: 'kas', source_status: 'fallback' });
    expect(first.body.data).toMatchObject({ valid: true, company: { name: 'Wisła Meble Sp. z o.o.' } });
    const viesCalls = sim.statsOf('vies').calls;

    // The breaker for PL is open now: VIES is not called, the register answers at once.
    const second = await validate(app, account.live, 'PL5260250274');
    expect(second.status, second.text).toBe(200);
    expect(second.body.meta).toMatchObject({ source: 'kas', source_status: 'fallback' });
    expect(sim.statsOf('vies').calls).toBe(viesCalls);

    const exempt = await validate(app, account.live, 'PL7740001454');
    expect(exempt.body.data).toMatchObject({ valid: false, company: null });
    expect(exempt.body.meta).toMatchObject({ source: 'kas', source_status: 'fallback' });
  });
});
