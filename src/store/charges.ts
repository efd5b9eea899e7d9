import type { CacheStore } from './cache.js';
import type { DecisionStore } from './decisions.js';
import type { EvidenceRow, EvidenceStore } from './evidence.js';
import type { RecordStore, ValidationRecord } from './records.js';
import type { DecisionsTable, ValidationCacheTable } from './tables.js';
import type { Reservation, ReserveResult, UsageStore } from './usage.js';

/**
 * Charges: the units of a month's quota taken together with the records of the answers they pay
 * for (the usage and records groups), so that a charged answer always has its record and a
 * refused or failed charge leaves neither.
 */

/**
 * What a registry answer leaves behind besides its record: the exchange kept as evidence and the
 * number's new cache entry. Written in the charge's unit of work whether or not the charge is
 * granted (a refused charge still saw the registry answer).
 */
export interface AnswerWrites {
  evidence: readonly EvidenceRow[];
  cache: readonly ValidationCacheTable[];
}

export const NO_WRITES: AnswerWrites = { evidence: [], cache: [] };

export interface ChargeStore {
  /**
   * Writes `writes`, then takes the reservation's units and writes `records` and the `decisions`
   * resting on them: all of them, or none when the quota does not have the units (`ok: false`),
   * in one unit of work. A database connection lost once the write was sent throws
   * CommitOutcomeUnknownError (store/database.ts): the charge may or may not have been made.
   */
  charge(
    reservation: Reservation,
    records: readonly ValidationRecord[],
    writes?: AnswerWrites,
    decisions?: readonly DecisionsTable[],
  ): Promise<ReserveResult>;
}

/** The stores a charge writes through: a transaction's, in store/stores.ts. */
export interface ChargeWriters {
  readonly usage: UsageStore;
  readonly records: RecordStore;
  readonly evidence: EvidenceStore;
  readonly cache: CacheStore;
  readonly decisions: Pick<DecisionStore, 'insertMany'>;
}

/** The answers' evidence and cache entries through `stores` (a transaction's, usually). */
export async function writeAnswers(
  stores: Pick<ChargeWriters, 'evidence' | 'cache'>,
  writes: AnswerWrites,
): Promise<void> {
  for (const row of writes.evidence) await stores.evidence.insert(row);
  for (const entry of writes.cache) await stores.cache.put(entry);
}

/** The shared implementation: one transaction of the stores (on SQLite, sharing the turn's commit). */
export class TransactionChargeStore implements ChargeStore {
  constructor(private readonly transaction: <T>(work: (stores: ChargeWriters) => Promise<T>) => Promise<T>) {}

  charge(
    reservation: Reservation,
    records: readonly ValidationRecord[],
    writes: AnswerWrites = NO_WRITES,
    decisions: readonly DecisionsTable[] = [],
  ): Promise<ReserveResult> {
    return this.transaction(async (stores) => {
      await writeAnswers(stores, writes);
      const result = await stores.usage.reserve(reservation);
      if (result.ok) {
        await stores.records.insert(records);
        if (decisions.length > 0) await stores.decisions.insertMany(decisions);
      }
      return result;
    });
  }
}
