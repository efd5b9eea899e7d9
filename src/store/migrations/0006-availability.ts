import type { Kysely } from 'kysely';

/**
 * Registry availability shared by every instance: call outcomes and latencies
 * counted per registry (and VIES member state) per hour, each breaker's last known state and the
 * VIES availability report, and the slots of the per-application rate limits when no Redis is
 * configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registry_calls')
    /** `hmrc`, `uid`, …, or `vies:DE` for one VIES member state. */
    .addColumn('registry_key', 'text', (c) => c.notNull())
    /** Start of the UTC hour the calls ended in, epoch ms. */
    .addColumn('hour_at', 'bigint', (c) => c.notNull())
    /** Latency bucket of answered calls (src/availability/latency.ts); -1 for failed calls. */
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('registry_calls_pk', ['registry_key', 'hour_at', 'bucket'])
    .execute();
  await db.schema.createIndex('registry_calls_hour').on('registry_calls').columns(['hour_at']).execute();

  await db.schema
    .createTable('registry_health')
    .addColumn('registry_key', 'text', (c) => c.primaryKey())
    /** The breaker as its instance last saw it: `closed`, `open`, `half_open`. */
    .addColumn('breaker', 'text', (c) => c.notNull())
    /** While open: when the next probe is due (epoch ms). */
    .addColumn('open_until', 'bigint')
    .addColumn('last_failure_at', 'bigint')
    .addColumn('last_success_at', 'bigint')
    /** VIES check-status: `available`, `unavailable`, `monitoring_disabled` (null: not reported). */
    .addColumn('reported', 'text')
    .addColumn('reported_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('registry_slots')
    .addColumn('limit_key', 'text', (c) => c.primaryKey())
    /** JSON array of the most recent reserved call times (epoch ms), at most the limit's count. */
    .addColumn('slots', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['registry_slots', 'registry_health', 'registry_calls'])
    await db.schema.dropTable(table).ifExists().execute();
}
