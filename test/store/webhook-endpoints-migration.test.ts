import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/store/database.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * Migration 0015 on a database at the version before it, with data in it: every configuration
 * (per account and key mode) becomes an endpoint subscribed to every kind with its URL, secret,
 * state and times; existing deliveries name it; the old table is gone.
 */

const MIGRATION = '0015-webhook-endpoints';
const PREVIOUS = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(MIGRATION) - 1];
const T0 = Date.parse('2026-05-04T10:00:00.000Z');

describeEachDialect('migration 0015: webhook configurations become endpoints', (dialect) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('moves each configuration into an endpoint row and points its deliveries at it', async () => {
    expect(PREVIOUS).toBeDefined();
    test = await createTestDatabase(dialect, { migratedTo: PREVIOUS });
    const { db } = test.database;
    const exec = (text: ReturnType<typeof sql>) => text.execute(db);

    for (const [id, tier] of [
      ['acc_one', 'pro'],
      ['acc_two', 'business'],
      ['acc_three', 'pro'],
    ]) {
      await exec(
        sql`insert into accounts (id, name, tier, created_at) values (${id}, ${id}, ${tier}, ${T0})`,
      );
    }
    const configs = [
      ['acc_one', 'live', 'https://one.example.com/live', 'whsec_b25lLWxpdmU=', 1, T0, T0 + 5],
      ['acc_one', 'test', 'https://one.example.com/test', 'whsec_b25lLXRlc3Q=', 0, T0 + 1, T0 + 6],
      ['acc_two', 'live', 'https://two.example.com/hook', 'whsec_dHdvLWxpdmU=', 1, T0 + 2, T0 + 2],
    ] as const;
    for (const [account, mode, url, secret, enabled, created, updated] of configs) {
      await exec(sql`insert into webhooks (account_id, mode, url, signing_secret, enabled, created_at, updated_at)
        values (${account}, ${mode}, ${url}, ${secret}, ${enabled}, ${created}, ${updated})`);
    }
    // Deliveries of each configured owner, and of one that has none (its config was deleted).
    const deliveries = [
      ['dlv_a', 'acc_one', 'live'],
      ['dlv_b', 'acc_one', 'test'],
      ['dlv_c', 'acc_two', 'live'],
      ['dlv_d', 'acc_three', 'live'],
      ['dlv_e', 'acc_two', 'test'],
    ] as const;
    for (const [id, account, mode] of deliveries) {
      await exec(sql`insert into events (id, account_id, mode, type, payload, created_at)
        values (${`evt_${id}`}, ${account}, ${mode}, 'test', '{}', ${T0})`);
      await exec(sql`insert into deliveries (id, account_id, mode, event_id, event_type, url, status, attempts, seq, created_at)
        values (${id}, ${account}, ${mode}, ${`evt_${id}`}, 'test', null, 'delivered', 1, ${`${id}-seq`}, ${T0})`);
    }

    expect(await test.migrateToLatest()).toContain(MIGRATION);

    const endpoints = await db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').execute();
    expect(endpoints).toEqual(
      configs.map(([account, mode, url, secret, enabled, created, updated]) => ({
        id: expect.stringMatching(/^we_[0-9A-Za-z]{20}$/),
        account_id: account,
        mode,
        url,
        description: null,
        events: '["*"]',
        signing_secret: secret,
        // Added by a later migration: no rotation yet, so no previous secret.
        previous_signing_secret: null,
        previous_secret_expires_at: null,
        enabled,
        expires_at: null,
        created_at: created,
        updated_at: updated,
      })),
    );
    expect(new Set(endpoints.map((endpoint) => endpoint.id)).size).toBe(3);
    const endpointOf = (account: string, mode: string) =>
      endpoints.find((endpoint) => endpoint.account_id === account && endpoint.mode === mode)?.id ?? null;

    const rows = await db.selectFrom('deliveries').select(['id', 'endpoint_id']).orderBy('id').execute();
    expect(rows).toEqual(
      deliveries.map(([id, account, mode]) => ({ id, endpoint_id: endpointOf(account, mode) })),
    );
    expect(rows.filter((row) => row.endpoint_id === null).map((row) => row.id)).toEqual(['dlv_d', 'dlv_e']);

    const old = await sql`select * from webhooks`.execute(db).then(
      () => 'still there',
      () => 'gone',
    );
    expect(old).toBe('gone');
  });

  it('runs on a database without any configuration', async () => {
    test = await createTestDatabase(dialect, { migratedTo: PREVIOUS });
    expect(await test.migrateToLatest()).toContain(MIGRATION);
    expect(await test.database.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
  });
});
