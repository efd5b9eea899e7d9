import { isTier, type Tier, type TierLimits } from '../../accounts/tiers.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { changesBetween } from '../../monitors/changes.js';
import type { CheckMonitorPayload } from '../../monitors/monitor-service.js';
import type { MonitorError, MonitorResult } from '../../monitors/monitor-shape.js';
import { cacheMaxAgeMs, nextCheckAt } from '../../monitors/schedule.js';
import { registryIdFor } from '../../registries/gateway.js';
import type { Job } from '../../store/jobs.js';
import type { MonitorRow } from '../../store/monitors.js';
import type { Stores } from '../../store/stores.js';
import { iso, type ValidationAnswer } from '../../validation/answer.js';
import { cachedAnswer } from '../../validation/cache-read.js';
import { BACKGROUND_BUDGET_MS } from '../../validation/live-lookup.js';
import { parseNumber, parseRequester } from '../../validation/parse.js';
import type { ValidationPipeline } from '../../validation/pipeline.js';
import { newRecordId } from '../../validation/record.js';
import type { DeliveryService } from '../../webhooks/delivery-service.js';
import { monitorChanged } from '../../webhooks/events.js';
import type { JobHandler } from '../worker.js';

/**
 * The `check_monitor` job: one check of a monitor. A scheduled check may use a cached
 * answer no older than a quarter of the interval (and the cache TTL); "check now" always asks the
 * registry (L10). Test-mode monitors are answered from test mode. Every answer is a record
 * (channel `monitor`) and charges nothing here: a monitor's first check and "check now" were
 * charged when they were queued (monitor-service.ts), scheduled checks are free. Against the last
 * successful check, a change of `valid`, company name or address is a `monitor.changed` event,
 * written with the record and the monitor's new state in one transaction. A registry that cannot
 * answer is never a change: the failure is kept in `last_error` and retried on the async schedule.
 */

export interface CheckMonitorDeps {
  stores: Stores;
  pipeline: ValidationPipeline;
  deliveries: DeliveryService;
  clock: Clock;
  /** Delays between registry retries (ASYNC_RETRY_DELAYS_MS). */
  retryDelaysMs: readonly number[];
  cacheTtlSeconds: number;
  /** Each tier's limits: a tier without monitors gets no scheduled checks. */
  limits: Readonly<Record<Tier, TierLimits>>;
  onSettled?: () => void;
}

export function checkMonitorHandler(deps: CheckMonitorDeps): JobHandler {
  return async (job) => {
    const { monitorId, fresh, requestId } = JSON.parse(job.payload) as CheckMonitorPayload;
    const monitor = await deps.stores.monitors.getById(monitorId);
    if (!monitor) return { done: true };
    // A paused monitor skips its scheduled checks; a check someone asked and paid for still runs.
    if (monitor.status === 'paused' && !fresh && requestId === undefined) {
      await deps.stores.monitors.update(monitor.id, { queued_at: null });
      return { done: true };
    }
    // Scheduled checks are free, bounded by the tier's monitor limit: an account moved to a tier
    // without monitors keeps its monitors to read, pause or remove, but they are not checked
    // until it moves back (each waits for its next turn).
    const tier = await tierOf(deps, monitor);
    if (!fresh && requestId === undefined && deps.limits[tier].monitors <= 0) {
      const now = deps.clock.now();
      await deps.stores.monitors.update(monitor.id, {
        queued_at: null,
        next_check_at: nextCheckAt(now, monitor.slot, monitor.interval),
      });
      return { done: true };
    }
    let answer: ValidationAnswer;
    try {
      answer = await checkAnswer(deps, monitor, tier, fresh);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return failed(
        deps,
        monitor,
        { code: error.code, message: error.message },
        {
          retry: error.status === 503 && job.attempts <= deps.retryDelaysMs.length,
          attempt: job.attempts,
          fresh,
        },
      );
    }
    if (answer.meta.source_status === 'unavailable') {
      // The registry failed and an older cached answer stood in: not a check of the number today.
      const code = registryIdFor(monitor.country_code) === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
      const message = new ApiError(code).message;
      return failed(
        deps,
        monitor,
        { code, message },
        {
          retry: job.attempts <= deps.retryDelaysMs.length,
          attempt: job.attempts,
          fresh,
        },
      );
    }
    if (await settle(deps, job, monitor.id, answer, { fresh, requestId })) deps.onSettled?.();
    return { done: true };
  };
}

/** The tier of the monitor's account (free for an account that is gone). */
async function tierOf(deps: CheckMonitorDeps, monitor: MonitorRow): Promise<Tier> {
  const account = await deps.stores.accounts.getAccount(monitor.account_id);
  return account && isTier(account.tier) ? account.tier : 'free';
}

async function checkAnswer(
  deps: CheckMonitorDeps,
  monitor: MonitorRow,
  tier: Tier,
  fresh: boolean,
): Promise<ValidationAnswer> {
  const checked = parseNumber(monitor.vat_number);
  const now = deps.clock.now();
  if (monitor.mode === 'test') return deps.pipeline.answerTest(checked, { wantsConsultation: false, now });
  const requester = deps.pipeline.consultationRequester(
    checked.number,
    parseRequester(monitor.requester_vat_number ?? undefined),
    tier,
  );
  if (!fresh && !requester) {
    const maxAgeMs = Math.min(cacheMaxAgeMs(monitor.interval), deps.cacheTtlSeconds * 1000);
    const entry = await deps.stores.cache.get(checked.number.vatNumber);
    if (entry && entry.fetched_at > now - maxAgeMs)
      return cachedAnswer(checked.number, entry, { status: 'cached', now });
  }
  return deps.pipeline.answerLive(checked, {
    useCache: false,
    requester,
    accountId: monitor.account_id,
    budgetMs: BACKGROUND_BUDGET_MS,
  });
}

/**
 * A failed check: kept in `last_error`; retried while attempts remain, else the monitor waits
 * for its next scheduled check.
 */
async function failed(
  deps: CheckMonitorDeps,
  monitor: MonitorRow,
  error: Pick<MonitorError, 'code' | 'message'>,
  options: { retry: boolean; attempt: number; fresh: boolean },
) {
  const now = deps.clock.now();
  const update: Partial<MonitorRow> = {
    last_checked_at: now,
    last_error: JSON.stringify({ ...error, at: iso(now) } satisfies MonitorError),
  };
  if (options.retry) {
    await deps.stores.monitors.update(monitor.id, update);
    return {
      retryAt: now + deps.retryDelaysMs[options.attempt - 1],
      error: `${error.code}: ${error.message}`,
    };
  }
  if (!options.fresh) {
    update.queued_at = null;
    update.next_check_at = nextCheckAt(now, monitor.slot, monitor.interval);
  }
  await deps.stores.monitors.update(monitor.id, update);
  return { done: true as const };
}

/**
 * The record, the monitor's new state and any `monitor.changed`, together, and the job's row
 * deleted with them: a job whose check settled can never run again (after a crash, or a lost
 * completion, between the two), which would ask the registry again and write a second record.
 * False when the job is no longer this worker's (its lease lapsed and another worker claimed it):
 * nothing is written, the other run settles it.
 */
async function settle(
  deps: CheckMonitorDeps,
  job: Job,
  monitorId: string,
  answer: ValidationAnswer,
  { fresh, requestId }: Pick<CheckMonitorPayload, 'fresh' | 'requestId'>,
): Promise<boolean> {
  const now = deps.clock.now();
  const validationId = newRecordId(now);
  return deps.stores.transaction(async (stores) => {
    if (job.locked_by === null || !(await stores.jobs.complete(job, job.locked_by))) return false;
    const monitor = await stores.monitors.getForUpdate(monitorId);
    if (!monitor) return true;
    const owner = { accountId: monitor.account_id, mode: monitor.mode };
    const context = {
      accountId: monitor.account_id,
      mode: monitor.mode,
      // The request that asked for this check; a scheduled check answers the monitor itself.
      requestId: requestId ?? monitor.id,
      channel: 'monitor' as const,
      reference: monitor.reference,
      monitorId: monitor.id,
      requester: monitor.requester_vat_number,
    };
    await deps.pipeline.record([answer], context, stores, [validationId]);
    const result: MonitorResult = {
      valid: answer.data.valid,
      company: answer.data.company,
      source: answer.meta.source,
      validation_id: validationId,
    };
    const update: Partial<MonitorRow> = {
      last_checked_at: now,
      last_error: null,
      last_result: JSON.stringify(result),
      last_valid: result.valid ? 1 : 0,
    };
    if (!fresh) {
      update.queued_at = null;
      update.next_check_at = nextCheckAt(now, monitor.slot, monitor.interval);
    }
    await stores.monitors.update(monitor.id, update);
    const previous = monitor.last_result === null ? null : (JSON.parse(monitor.last_result) as MonitorResult);
    const changes = previous ? changesBetween(previous, result) : [];
    // Sent only to endpoints subscribed to it (a disabled one records it as a failed delivery).
    if (changes.length > 0) {
      await deps.deliveries.emit(
        stores,
        owner,
        monitorChanged({
          monitor_id: monitor.id,
          vat_number: monitor.vat_number,
          reference: monitor.reference,
          changes,
          previous_validation_id: previous!.validation_id,
          validation_id: validationId,
          result: answer.data,
        }),
        { onlyIfSubscribed: true },
      );
    }
    return true;
  });
}
