import type { ValidationRecord } from './records.js';
import type { Stores } from './stores.js';
import type { Reservation, ReserveResult } from './usage.js';

/**
 * Charges: the units of a month's quota taken together with the records of the answers they pay
 * for (the usage and records groups), so that a charged answer always has its record and a
 * refused or failed charge leaves neither.
 */
export interface ChargeStore {
  /**
   * Takes the reservation's units and writes `records`: both, or neither when the quota does not
   * have the units (`ok: false`). A database connection lost once the write was sent throws
   * CommitOutcomeUnknownError (store/database.ts): the charge may or may not have been made.
   */
  charge(reservation: Reservation, records: readonly ValidationRecord[]): Promise<ReserveResult>;
}

/** The shared implementation: one transaction of the stores (on SQLite, sharing the turn's commit). */
export class TransactionChargeStore implements ChargeStore {
  constructor(private readonly transaction: Stores['transaction']) {}

  charge(reservation: Reservation, records: readonly ValidationRecord[]): Promise<ReserveResult> {
    return this.transaction(async (stores) => {
      const result = await stores.usage.reserve(reservation);
      if (result.ok) await stores.records.insert(records);
      return result;
    });
  }
}
