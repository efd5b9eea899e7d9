import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { JobsTable } from './tables.js';

/**
 * The durable jobs table (graphile-worker's habits): claims take a lease, and every change to a
 * claimed job carries the lock holder (`locked_by = worker`), so a worker whose lease expired and
 * whose job was claimed by another cannot complete or fail it. Times come from the caller's clock,
 * computed in Node, so SQLite and PostgreSQL agree.
 */

export type Job = JobsTable;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: number;
  /** A fixed id: the job is added only if no job has it yet (a recurring job's one row). */
  id?: string;
}

export interface JobStore {
  /** Adds jobs; inside a transaction, no accepted work exists without its job or the reverse. */
  enqueue(jobs: readonly NewJob[], now: number): Promise<void>;
  /**
   * Makes the job with `job.id` due now: added when there is none; a waiting one (its retry not
   * due yet, or never claimed) takes the new payload and starts again with no attempts. False,
   * and nothing changed, when that job is running (claimed under a lease that has not expired).
   */
  runNow(job: NewJob & { id: string }, now: number): Promise<boolean>;
  /**
   * Removes the job with `id` when it waits for a retry (tried before, not running now); false
   * when there is none, it was never tried, or it is running.
   */
  dropRetry(id: string, now: number): Promise<boolean>;
  /**
   * Claims up to `limit` due jobs for `worker` with a lease until `now + leaseMs`: free jobs and
   * jobs whose lease expired (their worker died). `attempts` counts claims, so a crash uses one up.
   */
  claim(worker: string, limit: number, now: number, leaseMs: number): Promise<Job[]>;
  /** Removes a finished job, only while `worker` holds it; false when the lease was lost. */
  complete(job: Job, worker: string): Promise<boolean>;
  /** Schedules the job again at `runAt`, recording why; false when the lease was lost. */
  retry(job: Job, worker: string, runAt: number, error: string): Promise<boolean>;
  /** A recurring job's next run: due at `runAt` with its attempts and error cleared. */
  reschedule(job: Job, worker: string, runAt: number): Promise<boolean>;
  /** Renews the leases of jobs `worker` still holds. */
  extendLeases(worker: string, ids: readonly string[], lockedUntil: number): Promise<void>;
  /** Gives back jobs claimed but not finished at shutdown; the claim does not count as an attempt. */
  release(worker: string, ids: readonly string[]): Promise<void>;
  /** Jobs due and the age of the oldest due one, for /metrics. */
  depth(now: number): Promise<{ due: number; oldestDueMs: number }>;
}

/** A job not running: never claimed, given back, or whose lease expired (its worker died). */
function notRunning(now: number, lockedUntil: 'locked_until' | 'jobs.locked_until') {
  return sql<boolean>`(${sql.ref(lockedUntil)} is null or ${sql.ref(lockedUntil)} < ${now})`;
}

/** A new job's row: due at `runAt`, never attempted, not claimed. */
function newRow(job: NewJob, now: number): Job {
  return {
    id: job.id ?? randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    run_at: job.runAt,
    attempts: 0,
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: now,
  };
}

/** 9 columns per row: 2000 rows stay below SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 2000;

/** The shared implementation; SQLite claims under its single writer with one statement. */
export class KyselyJobStore implements JobStore {
  constructor(protected readonly db: Executor) {}

  async enqueue(jobs: readonly NewJob[], now: number): Promise<void> {
    const rows = jobs.map((job) => newRow(job, now));
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await this.db
        .insertInto('jobs')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
  }

  async runNow(job: NewJob & { id: string }, now: number): Promise<boolean> {
    const row = newRow({ ...job, runAt: now }, now);
    // A waiting row becomes the new job: its payload, due now, no attempts, no lock, no error.
    const { id, kind, created_at, ...fresh } = row;
    const result = await this.db
      .insertInto('jobs')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet(fresh).where(notRunning(now, 'jobs.locked_until')),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async dropRetry(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('id', '=', id)
      .where('attempts', '>', 0)
      .where(notRunning(now, 'locked_until'))
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  claim(worker: string, limit: number, now: number, leaseMs: number): Promise<Job[]> {
    return this.db
      .updateTable('jobs')
      .set((eb) => ({ locked_by: worker, locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', this.dueIds(limit, now))
      .returningAll()
      .execute();
  }

  /** The ids of up to `limit` due, unleased jobs, oldest `run_at` first. */
  protected dueIds(limit: number, now: number) {
    return this.db
      .selectFrom('jobs')
      .select('id')
      .where('run_at', '<=', now)
      .where(notRunning(now, 'locked_until'))
      .orderBy('run_at')
      .limit(limit);
  }

  async complete(job: Job, worker: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('id', '=', job.id)
      .where('locked_by', '=', worker)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async retry(job: Job, worker: string, runAt: number, error: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ run_at: runAt, locked_by: null, locked_until: null, last_error: error.slice(0, 2000) })
      .where('id', '=', job.id)
      .where('locked_by', '=', worker)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async reschedule(job: Job, worker: string, runAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ run_at: runAt, locked_by: null, locked_until: null, attempts: 0, last_error: null })
      .where('id', '=', job.id)
      .where('locked_by', '=', worker)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async extendLeases(worker: string, ids: readonly string[], lockedUntil: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ locked_until: lockedUntil })
      .where('id', 'in', ids)
      .where('locked_by', '=', worker)
      .execute();
  }

  async release(worker: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set((eb) => ({ locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
      .where('id', 'in', ids)
      .where('locked_by', '=', worker)
      .execute();
  }

  async depth(now: number): Promise<{ due: number; oldestDueMs: number }> {
    const row = await this.db
      .selectFrom('jobs')
      .select([sql<number>`count(*)`.as('due'), sql<number | null>`min(run_at)`.as('oldest')])
      .where('run_at', '<=', now)
      .executeTakeFirstOrThrow();
    return { due: Number(row.due), oldestDueMs: row.oldest === null ? 0 : now - Number(row.oldest) };
  }
}
