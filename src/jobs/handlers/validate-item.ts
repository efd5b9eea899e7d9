import { isTier } from '../../accounts/tiers.js';
import type { Clock } from '../../clock.js';
import { ApiError, type ErrorCode } from '../../errors.js';
import type { TraderFields } from '../../matching/compare.js';
import { registryIdFor } from '../../registries/gateway.js';
import type { AsyncItem } from '../../store/async-requests.js';
import type { Job } from '../../store/jobs.js';
import type { Stores } from '../../store/stores.js';
import type { ValidationAnswer } from '../../validation/answer.js';
import type { BatchPosition } from '../../validation/async-acceptance.js';
import { type BatchItem, failureItem, successItem } from '../../validation/batch-item.js';
import { BACKGROUND_BUDGET_MS } from '../../validation/live-lookup.js';
import { parseNumber, parseRequester } from '../../validation/parse.js';
import type { ValidationPipeline } from '../../validation/pipeline.js';
import { newRecordId } from '../../validation/record.js';
import type { DeliveryService } from '../../webhooks/delivery-service.js';
import { batchCompleted, validationCompleted, validationFailed } from '../../webhooks/events.js';
import type { JobHandler } from '../worker.js';

/**
 * The `validate_item` job (decisions section 6): one asynchronous item through the live pipeline.
 * Registry failures (503) are retried on the schedule; `job.attempts` counts claims, crashes
 * included, so no item reaches the registry more than 1 + retries times. Settling the item, its
 * record and its event (`validation.completed` / `validation.failed`, or `batch.completed` when
 * the batch's last item settles) commit together.
 */

export interface ValidateItemDeps {
  stores: Stores;
  pipeline: ValidationPipeline;
  deliveries: DeliveryService;
  clock: Clock;
  /** Delays between registry retries (decisions section 6: 2, 6, 18, 54, 162 minutes). */
  retryDelaysMs: readonly number[];
  docsBase: string;
  /** Called after an item settled (its event's delivery job is enqueued). */
  onSettled?: () => void;
}

/** What an item ended with, stored as JSON and rendered into events. */
export type ItemResult =
  | { ok: true; answer: ValidationAnswer; validationId?: string }
  | { ok: false; code: ErrorCode; message: string };

export function validateItemHandler(deps: ValidateItemDeps): JobHandler {
  return async (job) => {
    const { itemId, trader } = JSON.parse(job.payload) as { itemId: string; trader?: TraderFields };
    const item = await deps.stores.asyncRequests.getItem(itemId);
    if (item?.status !== 'pending') return { done: true };
    const maxAttempts = deps.retryDelaysMs.length + 1;
    let result: ItemResult;
    if (job.attempts > maxAttempts) {
      // Attempts used up by crashes (each claim counts): the same answer as retries exhausted.
      result = {
        ok: false,
        code: unreachableCode(item),
        message: 'The registry could not be reached within the retries allowed.',
      };
    } else {
      try {
        result = { ok: true, answer: await answer(deps, item, trader) };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 503 && job.attempts < maxAttempts) {
          return {
            retryAt: deps.clock.now() + deps.retryDelaysMs[job.attempts - 1],
            error: `${error.code}: ${error.message}`,
          };
        }
        result = { ok: false, code: error.code, message: error.message };
      }
    }
    if (await settle(deps, item, result, job)) deps.onSettled?.();
    return { done: true };
  };
}

async function answer(
  deps: ValidateItemDeps,
  item: AsyncItem,
  trader: TraderFields | undefined,
): Promise<ValidationAnswer> {
  const checked = parseNumber(item.vat_number);
  // The account's tier now decides whether a consultation number may be asked for.
  const account = await deps.stores.accounts.getAccount(item.account_id);
  const tier = account && isTier(account.tier) ? account.tier : 'free';
  const given = parseRequester(item.requester ?? undefined);
  const requester = deps.pipeline.consultationRequester(checked.number, given, tier);
  return deps.pipeline.answerLive(checked, {
    useCache: item.use_cache === 1,
    requester,
    accountId: item.account_id,
    trader,
    givenRequester: given,
    budgetMs: BACKGROUND_BUDGET_MS,
  });
}

/** false when another worker settled the item first. */
async function settle(
  deps: ValidateItemDeps,
  item: AsyncItem,
  result: ItemResult,
  job: Job,
): Promise<boolean> {
  const now = deps.clock.now();
  const owner = { accountId: item.account_id, mode: 'live' as const };
  const validationId = result.ok ? newRecordId(now) : null;
  const stored = result.ok ? { ...result, validationId } : result;
  return deps.stores.transaction(async (stores) => {
    const settled = await stores.asyncRequests.settleItem(item.id, {
      status: result.ok ? 'completed' : 'failed',
      result: JSON.stringify(stored),
      attempts: job.attempts,
      now,
      validationId,
    });
    if (!settled) return false;
    if (result.ok && validationId) {
      const context = {
        accountId: item.account_id,
        mode: 'live' as const,
        requestId: item.batch_id ?? item.id,
        channel: 'async' as const,
        reference: item.reference,
        batchId: item.batch_id,
        requester: item.requester,
      };
      await deps.pipeline.record([result.answer], context, stores, [validationId]);
    }
    if (item.batch_id === null) {
      const event = result.ok
        ? validationCompleted(item.id, result.answer, validationId!, item.reference)
        : validationFailed(item.id, item.vat_number, item.reference, {
            code: result.code,
            message: result.message,
          });
      await deps.deliveries.emit(stores, owner, event);
      return true;
    }
    const counts = await stores.asyncRequests.countSettled(item.batch_id);
    if (counts.done === counts.unique) {
      const results = await batchResults(stores, item.batch_id, deps.docsBase);
      await stores.asyncRequests.completeBatch(item.batch_id, now);
      await deps.deliveries.emit(stores, owner, batchCompleted(item.batch_id, results));
    }
    return true;
  });
}

/** One result per accepted position, in input order (decisions section 6). */
async function batchResults(stores: Stores, batchId: string, docsBase: string): Promise<BatchItem[]> {
  const batch = (await stores.asyncRequests.getBatch(batchId))!;
  const items = await stores.asyncRequests.listBatchItems(batchId);
  const byIndex = new Map(items.map((item) => [item.item_index, item]));
  return (JSON.parse(batch.positions) as BatchPosition[]).map(({ input, item, reference }) => {
    const settled = byIndex.get(item)!;
    return batchItemOf(docsBase, input, settled, reference);
  });
}

/**
 * A settled item as an item of `batch.completed`: its answer with its record id and the reference
 * of its position (the item's own for batches accepted before positions kept one), or its failure.
 */
export function batchItemOf(
  docsBase: string,
  input: string,
  settled: Pick<AsyncItem, 'result' | 'validation_id' | 'reference'>,
  reference?: string | null,
): BatchItem {
  const result = JSON.parse(settled.result ?? 'null') as ItemResult;
  if (!result.ok) return failureItem(docsBase, input, result);
  // Every settled answer has its record; the item's column is the same id.
  const validationId = result.validationId ?? settled.validation_id!;
  return successItem(result.answer, validationId, reference === undefined ? settled.reference : reference);
}

function unreachableCode(item: AsyncItem): ErrorCode {
  return registryIdFor(item.vat_number.slice(0, 2)) === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
}
