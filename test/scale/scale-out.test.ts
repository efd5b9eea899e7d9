import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import { periodOf } from '../../src/accounts/quota.js';
import type { Tier } from '../../src/accounts/tiers.js';
import { runCli } from '../../src/cli.js';
import { accountsOf } from '../helpers/accounts.js';
import { createTestDatabase, POSTGRES_URL, REDIS_URL, type TestDatabase } from '../helpers/dialects.js';
import { send, type TestResponse } from '../helpers/harness.js';
import { germanNumbers } from '../helpers/numbers.js';
import { type ServiceChild, startService, stopAllChildren, tail, until } from '../helpers/processes.js';
import { type ReceivedRequest, type Receiver, startReceiver } from '../helpers/receiver.js';

/**
 * the README's scale-out topology for real. Two `serve` processes (WORKER=false)
 * on their own ports and one `worker` process (a second one joins for the job race), all built
 * from dist/, on one PostgreSQL schema and one Redis, pointed at one registry simulator and one
 * HTTPS webhook receiver. Redis keys are shared between runs, so every test has a fresh account.
 */

const enabled = Boolean(POSTGRES_URL && REDIS_URL);
const suite = enabled ? describe : describe.skip;
const title = enabled
  ? 'scale-out: 2 × serve + worker on PostgreSQL and Redis'
  : 'scale-out (SKIPPED: needs both TEST_POSTGRES_URL and TEST_REDIS_URL)';

/** (b): the burst limit of the free tier here, and how many requests go over it. */
const BURST = 30;
const OVER = 20;
/** Jobs each worker process runs at once: with two workers the simulator sees more than this. */
const WORKER_CONCURRENCY = 5;

const TIER_LIMITS = {
  // (a) quota: exactly 100 units a month, burst out of the way.
  pro: { monthly: 100, burst_per_minute: 1_000_000 },
  // (b) burst: BURST a minute, quota out of the way.
  free: { monthly: 1_000_000, burst_per_minute: BURST },
  business: { monthly: 1_000_000, burst_per_minute: 1_000_000 },
};

suite(title, () => {
  let database: TestDatabase;
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let env: Record<string, string>;
  let apiA: ServiceChild;
  let apiB: ServiceChild;
  let worker: ServiceChild;
  let secondWorker: ServiceChild;
  const all: ServiceChild[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ name: 'postgres' }, { poolSize: 4 });
    sim = await startSimulator();
    receiver = await startReceiver();
    env = {
      ...sim.env(),
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL!,
      // The burst limit over two instances needs Redis's answer, however busy the machine.
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      TIER_LIMITS: JSON.stringify(TIER_LIMITS),
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      WEBHOOK_ALLOWED_HOSTS: 'localhost',
      WORKER_POLL_MS: '50',
      WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
      REGISTRY_TIMEOUT_MS: '5000',
    };
    // Exactly the README: PORT=… WORKER=false serve (twice), then worker. A second worker process
    // starts with them (process starts are slow here); it only matters for the job race in (d).
    [apiA, apiB, worker, secondWorker] = await Promise.all([
      startService('api-a', 'serve', { ...env, WORKER: 'false' }),
      startService('api-b', 'serve', { ...env, WORKER: 'false' }),
      startService('worker-1', 'worker', { ...env, DATABASE_POOL_SIZE: '5' }),
      startService('worker-2', 'worker', { ...env, DATABASE_POOL_SIZE: '5' }),
    ]);
    all.push(apiA, apiB, worker, secondWorker);
  }, 120_000);

  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const child of all) console.error(`--- ${child.name} output ---\n${tail(child.output)}`);
  });

  afterAll(async () => {
    await stopAllChildren();
    await receiver?.close();
    await sim?.close();
    await database?.drop();
  });

  /** `vat-service <args> --json` through the CLI's own entry (runCli), against the shared database. */
  async function cli(args: string[]): Promise<Record<string, unknown>> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...args, '--json'], env, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toHaveLength(1);
    return JSON.parse(out[0]);
  }

  async function account(tier: Tier): Promise<{ id: string; key: string }> {
    const now = Date.now();
    const created = await createAccount(accountsOf(database.database), `Scale ${tier}`, tier, now);
    const key = await createKey(accountsOf(database.database), created.id, 'live', now);
    return { id: created.id, key: key.key };
  }

  async function usage(accountId: string): Promise<number | undefined> {
    const row = await database.database.db
      .selectFrom('usage')
      .select('used')
      .where('account_id', '=', accountId)
      .where('period', '=', periodOf(Date.now()))
      .executeTakeFirst();
    return row ? Number(row.used) : undefined;
  }

  async function validationRows(accountId: string) {
    return database.database.db
      .selectFrom('validations')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
  }

  function tally(responses: TestResponse[]): Record<string, number> {
    const out: Record<string, number> = {};
    for (const response of responses) {
      const label = response.status === 200 ? '200' : `${response.status} ${response.body?.error?.code}`;
      out[label] = (out[label] ?? 0) + 1;
    }
    return out;
  }

  it('runs the topology: two APIs on different ports and the worker (plus a second one for (d)), all up', async () => {
    expect(apiA.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(apiB.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(apiA.url).not.toBe(apiB.url);
    for (const api of [apiA, apiB]) {
      const ready = await send(api.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      const started = api.logLines().find((line) => line.msg === 'listening');
      expect(started).toMatchObject({ database: 'postgres', burst: 'redis', worker: false });
    }
    for (const child of [worker, secondWorker]) {
      expect(child.logLines().find((line) => line.msg === 'worker started')).toMatchObject({
        database: 'postgres',
        concurrency: WORKER_CONCURRENCY,
      });
    }
  });

  it('(a) keeps the monthly quota exact across instances: 400 concurrent requests for 100 units → 100 answers', async () => {
    // Made with the CLI commands the README shows (run in process: a process start costs seconds here).
    const created = await cli(['accounts', 'create', '--name', 'Scale quota', '--tier', 'pro']);
    const key = await cli(['keys', 'create', '--account', String(created.id), '--mode', 'live']);
    const accountId = String(created.id);
    // Checksum-failing numbers are answered locally: the race is about the quota alone.
    const numbers = germanNumbers(400, 'checksum-failing');
    const responses = await Promise.all(
      numbers.map((number, i) =>
        send(i % 2 === 0 ? apiA.url : apiB.url, 'GET', `/v1/validate?vat_number=${number}`, {
          key: String(key.key),
        }).then((response) => ({ response, instance: i % 2 === 0 ? 'A' : 'B' })),
      ),
    );
    const on = (instance: string) => responses.filter((r) => r.instance === instance).map((r) => r.response);
    const byInstance = { A: tally(on('A')), B: tally(on('B')) };
    console.info(`(a) answers per instance: ${JSON.stringify(byInstance)}`);

    expect(tally(responses.map((r) => r.response))).toEqual({ '200': 100, '429 rate_limit_exceeded': 300 });
    const ok = responses.filter((r) => r.response.status === 200).map((r) => r.response);
    for (const response of ok) expect(response.body.meta.source).toBe('checksum');
    // Every reservation saw a different count: remaining 99, 98, …, 0, each exactly once.
    const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const { response } of responses.filter((r) => r.response.status === 429)) {
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await usage(accountId)).toBe(100);
    expect(await validationRows(accountId)).toHaveLength(100);
  });

  it(`(b) shares the burst limit: ${BURST + OVER} requests over both instances with burst ${BURST} → exactly ${BURST} allowed`, async () => {
    const { id, key } = await account('free');
    const numbers = germanNumbers(BURST + OVER, 'checksum-failing');
    const responses = await Promise.all(
      numbers.map((number, i) =>
        send(i % 2 === 0 ? apiA.url : apiB.url, 'GET', `/v1/validate?vat_number=${number}`, { key }),
      ),
    );
    expect(tally(responses)).toEqual({ '200': BURST, '429 burst_limit_exceeded': OVER });
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get('x-burst-remaining')))
      .sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: BURST }, (_, i) => i));
    // Refused requests are not counted: the window is still full, on either instance.
    for (const api of [apiA, apiB]) {
      const next = await send(
        api.url,
        'GET',
        `/v1/validate?vat_number=${germanNumbers(1, 'checksum-failing')[0]}`,
        {
          key,
        },
      );
      expect(next.status).toBe(429);
      expect(next.body.error.code).toBe('burst_limit_exceeded');
    }
    expect(await usage(id)).toBe(BURST);
  });

  it('(c) reads on one instance what the other wrote to the cache', async () => {
    const { id, key } = await account('business');
    sim.resetStats();
    for (const [number, writer, reader] of [
      ['ATU12345675', apiA, apiB],
      ['DK10503280', apiB, apiA],
    ] as const) {
      const first = await send(writer.url, 'GET', `/v1/validate?vat_number=${number}`, { key });
      expect(first.status, first.text).toBe(200);
      expect(first.body.meta).toMatchObject({ cached: false, source: 'vies', source_status: 'live' });
      const second = await send(reader.url, 'GET', `/v1/validate?vat_number=${number}`, { key });
      expect(second.status, second.text).toBe(200);
      expect(second.body.meta).toMatchObject({ cached: true, source: 'vies', source_status: 'cached' });
      expect(second.body.data.company).toEqual(first.body.data.company);
      expect(second.body.data.valid).toBe(true);
      expect(sim.statsOf('vies').callsByNumber[number]).toBe(1);
    }
    expect(sim.statsOf('vies').calls).toBe(2);
    const rows = await validationRows(id);
    expect(rows.map((row) => row.source_status).sort()).toEqual(['cached', 'cached', 'live', 'live']);
  });

  it('(d) runs no async job twice: a batch accepted by one API, raced for by two worker processes', async () => {
    const { id, key } = await account('business');
    const hook = await send(apiA.url, 'PUT', '/v1/webhooks/config', { key, body: { url: receiver.url } });
    expect(hook.status, hook.text).toBe(200);
    const secret: string = hook.body.data.signing_secret;

    const fresh = germanNumbers(40, 'valid');
    const seeded = ['FI02459042', 'HU12509403', 'IE6433435F'];
    // The first number twice: one item, two positions in the result.
    const inputs = [...fresh, ...seeded, fresh[0]];
    const unique = new Set(inputs);
    sim.resetStats();
    sim.setBehaviour('vies', { latencyMs: 100 });
    try {
      const accepted = await send(apiA.url, 'POST', '/v1/validate/async/batch', {
        key,
        body: { vat_numbers: inputs },
      });
      expect(accepted.status, accepted.text).toBe(202);
      expect(accepted.body.data).toMatchObject({
        status: 'pending',
        total: inputs.length,
        accepted: inputs.length,
      });
      const batchId: string = accepted.body.data.batch_id;

      const isOurs = (request: ReceivedRequest) => {
        try {
          const event = JSON.parse(request.body);
          return event.type === 'batch.completed' && event.data.batch_id === batchId;
        } catch {
          return false;
        }
      };
      await receiver.waitFor((requests) => requests.some(isOurs), 20_000);
      // Both workers poll every 50 ms: a second run of any job would have shown by now.
      await until(async () => (await jobsLeft()) === 0, 30_000, 'job table empty');
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const deliveries = receiver.requests.filter(isOurs);
      expect(deliveries).toHaveLength(1);
      const event = new Webhook(secret).verify(
        deliveries[0].body,
        deliveries[0].headers as Record<string, string>,
      ) as { data: { results: Array<{ data?: { vat_number: string; valid: boolean } }>; summary: unknown } };
      expect(event.data.summary).toEqual({ total: inputs.length, succeeded: inputs.length, failed: 0 });
      expect(event.data.results.map((result) => result.data?.vat_number)).toEqual(inputs);
      for (const result of event.data.results) {
        expect(result.data?.valid).toBe(seeded.includes(result.data!.vat_number));
      }

      const stats = sim.statsOf('vies');
      expect(Object.keys(stats.callsByNumber).sort()).toEqual([...unique].sort());
      for (const number of unique) expect(stats.callsByNumber[number], number).toBe(1);
      expect(stats.maxInFlightPerNumber).toBe(1);
      // More lookups at once than one worker may run: both worker processes really raced.
      expect(stats.maxInFlight).toBeGreaterThan(WORKER_CONCURRENCY);

      const items = await database.database.db
        .selectFrom('async_items')
        .select(['status', 'attempts'])
        .where('batch_id', '=', batchId)
        .execute();
      expect(items).toHaveLength(unique.size);
      for (const item of items) expect(item).toEqual({ status: 'completed', attempts: 1 });
      const recorded = (await validationRows(id)).filter((row) => row.channel === 'async');
      expect(recorded).toHaveLength(unique.size);
      const batchEvents = await database.database.db
        .selectFrom('deliveries')
        .select(['status', 'attempts'])
        .where('account_id', '=', id)
        .where('event_type', '=', 'batch.completed')
        .execute();
      expect(batchEvents).toEqual([{ status: 'delivered', attempts: 1 }]);
    } finally {
      sim.setBehaviour('vies', { latencyMs: 0 });
    }
  });

  async function jobsLeft(): Promise<number> {
    const row = await database.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'not like', 'recurring:%')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
