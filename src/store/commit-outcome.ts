import { setTimeout as sleep } from 'node:timers/promises';
import { CommitOutcomeUnknownError } from './database.js';

/** How long to wait before looking whether a COMMIT whose reply was lost happened. */
export const COMMIT_LOOK_MS = 1_000;

export interface CommitLook<T> {
  /** Whether the transaction's rows are there: read in a new session, after the wait. */
  committed(): Promise<boolean>;
  /** What the transaction would have returned, rebuilt once it is known to have committed. */
  outcome(): Promise<T>;
  /** Default COMMIT_LOOK_MS. */
  waitMs?: number;
}

/**
 * Runs `commit`, a transaction that takes quota units for work that gives them a result later (an
 * asynchronous item, a bulk file, a monitor's first check). When the connection breaks during its
 * COMMIT (PostgreSQL), the server may have carried it out: the work would then be done and charged
 * while the caller heard 503, and a retry would charge it again. So the outcome is looked up once
 * the server has finished with the broken session (it commits a COMMIT it had received at once,
 * and rolls back a transaction whose client went away): committed, the caller gets the answer it
 * would have had, with the ids of the work it was charged for; not committed, the 503 stands and
 * nothing was charged. When the database cannot be read then either, the 503 stands as it is.
 */
export async function withKnownCommit<T>(commit: () => Promise<T>, look: CommitLook<T>): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    if (!(error instanceof CommitOutcomeUnknownError)) throw error;
    await sleep(look.waitMs ?? COMMIT_LOOK_MS);
    const committed = await look.committed().catch(() => false);
    if (!committed) throw error;
    return look.outcome();
  }
}
