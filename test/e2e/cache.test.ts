/**
 * End to end: the shared validation cache and the degradation rules of decisions section 2
 * (cache hit, `cache=false`, TTL, stale answers when the registry fails, suspected false negatives
 * served as degraded), read from the API and the simulator's counters, with the ManualClock moving time.
 */
import { expect, it } from 'vitest';
import type { RegistryId } from '../../src/registries/registry.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { recordMeta } from '../helpers/record-meta.js';
import { cacheRow, remaining, usedUnits, useLiveApp, validate } from './live.js';

const TTL_S = 3600;
const STALE_S = 86_400;
const SECOND = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** One seeded valid number per registry, with the lookups one answer costs (UID asks twice). */
const REGISTRIES: Array<{ id: RegistryId; number: string; calls: number; name: string }> = [
  { id: 'vies', number: 'ATU12345675', calls: 1, name: 'Alpenblick Handels GmbH' },
  { id: 'hmrc', number: 'GB123456727', calls: 1, name: 'Simulated Widgets Ltd' },
  { id: 'uid', number: 'CHE100000006MWST', calls: 2, name: 'Muster AG' },
  { id: 'brreg', number: 'NO900000006MVA', calls: 1, name: 'NORSK TESTBEDRIFT AS' },
  { id: 'abr', number: 'AU51824753556', calls: 1, name: 'SOUTHERN CROSS TRADING PARTNERS' },
];

describeEachDialect('e2e cache and stale answers', (dialect) => {
  const live = useLiveApp(dialect, {
    CACHE_TTL_SECONDS: String(TTL_S),
    STALE_MAX_AGE_SECONDS: String(STALE_S),
    CIRCUIT_FAILURE_THRESHOLD: '1000',
  });

  it.each(REGISTRIES)(
    'serves the second $id lookup from the cache, with cached_at and no consultation_number',
    async ({ id, number, calls, name }) => {
      const { app, sim } = live;
      const account = await app.account('business');
      const fetchedAt = app.clock.now();
      const first = await validate(app, account.live, number);
      expect(first.status, first.text).toBe(200);
      expect(first.body.meta).toMatchObject({ cached: false, source: id, source_status: 'live' });
      expect(first.body.data.consultation_number).toBeNull();

      app.clock.advance(10 * SECOND);
      const second = await validate(app, account.live, number);
      expect(second.status, second.text).toBe(200);
      expect(second.body.meta).toEqual({
        request_id: expect.any(String),
        ...recordMeta(),
        cached: true,
        cached_at: iso(fetchedAt),
        source: id,
        source_status: 'cached',
      });
      expect(second.body.data).toEqual({
        valid: true,
        vat_number: number,
        country_code: first.body.data.country_code,
        company: first.body.data.company,
        requested_at: iso(app.clock.now()),
        match: null,
      });
      expect(second.body.data).not.toHaveProperty('consultation_number');
      expect(second.body.data.company.name).toBe(name);
      expect(sim.statsOf(id).callsByNumber[number]).toBe(calls);
    },
  );

  it('caches a "not registered" answer too', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'FR10123456717');
    const second = await validate(app, account.live, 'FR10123456717');
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toMatchObject({ valid: false, company: null });
    expect(second.body.meta).toMatchObject({ cached: true, source: 'vies', source_status: 'cached' });
    expect(sim.statsOf('vies').callsByNumber.FR10123456717).toBe(1);
  });

  it('skips the cache read with cache=false, and the fresh answer refreshes the cache', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'ATU12345675');
    // The register changes; a plain request still sees the cached answer...
    sim.addCompany({
      vatNumber: 'ATU12345675',
      name: 'Alpenblick Neu GmbH',
      addressLines: ['Ring 1', '1010 Wien'],
      vatRegistered: true,
    });
    app.clock.advance(60 * SECOND);
    const cached = await validate(app, account.live, 'ATU12345675');
    expect(cached.body.meta.cached).toBe(true);
    expect(cached.body.data.company.name).toBe('Alpenblick Handels GmbH');

    // ...cache=false asks the registry at once.
    app.clock.advance(60 * SECOND);
    const refreshedAt = app.clock.now();
    const fresh = await validate(app, account.live, 'ATU12345675', { cache: 'false' });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.meta).toEqual({
      request_id: expect.any(String),
      ...recordMeta(),
      cached: false,
      source: 'vies',
      source_status: 'live',
    });
    expect(fresh.body.data).toMatchObject({
      consultation_number: null,
      company: { name: 'Alpenblick Neu GmbH', address: 'Ring 1, 1010 Wien' },
    });
    expect(sim.statsOf('vies').callsByNumber.ATU12345675).toBe(2);
    expect(Number((await cacheRow(app, 'ATU12345675'))?.fetched_at)).toBe(refreshedAt);

    // The refreshed cache serves the next plain request.
    app.clock.advance(60 * SECOND);
    const after = await validate(app, account.live, 'ATU12345675');
    expect(after.body.meta).toMatchObject({
      cached: true,
      cached_at: iso(refreshedAt),
      source_status: 'cached',
    });
    expect(after.body.data.company.name).toBe('Alpenblick Neu GmbH');
    expect(sim.statsOf('vies').callsByNumber.ATU12345675).toBe(2);
  });

  it('asks the registry again once CACHE_TTL_SECONDS have passed', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const firstAt = app.clock.now();
    await validate(app, account.live, 'NO900000006MVA');
    app.clock.advance((TTL_S - 1) * SECOND);
    const within = await validate(app, account.live, 'NO900000006MVA');
    expect(within.body.meta).toMatchObject({ cached: true, cached_at: iso(firstAt) });
    expect(sim.statsOf('brreg').callsByNumber.NO900000006MVA).toBe(1);

    app.clock.advance(2 * SECOND);
    const secondAt = app.clock.now();
    const expired = await validate(app, account.live, 'NO900000006MVA');
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body.meta).toMatchObject({ cached: false, source: 'brreg', source_status: 'live' });
    expect(expired.body.data.consultation_number).toBeNull();
    expect(sim.statsOf('brreg').callsByNumber.NO900000006MVA).toBe(2);

    const again = await validate(app, account.live, 'NO900000006MVA');
    expect(again.body.meta).toMatchObject({ cached: true, cached_at: iso(secondAt) });
    expect(sim.statsOf('brreg').callsByNumber.NO900000006MVA).toBe(2);
  });

  it.each(REGISTRIES)(
    'serves a stale $id answer when the registry is down after the TTL, and 503 beyond the stale window',
    async ({ id, number, name }) => {
      const { app, sim } = live;
      const account = await app.account('business');
      const fetchedAt = app.clock.now();
      const first = await validate(app, account.live, number);
      expect(first.status, first.text).toBe(200);
      const callsBefore = sim.statsOf(id).calls;

      sim.setBehaviour(id, { mode: 'down' });
      app.clock.advance((TTL_S + 1) * SECOND);
      const stale = await validate(app, account.live, number);
      expect(stale.status, stale.text).toBe(200);
      expect(stale.body.meta).toEqual({
        request_id: expect.any(String),
        ...recordMeta(),
        cached: true,
        cached_at: iso(fetchedAt),
        stale: true,
        source: id,
        source_status: 'unavailable',
      });
      expect(stale.body.data).toMatchObject({ valid: true, vat_number: number, company: { name } });
      expect(stale.body.data).not.toHaveProperty('consultation_number');
      expect(sim.statsOf(id).calls).toBeGreaterThan(callsBefore);

      // cache=false still falls back to the last known answer rather than a 503.
      const uncached = await validate(app, account.live, number, { cache: 'false' });
      expect(uncached.status, uncached.text).toBe(200);
      expect(uncached.body.meta).toMatchObject({ cached: true, stale: true, source_status: 'unavailable' });

      // Exactly at the edge of the stale window the answer is still served; past it, a 503.
      app.clock.set(fetchedAt + STALE_S * SECOND);
      const edge = await validate(app, account.live, number);
      expect(edge.status, edge.text).toBe(200);
      expect(edge.body.meta.stale).toBe(true);

      app.clock.set(fetchedAt + (STALE_S + 1) * SECOND);
      const gone = await validate(app, account.live, number);
      expect(gone.status, gone.text).toBe(503);
      expect(gone.body.error.code).toBe(id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable');
      expect(gone.headers.get('retry-after')).toBe('30');
    },
  );

  it('serves a stale "not registered" answer as it was cached', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'AU21108258859');
    sim.setBehaviour('abr', { mode: 'fault', fault: '500' });
    app.clock.advance((TTL_S + 1) * SECOND);
    const stale = await validate(app, account.live, 'AU21108258859');
    expect(stale.status, stale.text).toBe(200);
    expect(stale.body.data).toMatchObject({ valid: false, company: null });
    expect(stale.body.meta).toMatchObject({
      cached: true,
      stale: true,
      source: 'abr',
      source_status: 'unavailable',
    });
  });

  it('serves the prior valid answer as degraded when the registry suddenly says "not registered"', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const fetchedAt = app.clock.now();
    const first = await validate(app, account.live, 'NL123456782B01');
    expect(first.body.data.valid).toBe(true);

    sim.removeCompany('NL123456782B01');
    app.clock.advance((TTL_S + 1) * SECOND);
    const degraded = await validate(app, account.live, 'NL123456782B01');
    expect(degraded.status, degraded.text).toBe(200);
    expect(degraded.body.data).toMatchObject({ valid: true, company: first.body.data.company });
    expect(degraded.body.data).not.toHaveProperty('consultation_number');
    expect(degraded.body.meta).toEqual({
      request_id: expect.any(String),
      ...recordMeta(),
      cached: true,
      cached_at: iso(fetchedAt),
      stale: true,
      source: 'vies',
      source_status: 'degraded',
    });
    // The registry was asked; the prior answer stays in the cache untouched.
    expect(sim.statsOf('vies').callsByNumber.NL123456782B01).toBe(2);
    expect(Number((await cacheRow(app, 'NL123456782B01'))?.fetched_at)).toBe(fetchedAt);
    expect((await cacheRow(app, 'NL123456782B01'))?.valid).toBe(1);

    // cache=false shows the registry's answer at once, and it replaces the cached one.
    const fresh = await validate(app, account.live, 'NL123456782B01', { cache: 'false' });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.data).toMatchObject({ valid: false, company: null, consultation_number: null });
    expect(fresh.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
    const cachedNow = await validate(app, account.live, 'NL123456782B01');
    expect(cachedNow.body.data.valid).toBe(false);
    expect(cachedNow.body.meta).toMatchObject({ cached: true, source_status: 'cached' });
  });

  it("serves HMRC's NOT_FOUND backend-failure quirk as degraded when the number was valid", async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'GB123456727');
    sim.setBehaviour('hmrc', { mode: 'fault', fault: 'NOT_FOUND' });
    app.clock.advance((TTL_S + 1) * SECOND);
    const degraded = await validate(app, account.live, 'GB123456727');
    expect(degraded.status, degraded.text).toBe(200);
    expect(degraded.body.data).toMatchObject({ valid: true, company: { name: 'Simulated Widgets Ltd' } });
    expect(degraded.body.meta).toMatchObject({
      cached: true,
      stale: true,
      source: 'hmrc',
      source_status: 'degraded',
    });
  });

  it('shows a deregistered company as invalid once the prior answer is older than the stale window', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'EL123456709');
    sim.removeCompany('EL123456709');
    app.clock.advance((STALE_S + 1) * SECOND);
    const res = await validate(app, account.live, 'EL123456709');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, company: null, consultation_number: null });
    expect(res.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
  });

  it('shares the cache between accounts', async () => {
    const { app, sim } = live;
    const first = await app.account('business');
    const second = await app.account('free');
    const fetchedAt = app.clock.now();
    const a = await validate(app, first.live, 'XI123456727');
    expect(a.body.meta.cached).toBe(false);
    app.clock.advance(5 * SECOND);
    const b = await validate(app, second.live, 'xi 123 4567 27');
    expect(b.status, b.text).toBe(200);
    expect(b.body.meta).toMatchObject({ cached: true, cached_at: iso(fetchedAt), source: 'vies' });
    expect(b.body.data.company).toEqual(a.body.data.company);
    expect(sim.statsOf('vies').callsByNumber.XI123456727).toBe(1);
  });

  it('counts live, cached, stale, degraded and checksum answers against the quota', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const live1 = await validate(app, account.live, 'ATU12345675');
    const start = remaining(live1) + 1;
    const cached = await validate(app, account.live, 'ATU12345675');
    expect(cached.body.meta.source_status).toBe('cached');
    expect(remaining(cached)).toBe(start - 2);

    await validate(app, account.live, 'NL123456782B01');
    sim.setBehaviour('vies', { mode: 'down' });
    app.clock.advance((TTL_S + 1) * SECOND);
    const stale = await validate(app, account.live, 'ATU12345675');
    expect(stale.body.meta.source_status).toBe('unavailable');
    expect(remaining(stale)).toBe(start - 4);

    sim.setBehaviour('vies', { mode: 'up' });
    sim.removeCompany('NL123456782B01');
    const degraded = await validate(app, account.live, 'NL123456782B01');
    expect(degraded.body.meta.source_status).toBe('degraded');
    expect(remaining(degraded)).toBe(start - 5);

    const checksum = await validate(app, account.live, 'DE123456789');
    expect(checksum.body.meta.source).toBe('checksum');
    expect(remaining(checksum)).toBe(start - 6);
    expect(await usedUnits(app, account.id)).toBe(6);
  });
});
