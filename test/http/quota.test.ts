import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';
import {
  checksumFailures,
  expectError,
  HARNESS_NOW,
  HARNESS_RESET,
  liechtensteinNumbers,
  OFFLINE_REGISTRIES,
  quotaOf,
  storedUsage,
  useQuota,
} from './support.js';

/**
 * The monthly quota of decisions section 4: a calendar month in UTC, overridable per tier with
 * TIER_LIMITS, counting only answered live validations, and atomic: N requests racing for the last
 * M units give exactly M answers, on both engines.
 */

const FREE_MONTHLY = 3;
/** Scale gets room for the race: 200 requests at once must not meet the burst limit first. */
const SCALE_MONTHLY = 1_000;
const TIER_LIMITS = JSON.stringify({
  free: { monthly: FREE_MONTHLY },
  scale: { monthly: SCALE_MONTHLY, burst_per_minute: 1_000 },
});

describeEachDialect('monthly quota', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { ...OFFLINE_REGISTRIES, TIER_LIMITS } });
  });
  afterEach(() => app.clock.set(HARNESS_NOW));
  afterAll(() => app.close());

  const validate = (key: string, number: string) =>
    app.request('GET', `/v1/validate?vat_number=${encodeURIComponent(number)}`, { key });

  describe('exhaustion', () => {
    it('counts down X-RateLimit-Remaining and then refuses with 429 and Retry-After until the reset', async () => {
      const { id, live } = await app.account('free');
      const numbers = checksumFailures(4);
      const remaining: number[] = [];
      for (const number of numbers.slice(0, 3)) {
        const res = await validate(live, number);
        expect(res.status, res.text).toBe(200);
        remaining.push(quotaOf(res).remaining);
      }
      expect(remaining).toEqual([2, 1, 0]);

      const refused = await validate(live, numbers[3]);
      expectError(refused, 429, 'rate_limit_exceeded');
      expect(quotaOf(refused)).toEqual({ limit: FREE_MONTHLY, remaining: 0, reset: HARNESS_RESET });
      const secondsToReset = (Date.parse(HARNESS_RESET) - Date.parse(HARNESS_NOW)) / 1000;
      expect(refused.headers.get('retry-after')).toBe(String(secondsToReset));
      expect(await storedUsage(app, id)).toBe(FREE_MONTHLY);
    });

    it('keeps refusing, and counts no refusal', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY);
      for (let i = 0; i < 5; i += 1) expectError(await validate(live, 'LI12345'), 429, 'rate_limit_exceeded');
      expect(await storedUsage(app, id)).toBe(FREE_MONTHLY);
    });

    it('applies TIER_LIMITS only to the tiers it names: the others keep their defaults', async () => {
      const limits: Record<string, [number, number]> = {};
      for (const tier of ['free', 'pro', 'business', 'scale'] as const) {
        const { live } = await app.account(tier);
        const res = await validate(live, 'LI12345');
        limits[tier] = [quotaOf(res).limit, Number(res.headers.get('x-burst-limit'))];
      }
      expect(limits).toEqual({
        free: [FREE_MONTHLY, 20],
        pro: [10_000, 60],
        business: [50_000, 120],
        scale: [SCALE_MONTHLY, 1_000],
      });
    });

    it('works up to the largest monthly limit TIER_LIMITS accepts (2^31 - 1)', async () => {
      const largest = 2_147_483_647;
      const big = await startTestApp(dialect, {
        env: { ...OFFLINE_REGISTRIES, TIER_LIMITS: JSON.stringify({ business: { monthly: largest } }) },
        database: { database: app.database, url: app.databaseUrl },
      });
      try {
        const { live } = await big.account('business');
        const res = await big.request('GET', '/v1/validate?vat_number=LI12345', { key: live });
        expect(res.status, res.text).toBe(200);
        expect(quotaOf(res).limit).toBe(largest);
        expect(quotaOf(res).remaining).toBe(largest - 1);
      } finally {
        await big.close();
      }
    });

    it('keeps quotas apart per account', async () => {
      const first = await app.account('free');
      const second = await app.account('free');
      await useQuota(app, first.id, FREE_MONTHLY);
      expectError(await validate(first.live, 'LI12345'), 429, 'rate_limit_exceeded');
      const res = await validate(second.live, 'LI12345');
      expect(res.status, res.text).toBe(200);
      expect(quotaOf(res).remaining).toBe(FREE_MONTHLY - 1);
    });
  });

  describe('month rollover', () => {
    it('resets at the first instant of the next month, UTC', async () => {
      const { live } = await app.account('free');
      app.clock.set('2026-11-30T23:59:59Z');
      for (const number of checksumFailures(3)) expect((await validate(live, number)).status).toBe(200);

      const refused = await validate(live, 'LI12345');
      expectError(refused, 429, 'rate_limit_exceeded');
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get('x-ratelimit-reset')).toBe('2026-12-01T00:00:00.000Z');

      app.clock.set('2026-12-01T00:00:00Z');
      const next = await validate(live, 'LI12345');
      expect(next.status, next.text).toBe(200);
      expect(quotaOf(next)).toEqual({
        limit: FREE_MONTHLY,
        remaining: FREE_MONTHLY - 1,
        reset: '2027-01-01T00:00:00.000Z',
      });
    });

    it('rolls over the year too', async () => {
      const { id, live } = await app.account('free');
      app.clock.set('2026-12-31T23:59:59.999Z');
      await useQuota(app, id, FREE_MONTHLY);
      expectError(await validate(live, 'LI12345'), 429, 'rate_limit_exceeded');
      app.clock.set('2027-01-01T00:00:00.000Z');
      const next = await validate(live, 'LI12345');
      expect(next.status, next.text).toBe(200);
      expect(quotaOf(next)).toEqual({
        limit: FREE_MONTHLY,
        remaining: FREE_MONTHLY - 1,
        reset: '2027-02-01T00:00:00.000Z',
      });
    });

    it('leaves the previous month usage where it was', async () => {
      const { id, live } = await app.account('free');
      await validate(live, 'LI12345');
      app.clock.set('2026-12-15T00:00:00Z');
      await validate(live, 'LI12345');
      await validate(live, 'LI12346');
      expect(await storedUsage(app, id)).toBe(2);
      app.clock.set(HARNESS_NOW);
      expect(await storedUsage(app, id)).toBe(1);
    });
  });

  describe('what counts', () => {
    it('counts nothing for a test key, even with the live quota used up', async () => {
      const { id, live, test } = await app.account('free');
      for (let i = 0; i < 5; i += 1) {
        const res = await validate(test, 'DE123456704');
        expect(res.status, res.text).toBe(200);
        expect(quotaOf(res).remaining).toBe(FREE_MONTHLY);
      }
      expect(await storedUsage(app, id)).toBe(0);
      await useQuota(app, id, FREE_MONTHLY);
      const res = await validate(test, 'DE123456705');
      expect(res.status, res.text).toBe(200);
      expect(quotaOf(res).remaining).toBe(0);
      expectError(await validate(live, 'DE123456705'), 429, 'rate_limit_exceeded');
    });

    it('counts no 503: an unreachable registry gives the unit back', async () => {
      const { id, live } = await app.account('free');
      const down = await validate(live, 'DE136695976');
      expectError(down, 503, 'upstream_unavailable');
      expect(down.headers.get('retry-after')).toBe('30');
      expect(quotaOf(down).remaining).toBe(FREE_MONTHLY);
      expect(await storedUsage(app, id)).toBe(0);
    });

    it('lets the last unit survive a 503 for the next request', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY - 1);
      expectError(await validate(live, 'DE136695976'), 503, 'upstream_unavailable');
      const next = await validate(live, 'LI12345');
      expect(next.status, next.text).toBe(200);
      expect(quotaOf(next).remaining).toBe(0);
    });

    it('counts no 4xx', async () => {
      const { id, live } = await app.account('free');
      await validate(live, 'DE12');
      await validate(live, '');
      await app.request('GET', '/v1/validate?vat_number=LI12345&cache=maybe', { key: live });
      await app.request('GET', '/v1/validate?vat_number=LI12345&requester_vat_number=XX', { key: live });
      expect(await storedUsage(app, id)).toBe(0);
    });

    it('does not count rate lookups, which carry no quota headers', async () => {
      const { id, live } = await app.account('free');
      for (const path of ['/v1/rates', '/v1/rates/DE', '/v1/rates/EL?date=2025-01-01']) {
        const res = await app.request('GET', path, { key: live });
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
      }
      expect(await storedUsage(app, id)).toBe(0);
    });

    it('serves rates with the quota used up', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY);
      expect((await app.request('GET', '/v1/rates/FR', { key: live })).status).toBe(200);
    });

    it('records one validation per counted unit', async () => {
      const { id, live } = await app.account('free');
      await validate(live, 'LI12345');
      await validate(live, 'DE123456705');
      await validate(live, 'DE12');
      await validate(live, 'DE136695976');
      expect(await recordedValidations(app, id)).toBe(await storedUsage(app, id));
      expect(await storedUsage(app, id)).toBe(2);
    });
  });

  describe('exactness under concurrency', () => {
    const numbers = [...checksumFailures(100), ...liechtensteinNumbers(100)];

    /** Fires every request at once and tallies the statuses. */
    async function race(target: TestApp, key: string): Promise<Record<number, number>> {
      const responses: TestResponse[] = await Promise.all(
        numbers.map((number) => target.request('GET', `/v1/validate?vat_number=${number}`, { key })),
      );
      const tally: Record<number, number> = {};
      for (const res of responses) tally[res.status] = (tally[res.status] ?? 0) + 1;
      for (const res of responses.filter((r) => r.status === 429))
        expect(res.body.error.code).toBe('rate_limit_exceeded');
      return tally;
    }

    it('gives exactly 50 answers and 150 × 429 to 200 concurrent requests for the last 50 units', async () => {
      const { id, live } = await app.account('scale');
      await useQuota(app, id, SCALE_MONTHLY - 50);
      expect(await race(app, live)).toEqual({ 200: 50, 429: 150 });
      expect(await storedUsage(app, id)).toBe(SCALE_MONTHLY);
      expect(await recordedValidations(app, id)).toBe(50);
    });

    it('gives exactly 50 answers when the race itself creates the month usage row', async () => {
      // A second instance on the same database whose Pro tier has 50 units a month.
      const fifty = await startTestApp(dialect, {
        env: {
          ...OFFLINE_REGISTRIES,
          TIER_LIMITS: JSON.stringify({ pro: { monthly: 50, burst_per_minute: 1_000 } }),
        },
        database: { database: app.database, url: app.databaseUrl },
      });
      try {
        const { id, live } = await fifty.account('pro');
        expect(await storedUsage(fifty, id)).toBe(0);
        expect(await race(fifty, live)).toEqual({ 200: 50, 429: 150 });
        expect(await storedUsage(fifty, id)).toBe(50);
        expect(await recordedValidations(fifty, id)).toBe(50);
      } finally {
        await fifty.close();
      }
    });
  });
});

async function recordedValidations(app: TestApp, accountId: string): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from validations where account_id = ${accountId}`.execute(app.database.db);
  return Number(rows[0].n);
}
