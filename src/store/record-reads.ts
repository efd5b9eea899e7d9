import type { Executor } from './database.js';
import type { KeyMode, ValidationsTable } from './tables.js';

/**
 * Reading validation records back (wave-2 A3-A5): one record, and pages of records newest first
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

export class KyselyRecordReadStore implements RecordReadStore {
  constructor(private readonly db: Executor) {}

  private select() {
    return this.db
      .selectFrom('validations as v')
      .leftJoin('seals as s', 's.id', 'v.seal_id')
      .selectAll('v')
      .select('s.sealed_at as sealed_at');
  }

  list(filter: RecordFilter, page: { limit: number; after?: RecordPosition }): Promise<RecordRow[]> {
    const { after } = page;
    return this.select()
      .where((eb) => {
        const conditions = [];
        const equal = [
          ['v.account_id', filter.accountId],
          ['v.mode', filter.mode],
          ['v.vat_number', filter.vatNumber],
          ['v.country_code', filter.countryCode],
          ['v.valid', filter.valid === undefined ? undefined : filter.valid ? 1 : 0],
          ['v.source', filter.source],
          ['v.channel', filter.channel],
          ['v.reference', filter.reference],
          ['v.monitor_id', filter.monitorId],
          ['v.bulk_id', filter.bulkId],
        ] as const;
        for (const [column, value] of equal)
          if (value !== undefined) conditions.push(eb(column, '=', value as never));
        if (filter.from !== undefined) conditions.push(eb('v.created_at', '>=', filter.from));
        if (filter.to !== undefined) conditions.push(eb('v.created_at', '<', filter.to));
        if (after) {
          // (created_at, id) < (c, i), written so both engines bound the index range on created_at.
          conditions.push(eb('v.created_at', '<=', after.createdAt));
          conditions.push(eb.or([eb('v.created_at', '<', after.createdAt), eb('v.id', '<', after.id)]));
        }
        return eb.and(conditions);
      })
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(page.limit)
      .execute() as Promise<RecordRow[]>;
  }

  get({ accountId, mode }: { accountId: string; mode: KeyMode }, id: string): Promise<RecordRow | undefined> {
    return this.select()
      .where('v.id', '=', id)
      .where('v.account_id', '=', accountId)
      .where('v.mode', '=', mode)
      .executeTakeFirst() as Promise<RecordRow | undefined>;
  }
}
