import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect, REDIS_URL, type TestDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';
import { expectError, HARNESS_NOW, OFFLINE_REGISTRIES, quotaOf } from './support.js';

/**
 * The burst limit of decisions section 4: per account, a sliding 60 s window, on every
 * authenticated endpoint including rates, X-Burst-* on every authenticated response, 429 with
 * Retry-After in whole seconds. Run on the in-memory limiter and on Redis; the ManualClock moves
 * time, so nothing sleeps.
 */

const FREE_BURST = 20;

describeEachDialect('burst limit', (dialect) => {
  burstSuite(dialect, 'memory');
  if (REDIS_URL) burstSuite(dialect, 'redis');
  else describe.skip('on Redis: TEST_REDIS_URL not set', () => it('runs on Redis', () => undefined));
});

function burstSuite(dialect: TestDialect, limiter: 'memory' | 'redis'): void {
  describe(`on ${limiter}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES, redis: limiter === 'redis' });
    });
    afterEach(() => app.clock.set(HARNESS_NOW));
    afterAll(() => app.close());

    const rates = (key: string) => app.request('GET', '/v1/rates/DE', { key });

    /** `count` requests at the current instant; all must be allowed. */
    async function spend(key: string, count: number): Promise<TestResponse[]> {
      const responses: TestResponse[] = [];
      for (let i = 0; i < count; i += 1) {
        const res = await rates(key);
        expect(res.status, res.text).toBe(200);
        responses.push(res);
      }
      return responses;
    }

    function expectBurstRefusal(res: TestResponse, retryAfter: number): void {
      expectError(res, 429, 'burst_limit_exceeded');
      expect(res.headers.get('retry-after')).toBe(String(retryAfter));
      expect(res.headers.get('x-burst-limit')).toBe(String(FREE_BURST));
      expect(res.headers.get('x-burst-remaining')).toBe('0');
    }

    it('counts X-Burst-Remaining down and refuses the request after the last slot, Retry-After 60', async () => {
      const { test } = await app.account('free');
      const allowed = await spend(test, FREE_BURST);
      expect(allowed.map((res) => Number(res.headers.get('x-burst-remaining')))).toEqual(
        Array.from({ length: FREE_BURST }, (_, i) => FREE_BURST - 1 - i),
      );
      expect(allowed.every((res) => res.headers.get('x-burst-limit') === String(FREE_BURST))).toBe(true);
      expectBurstRefusal(await rates(test), 60);
    });

    it.each([
      ['pro', 60],
      ['business', 120],
    ] as const)('gives %s a burst limit of %i', async (tier, limit) => {
      const { live } = await app.account(tier);
      const res = await rates(live);
      expect(res.headers.get('x-burst-limit')).toBe(String(limit));
      expect(res.headers.get('x-burst-remaining')).toBe(String(limit - 1));
    });

    it('gives Retry-After as whole seconds until the oldest request leaves the window, rounded up', async () => {
      const { test } = await app.account('free');
      await spend(test, 1);
      app.clock.advance(30_500);
      await spend(test, FREE_BURST - 1);
      expectBurstRefusal(await rates(test), 30); // 29.5 s to go
      app.clock.advance(29_000);
      expectBurstRefusal(await rates(test), 1); // 0.5 s to go
    });

    it('frees a slot exactly 60 s after the request that took it, not before', async () => {
      const { test } = await app.account('free');
      await spend(test, 1); // t = 0 s
      app.clock.advance(1_000);
      await spend(test, FREE_BURST - 1); // t = 1 s
      app.clock.advance(58_999); // t = 59.999 s
      expectBurstRefusal(await rates(test), 1);
      app.clock.advance(1); // t = 60 s: the first request leaves the window
      const res = await rates(test);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('x-burst-remaining')).toBe('0');
      expectBurstRefusal(await rates(test), 1);
    });

    it('frees the whole window 60 s after a full burst', async () => {
      const { test } = await app.account('free');
      await spend(test, FREE_BURST);
      app.clock.advance(60_000);
      const again = await spend(test, FREE_BURST);
      expect(again[0].headers.get('x-burst-remaining')).toBe(String(FREE_BURST - 1));
      expectBurstRefusal(await rates(test), 60);
    });

    it('slides: a full burst just before a minute boundary leaves nothing just after it', async () => {
      // A fixed per-minute window would allow 2 × 20 requests between 12:00:50 and 12:01:05.
      const { test } = await app.account('free');
      app.clock.set('2026-11-22T12:00:50.000Z');
      await spend(test, FREE_BURST);
      app.clock.set('2026-11-22T12:01:05.000Z');
      expectBurstRefusal(await rates(test), 45);
      app.clock.set('2026-11-22T12:01:50.000Z');
      expect((await rates(test)).status).toBe(200);
    });

    it('slides: requests spread over the window free their slots one by one', async () => {
      const { test } = await app.account('free');
      await spend(test, 10); // t = 0 s
      app.clock.advance(30_000);
      await spend(test, 10); // t = 30 s
      expectBurstRefusal(await rates(test), 30);
      app.clock.advance(30_000); // t = 60 s: the first ten leave the window
      await spend(test, 10);
      expectBurstRefusal(await rates(test), 30);
    });

    it('does not count refused requests', async () => {
      const { test } = await app.account('free');
      await spend(test, FREE_BURST);
      for (let i = 0; i < 10; i += 1) expect((await rates(test)).status).toBe(429);
      app.clock.advance(60_000);
      const res = await rates(test);
      expect(res.headers.get('x-burst-remaining')).toBe(String(FREE_BURST - 1));
    });

    it('counts every authenticated endpoint and status, both keys of the account sharing one window', async () => {
      const { live, test } = await app.account('free');
      const statuses = [
        (await app.request('GET', '/v1/rates', { key: live })).status,
        (await app.request('GET', '/v1/rates/XX', { key: test })).status,
        (await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: test })).status,
        (await app.request('GET', '/v1/validate?vat_number=LI12345', { key: live })).status,
        (await app.request('GET', '/v1/validate?vat_number=DE12', { key: live })).status,
        (await app.request('GET', '/v1/validate', { key: test })).status,
        (
          await app.request('POST', '/v1/validate/batch', {
            key: test,
            body: { vat_numbers: ['DE123456704'] },
          })
        ).status,
      ];
      expect(statuses).toEqual([200, 404, 200, 200, 422, 400, 403]);
      const res = await rates(live);
      expect(res.headers.get('x-burst-remaining')).toBe(String(FREE_BURST - statuses.length - 1));
    });

    it('lets rate lookups use the burst but not the quota', async () => {
      const { live } = await app.account('free');
      await spend(live, FREE_BURST - 1);
      const validation = await app.request('GET', '/v1/validate?vat_number=LI12345', { key: live });
      expect(validation.status, validation.text).toBe(200);
      expect(quotaOf(validation).remaining).toBe(500 - 1);
      expect(validation.headers.get('x-burst-remaining')).toBe('0');
      expectBurstRefusal(await rates(live), 60);
    });

    it('keeps accounts apart', async () => {
      const busy = await app.account('free');
      const idle = await app.account('free');
      await spend(busy.test, FREE_BURST);
      expectBurstRefusal(await rates(busy.live), 60);
      const res = await rates(idle.test);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-burst-remaining')).toBe(String(FREE_BURST - 1));
    });

    it('does not count unauthenticated requests against anyone', async () => {
      const { test } = await app.account('free');
      for (let i = 0; i < 25; i += 1) expect((await app.request('GET', '/v1/rates/DE')).status).toBe(401);
      expect((await app.request('GET', '/health')).headers.get('x-burst-limit')).toBeNull();
      const res = await rates(test);
      expect(res.headers.get('x-burst-remaining')).toBe(String(FREE_BURST - 1));
    });
  });
}
