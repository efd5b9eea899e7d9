import { type Kysely, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/store/database.js';
import * as overlap from '../../src/store/migrations/0020-webhook-secret-overlap.js';
import { KyselyWebhookStore } from '../../src/store/webhooks.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * Migration 0020 on a database at the version before it, with an endpoint in it: the endpoint is
 * kept as it was, with no previous secret; a rotation's previous secret and its expiry are stored
 * and cleared by the sweep once expired; `down` takes the two columns away again.
 */

const MIGRATION = '0020-webhook-secret-overlap';
const PREVIOUS = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(MIGRATION) - 1];
const T0 = Date.parse('2026-05-04T10:00:00.000Z');
const DAY = 86_400_000;

describeEachDialect('migration 0020: the previous signing secret of an endpoint', (dialect) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('keeps existing endpoints without a previous secret; stores one with its expiry; down removes the columns', async () => {
    expect(PREVIOUS).toBeDefined();
    test = await createTestDatabase(dialect, { migratedTo: PREVIOUS });
    const { db } = test.database;
    await sql`insert into accounts (id, name, tier, created_at) values ('acc_one', 'one', 'pro', ${T0})`.execute(
      db,
    );
    const insert = (id: string) =>
      sql`insert into webhook_endpoints (id, account_id, mode, url, description, events, signing_secret, enabled, expires_at, created_at, updated_at)
        values (${id}, 'acc_one', 'live', 'https://one.example.com/hook', null, '["*"]', 'whsec_b25l', 1, null, ${T0}, ${T0})`.execute(
        db,
      );
    await insert('we_old');

    await test.migrateToLatest();
    const webhooks = new KyselyWebhookStore(db, dialect.name);
    expect(await webhooks.getEndpointById('we_old', T0)).toMatchObject({
      signing_secret: 'whsec_b25l',
      previous_signing_secret: null,
      previous_secret_expires_at: null,
    });
    await webhooks.updateEndpoint('we_old', {
      signing_secret: 'whsec_dHdv',
      previous_signing_secret: 'whsec_b25l',
      previous_secret_expires_at: T0 + DAY,
    });
    expect(await webhooks.getEndpointById('we_old', T0)).toMatchObject({
      previous_signing_secret: 'whsec_b25l',
      previous_secret_expires_at: T0 + DAY,
    });
    // Cleared only once expired.
    expect(await webhooks.forgetExpiredSecrets(T0 + DAY - 1)).toBe(0);
    expect(await webhooks.forgetExpiredSecrets(T0 + DAY)).toBe(1);
    expect(await webhooks.getEndpointById('we_old', T0)).toMatchObject({
      signing_secret: 'whsec_dHdv',
      previous_signing_secret: null,
      previous_secret_expires_at: null,
    });

    // `down`: the columns are gone, the rows stay, and an insert as the release before made it works.
    await overlap.down(db as unknown as Kysely<unknown>);
    await insert('we_new');
    const ids = await sql<{ id: string }>`select id from webhook_endpoints order by id`.execute(db);
    expect(ids.rows.map((row) => row.id)).toEqual(['we_new', 'we_old']);
    await expect(sql`select previous_signing_secret from webhook_endpoints`.execute(db)).rejects.toThrow();
  });
});
