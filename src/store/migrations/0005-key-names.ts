import type { Kysely } from 'kysely';

/**
 * Keys managed over the API: a name people give a key, and when it was last used
 * (written at most once a minute per key and instance, never once per request). Keys that exist
 * already have neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('name', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
  await db.schema.alterTable('api_keys').dropColumn('name').execute();
}
