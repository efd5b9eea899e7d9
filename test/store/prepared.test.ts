import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import { preparedName } from '../../src/store/prepared-names.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import { recordsOf } from '../../src/validation/record.js';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from '../helpers/dialects.js';

/**
 * Prepared statements on PostgreSQL (src/store/postgres/preparing-pool.ts): the validation path's
 * statements are parsed once per connection and then run by name; statements built per call are
 * not kept on the connection. One connection, so every query below meets the same session.
 */
(POSTGRES_URL ? describe : describe.skip)('prepared statements [postgres]', () => {
  let test: TestDatabase;
  let stores: Stores;

  beforeAll(async () => {
    test = await createTestDatabase({ name: 'postgres' }, { poolSize: 1 });
    stores = createStores(test.database);
  });
  afterAll(() => test.drop());

  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(test.database.db)
    ).rows;

  it('runs the cache read and the quota read by name, prepared once, with the same answers', async () => {
    const account = await createAccount(stores.accounts, 'Prepared', 'pro', 0);
    await stores.cache.put({
      vat_number: 'DE123456788',
      valid: 1,
      company_name: 'Muster GmbH',
      company_address: 'Berlin',
      source: 'vies',
      fetched_at: 1_000,
      evidence_id: null,
    });
    for (let round = 0; round < 3; round += 1) {
      expect(await stores.cache.get('DE123456788')).toMatchObject({ company_name: 'Muster GmbH', valid: 1 });
      expect(await stores.cache.get('DE000000000')).toBeUndefined();
      expect(await stores.usage.used(account.id, '2026-11')).toBe(0);
    }
    const statements = await prepared();
    const names = statements.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    const cacheRead = statements.find((row) => row.statement.includes('from validation_cache c'));
    expect(cacheRead).toBeDefined();
    expect(preparedName(cacheRead!.statement)).toBe(cacheRead!.name);
    expect(statements.some((row) => row.statement.startsWith('select used from usage'))).toBe(true);
  });

  it('keeps no statement built per call: a charge of many records is planned for that run alone', async () => {
    const before = (await prepared()).length;
    const account = await createAccount(stores.accounts, 'Many', 'pro', 0);
    const reservation = { accountId: account.id, period: '2026-11', units: 20, limit: 100 };
    const answer = {
      data: {
        valid: true,
        vat_number: 'DE123456788',
        country_code: 'DE',
        company: null,
        requested_at: new Date(1).toISOString(),
        match: null,
      },
      meta: { cached: true, source: 'vies', source_status: 'cached' },
    } as const;
    const records = recordsOf(
      Array.from({ length: 20 }, () => answer),
      { accountId: account.id, mode: 'live', requestId: 'req-many', channel: 'batch' },
      1,
    );
    expect(await stores.charges.charge(reservation, records)).toEqual({ ok: true, used: 20 });
    const after = await prepared();
    expect(after.filter((row) => row.statement.includes('with reserved as'))).toHaveLength(0);
    expect(after).toHaveLength(before);
  });
});
