import type { Kysely } from 'kysely';

/**
 * Monitors: a number re-checked on a schedule for one account and key mode, at most
 * one per number. `slot` places its checks within the interval (src/monitors/schedule.ts);
 * `queued_at` says a check job is in the jobs table, so the scheduler queues none twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('requester_vat_number', 'text')
    .addColumn('slot', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_checked_at', 'bigint')
    .addColumn('next_check_at', 'bigint', (c) => c.notNull())
    .addColumn('queued_at', 'bigint')
    /** JSON `{ code, message, at }` of the last failed check; null once a check succeeds. */
    .addColumn('last_error', 'text')
    /** JSON `{ valid, company, source, validation_id }` of the last successful check. */
    .addColumn('last_result', 'text')
    /** Its `valid` as 0/1, for the list's filter. */
    .addColumn('last_valid', 'integer')
    .addUniqueConstraint('monitors_number', ['account_id', 'mode', 'vat_number'])
    .execute();
  await db.schema
    .createIndex('monitors_account_seq')
    .on('monitors')
    .columns(['account_id', 'mode', 'seq'])
    .execute();
  await db.schema.createIndex('monitors_due').on('monitors').columns(['status', 'next_check_at']).execute();
  await db.schema.createIndex('monitors_queued').on('monitors').columns(['queued_at']).execute();
  await db.schema.createIndex('monitors_slot').on('monitors').columns(['slot']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitors').ifExists().execute();
}
