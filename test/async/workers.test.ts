import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import { accountsOf } from '../helpers/accounts.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { send, startTestApp, type TestApp } from '../helpers/harness.js';
import { type ServiceChild, startService, stopAllChildren } from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import {
  type AsyncStack,
  asyncEnv,
  configureWebhook,
  freshNumbers,
  jobCount,
  matching,
  RECURRING_ROWS,
  startAsyncStack,
  until,
  waitForEvent,
} from './support.js';

/**
 * Several workers and shutdown: two `vat-service worker` processes share the jobs table
 * (FOR UPDATE SKIP LOCKED on PostgreSQL, one claiming statement under SQLite's single writer) and
 * never run the same job at once; SIGTERM makes a worker finish the jobs in hand (or release them)
 * and exit within the grace period; released jobs are taken by another worker without losing an
 * attempt.
 */
describeEachDialect('two worker processes on one database', (dialect) => {
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let db: TestDatabase;
  let app: TestApp;
  let a: ServiceChild;
  let b: ServiceChild;
  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
    db = await createTestDatabase(dialect);
    app = await startTestApp(dialect, {
      clock: 'system',
      database: { database: db.database, url: db.url },
      env: asyncEnv(sim),
    });
    // Default lease (60 s): a job left claimed by a stopped worker would stall these tests.
    const env = asyncEnv(sim, { DATABASE_URL: db.url, WORKER_CONCURRENCY: '6' });
    [a, b] = await Promise.all([
      startService('worker-a', 'worker', env),
      startService('worker-b', 'worker', env),
    ]);
  }, 120_000);
  afterAll(async () => {
    await stopAllChildren();
    await app?.close();
    await db?.drop();
    await receiver?.close();
    await sim?.close();
  });

  /** Samples which worker processes hold unexpired leases; stop() gives the most seen at once. */
  function watchHolders() {
    let most = 0;
    let sampling = true;
    const loop = (async () => {
      while (sampling) {
        const now = Date.now();
        const rows = await app.database.db
          .selectFrom('jobs')
          .select('locked_by')
          .where('locked_until', '>', now)
          .where('id', 'not like', 'recurring:%')
          .execute();
        most = Math.max(most, new Set(rows.map((row) => row.locked_by)).size);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    return {
      async stop() {
        sampling = false;
        await loop;
        return most;
      },
    };
  }

  it('never run the same job at once: one lookup per number, never two in flight for one number', async () => {
    sim.resetStats();
    sim.setBehaviour('vies', { latencyMs: 30 });
    const account = await app.account('pro');
    await configureWebhook(app, account.live, `${receiver.url}/pair`);
    const numbers = freshNumbers('DE', 60);
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: numbers },
    });
    expect(res.status, res.text).toBe(202);
    const batchId = res.body.data.batch_id;
    const holders = watchHolders();
    const { event } = await waitForEvent(receiver, (e) => e.data?.batch_id === batchId, 30_000);
    const mostAtOnce = await holders.stop();
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
    expect(event.data.summary).toEqual({ total: 60, succeeded: 60, failed: 0 });
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);

    const stats = sim.statsOf('vies');
    expect(stats.maxInFlightPerNumber).toBe(1);
    for (const number of numbers) expect(stats.callsByNumber[number], number).toBe(1);
    // Both processes shared the table: at some moment each held leased jobs of this batch.
    expect(mostAtOnce).toBe(2);
    expect([a.exit, b.exit]).toEqual([undefined, undefined]);
  });

  it('SIGTERM with jobs in hand: the worker exits within the grace period, the other completes the batch', async () => {
    sim.resetStats();
    sim.setBehaviour('vies', { latencyMs: 250 });
    const account = await app.account('pro');
    await configureWebhook(app, account.live, `${receiver.url}/shutdown`);
    const numbers = freshNumbers('DE', 36);
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: numbers },
    });
    expect(res.status, res.text).toBe(202);
    const batchId = res.body.data.batch_id;

    const heldBy = async (worker: ServiceChild) => {
      const row = await app.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('locked_by', 'like', `%:${worker.process.pid}:%`)
        .where('id', 'not like', 'recurring:%')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    await until(async () => (await heldBy(a)) > 0, 30_000, 'worker A holding jobs');
    const sent = Date.now();
    a.process.kill('SIGTERM');
    const exit = await a.exited;
    const tookMs = Date.now() - sent;
    expect(exit, a.output).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(10_000); // the worker's grace period
    // Nothing is left claimed by the stopped worker: its jobs were finished or given back.
    expect(await heldBy(a)).toBe(0);

    const { event } = await waitForEvent(receiver, (e) => e.data?.batch_id === batchId, 30_000);
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
    expect(event.data.summary).toEqual({ total: 36, succeeded: 36, failed: 0 });
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);
    // Finished jobs were not run again, released ones ran once elsewhere: one lookup per number.
    const calls = sim.statsOf('vies').callsByNumber;
    for (const number of numbers) expect(calls[number], number).toBe(1);

    expect(await b.stop(), b.output).toEqual({ code: 0, signal: null });
  });
});

describeEachDialect('workers in process: leases renewed while running, released at stop', (dialect) => {
  let stack: AsyncStack;
  let other: TestApp;
  beforeAll(async () => {
    // Two apps, two workers (each with its own registry gateway) on one database, one-second leases.
    stack = await startAsyncStack(dialect, { env: { JOB_LEASE_MS: '1000' } });
    other = await startTestApp(dialect, {
      clock: 'system',
      worker: true,
      database: { database: stack.app.database, url: stack.app.databaseUrl },
      env: asyncEnv(stack.sim, { JOB_LEASE_MS: '1000' }),
    });
  });
  afterAll(async () => {
    await other?.close();
    await stack?.close();
  });

  it('a job running longer than its lease is not taken by the other worker', async () => {
    const { app, sim, receiver } = stack;
    sim.resetStats();
    const account = await app.account('pro');
    await configureWebhook(app, account.live, `${receiver.url}/long`);
    // Each lookup takes more than two leases.
    sim.setBehaviour('vies', { latencyMs: 2_200 });
    const numbers = freshNumbers('DE', 6);
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: numbers },
    });
    expect(res.status, res.text).toBe(202);
    const batchId = res.body.data.batch_id;
    const { event } = await waitForEvent(receiver, (e) => e.data?.batch_id === batchId, 20_000);
    sim.setBehaviour('vies', { latencyMs: 0 });
    expect(event.data.summary).toEqual({ total: 6, succeeded: 6, failed: 0 });
    const stats = sim.statsOf('vies');
    expect(stats.maxInFlightPerNumber).toBe(1);
    for (const number of numbers) expect(stats.callsByNumber[number], number).toBe(1);
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);
  });

  describe('in process', () => {
    it('released jobs lose no attempt and another worker completes the batch once', async () => {
      const { app, sim, receiver } = stack;
      const account = await app.account('pro');
      await configureWebhook(app, account.live, receiver.url);
      sim.setBehaviour('vies', { latencyMs: 1_000 });
      // Only this app's worker may hold these jobs: the other one stops first (nothing in hand).
      await other.worker!.stop(0);
      const numbers = freshNumbers('DE', 4);
      const res = await app.request('POST', '/v1/validate/async/batch', {
        key: account.live,
        body: { vat_numbers: numbers },
      });
      expect(res.status, res.text).toBe(202);
      const worker = app.worker!;
      await until(() => worker.busy === 4, 30_000, 'four jobs in hand');
      await worker.stop(50);

      const jobs = await app.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', 'not like', RECURRING_ROWS)
        .execute();
      expect(jobs).toHaveLength(4);
      for (const job of jobs) expect(job).toMatchObject({ locked_by: null, locked_until: null, attempts: 0 });

      const next = app.services.createWorker();
      next.start();
      sim.setBehaviour('vies', { latencyMs: 0 });
      const batchId = res.body.data.batch_id;
      const { event } = await waitForEvent(receiver, (e) => e.data?.batch_id === batchId, 10_000);
      await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
      expect(event.data.summary).toEqual({ total: 4, succeeded: 4, failed: 0 });
      expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);
      const items = await app.database.db
        .selectFrom('async_items')
        .select(['status', 'attempts'])
        .where('batch_id', '=', batchId)
        .execute();
      for (const item of items) expect(item).toEqual({ status: 'completed', attempts: 1 });
      const calls = sim.statsOf('vies').callsByNumber;
      for (const number of numbers) expect(calls[number]).toBeLessThanOrEqual(2);
    });
  });
});

describeEachDialect('`vat-service serve`: a worker in the API process unless WORKER=false', (dialect) => {
  let sim: RegistrySimulator;
  let receiver: Receiver;
  const dbs: TestDatabase[] = [];
  type Served = Awaited<ReturnType<typeof serve>>;
  let withWorker: Served;
  let withoutWorker: Served;

  async function serve(name: string, extra: Record<string, string>) {
    const db = await createTestDatabase(dialect);
    dbs.push(db);
    const env = {
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      BOOTSTRAP: 'false',
      ACCESS_LOG: 'false',
    };
    const proc = await startService(name, 'serve', asyncEnv(sim, { ...env, ...extra }));
    const line = proc.logLines().find((entry) => entry.msg === 'listening')!;
    const now = Date.now();
    const account = await createAccount(accountsOf(db.database), 'Serve test', 'pro', now);
    const live = await createKey(accountsOf(db.database), account.id, 'live', now);
    const request = (method: string, path: string, body?: unknown) =>
      send(proc.url, method, path, { key: live.key, body });
    return { db, proc, line, request };
  }

  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
    [withWorker, withoutWorker] = await Promise.all([
      serve('serve', {}),
      serve('serve-no-worker', { WORKER: 'false' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await stopAllChildren();
    await Promise.all(dbs.map((db) => db.drop()));
    await receiver?.close();
    await sim?.close();
  });

  it('serve answers async requests with its own worker; SIGTERM stops it cleanly', async () => {
    expect(withWorker.line.worker).toBe(true);
    const put = await withWorker.request('PUT', '/v1/webhooks/config', { url: `${receiver.url}/serve` });
    expect(put.status, put.text).toBe(200);
    const res = await withWorker.request('POST', '/v1/validate/async', { vat_number: 'DE123456704' });
    expect(res.status, res.text).toBe(202);
    const { event } = await waitForEvent(receiver, (e) => e.data?.request_id === res.body.data.request_id);
    expect(event).toMatchObject({
      type: 'validation.completed',
      data: { vat_number: 'DE123456704', valid: true },
    });
    expect(await withWorker.proc.stop(), withWorker.proc.output).toEqual({ code: 0, signal: null });
  });

  it('WORKER=false: serve accepts and queues, but runs no job', async () => {
    expect(withoutWorker.line.worker).toBe(false);
    const put = await withoutWorker.request('PUT', '/v1/webhooks/config', {
      url: `${receiver.url}/no-worker`,
    });
    expect(put.status, put.text).toBe(200);
    const res = await withoutWorker.request('POST', '/v1/validate/async', { vat_number: 'ATU12345675' });
    expect(res.status, res.text).toBe(202);
    // Twenty poll intervals (WORKER_POLL_MS=20) later, the job is still waiting, unclaimed.
    const { db } = withoutWorker.db.database;
    const deadline = Date.now() + 400;
    while (Date.now() < deadline) {
      const jobs = await db
        .selectFrom('jobs')
        .select(['locked_by', 'attempts'])
        .where('id', 'not like', RECURRING_ROWS)
        .execute();
      expect(jobs).toEqual([{ locked_by: null, attempts: 0 }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sim.statsOf('vies').callsByNumber.ATU12345675).toBeUndefined();
    expect(receiver.requests.filter((r) => r.path === '/hook/no-worker')).toHaveLength(0);
    expect(await withoutWorker.proc.stop(), withoutWorker.proc.output).toEqual({ code: 0, signal: null });
  });
});
