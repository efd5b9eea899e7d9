import { afterAll, beforeAll, expect, it } from 'vitest';
import { Authenticator } from '../../src/accounts/authenticator.js';
import { createAccount, createKey, hashKey } from '../../src/accounts/keys.js';
import type { AccountStore } from '../../src/store/accounts.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { accountsOf } from '../helpers/accounts.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * The authenticator of the request path (src/accounts/authenticator.ts), over a real database:
 * known keys answer without a database read, a change made by another process (here: a second
 * connection to the same database) is seen within the refresh interval, `forget()` drops
 * everything at once, and unknown keys are remembered so a repeated wrong key costs one read.
 */
describeEachDialect('authenticator', (dialect) => {
  let test: TestDatabase;
  /** Another connection to the same database: what the CLI or a second instance would use. */
  let other: Database;
  let clock = 0;
  const now = () => clock;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    other = openDatabase(test.url);
  });
  afterAll(async () => {
    await other.close();
    await test.drop();
  });

  /** The real account store, with its key reads counted. */
  function countingStore(): AccountStore & { reads: number } {
    const store = accountsOf(test.database);
    const counted = Object.create(store) as AccountStore & { reads: number };
    counted.reads = 0;
    counted.findKey = async (hash) => {
      counted.reads += 1;
      return store.findKey(hash);
    };
    return counted;
  }

  async function newKey(tier: 'free' | 'pro' | 'business' = 'pro') {
    const account = await createAccount(accountsOf(test.database), 'Auth', tier, Date.now());
    return { account, key: await createKey(accountsOf(test.database), account.id, 'live', Date.now()) };
  }

  it('answers a known key from memory until the refresh interval, then reads it again', async () => {
    const store = countingStore();
    const auth = new Authenticator(store, { refreshMs: 1_000, now });
    const { account, key } = await newKey();
    expect(await auth.authenticate(key.key)).toMatchObject({ accountId: account.id, keyId: key.id });
    // Revoked by another process: this process cannot know until it reads the key again.
    await other.db.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', key.id).execute();
    clock += 999;
    expect(await auth.authenticate(key.key)).toMatchObject({ accountId: account.id });
    expect(store.reads).toBe(1);
    clock += 1;
    expect(await auth.authenticate(key.key)).toBeUndefined();
    expect(store.reads).toBe(2);
  });

  it('calls a key known once it resolved, past its refresh interval too, and unknown once it no longer does', async () => {
    const auth = new Authenticator(accountsOf(test.database), { refreshMs: 1_000, now });
    const { key } = await newKey();
    expect(auth.isKnown(hashKey(key.key))).toBe(false);
    await auth.authenticate(key.key);
    clock += 5_000;
    expect(auth.isKnown(hashKey(key.key))).toBe(true);
    await accountsOf(test.database).revokeKey(key.id, Date.now());
    expect(await auth.authenticate(key.key)).toBeUndefined();
    expect(auth.isKnown(hashKey(key.key))).toBe(false);
    expect(auth.isKnown(hashKey('svc_live_0123456789abcdefghijABCDEFGHIJ02'))).toBe(false);
  });

  it('forgets everything at once when told: a revocation or tier change made through this process', async () => {
    const auth = new Authenticator(accountsOf(test.database), { refreshMs: 60_000, now });
    const { account, key } = await newKey('pro');
    const second = await createKey(accountsOf(test.database), account.id, 'test', Date.now());
    expect(await auth.authenticate(key.key)).toMatchObject({ tier: 'pro' });
    expect(await auth.authenticate(second.key)).toMatchObject({ mode: 'test' });
    await accountsOf(other).setTier(account.id, 'free');
    auth.forget();
    expect(await auth.authenticate(key.key)).toMatchObject({ tier: 'free' });
    await accountsOf(test.database).revokeKey(key.id, Date.now());
    auth.forget();
    expect(await auth.authenticate(key.key)).toBeUndefined();
    expect(await auth.authenticate(second.key)).toMatchObject({ mode: 'test', tier: 'free' });
  });

  it('remembers an unknown key for unknownMs: a flood of one wrong key costs one read per interval', async () => {
    const store = countingStore();
    const auth = new Authenticator(store, { refreshMs: 1_000, unknownMs: 10_000, now });
    const unknown = 'svc_live_0123456789abcdefghijABCDEFGHIJ01';
    for (let i = 0; i < 50; i++) expect(await auth.authenticate(unknown)).toBeUndefined();
    expect(store.reads).toBe(1);
    clock += 10_000;
    expect(await auth.authenticate(unknown)).toBeUndefined();
    expect(store.reads).toBe(2);
  });

  it('refuses malformed keys without a database read, and shares one read among concurrent lookups', async () => {
    const store = countingStore();
    const auth = new Authenticator(store, { refreshMs: 60_000, now });
    for (const bad of ['', 'svc_live_short', 'Bearer x', `svc_live_${'a'.repeat(33)}`]) {
      expect(await auth.authenticate(bad)).toBeUndefined();
    }
    expect(store.reads).toBe(0);
    const { key } = await newKey();
    const lookups = await Promise.all(Array.from({ length: 20 }, () => auth.authenticate(key.key)));
    expect(store.reads, 'one shared read').toBe(1);
    expect(lookups.every((principal) => principal?.keyId === key.id)).toBe(true);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const store = countingStore();
    const auth = new Authenticator(store, { refreshMs: 60_000, maxEntries: 2, now });
    const keys = [await newKey(), await newKey(), await newKey()];
    for (const { key } of keys) await auth.authenticate(key.key);
    expect(store.reads).toBe(3);
    // The newest two answer from memory; the oldest needs a read again.
    expect(auth.isKnown(hashKey(keys[2].key.key))).toBe(true);
    expect(auth.isKnown(hashKey(keys[1].key.key))).toBe(true);
    expect(auth.isKnown(hashKey(keys[0].key.key))).toBe(false);
    await auth.authenticate(keys[0].key.key);
    expect(store.reads).toBe(4);
  });

  it('takes a key that differs in its last character for a different key', async () => {
    const auth = new Authenticator(accountsOf(test.database), { refreshMs: 60_000, now });
    const first = await newKey('pro');
    expect(await auth.authenticate(first.key.key)).toMatchObject({ accountId: first.account.id });
    const forged = `${first.key.key.slice(0, -1)}${first.key.key.endsWith('a') ? 'b' : 'a'}`;
    expect(await auth.authenticate(forged)).toBeUndefined();
    expect(await auth.authenticate(`${first.key.key} `)).toBeUndefined();
  });
});
