import { type Static, Type } from '@sinclair/typebox';
import type { KeyMode } from '../store/tables.js';
import type { UsageStore } from '../store/usage.js';
import { DAY_MS } from '../store/usage.js';
import { SOURCES } from '../validation/answer.js';
import { type Quota, type QuotaOwner, remaining } from './quota.js';
import type { Tier, TierLimits } from './tiers.js';

/**
 * A month's usage, the same for `GET /v1/usage` and `vat-service usage`: `used`,
 * `limit` and `remaining` from the counter the quota charges (exact: what was charged); `daily` and
 * `by_source` from the validation records of the key's mode (what was answered, by day and by the
 * source named in the answer's meta). Both are calendar months in UTC.
 */

/** Months from 1970-01 (the epoch: record times are epoch milliseconds) to 9999-12. */
export const MONTH_PATTERN = '^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])$';
const MONTH = new RegExp(MONTH_PATTERN);

export const UsageReport = Type.Object(
  {
    month: Type.String({ pattern: MONTH_PATTERN, description: 'Calendar month in UTC, YYYY-MM' }),
    tier: Type.String({ description: "The account's tier now; its limit applies to every month shown" }),
    limit: Type.Integer({ description: "Validations a month on the account's tier" }),
    used: Type.Integer({ description: 'Validations charged this month: the quota counter itself' }),
    remaining: Type.Integer({ description: '`limit - used`, never below 0' }),
    reset_at: Type.String({ format: 'date-time', description: 'The first instant of the next month (UTC)' }),
    daily: Type.Array(
      Type.Object({
        date: Type.String({ format: 'date', description: 'UTC day, YYYY-MM-DD' }),
        validations: Type.Integer({ description: 'Records made that day' }),
      }),
      { description: 'Every day of the month up to today (none for a month that has not begun)' },
    ),
    by_source: Type.Object(
      Object.fromEntries(SOURCES.map((source) => [source, Type.Integer()])) as Record<
        (typeof SOURCES)[number],
        ReturnType<typeof Type.Integer>
      >,
      {
        description:
          "Records of the month by the answer's `meta.source` (a cached answer counts under its registry)",
      },
    ),
    monitors: Type.Object({
      used: Type.Integer({ description: 'Monitored numbers of the key mode' }),
      limit: Type.Integer({ description: "Monitors allowed on the account's tier, per key mode" }),
    }),
  },
  { $id: 'UsageReport' },
);
export type UsageReport = Static<typeof UsageReport>;

/** The first instant of `YYYY-MM` (UTC), or undefined when it is not such a month. */
export function monthStart(month: string): number | undefined {
  const match = MONTH.exec(month);
  return match ? Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) : undefined;
}

export interface UsageReportDeps {
  quota: Quota;
  usage: UsageStore;
  limits: Readonly<Record<Tier, TierLimits>>;
  /** Monitors of an account and mode; 0 until monitors exist. */
  monitorsUsed?: (accountId: string, mode: KeyMode) => Promise<number>;
}

/** The report for the month that `at` falls in, as of `now`. */
export async function usageReport(
  deps: UsageReportDeps,
  owner: QuotaOwner & { mode: KeyMode },
  at: number,
  now: number,
): Promise<UsageReport> {
  const state = await deps.quota.current(owner, at);
  const start = monthStart(state.period)!;
  const end = state.resetAt;
  const counts = await deps.usage.recordCounts(owner.accountId, owner.mode, start, end);
  const perDay = new Map<number, number>();
  const bySource = Object.fromEntries(SOURCES.map((source) => [source, 0])) as UsageReport['by_source'];
  for (const { day, source, count } of counts) {
    perDay.set(day, (perDay.get(day) ?? 0) + count);
    if (Object.hasOwn(bySource, source)) bySource[source as keyof typeof bySource] += count;
  }
  const daily: UsageReport['daily'] = [];
  for (let day = start; day < end && day <= now; day += DAY_MS) {
    daily.push({
      date: new Date(day).toISOString().slice(0, 10),
      validations: perDay.get(day / DAY_MS) ?? 0,
    });
  }
  return {
    month: state.period,
    tier: owner.tier,
    limit: state.limit,
    used: state.used,
    remaining: remaining(state),
    reset_at: new Date(state.resetAt).toISOString(),
    daily,
    by_source: bySource,
    monitors: {
      used: deps.monitorsUsed ? await deps.monitorsUsed(owner.accountId, owner.mode) : 0,
      limit: deps.limits[owner.tier].monitors,
    },
  };
}
