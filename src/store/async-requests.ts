import type { Executor } from './database.js';
import type { AsyncBatchesTable, AsyncItemsTable } from './tables.js';

/** Asynchronous requests: single items, and batches with one item per unique number. */

export type AsyncItem = AsyncItemsTable;
export type AsyncBatch = AsyncBatchesTable;

export interface Settlement {
  status: 'completed' | 'failed';
  /** The item's result as JSON. */
  result: string;
  attempts: number;
  now: number;
  /** The record of the item's answer, when it has one. */
  validationId: string | null;
}

export interface AsyncRequestStore {
  insertItems(items: readonly AsyncItem[]): Promise<void>;
  insertBatch(batch: AsyncBatch): Promise<void>;
  getItem(id: string): Promise<AsyncItem | undefined>;
  /** Settles a pending item; false when it was already settled (a second worker, a replayed job). */
  settleItem(id: string, settlement: Settlement): Promise<boolean>;
  /** Counts one more settled item of a batch; the counts after the increment (atomic on both engines). */
  countSettled(batchId: string): Promise<{ done: number; unique: number }>;
  getBatch(id: string): Promise<AsyncBatch | undefined>;
  listBatchItems(batchId: string): Promise<AsyncItem[]>;
  /** The batch's items at these indexes (a page of results). */
  listBatchItemsAt(batchId: string, indexes: readonly number[]): Promise<AsyncItem[]>;
  /** Each item's index and status, without results (batch progress). */
  batchItemStates(batchId: string): Promise<Array<Pick<AsyncItem, 'item_index' | 'status'>>>;
  /** The job working on an item (its id is the item's), while it has one. */
  itemJob(itemId: string): Promise<ItemJob | undefined>;
  completeBatch(batchId: string, now: number): Promise<void>;
}

/** When an item's job runs next and how often it was claimed so far. */
export interface ItemJob {
  run_at: number;
  attempts: number;
  locked_until: number | null;
}

/** 14 columns per row: 2000 rows stay under both engines' parameter limits (one statement per 1000-item batch). */
const ROWS_PER_INSERT = 2000;

export class KyselyAsyncRequestStore implements AsyncRequestStore {
  constructor(private readonly db: Executor) {}

  async insertItems(items: readonly AsyncItem[]): Promise<void> {
    for (let start = 0; start < items.length; start += ROWS_PER_INSERT) {
      await this.db
        .insertInto('async_items')
        .values(items.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
  }

  async insertBatch(batch: AsyncBatch): Promise<void> {
    await this.db.insertInto('async_batches').values(batch).execute();
  }

  getItem(id: string): Promise<AsyncItem | undefined> {
    return this.db.selectFrom('async_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async settleItem(
    id: string,
    { status, result, attempts, now, validationId }: Settlement,
  ): Promise<boolean> {
    const outcome = await this.db
      .updateTable('async_items')
      .set({ status, result, attempts, completed_at: now, validation_id: validationId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(outcome.numUpdatedRows) === 1;
  }

  async countSettled(batchId: string): Promise<{ done: number; unique: number }> {
    const row = await this.db
      .updateTable('async_batches')
      .set((eb) => ({ done_count: eb('done_count', '+', 1) }))
      .where('id', '=', batchId)
      .returning(['done_count', 'unique_count'])
      .executeTakeFirstOrThrow();
    return { done: Number(row.done_count), unique: Number(row.unique_count) };
  }

  getBatch(id: string): Promise<AsyncBatch | undefined> {
    return this.db.selectFrom('async_batches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listBatchItems(batchId: string): Promise<AsyncItem[]> {
    return this.db
      .selectFrom('async_items')
      .selectAll()
      .where('batch_id', '=', batchId)
      .orderBy('item_index')
      .execute();
  }

  async listBatchItemsAt(batchId: string, indexes: readonly number[]): Promise<AsyncItem[]> {
    if (indexes.length === 0) return [];
    return this.db
      .selectFrom('async_items')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where('item_index', 'in', indexes)
      .orderBy('item_index')
      .execute();
  }

  batchItemStates(batchId: string): Promise<Array<Pick<AsyncItem, 'item_index' | 'status'>>> {
    return this.db
      .selectFrom('async_items')
      .select(['item_index', 'status'])
      .where('batch_id', '=', batchId)
      .execute();
  }

  itemJob(itemId: string): Promise<ItemJob | undefined> {
    return this.db
      .selectFrom('jobs')
      .select(['run_at', 'attempts', 'locked_until'])
      .where('id', '=', itemId)
      .executeTakeFirst();
  }

  async completeBatch(batchId: string, now: number): Promise<void> {
    await this.db
      .updateTable('async_batches')
      .set({ status: 'completed', completed_at: now })
      .where('id', '=', batchId)
      .execute();
  }
}
