import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import type { IdempotencyKeyRef } from '../../src/store/idempotency.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * The idempotency key store (src/store/idempotency.ts): of many claims racing on one key exactly
 * one wins, on both engines; an answer or a release only touches the claim it belongs to; a stale
 * claim is taken over by one caller; the sweep deletes expired rows only.
 */
describeEachDialect('idempotency keys', (dialect) => {
  let test: TestDatabase;
  let stores: Stores;
  let accountId: string;
  let n = 0;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    stores = createStores(test.database);
    accountId = (await createAccount(stores.accounts, 'Keys', 'pro', 0)).id;
  });
  afterAll(() => test.drop());

  const ref = (): IdempotencyKeyRef => ({ accountId, mode: 'live', key: `key-${++n}` });
  const claim = (now: number, requestHash = 'hash') => ({ requestHash, now, expiresAt: now + 1_000 });
  const answer = { status: 202, headers: { 'content-type': 'application/json' }, body: '{"data":{}}' };

  it('one of twenty racing claims wins; the row holds its request and no answer', async () => {
    const key = ref();
    const won = await Promise.all(
      Array.from({ length: 20 }, (_, i) => stores.idempotency.claim(key, claim(100, `h${i}`))),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const row = await stores.idempotency.find(key);
    expect(row).toEqual({
      requestHash: `h${won.indexOf(true)}`,
      claimedAt: 100,
      expiresAt: 1_100,
      answer: undefined,
    });
    // The same key in the other mode is another key.
    expect(await stores.idempotency.claim({ ...key, mode: 'test' }, claim(100))).toBe(true);
  });

  it('stores the answer of its own claim only, once', async () => {
    const key = ref();
    await stores.idempotency.claim(key, claim(100));
    expect(await stores.idempotency.complete(key, 99, answer)).toBe(false);
    expect(await stores.idempotency.complete(key, 100, answer)).toBe(true);
    expect(await stores.idempotency.complete(key, 100, { ...answer, status: 500 })).toBe(false);
    expect((await stores.idempotency.find(key))?.answer).toEqual(answer);
    // An answered row is never released nor taken over.
    await stores.idempotency.release(key, 100);
    expect(await stores.idempotency.takeOver(key, 100, claim(5_000))).toBe(false);
    expect((await stores.idempotency.find(key))?.answer).toEqual(answer);
  });

  it('releases its own unanswered claim only', async () => {
    const key = ref();
    await stores.idempotency.claim(key, claim(100));
    await stores.idempotency.release(key, 99);
    expect(await stores.idempotency.find(key)).toBeDefined();
    await stores.idempotency.release(key, 100);
    expect(await stores.idempotency.find(key)).toBeUndefined();
    expect(await stores.idempotency.claim(key, claim(200))).toBe(true);
  });

  it('one of several callers takes over a claim; the old claimant can no longer answer', async () => {
    const key = ref();
    await stores.idempotency.claim(key, claim(100, 'old'));
    const taken = await Promise.all(
      [1, 2, 3].map((i) => stores.idempotency.takeOver(key, 100, claim(10_000, `new${i}`))),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await stores.idempotency.complete(key, 100, answer)).toBe(false);
    expect(await stores.idempotency.find(key)).toMatchObject({ claimedAt: 10_000, expiresAt: 11_000 });
    expect(await stores.idempotency.complete(key, 10_000, answer)).toBe(true);
  });

  it('deletes expired rows, and only those', async () => {
    await test.database.db.deleteFrom('idempotency_keys').execute();
    const [expired, current] = [ref(), ref()];
    await stores.idempotency.claim(expired, claim(0));
    await stores.idempotency.claim(current, claim(500));
    await stores.idempotency.deleteIfExpired(current, 1_000);
    expect(await stores.idempotency.find(current)).toBeDefined();
    expect(await stores.idempotency.deleteExpired(1_000)).toBe(1);
    expect(await stores.idempotency.find(expired)).toBeUndefined();
    expect(await stores.idempotency.find(current)).toBeDefined();
    await stores.idempotency.deleteIfExpired(current, 1_500);
    expect(await stores.idempotency.find(current)).toBeUndefined();
  });
});
