import { sql } from 'kysely';
import { lockAccountRow } from './accounts.js';
import type { DialectName, Executor } from './database.js';
import type { MonitorsTable } from './tables.js';
import type { Owner } from './webhooks.js';

/**
 * Monitors, per account and key mode: a test key never sees live monitors. The
 * scheduler's view (`due`, `countQueued`) spans every account.
 */

export type MonitorRow = MonitorsTable;

export interface MonitorFilter {
  limit: number;
  /** The sort key of the last row of the previous page. */
  before?: string;
  status?: MonitorRow['status'];
  vatNumber?: string;
  valid?: boolean;
  reference?: string;
}

export interface MonitorStore {
  /**
   * Serialises limit checks of one owner until the transaction ends (PostgreSQL: the account row
   * is locked; SQLite's single writer does it already).
   */
  lockOwner(owner: Owner): Promise<void>;
  /** Adds monitors; a number the owner already monitors is left as it is. */
  insert(rows: readonly MonitorRow[]): Promise<void>;
  count(owner: Owner): Promise<number>;
  /** The next free `slot`: one above the highest in use. */
  nextSlot(): Promise<number>;
  get(owner: Owner, id: string): Promise<MonitorRow | undefined>;
  getById(id: string): Promise<MonitorRow | undefined>;
  /** getById that holds the row until the transaction ends (PostgreSQL), so two checks settle in turn. */
  getForUpdate(id: string): Promise<MonitorRow | undefined>;
  findByNumbers(owner: Owner, vatNumbers: readonly string[]): Promise<MonitorRow[]>;
  /** Newest first; one row more than `limit` tells whether another page exists. */
  list(owner: Owner, filter: MonitorFilter): Promise<MonitorRow[]>;
  update(id: string, changes: Partial<MonitorRow>): Promise<void>;
  delete(owner: Owner, id: string): Promise<boolean>;
  /** Active monitors due by `now` with no check queued, the longest overdue first. */
  due(now: number, limit: number): Promise<MonitorRow[]>;
  /** Monitors whose check is queued or running. */
  countQueued(): Promise<number>;
  markQueued(ids: readonly string[], now: number): Promise<void>;
}

/** 20 columns per row: 1000 rows stay below SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 1000;
/** Numbers per `in (…)` list. */
const NUMBERS_PER_QUERY = 1000;

export class KyselyMonitorStore implements MonitorStore {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  lockOwner({ accountId }: Owner): Promise<void> {
    return lockAccountRow(this.db, this.dialect, accountId);
  }

  async insert(rows: readonly MonitorRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await this.db
        .insertInto('monitors')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflict((conflict) => conflict.columns(['account_id', 'mode', 'vat_number']).doNothing())
        .execute();
    }
  }

  async count({ accountId, mode }: Owner): Promise<number> {
    const row = await this.db
      .selectFrom('monitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async nextSlot(): Promise<number> {
    const row = await this.db
      .selectFrom('monitors')
      .select(sql<number | null>`max(slot)`.as('slot'))
      .executeTakeFirstOrThrow();
    return row.slot === null ? 1 : Number(row.slot) + 1;
  }

  get({ accountId, mode }: Owner, id: string): Promise<MonitorRow | undefined> {
    return this.db
      .selectFrom('monitors')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirst();
  }

  getById(id: string): Promise<MonitorRow | undefined> {
    return this.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getForUpdate(id: string): Promise<MonitorRow | undefined> {
    const query = this.db.selectFrom('monitors').selectAll().where('id', '=', id);
    return (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async findByNumbers({ accountId, mode }: Owner, vatNumbers: readonly string[]): Promise<MonitorRow[]> {
    const out: MonitorRow[] = [];
    for (let start = 0; start < vatNumbers.length; start += NUMBERS_PER_QUERY) {
      out.push(
        ...(await this.db
          .selectFrom('monitors')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('mode', '=', mode)
          .where('vat_number', 'in', vatNumbers.slice(start, start + NUMBERS_PER_QUERY))
          .execute()),
      );
    }
    return out;
  }

  list({ accountId, mode }: Owner, filter: MonitorFilter): Promise<MonitorRow[]> {
    let query = this.db
      .selectFrom('monitors')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('mode', '=', mode);
    if (filter.before !== undefined) query = query.where('seq', '<', filter.before);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.vatNumber !== undefined) query = query.where('vat_number', '=', filter.vatNumber);
    if (filter.valid !== undefined) query = query.where('last_valid', '=', filter.valid ? 1 : 0);
    if (filter.reference !== undefined) query = query.where('reference', '=', filter.reference);
    return query
      .orderBy('seq', 'desc')
      .limit(filter.limit + 1)
      .execute();
  }

  async update(id: string, changes: Partial<MonitorRow>): Promise<void> {
    await this.db.updateTable('monitors').set(changes).where('id', '=', id).execute();
  }

  async delete({ accountId, mode }: Owner, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('monitors')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  due(now: number, limit: number): Promise<MonitorRow[]> {
    return this.db
      .selectFrom('monitors')
      .selectAll()
      .where('status', '=', 'active')
      .where('next_check_at', '<=', now)
      .where('queued_at', 'is', null)
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }

  async countQueued(): Promise<number> {
    const row = await this.db
      .selectFrom('monitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('queued_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markQueued(ids: readonly string[], now: number): Promise<void> {
    for (let start = 0; start < ids.length; start += NUMBERS_PER_QUERY) {
      await this.db
        .updateTable('monitors')
        .set({ queued_at: now })
        .where('id', 'in', ids.slice(start, start + NUMBERS_PER_QUERY))
        .execute();
    }
  }
}
