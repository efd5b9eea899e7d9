import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { periodOf } from '../../src/accounts/quota.js';
import { runCli } from '../../src/cli.js';
import { createStores } from '../../src/store/stores.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp } from '../helpers/harness.js';

/**
 * `vat-service usage --account ID [--month YYYY-MM]`: the figures come from the usage counters the
 * quota charges (store/usage.ts) and the tier limits of the configuration, on each engine.
 */

interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

describeEachDialect('vat-service usage', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  async function cli(argv: string[], env: Record<string, string> = {}): Promise<CliResult> {
    const result: CliResult = { code: -1, out: [], err: [] };
    result.code = await runCli(
      argv,
      { DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...env },
      { out: (line) => result.out.push(line), err: (line) => result.err.push(line) },
    );
    return result;
  }

  async function json(argv: string[], env: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const result = await cli([...argv, '--json'], env);
    expect(result.err, argv.join(' ')).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    return JSON.parse(result.out[0]);
  }

  async function newAccount(tier: string): Promise<string> {
    return (await json(['accounts', 'create', '--name', `Usage ${tier}`, '--tier', tier])).id as string;
  }

  /** Charges `units` to the account's month through the quota's own counter (RESERVE). */
  async function charge(accountId: string, period: string, units: number): Promise<void> {
    const result = await createStores(database.database).usage.reserve({
      accountId,
      period,
      units,
      limit: 1_000_000,
    });
    expect(result.ok).toBe(true);
  }

  it("prints this month's tier, limit, used, remaining and reset time", async () => {
    const id = await newAccount('pro');
    const now = new Date();
    const period = periodOf(now.getTime());
    await charge(id, period, 7);
    const resetAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect(await json(['usage', '--account', id])).toEqual({
      account_id: id,
      tier: 'pro',
      month: period,
      limit: 10_000,
      used: 7,
      remaining: 9_993,
      reset_at: resetAt,
      resets_at: resetAt,
      daily: Array.from({ length: now.getUTCDate() }, (_, index) => ({
        date: `${period}-${String(index + 1).padStart(2, '0')}`,
        validations: 0,
      })),
      by_source: {
        vies: 0,
        hmrc: 0,
        uid: 0,
        brreg: 0,
        abr: 0,
        kas: 0,
        ares: 0,
        anaf: 0,
        bzst: 0,
        checksum: 0,
        format: 0,
        test: 0,
      },
      monitors: { used: 0, limit: 1_000 },
    });
  });

  it('reads another month with --month, which resets at the first instant of the next', async () => {
    const id = await newAccount('business');
    await charge(id, '2025-12', 120);
    await charge(id, '2026-01', 3);
    expect(await json(['usage', '--account', id, '--month', '2025-12'])).toMatchObject({
      month: '2025-12',
      limit: 50_000,
      used: 120,
      remaining: 49_880,
      resets_at: '2026-01-01T00:00:00.000Z',
    });
    expect(await json(['usage', '--account', id, '--month', '2026-02'])).toMatchObject({
      month: '2026-02',
      used: 0,
      remaining: 50_000,
    });
  });

  it('prints one labelled line per figure without --json', async () => {
    const id = await newAccount('free');
    await charge(id, '2026-03', 12);
    const result = await cli(['usage', '--account', id, '--month', '2026-03']);
    expect(result.code).toBe(0);
    expect(result.err).toEqual([]);
    expect(result.out.join('\n').split('\n')).toEqual([
      `account    ${id}`,
      'tier       free',
      'month      2026-03',
      'limit      500',
      'used       12',
      'remaining  488',
      'resets at  2026-04-01T00:00:00.000Z',
      'answered   none',
      'monitors   0 of 0',
    ]);
  });

  it('uses the configured tier limits (TIER_LIMITS) and the current tier', async () => {
    const id = await newAccount('pro');
    await charge(id, '2026-04', 40);
    const env = { TIER_LIMITS: '{"free":{"monthly":25}}' };
    expect(await json(['usage', '--account', id, '--month', '2026-04'], env)).toMatchObject({
      limit: 10_000,
    });
    await json(['accounts', 'set-tier', id, 'free']);
    // Used beyond the new, lower limit: nothing remains (never a negative figure).
    expect(await json(['usage', '--account', id, '--month', '2026-04'], env)).toMatchObject({
      tier: 'free',
      limit: 25,
      used: 40,
      remaining: 0,
    });
  });

  it('refuses a malformed --month', async () => {
    const id = await newAccount('pro');
    for (const month of ['2026-13', '2026-1', '26-01', '0001-01', '1969-12', 'next']) {
      const result = await cli(['usage', '--account', id, '--month', month]);
      expect(result.code, month).toBe(2);
      expect(result.err.join('\n')).toContain('--month must be YYYY-MM');
    }
  });

  it('exits 1 for an unknown account', async () => {
    const result = await cli(['usage', '--account', 'acc_missing']);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain('No account acc_missing.');
    const quiet = await cli(['usage', '--account', 'acc_missing', '--json']);
    expect(quiet.code).toBe(1);
    expect(JSON.parse(quiet.err[0])).toEqual({ error: 'No account acc_missing.' });
  });

  describe('after validations through the API', () => {
    let sim: RegistrySimulator;
    beforeAll(async () => {
      sim = await startSimulator();
    });
    afterAll(() => sim.close());

    it('counts what the API charged: live answers, not test keys', async () => {
      // The harness clock stands at 2026-11-22, so the API charges the 2026-11 counter.
      const app = await startTestApp(dialect, {
        database: { database: database.database, url: database.url },
        env: sim.env(),
      });
      try {
        const account = await app.account('pro');
        for (const number of ['DE123456704', 'DE113866163']) {
          const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
          expect(res.status, res.text).toBe(200);
        }
        const test = await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: account.test });
        expect(test.status).toBe(200);
        const report = await json(['usage', '--account', account.id, '--month', '2026-11']);
        expect(report).toMatchObject({
          tier: 'pro',
          month: '2026-11',
          limit: 10_000,
          used: 2,
          remaining: 9_998,
        });
        const last = await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: account.live });
        // The API's own quota headers agree with the command.
        expect(last.headers.get('x-ratelimit-remaining')).toBe('9997');
        const after = await json(['usage', '--account', account.id, '--month', '2026-11']);
        expect(after).toMatchObject({
          used: 3,
          remaining: 9_997,
          resets_at: last.headers.get('x-ratelimit-reset'),
        });
        // The same figures as GET /v1/usage with the account's live key, both as of now ("up to
        // today" for the daily figures; the records were made at the harness time, 2026-11-22).
        app.clock.set(Date.now());
        const api = await app.request('GET', '/v1/usage?month=2026-11', { key: account.live });
        expect(api.status, api.text).toBe(200);
        const { account_id, resets_at, ...figures } = await json([
          'usage',
          '--account',
          account.id,
          '--month',
          '2026-11',
        ]);
        expect(account_id).toBe(account.id);
        expect(resets_at).toBe(figures.reset_at);
        expect(figures).toEqual(api.body.data);
        expect(api.body.data.by_source).toMatchObject({ vies: 3 });
        expect(api.body.data.daily[21]).toEqual({ date: '2026-11-22', validations: 3 });
      } finally {
        await app.close();
      }
    });
  });
});
