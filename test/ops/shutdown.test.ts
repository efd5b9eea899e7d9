import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import { accountsOf } from '../helpers/accounts.js';
import { createTestDatabase, POSTGRES_URL, REDIS_URL, type TestDatabase } from '../helpers/dialects.js';
import { send, type TestResponse } from '../helpers/harness.js';
import { germanNumbers } from '../helpers/numbers.js';
import { type ServiceChild, startService, stopAllChildren, tail, until } from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

/**
 * graceful shutdown (SIGTERM drains the requests in flight, refuses new
 * connections and exits 0) and the Prometheus metrics at /metrics, each on a `serve` process of
 * its own. On PostgreSQL and Redis when both are set, on SQLite and the in-memory limiter otherwise.
 */

const onServers = Boolean(POSTGRES_URL && REDIS_URL);
const flavour = onServers ? 'postgres+redis' : 'sqlite+memory';
const IN_FLIGHT = 6;
const REGISTRY_LATENCY_MS = 1_500;

let database: TestDatabase;
let sim: RegistrySimulator;
let receiver: Receiver;
const started: ServiceChild[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ name: onServers ? 'postgres' : 'sqlite' }, { poolSize: 2 });
  sim = await startSimulator();
  receiver = await startReceiver();
});

afterEach((context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const child of started) console.error(`--- ${child.name} output ---\n${tail(child.output)}`);
});

afterAll(async () => {
  await stopAllChildren();
  await receiver?.close();
  await sim?.close();
  await database?.drop();
});

function serviceEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...sim.env(),
    DATABASE_URL: database.url,
    ...(onServers ? { REDIS_URL: REDIS_URL! } : {}),
    LOG_LEVEL: 'info',
    ACCESS_LOG: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    WEBHOOK_ALLOWED_HOSTS: 'localhost',
    WORKER_POLL_MS: '50',
    WEBHOOK_RETRY_DELAYS_MS: '50,100',
    CIRCUIT_FAILURE_THRESHOLD: '100000',
    // All IN_FLIGHT lookups are German numbers that must reach the registry together.
    VIES_MEMBER_STATE_CONCURRENCY: '16',
    REGISTRY_TIMEOUT_MS: '5000',
    TIER_LIMITS: JSON.stringify({ business: { burst_per_minute: 100_000 } }),
    ...extra,
  };
}

async function liveKey(): Promise<{ accountId: string; key: string }> {
  const now = Date.now();
  const account = await createAccount(accountsOf(database.database), 'Ops', 'business', now);
  const key = await createKey(accountsOf(database.database), account.id, 'live', now);
  return { accountId: account.id, key: key.key };
}

/** 'connected' or the connect error's code (ECONNREFUSED once the listener is closed). No request is sent. */
function tcpProbe(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe(`graceful shutdown [${flavour}]`, () => {
  it(`answers every request in flight at SIGTERM, refuses new connections, exits 0`, async () => {
    const api = await startService('api-shutdown', 'serve', serviceEnv());
    started.push(api);
    const { key } = await liveKey();
    sim.resetStats();
    sim.setBehaviour('vies', { latencyMs: REGISTRY_LATENCY_MS });
    try {
      const numbers = germanNumbers(IN_FLIGHT, 'valid');
      const inFlight = numbers.map((number) =>
        send(api.url, 'GET', `/v1/validate?vat_number=${number}`, { key }).then(
          (response) => ({ response, at: Date.now() }),
          (error: Error) => ({ error, at: Date.now() }),
        ),
      );
      // Every request is inside the service, waiting on the slow registry.
      await until(() => sim.statsOf('vies').inFlight === IN_FLIGHT, 30_000, 'all lookups in flight');
      const signalledAt = Date.now();
      api.process.kill('SIGTERM');

      // New connections are refused as soon as the listener closes (no request is made to find out).
      await until(async () => (await tcpProbe(api.url)) === 'ECONNREFUSED', 30_000, 'listener closed');
      const refusedAfterMs = Date.now() - signalledAt;
      expect(sim.statsOf('vies').inFlight, 'lookups still in flight when new connections were refused').toBe(
        IN_FLIGHT,
      );
      const late = await send(api.url, 'GET', '/health').then(
        (response) => `answered ${response.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      expect(late).toBe('ECONNREFUSED');

      const results = await Promise.all(inFlight);
      for (const result of results) {
        expect('response' in result, 'error' in result ? String(result.error) : '').toBe(true);
        const { response } = result as { response: TestResponse };
        expect(response.status, response.text).toBe(200);
        expect(response.body.data.valid).toBe(false);
        expect(response.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
      }
      const exit = await Promise.race([
        api.exited,
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
      ]);
      const exitedAfterMs = Date.now() - signalledAt;
      console.info(
        `shutdown: new connections refused after ${refusedAfterMs} ms, last answer after ${
          Math.max(...results.map((r) => r.at)) - signalledAt
        } ms, exit ${JSON.stringify(exit)} after ${exitedAfterMs} ms`,
      );
      expect(exit).toEqual({ code: 0, signal: null });
      // Drained, then out: not held open by the clients' idle keep-alive connections (72 s).
      expect(exitedAfterMs).toBeLessThan(REGISTRY_LATENCY_MS + 5_000);
      // The answers were recorded before the database closed.
      const recorded = await database.database.db
        .selectFrom('validations')
        .select('vat_number')
        .where('vat_number', 'in', numbers)
        .execute();
      expect(recorded.map((row) => row.vat_number).sort()).toEqual([...numbers].sort());
      expect(api.stderr.trim()).toBe('');
      expect(api.logLines().filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      sim.setBehaviour('vies', { latencyMs: 0 });
    }
  });
});

/** Prometheus text format → `name{labels}` → value, labels in the order printed. */
function parseMetrics(text: string): { samples: Map<string, number>; types: Map<string, string> } {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\S+?(?:\{.*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1], Number(match[2]));
  }
  return { samples, types };
}

/** The value of the one sample of `name` whose labels include all of `labels` (any order). */
function sample(
  samples: Map<string, number>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found: number[] = [];
  for (const [key, value] of samples) {
    const open = key.indexOf('{');
    if ((open === -1 ? key : key.slice(0, open)) !== name) continue;
    const text = open === -1 ? '' : key.slice(open);
    if (Object.entries(labels).every(([label, expected]) => text.includes(`${label}="${expected}"`))) {
      found.push(value);
    }
  }
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0];
}

describe(`GET /metrics [${flavour}]`, () => {
  it('exposes requests, latency, registry calls, cache hits, queue depth and webhook deliveries', async () => {
    const api = await startService('api-metrics', 'serve', serviceEnv());
    started.push(api);
    const { accountId, key } = await liveKey();
    const expectStatus = async (path: string, status: number, options: Parameters<typeof send>[3] = {}) => {
      const response = await send(api.url, options.body === undefined ? 'GET' : 'POST', path, options);
      expect(response.status, `${path}: ${response.text}`).toBe(status);
      return response;
    };

    // /v1/validate: 200 × 4 (registry valid, cache hit, registry invalid, check digit), 401, 503.
    await expectStatus('/v1/validate?vat_number=FR04409414364', 200, { key });
    const hit = await expectStatus('/v1/validate?vat_number=FR04409414364', 200, { key });
    expect(hit.body.meta.source_status).toBe('cached');
    await expectStatus(`/v1/validate?vat_number=${germanNumbers(1, 'valid')[0]}`, 200, { key });
    await expectStatus(`/v1/validate?vat_number=${germanNumbers(1, 'checksum-failing')[0]}`, 200, { key });
    await expectStatus('/v1/validate?vat_number=DE123456704', 401);
    sim.setBehaviour('vies', { mode: 'down' });
    await expectStatus(`/v1/validate?vat_number=${germanNumbers(1, 'valid')[0]}`, 503, { key });
    sim.setBehaviour('vies', { mode: 'up' });
    await expectStatus('/no/such/path', 404);

    // Webhooks: a test event delivered; an async result to a failing receiver, retried twice
    // (WEBHOOK_RETRY_DELAYS_MS=50,100), then failed.
    const put = await send(api.url, 'PUT', '/v1/webhooks/config', { key, body: { url: receiver.url } });
    expect(put.status, put.text).toBe(200);
    receiver.clear();
    await expectStatus('/v1/webhooks/test', 200, { key, body: {} });
    await receiver.waitFor((requests) => requests.length === 1, 10_000);
    receiver.respondWith({ status: 500 });
    await expectStatus('/v1/validate/async', 202, {
      key,
      body: { vat_number: germanNumbers(1, 'valid')[0] },
    });
    await until(
      async () =>
        (
          await database.database.db
            .selectFrom('deliveries')
            .select('status')
            .where('account_id', '=', accountId)
            .where('event_type', '=', 'validation.completed')
            .executeTakeFirst()
        )?.status === 'failed',
      30_000,
      'delivery given up',
    );
    expect(receiver.requests).toHaveLength(4);
    receiver.respondWith({});

    // A job due for 30 s, held by a worker that is not there (lease far ahead): the queue is not empty.
    const now = Date.now();
    await database.database.db
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        kind: 'metrics_probe',
        payload: '{}',
        run_at: now - 30_000,
        attempts: 1,
        locked_by: 'absent-worker',
        locked_until: now + 600_000,
        last_error: null,
        created_at: now - 30_000,
      })
      .execute();

    try {
      const scrape = await send(api.url, 'GET', '/metrics');
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const { samples, types } = parseMetrics(scrape.text);
      const validate = { route: '/v1/validate', method: 'GET' };

      expect(types.get('http_requests_total')).toBe('counter');
      expect(sample(samples, 'http_requests_total', { ...validate, status: '200' })).toBe(4);
      expect(sample(samples, 'http_requests_total', { ...validate, status: '401' })).toBe(1);
      expect(sample(samples, 'http_requests_total', { ...validate, status: '503' })).toBe(1);
      expect(sample(samples, 'http_requests_total', { route: 'not_found', status: '404' })).toBe(1);
      expect(sample(samples, 'http_requests_total', { route: '/v1/webhooks/test', status: '200' })).toBe(1);
      expect(sample(samples, 'http_requests_total', { route: '/v1/validate/async', status: '202' })).toBe(1);

      expect(types.get('http_request_duration_seconds')).toBe('histogram');
      const route = { route: '/v1/validate' };
      expect(sample(samples, 'http_request_duration_seconds_count', route)).toBe(6);
      expect(sample(samples, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(6);
      const buckets = [...samples]
        .filter(
          ([name]) =>
            name.startsWith('http_request_duration_seconds_bucket{') && name.includes('route="/v1/validate"'),
        )
        .map(([, value]) => value);
      expect(buckets.length).toBeGreaterThan(5);
      expect([...buckets].sort((x, y) => x - y)).toEqual(buckets); // cumulative
      expect(sample(samples, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);

      expect(types.get('registry_calls_total')).toBe('counter');
      expect(sample(samples, 'registry_calls_total', { registry: 'vies', outcome: 'valid' })).toBe(1);
      // Invalid: the fresh German number of the sync request and the one of the async request.
      expect(sample(samples, 'registry_calls_total', { registry: 'vies', outcome: 'invalid' })).toBe(2);
      const failures = [...samples].filter(
        ([name]) =>
          name.startsWith('registry_calls_total{') &&
          name.includes('registry="vies"') &&
          !/outcome="(valid|invalid)"/.test(name),
      );
      expect(failures.map(([, value]) => value)).toEqual([1]);

      expect(types.get('validation_answers_total')).toBe('counter');
      expect(sample(samples, 'validation_answers_total', { source_status: 'cached' })).toBe(1);
      expect(sample(samples, 'validation_answers_total', { source_status: 'live' })).toBe(4);

      expect(sample(samples, 'jobs_due')).toBe(1);
      const age = sample(samples, 'jobs_oldest_due_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(30);
      expect(age).toBeLessThan(120);

      expect(types.get('webhook_deliveries_total')).toBe('counter');
      expect(sample(samples, 'webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
      expect(sample(samples, 'webhook_deliveries_total', { outcome: 'retrying' })).toBe(2);
      expect(sample(samples, 'webhook_deliveries_total', { outcome: 'failed' })).toBe(1);
    } finally {
      await database.database.db.deleteFrom('jobs').where('kind', '=', 'metrics_probe').execute();
    }
  });
});
