import { CompiledQuery } from 'kysely';
import type { DialectName, Executor } from './database.js';
import type { BulkFilesTable, BulkRowsTable, KeyMode } from './tables.js';

/** Bulk files and their rows. */

export type BulkFile = BulkFilesTable;
export type BulkRow = BulkRowsTable;

export interface BulkOwner {
  accountId: string;
  mode: KeyMode;
}

/** What one unique number of a file ended with; every pending row of that number gets it. */
export interface UnitOutcome {
  unit: number;
  status: 'succeeded' | 'failed';
  valid: number | null;
  company_name: string | null;
  company_address: string | null;
  source: string | null;
  source_status: string | null;
  consultation_number: string | null;
  validation_id: string | null;
  error_code: string | null;
  /** JSON: the answer's `data.match`, null when the unit has no trader fields. */
  match: string | null;
}

/** The result columns of a row without an answer. */
export const NO_RESULT = {
  valid: null,
  company_name: null,
  company_address: null,
  source: null,
  source_status: null,
  consultation_number: null,
  validation_id: null,
  error_code: null,
  match: null,
} as const satisfies Omit<UnitOutcome, 'unit' | 'status'>;

export interface BulkStore {
  insertFile(file: BulkFile): Promise<void>;
  insertRows(rows: readonly BulkRow[]): Promise<void>;
  /** Opens a `receiving` file with its status and counts; throws when it is not receiving. */
  openFile(file: BulkFile): Promise<void>;
  /** Deletes a file that is still `receiving`, its rows with it (a refused upload). */
  deleteReceiving(id: string): Promise<void>;
  /** Deletes the files still `receiving` that were created before `before`; how many. */
  deleteReceivingBefore(before: number): Promise<number>;
  /** A file, unless it is still `receiving`. */
  getFile(id: string): Promise<BulkFile | undefined>;
  /** The owner's files, newest first (ids are time-ordered), `limit + 1` rows from below `before`. */
  listFiles(owner: BulkOwner, page: { limit: number; before?: string }): Promise<BulkFile[]>;
  /** The still pending rows of units `from` (inclusive) to `to` (exclusive), in input order. */
  pendingRows(bulkId: string, from: number, to: number): Promise<BulkRow[]>;
  /** Writes a unit's outcome into its pending rows; the number of rows it settled (0: done before). */
  settleUnit(bulkId: string, outcome: UnitOutcome): Promise<number>;
  /** Adds settled rows to the file's counters; the counters after the change (atomic on both engines). */
  countSettled(
    bulkId: string,
    counts: { succeeded: number; failed: number },
    now: number,
  ): Promise<{ processed: number; accepted: number }>;
  /** Marks the file completed; false when it already was (its event is sent once). */
  completeFile(bulkId: string, now: number): Promise<boolean>;
  /** Up to `limit` rows after `afterPosition`, in input order (the results file, page by page). */
  rowsAfter(bulkId: string, afterPosition: number, limit: number): Promise<BulkRow[]>;
}

/** 18 columns per row: 1500 rows stay below SQLite's 32,766 bound parameters. */
export const BULK_ROWS_PER_INSERT = 1500;

/** The columns a row is inserted with, and their PostgreSQL types (for its array parameters). */
const ROW_COLUMN_TYPES = {
  bulk_id: 'text',
  position: 'int4',
  line: 'int4',
  input: 'text',
  vat_number: 'text',
  normalised: 'text',
  unit: 'int4',
  reference: 'text',
  status: 'text',
  valid: 'int4',
  company_name: 'text',
  company_address: 'text',
  source: 'text',
  source_status: 'text',
  consultation_number: 'text',
  validation_id: 'text',
  error_code: 'text',
  match: 'text',
} as const satisfies Record<keyof BulkRow, 'text' | 'int4'>;

const ROW_COLUMNS = Object.keys(ROW_COLUMN_TYPES) as Array<keyof BulkRow>;

/** SQLite: `insert into bulk_rows … values (…), (…)` for `count` rows, the values as one flat list. */
function insertRowsStatement(count: number): string {
  const tuple = `(${ROW_COLUMNS.map(() => '?').join(', ')})`;
  return `insert into bulk_rows (${ROW_COLUMNS.join(', ')}) values ${Array(count).fill(tuple).join(', ')}`;
}

/**
 * PostgreSQL: one array parameter per column, unnested into rows. The server parses 18 arrays in
 * place of tens of thousands of bound values, which makes a file's rows much cheaper to write.
 */
const INSERT_UNNESTED = `insert into bulk_rows (${ROW_COLUMNS.join(', ')}) select * from unnest(${ROW_COLUMNS.map(
  (column, index) => `$${index + 1}::${ROW_COLUMN_TYPES[column]}[]`,
).join(', ')})`;

export class KyselyBulkStore implements BulkStore {
  /** SQLite statements by row count: a full chunk's is built once. */
  private readonly inserts = new Map<number, string>();

  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  async insertFile(file: BulkFile): Promise<void> {
    await this.db.insertInto('bulk_files').values(file).execute();
  }

  /**
   * Raw inserts with the values as flat parameter lists: the query builder would make a node per
   * value (millions for a large file), and the heap would grow by hundreds of MB.
   */
  async insertRows(rows: readonly BulkRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.dialect === 'postgres') {
      const columns = ROW_COLUMNS.map((column) => rows.map((row) => row[column]));
      await this.db.executeQuery(CompiledQuery.raw(INSERT_UNNESTED, columns));
      return;
    }
    for (let start = 0; start < rows.length; start += BULK_ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + BULK_ROWS_PER_INSERT);
      let statement = this.inserts.get(chunk.length);
      if (!statement) {
        statement = insertRowsStatement(chunk.length);
        if (chunk.length === BULK_ROWS_PER_INSERT) this.inserts.set(chunk.length, statement);
      }
      const parameters = chunk.flatMap((row) => ROW_COLUMNS.map((column) => row[column]));
      await this.db.executeQuery(CompiledQuery.raw(statement, parameters));
    }
  }

  async openFile(file: BulkFile): Promise<void> {
    const { status, total, accepted, rejected, unique_count, completed_at } = file;
    const outcome = await this.db
      .updateTable('bulk_files')
      .set({ status, total, accepted, rejected, unique_count, completed_at })
      .where('id', '=', file.id)
      .where('status', '=', 'receiving')
      .executeTakeFirst();
    if (Number(outcome.numUpdatedRows) !== 1) throw new Error(`bulk file ${file.id} is not receiving`);
  }

  // Rows go with their file: bulk_rows.bulk_id references it ON DELETE CASCADE.
  async deleteReceiving(id: string): Promise<void> {
    await this.db.deleteFrom('bulk_files').where('id', '=', id).where('status', '=', 'receiving').execute();
  }

  async deleteReceivingBefore(before: number): Promise<number> {
    const outcome = await this.db
      .deleteFrom('bulk_files')
      .where('status', '=', 'receiving')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(outcome.numDeletedRows);
  }

  getFile(id: string): Promise<BulkFile | undefined> {
    return this.db
      .selectFrom('bulk_files')
      .selectAll()
      .where('id', '=', id)
      .where('status', '!=', 'receiving')
      .executeTakeFirst();
  }

  listFiles({ accountId, mode }: BulkOwner, page: { limit: number; before?: string }): Promise<BulkFile[]> {
    let query = this.db
      .selectFrom('bulk_files')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .where('status', '!=', 'receiving')
      .orderBy('id', 'desc')
      .limit(page.limit + 1);
    if (page.before !== undefined) query = query.where('id', '<', page.before);
    return query.execute();
  }

  pendingRows(bulkId: string, from: number, to: number): Promise<BulkRow[]> {
    return this.db
      .selectFrom('bulk_rows')
      .selectAll()
      .where('bulk_id', '=', bulkId)
      .where('unit', '>=', from)
      .where('unit', '<', to)
      .where('status', '=', 'pending')
      .orderBy('position')
      .execute();
  }

  async settleUnit(bulkId: string, { unit, ...result }: UnitOutcome): Promise<number> {
    const outcome = await this.db
      .updateTable('bulk_rows')
      .set(result)
      .where('bulk_id', '=', bulkId)
      .where('unit', '=', unit)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(outcome.numUpdatedRows);
  }

  async countSettled(
    bulkId: string,
    counts: { succeeded: number; failed: number },
    now: number,
  ): Promise<{ processed: number; accepted: number }> {
    const row = await this.db
      .updateTable('bulk_files')
      .set((eb) => ({
        processed: eb('processed', '+', counts.succeeded + counts.failed),
        succeeded: eb('succeeded', '+', counts.succeeded),
        failed: eb('failed', '+', counts.failed),
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
      }))
      .where('id', '=', bulkId)
      .returning(['processed', 'accepted'])
      .executeTakeFirstOrThrow();
    return { processed: Number(row.processed), accepted: Number(row.accepted) };
  }

  async completeFile(bulkId: string, now: number): Promise<boolean> {
    const outcome = await this.db
      .updateTable('bulk_files')
      .set({ status: 'completed', completed_at: now })
      .where('id', '=', bulkId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(outcome.numUpdatedRows) === 1;
  }

  rowsAfter(bulkId: string, afterPosition: number, limit: number): Promise<BulkRow[]> {
    return this.db
      .selectFrom('bulk_rows')
      .selectAll()
      .where('bulk_id', '=', bulkId)
      .where('position', '>', afterPosition)
      .orderBy('position')
      .limit(limit)
      .execute();
  }
}
