import type { Principal } from '../accounts/authenticator.js';
import type { Tier, TierLimits } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { ApiError, type ErrorCode } from '../errors.js';
import { newId } from '../ids.js';
import { recurringJobId } from '../jobs/worker.js';
import { parseReference } from '../records/reference.js';
import type { NewJob } from '../store/jobs.js';
import type { MonitorFilter, MonitorRow } from '../store/monitors.js';
import type { Stores } from '../store/stores.js';
import { deliverySeq, type Owner } from '../store/webhooks.js';
import { type CheckedNumber, parseEach, parseNumber, parseRequester } from '../validation/parse.js';
import { type MonitorView, monitorView } from './monitor-shape.js';
import { type MonitorInterval, nextCheckAt } from './schedule.js';

/**
 * Monitors of one account and key mode (wave-2 D1, D2, rulings L9 to L11): create one or many,
 * list, read, change, remove, and "check now". Checks themselves are jobs
 * (src/jobs/handlers/check-monitor.ts); this module only queues them.
 */

export const CHECK_MONITOR_JOB = 'check_monitor';
/** The recurring task that queues due checks (src/jobs/handlers/schedule-monitors.ts). */
export const SCHEDULE_MONITORS_JOB = 'schedule_monitors';

/** The payload of a check job. `fresh`: "check now", which never uses the cache (L10). */
export interface CheckMonitorPayload {
  monitorId: string;
  fresh: boolean;
}

/**
 * A monitor's check job. Its id is fixed per monitor and kind, so a monitor never has two
 * scheduled checks (or two "check now") waiting at once.
 */
export function checkMonitorJob(monitorId: string, fresh: boolean, runAt: number): NewJob {
  const payload: CheckMonitorPayload = { monitorId, fresh };
  return {
    id: `${fresh ? 'monitor-now' : 'monitor'}:${monitorId}`,
    kind: CHECK_MONITOR_JOB,
    payload,
    runAt,
  };
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
  constructor(private readonly deps: MonitorServiceDeps) {}

  /** The tier's monitor limit; a tier without monitors is 403 `tier_insufficient` (D2). */
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

  /** POST /v1/monitors: the new monitor (`created`), or the one the number already has. */
  async create(principal: Principal, input: NewMonitor): Promise<{ monitor: MonitorView; created: boolean }> {
    const limit = this.limitOf(principal);
    const checked = parseNumber(input.vat_number);
    const requester = parseRequester(input.requester_vat_number)?.vatNumber ?? null;
    const reference = input.reference === undefined ? null : parseReference(input.reference);
    const { monitors, created } = await this.add(principal, limit, [checked], {
      interval: input.interval,
      reference,
      requester,
    });
    return { monitor: monitorView(monitors[0]), created: created > 0 };
  }

  /**
   * POST /v1/monitors/batch (L9): malformed numbers are rejected one by one, the others become
   * monitors (existing ones are returned as they are). A batch that would pass the limit is
   * refused whole.
   */
  async createBatch(
    principal: Principal,
    input: { vat_numbers: readonly string[]; interval: MonitorInterval; reference?: string },
  ): Promise<{ monitors: MonitorView[]; rejected: RejectedNumber[] }> {
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
    if (unique.size === 0) return { monitors: [], rejected };
    const { monitors } = await this.add(principal, limit, [...unique.values()], {
      interval: input.interval,
      reference,
      requester: null,
    });
    return { monitors: monitors.map(monitorView), rejected };
  }

  /**
   * Adds monitors for the numbers not monitored yet, under the owner's lock so racing requests
   * cannot pass the limit together; each new monitor's first check is queued with it (D1: the
   * first check runs at once). Returns every number's monitor, in the order given.
   */
  private async add(
    principal: Principal,
    limit: number,
    numbers: readonly CheckedNumber[],
    fields: { interval: MonitorInterval; reference: string | null; requester: string | null },
  ): Promise<{ monitors: MonitorRow[]; created: number }> {
    const owner = ownerOf(principal);
    const now = this.deps.clock.now();
    const vatNumbers = numbers.map((checked) => checked.number.vatNumber);
    const result = await this.deps.stores.transaction(async (stores) => {
      await stores.monitors.lockOwner(owner);
      const existing = new Map(
        (await stores.monitors.findByNumbers(owner, vatNumbers)).map((row) => [row.vat_number, row]),
      );
      const missing = numbers.filter((checked) => !existing.has(checked.number.vatNumber));
      if (missing.length > 0) {
        const count = await stores.monitors.count(owner);
        if (count + missing.length > limit) {
          throw new ApiError(
            'monitor_limit_exceeded',
            `The account has ${count} of its ${limit} monitors in this key mode; ${missing.length} more would pass the limit.`,
          );
        }
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
            seq: deliverySeq(now),
            created_at: now,
            last_checked_at: null,
            next_check_at: nextCheckAt(now, slot, fields.interval),
            queued_at: now,
            last_error: null,
            last_result: null,
            last_valid: null,
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
          [...rows.map((row) => checkMonitorJob(row.id, false, now)), scheduler],
          now,
        );
        for (const row of rows) existing.set(row.vat_number, row);
      }
      return { monitors: vatNumbers.map((number) => existing.get(number)!), created: missing.length };
    });
    if (result.created > 0) this.deps.onEnqueued?.();
    return result;
  }

  /** GET /v1/monitors: newest first, filtered, `limit` at a time. */
  async list(principal: Principal, query: MonitorQuery): Promise<MonitorPage> {
    this.limitOf(principal);
    const filter: MonitorFilter = {
      limit: query.limit,
      before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      status: query.status,
      vatNumber: query.vat_number === undefined ? undefined : parseNumber(query.vat_number).number.vatNumber,
      valid: query.valid === undefined ? undefined : query.valid === 'true',
      reference: query.reference === undefined ? undefined : parseReference(query.reference),
    };
    const rows = await this.deps.stores.monitors.list(ownerOf(principal), filter);
    const hasMore = rows.length > query.limit;
    const page = hasMore ? rows.slice(0, query.limit) : rows;
    return {
      data: page.map(monitorView),
      next_cursor: hasMore ? Buffer.from(page[page.length - 1].seq).toString('base64url') : null,
      has_more: hasMore,
    };
  }

  async get(principal: Principal, id: string): Promise<MonitorView> {
    return monitorView(await this.find(principal, id));
  }

  /**
   * PATCH /v1/monitors/{id}: interval, status, reference. A new interval keeps the monitor's
   * place in the interval and counts from its last check.
   */
  async update(principal: Principal, id: string, changes: MonitorChangesRequest): Promise<MonitorView> {
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

  async remove(principal: Principal, id: string): Promise<void> {
    this.limitOf(principal);
    if (!(await this.deps.stores.monitors.delete(ownerOf(principal), id))) throw notFound();
  }

  /**
   * POST /v1/monitors/{id}/check (L10): a check that asks the registry now. It takes the place of
   * the next scheduled check when that one falls within a quarter interval.
   */
  async checkNow(principal: Principal, id: string): Promise<MonitorView> {
    const monitor = await this.find(principal, id);
    const now = this.deps.clock.now();
    const next_check_at = nextCheckAt(now, monitor.slot, monitor.interval);
    await this.deps.stores.transaction(async (stores) => {
      await stores.jobs.enqueue([checkMonitorJob(monitor.id, true, now)], now);
      await stores.monitors.update(monitor.id, { next_check_at });
    });
    this.deps.onEnqueued?.();
    return monitorView({ ...monitor, next_check_at });
  }

  /** The owner's monitor, or 404 (another account's or key mode's id is not found, never forbidden). */
  private async find(principal: Principal, id: string): Promise<MonitorRow> {
    this.limitOf(principal);
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

/** The cursor is opaque to callers: base64url of the last row's sort key. */
function decodeCursor(cursor: string): string {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{15}-[0-9a-f]{12}$/.test(seq)) {
    throw new ApiError('validation_error', 'cursor: not a cursor this API returned.');
  }
  return seq;
}
