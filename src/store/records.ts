import type { Executor } from './database.js';
import type { ValidationsTable } from './tables.js';

/** Validation records: one row per answer served with a live key, for usage figures and audits. */

export type ValidationRecord = ValidationsTable;

export interface RecordStore {
  insert(records: readonly ValidationRecord[]): Promise<void>;
  /** Deletes the records with these ids; the number that existed. */
  remove(ids: readonly string[]): Promise<number>;
}

/** Rows per insert statement: 9 columns each stays far below both engines' parameter limits. */
const ROWS_PER_INSERT = 500;

export class KyselyRecordStore implements RecordStore {
  constructor(private readonly db: Executor) {}

  async insert(records: readonly ValidationRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      await this.db
        .insertInto('validations')
        .values(records.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
  }

  async remove(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('validations').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
