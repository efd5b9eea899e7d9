import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DestinationStream } from 'pino';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import type { Tier } from '../../src/accounts/tiers.js';
import { ManualClock } from '../../src/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import type { Worker } from '../../src/jobs/worker.js';
import {
  type BurstLimiter,
  createMemoryBurstLimiter,
  createRedisBurstLimiter,
} from '../../src/limits/burst.js';
import { createLogger } from '../../src/logger.js';
import type { RatesTable } from '../../src/rates/rates-table.js';
import type { RegistryGateway } from '../../src/registries/gateway.js';
import { createRegistryGateway } from '../../src/registries/index.js';
import { createServices, type Services } from '../../src/services.js';
import type { Database } from '../../src/store/database.js';
import type { Stores } from '../../src/store/stores.js';
import { createTestDatabase, REDIS_URL, type TestDialect } from './dialects.js';
import { until } from './processes.js';

export interface TestApp {
  url: string;
  config: Readonly<Config>;
  clock: ManualClock;
  database: Database;
  databaseUrl: string;
  gateway: RegistryGateway;
  services: Services;
  stores: Stores;
  /** Present when started with `worker: true`. */
  worker?: Worker;
  /** A new account with one live and one test key. */
  account(tier: Tier): Promise<TestAccount>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestAccount {
  id: string;
  tier: Tier;
  live: string;
  test: string;
}

export interface RequestOptions {
  key?: string;
  /** Sent as JSON unless it is a string (then as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected freely
  body: any;
  text: string;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use Redis (TEST_REDIS_URL) for burst and registry rate limits, unless `env` names one. */
  redis?: boolean;
  /** The prefix of the burst keys in Redis; apps given the same one share their burst limits. */
  burstPrefix?: string;
  /** A ManualClock (default, fixed at 2026-11-22T12:00Z) or the system clock (for worker timing). */
  clock?: ManualClock | 'system';
  /** Run a job worker in the test process (async validation, webhook deliveries). */
  worker?: boolean;
  /** Reuse an existing database instead of creating one. */
  database?: { database: Database; url: string };
  /** Where the process logger writes (LOG_LEVEL in `env` decides what). */
  log?: DestinationStream;
  /** Rates data of the test's own (default: the shipped files). */
  rates?: RatesTable;
}

/** The real app on a real port, over its own fresh database: what every HTTP test talks to. */
export async function startTestApp(dialect: TestDialect, options: TestAppOptions = {}): Promise<TestApp> {
  const created = options.database ? undefined : await createTestDatabase(dialect);
  const { database, url: databaseUrl } = options.database ?? created!;
  const clock =
    options.clock === 'system'
      ? new SystemClockView()
      : (options.clock ?? new ManualClock(Date.parse('2026-11-22T12:00:00.000Z')));
  const config = loadConfig({
    // `redis: true`: burst limits (and registry rate limits) through the shared test Redis.
    // A busy machine can keep Redis from answering within the default 200 ms, which would leave
    // it aside for per-process limits: only the outage tests (which set their own) want that.
    ...(options.redis ? { REDIS_URL: requireRedisUrl(), REDIS_COMMAND_TIMEOUT_MS: '5000' } : {}),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ACCESS_LOG: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    REGISTRY_TIMEOUT_MS: '2000',
    // Every test client is 127.0.0.1; the suites that present unknown keys on purpose would
    // otherwise lock each other out (test/http/auth-failures.test.ts sets its own limit).
    AUTH_FAILURES_PER_MINUTE: '1000000',
    ...options.env,
  });
  const logger = createLogger(config.logLevel, options.log);
  const gateway = createRegistryGateway(config, clock);
  const services = createServices({
    config,
    database,
    clock,
    gateway,
    logger: logger as FastifyBaseLogger,
    rates: options.rates,
  });
  await services.ratesRefresher.refresh();
  // The shared test Redis is always there: wait for the connection, or a busy machine's first
  // requests would be counted in memory while it is still being made.
  if (options.redis && services.redis)
    await until(() => services.redis?.state === 'up', 30_000, 'the test Redis connected');
  // With Redis (REDIS_URL in `env`, or `redis: true`), each app's burst keys have a prefix of their
  // own, so test files sharing one Redis do not count each other's requests.
  const burst: BurstLimiter = services.redis
    ? createRedisBurstLimiter({
        redis: services.redis,
        clock,
        prefix: options.burstPrefix ?? `test:${randomBytes(6).toString('hex')}:`,
      })
    : createMemoryBurstLimiter(clock);
  const fastify = await buildApp({
    config,
    database,
    clock,
    burst,
    gateway,
    services,
    logger: logger as FastifyBaseLogger,
  });
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  const worker = options.worker ? services.createWorker() : undefined;
  worker?.start();

  return {
    url,
    config,
    clock,
    database,
    databaseUrl,
    gateway,
    services,
    stores: services.stores,
    worker,
    async account(tier) {
      const now = clock.now();
      const { accounts } = services.stores;
      const account = await createAccount(accounts, `Test ${tier}`, tier, now);
      const live = await createKey(accounts, account.id, 'live', now);
      const test = await createKey(accounts, account.id, 'test', now);
      return { id: account.id, tier, live: live.key, test: test.key };
    },
    request: (method, path, requestOptions) => send(url, method, path, requestOptions),
    async close() {
      await fastify.close();
      await services.close();
      await gateway.close();
      await burst.close();
      if (created) await created.drop();
    },
  };
}

export async function send(
  base: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

function requireRedisUrl(): string {
  if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set');
  return REDIS_URL;
}

/** The system clock, shaped like a ManualClock so tests can still shift it forward (e.g. TTLs). */
class SystemClockView extends ManualClock {
  private offset = 0;
  override now(): number {
    return Date.now() + this.offset;
  }
  override set(ms: number | string | Date): void {
    this.offset = (typeof ms === 'number' ? ms : new Date(ms).getTime()) - Date.now();
  }
  override advance(ms: number): void {
    this.offset += ms;
  }
}
