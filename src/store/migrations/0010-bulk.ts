import type { Kysely } from 'kysely';

/**
 * Bulk files: one row per uploaded file with its counters, one row per data
 * line of the file with its input as given and, once answered, its result. The primary key
 * (bulk_id, position) serves the results file in input order; (bulk_id, unit) finds the rows of
 * one unique number, which share one answer and one record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addColumn('rejected', 'integer', (c) => c.notNull())
    .addColumn('unique_count', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON array: the header row's names as given. */
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('delimiter', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('use_cache', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bulk_files_account_mode')
    .on('bulk_files')
    .columns(['account_id', 'mode', 'id'])
    .execute();

  await db.schema
    .createTable('bulk_rows')
    .addColumn('bulk_id', 'text', (c) => c.notNull().references('bulk_files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    /** JSON array: the row's cells as given, in the header's order. */
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text', (c) => c.notNull())
    .addColumn('normalised', 'text')
    /** Index of the row's unique number within the file; null for a rejected row. */
    .addColumn('unit', 'integer')
    .addColumn('reference', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('valid', 'integer')
    .addColumn('company_name', 'text')
    .addColumn('company_address', 'text')
    .addColumn('source', 'text')
    .addColumn('source_status', 'text')
    .addColumn('consultation_number', 'text')
    .addColumn('validation_id', 'text')
    .addColumn('error_code', 'text')
    .addPrimaryKeyConstraint('bulk_rows_pk', ['bulk_id', 'position'])
    .execute();
  await db.schema.createIndex('bulk_rows_unit').on('bulk_rows').columns(['bulk_id', 'unit']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bulk_rows').ifExists().execute();
  await db.schema.dropTable('bulk_files').ifExists().execute();
}
