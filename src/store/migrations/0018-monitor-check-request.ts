import type { Kysely } from 'kysely';

/**
 * `last_check_request_id`: the request id of the monitor's latest "check now", written in the
 * transaction that charges and queues it, so that a request whose COMMIT reply was lost can tell
 * whether its transaction committed (src/monitors/monitor-service.ts). Null until the first one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitors').addColumn('last_check_request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitors').dropColumn('last_check_request_id').execute();
}
