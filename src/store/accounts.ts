import { hash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tier } from '../domain/tiers.js';
import { newId, randomBase62 } from '../ids.js';
import type { Tables } from './tables.js';

export type KeyMode = 'live' | 'test';

export interface Account {
  id: string;
  name: string;
  tier: Tier;
  created_at: number;
}

export interface KeySummary {
  id: string;
  account_id: string;
  mode: KeyMode;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

/** What authentication resolves a key to. */
export interface Principal {
  keyId: string;
  accountId: string;
  tier: Tier;
  mode: KeyMode;
}

/** Keys are `svc_live_` / `svc_test_` + 32 random base62 characters (decisions section 4). */
export const KEY_PATTERN = /^svc_(live|test)_[0-9A-Za-z]{32}$/;

/**
 * Told after every key revocation or tier change made in this process, through any database handle
 * (the API's, the CLI's): the key caches of this process then forget what they hold. Other
 * processes see the change when their cache reads the key again (store/key-cache.ts).
 */
const keyListeners = new Set<() => void>();

/** Calls `listener` after every revocation or tier change made in this process; returns the unsubscribe. */
export function onKeysChanged(listener: () => void): () => void {
  keyListeners.add(listener);
  return () => keyListeners.delete(listener);
}

function keysChanged(): void {
  for (const listener of keyListeners) listener();
}

/** SHA-256 in hex; the one-shot `crypto.hash` is about 2.5 times cheaper than createHash for a key. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export async function createAccount(
  db: Kysely<Tables>,
  name: string,
  tier: Tier,
  now: number,
): Promise<Account> {
  const account = { id: newId('acc'), name, tier, created_at: now };
  await db.insertInto('accounts').values(account).execute();
  return account;
}

export async function listAccounts(db: Kysely<Tables>): Promise<Account[]> {
  const rows = await db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows as Account[];
}

export async function getAccount(db: Kysely<Tables>, id: string): Promise<Account | undefined> {
  return (await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()) as
    | Account
    | undefined;
}

export async function countAccounts(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setAccountTier(
  db: Kysely<Tables>,
  id: string,
  tier: Tier,
): Promise<Account | undefined> {
  await db.updateTable('accounts').set({ tier }).where('id', '=', id).execute();
  keysChanged();
  return getAccount(db, id);
}

/** Creates a key and returns it in full: the only time it is ever shown. */
export async function createKey(
  db: Kysely<Tables>,
  accountId: string,
  mode: KeyMode,
  now: number,
): Promise<{ id: string; key: string; mode: KeyMode; account_id: string }> {
  const key = `svc_${mode}_${randomBase62(32)}`;
  const id = newId('key');
  await db
    .insertInto('api_keys')
    .values({
      id,
      account_id: accountId,
      key_hash: hashKey(key),
      mode,
      key_prefix: key.slice(0, 13),
      created_at: now,
      revoked_at: null,
    })
    .execute();
  return { id, key, mode, account_id: accountId };
}

export async function listKeys(db: Kysely<Tables>, accountId: string): Promise<KeySummary[]> {
  return (await db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'mode', 'key_prefix', 'created_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute()) as KeySummary[];
}

/** Returns false when no such key exists; revoking twice keeps the first revocation time. */
export async function revokeKey(db: Kysely<Tables>, keyId: string, now: number): Promise<boolean> {
  const existing = await db.selectFrom('api_keys').select('id').where('id', '=', keyId).executeTakeFirst();
  if (!existing) return false;
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .execute();
  keysChanged();
  return true;
}

/**
 * Resolves a presented key to its account. The lookup goes by SHA-256 hash (unkey's habit), so the
 * database never sees the key; the final comparison of the two hashes is constant-time.
 */
export async function authenticateKey(db: Kysely<Tables>, presented: string): Promise<Principal | undefined> {
  if (!KEY_PATTERN.test(presented)) return undefined;
  const hash = hashKey(presented);
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.key_hash',
      'api_keys.mode',
      'accounts.id as accountId',
      'accounts.tier',
    ])
    .where('api_keys.key_hash', '=', hash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  return { keyId: row.keyId, accountId: row.accountId, tier: row.tier as Tier, mode: row.mode };
}
