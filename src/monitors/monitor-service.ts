import type { Principal } from '../accounts/authenticator.js';
import { Quota, type QuotaState } from '../accounts/quota.js';
import type { Tier, TierLimits } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { decodeCursor, pageOf } from '../cursors.js';
import { ApiError, type ErrorCode } from '../errors.js';
import { newId, timeOrderedKey } from '../ids.js';
import { recurringJobId } from '../jobs/worker.js';
import { parseReference } from '../records/reference.js';
import { withKnownCommit } from '../store/commit-outcome.js';
import type { AnswerInCommit } from '../store/idempotency.js';
import type { NewJob } from '../store/jobs.js';
import type { MonitorRow } from '../store/monitors.js';
import type { Stores } from '../store/stores.js';
import { type Owner, SEQ_SHAPE } from '../store/webhooks.js';
import { type CheckedNumber, parseEach, parseNumber, parseRequester } from '../validation/parse.js';
import { type MonitorView, monitorView } from './monitor-shape.js';
import { type MonitorInterval, nextCheckAt } from './schedule.js';

/**
 * Monitors of one account and key mode: create one or many,
 * list, read, change, remove, and "check now". Checks themselves are jobs
 * (src/jobs/handlers/check-monitor.ts); this module only queues them.
 *
 * A monitor's first check and every "check now" are validations the caller asked for, charged
 * one unit each under the monthly quota when they are queued, in the transaction that queues
 * them: a refusal (429) creates and queues nothing. Scheduled checks are free (the tier's monitor
 * limit bounds them), deleting a monitor gives nothing back, and test keys are never charged.
 */

export const CHECK_MONITOR_JOB = 'check_monitor';
/** The recurring task that queues due checks (src/jobs/handlers/schedule-monitors.ts). */
export const SCHEDULE_MONITORS_JOB = 'schedule_monitors';

/**
 * The payload of a check job. `fresh`: "check now", which never uses the cache.
 * `requestId`: the request that asked (and paid) for the check, kept as its record's
 * `request_id`; absent for scheduled checks, whose records carry the monitor's id.
 */
export interface CheckMonitorPayload {
  monitorId: string;
  fresh: boolean;
  requestId?: string;
}

/** A monitor's check job id: fixed per monitor and kind, so a monitor never has two of a kind waiting. */
export function checkMonitorJobId(monitorId: string, fresh: boolean): string {
  return `${fresh ? 'monitor-now' : 'monitor'}:${monitorId}`;
}

export function checkMonitorJob(
  monitorId: string,
  fresh: boolean,
  runAt: number,
  requestId?: string,
): NewJob & { id: string } {
  const payload: CheckMonitorPayload =
    requestId === undefined ? { monitorId, fresh } : { monitorId, fresh, requestId };
  return { id: checkMonitorJobId(monitorId, fresh), kind: CHECK_MONITOR_JOB, payload, runAt };
}

export interface MonitorServiceDeps {
  stores: Stores;
  clock: Clock;
  limits: Readonly<Record<Tier, TierLimits>>;
  /** Called after check jobs were queued, so an in-process worker can start at once. */
  onEnqueued?: () => void;
}

export interface NewMonitor {
  vat_number: string;
  interval: MonitorInterval;
  reference?: string;
  requester_vat_number?: string;
}

export interface MonitorChangesRequest {
  interval?: MonitorInterval;
  status?: 'active' | 'paused';
  reference?: string | null;
}

export interface MonitorQuery {
  limit: number;
  cursor?: string;
  status?: 'active' | 'paused';
  vat_number?: string;
  valid?: 'true' | 'false';
  reference?: string;
}

export interface MonitorPage {
  data: MonitorView[];
  next_cursor: string | null;
  has_more: boolean;
}

export interface RejectedNumber {
  vat_number: string;
  error: { code: ErrorCode; message: string };
}

export class MonitorService {
  /** The monthly quota, with the rule every validation is charged by. */
  private readonly quota: Quota;

  constructor(private readonly deps: MonitorServiceDeps) {
    this.quota = new Quota(deps.stores.usage, deps.limits);
  }

  /** The tier's monitor limit; a tier without monitors is 403 `tier_insufficient`. */
  limitOf(principal: Principal): number {
    const limit = this.deps.limits[principal.tier].monitors;
    if (limit <= 0) {
      throw new ApiError(
        'tier_insufficient',
        `Monitors need the Pro, Business or Scale tier; the account is on ${principal.tier}.`,
      );
    }
    return limit;
  }

  /**
   * POST /v1/monitors: the new monitor (`created`, its first check charged), or the one the
   * number already has (nothing charged), with the quota as it stands after.
   */
  async create(
    principal: Principal,
    input: NewMonitor,
    requestId: string,
  ): Promise<{ monitor: MonitorView; created: boolean; quota: QuotaState }> {
    const limit = this.limitOf(principal);
    const checked = parseNumber(input.vat_number);
    const requester = parseRequester(input.requester_vat_number)?.vatNumber ?? null;
    const reference = input.reference === undefined ? null : parseReference(input.reference);
    const { monitors, created, quota } = await this.add(principal, limit, [checked], {
      interval: input.interval,
      reference,
      requester,
      requestId,
    });
    return { monitor: monitorView(monitors[0]), created: created > 0, quota };
  }

  /**
   * POST /v1/monitors/batch: malformed numbers are rejected one by one, the others become
   * monitors (existing ones are returned as they are). A batch that would pass the limit, or
   * whose new monitors the quota cannot pay for, is refused whole.
   */
  async createBatch(
    principal: Principal,
    input: { vat_numbers: readonly string[]; interval: MonitorInterval; reference?: string },
    requestId: string,
  ): Promise<{ monitors: MonitorView[]; rejected: RejectedNumber[]; quota: QuotaState }> {
    const limit = this.limitOf(principal);
    const reference = input.reference === undefined ? null : parseReference(input.reference);
    const rejected: RejectedNumber[] = [];
    const unique = new Map<string, CheckedNumber>();
    parseEach(input.vat_numbers).forEach((parsed, index) => {
      if (parsed instanceof ApiError) {
        rejected.push({
          vat_number: input.vat_numbers[index],
          error: { code: parsed.code, message: parsed.message },
        });
      } else if (!unique.has(parsed.number.vatNumber)) unique.set(parsed.number.vatNumber, parsed);
    });
    if (unique.size === 0) {
      return {
        monitors: [],
        rejected,
        quota: await this.quota.current(principal, this.deps.clock.now()),
      };
    }
    const { monitors, quota } = await this.add(principal, limit, [...unique.values()], {
      interval: input.interval,
      reference,
      requester: null,
      requestId,
    });
    return { monitors: monitors.map(monitorView), rejected, quota };
  }

  /**
   * Adds monitors for the numbers not monitored yet, under the owner's lock so racing requests
   * cannot pass the limit together; each new monitor's first check is queued with it (the first
   * check runs at once) and charged, all in one transaction: the quota's units for every
   * new monitor, or 429 and nothing written. Returns every number's monitor, in the order given.
   */
  private async add(
    principal: Principal,
    limit: number,
    numbers: readonly CheckedNumber[],
    fields: {
      interval: MonitorInterval;
      reference: string | null;
      requester: string | null;
      requestId: string;
    },
  ): Promise<{ monitors: MonitorRow[]; created: number; quota: QuotaState }> {
    const owner = ownerOf(principal);
    const now = this.deps.clock.now();
    const vatNumbers = numbers.map((checked) => checked.number.vatNumber);
    // The monitors made and charged, for a COMMIT whose reply was lost (below).
    let made: { monitors: MonitorRow[]; created: number; ids: string[] } | undefined;
    const write = () =>
      this.deps.stores.transaction(async (stores) => {
        await stores.monitors.lockOwner(owner);
        const existing = new Map(
          (await stores.monitors.findByNumbers(owner, vatNumbers)).map((row) => [row.vat_number, row]),
        );
        const inOrder = () => vatNumbers.map((number) => existing.get(number)!);
        const missing = numbers.filter((checked) => !existing.has(checked.number.vatNumber));
        const quota = this.quota.on(stores.usage);
        if (missing.length === 0)
          return { monitors: inOrder(), created: 0, quota: await quota.current(principal, now) };
        const count = await stores.monitors.count(owner);
        if (count + missing.length > limit) {
          throw new ApiError(
            'monitor_limit_exceeded',
            `The account has ${count} of its ${limit} monitors in this key mode; ${missing.length} more would pass the limit.`,
          );
        }
        const state = await quota.charge(principal, missing.length, now);
        const firstSlot = await stores.monitors.nextSlot();
        const rows = missing.map((checked, index): MonitorRow => {
          const slot = firstSlot + index;
          return {
            id: newId('mon'),
            account_id: owner.accountId,
            mode: owner.mode,
            vat_number: checked.number.vatNumber,
            country_code: checked.number.countryCode,
            interval: fields.interval,
            status: 'active',
            reference: fields.reference,
            requester_vat_number: fields.requester,
            slot,
            seq: timeOrderedKey(now),
            created_at: now,
            last_checked_at: null,
            next_check_at: nextCheckAt(now, slot, fields.interval),
            queued_at: now,
            last_error: null,
            last_result: null,
            last_valid: null,
            last_check_request_id: null,
          };
        });
        await stores.monitors.insert(rows);
        // The scheduler's one row is added with the first monitor: no work where none is monitored.
        const scheduler = {
          id: recurringJobId(SCHEDULE_MONITORS_JOB),
          kind: SCHEDULE_MONITORS_JOB,
          payload: null,
          runAt: now,
        };
        await stores.jobs.enqueue(
          [...rows.map((row) => checkMonitorJob(row.id, false, now, fields.requestId)), scheduler],
          now,
        );
        for (const row of rows) existing.set(row.vat_number, row);
        made = { monitors: inOrder(), created: missing.length, ids: rows.map((row) => row.id) };
        return { monitors: made.monitors, created: made.created, quota: state };
      });
    // A COMMIT whose reply was lost: the monitors made when it happened (store/commit-outcome.ts),
    // their first checks charged and queued, so the caller gets them rather than a 503.
    const result = await withKnownCommit(write, {
      committed: async () =>
        made !== undefined && (await this.deps.stores.monitors.get(owner, made.ids[0])) !== undefined,
      outcome: async () => ({
        monitors: made!.monitors,
        created: made!.created,
        quota: await this.quota.current(principal, now),
      }),
    });
    if (result.created > 0) this.deps.onEnqueued?.();
    return result;
  }

  /**
   * GET /v1/monitors: newest first, filtered, `limit` at a time. Any tier: an account moved to a
   * tier without monitors still reads its own (reads, unlike changes, do not check the limit).
   */
  async list(principal: Principal, query: MonitorQuery): Promise<MonitorPage> {
    const owner = ownerOf(principal);
    const filters = {
      status: query.status,
      vatNumber: query.vat_number === undefined ? undefined : parseNumber(query.vat_number).number.vatNumber,
      valid: query.valid === undefined ? undefined : query.valid === 'true',
      reference: query.reference === undefined ? undefined : parseReference(query.reference),
    };
    // A cursor pages on only the list, account, key mode and filters it was made for.
    const scope = { list: 'monitors', ...owner, ...filters };
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, scope, SEQ_SHAPE);
    const rows = await this.deps.stores.monitors.list(owner, { limit: query.limit, before, ...filters });
    const { rows: shown, ...more } = pageOf(rows, query.limit, scope, (row) => row.seq);
    return { data: shown.map(monitorView), ...more };
  }

  async get(principal: Principal, id: string): Promise<MonitorView> {
    return monitorView(await this.find(principal, id));
  }

  /**
   * PATCH /v1/monitors/{id}: interval, status, reference. A new interval keeps the monitor's
   * place in the interval and counts from its last check.
   */
  async update(principal: Principal, id: string, changes: MonitorChangesRequest): Promise<MonitorView> {
    // An account moved to a tier without monitors may still pause its monitors or name them;
    // resuming one, or changing how often it is checked, needs the tier.
    if (changes.status === 'active' || changes.interval !== undefined) this.limitOf(principal);
    const monitor = await this.find(principal, id);
    const update: Partial<MonitorRow> = {};
    if (changes.status !== undefined) update.status = changes.status;
    if (changes.reference !== undefined)
      update.reference = changes.reference === null ? null : parseReference(changes.reference);
    if (changes.interval !== undefined && changes.interval !== monitor.interval) {
      update.interval = changes.interval;
      const from = monitor.last_checked_at ?? this.deps.clock.now();
      update.next_check_at = nextCheckAt(from, monitor.slot, changes.interval);
    }
    if (Object.keys(update).length > 0) await this.deps.stores.monitors.update(monitor.id, update);
    return monitorView({ ...monitor, ...update });
  }

  /** DELETE /v1/monitors/{id}: any tier, so an account moved to a tier without monitors can drop them. */
  async remove(principal: Principal, id: string): Promise<void> {
    if (!(await this.deps.stores.monitors.delete(ownerOf(principal), id))) throw notFound();
  }

  /**
   * POST /v1/monitors/{id}/check: a check that asks the registry now, charged one unit. It
   * runs now whatever waits: an earlier "check now" waiting for its retry after a registry failure
   * is made due at once (its retries counted afresh), and a scheduled check waiting for its retry
   * is dropped, as this one takes its place; the next scheduled check falls a quarter interval or
   * more later. A scheduled check not tried yet still runs (it may use this check's answer from
   * the cache), and an earlier "check now" still running is the check this request gets.
   */
  async checkNow(
    principal: Principal,
    id: string,
    requestId: string,
    /** The answer for the request's Idempotency-Key, stored in the transaction that charges the check. */
    answer?: AnswerInCommit<{ monitor: MonitorView; quota: QuotaState }>,
  ): Promise<{ monitor: MonitorView; quota: QuotaState }> {
    this.limitOf(principal);
    const owner = ownerOf(principal);
    const now = this.deps.clock.now();
    // What the transaction answers, kept for a COMMIT whose reply was lost (below).
    let made: { monitor: MonitorRow; quota: QuotaState; queued: boolean } | undefined;
    const write = () =>
      this.deps.stores.transaction(async (stores) => {
        const found = await stores.monitors.get(owner, id);
        if (!found) throw notFound();
        const quota = await this.quota.on(stores.usage).charge(principal, 1, now);
        const queued = await stores.jobs.runNow(checkMonitorJob(found.id, true, now, requestId), now);
        const update: Partial<MonitorRow> = {
          next_check_at: nextCheckAt(now, found.slot, found.interval),
          last_check_request_id: requestId,
        };
        if (await stores.jobs.dropRetry(checkMonitorJobId(found.id, false), now)) update.queued_at = null;
        await stores.monitors.update(found.id, update);
        made = { monitor: { ...found, ...update }, quota, queued };
        await answer?.store(stores, { monitor: monitorView(made.monitor), quota });
        return made;
      });
    // A COMMIT whose reply was lost (store/commit-outcome.ts): the check was charged and queued if
    // the monitor carries this request's id. The monitor row is the one mark that outlives the
    // wait: the job may have run and been deleted by then, a running check's job keeps the payload
    // of the request that queued it (runNow leaves a running job alone), and the check's record is
    // written only once the registry answered, which may be after retries. It misses only when,
    // within the wait, the monitor was deleted or another "check now" of it committed: the 503 then
    // stands although this check was charged.
    const { monitor, quota, queued } = await withKnownCommit(write, {
      committed: async () =>
        made !== undefined &&
        (await this.deps.stores.monitors.get(owner, id))?.last_check_request_id === requestId,
      outcome: async () => made!,
    });
    if (queued) this.deps.onEnqueued?.();
    return { monitor: monitorView(monitor), quota };
  }

  /** The owner's monitor, or 404 (another account's or key mode's id is not found, never forbidden). */
  private async find(principal: Principal, id: string): Promise<MonitorRow> {
    const monitor = await this.deps.stores.monitors.get(ownerOf(principal), id);
    if (!monitor) throw notFound();
    return monitor;
  }
}

function ownerOf(principal: Principal): Owner {
  return { accountId: principal.accountId, mode: principal.mode };
}

function notFound(): ApiError {
  return new ApiError('not_found', 'No monitor with this id.');
}
