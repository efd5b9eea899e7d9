import type { DialectName, Executor } from './database.js';
import { Sql } from './sql.js';
import type { ValidationsTable } from './tables.js';

/** Validation records: one row per answer served with a live key, for usage figures and audits. */

export type ValidationRecord = ValidationsTable;

export interface RecordStore {
  insert(records: readonly ValidationRecord[]): Promise<void>;
  /** Deletes the records with these ids; the number that existed. */
  remove(ids: readonly string[]): Promise<number>;
}

const COLUMNS = [
  'id',
  'account_id',
  'request_id',
  'vat_number',
  'valid',
  'source',
  'source_status',
  'channel',
  'created_at',
] as const satisfies ReadonlyArray<keyof ValidationRecord>;

/** Rows per insert statement: 9 parameters each stays far below both engines' limits. */
const ROWS_PER_INSERT = 500;

const ROW = `(${COLUMNS.map(() => '?').join(', ')})`;

/** The multi-row insert of `rows` records (SQLite keeps one prepared statement per text). */
function insertOf(rows: number): Sql {
  return new Sql(
    `insert into validations (${COLUMNS.join(', ')}) values ${Array(rows).fill(ROW).join(', ')}`,
  );
}

export class SqlRecordStore implements RecordStore {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  async insert(records: readonly ValidationRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      const chunk = records.slice(start, start + ROWS_PER_INSERT);
      await insertOf(chunk.length).rows(
        this.db,
        this.dialect,
        chunk.flatMap((record) => COLUMNS.map((column) => record[column])),
      );
    }
  }

  async remove(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('validations').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
