import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/accounts/keys.js';
import { periodOf } from '../../src/accounts/quota.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createStores } from '../../src/store/stores.js';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from '../helpers/dialects.js';
import {
  type RequestOptions,
  startTestApp,
  type TestAccount,
  type TestApp,
  type TestResponse,
} from '../helpers/harness.js';
import { startTcpProxy, type TcpProxy, throughProxy } from '../helpers/tcp-proxy.js';
import {
  checksumFailures,
  expectError,
  liechtensteinNumbers,
  OFFLINE_REGISTRIES,
  storedUsage,
} from './support.js';

/**
 * The service's own database failing (wave2 section J, `service_unavailable`): every route that
 * needs it answers 503 with Retry-After in the envelope, never 500 `internal_error`; routes that
 * need no database keep answering; GET /ready says 503 while it lasts; the service recovers by
 * itself; and a 503 charges nothing, so the stored usage is exactly what the 200s were charged.
 */

const HOOK_URL = 'https://hooks.example.test/hook';
const ENV = {
  ...OFFLINE_REGISTRIES,
  TIER_LIMITS: JSON.stringify({ business: { monthly: 1_000_000, burst_per_minute: 1_000_000 } }),
  WEBHOOK_ALLOWED_HOSTS: 'hooks.example.test',
};

/** One kind of request in the mixed load. */
interface Operation {
  name: string;
  /** false: answered from memory (rate tables, a key already known), so it stays 200 throughout. */
  needsDatabase: boolean;
  request(account: TestAccount, round: number): { method: string; path: string; options: RequestOptions };
  /** Validation units a 200 of this request was charged. */
  units(res: TestResponse): number;
}

const SINGLE = checksumFailures(4_000);
const BATCH = liechtensteinNumbers(3_000);

const OPERATIONS: Operation[] = [
  {
    name: 'GET /v1/validate (live)',
    needsDatabase: true,
    request: (account, round) => ({
      method: 'GET',
      path: `/v1/validate?vat_number=${SINGLE[round % SINGLE.length]}`,
      options: { key: account.live },
    }),
    units: () => 1,
  },
  {
    name: 'GET /v1/validate (test)',
    needsDatabase: true,
    request: (account) => ({
      method: 'GET',
      path: '/v1/validate?vat_number=DE123456704',
      options: { key: account.test },
    }),
    units: () => 0,
  },
  {
    name: 'POST /v1/validate/batch',
    needsDatabase: true,
    request: (account, round) => ({
      method: 'POST',
      path: '/v1/validate/batch',
      options: {
        key: account.live,
        body: { vat_numbers: BATCH.slice((round * 3) % 2_997, ((round * 3) % 2_997) + 3) },
      },
    }),
    units: (res) => res.body.data.summary.succeeded,
  },
  {
    name: 'PUT /v1/webhooks/config',
    needsDatabase: true,
    request: (account) => ({
      method: 'PUT',
      path: '/v1/webhooks/config',
      options: { key: account.live, body: { url: HOOK_URL } },
    }),
    units: () => 0,
  },
  {
    name: 'GET /v1/webhooks/config',
    needsDatabase: true,
    request: (account) => ({ method: 'GET', path: '/v1/webhooks/config', options: { key: account.live } }),
    units: () => 0,
  },
  {
    name: 'GET /v1/webhooks/deliveries',
    needsDatabase: true,
    request: (account) => ({
      method: 'GET',
      path: '/v1/webhooks/deliveries',
      options: { key: account.live },
    }),
    units: () => 0,
  },
  {
    name: 'GET /v1/rates/DE',
    needsDatabase: false,
    request: (account) => ({ method: 'GET', path: '/v1/rates/DE', options: { key: account.test } }),
    units: () => 0,
  },
  {
    name: 'GET /v1/rates',
    needsDatabase: false,
    request: (account) => ({ method: 'GET', path: '/v1/rates', options: { key: account.live } }),
    units: () => 0,
  },
];

interface Outcome {
  name: string;
  needsDatabase: boolean;
  startedAt: number;
  endedAt: number;
  res?: TestResponse;
  /** The request got no HTTP answer at all. */
  error?: string;
  units: number;
}

const label = (outcome: Outcome) =>
  `${outcome.name}: ${outcome.res ? `${outcome.res.status} ${outcome.res.text.slice(0, 160)}` : outcome.error}`;

/** A 503 `service_unavailable` in the envelope, with a Retry-After in whole seconds. */
function expectDatabaseUnavailable(res: TestResponse): void {
  expectError(res, 503, 'service_unavailable');
  expect(res.headers.get('retry-after'), res.text).toMatch(/^[1-9]\d*$/);
}

/** The account's stored usage this month and its records, read over `database`. */
async function chargesOf(
  database: Database,
  accountId: string,
  now: number,
): Promise<{ used: number; records: number }> {
  const used = await createStores(database).usage.used(accountId, periodOf(now));
  const row = await database.db
    .selectFrom('validations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('mode', '=', 'live')
    .executeTakeFirstOrThrow();
  return { used, records: Number(row.n) };
}

const suite = POSTGRES_URL ? describe : describe.skip;

suite(`PostgreSQL unreachable under load (a TCP proxy cut for 2 s)${POSTGRES_URL ? '' : ' [TEST_POSTGRES_URL not set]'}`, () => {
  let owner: TestDatabase;
  let proxy: TcpProxy;
  let proxied: Database;
  let app: TestApp;

  beforeAll(async () => {
    // The schema is made and migrated over a direct connection; the app reaches it only through
    // the proxy, so cutting the proxy cuts the app off and nothing else.
    owner = await createTestDatabase({ name: 'postgres' });
    const target = new URL(POSTGRES_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = throughProxy(owner.url, proxy);
    proxied = openDatabase(url, { poolSize: 10 });
    app = await startTestApp({ name: 'postgres' }, { env: ENV, database: { database: proxied, url } });
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close().catch(() => undefined);
    await proxy?.close();
    await owner?.drop();
  });

  /** Charges as the database has them, read over the direct connection (the proxy may be cut). */
  const charges = (accountId: string) => chargesOf(owner.database, accountId, app.clock.now());
  /** The statement that charges an answer (store/postgres/charges.ts): one statement, its own commit. */
  const charge = (chunk: Buffer) => chunk.includes('with reserved as');

  it('gives back a charge whose statement committed but whose reply was lost, once the database answers', async () => {
    const account = await app.account('business');
    const [number, next] = checksumFailures(2, 200_000_000);
    const broken = proxy.breakOn(charge, 'reply');
    const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
    await broken;
    expectDatabaseUnavailable(res);
    // The server committed: a unit taken and a record written for an answer nobody received.
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
    expect(app.services.unsettled.size).toBe(1);

    // While the database is away the charge stays pending...
    proxy.cut();
    try {
      await app.services.unsettled.settle();
      expect(app.services.unsettled.size).toBe(1);
    } finally {
      proxy.restore();
    }
    // ...and once it answers, the record goes and the unit comes back.
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: 0, records: 0 });

    const served = await app.request('GET', `/v1/validate?vat_number=${next}`, { key: account.live });
    expect(served.status, served.text).toBe(200);
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
  });

  it('charges nothing when the charging statement never reached the database', async () => {
    const account = await app.account('business');
    const [number] = checksumFailures(1, 210_000_000);
    const broken = proxy.breakOn(charge, 'request');
    const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
    await broken;
    expectDatabaseUnavailable(res);
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: 0, records: 0 });
  });

  it('answers 503 service_unavailable with Retry-After while cut, never 500, and recovers by itself', async () => {
    const account = await app.account('business');
    // Keys whose first use is during the cut: authentication itself then needs the database.
    const coldKeys: string[] = [];
    for (let i = 0; i < 40; i += 1)
      coldKeys.push((await createKey(app.stores.accounts, account.id, 'test', app.clock.now())).key);
    const hook = await app.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: HOOK_URL },
    });
    expect(hook.status, hook.text).toBe(200);

    const outcomes: Outcome[] = [];
    const readiness: Array<{ startedAt: number; endedAt: number; status: number | string }> = [];
    let stopped = false;
    let sequence = 0;

    async function run(
      name: string,
      needsDatabase: boolean,
      call: () => Promise<TestResponse>,
      units: (res: TestResponse) => number,
    ): Promise<Outcome> {
      const outcome: Outcome = { name, needsDatabase, startedAt: Date.now(), endedAt: 0, units: 0 };
      try {
        outcome.res = await call();
        if (outcome.res.status === 200) outcome.units = units(outcome.res);
      } catch (error) {
        outcome.error = String((error as Error & { cause?: unknown }).cause ?? error);
      }
      outcome.endedAt = Date.now();
      outcomes.push(outcome);
      return outcome;
    }

    const lanes = [0, 1, 2, 3].map(async (lane) => {
      for (let round = lane * 2; !stopped; round += 1) {
        const operation = OPERATIONS[round % OPERATIONS.length];
        sequence += 1;
        const { method, path, options } = operation.request(account, sequence);
        await run(
          operation.name,
          operation.needsDatabase,
          () => app.request(method, path, options),
          operation.units,
        );
        await sleep(5);
      }
    });
    // One client with keys the service has not seen yet: it moves to the next key once one works.
    const coldLane = (async () => {
      let next = 0;
      while (!stopped && next < coldKeys.length) {
        const outcome = await run(
          'GET /v1/rates/DE (key not yet known)',
          true,
          () => app.request('GET', '/v1/rates/DE', { key: coldKeys[next] }),
          () => 0,
        );
        if (outcome.res?.status === 200) next += 1;
        await sleep(40);
      }
    })();
    const watchReady = (async () => {
      while (!stopped) {
        const startedAt = Date.now();
        const status = await app.request('GET', '/ready').then(
          (res) => res.status,
          (error: Error) => error.message,
        );
        readiness.push({ startedAt, endedAt: Date.now(), status });
        await sleep(50);
      }
    })();

    await sleep(600);
    const cutAt = Date.now();
    proxy.cut();
    await sleep(2_000);
    const restoredAt = Date.now();
    proxy.restore();
    while (!readiness.some((probe) => probe.startedAt >= restoredAt && probe.status === 200)) {
      expect(Date.now() - restoredAt, '/ready says 200 again within 5 s').toBeLessThan(5_000);
      await sleep(20);
    }
    const readyAgainAt = readiness.find(
      (probe) => probe.startedAt >= restoredAt && probe.status === 200,
    )!.startedAt;
    await sleep(700);
    stopped = true;
    await Promise.all([...lanes, coldLane, watchReady]);

    // Every request got an answer: a 200, or a 503 service_unavailable in the envelope. Never a 500.
    expect(outcomes.filter((outcome) => outcome.error).map(label)).toEqual([]);
    expect(
      outcomes.filter((outcome) => outcome.res!.status !== 200 && outcome.res!.status !== 503).map(label),
    ).toEqual([]);
    for (const outcome of outcomes.filter((o) => o.res!.status === 503))
      expectDatabaseUnavailable(outcome.res!);

    const before = outcomes.filter((outcome) => outcome.endedAt < cutAt);
    const during = outcomes.filter((outcome) => outcome.startedAt >= cutAt && outcome.endedAt < restoredAt);
    const after = outcomes.filter((outcome) => outcome.startedAt >= readyAgainAt);
    expect(before.filter((outcome) => outcome.res!.status !== 200).map(label)).toEqual([]);
    // While cut: whatever needs the database is refused, the rest is served as usual.
    for (const operation of OPERATIONS) {
      const answers = during.filter((outcome) => outcome.name === operation.name).map((o) => o.res!.status);
      expect(answers.length, operation.name).toBeGreaterThan(0);
      expect(new Set(answers), operation.name).toEqual(new Set([operation.needsDatabase ? 503 : 200]));
    }
    const coldDuring = during.filter((outcome) => outcome.name.includes('not yet known'));
    expect(coldDuring.length).toBeGreaterThan(0);
    expect(coldDuring.every((outcome) => outcome.res!.status === 503)).toBe(true);
    // Answers come promptly: a refused connection fails fast, nothing waits for a timeout.
    expect(Math.max(...outcomes.map((outcome) => outcome.endedAt - outcome.startedAt))).toBeLessThan(2_000);

    // Recovered without a restart: every request after /ready turned 200 succeeded, a key never
    // seen before included.
    expect(after.filter((outcome) => outcome.res!.status !== 200).map(label)).toEqual([]);
    for (const operation of OPERATIONS)
      expect(
        after.some((outcome) => outcome.name === operation.name),
        operation.name,
      ).toBe(true);
    expect(after.some((outcome) => outcome.name.includes('not yet known'))).toBe(true);

    // /ready: 503 throughout the cut, 200 once the database is back and from then on.
    const readyDuring = readiness.filter((probe) => probe.startedAt >= cutAt && probe.endedAt < restoredAt);
    expect(readyDuring.length).toBeGreaterThan(0);
    expect(new Set(readyDuring.map((probe) => probe.status))).toEqual(new Set([503]));
    expect(readiness.filter((probe) => probe.endedAt < cutAt).every((probe) => probe.status === 200)).toBe(
      true,
    );
    expect(
      readiness.filter((probe) => probe.startedAt >= readyAgainAt).every((probe) => probe.status === 200),
    ).toBe(true);

    // Exact quota: what is stored is what the 200s were charged, and each unit has its record. A
    // charge whose COMMIT reply was lost in the cut is given back once the database answers.
    const charged = outcomes.reduce((sum, outcome) => sum + outcome.units, 0);
    expect(charged).toBeGreaterThan(0);
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: charged, records: charged });
  }, 15_000);
});

/**
 * On SQLite the failure that reaches requests is the write lock: moving, deleting or overwriting
 * the file under a running service raises no error at all (the open connection keeps its file
 * descriptors), but another writer holding the lock past busy_timeout (5 s) fails a write with
 * SQLITE_BUSY. better-sqlite3 waits synchronously, so this test spends those 5 s once.
 */
describe('SQLite write lock held by another connection past busy_timeout', () => {
  let created: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    created = await createTestDatabase({ name: 'sqlite' });
    app = await startTestApp({ name: 'sqlite' }, { env: ENV, database: created });
  });
  afterAll(async () => {
    await app?.close();
    await created?.drop();
  });

  it('answers a write 503 service_unavailable (nothing charged), keeps serving reads, and recovers', async () => {
    const account = await app.account('business');
    const [first, second, third] = checksumFailures(3, 300_000_000);
    expect((await app.request('GET', `/v1/validate?vat_number=${first}`, { key: account.live })).status).toBe(
      200,
    );
    expect(
      (await app.request('PUT', '/v1/webhooks/config', { key: account.live, body: { url: HOOK_URL } }))
        .status,
    ).toBe(200);

    // Another connection to the file takes the write lock and keeps it, as a CLI run or a backup
    // tool in another process would.
    const other = new SQLite(created.url.slice('sqlite:'.length));
    other.exec('begin immediate');
    try {
      const refused = await app.request('GET', `/v1/validate?vat_number=${second}`, { key: account.live });
      expectDatabaseUnavailable(refused);
      // Reads do not need the write lock (WAL): they are answered as usual.
      expect((await app.request('GET', '/v1/webhooks/config', { key: account.live })).status).toBe(200);
      expect((await app.request('GET', '/v1/rates/DE', { key: account.test })).status).toBe(200);
      expect((await app.request('GET', '/ready')).status).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }

    const again = await app.request('GET', `/v1/validate?vat_number=${third}`, { key: account.live });
    expect(again.status, again.text).toBe(200);
    expect(await storedUsage(app, account.id)).toBe(2);
  }, 15_000);
});
