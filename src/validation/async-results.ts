import { type Static, Type } from '@sinclair/typebox';
import type { Principal } from '../accounts/authenticator.js';
import { decodeCursor as decodeListCursor, encodeCursor, notACursor } from '../cursors.js';
import { ApiError, ErrorObject } from '../errors.js';
import { batchItemOf, type ItemResult } from '../jobs/handlers/validate-item.js';
import type { AsyncBatch, AsyncItem, AsyncRequestStore } from '../store/async-requests.js';
import { answerMetaProperties, IsoTime, iso, Nullable, storedData, ValidationData } from './answer.js';
import type { BatchPosition } from './async-acceptance.js';
import { BatchItem } from './batch-item.js';

/**
 * Async results read by polling instead of a webhook: a single request's state and
 * result, a batch's progress, and a batch's results in input order, a page at a time. Async work
 * is live-mode only, so a test key finds nothing (404), as does another account.
 */

export const AsyncRequestState = Type.Object(
  {
    request_id: Type.String({ description: 'The `data.request_id` of the 202' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')], {
      description: '`failed` when the registry stayed unavailable through every retry',
    }),
    vat_number: Type.String({ description: 'The normalised number' }),
    reference: Nullable(Type.String()),
    attempts: Type.Integer({ description: 'Registry attempts made so far (crashed attempts included)' }),
    next_attempt_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the next attempt is due; null while one runs and once settled',
      }),
    ),
    created_at: IsoTime,
    completed_at: Nullable(IsoTime),
    result: Nullable(
      Type.Object(
        {
          data: Type.Ref(ValidationData),
          meta: Type.Object({
            ...answerMetaProperties,
            validation_id: Type.String({ description: 'The record of this answer (val_…)' }),
          }),
        },
        {
          description: 'The answer as `GET /v1/validate` gives it, with its record id; null unless completed',
        },
      ),
    ),
    error: Nullable(
      Type.Pick(ErrorObject, ['code', 'message'], { description: 'Why it failed; null unless failed' }),
    ),
  },
  { $id: 'AsyncRequestState' },
);

export const AsyncBatchState = Type.Object(
  {
    batch_id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('completed')], {
      description: '`pending` until the first number is settled, `processing` until the last',
    }),
    total: Type.Integer({ description: 'Items sent' }),
    accepted: Type.Integer({ description: 'Items queued (positions, duplicates included)' }),
    rejected: Type.Integer({ description: 'Malformed items, never queued' }),
    processed: Type.Integer({ description: 'Accepted positions whose number is settled' }),
    succeeded: Type.Integer({ description: 'Processed positions with an answer' }),
    failed: Type.Integer({ description: 'Processed positions whose registry stayed unavailable' }),
    created_at: IsoTime,
    completed_at: Nullable(IsoTime),
  },
  { $id: 'AsyncBatchState' },
);

const position = Type.Integer({ description: '0-based index in the input as sent, rejected items included' });
const [SuccessItem, FailureItem] = BatchItem.anyOf;

/** A position of the results: an item of `batch.completed` with its position, or still pending. */
export const AsyncBatchResult = Type.Union(
  [
    Type.Object({ position, ...SuccessItem.properties }),
    Type.Object({ position, ...FailureItem.properties }),
    Type.Object({
      position,
      status: Type.Literal('pending', { description: 'Not settled yet: poll again' }),
      meta: Type.Object({ vat_number: Type.String({ description: 'The input as sent' }) }),
    }),
  ],
  { $id: 'AsyncBatchResult' },
);

export type AsyncRequestState = Static<typeof AsyncRequestState>;
export type AsyncBatchState = Static<typeof AsyncBatchState>;
export type AsyncBatchResult = Static<typeof AsyncBatchResult>;

export interface ResultsPage {
  data: AsyncBatchResult[];
  next_cursor: string | null;
  has_more: boolean;
}

export class AsyncResults {
  constructor(
    private readonly requests: AsyncRequestStore,
    private readonly docsBase: string,
    private readonly now: () => number,
  ) {}

  async request(principal: Principal, id: string): Promise<AsyncRequestState> {
    const item = await this.requests.getItem(id);
    if (!item || item.batch_id !== null || !owns(principal, item))
      throw new ApiError('not_found', `No async request '${id.slice(0, 64)}' for this account.`);
    const stored = item.result === null ? null : (JSON.parse(item.result) as ItemResult);
    let attempts = item.attempts;
    let nextAttemptAt: string | null = null;
    if (item.status === 'pending') {
      const job = await this.requests.itemJob(item.id);
      if (job) {
        attempts = Number(job.attempts);
        const running = job.locked_until !== null && Number(job.locked_until) > this.now();
        nextAttemptAt = running ? null : iso(Number(job.run_at));
      }
    }
    return {
      request_id: item.id,
      status: item.status,
      vat_number: item.vat_number,
      reference: item.reference,
      attempts,
      next_attempt_at: nextAttemptAt,
      created_at: iso(Number(item.created_at)),
      completed_at: item.completed_at === null ? null : iso(Number(item.completed_at)),
      result:
        stored?.ok === true
          ? {
              data: storedData(stored.answer.data),
              meta: { ...stored.answer.meta, validation_id: stored.validationId ?? item.validation_id ?? '' },
            }
          : null,
      error: stored?.ok === false ? { code: stored.code, message: stored.message } : null,
    };
  }

  async batch(principal: Principal, id: string): Promise<AsyncBatchState> {
    const batch = await this.ownBatch(principal, id);
    const states = new Map(
      (await this.requests.batchItemStates(batch.id)).map((item) => [Number(item.item_index), item.status]),
    );
    let succeeded = 0;
    let failed = 0;
    for (const { item } of positionsOf(batch)) {
      const status = states.get(item);
      if (status === 'completed') succeeded += 1;
      else if (status === 'failed') failed += 1;
    }
    // From the item states read above, as `processed` is: the batch row's own count is read
    // before them and may lag an item that completed in between.
    const status =
      batch.status === 'completed' ? 'completed' : succeeded + failed > 0 ? 'processing' : 'pending';
    return {
      batch_id: batch.id,
      status,
      total: Number(batch.total),
      accepted: Number(batch.accepted),
      rejected: Number(batch.total) - Number(batch.accepted),
      processed: succeeded + failed,
      succeeded,
      failed,
      created_at: iso(Number(batch.created_at)),
      completed_at: batch.completed_at === null ? null : iso(Number(batch.completed_at)),
    };
  }

  async results(
    principal: Principal,
    id: string,
    query: { limit: number; cursor?: string },
  ): Promise<ResultsPage> {
    const batch = await this.ownBatch(principal, id);
    const positions = positionsOf(batch);
    const start = query.cursor === undefined ? 0 : decodeCursor(query.cursor, batch, positions.length);
    const page = positions.slice(start, start + query.limit);
    const items = await this.requests.listBatchItemsAt(batch.id, [...new Set(page.map(({ item }) => item))]);
    const byIndex = new Map(items.map((item) => [Number(item.item_index), item]));
    const data = page.map(({ input, item, position, reference }): AsyncBatchResult => {
      const row = byIndex.get(item);
      if (!row || row.result === null) return { position, status: 'pending', meta: { vat_number: input } };
      return { position, ...batchItemOf(this.docsBase, input, row, reference) };
    });
    const end = start + page.length;
    const hasMore = end < positions.length;
    return {
      data,
      next_cursor: hasMore ? encodeCursor(String(end), scopeOf(batch)) : null,
      has_more: hasMore,
    };
  }

  private async ownBatch(principal: Principal, id: string): Promise<AsyncBatch> {
    const batch = await this.requests.getBatch(id);
    if (!batch || !owns(principal, batch))
      throw new ApiError('not_found', `No async batch '${id.slice(0, 64)}' for this account.`);
    return batch;
  }
}

/** Async work is made with live keys only: a test key owns none of it. */
function owns(principal: Principal, row: Pick<AsyncItem, 'account_id'>): boolean {
  return principal.mode === 'live' && row.account_id === principal.accountId;
}

/**
 * The accepted positions in input order, each with its index in the input as sent. Batches
 * accepted before positions were stored count accepted positions only.
 */
function positionsOf(batch: AsyncBatch): Array<BatchPosition & { position: number }> {
  return (JSON.parse(batch.positions) as BatchPosition[]).map((entry, index) => ({
    ...entry,
    position: entry.position ?? index,
  }));
}

/** What a results cursor is bound to: the batch (and so its account). */
function scopeOf(batch: AsyncBatch) {
  return { list: 'async_batch_results', accountId: batch.account_id, batchId: batch.id };
}

/** The index of the next accepted position a cursor of this batch carries; 422 otherwise. */
function decodeCursor(cursor: string, batch: AsyncBatch, count: number): number {
  const index = Number(decodeListCursor(cursor, scopeOf(batch), /^[1-9]\d{0,5}$/));
  if (index >= count) throw notACursor();
  return index;
}
