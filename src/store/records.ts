import type { Executor } from './database.js';
import type { ValidationsTable } from './tables.js';

/** Validation records: one row per answer served with a live key, for usage figures and audits. */

export type ValidationRecord = ValidationsTable;

export interface RecordStore {
  insert(records: readonly ValidationRecord[]): Promise<void>;
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
}
