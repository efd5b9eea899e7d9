/**
 * End to end: the gateway's protection of the registries. Concurrent identical lookups are
 * coalesced into one registry call, per-registry concurrency limits are never exceeded, and a
 * circuit breaker stops calling a registry that is down, then probes it after the cooldown.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { checksumValidNumbers, simAddress, simCompany, usedUnits, useLiveApp, validate } from './live.js';

const LATENCY_MS = 200;
const COOLDOWN_MS = 30_000;

describeEachDialect('e2e coalescing and registry protection', (dialect) => {
  describe('coalescing', () => {
    const live = useLiveApp(dialect);

    it('answers 100 concurrent identical requests with one registry lookup, counting 100 units', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour('vies', { latencyMs: LATENCY_MS });
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => validate(app, account.live, 'ATU12345675')),
      );
      for (const res of answers) {
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toMatchObject({ valid: true, company: { name: 'Alpenblick Handels GmbH' } });
        expect(res.body.meta.source).toBe('vies');
      }
      expect(sim.statsOf('vies').callsByNumber).toEqual({ ATU12345675: 1 });
      expect(sim.statsOf('vies').maxInFlightPerNumber).toBe(1);
      expect(await usedUnits(app, account.id)).toBe(100);
    });

    it('coalesces concurrent cache=false requests too', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour('brreg', { latencyMs: LATENCY_MS });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => validate(app, account.live, 'NO900000006MVA', { cache: 'false' })),
      );
      for (const res of answers) {
        expect(res.status, res.text).toBe(200);
        expect(res.body.meta).toMatchObject({ cached: false, source: 'brreg', source_status: 'live' });
      }
      expect(sim.statsOf('brreg').callsByNumber).toEqual({ NO900000006MVA: 1 });
    });

    it('coalesces a request that arrives while the first answer is still being written to the cache', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour('vies', { latencyMs: LATENCY_MS / 2 });
      // A slow database: the first write of LU10059929 to the cache (made in the unit of work that
      // charges and records the answer) is held back until a second, identical request has either
      // reached the registry (the bug) or had ample time to (1 s).
      const charges = app.stores.charges;
      const original = charges.charge;
      let second: ReturnType<typeof validate> | undefined;
      charges.charge = async function (this: typeof charges, ...args: Parameters<typeof original>) {
        if (!second && args[2]?.cache.some((entry) => entry.vat_number === 'LU10059929')) {
          second = validate(app, account.live, 'LU10059929');
          const deadline = performance.now() + 1000;
          while ((sim.statsOf('vies').callsByNumber.LU10059929 ?? 0) < 2 && performance.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
        return original.apply(this, args);
      } as typeof original;
      try {
        const first = await validate(app, account.live, 'LU10059929');
        expect(first.status, first.text).toBe(200);
        expect(second).toBeDefined();
        const res = await second!;
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.company.name).toBe('ALZETTE FINANCE S.A R.L.');
      } finally {
        charges.charge = original;
      }
      expect(sim.statsOf('vies').callsByNumber).toEqual({ LU10059929: 1 });
    });

    it('coalesces the two UID calls of a valid CH number as one lookup', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour('uid', { latencyMs: LATENCY_MS / 2 });
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => validate(app, account.live, 'CHE100000006MWST')),
      );
      for (const res of answers) expect(res.body.data.company?.name, res.text).toBe('Muster AG');
      expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 2 });
    });
  });

  describe('per-registry concurrency limits', () => {
    const live = useLiveApp(dialect, { VIES_CONCURRENCY: '3', ABR_CONCURRENCY: '2' });

    it('never has more than VIES_CONCURRENCY lookups in flight, and reaches it', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      const numbers = checksumValidNumbers('DE', 9, 200_000_000, 30);
      for (const number of numbers) sim.addCompany(simCompany(number));
      sim.setBehaviour('vies', { latencyMs: LATENCY_MS / 4 });
      const limiter = app.gateway.limiter('vies')!;
      limiter.peak = 0;

      const answers = await Promise.all(numbers.map((number) => validate(app, account.live, number)));
      answers.forEach((res, index) => {
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toMatchObject({
          valid: true,
          vat_number: numbers[index],
          company: { name: `Company ${numbers[index]}`, address: simAddress(numbers[index]) },
        });
      });
      const stats = sim.statsOf('vies');
      expect(Object.keys(stats.callsByNumber)).toHaveLength(30);
      expect(stats.maxInFlight).toBeLessThanOrEqual(3);
      expect(limiter.peak).toBeLessThanOrEqual(3);
      expect(limiter.peak).toBe(3);
      expect(limiter.inFlight).toBe(0);
    });

    it('keeps each registry to its own limit when several are busy at once', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      const de = checksumValidNumbers('DE', 9, 210_000_000, 12);
      const au = checksumValidNumbers('AU', 11, 51_824_753_600, 8);
      for (const number of de) sim.addCompany(simCompany(number));
      for (const number of au) {
        sim.addCompany({
          vatNumber: number,
          name: `Pty ${number}`,
          addressLines: ['Sydney NSW 2000'],
          vatRegistered: true,
        });
      }
      sim.setBehaviour('vies', { latencyMs: LATENCY_MS / 2 });
      sim.setBehaviour('abr', { latencyMs: LATENCY_MS / 2 });
      const vies = app.gateway.limiter('vies')!;
      const abr = app.gateway.limiter('abr')!;
      vies.peak = 0;
      abr.peak = 0;

      const answers = await Promise.all([...de, ...au].map((number) => validate(app, account.live, number)));
      for (const res of answers) expect(res.body.data?.valid, res.text).toBe(true);
      expect(sim.statsOf('vies').maxInFlight).toBeLessThanOrEqual(3);
      expect(sim.statsOf('abr').maxInFlight).toBeLessThanOrEqual(2);
      expect(vies.peak).toBe(3);
      expect(abr.peak).toBe(2);
    });
  });

  describe('circuit breaker', () => {
    const live = useLiveApp(dialect, {
      CIRCUIT_FAILURE_THRESHOLD: '3',
      CIRCUIT_COOLDOWN_MS: String(COOLDOWN_MS),
      BRREG_CONCURRENCY: '1',
    });

    it('stops calling a registry after 3 failures, probes once after the cooldown, and closes when it is back', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      // Cached beforehand: served stale while the circuit is open.
      expect((await validate(app, account.live, 'NO900000022MVA')).status).toBe(200);
      sim.resetStats();
      sim.setBehaviour('brreg', { mode: 'down', latencyMs: LATENCY_MS });

      for (let i = 1; i <= 3; i++) {
        const res = await validate(app, account.live, 'NO900000006MVA');
        expect(res.status, res.text).toBe(503);
        expect(sim.statsOf('brreg').calls).toBe(i);
      }
      // Open: no call reaches the registry (its count stays 3 below), so no 503 waits on it.
      for (let i = 0; i < 3; i++) {
        const res = await validate(app, account.live, i === 0 ? 'NO900000006MVA' : 'NO900000030MVA');
        expect(res.status, res.text).toBe(503);
        expect(res.body.error.code).toBe('upstream_unavailable');
        expect(res.headers.get('retry-after')).toBe('30');
      }
      const stale = await validate(app, account.live, 'NO900000022MVA', { cache: 'false' });
      expect(stale.status, stale.text).toBe(200);
      expect(stale.body.meta).toMatchObject({ cached: true, stale: true, source_status: 'unavailable' });
      expect(sim.statsOf('brreg').calls).toBe(3);

      // Still open just before the cooldown ends.
      app.clock.advance(COOLDOWN_MS - 1);
      expect((await validate(app, account.live, 'NO900000006MVA')).status).toBe(503);
      expect(sim.statsOf('brreg').calls).toBe(3);

      // Half-open: one probe; the registry is still down, so the circuit opens again.
      app.clock.advance(1);
      expect((await validate(app, account.live, 'NO900000006MVA')).status).toBe(503);
      expect(sim.statsOf('brreg').calls).toBe(4);
      expect((await validate(app, account.live, 'NO900000006MVA')).status).toBe(503);
      expect(sim.statsOf('brreg').calls).toBe(4);

      // After another cooldown the probe finds the registry back: the circuit closes.
      sim.setBehaviour('brreg', { mode: 'up', latencyMs: 0 });
      app.clock.advance(COOLDOWN_MS);
      const probe = await validate(app, account.live, 'NO900000006MVA');
      expect(probe.status, probe.text).toBe(200);
      expect(probe.body.meta).toMatchObject({ cached: false, source: 'brreg', source_status: 'live' });
      expect(sim.statsOf('brreg').calls).toBe(5);
      for (const number of ['NO900000030MVA', 'NO900000057MVA']) {
        const res = await validate(app, account.live, number);
        expect(res.status, res.text).toBe(200);
      }
      expect(sim.statsOf('brreg').calls).toBe(7);
    });

    it('lets only one probe through while half-open, failing the others fast', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour('abr', { mode: 'fault', fault: '500' });
      for (let i = 0; i < 3; i++)
        expect((await validate(app, account.live, 'AU51824753556')).status).toBe(503);
      expect(sim.statsOf('abr').calls).toBe(3);

      app.clock.advance(COOLDOWN_MS);
      sim.setBehaviour('abr', { mode: 'up', latencyMs: LATENCY_MS });
      const numbers = ['AU51824753556', 'AU99870624871', 'AU11574456001', 'AU53004085616'];
      const answers = await Promise.all(numbers.map((number) => validate(app, account.live, number)));
      expect(answers.map((res) => res.status).sort()).toEqual([200, 503, 503, 503]);
      expect(sim.statsOf('abr').calls).toBe(4);

      // The successful probe closed the circuit: everything goes through again.
      const again = await Promise.all(
        numbers.map((number) => validate(app, account.live, number, { cache: 'false' })),
      );
      for (const res of again) expect(res.status, res.text).toBe(200);
      expect(sim.statsOf('abr').calls).toBe(8);
    });

    it('does not let requests queued behind the concurrency limit reach a registry whose circuit opened meanwhile', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      // BRREG_CONCURRENCY=1: six concurrent lookups queue behind one another; after the third
      // failure the circuit is open and the other three must not reach the registry.
      const numbers = checksumValidNumbers('NO', 9, 910_000_000, 6, 'MVA');
      // Let an earlier test's circuit close first: a successful probe after its cooldown.
      app.clock.advance(COOLDOWN_MS);
      expect((await validate(app, account.live, 'NO900000049MVA')).status).toBe(200);
      sim.resetStats();
      sim.setBehaviour('brreg', { mode: 'down', latencyMs: 50 });
      const answers = await Promise.all(numbers.map((number) => validate(app, account.live, number)));
      for (const res of answers) expect(res.status, res.text).toBe(503);
      expect(sim.statsOf('brreg').calls).toBe(3);
      // Leave the circuit closed for whoever comes next.
      sim.setBehaviour('brreg', { mode: 'up', latencyMs: 0 });
      app.clock.advance(COOLDOWN_MS);
      expect((await validate(app, account.live, 'NO900000049MVA', { cache: 'false' })).status).toBe(200);
    });

    it('opens VIES circuits per member state', async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
      for (let i = 0; i < 3; i++) expect((await validate(app, account.live, 'DE123456704')).status).toBe(503);
      expect(sim.statsOf('vies').calls).toBe(3);
      // DE is open; AT still reaches VIES.
      expect((await validate(app, account.live, 'DE113866163')).status).toBe(503);
      expect(sim.statsOf('vies').calls).toBe(3);
      expect((await validate(app, account.live, 'ATU12345675')).status).toBe(503);
      expect(sim.statsOf('vies').calls).toBe(4);

      sim.setBehaviour('vies', { mode: 'up' });
      const at = await validate(app, account.live, 'ATU12345675');
      expect(at.status, at.text).toBe(200);
      expect((await validate(app, account.live, 'DE123456704')).status).toBe(503);
      expect(sim.statsOf('vies').callsByNumber).toEqual({ DE123456704: 3, ATU12345675: 2 });
    });
  });
});
