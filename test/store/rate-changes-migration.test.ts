import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/store/database.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * Migration 0019 on a database at the version before it, with applied changes in it: every row is
 * kept as it was, and a change one reply stated before can be stored again by a later sync (the
 * key is per sync run now), while one sync still stores each change once.
 */

const MIGRATION = '0019-rate-changes-once-per-sync';
const PREVIOUS = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(MIGRATION) - 1];

describeEachDialect('migration 0019: rate changes unique per sync', (dialect) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('keeps every applied change and lets a later sync store a change the same reply stated', async () => {
    expect(PREVIOUS).toBeDefined();
    test = await createTestDatabase(dialect, { migratedTo: PREVIOUS });
    const { db } = test.database;
    const insert = (id: string, syncId: string, after: number, appliedAt: number) =>
      sql`insert into rate_changes (id, sync_id, country_code, effective_from, kind, category_id,
        category_name, before, after, retrieved_at, reply_sha256, applied_at)
        values (${id}, ${syncId}, 'DE', '2027-01-01', 'standard', '', null, '[]',
        ${JSON.stringify([{ rate: after, type: 'standard', note: null }])}, 1, ${'a'.repeat(64)}, ${appliedAt})`.execute(
        db,
      );
    await insert('rch_1', 'rsy_1', 21, 10);
    await expect(insert('rch_2', 'rsy_2', 21, 20)).rejects.toThrow();

    await test.migrateToLatest();
    const rows = await sql<{ id: string; after: string }>`select id, after from rate_changes`.execute(db);
    expect(rows.rows).toEqual([{ id: 'rch_1', after: '[{"rate":21,"type":"standard","note":null}]' }]);
    await insert('rch_2', 'rsy_2', 21, 20);
    await expect(insert('rch_3', 'rsy_2', 22, 30)).rejects.toThrow();
    const count = await sql<{ n: number }>`select count(*) as n from rate_changes`.execute(db);
    expect(Number(count.rows[0].n)).toBe(2);
  });
});
