import { sql } from 'kysely';
import type { AppliedChange, ChangeKind, RateEntry } from '../rates/entries.js';
import type { DialectName, Executor } from './database.js';
import type { RateSyncsTable } from './tables.js';

/**
 * The changes syncs applied from TEDB and the log of every sync run (docs/rates.md). `lock`
 * serialises syncs across instances: it is taken first in the transaction that compares and
 * applies, so a second sync waits for the first to commit and then finds its changes applied.
 */

export type RateSyncRow = RateSyncsTable;

export interface RateStore {
  /** Holds every other sync's transaction until this one ends (call inside a transaction). */
  lock(): Promise<void>;
  /** Every applied change, oldest first by date, then by when applied. */
  listChanges(): Promise<AppliedChange[]>;
  /** Changes in number and the last applied time: cheap to poll for another instance's apply. */
  changesVersion(): Promise<string>;
  /** Stores the changes not stored yet by the same sync (ids by position); returns those it stored. */
  insertChanges(
    syncId: string,
    changes: readonly AppliedChange[],
    ids: (index: number) => string,
  ): Promise<AppliedChange[]>;
  recordSync(row: RateSyncRow): Promise<void>;
  /** The latest sync run, and the latest that ran to the end (`ok`). */
  lastSync(): Promise<RateSyncRow | undefined>;
  lastOkSync(): Promise<RateSyncRow | undefined>;
}

/** The advisory lock's key on PostgreSQL: any number no other part of the service uses. */
const SYNC_LOCK_KEY = 7_301_201;

export class KyselyRateStore implements RateStore {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  async lock(): Promise<void> {
    // SQLite: the transaction began IMMEDIATE, so it holds the database's one write lock already.
    if (this.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`.execute(this.db);
  }

  async listChanges(): Promise<AppliedChange[]> {
    const rows = await this.db
      .selectFrom('rate_changes')
      .selectAll()
      .orderBy('effective_from')
      .orderBy('applied_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      country_code: row.country_code,
      effective_from: row.effective_from,
      kind: row.kind as ChangeKind,
      category: row.category_id ? { id: row.category_id, name: row.category_name ?? row.category_id } : null,
      before: JSON.parse(row.before) as RateEntry[],
      after: JSON.parse(row.after) as RateEntry[],
      source: {
        kind: 'tedb',
        retrieved_at: new Date(Number(row.retrieved_at)).toISOString(),
        reply_sha256: row.reply_sha256,
      },
      applied_at: Number(row.applied_at),
    }));
  }

  async changesVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('rate_changes')
      .select([sql<number>`count(*)`.as('count'), sql<number | null>`max(applied_at)`.as('latest')])
      .executeTakeFirstOrThrow();
    return `${Number(row.count)}:${row.latest ?? 0}`;
  }

  async insertChanges(
    syncId: string,
    changes: readonly AppliedChange[],
    ids: (index: number) => string,
  ): Promise<AppliedChange[]> {
    const stored: AppliedChange[] = [];
    for (const [index, change] of changes.entries()) {
      const inserted = await this.db
        .insertInto('rate_changes')
        .values({
          id: ids(index),
          sync_id: syncId,
          country_code: change.country_code,
          effective_from: change.effective_from,
          kind: change.kind,
          category_id: change.category?.id ?? '',
          category_name: change.category?.name ?? null,
          before: JSON.stringify(change.before),
          after: JSON.stringify(change.after),
          retrieved_at: Date.parse(change.source.retrieved_at),
          reply_sha256: change.source.reply_sha256,
          applied_at: change.applied_at,
        })
        .onConflict((conflict) =>
          conflict.columns(['sync_id', 'country_code', 'effective_from', 'kind', 'category_id']).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (inserted) stored.push(change);
    }
    return stored;
  }

  async recordSync(row: RateSyncRow): Promise<void> {
    await this.db.insertInto('rate_syncs').values(row).execute();
  }

  lastSync(): Promise<RateSyncRow | undefined> {
    return this.db
      .selectFrom('rate_syncs')
      .selectAll()
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  lastOkSync(): Promise<RateSyncRow | undefined> {
    return this.db
      .selectFrom('rate_syncs')
      .selectAll()
      .where('result', '=', 'ok')
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
