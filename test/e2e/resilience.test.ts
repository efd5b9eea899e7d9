/**
 * Registry resilience against the simulator over real HTTP (wave-2 B1, B2, B4): each breaker
 * transition per VIES member state, VIES's availability report opening a breaker, busy answers
 * retried, the per-member-state concurrency limit, per-application rate limits held over two
 * instances (through the database, and through Redis), a queue wait past the budget answered at
 * once, and the status figures of two instances together.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { pollViesStatus } from '../../src/availability/vies-status.js';
import { ManualClock } from '../../src/clock.js';
import { KyselyAvailabilityStore } from '../../src/store/availability.js';
import { describeEachDialect, REDIS_URL, type TestDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { useQuota } from '../http/support.js';
import { checksumValidNumbers, remaining, usedUnits, validate } from './live.js';

const COOLDOWN_MS = 30_000;

/** The most arrivals within any `windowMs` (arrivals in ms, any order). */
function mostInAnyWindow(arrivals: readonly number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i] - sorted[j] >= windowMs) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

interface Pair {
  sim: RegistrySimulator;
  a: TestApp;
  b: TestApp;
  account: TestAccount;
}

/** Two instances over one database, pointed at one simulator. */
function useTwoInstances(
  dialect: TestDialect,
  env: Record<string, string>,
  options: { redis?: boolean } = {},
): Pair {
  const pair = {} as Pair;
  beforeAll(async () => {
    pair.sim = await startSimulator();
    const clock = new ManualClock(Date.parse('2026-11-02T12:00:00.000Z'));
    const settings = {
      ...pair.sim.env(),
      ...env,
      ...(options.redis ? { REDIS_URL: REDIS_URL!, REDIS_COMMAND_TIMEOUT_MS: '5000' } : {}),
    };
    pair.a = await startTestApp(dialect, { env: settings, clock, redis: options.redis });
    pair.b = await startTestApp(dialect, {
      env: settings,
      clock,
      redis: options.redis,
      database: { database: pair.a.database, url: pair.a.databaseUrl },
    });
    pair.account = await pair.a.account('business');
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
    await pair.sim?.close();
  });
  beforeEach(async () => {
    pair.sim.reset();
    await pair.a.database.db.deleteFrom('validation_cache').execute();
  });
  return pair;
}

describeEachDialect('e2e breakers per VIES member state', (dialect) => {
  const pair = useTwoInstances(dialect, {
    CIRCUIT_FAILURE_THRESHOLD: '3',
    CIRCUIT_COOLDOWN_MS: String(COOLDOWN_MS),
    // Each instance reads the shared breakers when a test calls refresh(), not on its own timer.
    AVAILABILITY_REFRESH_MS: '3600000',
  });

  it('opens after consecutive failures, answers at once while open, probes once, and closes or reopens', async () => {
    const { sim, a, account } = pair;
    const clock = a.clock;
    // A cached answer for one German number, older than the TTL: it is served stale while DE is down.
    expect((await validate(a, account.live, 'DE123456704')).status).toBe(200);
    clock.advance(2 * 86_400_000);
    sim.setMemberState('DE', { mode: 'down' });
    const germans = checksumValidNumbers('DE', 9, 200_000_000, 6);
    for (const number of germans.slice(0, 3)) {
      const res = await validate(a, account.live, number);
      expect(res.status, res.text).toBe(503);
    }
    expect(a.gateway.breaker('vies:DE').state).toBe('open');
    sim.resetStats();

    // Open: no call reaches VIES for DE; a 503 at once with Retry-After up to the next probe.
    const started = Date.now();
    const refused = await validate(a, account.live, germans[3]);
    expect(refused.status).toBe(503);
    // "At once": well inside the registry budget even on a busy machine.
    expect(Date.now() - started).toBeLessThan(2000);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(COOLDOWN_MS / 1000);
    const stale = await validate(a, account.live, 'DE123456704');
    expect(stale.status, stale.text).toBe(200);
    expect(stale.body.meta).toMatchObject({ cached: true, stale: true, source_status: 'unavailable' });
    expect(sim.statsOf('vies').calls).toBe(0);

    // Other member states are not affected.
    expect((await validate(a, account.live, 'ATU12345675', { cache: 'false' })).status).toBe(200);
    expect(a.gateway.breaker('vies:AT').state).toBe('closed');

    // Half-open: one probe only, while concurrent requests are answered at once; it fails: open again.
    clock.advance(COOLDOWN_MS);
    expect(a.gateway.breaker('vies:DE').state).toBe('half_open');
    sim.resetStats();
    sim.setBehaviour('vies', { latencyMs: 300 });
    sim.setMemberState('DE', { mode: 'down', times: 1 });
    const probes = await Promise.all(germans.slice(0, 3).map((number) => validate(a, account.live, number)));
    expect(probes.map((res) => res.status)).toEqual([503, 503, 503]);
    expect(sim.statsOf('vies').calls).toBe(1);
    expect(a.gateway.breaker('vies:DE').state).toBe('open');

    // After another cooldown a successful probe closes it.
    clock.advance(COOLDOWN_MS);
    sim.setBehaviour('vies', { latencyMs: 0 });
    const probe = await validate(a, account.live, germans[4]);
    expect(probe.status, probe.text).toBe(200);
    expect(a.gateway.breaker('vies:DE').state).toBe('closed');
  });

  it('while open, charges a stale answer with its record and answers 429 before the 503 when the quota is out', async () => {
    const { sim, a } = pair;
    const account = await a.account('pro');
    const cached = 'ATU12345675';
    expect((await validate(a, account.live, cached)).status).toBe(200);
    a.clock.advance(2 * 86_400_000);
    sim.setMemberState('AT', { mode: 'down' });
    const austrians = checksumValidNumbers('ATU', 8, 30_000_000, 4);
    for (const number of austrians.slice(0, 3))
      expect((await validate(a, account.live, number)).status).toBe(503);
    expect(a.gateway.breaker('vies:AT').state).toBe('open');
    sim.resetStats();

    // Quota left: the stale answer is charged one unit; the 503 charges none and shows the quota.
    const before = await usedUnits(a, account.id);
    const stale = await validate(a, account.live, cached);
    expect(stale.status, stale.text).toBe(200);
    expect(stale.body.meta).toMatchObject({ stale: true, source_status: 'unavailable' });
    expect(await usedUnits(a, account.id)).toBe(before + 1);
    const refused = await validate(a, account.live, austrians[3]);
    expect(refused.status, refused.text).toBe(503);
    expect(remaining(refused)).toBe(remaining(stale));
    expect(await usedUnits(a, account.id)).toBe(before + 1);

    // Quota used up: 429 for both, the check order's 429 before the work (decisions section 4).
    await useQuota(a, account.id, 10_000);
    for (const number of [cached, austrians[3]]) {
      const res = await validate(a, account.live, number);
      expect(res.status, res.text).toBe(429);
      expect(res.body.error.code).toBe('rate_limit_exceeded');
    }
    expect(sim.statsOf('vies').calls).toBe(0);

    // Closed again for the tests after this one.
    a.clock.advance(COOLDOWN_MS);
    sim.reset();
    expect((await validate(a, pair.account.live, austrians[0], { cache: 'false' })).status).toBe(200);
    expect(a.gateway.breaker('vies:AT').state).toBe('closed');
  });

  it('opens a breaker another instance opened, and one VIES reports unavailable', async () => {
    const { sim, a, b, account } = pair;
    sim.setMemberState('FR', { mode: 'down' });
    for (const number of checksumValidNumbers('FR', 11, 10_000_000_000, 3)) {
      expect((await validate(a, account.live, number)).status).toBe(503);
    }
    expect(a.gateway.breaker('vies:FR').state).toBe('open');
    await a.gateway.refresh();
    await b.gateway.refresh();
    expect(b.gateway.breaker('vies:FR').state).toBe('open');

    // VIES's report: IT unavailable (real calls would still work): its breaker opens on both.
    sim.setMemberState('IT', { mode: 'up', availability: 'unavailable' });
    const store = new KyselyAvailabilityStore(a.database);
    const report = await pollViesStatus({
      baseUrl: a.config.registries.vies.url,
      timeoutMs: 2000,
      store,
      clock: a.clock,
    });
    expect(report.countries.get('IT')).toBe('unavailable');
    expect(report.countries.get('DE')).toBe('available');
    await a.gateway.refresh();
    await b.gateway.refresh();
    expect(b.gateway.breaker('vies:IT').state).toBe('open');
    const res = await validate(b, account.live, 'IT00743110157', { cache: 'false' });
    expect(res.status).toBe(503);
    expect(sim.statsOf('vies').callsByNumber.IT00743110157).toBeUndefined();
    const status = await b.request('GET', '/v1/status');
    expect(status.body.data.registries.vies.member_states.IT).toMatchObject({
      state: 'down',
      breaker: 'open',
    });
  });

  it('does not adopt a breaker that a call on any instance answered after it opened', async () => {
    const { sim, a, b, account } = pair;
    sim.setMemberState('FI', { mode: 'down' });
    for (const number of checksumValidNumbers('FI', 8, 20_000_000, 3)) {
      expect((await validate(a, account.live, number)).status).toBe(503);
    }
    expect(a.gateway.breaker('vies:FI').state).toBe('open');

    // Finland is back, and b, which has not read a's breaker yet, gets an answer after a's failures.
    sim.setMemberState('FI', { mode: 'up' });
    a.clock.advance(1000);
    const [back] = checksumValidNumbers('FI', 8, 30_000_000, 1);
    expect((await validate(b, account.live, back)).status).toBe(200);
    await b.gateway.refresh();
    expect(b.gateway.breaker('vies:FI').state).toBe('closed');
    const status = await b.request('GET', '/v1/status');
    expect(status.body.data.registries.vies.member_states.FI).toMatchObject({ breaker: 'closed' });

    // A third instance knows only the shared rows: b's answer there came after a's failure.
    const c = await startTestApp(dialect, {
      env: { ...sim.env(), CIRCUIT_FAILURE_THRESHOLD: '3', AVAILABILITY_REFRESH_MS: '3600000' },
      clock: a.clock,
      database: { database: a.database, url: a.databaseUrl },
    });
    try {
      await c.gateway.refresh();
      expect(c.gateway.breaker('vies:FI').state).toBe('closed');
      const [next] = checksumValidNumbers('FI', 8, 40_000_000, 1);
      expect((await validate(c, account.live, next)).status).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('shows another instance’s answered probe as a closed breaker, and closes its own at the next refresh', async () => {
    const { sim, a, b, account } = pair;
    sim.setMemberState('SE', { mode: 'down' });
    for (const number of checksumValidNumbers('SE', 10, 1_000_000_000, 3, '01'))
      expect((await validate(a, account.live, number)).status).toBe(503);
    await a.gateway.refresh();
    await b.gateway.refresh();
    expect(b.gateway.breaker('vies:SE').state).toBe('open');

    // After the cooldown both are half-open; a's probe is answered and closes a's breaker.
    a.clock.advance(COOLDOWN_MS);
    sim.setMemberState('SE', { mode: 'up' });
    const [probe, next] = checksumValidNumbers('SE', 10, 2_000_000_000, 2, '01');
    expect((await validate(a, account.live, probe)).status).toBe(200);
    expect(a.gateway.breaker('vies:SE').state).toBe('closed');
    expect(b.gateway.breaker('vies:SE').state).toBe('half_open');

    // b's status reads the shared row at its next computation: closed, though b has had no traffic.
    await b.services.status.compute();
    const status = await b.request('GET', '/v1/status');
    expect(status.body.data.registries.vies.member_states.SE).toMatchObject({ breaker: 'closed' });

    // b's next refresh closes its own breaker: its next call is an ordinary one, not a probe.
    await b.gateway.refresh();
    expect(b.gateway.breaker('vies:SE').state).toBe('closed');
    sim.resetStats();
    const answers = await Promise.all(
      [next, probe].map((number) => validate(b, account.live, number, { cache: 'false' })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(sim.statsOf('vies').calls).toBe(2);
  });

  it('retries busy answers within the budget, and holds each member state to 4 calls at once', async () => {
    const { sim, a, account } = pair;
    sim.setMemberState('NL', { mode: 'busy', times: 2 });
    const res = await validate(a, account.live, 'NL123456782B01', { cache: 'false' });
    expect(res.status, res.text).toBe(200);
    expect(sim.statsOf('vies').calls).toBe(3);

    sim.resetStats();
    sim.setMemberState('DK', { mode: 'slow', latencyMs: 150 });
    const danes = checksumValidNumbers('DK', 8, 20_000_000, 12);
    const answers = await Promise.all(danes.map((number) => validate(a, account.live, number)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(sim.statsOf('vies').maxInFlightByCountry.DK).toBe(4);
  });
});

describeEachDialect('e2e registry rate limits over two instances', (dialect) => {
  const pair = useTwoInstances(dialect, {
    REGISTRY_BUDGET_MS: '2500',
    UID_RATE_LIMIT: '3/2s',
  });

  it('sends HMRC no more than 3 calls in any second with 50 concurrent requests, the rest refused at once', async () => {
    const { sim, a, b, account } = pair;
    const numbers = checksumValidNumbers('GB', 9, 300_000_000, 50);
    const started = Date.now();
    const answers = await Promise.all(
      numbers.map((number, i) => validate(i % 2 === 0 ? a : b, account.live, `GB${number.slice(2)}`)),
    );
    const arrivals = sim.statsOf('hmrc').arrivals;
    expect(mostInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(3);
    const answered = answers.filter((res) => res.status === 200).length;
    expect(answered).toBe(arrivals.length);
    for (const res of answers) expect([200, 503], res.text).toContain(res.status);
    expect(answered).toBeGreaterThanOrEqual(6);
    // Nobody waited far past the budget: 50 calls queued at 3 a second would take 17 s. The margin
    // over the budget is for a busy machine, not for the service.
    expect(Date.now() - started).toBeLessThan(2500 + 5000);
    const refused = answers.find((res) => res.status === 503)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('holds the Swiss register to its limit across both instances', async () => {
    const { sim, a, b, account } = pair;
    const numbers = ['CHE100000006MWST', 'CHE100000012MWST', 'CHE100000029MWST', 'CHE100000058MWST'];
    const answers = await Promise.all(
      [...numbers, ...numbers].map((number, i) =>
        validate(i % 2 === 0 ? a : b, account.live, number, { cache: 'false' }),
      ),
    );
    for (const res of answers) expect([200, 503], res.text).toContain(res.status);
    expect(mostInAnyWindow(sim.statsOf('uid').arrivals, 2000)).toBeLessThanOrEqual(3);
  });
});

if (REDIS_URL) {
  describeEachDialect('e2e registry rate limits through Redis', (dialect) => {
    const pair = useTwoInstances(dialect, { REGISTRY_BUDGET_MS: '2500' }, { redis: true });

    it('sends HMRC no more than 3 calls in any second with 50 concurrent requests', async () => {
      const { sim, a, b, account } = pair;
      const numbers = checksumValidNumbers('GB', 9, 400_000_000, 50);
      const answers = await Promise.all(
        numbers.map((number, i) => validate(i % 2 === 0 ? a : b, account.live, number)),
      );
      expect(mostInAnyWindow(sim.statsOf('hmrc').arrivals, 1000)).toBeLessThanOrEqual(3);
      expect(answers.filter((res) => res.status === 200).length).toBe(sim.statsOf('hmrc').arrivals.length);
    });
  });
}

describeEachDialect('e2e registry status over two instances', (dialect) => {
  const pair = useTwoInstances(dialect, { CIRCUIT_FAILURE_THRESHOLD: '10' });

  it('sums both instances in GET /v1/status, /status and /metrics, without a key', async () => {
    const { sim, a, b, account } = pair;
    // A: three answered Austrian calls; B: one answered and one failed Austrian call, two HMRC answers.
    for (let i = 0; i < 3; i += 1) await validate(a, account.live, 'ATU12345675', { cache: 'false' });
    await validate(b, account.live, 'ATU12345675', { cache: 'false' });
    sim.setMemberState('AT', { mode: 'down', times: 1 });
    expect((await validate(b, account.live, 'ATU12345675', { cache: 'false' })).status).toBe(200); // stale
    await validate(b, account.live, 'GB123456727', { cache: 'false' });
    await validate(b, account.live, 'GB123456727', { cache: 'false' });
    await a.gateway.refresh();
    await b.gateway.refresh();
    await a.services.status.compute();

    const res = await a.request('GET', '/v1/status');
    expect(res.status, res.text).toBe(200);
    const { vies, hmrc, uid } = res.body.data.registries;
    expect(vies.member_states.AT).toMatchObject({
      availability_24h: 80,
      breaker: 'closed',
      state: 'degraded',
    });
    expect(vies.member_states.AT.latency_ms_24h.p50).toBeGreaterThan(0);
    expect(vies.member_states.AT.last_failure_at).toMatch(/Z$/);
    expect(vies.member_states.DE).toMatchObject({ availability_24h: null, state: 'operational' });
    expect(Object.keys(vies.member_states)).toHaveLength(28);
    expect(vies.availability_24h).toBe(80);
    expect(hmrc).toMatchObject({ availability_24h: 100, state: 'operational', breaker: 'closed' });
    expect(uid.availability_24h).toBeNull();
    expect(res.body.meta.request_id).toBeTruthy();

    const page = await b.request('GET', '/status');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('<td>AT</td>');

    const metrics = await a.request('GET', '/metrics');
    expect(metrics.text).toContain('registry_availability_24h_percent{registry="vies",member_state="AT"} 80');
    expect(metrics.text).toContain('registry_state{registry="hmrc",member_state=""} 0');

    // Unknown query parameters are refused like everywhere (422), never a 500.
    expect((await a.request('GET', '/v1/status?x=1')).status).toBe(422);
  });

  it('limits the public status to 60 requests a minute per address', async () => {
    const { b } = pair;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await b.request('GET', '/v1/status')).status);
    expect(statuses.slice(0, 55).every((status) => status === 200)).toBe(true);
    const last = await b.request('GET', '/v1/status');
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('burst_limit_exceeded');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
