import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import {
  asyncEnv,
  configureWebhook,
  freshNumbers,
  jobCount,
  matching,
  until,
  waitForEvent,
} from '../async/support.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { startService, stopAllChildren } from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import { upload } from './support.js';

/**
 * Crash safety of bulk files: a worker process is killed with SIGKILL in the middle of a file;
 * a second worker takes over the slices whose lease expired. Every row is answered exactly once:
 * one record per unique number, every row pointing at its number's record, the counters equal to
 * the rows, one `bulk.completed`. The API runs in this process without a worker.
 */
describeEachDialect('bulk crash safety: SIGKILL a worker process mid-file', (dialect) => {
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let db: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
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
    await sim?.close();
  });

  it('every row is answered exactly once and bulk.completed arrives once', async () => {
    const workerEnv = asyncEnv(sim, { DATABASE_URL: db.url, WORKER_CONCURRENCY: '8', JOB_LEASE_MS: '1000' });
    // Slow answers keep numbers in flight when the first worker dies.
    sim.setBehaviour('vies', { latencyMs: 40 });
    const account = await app.account('business');
    await configureWebhook(app, account.live, receiver.url);
    const numbers = freshNumbers('DE', 400);
    // Every tenth number appears twice: 440 rows, 400 unique numbers.
    const rows = numbers.flatMap((number, index) => (index % 10 === 0 ? [number, number] : [number]));
    const res = await upload(
      app,
      account.live,
      `vat_number,row\n${rows.map((n, i) => `${n},${i}`).join('\n')}\n`,
    );
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ total: 440, accepted: 440, rejected: 0 });
    const id = res.body.data.bulk_id as string;

    const processed = async () =>
      Number(
        (
          await app.database.db
            .selectFrom('bulk_files')
            .select('processed')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).processed,
      );
    const first = await startService('bulk-worker-1', 'worker', workerEnv);
    await until(
      async () => (await processed()) >= 60,
      30_000,
      `60 rows answered (worker output: ${first.output})`,
    );
    const killed = await first.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const atKill = await processed();
    expect(atKill).toBeLessThan(440);
    expect(matching(receiver, (e) => e.data?.bulk_id === id)).toHaveLength(0);

    const second = await startService('bulk-worker-2', 'worker', workerEnv);
    await waitForEvent(receiver, (e) => e.data?.bulk_id === id, 60_000);
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
    const events = matching(receiver, (e) => e.data?.bulk_id === id);
    expect(events).toHaveLength(1);
    expect(events[0].event.data).toMatchObject({ total: 440, accepted: 440, succeeded: 440, failed: 0 });

    const stored = await app.database.db
      .selectFrom('bulk_rows')
      .select(['position', 'normalised', 'status', 'validation_id'])
      .where('bulk_id', '=', id)
      .orderBy('position')
      .execute();
    expect(stored.map((row) => row.normalised)).toEqual(rows);
    expect(stored.every((row) => row.status === 'succeeded' && row.validation_id !== null)).toBe(true);
    const records = await app.database.db
      .selectFrom('validations')
      .select(['id', 'vat_number'])
      .where('bulk_id', '=', id)
      .execute();
    expect(records).toHaveLength(400);
    expect(new Set(records.map((record) => record.vat_number)).size).toBe(400);
    const recordOf = new Map(records.map((record) => [record.vat_number, record.id]));
    expect(stored.every((row) => recordOf.get(row.normalised!) === row.validation_id)).toBe(true);
    const file = await app.database.db
      .selectFrom('bulk_files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ processed: 440, succeeded: 440, failed: 0, status: 'completed' });

    // Only numbers in flight at the crash can have been asked twice.
    const calls = sim.statsOf('vies').callsByNumber;
    expect(Math.max(...numbers.map((number) => calls[number] ?? 0))).toBeLessThanOrEqual(2);
    expect(await second.stop()).toEqual({ code: 0, signal: null });
  }, 120_000);
});
