import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { recurringHandler } from '../../src/jobs/recurring.js';
import { recurringJobId, Worker } from '../../src/jobs/worker.js';
import { createStores } from '../../src/store/stores.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { until } from '../helpers/processes.js';

/**
 * A recurring job is one row in the jobs table: however many workers start (each adds the row
 * unless it exists), the task runs once per interval, at the interval's multiples.
 */
describeEachDialect('recurring jobs', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('runs once per interval with three workers competing, and keeps one row', async () => {
    const stores = createStores(db.database);
    const everyMs = 250;
    const runs: number[] = [];
    const handler = recurringHandler(systemClock, everyMs, async () => {
      runs.push(Date.now());
      // Long enough that the others poll while it runs.
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const workers = Array.from(
      { length: 3 },
      () =>
        new Worker({
          jobs: stores.jobs,
          clock: systemClock,
          handlers: { 'test.tick': handler },
          recurring: ['test.tick'],
          concurrency: 2,
          pollMs: 5,
          leaseMs: 5_000,
        }),
    );
    for (const worker of workers) worker.start();
    // Waited for, not timed: a busy machine may take more than four intervals for four runs.
    await until(() => runs.length >= 4, 30_000, 'four runs');
    await Promise.all(workers.map((worker) => worker.stop(1_000)));

    // The first run is at start; each later one in its own interval, never two in one.
    const slots = runs.slice(1).map((at) => Math.floor(at / everyMs));
    expect(new Set(slots).size).toBe(slots.length);
    const rows = await db.database.db.selectFrom('jobs').selectAll().execute();
    expect(rows.map((row) => row.id)).toEqual([recurringJobId('test.tick')]);
    expect(rows[0].attempts).toBe(0);
    expect(rows[0].run_at % everyMs).toBe(0);
  });

  it("retries a failed run with the worker's backoff, its error kept on the row", async () => {
    await db.database.db.deleteFrom('jobs').execute();
    const stores = createStores(db.database);
    let calls = 0;
    let failedAt = 0;
    const handler = recurringHandler(systemClock, 60_000, async () => {
      calls += 1;
      if (calls > 1) return;
      failedAt = Date.now();
      throw new Error('registry status unreachable');
    });
    const worker = new Worker({
      jobs: stores.jobs,
      clock: systemClock,
      handlers: { 'test.flaky': handler },
      recurring: ['test.flaky'],
      concurrency: 1,
      pollMs: 5,
      leaseMs: 5_000,
    });
    const errors: unknown[] = [];
    worker.on('job:error', (_job, error) => errors.push(error));
    worker.start();
    await until(() => errors.length > 0, 30_000, 'the failed run');
    await worker.stop(1_000);
    const failed = await db.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', recurringJobId('test.flaky'))
      .executeTakeFirstOrThrow();
    expect(errors).toHaveLength(1);
    expect(failed.last_error).toBe('registry status unreachable');
    expect(failed.attempts).toBe(1);
    expect(failed.run_at).toBeGreaterThan(failedAt);
  });
});
