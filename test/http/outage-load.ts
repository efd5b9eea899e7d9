import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { periodOf } from '../../src/accounts/quota.js';
import { loadConfig } from '../../src/config.js';
import { openConfiguredDatabase } from '../../src/main.js';
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
import { checksumFailures, expectError, liechtensteinNumbers, OFFLINE_REGISTRIES } from './support.js';

/**
 * A mixed load of requests for the database outage suites, recorded with their timings, and the
 * expectations they share. Not a test file: vitest only collects `*.test.ts`.
 */

export const HOOK_URL = 'https://hooks.example.test/hook';

/** No registry, no burst limit in the way, HOOK_URL accepted. */
export const OUTAGE_ENV = {
  ...OFFLINE_REGISTRIES,
  TIER_LIMITS: JSON.stringify({ business: { monthly: 1_000_000, burst_per_minute: 1_000_000 } }),
  WEBHOOK_ALLOWED_HOSTS: 'hooks.example.test',
};

/** The app over PostgreSQL through a TCP proxy, and the database as the test reaches it directly. */
export interface ProxiedApp {
  /** The app's schema over a direct connection: made, migrated and read past the proxy. */
  owner: TestDatabase;
  proxy: TcpProxy;
  app: TestApp;
  /** The account's charges as the database has them (read directly: the proxy may be down). */
  charges(accountId: string): Promise<{ used: number; records: number }>;
  close(): Promise<void>;
}

/**
 * An app on a PostgreSQL schema of its own which it reaches only through a TCP proxy, so failing
 * the proxy cuts the app off and nothing else. `statementTimeoutMs` is passed to both the
 * database and the app's settings.
 */
export async function startProxiedApp(
  options: { statementTimeoutMs?: number; worker?: boolean } = {},
): Promise<ProxiedApp> {
  const owner = await createTestDatabase({ name: 'postgres' });
  const target = new URL(POSTGRES_URL!);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = throughProxy(owner.url, proxy);
  const { statementTimeoutMs } = options;
  const env = statementTimeoutMs
    ? { ...OUTAGE_ENV, DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs) }
    : OUTAGE_ENV;
  // Opened as `serve` opens it, from the settings, when a statement timeout is asked for.
  const proxied = statementTimeoutMs
    ? openConfiguredDatabase(loadConfig({ ...env, DATABASE_URL: url }))
    : openDatabase(url, { poolSize: 10 });
  const app = await startTestApp(
    { name: 'postgres' },
    { env, database: { database: proxied, url }, worker: options.worker },
  );
  return {
    owner,
    proxy,
    app,
    charges: (accountId) => chargesOf(owner.database, accountId, app.clock.now()),
    async close() {
      proxy.restore();
      await app.close();
      await proxied.close().catch(() => undefined);
      await proxy.close();
      await owner.drop();
    },
  };
}

/** The statement that charges an answer (store/postgres/charges.ts): one statement, its own commit. */
export const isChargeStatement = (chunk: Buffer) => chunk.includes('with reserved as');

/** One kind of request in the mixed load. */
export interface Operation {
  name: string;
  /** false: answered from memory (rate tables, a key already known), so it stays 200 throughout. */
  needsDatabase: boolean;
  request(account: TestAccount, round: number): { method: string; path: string; options: RequestOptions };
  /** Validation units a 200 of this request was charged. */
  units(res: TestResponse): number;
}

const SINGLE = checksumFailures(4_000);
const BATCH = liechtensteinNumbers(3_000);

export const OPERATIONS: Operation[] = [
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

export interface Outcome {
  name: string;
  needsDatabase: boolean;
  startedAt: number;
  endedAt: number;
  res?: TestResponse;
  /** The request got no HTTP answer at all. */
  error?: string;
  units: number;
}

export const label = (outcome: Outcome) =>
  `${outcome.name}: ${outcome.res ? `${outcome.res.status} ${outcome.res.text.slice(0, 160)}` : outcome.error}`;

/** A 503 `service_unavailable` in the envelope, with a Retry-After in whole seconds. */
export function expectDatabaseUnavailable(res: TestResponse): void {
  expectError(res, 503, 'service_unavailable');
  expect(res.headers.get('retry-after'), res.text).toMatch(/^[1-9]\d*$/);
}

/** The account's stored usage this month and its records, read over `database`. */
export async function chargesOf(
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

/** Requests sent and answered, each recorded as an Outcome. */
export class OutcomeLog {
  readonly outcomes: Outcome[] = [];

  async run(
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
    this.outcomes.push(outcome);
    return outcome;
  }

  /** One operation of the mixed load, for `round`. */
  send(app: TestApp, account: TestAccount, operation: Operation, round: number): Promise<Outcome> {
    const { method, path, options } = operation.request(account, round);
    return this.run(
      operation.name,
      operation.needsDatabase,
      () => app.request(method, path, options),
      operation.units,
    );
  }

  /** Units charged by the answers recorded. */
  get charged(): number {
    return this.outcomes.reduce((sum, outcome) => sum + outcome.units, 0);
  }

  /**
   * Every request got an answer: a 200, or a 503 service_unavailable in the envelope with
   * Retry-After. Never a 500, never no answer.
   */
  expectAllAnswered(): void {
    expect(this.outcomes.filter((outcome) => outcome.error).map(label)).toEqual([]);
    expect(
      this.outcomes
        .filter((outcome) => outcome.res!.status !== 200 && outcome.res!.status !== 503)
        .map(label),
    ).toEqual([]);
    for (const outcome of this.outcomes.filter((o) => o.res!.status === 503))
      expectDatabaseUnavailable(outcome.res!);
  }
}

/** `lanes` clients sending the mixed load one request after another until stopped. */
export function startLoad(
  log: OutcomeLog,
  app: TestApp,
  account: TestAccount,
  lanes = 4,
): { stop(): Promise<void> } {
  let stopped = false;
  let sequence = 0;
  const running = Array.from({ length: lanes }, async (_, lane) => {
    for (let round = lane * 2; !stopped; round += 1) {
      sequence += 1;
      await log.send(app, account, OPERATIONS[round % OPERATIONS.length], sequence);
      await sleep(5);
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

export interface Probe {
  startedAt: number;
  endedAt: number;
  status: number | string;
}

/** GET /ready every 50 ms until stopped. */
export function watchReadiness(app: TestApp): {
  probes: Probe[];
  /** When the first probe started at or after `since` said 200; fails the test past `withinMs`. */
  readyAgain(since: number, withinMs: number): Promise<number>;
  stop(): Promise<void>;
} {
  const probes: Probe[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const startedAt = Date.now();
      const status = await app.request('GET', '/ready').then(
        (res) => res.status,
        (error: Error) => error.message,
      );
      probes.push({ startedAt, endedAt: Date.now(), status });
      await sleep(50);
    }
  })();
  return {
    probes,
    async readyAgain(since, withinMs) {
      for (;;) {
        const ready = probes.find((probe) => probe.startedAt >= since && probe.status === 200);
        if (ready) return ready.startedAt;
        expect(Date.now() - since, `/ready says 200 again within ${withinMs} ms`).toBeLessThan(withinMs);
        await sleep(20);
      }
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
