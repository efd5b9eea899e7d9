import type { Tier } from '../accounts/tiers.js';
import type { DialectName, Executor } from './database.js';
import type { ApiKeysTable, KeyMode } from './tables.js';

/** Accounts and their API keys. Key material never reaches this store: only its SHA-256. */

export interface Account {
  id: string;
  name: string;
  tier: Tier;
  created_at: number;
}

export type KeyRow = ApiKeysTable;

export type KeySummary = Omit<KeyRow, 'key_hash'>;

/** What authentication resolves a key hash to. */
export interface KeyOwner {
  keyId: string;
  keyHash: string;
  accountId: string;
  tier: Tier;
  mode: KeyMode;
}

export interface AccountStore {
  insertAccount(account: Account): Promise<void>;
  getAccount(id: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
  countAccounts(): Promise<number>;
  setTier(id: string, tier: Tier): Promise<boolean>;
  insertKey(key: KeyRow): Promise<void>;
  listKeys(accountId: string): Promise<KeySummary[]>;
  /** Sets revoked_at unless already revoked; false when no such key exists. */
  revokeKey(keyId: string, now: number): Promise<boolean>;
  /** The unrevoked key with this hash and its account. */
  findKey(keyHash: string): Promise<KeyOwner | undefined>;
  /** One of the account's keys; undefined for another account's. */
  getKey(accountId: string, keyId: string): Promise<KeyRow | undefined>;
  /** Unrevoked keys of the account in this mode (and of any mode when `mode` is undefined). */
  countActiveKeys(accountId: string, mode?: KeyMode): Promise<number>;
  /**
   * Takes the account's row lock for the rest of the transaction (PostgreSQL; SQLite's single
   * writer serialises anyway), so checks of its keys and the change that follows are not raced.
   */
  lockAccount(accountId: string): Promise<boolean>;
  /** Sets last_used_at to `at` unless it is already as recent. */
  touchKey(keyId: string, at: number): Promise<void>;
}

export class KyselyAccountStore implements AccountStore {
  constructor(private readonly db: Executor) {}

  async insertAccount(account: Account): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row as Account | undefined;
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await this.db
      .selectFrom('accounts')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows as Account[];
  }

  async countAccounts(): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setTier(id: string, tier: Tier): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ tier })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertKey(key: KeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(key).execute();
  }

  async listKeys(accountId: string): Promise<KeySummary[]> {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'account_id', 'mode', 'key_prefix', 'created_at', 'revoked_at', 'name', 'last_used_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async revokeKey(keyId: string, now: number): Promise<boolean> {
    const existing = await this.db
      .selectFrom('api_keys')
      .select('id')
      .where('id', '=', keyId)
      .executeTakeFirst();
    if (!existing) return false;
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  }

  async findKey(keyHash: string): Promise<KeyOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select([
        'api_keys.id as keyId',
        'api_keys.key_hash as keyHash',
        'api_keys.mode',
        'accounts.id as accountId',
        'accounts.tier',
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .where('api_keys.revoked_at', 'is', null)
      .executeTakeFirst();
    return row ? { ...row, tier: row.tier as Tier } : undefined;
  }

  getKey(accountId: string, keyId: string): Promise<KeyRow | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async countActiveKeys(accountId: string, mode?: KeyMode): Promise<number> {
    let query = this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null);
    if (mode) query = query.where('mode', '=', mode);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async lockAccount(accountId: string): Promise<boolean> {
    // A no-op update: the portable way to lock one row on both engines (SQLite has no FOR UPDATE).
    const result = await this.db
      .updateTable('accounts')
      .set((eb) => ({ tier: eb.ref('tier') }))
      .where('id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async touchKey(keyId: string, at: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
      .execute();
  }
}

/**
 * Holds an account's row until the transaction ends, so work that counts an account's things
 * against a limit (monitors, webhook endpoints) runs one at a time per account. PostgreSQL only:
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockAccountRow(db: Executor, dialect: DialectName, accountId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}
