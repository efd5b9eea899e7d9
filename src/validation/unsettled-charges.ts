import type { AnswerInCommit } from '../store/idempotency.js';
import type { Stores } from '../store/stores.js';

/** A charge whose COMMIT may or may not have reached the database. */
export interface UnsettledCharge {
  accountId: string;
  /** The month the units were taken in, `YYYY-MM`. */
  period: string;
  /** The records the transaction wrote, one per unit taken. */
  recordIds: readonly string[];
  /** The decisions written with them, resting on those records. */
  decisionIds?: readonly string[];
  /** The answer stored for the request's Idempotency-Key with the charge, undone with it. */
  answer?: Pick<AnswerInCommit<unknown>, 'forget'>;
}

export interface UnsettledChargesDeps {
  stores: Pick<Stores, 'transaction'>;
  logger: { warn(object: object, message: string): void };
  /** Wait before the first look, and between looks while the database is away (default 1000 ms). */
  retryMs?: number;
}

/**
 * Charges answered 503 because the database connection broke during their COMMIT, which the
 * server may still have carried out. A 503 charges nothing (the `service_unavailable` docs page
 * says so), so each is settled once the database answers again: when its records exist, the
 * transaction did commit, and the records of answers nobody received (with the decisions resting
 * on them) are deleted and their units given back, in one transaction; when they do not, there is nothing to undo. Settling twice is
 * harmless, as the second look finds no records. A charge whose records another process has
 * sealed meanwhile (this one could not reach the database for longer than a seal takes to come)
 * stays whole: a sealed record cannot be deleted without breaking the ledger's chain, so its units
 * pay for an answer the caller finds among its records.
 *
 * The first look waits `retryMs`, by which time the server has finished with the broken session:
 * it commits a COMMIT it had received at once, and rolls back a transaction whose client is gone
 * as soon as it reads the closed connection. Kept in memory: a process that stops first leaves
 * the charge in place, its records and units still in agreement.
 */
export class UnsettledCharges {
  private readonly pending: UnsettledCharge[] = [];
  private readonly retryMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: UnsettledChargesDeps) {
    this.retryMs = deps.retryMs ?? 1_000;
  }

  /** Charges not settled yet. */
  get size(): number {
    return this.pending.length;
  }

  add(charge: UnsettledCharge): void {
    this.pending.push(charge);
    this.schedule();
  }

  /**
   * Settles every pending charge the database can be reached for now; the rest wait for the next
   * look. A look already under way may have begun before the database answered again: it is
   * waited for, and then the pending charges are looked at anew.
   */
  async settle(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.settlePending().finally(() => {
      this.running = undefined;
      if (this.pending.length > 0) this.schedule();
    });
    return this.running;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.settle();
    }, this.retryMs);
    this.timer.unref();
  }

  private async settlePending(): Promise<void> {
    for (const charge of this.pending.splice(0)) {
      try {
        const refunded = await this.deps.stores.transaction(async (stores) => {
          const records = await stores.records.removeUnsealed(charge.recordIds);
          const decisions = charge.decisionIds?.length
            ? await stores.decisions.removeUnsealed(charge.decisionIds)
            : { removed: 0, sealed: 0 };
          if (records.sealed + decisions.sealed > 0)
            throw new SealedCharge(records.sealed + decisions.sealed);
          await stores.usage.refund({
            accountId: charge.accountId,
            period: charge.period,
            units: records.removed,
          });
          // A retry under the request's key then runs again rather than replaying an undone answer.
          if (records.removed > 0) await charge.answer?.forget(stores);
          return records.removed;
        });
        if (refunded > 0)
          this.deps.logger.warn(
            { account_id: charge.accountId, period: charge.period, units: refunded },
            'a charge answered 503 had committed: its records deleted and its units given back',
          );
      } catch (error) {
        if (error instanceof SealedCharge) {
          this.deps.logger.warn(
            { account_id: charge.accountId, period: charge.period, units: charge.recordIds.length },
            'a charge answered 503 had committed and its records are sealed already: the charge stands',
          );
          continue;
        }
        this.pending.push(charge);
      }
    }
  }
}

/**
 * Some of a charge's rows are closed by a seal already (another process sealed the ledger while
 * this one could not reach the database): deleting them would break the chain, so the whole
 * charge stays, its records and units in agreement. Thrown to roll back what was deleted.
 */
class SealedCharge extends Error {
  constructor(readonly rows: number) {
    super(`${rows} rows of the charge are sealed`);
  }
}
