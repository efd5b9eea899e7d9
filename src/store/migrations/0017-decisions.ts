import type { Kysely } from 'kysely';

/**
 * VAT decisions (POST /v1/decisions): one row per decision made for a key, sealed into the same
 * ledger as validation records. The members a list filters on (treatment, the parties' countries,
 * the reference, the buyer's validation record) are columns; the rest of the decision as shown
 * is `body` (JSON). Its hash covers both, so a changed column breaks it as a changed body does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('treatment', 'text', (c) => c.notNull())
    .addColumn('seller_country', 'text', (c) => c.notNull())
    .addColumn('buyer_country', 'text', (c) => c.notNull())
    /** The buyer's validation record the decision rests on; null without a usable check. */
    .addColumn('validation_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('record_hash', 'text', (c) => c.notNull())
    .addColumn('seal_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('decisions_account_mode_time')
    .on('decisions')
    .columns(['account_id', 'mode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('decisions_seal')
    .on('decisions')
    .columns(['seal_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('decisions').ifExists().execute();
}
