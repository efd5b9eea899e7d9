import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Job } from '../jobs/queue.js';
import { enqueue } from '../jobs/queue.js';
import type { JobOutcome } from '../jobs/worker.js';
import { registryIdFor } from '../registries/gateway.js';
import type { Principal } from '../store/accounts.js';
import {
  type AsyncItem,
  completeBatch,
  countSettled,
  getBatch,
  getItem,
  insertBatch,
  insertItems,
  listBatchItems,
  settleItem,
} from '../store/async.js';
import { type Database, type Executor, inTransaction } from '../store/db.js';
import { getWebhook } from '../store/webhooks.js';
import type { WebhookDispatcher } from '../webhooks/dispatch.js';
import type { ValidationAnswer } from './answers.js';
import { ApiError, ERROR_CATALOGUE, type ErrorCode } from './errors.js';
import { type QuotaState, reserveQuota } from './quota.js';
import { asyncBatchLimit } from './tiers.js';
import type { CheckedNumber, ValidationService } from './validation.js';
import type { ParsedVatNumber } from './vat-number/index.js';

export const VALIDATE_JOB = 'validate_item';

export interface AsyncOptions {
  database: Database;
  clock: Clock;
  validation: ValidationService;
  dispatcher: WebhookDispatcher;
  /** Delays between registry retries (decisions section 6: 2, 6, 18, 54, 162 minutes). */
  retryDelaysMs: readonly number[];
  docsBase: string;
  onEnqueued?: () => void;
}

export interface AsyncRequest {
  requester?: string;
  useCache: boolean;
}

/** What an item ended with, stored as JSON and rendered into events. */
type ItemResult = { ok: true; answer: ValidationAnswer } | { ok: false; code: ErrorCode; message: string };

interface Position {
  input: string;
  item: number;
}

/**
 * Asynchronous validation (spec 4.3, 4.4, decisions section 6): acceptance writes the items, the
 * quota and the jobs in one transaction; the worker resolves each item through the same pipeline
 * as the synchronous path (cache, records), retries registry failures on the schedule, and emits
 * `validation.completed` / `validation.failed` or, when a batch's last item settles, `batch.completed`.
 */
export class AsyncValidationService {
  constructor(private readonly options: AsyncOptions) {}

  async acceptOne(
    principal: Principal,
    input: string,
    request: AsyncRequest,
  ): Promise<{ data: { request_id: string; status: 'pending'; vat_number: string }; quota: QuotaState }> {
    await this.requireWebhook(principal);
    const { validation } = this.options;
    const target = validation.check(input);
    const requester = this.requester(request.requester);
    const now = this.options.clock.now();
    const id = randomUUID();
    const quota = await inTransaction(this.options.database, async (trx) => {
      const state = await reserveQuota(trx, principal.accountId, validation.limitOf(principal), 1, now);
      await insertItems(trx, [
        this.item(id, principal, null, 0, input, target, requester, request.useCache, now),
      ]);
      await enqueue(trx, [{ kind: VALIDATE_JOB, payload: { itemId: id }, runAt: now }], now);
      return state;
    });
    this.options.onEnqueued?.();
    return { data: { request_id: id, status: 'pending', vat_number: target.number.vatNumber }, quota };
  }

  async acceptBatch(principal: Principal, inputs: readonly string[], request: AsyncRequest) {
    const limit = asyncBatchLimit(principal.tier);
    if (inputs.length > limit) {
      throw new ApiError(
        'validation_error',
        `vat_numbers: at most ${limit} items on the ${principal.tier} tier; got ${inputs.length}.`,
      );
    }
    await this.requireWebhook(principal);
    const { validation } = this.options;
    const requester = this.requester(request.requester);
    const rejected: Array<{ vat_number: string; error: { code: string; message: string } }> = [];
    const unique = new Map<string, { index: number; input: string; checked: CheckedNumber }>();
    const positions: Position[] = [];
    for (const input of inputs) {
      let checked: CheckedNumber;
      try {
        checked = validation.check(input);
      } catch (error) {
        const apiError = error as ApiError;
        rejected.push({ vat_number: input, error: { code: apiError.code, message: apiError.message } });
        continue;
      }
      let entry = unique.get(checked.number.vatNumber);
      if (!entry) {
        entry = { index: unique.size, input, checked };
        unique.set(checked.number.vatNumber, entry);
      }
      positions.push({ input, item: entry.index });
    }
    const now = this.options.clock.now();
    const summary = { total: inputs.length, accepted: positions.length, rejected };
    if (positions.length === 0) {
      // decisions section 6: all rejected → completed at once, no batch, no event, nothing counted.
      const quota = await reserveQuota(
        this.options.database.db,
        principal.accountId,
        validation.limitOf(principal),
        0,
        now,
      );
      return { data: { batch_id: null, status: 'completed' as const, ...summary }, quota };
    }

    const batchId = randomUUID();
    const items = [...unique.values()].map((entry) =>
      this.item(
        randomUUID(),
        principal,
        batchId,
        entry.index,
        entry.input,
        entry.checked,
        requester,
        request.useCache,
        now,
      ),
    );
    const quota = await inTransaction(this.options.database, async (trx) => {
      const state = await reserveQuota(
        trx,
        principal.accountId,
        validation.limitOf(principal),
        unique.size,
        now,
      );
      await insertBatch(trx, {
        id: batchId,
        account_id: principal.accountId,
        status: 'pending',
        total: inputs.length,
        accepted: positions.length,
        unique_count: unique.size,
        done_count: 0,
        positions: JSON.stringify(positions),
        created_at: now,
        completed_at: null,
      });
      await insertItems(trx, items);
      await enqueue(
        trx,
        items.map((item) => ({ kind: VALIDATE_JOB, payload: { itemId: item.id }, runAt: now })),
        now,
      );
      return state;
    });
    this.options.onEnqueued?.();
    return { data: { batch_id: batchId, status: 'pending' as const, ...summary }, quota };
  }

  /**
   * The job: resolve one item. Registry failures (503) are retried on the schedule; `job.attempts`
   * counts claims, crashes included, so no item reaches the registry more than 1 + retries times.
   */
  async process(job: Job): Promise<JobOutcome> {
    const { itemId } = JSON.parse(job.payload) as { itemId: string };
    const { database, validation, clock, retryDelaysMs } = this.options;
    const item = await getItem(database.db, itemId);
    if (item?.status !== 'pending') return { done: true };
    const maxAttempts = retryDelaysMs.length + 1;
    let result: ItemResult;
    if (job.attempts > maxAttempts) {
      // Attempts used up by crashes (each claim counts): the same answer as retries exhausted.
      const code =
        registryIdFor(item.vat_number.slice(0, 2)) === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
      result = { ok: false, code, message: 'The registry could not be reached within the retries allowed.' };
    } else {
      try {
        const checked = validation.check(item.vat_number);
        const requester = item.requester
          ? validation.check(item.requester, 'requester_vat_number').number
          : undefined;
        const wanted = validation.consultationRequester(
          checked.number,
          requester,
          (await this.tierOf(item)) ?? 'free',
        );
        const answer = await validation.resolve(checked, {
          useCache: item.use_cache === 1,
          requester: wanted,
        });
        result = { ok: true, answer };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 503 && job.attempts < maxAttempts) {
          return {
            retryAt: clock.now() + retryDelaysMs[job.attempts - 1],
            error: `${error.code}: ${error.message}`,
          };
        }
        result = { ok: false, code: error.code, message: error.message };
      }
    }
    await this.settle(item, result, job.attempts);
    return { done: true };
  }

  private async settle(item: AsyncItem, result: ItemResult, attempts: number): Promise<void> {
    const { database, clock, validation } = this.options;
    const now = clock.now();
    const settled = await inTransaction(database, async (trx) => {
      if (
        !(await settleItem(
          trx,
          item.id,
          result.ok ? 'completed' : 'failed',
          JSON.stringify(result),
          attempts,
          now,
        ))
      )
        return false;
      // The record commits with the settlement: an answer is never settled without its record.
      if (result.ok) {
        await validation.record(
          { accountId: item.account_id },
          item.batch_id ?? item.id,
          'async',
          [result.answer],
          trx,
        );
      }
      if (item.batch_id === null) {
        await this.emitSingle(trx, item, result);
        return true;
      }
      const counts = await countSettled(trx, item.batch_id);
      if (counts.done === counts.unique) await this.emitBatch(trx, item.batch_id, now);
      return true;
    });
    if (!settled) return;
    this.options.onEnqueued?.();
  }

  private async emitSingle(trx: Executor, item: AsyncItem, result: ItemResult): Promise<void> {
    const { dispatcher } = this.options;
    if (result.ok) {
      const { data, meta } = result.answer;
      await dispatcher.emit(trx, item.account_id, 'validation.completed', {
        ...data,
        request_id: item.id,
        meta,
      });
    } else {
      await dispatcher.emit(trx, item.account_id, 'validation.failed', {
        request_id: item.id,
        vat_number: item.vat_number,
        error: { code: result.code, message: result.message },
      });
    }
  }

  /** batch.completed: one result per accepted position, in input order (decisions section 6). */
  private async emitBatch(trx: Executor, batchId: string, now: number): Promise<void> {
    const batch = (await getBatch(trx, batchId))!;
    const items = await listBatchItems(trx, batchId);
    const byIndex = new Map(
      items.map((item) => [item.item_index, JSON.parse(item.result ?? 'null') as ItemResult]),
    );
    const positions = JSON.parse(batch.positions) as Position[];
    const results = positions.map(({ input, item }) => {
      const result = byIndex.get(item)!;
      if (result.ok) return { data: result.answer.data, meta: result.answer.meta };
      return {
        error: {
          code: result.code,
          message: result.message,
          docs_url: `${this.options.docsBase}/errors/${result.code}`,
          vat_number: input,
        },
        meta: { vat_number: input },
      };
    });
    const succeeded = results.filter((result) => 'data' in result).length;
    await completeBatch(trx, batchId, now);
    await this.options.dispatcher.emit(trx, batch.account_id, 'batch.completed', {
      batch_id: batchId,
      results,
      summary: { total: results.length, succeeded, failed: results.length - succeeded },
    });
  }

  private item(
    id: string,
    principal: Principal,
    batchId: string | null,
    index: number,
    input: string,
    checked: CheckedNumber,
    requester: ParsedVatNumber | undefined,
    useCache: boolean,
    now: number,
  ): AsyncItem {
    return {
      id,
      account_id: principal.accountId,
      batch_id: batchId,
      item_index: index,
      input,
      vat_number: checked.number.vatNumber,
      requester: requester?.vatNumber ?? null,
      use_cache: useCache ? 1 : 0,
      status: 'pending',
      attempts: 0,
      result: null,
      created_at: now,
      completed_at: null,
    };
  }

  private requester(input: string | undefined): ParsedVatNumber | undefined {
    return input === undefined
      ? undefined
      : this.options.validation.check(input, 'requester_vat_number').number;
  }

  /** decisions section 6: a webhook that exists but is disabled counts as not configured. */
  private async requireWebhook(principal: Principal): Promise<void> {
    const webhook = await getWebhook(this.options.database.db, principal.accountId);
    if (!webhook?.enabled) {
      throw new ApiError(
        'webhook_not_configured',
        webhook
          ? 'The webhook is disabled; enable it with PUT /v1/webhooks/config.'
          : ERROR_CATALOGUE.webhook_not_configured.message,
      );
    }
  }

  /** The account's tier now (it decides whether a consultation number may be asked for). */
  private async tierOf(item: AsyncItem) {
    const row = await this.options.database.db
      .selectFrom('accounts')
      .select('tier')
      .where('id', '=', item.account_id)
      .executeTakeFirst();
    return row?.tier as Principal['tier'] | undefined;
  }
}
