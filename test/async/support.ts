import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { periodOf } from '../../src/accounts/quota.js';
import { checkVatNumber } from '../../src/numbers/index.js';
import type { TestDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';
import { type ReceivedRequest, type Receiver, startReceiver } from '../helpers/receiver.js';

export { until };

/**
 * Shared pieces of the async/webhook suites: a simulator, a real HTTPS receiver and the
 * app with an in-process worker on millisecond schedules, plus helpers to read signed events.
 */

/** ASYNC_RETRY_DELAYS_MS used by every suite here: five retries, so 1 + 5 registry calls at most. */
export const ASYNC_RETRY_DELAYS = [10, 20, 40, 80, 160];
export const ASYNC_RETRIES = ASYNC_RETRY_DELAYS.length;
/** WEBHOOK_RETRY_DELAYS_MS: five retries, about 0.6 s from first to last attempt. */
export const WEBHOOK_RETRY_DELAYS = [20, 40, 80, 160, 320];

export const PUBLIC_URL = 'http://localhost:3000';

/** Environment for an app (or a worker process) pointed at `sim`, on test schedules. */
export function asyncEnv(sim: RegistrySimulator, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...sim.env(),
    WEBHOOK_ALLOWED_HOSTS: 'localhost',
    WORKER_POLL_MS: '20',
    ASYNC_RETRY_DELAYS_MS: ASYNC_RETRY_DELAYS.join(','),
    WEBHOOK_RETRY_DELAYS_MS: WEBHOOK_RETRY_DELAYS.join(','),
    // Exact per-number call counts need every retry to reach the registry: no circuit breaker here.
    CIRCUIT_FAILURE_THRESHOLD: '100000',
    REGISTRY_TIMEOUT_MS: '5000',
    PUBLIC_URL,
    ...extra,
  };
}

export interface AsyncStack {
  sim: RegistrySimulator;
  receiver: Receiver;
  app: TestApp;
  /**
   * What is still under way, for a wait that timed out: unfinished jobs (kind, claims, when due,
   * lease, last error), the items not settled, and the warnings and errors the app logged.
   */
  explain(): Promise<string>;
  close(): Promise<void>;
}

/** Simulator + receiver + app with a worker (unless `worker: false`). */
export async function startAsyncStack(
  dialect: TestDialect,
  options: { env?: Record<string, string>; worker?: boolean; database?: TestAppOptions['database'] } = {},
): Promise<AsyncStack> {
  const sim = await startSimulator();
  const receiver = await startReceiver();
  const logged: string[] = [];
  const app = await startTestApp(dialect, {
    clock: 'system',
    worker: options.worker ?? true,
    database: options.database,
    env: asyncEnv(sim, { LOG_LEVEL: 'warn', ...options.env }),
    log: { write: (line: string) => void logged.push(line) },
  });
  return {
    sim,
    receiver,
    app,
    async explain() {
      const { db } = app.database;
      const now = Date.now();
      const jobs = await db.selectFrom('jobs').selectAll().orderBy('run_at').limit(20).execute();
      const pending = await db
        .selectFrom('async_items')
        .select(['id', 'vat_number', 'attempts'])
        .where('status', '=', 'pending')
        .limit(20)
        .execute();
      return [
        `jobs (first 20 by run_at): ${JSON.stringify(
          jobs.map((job) => ({
            kind: job.kind,
            attempts: job.attempts,
            due_in_ms: job.run_at - now,
            lease_left_ms: job.locked_until === null ? null : job.locked_until - now,
            last_error: job.last_error,
          })),
        )}`,
        `pending items: ${JSON.stringify(pending)}`,
        `logged: ${logged.slice(-20).join('')}`,
      ].join('\n');
    },
    async close() {
      await app.close();
      await receiver.close();
      await sim.close();
    },
  };
}

/**
 * startAsyncStack as beforeAll/afterAll hooks of the calling describe block: the returned stack's
 * members are set once beforeAll has run.
 */
export function useAsyncStack(
  dialect: TestDialect,
  options?: Parameters<typeof startAsyncStack>[1],
): AsyncStack {
  const stack = {} as AsyncStack;
  beforeAll(async () => {
    Object.assign(stack, await startAsyncStack(dialect, options));
  }, 60_000);
  afterAll(async () => {
    await stack.close?.();
  });
  return stack;
}

/** PUT /v1/webhooks/config; returns the configuration (with the signing secret). */
export async function configureWebhook(
  app: TestApp,
  key: string,
  url: string,
  extra: Record<string, unknown> = {},
): Promise<{ url: string; signing_secret: string; enabled: boolean; created_at: string }> {
  const res = await app.request('PUT', '/v1/webhooks/config', { key, body: { url, ...extra } });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

// biome-ignore lint/suspicious/noExplicitAny: event payloads are inspected freely
export type WebhookEvent = { id: string; type: string; created_at: string; data: any };

export interface ReceivedEvent {
  event: WebhookEvent;
  request: ReceivedRequest;
}

export function headersOf(request: ReceivedRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers as IncomingHttpHeaders)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(', ');
  }
  return out;
}

/** Verifies the Standard Webhooks signature with the `standardwebhooks` package; throws when wrong. */
export function verified(secret: string, request: ReceivedRequest): WebhookEvent {
  return new Webhook(secret).verify(request.body, headersOf(request)) as WebhookEvent;
}

export function eventsIn(requests: readonly ReceivedRequest[]): ReceivedEvent[] {
  const out: ReceivedEvent[] = [];
  for (const request of requests) {
    try {
      out.push({ event: JSON.parse(request.body) as WebhookEvent, request });
    } catch {
      // not an event
    }
  }
  return out;
}

/** Waits for the first event matching `predicate` (by path prefix too, when given). */
export async function waitForEvent(
  receiver: Receiver,
  predicate: (event: WebhookEvent, request: ReceivedRequest) => boolean,
  timeoutMs = 30_000,
  explain?: () => Promise<string>,
): Promise<ReceivedEvent> {
  const requests = await receiver
    .waitFor((all) => eventsIn(all).some(({ event, request }) => predicate(event, request)), timeoutMs)
    .catch(async (error: Error) => {
      throw explain ? new Error(`${error.message}\n${await explain()}`) : error;
    });
  return eventsIn(requests).find(({ event, request }) => predicate(event, request))!;
}

export function matching(
  receiver: Receiver,
  predicate: (event: WebhookEvent, request: ReceivedRequest) => boolean,
): ReceivedEvent[] {
  return eventsIn(receiver.requests).filter(({ event, request }) => predicate(event, request));
}

let serial = Math.floor(Math.random() * 400_000);

/**
 * Numbers that pass syntax and check digits, never seeded in the simulator (so VIES answers
 * "not registered", brreg 404, both `valid: false`) and new to this process: no cache hit.
 */
export function freshNumbers(country: 'DE' | 'NO', count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    serial += 1;
    const prefix =
      country === 'DE' ? `3${String(serial).padStart(7, '0')}` : `8${String(serial).padStart(7, '0')}`;
    for (let digit = 0; digit <= 9; digit++) {
      const result = checkVatNumber(`${country}${prefix}${digit}`);
      if (result.kind === 'checked' && result.checksumValid) {
        out.push(result.number.vatNumber);
        break;
      }
    }
  }
  return out;
}

/** Sets this month's usage of an account (to bring it near its quota). */
export async function setUsage(app: TestApp, accountId: string, used: number): Promise<void> {
  const period = periodOf(Date.now());
  await app.database.db.deleteFrom('usage').where('account_id', '=', accountId).execute();
  await app.database.db.insertInto('usage').values({ account_id: accountId, period, used }).execute();
}

export async function usageOf(app: TestApp, accountId: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('usage')
    .select('used')
    .where('account_id', '=', accountId)
    .where('period', '=', periodOf(Date.now()))
    .executeTakeFirst();
  return row ? Number(row.used) : 0;
}

/** Rows the acceptance would have written for an account: items, batches, events. */
export async function queuedFor(app: TestApp, accountId: string) {
  const { db } = app.database;
  const count = async (table: 'async_items' | 'async_batches' | 'events' | 'deliveries') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    items: await count('async_items'),
    batches: await count('async_batches'),
    events: await count('events'),
    deliveries: await count('deliveries'),
  };
}

/** Jobs still in the table (pending, retrying or claimed), not counting the recurring ones' rows. */
export async function jobCount(app: TestApp): Promise<number> {
  const row = await app.database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'not like', RECURRING_ROWS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until every queued job has run and every delivery of the account is settled (sent or given up). */
export async function untilSettled(app: TestApp, accountId: string): Promise<void> {
  await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
  await until(
    async () => (await deliveryRows(app, accountId)).every((row) => row.status !== 'pending'),
    30_000,
    'deliveries settled',
  );
}

/** The ids of recurring jobs' rows (jobs/worker.ts recurringJobId), always in the table. */
export const RECURRING_ROWS = 'recurring:%';

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const EVENT_ID = /^evt_[0-9a-f]{32}$/;

/** The account's deliveries straight from the table (polling through the API would hit the burst limit). */
export async function deliveryRows(app: TestApp, accountId: string) {
  return app.database.db
    .selectFrom('deliveries')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('seq', 'desc')
    .execute();
}

/** Waits until the account has a delivery matching `predicate`; returns it. */
export async function waitForDelivery(
  app: TestApp,
  accountId: string,
  predicate: (row: Awaited<ReturnType<typeof deliveryRows>>[number]) => boolean,
  timeoutMs = 30_000,
) {
  return until(async () => (await deliveryRows(app, accountId)).find(predicate), timeoutMs, 'delivery');
}
