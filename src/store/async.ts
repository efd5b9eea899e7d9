import type { Executor } from './db.js';
import type { AsyncBatchesTable, AsyncItemsTable } from './tables.js';

export type AsyncItem = AsyncItemsTable;
export type AsyncBatch = AsyncBatchesTable;

export async function insertItems(db: Executor, items: readonly AsyncItem[]): Promise<void> {
  // 14 columns per row: 2000 rows (28,000 parameters) stay under both dialects' limits, and a 1000-item batch is one statement.
  for (let start = 0; start < items.length; start += 2000) {
    await db
      .insertInto('async_items')
      .values(items.slice(start, start + 2000))
      .execute();
  }
}

export async function insertBatch(db: Executor, batch: AsyncBatch): Promise<void> {
  await db.insertInto('async_batches').values(batch).execute();
}

export async function getItem(db: Executor, id: string): Promise<AsyncItem | undefined> {
  return db.selectFrom('async_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Settles a pending item; false when it was already settled (a second worker, a replayed job). */
export async function settleItem(
  db: Executor,
  id: string,
  status: 'completed' | 'failed',
  result: string,
  attempts: number,
  now: number,
): Promise<boolean> {
  const outcome = await db
    .updateTable('async_items')
    .set({ status, result, attempts, completed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(outcome.numUpdatedRows) === 1;
}

/** Counts one more settled item; returns the counts after the increment (atomic on both engines). */
export async function countSettled(db: Executor, batchId: string): Promise<{ done: number; unique: number }> {
  const row = await db
    .updateTable('async_batches')
    .set((eb) => ({ done_count: eb('done_count', '+', 1) }))
    .where('id', '=', batchId)
    .returning(['done_count', 'unique_count'])
    .executeTakeFirstOrThrow();
  return { done: Number(row.done_count), unique: Number(row.unique_count) };
}

export async function getBatch(db: Executor, id: string): Promise<AsyncBatch | undefined> {
  return db.selectFrom('async_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBatchItems(db: Executor, batchId: string): Promise<AsyncItem[]> {
  return db
    .selectFrom('async_items')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('item_index')
    .execute();
}

export async function completeBatch(db: Executor, batchId: string, now: number): Promise<void> {
  await db
    .updateTable('async_batches')
    .set({ status: 'completed', completed_at: now })
    .where('id', '=', batchId)
    .execute();
}
