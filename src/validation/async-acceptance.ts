import { randomUUID } from 'node:crypto';
import type { Principal } from '../accounts/authenticator.js';
import type { Quota, QuotaState } from '../accounts/quota.js';
import { asyncBatchLimit } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { TraderFields } from '../matching/compare.js';
import { lookupKey } from '../matching/trader-fields.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import type { AsyncItem } from '../store/async-requests.js';
import { withKnownCommit } from '../store/commit-outcome.js';
import { type AnswerInCommit, answerFrom } from '../store/idempotency.js';
import type { Stores } from '../store/stores.js';
import { requireSubscribers } from '../webhooks/endpoints.js';
import { sentTrader } from './match.js';
import { type CheckedNumber, parseNumber, parseRequester } from './parse.js';

/**
 * Acceptance of asynchronous requests (spec 4.3, 4.4, decisions section 6): the items, the quota
 * and their jobs are written in one transaction; jobs/handlers/validate-item.ts does the work.
 */

export const VALIDATE_JOB = 'validate_item';

export interface AsyncAcceptanceDeps {
  stores: Stores;
  quota: Quota;
  clock: Clock;
  /** Called after jobs were enqueued, so an in-process worker can start at once. */
  onEnqueued?: () => void;
}

export interface AsyncRequest {
  /** The caller's own VAT number as sent, for consultation numbers. */
  requester?: string;
  useCache: boolean;
  /** The caller's own id for the customer or order, kept on the records and carried in events. */
  reference?: string | null;
  /**
   * A batch's reference per input, in place of `reference`.
   * Duplicates share one item and record, which keep the reference of the number's first position.
   */
  references?: ReadonlyArray<string | null>;
  /** The trader fields sent with the number, carried in the item's job. */
  trader?: TraderFields;
  /** A batch's trader fields per input; the same number with other trader fields is another item. */
  traders?: ReadonlyArray<TraderFields | undefined>;
}

/** What an acceptance answers: the 202's data and the quota after it. */
export interface AcceptanceOutcome<T> {
  data: T;
  quota: QuotaState;
}

/** The answer for the request's Idempotency-Key, stored in the transaction that accepts the work. */
export type AcceptedAnswer = AnswerInCommit<AcceptanceOutcome<unknown>>;

/** An accepted position of a batch: the input as sent and the index of its unique item. */
export interface BatchPosition {
  input: string;
  item: number;
  /** 0-based index in the input as sent, rejected items included (absent on older batches). */
  position?: number;
  /** The reference that applied to this position (absent in batches accepted before there were any). */
  reference?: string | null;
}

export interface Rejection {
  vat_number: string;
  error: { code: string; message: string };
}

/** What an asynchronous request ends with; an enabled endpoint must subscribe to each (decisions 6). */
const ONE_NUMBER_EVENTS = ['validation.completed', 'validation.failed'] as const;
const BATCH_EVENTS = ['batch.completed'] as const;

export class AsyncAcceptance {
  constructor(private readonly deps: AsyncAcceptanceDeps) {}

  async acceptOne(principal: Principal, input: string, request: AsyncRequest, answer?: AcceptedAnswer) {
    await requireSubscribers(this.deps.stores.webhooks, principal, ONE_NUMBER_EVENTS, this.deps.clock.now());
    const target = parseNumber(input);
    const requester = parseRequester(request.requester);
    const now = this.deps.clock.now();
    const id = randomUUID();
    const item = newItem({ id, principal, batchId: null, index: 0, input, target, requester, request, now });
    const data = {
      request_id: id,
      status: 'pending' as const,
      vat_number: target.number.vatNumber,
      reference: item.reference,
    };
    const items = [{ item, trader: sentTrader(request.trader) }];
    const quota = await this.enqueue(principal, 1, items, now, withData(answer, data));
    return { data, quota };
  }

  async acceptBatch(
    principal: Principal,
    inputs: readonly string[],
    request: AsyncRequest,
    answer?: AcceptedAnswer,
  ) {
    const limit = asyncBatchLimit(principal.tier);
    if (inputs.length > limit) {
      throw new ApiError(
        'validation_error',
        `vat_numbers: at most ${limit} items on the ${principal.tier} tier; got ${inputs.length}.`,
      );
    }
    await requireSubscribers(this.deps.stores.webhooks, principal, BATCH_EVENTS, this.deps.clock.now());
    const requester = parseRequester(request.requester);
    const { rejected, unique, positions } = sortInputs(
      inputs,
      (index) => (request.references ? request.references[index] : (request.reference ?? null)),
      (index) => sentTrader(request.traders?.[index]),
    );
    const now = this.deps.clock.now();
    const summary = {
      total: inputs.length,
      accepted: positions.length,
      rejected,
      reference: request.reference ?? null,
    };
    if (positions.length === 0) {
      // decisions section 6: all rejected → completed at once, no batch, no event, nothing counted.
      const quota = await this.deps.quota.current(principal, now);
      return { data: { batch_id: null, status: 'completed' as const, ...summary }, quota };
    }

    const batchId = randomUUID();
    const items = unique.map((entry, index) => ({
      item: newItem({
        id: randomUUID(),
        principal,
        batchId,
        index,
        input: entry.input,
        target: entry.checked,
        requester,
        request: { ...request, reference: entry.reference },
        now,
      }),
      trader: entry.trader,
    }));
    const data = { batch_id: batchId, status: 'pending' as const, ...summary };
    const quota = await this.enqueue(principal, unique.length, items, now, withData(answer, data), {
      id: batchId,
      account_id: principal.accountId,
      status: 'pending',
      total: inputs.length,
      accepted: positions.length,
      unique_count: unique.length,
      done_count: 0,
      positions: JSON.stringify(positions),
      created_at: now,
      completed_at: null,
    });
    return { data, quota };
  }

  /**
   * Quota, batch, items and jobs in one transaction: no accepted work without its job, no charge
   * without work, and the answer for the request's Idempotency-Key (`answer`), so no work is
   * accepted without the answer a retry is given. A COMMIT whose reply was lost is looked up
   * (store/commit-outcome.ts): accepted when it happened, so the caller gets the ids of the items
   * it was charged for.
   */
  private async enqueue(
    principal: Principal,
    units: number,
    items: Array<{ item: AsyncItem; trader: TraderFields | undefined }>,
    now: number,
    answer: AnswerInCommit<QuotaState> | undefined,
    batch?: Parameters<Stores['asyncRequests']['insertBatch']>[0],
  ): Promise<QuotaState> {
    const write = () =>
      this.deps.stores.transaction(async (stores) => {
        const state = await this.deps.quota.on(stores.usage).reserve(principal, units, now);
        if (batch) await stores.asyncRequests.insertBatch(batch);
        await stores.asyncRequests.insertItems(items.map(({ item }) => item));
        await stores.jobs.enqueue(
          // The job has the item's id, so a poll of the item finds when it runs next; the trader
          // fields travel with the job, which is all that needs them.
          items.map(({ item, trader }) => ({
            id: item.id,
            kind: VALIDATE_JOB,
            payload: trader ? { itemId: item.id, trader } : { itemId: item.id },
            runAt: now,
          })),
          now,
        );
        await answer?.store(stores, state);
        return state;
      });
    const quota = await withKnownCommit(write, {
      committed: async () => {
        const { asyncRequests } = this.deps.stores;
        const found = batch
          ? await asyncRequests.getBatch(batch.id)
          : await asyncRequests.getItem(items[0].item.id);
        return found !== undefined;
      },
      outcome: () => this.deps.quota.current(principal, now),
    });
    this.deps.onEnqueued?.();
    return quota;
  }
}

/** The acceptance's answer, stored with `data` and the quota after the acceptance. */
function withData(answer: AcceptedAnswer | undefined, data: unknown): AnswerInCommit<QuotaState> | undefined {
  return answerFrom(answer, (quota: QuotaState) => ({ data, quota }));
}

/**
 * Splits a batch's inputs into rejected ones, unique accepted numbers (with the reference of their
 * first position), and accepted positions (with their own).
 */
function sortInputs(
  inputs: readonly string[],
  referenceAt: (index: number) => string | null,
  traderAt: (index: number) => TraderFields | undefined,
) {
  const rejected: Rejection[] = [];
  const byNumber = new Map<
    string,
    {
      index: number;
      input: string;
      checked: CheckedNumber;
      reference: string | null;
      trader: TraderFields | undefined;
    }
  >();
  const positions: BatchPosition[] = [];
  for (const [position, input] of inputs.entries()) {
    const reference = referenceAt(position);
    let checked: CheckedNumber;
    try {
      checked = parseNumber(input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rejected.push({ vat_number: input, error: { code: error.code, message: error.message } });
      continue;
    }
    const trader = traderAt(position);
    const key = lookupKey(checked.number.vatNumber, trader);
    let entry = byNumber.get(key);
    if (!entry) {
      entry = { index: byNumber.size, input, checked, reference, trader };
      byNumber.set(key, entry);
    }
    positions.push({ input, item: entry.index, position, reference });
  }
  return { rejected, unique: [...byNumber.values()], positions };
}

function newItem(fields: {
  id: string;
  principal: Principal;
  batchId: string | null;
  index: number;
  input: string;
  target: CheckedNumber;
  requester: ParsedVatNumber | undefined;
  request: AsyncRequest;
  now: number;
}): AsyncItem {
  return {
    id: fields.id,
    account_id: fields.principal.accountId,
    batch_id: fields.batchId,
    item_index: fields.index,
    input: fields.input,
    vat_number: fields.target.number.vatNumber,
    requester: fields.requester?.vatNumber ?? null,
    use_cache: fields.request.useCache ? 1 : 0,
    status: 'pending',
    attempts: 0,
    result: null,
    reference: fields.request.reference ?? null,
    validation_id: null,
    created_at: fields.now,
    completed_at: null,
  };
}
