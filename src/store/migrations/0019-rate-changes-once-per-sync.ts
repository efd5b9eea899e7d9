import { type Kysely, sql } from 'kysely';

/**
 * `rate_changes` unique per sync run instead of per TEDB reply. Per reply, a change TEDB states
 * again after a later reply altered it (21 %, then 22 %, then 21 % again: the third reply's bytes
 * equal the first's) was found but never stored: its key was taken by the first change, so the
 * service kept answering 22 %. Syncs run one at a time under the sync lock, so per run is enough
 * to store each change once. SQLite cannot drop a constraint: the table is rebuilt on both.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'rate_changes_next', 'rate_changes_once_per_sync', [
    'sync_id',
    'country_code',
    'effective_from',
    'kind',
    'category_id',
  ]);
  await sql`insert into rate_changes_next select * from rate_changes`.execute(db);
  await db.schema.dropTable('rate_changes').execute();
  await db.schema.alterTable('rate_changes_next').renameTo('rate_changes').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await createTable(db, 'rate_changes_previous', 'rate_changes_once_per_reply', [
    'country_code',
    'effective_from',
    'kind',
    'category_id',
    'reply_sha256',
  ]);
  // The newest of the rows one reply stated twice holds, as it did when served.
  await sql`insert into rate_changes_previous select * from rate_changes r
    where not exists (select 1 from rate_changes o where o.country_code = r.country_code
      and o.effective_from = r.effective_from and o.kind = r.kind and o.category_id = r.category_id
      and o.reply_sha256 = r.reply_sha256 and (o.applied_at > r.applied_at or (o.applied_at = r.applied_at and o.id > r.id)))`.execute(
    db,
  );
  await db.schema.dropTable('rate_changes').execute();
  await db.schema.alterTable('rate_changes_previous').renameTo('rate_changes').execute();
}

type Column = 'sync_id' | 'country_code' | 'effective_from' | 'kind' | 'category_id' | 'reply_sha256';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
async function createTable(db: Kysely<any>, name: string, constraint: string, columns: Column[]) {
  await db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sync_id', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text')
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('retrieved_at', 'bigint', (c) => c.notNull())
    .addColumn('reply_sha256', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint(constraint, columns)
    .execute();
}
