import { Sql, type SqlRunner } from './sql.js';
import type { KeyMode } from './tables.js';

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
  /**
   * Validation records of an account and key mode made in [from, to), counted per UTC day (days
   * since the epoch) and `source`.
   */
  recordCounts(accountId: string, mode: KeyMode, from: number, to: number): Promise<RecordCount[]>;
}

export interface RecordCount {
  /** Whole days since 1970-01-01 (UTC). */
  day: number;
  source: string;
  count: number;
}

export const DAY_MS = 86_400_000;

/**
 * One statement on both engines: the upsert's `WHERE used + n <= limit` is checked again on the
 * locked row (PostgreSQL ON CONFLICT DO UPDATE) or under SQLite's single writer.
 */
export const RESERVE = new Sql(
  `insert into usage (account_id, period, used) values (?, ?, ?)
   on conflict (account_id, period) do update set used = usage.used + excluded.used
   where usage.used + excluded.used <= ? returning used`,
  { prepare: true },
);
const USED = new Sql('select used from usage where account_id = ? and period = ?', { prepare: true });
// Integer division on both engines (BIGINT on PostgreSQL, INTEGER on SQLite): the UTC day.
const RECORD_COUNTS = new Sql(
  `select created_at / ${DAY_MS} as day, source, count(*) as n from validations
   where account_id = ? and mode = ? and created_at >= ? and created_at < ?
   group by created_at / ${DAY_MS}, source`,
);
const REFUND = new Sql('update usage set used = used - ? where account_id = ? and period = ? and used >= ?');

export class SqlUsageStore implements UsageStore {
  constructor(private readonly sql: SqlRunner) {}

  async reserve({ accountId, period, units, limit }: Reservation): Promise<ReserveResult> {
    if (units <= 0) return { ok: true, used: await this.used(accountId, period) };
    if (units > limit) return { ok: false, used: await this.used(accountId, period) };
    const [row] = await this.sql.write<{ used: number }>(RESERVE, [accountId, period, units, limit]);
    if (row) return { ok: true, used: Number(row.used) };
    return { ok: false, used: await this.used(accountId, period) };
  }

  async refund({ accountId, period, units }: Refund): Promise<void> {
    if (units > 0) await this.sql.write(REFUND, [units, accountId, period, units]);
  }

  async recordCounts(accountId: string, mode: KeyMode, from: number, to: number): Promise<RecordCount[]> {
    const rows = await this.sql.read<{ day: number; source: string; n: number }>(RECORD_COUNTS, [
      accountId,
      mode,
      from,
      to,
    ]);
    return rows.map((row) => ({ day: Number(row.day), source: row.source, count: Number(row.n) }));
  }

  async used(accountId: string, period: string): Promise<number> {
    const [row] = await this.sql.read<{ used: number }>(USED, [accountId, period]);
    return row ? Number(row.used) : 0;
  }
}
