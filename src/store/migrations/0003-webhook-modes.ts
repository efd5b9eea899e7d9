import { type Kysely, sql } from 'kysely';

/**
 * Webhook configuration, events and deliveries per key mode (decisions section 7: a test key sees
 * and changes only the test-mode configuration and its deliveries). Rows that exist already were
 * made with live keys. Delivery attempts gain `finished_at`: an attempt is written before its
 * request is sent, so one cut short by a crash still shows in the attempt log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The primary key becomes (account_id, mode); SQLite cannot change a primary key in place, so
  // the table is rebuilt the same way on both engines.
  await db.schema
    .createTable('webhooks_by_mode')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('signing_secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhooks_by_mode_pk', ['account_id', 'mode'])
    .execute();
  await sql`insert into webhooks_by_mode (account_id, mode, url, signing_secret, enabled, created_at, updated_at)
    select account_id, 'live', url, signing_secret, enabled, created_at, updated_at from webhooks`.execute(
    db,
  );
  await db.schema.dropTable('webhooks').execute();
  await db.schema.alterTable('webhooks_by_mode').renameTo('webhooks').execute();

  for (const table of ['events', 'deliveries']) {
    await db.schema
      .alterTable(table)
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
      .execute();
  }
  await db.schema.dropIndex('deliveries_account_seq').execute();
  await db.schema
    .createIndex('deliveries_account_mode_seq')
    .on('deliveries')
    .columns(['account_id', 'mode', 'seq'])
    .execute();

  await db.schema.alterTable('delivery_attempts').addColumn('finished_at', 'bigint').execute();
  // Attempts recorded before this migration all finished.
  await sql`update delivery_attempts set finished_at = at + duration_ms`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_attempts').dropColumn('finished_at').execute();
  await db.schema.dropIndex('deliveries_account_mode_seq').execute();
  await db.schema
    .createIndex('deliveries_account_seq')
    .on('deliveries')
    .columns(['account_id', 'seq'])
    .execute();
  for (const table of ['deliveries', 'events']) {
    await db.schema.alterTable(table).dropColumn('mode').execute();
  }
  await sql`delete from webhooks where mode <> 'live'`.execute(db);
}
