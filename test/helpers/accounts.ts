import type { AccountStore } from '../../src/store/accounts.js';
import type { Database } from '../../src/store/database.js';
import { createStores } from '../../src/store/stores.js';

/** The account store of a test database, for tests that make accounts and keys directly. */
export function accountsOf(database: Database): AccountStore {
  return createStores(database).accounts;
}
