import type { Kysely } from 'kysely';

/**
 * Bulk rows keep their answer's `data.match`: JSON, null for a row
 * without an answer or without trader fields; the results file spreads it into `match_*` columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bulk_rows').addColumn('match', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bulk_rows').dropColumn('match').execute();
}
