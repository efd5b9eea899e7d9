import type { Kysely } from 'kysely';

/**
 * Rates kept current from TEDB (docs/rates.md): `rate_changes` holds every change a sync applied,
 * effective-dated, with the SHA-256 of the reply and the day it was retrieved; `rate_syncs` one row
 * per sync run (what it found, applied or refused). A change is stored once per reply: two syncs
 * racing on the same reply insert it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sync_id', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text')
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('retrieved_at', 'bigint', (c) => c.notNull())
    .addColumn('reply_sha256', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('rate_changes_once_per_reply', [
      'country_code',
      'effective_from',
      'kind',
      'category_id',
      'reply_sha256',
    ])
    .execute();
  await db.schema
    .createTable('rate_syncs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('retrieved_at', 'bigint')
    .addColumn('reply_sha256', 'text')
    .addColumn('differences', 'text', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('next_from', 'text')
    .execute();
  await db.schema.createIndex('rate_syncs_finished').on('rate_syncs').columns(['finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_syncs').ifExists().execute();
  await db.schema.dropTable('rate_changes').ifExists().execute();
}
