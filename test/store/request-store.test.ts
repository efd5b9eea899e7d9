import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedUuid } from '../../src/ids.js';
import { createAccount } from '../../src/store/accounts.js';
import { inTransaction } from '../../src/store/db.js';
import { createRequestStore, type RequestStore } from '../../src/store/request-store.js';
import type { ValidationsTable } from '../../src/store/tables.js';
import { usedUnits } from '../../src/store/usage.js';
import { writeCachedAnswer } from '../../src/store/validations.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * The request path's batched statements (src/store/request-store.ts). Calls made together share one
 * statement or transaction; each still gets the answer it would have got alone.
 */
describeEachDialect('request store', (dialect) => {
  let test: TestDatabase;
  let store: RequestStore;
  const period = '2026-11';

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    store = createRequestStore(test.database);
  });
  afterAll(() => test.drop());

  const newAccount = async () => (await createAccount(test.database.db, 'Store', 'pro', Date.now())).id;
  const record = (accountId: string, vatNumber: string): ValidationsTable => ({
    id: timeOrderedUuid(Date.now()),
    account_id: accountId,
    request_id: 'req',
    vat_number: vatNumber,
    valid: 1,
    source: 'vies',
    source_status: 'cached',
    channel: 'sync',
    created_at: Date.now(),
  });

  it('grants concurrent reservations of one account together, each seeing the usage it would have seen alone', async () => {
    const accountId = await newAccount();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.reserveUnits({ accountId, period, units: 1, limit: 100 })),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.map((result) => result.used)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await usedUnits(test.database.db, accountId, period)).toBe(20);
  });

  it('when the sum does not fit, grants exactly what remains, in arrival order', async () => {
    const accountId = await newAccount();
    expect(await store.reserveUnits({ accountId, period, units: 5, limit: 10 })).toEqual({
      ok: true,
      used: 5,
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => store.reserveUnits({ accountId, period, units: 1, limit: 10 })),
    );
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true, true, false, false, false]);
    expect(results.at(-1)).toEqual({ ok: false, used: 10 });
    expect(await usedUnits(test.database.db, accountId, period)).toBe(10);
  });

  it('keeps accounts, limits and sizes apart within one batch', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const [first, second, third, other, none, tooMany] = await Promise.all([
      store.reserveUnits({ accountId: a, period, units: 3, limit: 5 }),
      store.reserveUnits({ accountId: a, period, units: 4, limit: 5 }),
      store.reserveUnits({ accountId: a, period, units: 2, limit: 5 }),
      store.reserveUnits({ accountId: b, period, units: 2, limit: 5 }),
      store.reserveUnits({ accountId: b, period, units: 0, limit: 5 }),
      store.reserveUnits({ accountId: b, period, units: 6, limit: 5 }),
    ]);
    expect([first, second, third]).toEqual([
      { ok: true, used: 3 },
      { ok: false, used: 3 },
      { ok: true, used: 5 },
    ]);
    expect(other).toEqual({ ok: true, used: 2 });
    expect(none.ok).toBe(true);
    expect(tooMany.ok).toBe(false);
    expect(await usedUnits(test.database.db, b, period)).toBe(2);
  });

  it('reads cached answers together, each caller getting its own row or none', async () => {
    const fetchedAt = Date.now();
    for (const vatNumber of ['DE111111125', 'DE222222251']) {
      await writeCachedAnswer(test.database.db, {
        vat_number: vatNumber,
        valid: 1,
        company_name: `Name ${vatNumber}`,
        company_address: null,
        source: 'vies',
        fetched_at: fetchedAt,
      });
    }
    const [one, two, missing, again] = await Promise.all(
      ['DE111111125', 'DE222222251', 'DE333333387', 'DE111111125'].map((n) => store.readCachedAnswer(n)),
    );
    expect(one).toMatchObject({ vat_number: 'DE111111125', valid: 1, company_name: 'Name DE111111125' });
    expect(one?.fetched_at).toBe(fetchedAt);
    expect(two?.vat_number).toBe('DE222222251');
    expect(missing).toBeUndefined();
    expect(again).toEqual(one);
  });

  it('records every batch of validations written together', async () => {
    const accountId = await newAccount();
    const batches = Array.from({ length: 10 }, (_, i) =>
      Array.from({ length: i % 3 }, (_, j) => record(accountId, `DE${i}${j}`)),
    );
    await Promise.all(batches.map((records) => store.recordValidations(records)));
    const rows = await test.database.db
      .selectFrom('validations')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(rows.map((row) => row.id).sort()).toEqual(
      batches
        .flat()
        .map((r) => r.id)
        .sort(),
    );
  });

  const recordedIds = async (accountId: string) =>
    (
      await test.database.db
        .selectFrom('validations')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()
    )
      .map((row) => row.id)
      .sort();

  it('reserves and records together: the records of granted reservations only, exactly what remains', async () => {
    const accountId = await newAccount();
    expect(await store.reserveUnits({ accountId, period, units: 7, limit: 10 })).toEqual({
      ok: true,
      used: 7,
    });
    const calls = Array.from({ length: 6 }, (_, i) => [record(accountId, `DE00000000${i}`)]);
    const results = await Promise.all(
      calls.map((records) => store.reserveAndRecord({ accountId, period, units: 1, limit: 10 }, records)),
    );
    expect(results).toEqual([
      { ok: true, used: 8 },
      { ok: true, used: 9 },
      { ok: true, used: 10 },
      { ok: false, used: 10 },
      { ok: false, used: 10 },
      { ok: false, used: 10 },
    ]);
    expect(await usedUnits(test.database.db, accountId, period)).toBe(10);
    expect(await recordedIds(accountId)).toEqual(
      calls
        .slice(0, 3)
        .flat()
        .map((r) => r.id)
        .sort(),
    );
  });

  it('reserves and records alone, and next to plain reservations of the same account in one batch', async () => {
    const accountId = await newAccount();
    const alone = record(accountId, 'DE123456789');
    expect(await store.reserveAndRecord({ accountId, period, units: 1, limit: 5 }, [alone])).toEqual({
      ok: true,
      used: 1,
    });
    const together = [record(accountId, 'DE1'), record(accountId, 'DE2')];
    const [plain, withRecord, refused] = await Promise.all([
      store.reserveUnits({ accountId, period, units: 2, limit: 5 }),
      store.reserveAndRecord({ accountId, period, units: 1, limit: 5 }, together),
      store.reserveAndRecord({ accountId, period, units: 2, limit: 5 }, [record(accountId, 'DE3')]),
    ]);
    expect([plain, withRecord, refused]).toEqual([
      { ok: true, used: 3 },
      { ok: true, used: 4 },
      { ok: false, used: 4 },
    ]);
    expect(await recordedIds(accountId)).toEqual([alone, ...together].map((r) => r.id).sort());
  });

  it('a refused reservation writes no record, whatever its size', async () => {
    const accountId = await newAccount();
    const [tooMany, none] = await Promise.all([
      store.reserveAndRecord({ accountId, period, units: 3, limit: 2 }, [record(accountId, 'DE4')]),
      store.reserveAndRecord({ accountId, period, units: 1, limit: 0 }, [record(accountId, 'DE5')]),
    ]);
    expect(tooMany).toEqual({ ok: false, used: 0 });
    expect(none).toEqual({ ok: false, used: 0 });
    expect(await recordedIds(accountId)).toEqual([]);
    expect(await usedUnits(test.database.db, accountId, period)).toBe(0);
  });

  it('records more validations in one turn than one multi-row insert holds, each once', async () => {
    const accountId = await newAccount();
    // 64 rows per insert statement on SQLite: 150 rows take three statements (64, 64, 22).
    const batches = [
      Array.from({ length: 150 }, (_, i) => record(accountId, `DE${i}`)),
      [record(accountId, 'X')],
    ];
    await Promise.all(batches.map((records) => store.recordValidations(records)));
    expect(await recordedIds(accountId)).toEqual(
      batches
        .flat()
        .map((r) => r.id)
        .sort(),
    );
  });

  describe('reserve and look up', () => {
    const ttlMs = 24 * 3600_000;
    const cacheEntry = async (vatNumber: string, fetchedAt: number, valid = 1, source = 'vies') => {
      const entry = {
        vat_number: vatNumber,
        valid,
        company_name: valid ? `Name ${vatNumber}` : null,
        company_address: null,
        source,
        fetched_at: fetchedAt,
      };
      await writeCachedAnswer(test.database.db, entry);
      return entry;
    };
    const lookup = (accountId: string, vatNumber: string, now = Date.now()) => ({
      vatNumber,
      freshAfter: now - ttlMs,
      hit: {
        id: timeOrderedUuid(now),
        account_id: accountId,
        request_id: `req-${vatNumber}`,
        channel: 'sync',
        created_at: now,
      },
    });
    const recorded = async (accountId: string) =>
      test.database.db
        .selectFrom('validations')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();

    it('a fresh entry: granted, the entry returned and the hit recorded from it', async () => {
      const accountId = await newAccount();
      const entry = await cacheEntry('ATU11111111', Date.now() - 1000, 1, 'vies');
      const call = lookup(accountId, 'ATU11111111');
      const result = await store.reserveAndLookUp({ accountId, period, units: 1, limit: 5 }, call);
      expect(result).toEqual({ ok: true, used: 1, cached: entry });
      expect(await recorded(accountId)).toEqual([
        { ...call.hit, vat_number: call.vatNumber, valid: 1, source: 'vies', source_status: 'cached' },
      ]);
    });

    it('an entry "not registered" from another source is recorded as that answer', async () => {
      const accountId = await newAccount();
      await cacheEntry('GB111111111', Date.now() - 1000, 0, 'hmrc');
      const call = lookup(accountId, 'GB111111111');
      const result = await store.reserveAndLookUp({ accountId, period, units: 1, limit: 5 }, call);
      expect(result).toMatchObject({ ok: true, used: 1, cached: { valid: 0, source: 'hmrc' } });
      expect(await recorded(accountId)).toEqual([
        { ...call.hit, vat_number: call.vatNumber, valid: 0, source: 'hmrc', source_status: 'cached' },
      ]);
    });

    it('a stale entry or none: granted and returned as found, nothing recorded', async () => {
      const accountId = await newAccount();
      const now = Date.now();
      const stale = await cacheEntry('ATU22222222', now - ttlMs); // exactly the TTL old: not fresh
      const [old, none] = await Promise.all([
        store.reserveAndLookUp(
          { accountId, period, units: 1, limit: 5 },
          lookup(accountId, 'ATU22222222', now),
        ),
        store.reserveAndLookUp(
          { accountId, period, units: 1, limit: 5 },
          lookup(accountId, 'ATU33333333', now),
        ),
      ]);
      expect(old).toEqual({ ok: true, used: 1, cached: stale });
      expect(none).toEqual({ ok: true, used: 2, cached: undefined });
      expect(await recorded(accountId)).toEqual([]);
      expect(await usedUnits(test.database.db, accountId, period)).toBe(2);
    });

    it('refused: no entry, no record, nothing reserved', async () => {
      const accountId = await newAccount();
      await cacheEntry('ATU44444444', Date.now());
      const [full, zero] = await Promise.all([
        store.reserveAndLookUp({ accountId, period, units: 1, limit: 0 }, lookup(accountId, 'ATU44444444')),
        store.reserveAndLookUp({ accountId, period, units: 1, limit: 0 }, lookup(accountId, 'ATU44444444')),
      ]);
      expect(full).toEqual({ ok: false, used: 0, cached: undefined });
      expect(zero).toEqual({ ok: false, used: 0, cached: undefined });
      expect(await recorded(accountId)).toEqual([]);
    });

    it('many at once, next to other calls: exactly what remains is granted, and only granted fresh hits are recorded', async () => {
      const accountId = await newAccount();
      const now = Date.now();
      await cacheEntry('ATU55555555', now - 5000);
      await cacheEntry('ATU66666666', now - 5000, 0, 'vies');
      await cacheEntry('ATU77777777', now - ttlMs - 1);
      expect(await store.reserveUnits({ accountId, period, units: 4, limit: 10 })).toMatchObject({
        ok: true,
      });
      const numbers = ['ATU55555555', 'ATU66666666', 'ATU77777777', 'ATU88888888', 'ATU55555555'];
      const calls = numbers.map((number, i) => ({
        ...lookup(accountId, number, now),
        hit: { ...lookup(accountId, number, now).hit, request_id: `req-${i}` },
      }));
      const withRecord = record(accountId, 'DE999999999');
      const results = await Promise.all([
        ...calls.map((call) => store.reserveAndLookUp({ accountId, period, units: 1, limit: 10 }, call)),
        store.reserveAndRecord({ accountId, period, units: 1, limit: 10 }, [withRecord]),
        store.reserveAndLookUp(
          { accountId, period, units: 1, limit: 10 },
          lookup(accountId, 'ATU55555555', now),
        ),
      ]);
      // 4 used + 7 asked for 10: the group does not fit, so one by one in arrival order.
      expect(results.map((result) => [result.ok, result.used])).toEqual([
        [true, 5],
        [true, 6],
        [true, 7],
        [true, 8],
        [true, 9],
        [true, 10],
        [false, 10],
      ]);
      expect(results.map((result) => ('cached' in result ? result.cached?.vat_number : 'record'))).toEqual([
        'ATU55555555',
        'ATU66666666',
        'ATU77777777',
        undefined,
        'ATU55555555',
        'record',
        undefined,
      ]);
      const rows = await recorded(accountId);
      expect(
        rows.map((row) => [row.request_id, row.vat_number, row.valid, row.source_status]).sort(),
      ).toEqual(
        [
          ['req', 'DE999999999', 1, 'cached'],
          ['req-0', 'ATU55555555', 1, 'cached'],
          ['req-1', 'ATU66666666', 0, 'cached'],
          ['req-4', 'ATU55555555', 1, 'cached'],
        ].sort(),
      );
    });

    it('a group that fits is granted whole, each member with its own entry', async () => {
      const accountId = await newAccount();
      const now = Date.now();
      await cacheEntry('ATU12121212', now - 5000);
      const numbers = ['ATU12121212', 'ATU13131313', 'ATU12121212'];
      const results = await Promise.all(
        numbers.map((number) =>
          store.reserveAndLookUp({ accountId, period, units: 1, limit: 100 }, lookup(accountId, number, now)),
        ),
      );
      expect(results.map((result) => [result.ok, result.used, result.cached?.vat_number])).toEqual([
        [true, 1, 'ATU12121212'],
        [true, 2, undefined],
        [true, 3, 'ATU12121212'],
      ]);
      expect((await recorded(accountId)).map((row) => row.vat_number)).toEqual([
        'ATU12121212',
        'ATU12121212',
      ]);
    });
  });

  it('never writes inside a transaction another caller has open: a rolled-back transaction keeps the reservation', async () => {
    const accountId = await newAccount();
    let reservation: Promise<unknown> | undefined;
    await expect(
      inTransaction(test.database, async (trx) => {
        await trx.insertInto('usage').values({ account_id: accountId, period: '2026-01', used: 1 }).execute();
        reservation = store.reserveUnits({ accountId, period, units: 2, limit: 10 });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await reservation).toEqual({ ok: true, used: 2 });
    expect(await usedUnits(test.database.db, accountId, period)).toBe(2);
    expect(await usedUnits(test.database.db, accountId, '2026-01')).toBe(0);
  });
});

it('makes time-ordered UUIDs (version 7) that sort by their millisecond', () => {
  const ids = [0, 1, 1_795_000_000_000, 1_795_000_000_001].map((ms) => timeOrderedUuid(ms));
  for (const id of ids)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect([...ids].sort()).toEqual(ids);
  expect(ids[2].replace(/-/g, '').slice(0, 12)).toBe((1_795_000_000_000).toString(16).padStart(12, '0'));
});
