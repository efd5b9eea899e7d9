import type { Executor } from './database.js';

/** Monthly usage counters, one row per account and calendar month (UTC). */

export interface Reservation {
  accountId: string;
  /** Calendar month in UTC, `YYYY-MM`. */
  period: string;
  units: number;
  limit: number;
}

/** Units given back to an account's month. */
export interface Refund {
  accountId: string;
  /** Calendar month in UTC, `YYYY-MM`. */
  period: string;
  units: number;
}

export interface ReserveResult {
  ok: boolean;
  /** The month's usage after the reservation (or as it stands, when refused). */
  used: number;
}

export interface UsageStore {
  /**
   * Takes `units` when `used + units <= limit`, atomically: N callers racing for the last M units
   * get exactly M, across any number of processes (decisions section 4). Zero units is always
   * granted and reports the usage as it stands.
   */
  reserve(reservation: Reservation): Promise<ReserveResult>;
  /** Gives back `units` taken earlier in `period` (a charge whose answers were never delivered). */
  refund(refund: Refund): Promise<void>;
  used(accountId: string, period: string): Promise<number>;
}

export class KyselyUsageStore implements UsageStore {
  constructor(private readonly db: Executor) {}

  /**
   * One statement on both engines: the upsert's `WHERE used + n <= limit` is checked again on the
   * locked row (PostgreSQL ON CONFLICT DO UPDATE) or under SQLite's single writer.
   */
  async reserve({ accountId, period, units, limit }: Reservation): Promise<ReserveResult> {
    if (units <= 0) return { ok: true, used: await this.used(accountId, period) };
    if (units > limit) return { ok: false, used: await this.used(accountId, period) };
    const row = await this.db
      .insertInto('usage')
      .values({ account_id: accountId, period, used: units })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'period'])
          .doUpdateSet({ used: (eb) => eb('usage.used', '+', eb.ref('excluded.used')) })
          .where((eb) => eb(eb('usage.used', '+', eb.ref('excluded.used')), '<=', limit)),
      )
      .returning('used')
      .executeTakeFirst();
    if (row) return { ok: true, used: Number(row.used) };
    return { ok: false, used: await this.used(accountId, period) };
  }

  async refund({ accountId, period, units }: Refund): Promise<void> {
    if (units <= 0) return;
    await this.db
      .updateTable('usage')
      .set((eb) => ({ used: eb('used', '-', units) }))
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .where('used', '>=', units)
      .execute();
  }

  async used(accountId: string, period: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage')
      .select('used')
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .executeTakeFirst();
    return row ? Number(row.used) : 0;
  }
}
