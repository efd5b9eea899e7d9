import { hash } from 'node:crypto';
import { createdAfter } from '../clock.js';
import { newId, randomBase62 } from '../ids.js';
import type { Account, AccountStore, KeyRow } from '../store/accounts.js';
import type { KeyMode } from '../store/tables.js';
import type { Tier } from './tiers.js';

/**
 * Accounts and keys (decisions section 4): keys are `svc_live_` / `svc_test_` + 32 random base62
 * characters, stored only as their SHA-256 (unkey's habit) with a 13-character display prefix.
 */

export type { Account, KeyMode };

export const KEY_PATTERN = /^svc_(live|test)_[0-9A-Za-z]{32}$/;

export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export async function createAccount(
  accounts: AccountStore,
  name: string,
  tier: Tier,
  now: number,
): Promise<Account> {
  const account = { id: newId('acc'), name, tier, created_at: now };
  await accounts.insertAccount(account);
  return account;
}

export interface IssuedKey {
  id: string;
  /** The key itself: shown once, never stored. */
  key: string;
  mode: KeyMode;
  account_id: string;
}

export async function createKey(
  accounts: AccountStore,
  accountId: string,
  mode: KeyMode,
  now: number,
  name: string | null = null,
): Promise<IssuedKey> {
  return (await issueKey(accounts, accountId, mode, now, name)).issued;
}

/**
 * A new key: what is shown once, and the row stored (its hash, never the key). It is dated now, or
 * a millisecond after the account's newest key when that one was made in the same millisecond (or
 * the clock stepped back), so the keys list oldest first in the order they were made, never in
 * the random order of their ids.
 */
export async function issueKey(
  accounts: AccountStore,
  accountId: string,
  mode: KeyMode,
  now: number,
  name: string | null,
): Promise<{ issued: IssuedKey; row: KeyRow }> {
  const key = `svc_${mode}_${randomBase62(32)}`;
  const existing = await accounts.listKeys(accountId);
  const row: KeyRow = {
    id: newId('key'),
    account_id: accountId,
    key_hash: hashKey(key),
    mode,
    key_prefix: key.slice(0, 13),
    created_at: createdAfter(existing, now),
    revoked_at: null,
    name,
    last_used_at: null,
  };
  await accounts.insertKey(row);
  return { issued: { id: row.id, key, mode, account_id: accountId }, row };
}
