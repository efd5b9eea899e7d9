import { type Kysely, sql } from 'kysely';
import { newId } from '../../ids.js';

/**
 * Webhook endpoints: several per account and key mode, each with its own URL, secret, subscribed
 * event kinds and optional expiry (temporary endpoints of `webhooks listen`). Each configuration
 * of the `webhooks` table becomes an endpoint subscribed to every kind (`["*"]`) with its URL,
 * secret, state and times, and deliveries name the endpoint they are for, existing ones included.
 */

interface ConfigRow {
  account_id: string;
  mode: string;
  url: string;
  signing_secret: string;
  enabled: number;
  created_at: number | string;
  updated_at: number | string;
}

/** Rows per insert: 11 columns each, well below SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 100;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('signing_secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_owner')
    .on('webhook_endpoints')
    .columns(['account_id', 'mode', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_expires')
    .on('webhook_endpoints')
    .column('expires_at')
    .execute();

  const configs =
    await sql<ConfigRow>`select account_id, mode, url, signing_secret, enabled, created_at, updated_at
    from webhooks order by account_id, mode`.execute(db);
  const endpoints = configs.rows.map((row) => ({
    id: newId('we'),
    account_id: row.account_id,
    mode: row.mode,
    url: row.url,
    description: null,
    events: '["*"]',
    signing_secret: row.signing_secret,
    enabled: row.enabled,
    expires_at: null,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  }));
  for (let start = 0; start < endpoints.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('webhook_endpoints')
      .values(endpoints.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }

  await db.schema.alterTable('deliveries').addColumn('endpoint_id', 'text').execute();
  await sql`update deliveries set endpoint_id = (
      select e.id from webhook_endpoints e where e.account_id = deliveries.account_id and e.mode = deliveries.mode
    )`.execute(db);
  await db.schema
    .createIndex('deliveries_endpoint_seq')
    .on('deliveries')
    .columns(['endpoint_id', 'seq'])
    .execute();
  await db.schema.dropTable('webhooks').execute();
}

/** Back to one configuration per account and mode: the oldest permanent endpoint of each. */
// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('signing_secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhooks_pk', ['account_id', 'mode'])
    .execute();
  await sql`insert into webhooks (account_id, mode, url, signing_secret, enabled, created_at, updated_at)
    select account_id, mode, url, signing_secret, enabled, created_at, updated_at
    from webhook_endpoints e
    where e.expires_at is null and not exists (
      select 1 from webhook_endpoints o
      where o.account_id = e.account_id and o.mode = e.mode and o.expires_at is null
        and (o.created_at < e.created_at or (o.created_at = e.created_at and o.id < e.id))
    )`.execute(db);
  await db.schema.dropIndex('deliveries_endpoint_seq').execute();
  await db.schema.alterTable('deliveries').dropColumn('endpoint_id').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
