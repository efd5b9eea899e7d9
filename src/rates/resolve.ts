import type { CategoryPeriod } from './category-seed.js';
import type { CountryEntry, PeriodEntry } from './dataset.js';
import type { AppliedChange, CategoryRate, ChangeKind, CountryView } from './entries.js';

/**
 * What one country answers on one day, from its three sources: the hand-kept periods (standard,
 * reduced, super-reduced and zero rates), the category periods (TEDB's snapshot, or the hand-kept
 * categories outside the EU) and the changes syncs applied from TEDB. For each kind of rate, and
 * for each category apart, the source whose period started last holds; a change and a period
 * starting the same day: the change (it was applied against an answer that had the period).
 * Pure: the served table calls it on each day a source starts, the sync on each day TEDB names.
 */

/** One country's sources, with its applied changes oldest first (by date, then by when applied). */
export interface CountrySources {
  entry: CountryEntry;
  categoryPeriods: readonly CategoryPeriod[];
  changes: readonly AppliedChange[];
}

export interface Resolved extends CountryView {
  period: PeriodEntry;
  /** The 0 rates of the hand-kept period (a sync never changes them: TEDB does not state them). */
  zeros: number[];
  /** The latest-starting change the standard, reduced or super-reduced rates came from, if any. */
  rateChange: AppliedChange | undefined;
  /** The day the rates answered took effect: the later of the period's start and the changes'. */
  ratesFrom: string;
}

/** The last item whose start is on or before `date`, or undefined (items ascending by start). */
export function lastStarted<T>(
  items: readonly T[],
  startOf: (item: T) => string,
  date: string,
): T | undefined {
  let found: T | undefined;
  for (const item of items) {
    if (startOf(item) > date) break;
    found = item;
  }
  return found;
}

function latestChange(
  changes: readonly AppliedChange[],
  date: string,
  matches: (change: AppliedChange) => boolean,
): AppliedChange | undefined {
  return lastStarted(changes.filter(matches), (change) => change.effective_from, date);
}

export function resolveCountry(sources: CountrySources, date: string): Resolved {
  const { entry, categoryPeriods, changes } = sources;
  const period = lastStarted(entry.periods, (p) => p.effective_from, date) ?? entry.periods[0];
  let ratesFrom = period.effective_from;
  let rateChange: AppliedChange | undefined;
  const fromChange = (kind: Exclude<ChangeKind, 'category'>, own: number[]): number[] => {
    const change = latestChange(changes, date, (c) => c.kind === kind);
    if (!change || change.effective_from < period.effective_from) return own;
    if (change.effective_from > ratesFrom) ratesFrom = change.effective_from;
    if (!rateChange || change.effective_from >= rateChange.effective_from) rateChange = change;
    return change.after.map((side) => side.rate);
  };
  const own = (type: 'reduced' | 'super_reduced' | 'zero') =>
    period.other_rates.filter((other) => other.type === type).map((other) => other.rate);
  const [standard] = fromChange('standard', [period.standard]);
  const reduced = fromChange('reduced', own('reduced'));
  const superReduced = fromChange('super_reduced', own('super_reduced'));

  const seed = lastStarted(categoryPeriods, (p) => p.from, date);
  const categories = new Map<string, readonly CategoryRate[]>(seed?.categories ?? []);
  const changedIds = new Set(
    changes.filter((c) => c.category && c.effective_from <= date).map((c) => c.category!.id),
  );
  for (const id of changedIds) {
    const change = latestChange(changes, date, (c) => c.category?.id === id);
    if (!change || (seed && change.effective_from < seed.from)) continue;
    if (change.after.length === 0) categories.delete(id);
    else categories.set(id, change.after as CategoryRate[]);
  }
  return {
    period,
    standard,
    reduced: [...reduced].sort((a, b) => b - a),
    super_reduced: [...superReduced].sort((a, b) => b - a),
    zeros: own('zero'),
    categories,
    rateChange,
    ratesFrom,
  };
}
