import type { Executor } from './database.js';
import type { KeyMode } from './tables.js';

/**
 * Idempotency keys: one row per account, key mode and key. A request claims its key by
 * inserting the row (status null); the first insert wins on every engine and across instances, the
 * others find the row. The claimant stores its answer in the row, or deletes the row to let a retry
 * run. `claimed_at` (the `created_at` column) identifies one claim, so a request whose claim was
 * taken over never overwrites the new claimant's row.
 */

/** One key of one account in one key mode. */
export interface IdempotencyKeyRef {
  accountId: string;
  mode: KeyMode;
  key: string;
}

/** The answer kept for replays. */
export interface StoredAnswer {
  status: number;
  /** Headers to send again (content type, quota, location…), lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/**
 * The answer a retry under a request's Idempotency-Key is given, stored by the transaction that
 * commits the request's work, so the work and that answer commit together: neither a process
 * dying nor the database failing right after the commit can leave work done (and charged) with
 * its key unanswered, which a retry would do again. Absent for a request without a key.
 */
export interface AnswerInCommit<T> {
  /**
   * Called last in the transaction that commits the work, with its outcome: builds the answer and
   * stores it through `stores`; what it throws rolls the work back (the claim was taken over).
   */
  store(stores: { idempotency: IdempotencyStore }, outcome: T): Promise<void>;
  /**
   * Whether the answer is stored, read anew: after a COMMIT whose reply was lost, whether the
   * transaction committed.
   */
  committed(): Promise<boolean>;
  /**
   * Deletes the answer through `stores`, with the work it answered: a charge that committed
   * although its request was answered 503 is undone (validation/unsettled-charges.ts), and a
   * retry then runs again.
   */
  forget(stores: { idempotency: IdempotencyStore }): Promise<void>;
}

/** `answer`, stored from what `outcomeOf` makes of the work's own outcome. */
export function answerFrom<T, U>(
  answer: AnswerInCommit<T> | undefined,
  outcomeOf: (outcome: U) => T,
): AnswerInCommit<U> | undefined {
  return (
    answer && {
      store: (stores, outcome) => answer.store(stores, outcomeOf(outcome)),
      committed: () => answer.committed(),
      forget: (stores) => answer.forget(stores),
    }
  );
}

export interface IdempotencyRow {
  requestHash: string;
  /** When the current claim was made: the claim's identity. */
  claimedAt: number;
  expiresAt: number;
  /** Undefined while the claimant runs. */
  answer?: StoredAnswer;
}

export interface NewClaim {
  requestHash: string;
  now: number;
  expiresAt: number;
}

export interface IdempotencyStore {
  /** Inserts the row unless one exists for the key; true when this call inserted it. */
  claim(ref: IdempotencyKeyRef, claim: NewClaim): Promise<boolean>;
  find(ref: IdempotencyKeyRef): Promise<IdempotencyRow | undefined>;
  /**
   * Takes over a claim still unanswered that was made at `claimedAt` (its request died with its
   * process); true when this call took it (one caller wins, as with `claim`).
   */
  takeOver(ref: IdempotencyKeyRef, claimedAt: number, claim: NewClaim): Promise<boolean>;
  /** Stores the answer of the claim made at `claimedAt`; false when that claim is no longer the row's. */
  complete(ref: IdempotencyKeyRef, claimedAt: number, answer: StoredAnswer): Promise<boolean>;
  /** Deletes the row of the claim made at `claimedAt`, if still unanswered: a retry may run. */
  release(ref: IdempotencyKeyRef, claimedAt: number): Promise<void>;
  /** Deletes the row of the claim made at `claimedAt`, answered or not: its work was undone. */
  forget(ref: IdempotencyKeyRef, claimedAt: number): Promise<void>;
  /** Deletes the key's row if it expired at `now` or before. */
  deleteIfExpired(ref: IdempotencyKeyRef, now: number): Promise<void>;
  /** Deletes every row expired at `now` or before; how many. */
  deleteExpired(now: number): Promise<number>;
}

export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: Executor) {}

  async claim(ref: IdempotencyKeyRef, claim: NewClaim): Promise<boolean> {
    const result = await this.db
      .insertInto('idempotency_keys')
      .values({
        account_id: ref.accountId,
        mode: ref.mode,
        key: ref.key,
        request_hash: claim.requestHash,
        status: null,
        headers: null,
        body: null,
        created_at: claim.now,
        expires_at: claim.expiresAt,
      })
      .onConflict((conflict) => conflict.columns(['account_id', 'mode', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async find(ref: IdempotencyKeyRef): Promise<IdempotencyRow | undefined> {
    const row = await this.whereKey(
      this.db.selectFrom('idempotency_keys').selectAll(),
      ref,
    ).executeTakeFirst();
    if (!row) return undefined;
    return {
      requestHash: row.request_hash,
      claimedAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      answer:
        row.status === null || row.body === null
          ? undefined
          : {
              status: Number(row.status),
              headers: JSON.parse(row.headers ?? '{}') as Record<string, string>,
              body: row.body,
            },
    };
  }

  async takeOver(ref: IdempotencyKeyRef, claimedAt: number, claim: NewClaim): Promise<boolean> {
    const result = await this.whereKey(
      this.db
        .updateTable('idempotency_keys')
        .set({ request_hash: claim.requestHash, created_at: claim.now, expires_at: claim.expiresAt }),
      ref,
    )
      .where('created_at', '=', claimedAt)
      .where('status', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async complete(ref: IdempotencyKeyRef, claimedAt: number, answer: StoredAnswer): Promise<boolean> {
    const result = await this.whereKey(
      this.db
        .updateTable('idempotency_keys')
        .set({ status: answer.status, headers: JSON.stringify(answer.headers), body: answer.body }),
      ref,
    )
      .where('created_at', '=', claimedAt)
      .where('status', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(ref: IdempotencyKeyRef, claimedAt: number): Promise<void> {
    await this.whereKey(this.db.deleteFrom('idempotency_keys'), ref)
      .where('created_at', '=', claimedAt)
      .where('status', 'is', null)
      .execute();
  }

  async forget(ref: IdempotencyKeyRef, claimedAt: number): Promise<void> {
    await this.whereKey(this.db.deleteFrom('idempotency_keys'), ref)
      .where('created_at', '=', claimedAt)
      .execute();
  }

  async deleteIfExpired(ref: IdempotencyKeyRef, now: number): Promise<void> {
    await this.whereKey(this.db.deleteFrom('idempotency_keys'), ref).where('expires_at', '<=', now).execute();
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** `where` on the primary key; generic over the three query builders that use it. */
  private whereKey<Q extends KeyFilterable<Q>>(query: Q, ref: IdempotencyKeyRef): Q {
    return query
      .where('account_id', '=', ref.accountId)
      .where('mode', '=', ref.mode)
      .where('key', '=', ref.key);
  }
}

/** A Kysely builder over idempotency_keys that takes `where(column, '=', value)`. */
interface KeyFilterable<Q> {
  where(column: 'account_id' | 'mode' | 'key', operator: '=', value: string): Q;
}
