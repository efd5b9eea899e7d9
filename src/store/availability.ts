import { sql } from 'kysely';
import type { Database } from './database.js';
import type { RegistryCallsTable, RegistryHealthTable } from './tables.js';

/**
 * Registry availability shared by every instance: hourly call counts, each breaker's last state
 * and the VIES availability report, and the reserved slots of per-application rate limits.
 */
export interface AvailabilityStore {
  /** Adds the counts to the hour's rows (several instances add to the same rows). */
  addCalls(rows: readonly RegistryCallsTable[]): Promise<void>;
  /** Counts summed over every instance since `fromHour`, per registry key and latency bucket. */
  sumCalls(fromHour: number): Promise<Array<Omit<RegistryCallsTable, 'hour_at'>>>;
  health(): Promise<RegistryHealthTable[]>;
  /** Writes what is given for the key, keeping the columns not given. */
  putHealth(
    key: string,
    values: Partial<Omit<RegistryHealthTable, 'registry_key'>>,
    now: number,
  ): Promise<void>;
  /**
   * Reserves the earliest call time at or after `now` that keeps `limit` calls per `windowMs`,
   * unless it is later than `now + maxWaitMs`; returns the time, or null (nothing reserved).
   */
  reserveSlot(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
    maxWaitMs: number,
    count?: number,
  ): Promise<number | null>;
}

/**
 * The next time `count` calls may go together under a limit of `limit` calls per `windowMs`, given
 * the reserved times (ascending): the call `limit - count + 1` places back must be a whole window
 * earlier.
 */
export function nextSlot(
  slots: readonly number[],
  limit: number,
  windowMs: number,
  now: number,
  count = 1,
): number {
  const at = Math.max(now, slots.at(-1) ?? now);
  const index = slots.length - limit + count - 1;
  return index < 0 ? at : Math.max(at, slots[index] + windowMs);
}

export class KyselyAvailabilityStore implements AvailabilityStore {
  constructor(private readonly database: Database) {}

  async addCalls(rows: readonly RegistryCallsTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.database.db
      .insertInto('registry_calls')
      .values([...rows])
      .onConflict((conflict) =>
        conflict.columns(['registry_key', 'hour_at', 'bucket']).doUpdateSet({
          answered: sql`registry_calls.answered + excluded.answered`,
          failed: sql`registry_calls.failed + excluded.failed`,
        }),
      )
      .execute();
  }

  async sumCalls(fromHour: number) {
    const rows = await this.database.db
      .selectFrom('registry_calls')
      .select([
        'registry_key',
        'bucket',
        sql<number>`sum(answered)`.as('answered'),
        sql<number>`sum(failed)`.as('failed'),
      ])
      .where('hour_at', '>=', fromHour)
      .groupBy(['registry_key', 'bucket'])
      .execute();
    return rows.map((row) => ({ ...row, answered: Number(row.answered), failed: Number(row.failed) }));
  }

  health(): Promise<RegistryHealthTable[]> {
    return this.database.db.selectFrom('registry_health').selectAll().execute();
  }

  async putHealth(
    key: string,
    values: Partial<Omit<RegistryHealthTable, 'registry_key'>>,
    now: number,
  ): Promise<void> {
    const update = { ...values, updated_at: now };
    await this.database.db
      .insertInto('registry_health')
      .values({ registry_key: key, breaker: 'closed', ...update })
      .onConflict((conflict) => conflict.column('registry_key').doUpdateSet(update))
      .execute();
  }

  async reserveSlot(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
    maxWaitMs: number,
    count = 1,
  ): Promise<number | null> {
    const { db, dialect } = this.database;
    await db
      .insertInto('registry_slots')
      .values({ limit_key: key, slots: '[]' })
      .onConflict((conflict) => conflict.column('limit_key').doNothing())
      .execute();
    // SQLite: BEGIN IMMEDIATE holds the write lock; PostgreSQL: the row lock serialises instances.
    return this.database.transaction(async (trx) => {
      let query = trx.selectFrom('registry_slots').select('slots').where('limit_key', '=', key);
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      const slots = (JSON.parse(row?.slots ?? '[]') as number[]).slice(-limit);
      const at = nextSlot(slots, limit, windowMs, now, count);
      if (at - now > maxWaitMs) return null;
      for (let i = 0; i < count; i += 1) slots.push(at);
      await trx
        .updateTable('registry_slots')
        .set({ slots: JSON.stringify(slots.slice(-limit)) })
        .where('limit_key', '=', key)
        .execute();
      return at;
    });
  }
}
