import { Sql, type SqlRunner } from './sql.js';
import type { KeyMode, ValidationsTable } from './tables.js';

/**
 * Reading validation records back: one record, and pages of records newest first
 * with the history filters. Pages are keyset pages on (created_at, id): the next page starts below
 * the last row seen, so records written meanwhile (newer, so above it) never shift later pages.
 */

/** A record with the time its seal was cut (null until sealed). */
export type RecordRow = ValidationsTable & { sealed_at: number | null };

export interface RecordFilter {
  /** Absent only for operators (the CLI): the API always reads one account and one key mode. */
  accountId?: string;
  mode?: KeyMode;
  /** Normalised, as stored. */
  vatNumber?: string;
  countryCode?: string;
  valid?: boolean;
  source?: string;
  channel?: string;
  reference?: string;
  /** Epoch ms on created_at: `from` inclusive, `to` exclusive. */
  from?: number;
  to?: number;
  monitorId?: string;
  bulkId?: string;
}

/** Where a page ends: the page after it holds the rows that sort below this one. */
export interface RecordPosition {
  createdAt: number;
  id: string;
}

export interface RecordReadStore {
  /** Up to `limit` rows matching `filter`, newest first (created_at, then id, descending), below `after`. */
  list(filter: RecordFilter, page: { limit: number; after?: RecordPosition }): Promise<RecordRow[]>;
  /** The owner's record with this id, or undefined (another account's or key mode's too). */
  get(owner: { accountId: string; mode: KeyMode }, id: string): Promise<RecordRow | undefined>;
}

/** The record columns and its seal's time, for both reads. */
const SELECT =
  'select v.*, s.sealed_at as sealed_at from validations v left join seals s on s.id = v.seal_id';

/** The filters compared for equality: column and the filter member holding its value. */
const EQUAL = [
  ['v.account_id', 'accountId'],
  ['v.mode', 'mode'],
  ['v.vat_number', 'vatNumber'],
  ['v.country_code', 'countryCode'],
  ['v.valid', 'valid'],
  ['v.source', 'source'],
  ['v.channel', 'channel'],
  ['v.reference', 'reference'],
  ['v.monitor_id', 'monitorId'],
  ['v.bulk_id', 'bulkId'],
] as const satisfies ReadonlyArray<readonly [string, keyof RecordFilter]>;

const GET = new Sql(`${SELECT} where v.id = ? and v.account_id = ? and v.mode = ?`);

/**
 * Hand-written SQL, as the request-path stores (sql.ts): a page is read on every history request,
 * and the query builder redid the same work for each one. One statement
 * per combination of filters in use, kept.
 */
export class SqlRecordReadStore implements RecordReadStore {
  private readonly statements = new Map<string, Sql>();

  constructor(private readonly sql: SqlRunner) {}

  list(filter: RecordFilter, page: { limit: number; after?: RecordPosition }): Promise<RecordRow[]> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    for (const [column, member] of EQUAL) {
      const value = filter[member];
      if (value === undefined) continue;
      conditions.push(`${column} = ?`);
      parameters.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
    }
    if (filter.from !== undefined) {
      conditions.push('v.created_at >= ?');
      parameters.push(filter.from);
    }
    if (filter.to !== undefined) {
      conditions.push('v.created_at < ?');
      parameters.push(filter.to);
    }
    const { after } = page;
    if (after) {
      // (created_at, id) < (c, i), written so both engines bound the index range on created_at.
      conditions.push('v.created_at <= ?', '(v.created_at < ? or v.id < ?)');
      parameters.push(after.createdAt, after.createdAt, after.id);
    }
    parameters.push(page.limit);
    const where = conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
    return this.sql.read<RecordRow>(this.statement(where), parameters);
  }

  async get(
    { accountId, mode }: { accountId: string; mode: KeyMode },
    id: string,
  ): Promise<RecordRow | undefined> {
    const rows = await this.sql.read<RecordRow>(GET, [id, accountId, mode]);
    return rows[0];
  }

  private statement(where: string): Sql {
    let statement = this.statements.get(where);
    if (statement === undefined) {
      statement = new Sql(`${SELECT}${where} order by v.created_at desc, v.id desc limit ?`);
      this.statements.set(where, statement);
    }
    return statement;
  }
}
