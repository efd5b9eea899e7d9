import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, revokeKey, setAccountTier } from '../../src/store/accounts.js';
import { type Database, openDatabase } from '../../src/store/db.js';
import { KeyCache } from '../../src/store/key-cache.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * The in-memory key cache of the request path (src/store/key-cache.ts): known keys answer without a
 * database read, changes made through the same handle are seen at once, and changes made by another
 * process (here: a second connection to the same database) within the refresh interval.
 */
describeEachDialect('key cache', (dialect) => {
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

  async function newKey(tier: 'free' | 'pro' | 'business' = 'pro') {
    const account = await createAccount(test.database.db, 'Cache', tier, Date.now());
    return { account, key: await createKey(test.database.db, account.id, 'live', Date.now()) };
  }

  it('answers a known key from memory until the refresh interval, then reads it again', async () => {
    const cache = new KeyCache(test.database.db, { refreshMs: 1_000, now });
    const { account, key } = await newKey();
    expect(await cache.resolve(key.key)).toMatchObject({ accountId: account.id, keyId: key.id });
    // Revoked by another process (its write, as this process sees it: a row changed underneath):
    // this process's cache cannot know until it reads the key again.
    await other.db.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', key.id).execute();
    clock += 999;
    const cached = cache.resolve(key.key);
    expect(cached, 'answered synchronously, from memory').not.toBeInstanceOf(Promise);
    expect(cached).toMatchObject({ accountId: account.id });
    clock += 1;
    expect(await cache.resolve(key.key)).toBeUndefined();
    cache.close();
  });

  it('forgets at once a key revoked, or a tier changed, in this process, through any database handle', async () => {
    const cache = new KeyCache(test.database.db, { refreshMs: 60_000, now });
    const { account, key } = await newKey('pro');
    const second = await createKey(test.database.db, account.id, 'test', Date.now());
    expect(await cache.resolve(key.key)).toMatchObject({ tier: 'pro' });
    expect(await cache.resolve(second.key)).toMatchObject({ mode: 'test' });
    await setAccountTier(other.db, account.id, 'free'); // another handle, as the CLI run in-process uses
    expect(await cache.resolve(key.key)).toMatchObject({ tier: 'free' });
    await revokeKey(test.database.db, key.id, Date.now());
    expect(await cache.resolve(key.key)).toBeUndefined();
    expect(await cache.resolve(second.key)).toMatchObject({ mode: 'test', tier: 'free' });
    cache.close();
  });

  it('never remembers an unknown key: one created afterwards by another process works at once', async () => {
    const cache = new KeyCache(test.database.db, { refreshMs: 60_000, now });
    const account = await createAccount(other.db, 'Later', 'business', Date.now());
    const unknown = 'svc_live_0123456789abcdefghijABCDEFGHIJ01';
    expect(await cache.resolve(unknown)).toBeUndefined();
    const created = await createKey(other.db, account.id, 'live', Date.now());
    expect(await cache.resolve(created.key)).toMatchObject({ accountId: account.id });
    cache.close();
  });

  it('refuses malformed keys without a database read, and shares one read among concurrent lookups', async () => {
    const cache = new KeyCache(test.database.db, { refreshMs: 60_000, now });
    for (const bad of ['', 'svc_live_short', 'Bearer x', `svc_live_${'a'.repeat(33)}`]) {
      expect(cache.resolve(bad)).toBeUndefined();
    }
    const { key } = await newKey();
    const lookups = Array.from({ length: 20 }, () => cache.resolve(key.key));
    expect(new Set(lookups).size, 'one shared promise').toBe(1);
    expect((await lookups[0])?.keyId).toBe(key.id);
    cache.close();
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = new KeyCache(test.database.db, { refreshMs: 60_000, maxEntries: 2, now });
    const keys = [await newKey(), await newKey(), await newKey()];
    for (const { key } of keys) await cache.resolve(key.key);
    // The newest two answer from memory; the oldest needs a read again.
    expect(cache.resolve(keys[2].key.key)).not.toBeInstanceOf(Promise);
    expect(cache.resolve(keys[1].key.key)).not.toBeInstanceOf(Promise);
    expect(cache.resolve(keys[0].key.key)).toBeInstanceOf(Promise);
    cache.close();
  });

  it('lets a connection reuse the hash of the key it sent last, and nothing else', async () => {
    const cache = new KeyCache(test.database.db, { refreshMs: 60_000, now });
    const first = await newKey('pro');
    const second = await newKey('business');
    const connection = {};
    expect(await cache.resolve(first.key.key, connection)).toMatchObject({ accountId: first.account.id });
    expect(cache.resolve(first.key.key, connection)).toMatchObject({ accountId: first.account.id });
    // Another customer's key on the same connection (a proxy's pooled connection) is its own key.
    expect(await cache.resolve(second.key.key, connection)).toMatchObject({ accountId: second.account.id });
    expect(await cache.resolve(first.key.key, connection)).toMatchObject({ accountId: first.account.id });
    // A key that differs from the remembered one in its last character is not taken for it.
    const forged = `${first.key.key.slice(0, -1)}${first.key.key.endsWith('a') ? 'b' : 'a'}`;
    expect(await cache.resolve(forged, connection)).toBeUndefined();
    expect(await cache.resolve('not a key', connection)).toBeUndefined();
    expect(await cache.resolve(`${first.key.key} `, connection)).toBeUndefined();
    // Revocation is seen through the remembered hash too.
    expect(await cache.resolve(first.key.key, connection)).toMatchObject({ accountId: first.account.id });
    await revokeKey(test.database.db, first.key.id, Date.now());
    expect(await cache.resolve(first.key.key, connection)).toBeUndefined();
    cache.close();
  });
});

describe('key cache after close', () => {
  it('stops listening for changes', async () => {
    const test = await createTestDatabase({ name: 'sqlite' });
    try {
      const cache = new KeyCache(test.database.db);
      cache.close();
      const account = await createAccount(test.database.db, 'Closed', 'pro', Date.now());
      await setAccountTier(test.database.db, account.id, 'business'); // must not throw
    } finally {
      await test.drop();
    }
  });
});
