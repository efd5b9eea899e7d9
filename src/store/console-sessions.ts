import type { Executor } from './database.js';
import type { ConsoleSessionsTable, KeyMode } from './tables.js';

export type ConsoleSessionRow = ConsoleSessionsTable;

/** A live session with what its key resolves to now. */
export interface ActiveSession extends ConsoleSessionRow {
  /** The session key's SHA-256, read from api_keys (the console's internal requests present it). */
  key_hash: string;
  key_prefix: string;
}

/** Console sessions (migration 0012). Sessions of revoked keys are never returned. */
export interface ConsoleSessionStore {
  insert(row: ConsoleSessionRow): Promise<void>;
  /**
   * The session with this id whose key is not revoked, idle since no earlier than `idleSince` and
   * not past its absolute end; undefined otherwise (expired, signed out, key revoked, unknown id).
   */
  findActive(id: string, now: number, idleSince: number): Promise<ActiveSession | undefined>;
  touch(id: string, at: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Removes sessions past either end or of a revoked key; the number removed. */
  deleteExpired(now: number, idleSince: number): Promise<number>;
}

export class KyselyConsoleSessionStore implements ConsoleSessionStore {
  constructor(private readonly db: Executor) {}

  async insert(row: ConsoleSessionRow): Promise<void> {
    await this.db.insertInto('console_sessions').values(row).execute();
  }

  async findActive(id: string, now: number, idleSince: number): Promise<ActiveSession | undefined> {
    const row = await this.db
      .selectFrom('console_sessions as s')
      .innerJoin('api_keys as k', 'k.id', 's.key_id')
      .selectAll('s')
      .select(['k.key_hash', 'k.key_prefix', 'k.mode as key_mode'])
      .where('s.id', '=', id)
      .where('k.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', idleSince)
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

  async deleteExpired(now: number, idleSince: number): Promise<number> {
    const revoked = this.db.selectFrom('api_keys').select('id').where('revoked_at', 'is not', null);
    const result = await this.db
      .deleteFrom('console_sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb('last_seen_at', '<=', idleSince),
          eb('key_id', 'in', revoked),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
