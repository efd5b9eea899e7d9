import type { Kysely } from 'kysely';
import type { CacheLookup, RequestStore, ReserveResult } from '../store/request-store.js';
import type { Tables, ValidationsTable } from '../store/tables.js';
import { releaseUnits, reserveUnits } from '../store/usage.js';
import type { CachedAnswer } from '../store/validations.js';
import { ApiError } from './errors.js';

interface Month {
  /** First and next month's first instant, UTC. */
  from: number;
  to: number;
  period: string;
  resetIso: string;
}

let month: Month = { from: 0, to: 0, period: '', resetIso: '' };

/** The UTC month `now` falls in; the one last asked is remembered (every validation asks). */
function monthOf(now: number): Month {
  if (now >= month.from && now < month.to) return month;
  const date = new Date(now);
  const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const to = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  month = { from, to, period: date.toISOString().slice(0, 7), resetIso: new Date(to).toISOString() };
  return month;
}

/** The calendar month in UTC that `now` falls in, `YYYY-MM` (decisions section 4). */
export function periodOf(now: number): string {
  return monthOf(now).period;
}

/** The first instant of the next month, UTC: when the quota resets. */
export function periodResetAt(now: number): number {
  return monthOf(now).to;
}

export interface QuotaState {
  limit: number;
  used: number;
  period: string;
  resetAt: number;
}

/** X-RateLimit-* headers for a validation response (decisions section 4). */
export function quotaHeaders(state: QuotaState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(Math.max(0, state.limit - state.used)),
    'x-ratelimit-reset': state.resetAt === month.to ? month.resetIso : new Date(state.resetAt).toISOString(),
  };
}

/**
 * Reserves `units` validations for the account in the month of `now`, or throws 429
 * `rate_limit_exceeded` carrying the quota headers and Retry-After (seconds to the reset).
 * Through the request store (batched, the request path) or a Kysely executor (a transaction of the
 * caller's, as async acceptance enqueues its jobs in the same one).
 */
export async function reserveQuota(
  db: Kysely<Tables> | Pick<RequestStore, 'reserveUnits'>,
  accountId: string,
  limit: number,
  units: number,
  now: number,
): Promise<QuotaState> {
  const period = periodOf(now);
  const result =
    'reserveUnits' in db
      ? await db.reserveUnits({ accountId, period, units, limit })
      : await reserveUnits(db, accountId, period, units, limit);
  return grantedOrThrow(result, limit, units, now);
}

/**
 * reserveQuota for one validation whose answer is already in hand: the records are written in the
 * same transaction as the reservation, and only when it is granted.
 */
export async function reserveQuotaAndRecord(
  store: Pick<RequestStore, 'reserveAndRecord'>,
  accountId: string,
  limit: number,
  now: number,
  records: readonly ValidationsTable[],
): Promise<QuotaState> {
  const result = await store.reserveAndRecord({ accountId, period: periodOf(now), units: 1, limit }, records);
  return grantedOrThrow(result, limit, 1, now);
}

/**
 * reserveQuota for one validation that may be a cache hit: the cache entry is read in the same
 * transaction and, when fresh, the hit's record is written with it (RequestStore.reserveAndLookUp).
 */
export async function reserveQuotaAndLookUp(
  store: Pick<RequestStore, 'reserveAndLookUp'>,
  accountId: string,
  limit: number,
  now: number,
  lookup: CacheLookup,
): Promise<{ quota: QuotaState; cached: CachedAnswer | undefined }> {
  const result = await store.reserveAndLookUp({ accountId, period: periodOf(now), units: 1, limit }, lookup);
  return { quota: grantedOrThrow(result, limit, 1, now), cached: result.cached };
}

function grantedOrThrow(result: ReserveResult, limit: number, units: number, now: number): QuotaState {
  const resetAt = periodResetAt(now);
  const state = { limit, used: result.used, period: periodOf(now), resetAt };
  if (!result.ok) {
    const remaining = Math.max(0, limit - result.used);
    const message =
      units > 1 && remaining > 0
        ? `This batch needs ${units} validations but only ${remaining} remain this month.`
        : `The monthly quota of ${limit} validations is used up; it resets at ${new Date(resetAt).toISOString()}.`;
    throw new ApiError('rate_limit_exceeded', message, {
      ...quotaHeaders(state),
      'retry-after': String(Math.max(1, Math.ceil((resetAt - now) / 1000))),
    });
  }
  return state;
}

/** Gives units back (answers that were never served); returns the updated state. */
export async function releaseQuota(
  db: Kysely<Tables>,
  accountId: string,
  state: QuotaState,
  units: number,
): Promise<QuotaState> {
  if (units <= 0) return state;
  const used = await releaseUnits(db, accountId, state.period, units);
  return { ...state, used };
}
