import { type Removal, removeUnsealedRows } from './records.js';
import { Sql, type SqlRunner } from './sql.js';
import type { DecisionsTable, KeyMode } from './tables.js';

/**
 * VAT decisions (POST /v1/decisions): written once, read back one at a time or a page at a time,
 * newest first. Pages are keyset pages on (created_at, id), as the validation history's are
 * (record-reads.ts): decisions made while a caller pages sort above the first page.
 */

/** A decision with the time its seal was made (null until sealed). */
export type DecisionRow = DecisionsTable & { sealed_at: number | null };

export interface DecisionFilter {
  accountId: string;
  mode: KeyMode;
  treatment?: string;
  buyerCountry?: string;
  reference?: string;
  /** Epoch ms on created_at: `from` inclusive, `to` exclusive. */
  from?: number;
  to?: number;
}

export interface DecisionPosition {
  createdAt: number;
  id: string;
}

export interface DecisionStore {
  insert(row: DecisionsTable): Promise<void>;
  /** Several decisions in one statement. */
  insertMany(rows: readonly DecisionsTable[]): Promise<void>;
  /**
   * Deletes the decisions with these ids that no seal closes yet (a charge that committed although
   * its request failed); how many it deleted and how many it left sealed.
   */
  removeUnsealed(ids: readonly string[]): Promise<Removal>;
  /** The owner's decision with this id, or undefined (another account's or key mode's too). */
  get(owner: { accountId: string; mode: KeyMode }, id: string): Promise<DecisionRow | undefined>;
  /** Up to `limit` decisions matching `filter`, newest first, below `after`. */
  list(filter: DecisionFilter, page: { limit: number; after?: DecisionPosition }): Promise<DecisionRow[]>;
}

export const DECISION_COLUMNS = [
  'id',
  'account_id',
  'mode',
  'request_id',
  'reference',
  'treatment',
  'seller_country',
  'buyer_country',
  'validation_id',
  'body',
  'record_hash',
  'seal_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof DecisionsTable>;

const ROW = `(${DECISION_COLUMNS.map(() => '?').join(', ')})`;

/** Rows per statement: 13 parameters each, far below both engines' limits. */
const MAX_ROWS = 500;

/** The insert of `count` rows; those of up to 16 rows are prepared statements, kept. */
const INSERTS = new Map<number, Sql>();
function insertOf(count: number): Sql {
  let statement = INSERTS.get(count);
  if (!statement) {
    const text = `insert into decisions (${DECISION_COLUMNS.join(', ')}) values ${Array(count).fill(ROW).join(', ')}`;
    statement = new Sql(text, { prepare: count <= 16 });
    if (count <= 16) INSERTS.set(count, statement);
  }
  return statement;
}

const SELECT = 'select d.*, s.sealed_at as sealed_at from decisions d left join seals s on s.id = d.seal_id';

const GET = new Sql(`${SELECT} where d.id = ? and d.account_id = ? and d.mode = ?`);

const EQUAL = [
  ['d.account_id', 'accountId'],
  ['d.mode', 'mode'],
  ['d.treatment', 'treatment'],
  ['d.buyer_country', 'buyerCountry'],
  ['d.reference', 'reference'],
] as const satisfies ReadonlyArray<readonly [string, keyof DecisionFilter]>;

export class SqlDecisionStore implements DecisionStore {
  private readonly statements = new Map<string, Sql>();

  constructor(private readonly sql: SqlRunner) {}

  insert(row: DecisionsTable): Promise<void> {
    return this.insertMany([row]);
  }

  async insertMany(rows: readonly DecisionsTable[]): Promise<void> {
    for (let start = 0; start < rows.length; start += MAX_ROWS) {
      const chunk = rows.slice(start, start + MAX_ROWS);
      await this.sql.write(
        insertOf(chunk.length),
        chunk.flatMap((row) => DECISION_COLUMNS.map((column) => row[column])),
      );
    }
  }

  removeUnsealed(ids: readonly string[]): Promise<Removal> {
    return removeUnsealedRows(this.sql, 'decisions', ids, MAX_ROWS);
  }

  async get(
    { accountId, mode }: { accountId: string; mode: KeyMode },
    id: string,
  ): Promise<DecisionRow | undefined> {
    const rows = await this.sql.read<DecisionRow>(GET, [id, accountId, mode]);
    return rows[0] && numeric(rows[0]);
  }

  async list(
    filter: DecisionFilter,
    page: { limit: number; after?: DecisionPosition },
  ): Promise<DecisionRow[]> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    for (const [column, member] of EQUAL) {
      const value = filter[member];
      if (value === undefined) continue;
      conditions.push(`${column} = ?`);
      parameters.push(value);
    }
    if (filter.from !== undefined) {
      conditions.push('d.created_at >= ?');
      parameters.push(filter.from);
    }
    if (filter.to !== undefined) {
      conditions.push('d.created_at < ?');
      parameters.push(filter.to);
    }
    if (page.after) {
      // (created_at, id) < (c, i), written so both engines bound the index range on created_at.
      conditions.push('d.created_at <= ?', '(d.created_at < ? or d.id < ?)');
      parameters.push(page.after.createdAt, page.after.createdAt, page.after.id);
    }
    parameters.push(page.limit);
    const where = ` where ${conditions.join(' and ')}`;
    let statement = this.statements.get(where);
    if (statement === undefined) {
      statement = new Sql(`${SELECT}${where} order by d.created_at desc, d.id desc limit ?`);
      this.statements.set(where, statement);
    }
    return (await this.sql.read<DecisionRow>(statement, parameters)).map(numeric);
  }
}

/** Times as numbers on both engines. */
function numeric(row: DecisionRow): DecisionRow {
  return {
    ...row,
    created_at: Number(row.created_at),
    sealed_at: row.sealed_at === null ? null : Number(row.sealed_at),
  };
}

interface Waiting {
  row: DecisionsTable;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Decisions written together: at most one insert is out at a time, and the decisions made while
 * it runs go in the next one, a single statement (on SQLite inside `write`'s transaction, so it
 * also shares the commit of the other writes of its moment, sqlite/group-commit.ts). Each caller
 * hears back once its row is committed. One statement per decision cost more CPU than the rest of
 * the decision (bench, PostgreSQL --quick: 831 µs per decision in a transaction of its own, 662
 * as a statement of its own; SQLite: 412 as a statement, 310 in the group commit).
 */
export class BatchedDecisions implements DecisionStore {
  private waiting: Waiting[] = [];
  private busy = false;

  constructor(
    private readonly store: DecisionStore,
    /** Runs one batch's insert: in a transaction on SQLite, as it is on PostgreSQL. */
    private readonly write: (rows: readonly DecisionsTable[]) => Promise<void>,
  ) {}

  insert(row: DecisionsTable): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // The decisions of the rest of this event-loop turn go in the first statement too.
        setImmediate(() => void this.drain());
      }
    });
  }

  insertMany(rows: readonly DecisionsTable[]): Promise<void> {
    return Promise.all(rows.map((row) => this.insert(row))).then(() => undefined);
  }

  removeUnsealed(ids: readonly string[]): Promise<Removal> {
    return this.store.removeUnsealed(ids);
  }

  get(owner: { accountId: string; mode: KeyMode }, id: string): Promise<DecisionRow | undefined> {
    return this.store.get(owner, id);
  }

  list(filter: DecisionFilter, page: { limit: number; after?: DecisionPosition }): Promise<DecisionRow[]> {
    return this.store.list(filter, page);
  }

  /** Writes the waiting decisions, a batch at a time, until none is left; never throws. */
  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_ROWS);
      try {
        await this.write(batch.map((call) => call.row));
        for (const call of batch) call.resolve();
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    this.busy = false;
  }
}
