import type { Kysely } from 'kysely';
import type { Tables } from './tables.js';

/**
 * Monthly usage counters. A reservation is one statement, atomic on both engines: the upsert's
 * `WHERE used + n <= limit` is re-checked on the locked row (PostgreSQL ON CONFLICT DO UPDATE) or
 * under SQLite's single writer, so N requests racing for the last M units give exactly M successes
 * across any number of processes (decisions section 4).
 */
export async function reserveUnits(
  db: Kysely<Tables>,
  accountId: string,
  period: string,
  units: number,
  limit: number,
): Promise<{ ok: boolean; used: number }> {
  if (units <= 0) return { ok: true, used: await usedUnits(db, accountId, period) };
  if (units > limit) return { ok: false, used: await usedUnits(db, accountId, period) };
  const row = await db
    .insertInto('usage')
    .values({ account_id: accountId, period, used: units })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'period'])
        .doUpdateSet({ used: (eb) => eb('usage.used', '+', eb.ref('excluded.used')) })
        .where((eb) => eb(eb('usage.used', '+', eb.ref('excluded.used')), '<=', limit)),
    )
    .returning('used')
    .executeTakeFirst();
  if (row) return { ok: true, used: Number(row.used) };
  return { ok: false, used: await usedUnits(db, accountId, period) };
}

/** Gives back units reserved for answers that were never served (503s). Never goes below zero. */
export async function releaseUnits(
  db: Kysely<Tables>,
  accountId: string,
  period: string,
  units: number,
): Promise<number> {
  if (units <= 0) return usedUnits(db, accountId, period);
  const row = await db
    .updateTable('usage')
    .set((eb) => ({
      used: eb
        .case()
        .when('used', '>=', units)
        .then(eb('used', '-', units))
        .else(0)
        .end(),
    }))
    .where('account_id', '=', accountId)
    .where('period', '=', period)
    .returning('used')
    .executeTakeFirst();
  return row ? Number(row.used) : 0;
}

export async function usedUnits(db: Kysely<Tables>, accountId: string, period: string): Promise<number> {
  const row = await db
    .selectFrom('usage')
    .select('used')
    .where('account_id', '=', accountId)
    .where('period', '=', period)
    .executeTakeFirst();
  return row ? Number(row.used) : 0;
}
