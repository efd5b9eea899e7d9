import type { Kysely } from 'kysely';

/**
 * Hashes of the evidence bytes the reply's `response_sha256` cannot vouch for, so `ledger verify`
 * and the API can tell when stored evidence was changed: `request_sha256` over the request text as
 * kept, and `kept_sha256` over the reply's first 64 KiB when only those were kept (a truncated
 * reply; `response_sha256` covers every byte received, and so the kept bytes of a whole reply).
 * Evidence kept before has neither: its request, and a truncated reply, are not checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('evidence').addColumn('request_sha256', 'text').execute();
  await db.schema.alterTable('evidence').addColumn('kept_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('evidence').dropColumn('kept_sha256').execute();
  await db.schema.alterTable('evidence').dropColumn('request_sha256').execute();
}
