import type { CategoryAmendment, CategoryPeriod } from './category-seed.js';
import type { CountryEntry, PeriodEntry } from './dataset.js';
import {
  type AppliedChange,
  type CategoryRate,
  type ChangeKind,
  type CountryView,
  compareEntries,
  entryKey,
  typeOfRate,
} from './entries.js';

/**
 * What one country answers on one day, from its four sources: the hand-kept periods (standard,
 * reduced, super-reduced and zero rates), the category periods (TEDB's snapshot, or the hand-kept
 * categories outside the EU), the hand-kept amendments of the snapshot's categories (changes in law
 * TEDB did not state yet) and the changes syncs applied from TEDB. For each kind of rate, and for
 * each category apart, the source whose period started last holds; a change and a period starting
 * the same day: the change (it was applied against an answer that had the period). An amendment is
 * not such a period: it applies from its day over TEDB's statement of the category, the snapshot's
 * or a later change's, unless that statement already holds the rate it brings (statesAlready).
 * Pure: the served table calls it on each day a source starts, the sync on each day TEDB names.
 */

/** One country's sources, with its applied changes oldest first (by date, then by when applied). */
export interface CountrySources {
  entry: CountryEntry;
  categoryPeriods: readonly CategoryPeriod[];
  amendments: readonly CategoryAmendment[];
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
  // The day of the TEDB statement each category's entries come from: its last applied change's,
  // else the seed period's.
  const stated = new Map<string, string>();
  const statedOn = (id: string) => stated.get(id) ?? seed?.from ?? '';
  // Amendments and category changes since the seed period, by date (amendments first on a day),
  // each over what the ones before it left. A change restates its category whole, so the
  // amendments of its day and before are laid over it again.
  const amendments = sources.amendments.filter((a) => a.from <= date);
  const events = [
    ...amendments.map((a) => ({ from: a.from, amendment: a })),
    ...changes
      .filter((c) => c.category && c.effective_from <= date && (!seed || c.effective_from >= seed.from))
      .map((c) => ({ from: c.effective_from, change: c })),
  ].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (const event of events) {
    if ('change' in event) {
      const { category, after, effective_from } = event.change;
      const id = category!.id;
      if (after.length === 0) categories.delete(id);
      else categories.set(id, after as CategoryRate[]);
      stated.set(id, effective_from);
      for (const amendment of amendments) {
        if (amendment.from <= effective_from && (amendment.category ?? id) === id) {
          amend(categories, amendment, statedOn, id);
        }
      }
    } else amend(categories, event.amendment, statedOn);
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

/**
 * Moves a category's entries (or every category's, or `only` this one) from one rate to another, as
 * the law did: each entry keeps its note unless the amendment gives one, and a parking rate stays a
 * parking rate. Nothing where TEDB already states what the amendment brings (see statesAlready).
 */
function amend(
  categories: Map<string, readonly CategoryRate[]>,
  amendment: CategoryAmendment,
  statedOn: (id: string) => string,
  only?: string,
): void {
  const { category, rateFrom, rateTo, note } = amendment;
  const typeAt = (rate: number, was?: CategoryRate['type']): CategoryRate['type'] =>
    was === 'parking' ? was : rate === 0 ? 'zero' : typeOfRate(rate);
  const ids = only !== undefined ? [only] : category === null ? [...categories.keys()] : [category];
  for (const id of ids) {
    const entries = categories.get(id) ?? [];
    if (statesAlready(entries, amendment, statedOn(id))) continue;
    let next: CategoryRate[];
    if (rateFrom === null) next = [...entries, { rate: rateTo!, type: typeAt(rateTo!), note }];
    else if (!entries.some((e) => e.rate === rateFrom)) continue;
    else
      next = entries.flatMap((e) =>
        e.rate !== rateFrom
          ? [e]
          : rateTo === null
            ? []
            : [{ rate: rateTo, type: typeAt(rateTo, e.type), note: note ?? e.note }],
      );
    const unique = [...new Map(next.map((e) => [entryKey(e), e])).values()].sort(compareEntries);
    if (unique.length === 0) categories.delete(id);
    else categories.set(id, unique);
  }
}

/**
 * Whether a category's entries, as TEDB stated them on `statedOn`, already hold the rate an
 * amendment brings, for the whole category (an entry without a note: TEDB's notes restrict a rate to
 * imports or a region). An added rate: stated on any day, so it is never answered twice. A rate moved
 * to: only by a statement from the amendment's day on; an earlier one predates the law, and the rate
 * it lists there is another part of the category, so the law still moves the old rate. A move to the
 * standard rate, or a note on an unchanged rate, TEDB cannot state over the amendment: these always
 * apply where the old rate is.
 */
function statesAlready(
  entries: readonly CategoryRate[],
  amendment: CategoryAmendment,
  statedOn: string,
): boolean {
  const { rateFrom, rateTo } = amendment;
  if (rateTo === null || rateTo === rateFrom) return false;
  if (rateFrom !== null && statedOn < amendment.from) return false;
  return entries.some((e) => e.rate === rateTo && e.note === null);
}
