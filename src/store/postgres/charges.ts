import type { ChargeStore } from '../charges.js';
import { CommitOutcomeUnknownError, isDatabaseUnavailable } from '../database.js';
import { RECORD_COLUMNS, type ValidationRecord } from '../records.js';
import { Sql, type SqlRunner } from '../sql.js';
import { RESERVE, type Reservation, type ReserveResult, type UsageStore } from '../usage.js';

/** PostgreSQL types of the record columns, for the parameters of a VALUES list. */
const COLUMN_TYPES: Record<(typeof RECORD_COLUMNS)[number], string> = {
  id: 'text',
  account_id: 'text',
  mode: 'text',
  request_id: 'text',
  reference: 'text',
  channel: 'text',
  batch_id: 'text',
  bulk_id: 'text',
  monitor_id: 'text',
  vat_number: 'text',
  country_code: 'text',
  valid: 'integer',
  company_name: 'text',
  company_address: 'text',
  consultation_number: 'text',
  requester_vat_number: 'text',
  requested_at: 'bigint',
  match: 'text',
  source: 'text',
  source_status: 'text',
  cached: 'integer',
  cached_at: 'bigint',
  stale: 'integer',
  evidence_id: 'text',
  record_hash: 'text',
  seal_id: 'text',
  created_at: 'bigint',
};
const ROW = `(${RECORD_COLUMNS.map((column) => `?::${COLUMN_TYPES[column]}`).join(', ')})`;

/** The charge statement of `records` records. */
function chargeText(records: number): string {
  return `with reserved as (${RESERVE.text.sqlite})
   insert into validations (${RECORD_COLUMNS.join(', ')})
   select * from (values ${Array(records).fill(ROW).join(', ')}) as v
   where exists (select 1 from reserved)
   returning (select used from reserved) as used`;
}

/**
 * Charges of up to this many records are prepared statements, one per count: a charge carries the
 * requests of an account that came while its previous charge was out (batched-charges.ts), most
 * often a few. Larger ones (a sync batch's answers, many waiting charges) are planned each time.
 */
const PREPARED_UP_TO = 8;
const PREPARED_CHARGES = Array.from(
  { length: PREPARED_UP_TO },
  (_, index) => new Sql(chargeText(index + 1), { prepare: true }),
);

function chargeOf(records: number): Sql {
  return PREPARED_CHARGES[records - 1] ?? new Sql(chargeText(records));
}

/**
 * PostgreSQL charges in one statement: the reservation's upsert (usage.ts RESERVE) as a CTE and
 * the records inserted only when it returned a row. One round trip, and the account's usage row
 * is locked for that statement alone, not across a transaction's round trips: every charge of an
 * account goes through that one row.
 */
export class PostgresChargeStore implements ChargeStore {
  constructor(
    private readonly sql: SqlRunner,
    private readonly usage: UsageStore,
  ) {}

  async charge(reservation: Reservation, records: readonly ValidationRecord[]): Promise<ReserveResult> {
    const { accountId, period, units, limit } = reservation;
    if (records.length === 0 || units <= 0 || units > limit) return this.usage.reserve(reservation);
    const statement = chargeOf(records.length);
    const parameters = [
      accountId,
      period,
      units,
      limit,
      ...records.flatMap((record) => RECORD_COLUMNS.map((column) => record[column])),
    ];
    let rows: Array<{ used: number }>;
    try {
      rows = await this.sql.write<{ used: number }>(statement, parameters);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new CommitOutcomeUnknownError(error);
      throw error;
    }
    if (rows.length > 0) return { ok: true, used: Number(rows[0].used) };
    return { ok: false, used: await this.usage.used(accountId, period) };
  }
}
