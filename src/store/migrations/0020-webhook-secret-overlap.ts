import type { Kysely } from 'kysely';

/**
 * The secret an endpoint signed with before its latest rotation, and until when deliveries are
 * still signed with it as well (src/webhooks/endpoints.ts: a receiver keeps verifying while its new
 * secret is put in place). Both null when there is none, or once that time has passed and the
 * recurring sweep cleared them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_signing_secret', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_expires_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_expires_at').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_signing_secret').execute();
}
