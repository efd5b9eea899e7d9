import { randomBytes } from 'node:crypto';
import type { AccountStore } from '../../src/store/accounts.js';
import type { Database } from '../../src/store/database.js';
import { createStores } from '../../src/store/stores.js';

/** The account store of a test database, for tests that make accounts and keys directly. */
export function accountsOf(database: Database): AccountStore {
  return createStores(database).accounts;
}

/** An API key that matches the format but was never issued. */
export function unissuedKey(mode: 'live' | 'test' = 'live'): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(32);
  return `svc_${mode}_${[...bytes].map((b) => alphabet[b % 62]).join('')}`;
}
