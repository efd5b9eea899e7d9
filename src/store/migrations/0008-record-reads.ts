import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The history filters that pick few records out of many: a monitor's checks, a bulk
 * file's rows, the records of one reference. Each gets an index in list order within account and
 * key mode, partial on the column being set, so records without one cost no index write.
 * (Time, number and the other filters use the indexes of 0004.)
 */
const INDEXED = ['monitor_id', 'bulk_id', 'reference'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of INDEXED)
    await db.schema
      .createIndex(`validations_account_mode_${column}`)
      .on('validations')
      .columns(['account_id', 'mode', column, 'created_at', 'id'])
      .where(sql.ref(column), 'is not', null)
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of INDEXED) await db.schema.dropIndex(`validations_account_mode_${column}`).execute();
}
