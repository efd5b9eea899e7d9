import type { Kysely } from 'kysely';

/**
 * Every check a record users can read and prove: the validation records gain
 * the whole answer, the key mode, the caller's reference and where they came from; the registry
 * exchanges behind answers are kept once as evidence (the cache points at the one it was filled
 * from); seals close records into a hash chain; idempotency keys remember first answers (K).
 * Records written before this migration are live ones and keep nulls where they held nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[string, 'text' | 'bigint' | 'integer']> = [
    ['reference', 'text'],
    ['batch_id', 'text'],
    ['bulk_id', 'text'],
    ['monitor_id', 'text'],
    ['country_code', 'text'],
    ['company_name', 'text'],
    ['company_address', 'text'],
    ['consultation_number', 'text'],
    ['requester_vat_number', 'text'],
    ['requested_at', 'bigint'],
    ['match', 'text'],
    ['cached', 'integer'],
    ['cached_at', 'bigint'],
    ['stale', 'integer'],
    ['evidence_id', 'text'],
    ['record_hash', 'text'],
    ['seal_id', 'text'],
  ];
  await db.schema
    .alterTable('validations')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
    .execute();
  for (const [name, type] of columns)
    await db.schema.alterTable('validations').addColumn(name, type).execute();
  await db.schema.dropIndex('validations_account_time').execute();
  await db.schema
    .createIndex('validations_account_mode_time')
    .on('validations')
    .columns(['account_id', 'mode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('validations_account_mode_number')
    .on('validations')
    .columns(['account_id', 'mode', 'vat_number', 'created_at'])
    .execute();
  await db.schema
    .createIndex('validations_seal')
    .on('validations')
    .columns(['seal_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('evidence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registry', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    /** The body or query string sent, credentials and tokens replaced by `[redacted]`. */
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_content_type', 'text')
    /** The reply's first 64 KiB: as text when they are UTF-8, else base64 (`response_encoding`). */
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('response_encoding', 'text', (c) => c.notNull())
    .addColumn('truncated', 'integer', (c) => c.notNull())
    .addColumn('response_sha256', 'text', (c) => c.notNull())
    /** Whose request it was, and the requester and consultation numbers only that account may see. */
    .addColumn('account_id', 'text')
    .addColumn('requester_vat_number', 'text')
    .addColumn('consultation_number', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('evidence_created').on('evidence').columns(['created_at']).execute();
  await db.schema.alterTable('validation_cache').addColumn('evidence_id', 'text').execute();

  await db.schema
    .createTable('seals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** Position in the chain, from 1: unique, so two sealers can never both add the next seal. */
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('previous_hash', 'text')
    .addColumn('root', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('from_at', 'bigint', (c) => c.notNull())
    .addColumn('to_at', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('sealed_at', 'bigint', (c) => c.notNull())
    /** When its records and their evidence were removed (retention); the seal itself stays. */
    .addColumn('pruned_at', 'bigint')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    /** Method, route and SHA-256 of the body: a retry must send the same request. */
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('headers', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'mode', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expiry')
    .on('idempotency_keys')
    .columns(['expires_at'])
    .execute();

  for (const column of ['reference', 'validation_id'])
    await db.schema.alterTable('async_items').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'seals', 'evidence'])
    await db.schema.dropTable(table).ifExists().execute();
}
