import type { ExpressionBuilder } from 'kysely';
import { lockAccountRow } from './accounts.js';
import type { Database, Executor } from './database.js';
import type { ConsoleSessionsTable, KeyMode, Tables } from './tables.js';

export type ConsoleSessionRow = ConsoleSessionsTable;

/** A live session with what its key resolves to now. */
export interface ActiveSession extends ConsoleSessionRow {
  /** The session key's SHA-256, read from api_keys (the console's internal requests present it). */
  key_hash: string;
  key_prefix: string;
}

/**
 * A live session was seen after `idleSince`, was made after `createdSince` (so a lifetime lowered
 * in the configuration applies to sessions already open) and has `expires_at` after `now`.
 */
export interface LiveBounds {
  now: number;
  idleSince: number;
  createdSince: number;
}

/** Console sessions (migration 0012). Sessions of revoked keys are never returned. */
export interface ConsoleSessionStore {
  /**
   * Adds a new session, then removes the account's sessions out of `bounds` or of a revoked key
   * and all but the `keep` seen most recently (the newest first among those seen at the same
   * time), the new one always kept: another instance whose clock runs ahead may have seen every
   * other session later than this one's clock reads. Under the account's lock, so sign-ins at once
   * add and trim one after another and together leave `keep` sessions.
   */
  insertWithin(row: ConsoleSessionRow, keep: number, bounds: LiveBounds): Promise<void>;
  /**
   * The session with this id whose key is not revoked and that is within `bounds`; undefined
   * otherwise (expired, signed out, replaced, key revoked, unknown id).
   */
  findActive(id: string, bounds: LiveBounds): Promise<ActiveSession | undefined>;
  touch(id: string, at: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Removes sessions out of `bounds` or of a revoked key; the number removed. */
  deleteExpired(bounds: LiveBounds): Promise<number>;
}

export class KyselyConsoleSessionStore implements ConsoleSessionStore {
  private readonly db: Executor;

  constructor(private readonly database: Database) {
    this.db = database.db;
  }

  async insertWithin(row: ConsoleSessionRow, keep: number, bounds: LiveBounds): Promise<void> {
    await this.database.transaction(async (db) => {
      await lockAccountRow(db, this.database.dialect, row.account_id);
      await db.insertInto('console_sessions').values(row).execute();
      await trimmed(db, row.account_id, keep, bounds, row.id);
    });
  }

  async findActive(id: string, bounds: LiveBounds): Promise<ActiveSession | undefined> {
    const row = await this.db
      .selectFrom('console_sessions as s')
      .innerJoin('api_keys as k', 'k.id', 's.key_id')
      .selectAll('s')
      .select(['k.key_hash', 'k.key_prefix', 'k.mode as key_mode'])
      .where('s.id', '=', id)
      .where('k.revoked_at', 'is', null)
      .where('s.expires_at', '>', bounds.now)
      .where('s.last_seen_at', '>', bounds.idleSince)
      .where('s.created_at', '>', bounds.createdSince)
      .executeTakeFirst();
    if (!row) return undefined;
    const { key_mode, ...session } = row;
    return { ...session, mode: key_mode as KeyMode };
  }

  async touch(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('console_sessions')
      .set({ last_seen_at: at })
      .where('id', '=', id)
      .where('last_seen_at', '<', at)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('id', '=', id).execute();
  }

  async deleteExpired(bounds: LiveBounds): Promise<number> {
    const result = await this.db
      .deleteFrom('console_sessions')
      .where((eb) => ended(eb, bounds, this.db))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The account's trim of insertWithin, in its transaction: `made` is kept and `keep` less one besides. */
async function trimmed(
  db: Executor,
  accountId: string,
  keep: number,
  bounds: LiveBounds,
  made: string,
): Promise<void> {
  // Through the account's keys, so both statements read the key_id index.
  const keys = db.selectFrom('api_keys').select('id').where('account_id', '=', accountId);
  await db
    .deleteFrom('console_sessions')
    .where('key_id', 'in', keys)
    .where((eb) => ended(eb, bounds, db))
    .execute();
  const kept = db
    .selectFrom('console_sessions')
    .select('id')
    .where('key_id', 'in', keys)
    .where('id', '!=', made)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(keep - 1);
  await db
    .deleteFrom('console_sessions')
    .where('key_id', 'in', keys)
    .where('id', '!=', made)
    .where('id', 'not in', kept)
    .execute();
}

/** A session past either end, made before `createdSince`, or of a revoked key. */
function ended(eb: ExpressionBuilder<Tables, 'console_sessions'>, bounds: LiveBounds, db: Executor) {
  const revoked = db.selectFrom('api_keys').select('id').where('revoked_at', 'is not', null);
  return eb.or([
    eb('expires_at', '<=', bounds.now),
    eb('last_seen_at', '<=', bounds.idleSince),
    eb('created_at', '<=', bounds.createdSince),
    eb('key_id', 'in', revoked),
  ]);
}
