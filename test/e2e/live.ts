/**
 * Shared set-up of the end-to-end suites: the real app (live keys, over HTTP) pointed at the registry
 * simulator, one of each per describe block. Every test starts from the seeded simulator with zeroed
 * counters and an empty validation cache, so tests can share one app without sharing answers.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import type { SimCompany } from '../../simulator/types.js';
import { ManualClock } from '../../src/clock.js';
import { checkVatNumber } from '../../src/numbers/index.js';
import type { TestDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';

export interface LiveSuite {
  app: TestApp;
  sim: RegistrySimulator;
}

/**
 * Registers beforeAll/afterAll/beforeEach hooks in the calling describe block and returns a handle
 * whose `app` and `sim` are set once beforeAll has run.
 */
export function useLiveApp(dialect: TestDialect, env: Record<string, string> = {}): LiveSuite {
  const suite = {} as LiveSuite;
  beforeAll(async () => {
    suite.sim = await startSimulator();
    // Early in a month, so tests moving the clock by days never cross into the next quota period.
    const clock = new ManualClock(Date.parse('2026-11-02T12:00:00.000Z'));
    // The registries' own rate limits are tested in resilience.test.ts; here they would make one
    // test's lookups wait on the slots an earlier test took.
    const limits = { HMRC_RATE_LIMIT: 'none', UID_RATE_LIMIT: 'none' };
    suite.app = await startTestApp(dialect, { env: { ...suite.sim.env(), ...limits, ...env }, clock });
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.sim?.close();
  });
  beforeEach(async () => {
    suite.sim.reset();
    await suite.app.database.db.deleteFrom('validation_cache').execute();
  });
  return suite;
}

/** GET /v1/validate with a key; `query` adds further parameters (`cache`, `requester_vat_number`). */
export function validate(
  app: TestApp,
  key: string,
  vatNumber: string,
  query: Record<string, string> = {},
): Promise<TestResponse> {
  const params = new URLSearchParams({ vat_number: vatNumber, ...query });
  return app.request('GET', `/v1/validate?${params}`, { key });
}

/** POST /v1/validate/batch. */
export function validateBatch(
  app: TestApp,
  key: string,
  vatNumbers: string[],
  extra: Record<string, unknown> = {},
): Promise<TestResponse> {
  return app.request('POST', '/v1/validate/batch', { key, body: { vat_numbers: vatNumbers, ...extra } });
}

/** X-RateLimit-Remaining of a response, as a number (fails loudly when absent). */
export function remaining(res: TestResponse): number {
  const value = res.headers.get('x-ratelimit-remaining');
  if (value === null) throw new Error(`no X-RateLimit-Remaining on a ${res.status}: ${res.text}`);
  return Number(value);
}

/** Units the account has used this month, straight from the usage table. */
export async function usedUnits(app: TestApp, accountId: string): Promise<number> {
  const rows = await app.database.db
    .selectFrom('usage')
    .select('used')
    .where('account_id', '=', accountId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.used), 0);
}

/** Validation records of one account, oldest first. */
export async function recordsOf(app: TestApp, accountId: string) {
  const rows = await app.database.db
    .selectFrom('validations')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();
  return rows.sort((a, b) => Number(a.created_at) - Number(b.created_at));
}

/** The cached row for a number (or undefined). */
export function cacheRow(app: TestApp, vatNumber: string) {
  return app.database.db
    .selectFrom('validation_cache')
    .selectAll()
    .where('vat_number', '=', vatNumber)
    .executeTakeFirst();
}

/**
 * `count` numbers `${prefix}${digits}` whose check digits pass, trying consecutive candidates from
 * `start` (the national part is `digits` zero-padded to `width`, then `suffix`).
 */
export function checksumValidNumbers(
  prefix: string,
  width: number,
  start: number,
  count: number,
  suffix = '',
): string[] {
  const found: string[] = [];
  for (let candidate = start; found.length < count; candidate++) {
    if (candidate - start > 100_000) throw new Error(`no ${count} valid ${prefix} numbers from ${start}`);
    const input = `${prefix}${String(candidate).padStart(width, '0')}${suffix}`;
    const result = checkVatNumber(input);
    if (result.kind === 'checked' && result.checksumValid) found.push(result.number.vatNumber);
  }
  return found;
}

/** A registered company for the simulator, with a name and address derived from its number. */
export function simCompany(vatNumber: string): SimCompany {
  return {
    vatNumber,
    name: `Company ${vatNumber}`,
    addressLines: [`Street ${vatNumber.slice(-3)}`, '10115 Berlin'],
    vatRegistered: true,
  };
}

/** What simCompany's address becomes on the wire: one line, joined with ", ". */
export function simAddress(vatNumber: string): string {
  return `Street ${vatNumber.slice(-3)}, 10115 Berlin`;
}
