import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Executor } from '../store/db.js';
import type { JobsTable } from '../store/tables.js';

/**
 * The durable jobs table, touched only here so the locking rules live in one place (graphile's
 * `src/sql/*`). Every change to a claimed job carries the lock holder (`locked_by = worker`), so a
 * worker whose lease expired and whose job was claimed by another cannot complete or fail it.
 * Times come from the injected clock, computed in Node, so SQLite and PostgreSQL agree.
 */

export type Job = JobsTable;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: number;
}

/** Adds jobs inside the caller's transaction: no accepted work without its job, no job without its rows. */
export async function enqueue(trx: Executor, jobs: readonly NewJob[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((job) => ({
    id: randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    run_at: job.runAt,
    attempts: 0,
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: now,
  }));
  // 9 columns per row: 2000 rows stay below SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
  for (let start = 0; start < rows.length; start += 2000) {
    await trx
      .insertInto('jobs')
      .values(rows.slice(start, start + 2000))
      .execute();
  }
}

/**
 * Claims up to `limit` due jobs for `worker` with a lease until `now + leaseMs`: free jobs, and jobs
 * whose lease expired (their worker died). `attempts` counts claims, so a crash uses up an attempt.
 * PostgreSQL: FOR UPDATE SKIP LOCKED, so any number of workers share the table without waiting on
 * each other. SQLite: one statement under its single writer does the same.
 */
export async function claimJobs(
  database: Database,
  worker: string,
  limit: number,
  now: number,
  leaseMs: number,
): Promise<Job[]> {
  const { db } = database;
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('run_at')
    .limit(limit);
  if (database.dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({ locked_by: worker, locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Removes a finished job, only while `worker` still holds it; false when the lease was lost. */
export async function completeJob(trx: Executor, job: Job, worker: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('jobs')
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Schedules the job again at `runAt`, recording why it failed; false when the lease was lost. */
export async function retryJob(
  trx: Executor,
  job: Job,
  worker: string,
  runAt: number,
  error: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('jobs')
    .set({ run_at: runAt, locked_by: null, locked_until: null, last_error: error.slice(0, 2000) })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Renews the lease of jobs `worker` is still running, so a job that takes longer than one lease is
 * not claimed (and run a second time, at once) by another worker. Jobs it no longer holds are left alone.
 */
export async function extendLeases(
  database: Database,
  worker: string,
  ids: readonly string[],
  lockedUntil: number,
): Promise<void> {
  if (ids.length === 0) return;
  await database.db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .execute();
}

/** Gives back jobs claimed but not started or not finished at shutdown; the claim does not count as an attempt. */
export async function releaseJobs(database: Database, worker: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await database.db
    .updateTable('jobs')
    .set((eb) => ({ locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .execute();
}

/** Jobs waiting and the age of the oldest due one, for /metrics and /ready. */
export async function queueDepth(
  database: Database,
  now: number,
): Promise<{ due: number; oldestDueMs: number }> {
  const row = await database.db
    .selectFrom('jobs')
    .select([sql<number>`count(*)`.as('due'), sql<number | null>`min(run_at)`.as('oldest')])
    .where('run_at', '<=', now)
    .executeTakeFirstOrThrow();
  return { due: Number(row.due), oldestDueMs: row.oldest === null ? 0 : now - Number(row.oldest) };
}
