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

const INSERT = new Sql(
  `insert into decisions (${DECISION_COLUMNS.join(', ')}) values (${DECISION_COLUMNS.map(() => '?').join(', ')})`,
  { prepare: true },
);

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

  async insert(row: DecisionsTable): Promise<void> {
    await this.sql.write(
      INSERT,
      DECISION_COLUMNS.map((column) => row[column]),
    );
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

/**
 * SQLite: each decision written in a transaction of its own, so it shares the commit of the other
 * writes of the same moment (sqlite/group-commit.ts); a statement outside one paid a commit of its
 * own, which cost more CPU than the rest of the decision (bench: 412 against 310 µs per decision).
 * PostgreSQL writes the one statement as it is: a transaction there adds two round trips.
 */
export class GroupedDecisionStore implements DecisionStore {
  constructor(
    private readonly store: DecisionStore,
    private readonly transaction: <T>(
      work: (stores: { decisions: DecisionStore }) => Promise<T>,
    ) => Promise<T>,
  ) {}

  insert(row: DecisionsTable): Promise<void> {
    return this.transaction((stores) => stores.decisions.insert(row));
  }

  get(owner: { accountId: string; mode: KeyMode }, id: string): Promise<DecisionRow | undefined> {
    return this.store.get(owner, id);
  }

  list(filter: DecisionFilter, page: { limit: number; after?: DecisionPosition }): Promise<DecisionRow[]> {
    return this.store.list(filter, page);
  }
}
