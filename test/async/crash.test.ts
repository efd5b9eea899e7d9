import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { startService, stopAllChildren } from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import {
  ASYNC_RETRIES,
  asyncEnv,
  configureWebhook,
  deliveryRows,
  freshNumbers,
  ISO_MS,
  jobCount,
  matching,
  RECURRING_ROWS,
  until,
  verified,
  waitForDelivery,
  waitForEvent,
} from './support.js';

/**
 * Crash safety: a worker process is killed with SIGKILL in the middle of a 200-item
 * batch; another worker takes over the jobs whose lease expired, `batch.completed` arrives once
 * with all 200 answers, and no number reached the registry more often than its retries allow.
 * Killed in the middle of a webhook delivery, the cut-short attempt stays in the delivery's
 * attempt log beside the one that succeeded after the lease expired.
 * The API runs in this process without a worker; the workers are `vat-service worker` processes on
 * the same database (SQLite: WAL + busy_timeout; PostgreSQL: the test schema via `options`).
 */
describeEachDialect('crash safety: SIGKILL a worker process', (dialect) => {
  let sim: RegistrySimulator;
  let receiver: Receiver;
  /** Holds every request without answering, until told otherwise. */
  let holding: Receiver;
  let db: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
    holding = await startReceiver({ latencyMs: 120_000 });
    db = await createTestDatabase(dialect);
    app = await startTestApp(dialect, {
      clock: 'system',
      database: { database: db.database, url: db.url },
      env: asyncEnv(sim),
    });
  }, 120_000);
  afterAll(async () => {
    await stopAllChildren();
    await app?.close();
    await db?.drop();
    await receiver?.close();
    await holding?.close();
    await sim?.close();
  });

  it('batch.completed arrives exactly once with all 200 answers; no number asked more than 1 + retries times', async () => {
    const workerEnv = asyncEnv(sim, {
      DATABASE_URL: db.url,
      WORKER_CONCURRENCY: '8',
      // A dead worker's jobs become claimable one second after its last claim.
      JOB_LEASE_MS: '1000',
    });
    // Slow registry answers keep work in flight when the first worker dies.
    sim.setBehaviour('vies', { latencyMs: 25 });

    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, receiver.url);
    const numbers = freshNumbers('DE', 197);
    const inputs = [...numbers, 'DE123456704', 'ATU12345675', 'NL123456782B01'];
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: inputs },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ total: 200, accepted: 200 });
    const batchId = res.body.data.batch_id as string;

    // Accepted in one transaction with its jobs: one job per item, before any worker runs.
    const items = await app.database.db
      .selectFrom('async_items')
      .select('id')
      .where('batch_id', '=', batchId)
      .execute();
    const jobs = await app.database.db
      .selectFrom('jobs')
      .select(['payload', 'locked_by'])
      .where('id', 'not like', RECURRING_ROWS)
      .execute();
    expect(items).toHaveLength(200);
    expect(jobs.map((job) => JSON.parse(job.payload).itemId).sort()).toEqual(
      items.map((item) => item.id).sort(),
    );
    expect(jobs.every((job) => job.locked_by === null)).toBe(true);

    const first = await startService('worker-1', 'worker', workerEnv);

    const settled = async () => {
      const rows = await app.database.db
        .selectFrom('async_items')
        .select('status')
        .where('batch_id', '=', batchId)
        .execute();
      return rows.filter((row) => row.status !== 'pending').length;
    };
    await until(
      async () => (await settled()) >= 30,
      30_000,
      `30 items settled (worker output: ${first.output})`,
    );
    const killed = await first.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');

    // The crash left work behind: items unsettled, jobs still leased to the dead worker.
    const settledAtKill = await settled();
    expect(settledAtKill).toBeLessThan(200);
    const leased = await app.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('locked_by', 'is not', null)
      .where('id', 'not like', 'recurring:%')
      .executeTakeFirstOrThrow();
    expect(Number(leased.n)).toBeGreaterThan(0);
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(0);

    const second = await startService('worker-2', 'worker', workerEnv);
    const { request } = await waitForEvent(receiver, (e) => e.data?.batch_id === batchId, 30_000);
    // Wait until nothing is left to run, so a second batch.completed would have been sent by now.
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);

    const event = verified(hook.signing_secret, request);
    expect(event.type).toBe('batch.completed');
    expect(event.data.summary).toEqual({ total: 200, succeeded: 200, failed: 0 });
    expect(event.data.results.map((r: { data: { vat_number: string } }) => r.data.vat_number)).toEqual(
      inputs,
    );

    const calls = sim.statsOf('vies').callsByNumber;
    const counts = inputs.map((number) => calls[number] ?? 0);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1 + ASYNC_RETRIES);
    // Only the jobs in hand at the crash can have been asked twice.
    expect(counts.filter((count) => count > 1).length).toBeLessThanOrEqual(200 - settledAtKill);

    expect(await second.stop()).toEqual({ code: 0, signal: null });
  });

  it('a delivery cut short by SIGKILL is in the attempt log, then delivered by the next worker after the lease', async () => {
    const workerEnv = asyncEnv(sim, {
      DATABASE_URL: db.url,
      // A dead worker's jobs become claimable one second after its last lease renewal.
      JOB_LEASE_MS: '1000',
      // Longer than the request is held here: the attempt is still in flight when the worker dies.
      WEBHOOK_TIMEOUT_MS: '60000',
    });
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, holding.url);
    // Check digit fails: answered locally, so the event follows at once.
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'DE123456705' },
    });
    expect(res.status, res.text).toBe(202);

    const first = await startService('worker-1', 'worker', workerEnv);
    await holding.waitFor((requests) => requests.length === 1, 15_000);
    const [delivery] = await deliveryRows(app, account.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    const killed = await first.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    // The receiver never answered: the request died with the worker.
    await holding.waitFor((requests) => requests[0].response === 'aborted');
    const job = await app.database.db
      .selectFrom('jobs')
      .select(['locked_by', 'locked_until'])
      .where('payload', 'like', `%${delivery.id}%`)
      .executeTakeFirstOrThrow();
    expect(job.locked_by).toContain(`:${first.process.pid}:`);
    const leaseEnd = Number(job.locked_until);

    holding.respondWith({});
    const second = await startService('worker-2', 'worker', workerEnv);
    await waitForDelivery(app, account.id, (row) => row.id === delivery.id && row.status === 'delivered');
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');

    // The same event twice, each time signed afresh; the second only once the dead worker's lease ran out.
    const requests = [...holding.requests];
    expect(requests).toHaveLength(2);
    expect(requests[1].at).toBeGreaterThanOrEqual(leaseEnd);
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([
      delivery.event_id,
      delivery.event_id,
    ]);
    for (const request of requests) expect(verified(hook.signing_secret, request).id).toBe(delivery.event_id);

    const detail = await app.request('GET', `/v1/webhooks/deliveries/${delivery.id}`, { key: account.live });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });
    expect(detail.body.data.attempt_log).toEqual([
      {
        at: expect.stringMatching(ISO_MS),
        status_code: null,
        duration_ms: expect.any(Number),
        response_body: null,
        error:
          'No outcome was recorded: the attempt was cut short (the process stopped while sending) or is still running.',
      },
      {
        at: expect.stringMatching(ISO_MS),
        status_code: 200,
        duration_ms: expect.any(Number),
        response_body: '{"received":true}',
        error: null,
      },
    ]);

    expect(await second.stop()).toEqual({ code: 0, signal: null });
  });
});
