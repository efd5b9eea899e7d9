import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import { BatchedCharges } from '../../src/store/postgres/batched-charges.js';
import { PostgresChargeStore } from '../../src/store/postgres/charges.js';
import type { ValidationRecord } from '../../src/store/records.js';
import { SqlRunner } from '../../src/store/sql.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import type { Reservation } from '../../src/store/usage.js';
import { newRecordId, recordOf } from '../../src/validation/record.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * Charges (src/store/charges.ts and, on PostgreSQL, the one-statement charge behind the batching
 * wrapper): units and records together or not at all, exact when many race for the last units.
 */
describeEachDialect('charges', (dialect) => {
  let test: TestDatabase;
  let stores: Stores;
  let n = 0;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    stores = createStores(test.database);
  });
  afterAll(() => test.drop());

  const record = (accountId: string): ValidationRecord =>
    recordOf(
      {
        data: {
          valid: false,
          vat_number: 'DE123456788',
          country_code: 'DE',
          company: null,
          requested_at: new Date(1).toISOString(),
          match: null,
        },
        meta: { cached: false, source: 'checksum', source_status: 'live' },
      },
      { accountId, mode: 'live', requestId: `req-${++n}`, channel: 'sync' },
      1,
      newRecordId(1) + n,
    );
  const recordsOf = async (accountId: string) =>
    (
      await test.database.db
        .selectFrom('validations')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()
    ).length;

  it('grants exactly what remains to charges racing in one turn, each with its own usage, records only for the granted', async () => {
    const account = await createAccount(stores.accounts, 'Race', 'pro', 0);
    const reservation = { accountId: account.id, period: '2026-11', units: 1, limit: 30 };
    await stores.usage.reserve({ ...reservation, units: 20 });
    const results = await Promise.all(
      Array.from({ length: 25 }, () => stores.charges.charge(reservation, [record(account.id)])),
    );
    const granted = results.filter((result) => result.ok);
    expect(granted).toHaveLength(10);
    expect(granted.map((result) => result.used).sort((a, b) => a - b)).toEqual([
      21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
    ]);
    expect(await stores.usage.used(account.id, '2026-11')).toBe(30);
    expect(await recordsOf(account.id)).toBe(10);
  });

  it('keeps accounts apart within one turn, and a charge of several units whole', async () => {
    const [a, b] = [
      await createAccount(stores.accounts, 'A', 'pro', 0),
      await createAccount(stores.accounts, 'B', 'pro', 0),
    ];
    const results = await Promise.all([
      stores.charges.charge({ accountId: a.id, period: '2026-11', units: 2, limit: 5 }, [
        record(a.id),
        record(a.id),
      ]),
      stores.charges.charge({ accountId: b.id, period: '2026-11', units: 1, limit: 5 }, [record(b.id)]),
      stores.charges.charge(
        { accountId: a.id, period: '2026-11', units: 4, limit: 5 },
        [1, 2, 3, 4].map(() => record(a.id)),
      ),
    ]);
    expect(results).toEqual([
      { ok: true, used: 2 },
      { ok: true, used: 1 },
      { ok: false, used: 2 },
    ]);
    expect(await recordsOf(a.id)).toBe(2);
    expect(await recordsOf(b.id)).toBe(1);
  });

  if (dialect.name === 'postgres')
    it('sends an account one statement at a time: the charges asked for while one is out go together in the next', async () => {
      const account = await createAccount(stores.accounts, 'Lane', 'pro', 0);
      const store = new PostgresChargeStore(new SqlRunner(test.database.db, 'postgres'), stores.usage);
      const statements: number[] = [];
      let out = 0;
      let mostOut = 0;
      // The real store, counted: how many charges each statement carried, and how many were out at once.
      const batched = new BatchedCharges({
        async charge(reservation: Reservation, records: readonly ValidationRecord[]) {
          statements.push(records.length);
          mostOut = Math.max(mostOut, ++out);
          try {
            return await store.charge(reservation, records);
          } finally {
            out -= 1;
          }
        },
      });
      const reservation = { accountId: account.id, period: '2026-11', units: 1, limit: 100 };
      const first = batched.charge(reservation, [record(account.id)]);
      await new Promise((resolve) => setImmediate(resolve));
      // The first statement is out now: these five wait for it, then go as one.
      const rest = Array.from({ length: 5 }, () => batched.charge(reservation, [record(account.id)]));
      const results = await Promise.all([first, ...rest]);
      expect(statements).toEqual([1, 5]);
      expect(mostOut).toBe(1);
      expect(results.map((result) => result.used)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await recordsOf(account.id)).toBe(6);
    });
});
