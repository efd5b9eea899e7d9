import { ApiError } from '../errors.js';
import type { KeyMode } from '../store/tables.js';
import type { Reservation, ReserveResult, UsageStore } from '../store/usage.js';
import type { Tier, TierLimits } from './tiers.js';

/**
 * The monthly validation quota (decisions section 4), per calendar month in UTC. Work starts only
 * when enough units remain (`check`); units are taken when the answers are in hand (`reserve`,
 * atomic: the usage store's rule), in the same transaction as their records, so a failure at any
 * point charges nothing and a charged answer always has its record.
 */

export interface QuotaState {
  limit: number;
  used: number;
  /** `YYYY-MM`, UTC. */
  period: string;
  /** The first instant of the next month, epoch ms: when the quota resets. */
  resetAt: number;
}

/** Whose quota: an account on a tier. */
export interface QuotaOwner {
  accountId: string;
  tier: Tier;
}

/** The calendar month in UTC that `now` falls in, `YYYY-MM`. */
export function periodOf(now: number): string {
  const date = new Date(now);
  const month = date.getUTCMonth() + 1;
  return `${date.getUTCFullYear()}-${month < 10 ? '0' : ''}${month}`;
}

/** The first instant of the month after the one `now` falls in, UTC. */
export function periodResetAt(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Units left this month. */
export function remaining(state: QuotaState): number {
  return Math.max(0, state.limit - state.used);
}

/** X-RateLimit-* headers of a validation response. */
export function quotaHeaders(state: QuotaState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(remaining(state)),
    'x-ratelimit-reset': new Date(state.resetAt).toISOString(),
  };
}

/** Adds the quota headers to an error on its way out (a 503 after the unit was given back). */
export function withQuotaHeaders(error: ApiError, state: QuotaState): ApiError {
  if (error.code === 'rate_limit_exceeded') return error;
  return new ApiError(error.code, error.message, { ...(error.headers ?? {}), ...quotaHeaders(state) });
}

export class Quota {
  constructor(
    private readonly usage: UsageStore,
    private readonly limits: Readonly<Record<Tier, TierLimits>>,
  ) {}

  /** The same quota over another usage store (one bound to the caller's transaction). */
  on(usage: UsageStore): Quota {
    return new Quota(usage, this.limits);
  }

  limitOf(tier: Tier): number {
    return this.limits[tier].monthly;
  }

  /**
   * The usage as it stands, or 429 `rate_limit_exceeded` when fewer than `units` remain: no work
   * starts for answers that could not be charged. Zero units never fails (test keys consume
   * nothing but still get the live figures).
   */
  async check(owner: QuotaOwner, units: number, now: number): Promise<QuotaState> {
    return this.checkUsed(owner, units, now, await this.usage.used(owner.accountId, periodOf(now)));
  }

  /** `check` with the month's usage already read (`used`, in the month of `now`). */
  checkUsed(owner: QuotaOwner, units: number, now: number, used: number): QuotaState {
    const state = {
      limit: this.limitOf(owner.tier),
      used,
      period: periodOf(now),
      resetAt: periodResetAt(now),
    };
    if (units > 0 && remaining(state) < units) throw exhausted(state, units, now);
    return state;
  }

  /** The usage as it stands. */
  current(owner: QuotaOwner, now: number): Promise<QuotaState> {
    return this.check(owner, 0, now);
  }

  /** Takes `units` atomically in the month of `now`, or throws 429 `rate_limit_exceeded`. */
  async reserve(owner: QuotaOwner, units: number, now: number): Promise<QuotaState> {
    const reservation = this.reservation(owner, units, now);
    return this.settle(reservation, await this.usage.reserve(reservation), now);
  }

  /**
   * Work accepted now and answered later (monitor checks, bulk rows): a live key's `units` are
   * taken as `reserve` takes them; a test key's work is answered from test mode and takes none.
   */
  charge(owner: QuotaOwner & { mode: KeyMode }, units: number, now: number): Promise<QuotaState> {
    return owner.mode === 'live' ? this.reserve(owner, units, now) : this.current(owner, now);
  }

  /** What taking `units` in the month of `now` asks of the usage store. */
  reservation(owner: QuotaOwner, units: number, now: number): Reservation {
    return { accountId: owner.accountId, period: periodOf(now), units, limit: this.limitOf(owner.tier) };
  }

  /** The state after a reservation the store answered, or 429 `rate_limit_exceeded` when refused. */
  settle(reservation: Reservation, result: ReserveResult, now: number): QuotaState {
    const { limit, period, units } = reservation;
    const state = { limit, used: result.used, period, resetAt: periodResetAt(now) };
    if (!result.ok) throw exhausted(state, units, now);
    return state;
  }
}

/** 429 with the quota headers and Retry-After (seconds to the reset). */
function exhausted(state: QuotaState, units: number, now: number): ApiError {
  const left = remaining(state);
  const resetIso = new Date(state.resetAt).toISOString();
  const message =
    units > 1 && left > 0
      ? `This batch needs ${units} validations but only ${left} remain this month.`
      : `The monthly quota of ${state.limit} validations is used up; it resets at ${resetIso}.`;
  return new ApiError('rate_limit_exceeded', message, {
    ...quotaHeaders(state),
    'retry-after': String(Math.max(1, Math.ceil((state.resetAt - now) / 1000))),
  });
}
