import { Sql, type SqlRunner } from './sql.js';
import type { ValidationsTable } from './tables.js';

/** Validation records: one row per answer served with a live key, for usage figures and audits. */

export type ValidationRecord = ValidationsTable;

export interface RecordStore {
  insert(records: readonly ValidationRecord[]): Promise<void>;
  /**
   * Deletes the records with these ids that no seal closes yet; how many it deleted, and how many
   * it left because a seal closes them (a sealed record cannot go without breaking the chain).
   */
  removeUnsealed(ids: readonly string[]): Promise<Removal>;
}

/** What `removeUnsealed` did: rows deleted, and rows left because a seal closes them. */
export interface Removal {
  removed: number;
  sealed: number;
}

export const RECORD_COLUMNS = [
  'id',
  'account_id',
  'mode',
  'request_id',
  'reference',
  'channel',
  'batch_id',
  'bulk_id',
  'monitor_id',
  'vat_number',
  'country_code',
  'valid',
  'company_name',
  'company_address',
  'consultation_number',
  'requester_vat_number',
  'requested_at',
  'match',
  'source',
  'source_status',
  'cached',
  'cached_at',
  'stale',
  'evidence_id',
  'record_hash',
  'seal_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof ValidationRecord>;

/** Rows per insert statement: 27 parameters each stays below both engines' limits (32,766 and 65,535). */
const ROWS_PER_INSERT = 1000;

const ROW = `(${RECORD_COLUMNS.map(() => '?').join(', ')})`;

/** The multi-row insert of `rows` records (SQLite keeps one prepared statement per text). */
function insertOf(rows: number): Sql {
  if (rows === 1) return INSERT_ONE;
  return new Sql(
    `insert into validations (${RECORD_COLUMNS.join(', ')}) values ${Array(rows).fill(ROW).join(', ')}`,
  );
}

/** Most inserts are of one record (one answer). */
const INSERT_ONE = new Sql(`insert into validations (${RECORD_COLUMNS.join(', ')}) values ${ROW}`, {
  prepare: true,
});

export class SqlRecordStore implements RecordStore {
  constructor(private readonly sql: SqlRunner) {}

  async insert(records: readonly ValidationRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      const chunk = records.slice(start, start + ROWS_PER_INSERT);
      await this.sql.write(
        insertOf(chunk.length),
        chunk.flatMap((record) => RECORD_COLUMNS.map((column) => record[column])),
      );
    }
  }

  removeUnsealed(ids: readonly string[]): Promise<Removal> {
    return removeUnsealedRows(this.sql, 'validations', ids, ROWS_PER_INSERT);
  }
}

/**
 * Deletes the unsealed rows of `table` with these ids, `chunk` ids a statement, and counts those
 * left (sealed). The delete's `seal_id is null` is checked again on a row a sealer is marking at
 * that moment (PostgreSQL waits for its lock, SQLite for the write lock), so a row is either
 * deleted or sealed, never both.
 */
export async function removeUnsealedRows(
  sql: SqlRunner,
  table: 'validations' | 'decisions',
  ids: readonly string[],
  chunk: number,
): Promise<Removal> {
  const removal = { removed: 0, sealed: 0 };
  for (let start = 0; start < ids.length; start += chunk) {
    const some = ids.slice(start, start + chunk);
    const list = some.map(() => '?').join(', ');
    removal.removed += (
      await sql.write(
        new Sql(`delete from ${table} where id in (${list}) and seal_id is null returning id`),
        some,
      )
    ).length;
    removal.sealed += (await sql.read(new Sql(`select id from ${table} where id in (${list})`), some)).length;
  }
  return removal;
}
