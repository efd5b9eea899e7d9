import type { CategorySeed } from './category-seed.js';
import type { CountryEntry, RatesFile, RateType } from './dataset.js';
import {
  type AppliedChange,
  type CategoryDescription,
  type CategoryInfo,
  type CategoryRate,
  compareEntries,
  entryKey,
  type RateSource,
} from './entries.js';
import { type CountrySources, lastStarted, type Resolved, resolveCountry } from './resolve.js';

/**
 * How the rates table is built (src/rates/rates-table.ts serves it): each country becomes a list
 * of segments `[from, next from)`, one per day any of its sources starts, each holding one frozen
 * record and its frozen category entries; the 31 countries' records form one frozen snapshot per
 * distinct segment start.
 */

export interface OtherRate {
  rate: number;
  type: RateType;
  /** The categories at this rate (domestic, without a restricting note); empty when unknown. */
  categories: readonly CategoryInfo[];
}

export interface RateRecord {
  country_code: string;
  country_name: string;
  currency: string;
  standard_rate: number;
  other_rates: readonly OtherRate[];
  updated_at: string;
  source: RateSource;
}

/** One rate of one category in one country on one day (`GET /v1/rates/{country_code}/categories`). */
export interface CategoryEntry extends CategoryRate {
  id: string;
  name: string;
  /** The first day of the run of days on which the service has answered this entry. */
  since: string;
}

export interface Segment {
  record: RateRecord;
  categories: readonly CategoryEntry[];
  byId: ReadonlyMap<string, readonly CategoryEntry[]>;
}

/** Values by the date they take effect, ascending. */
export interface Timeline<T> {
  starts: string[];
  values: T[];
}

export interface State {
  snapshots: Timeline<readonly RateRecord[]>;
  /** Keyed by VAT code and ISO alias (GR → the EL timeline), upper case. */
  byCode: Map<string, Timeline<Segment>>;
  catalogue: readonly CategoryDescription[];
  names: ReadonlyMap<string, string>;
}

/**
 * Served order of `other_rates`: rate descending, then type in this order. The tie-break never
 * fires on loaded data (load refuses a repeated rate within a period), but it keeps the order
 * independent of how the file was hand-edited.
 */
const TYPE_ORDER: Record<RateType, number> = { reduced: 0, super_reduced: 1, zero: 2 };

/** The value whose start is the latest one on or before `date`; undefined before the first start. */
export function valueAt<T>(timeline: Timeline<T>, date: string): T | undefined {
  let lo = 0;
  let hi = timeline.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeline.starts[mid] <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : timeline.values[lo - 1];
}

/** By effective date, then by when applied: the last of a kind and day is the one that holds. */
export function sortChanges(changes: readonly AppliedChange[]): AppliedChange[] {
  return [...changes].sort(
    (a, b) =>
      (a.effective_from < b.effective_from ? -1 : a.effective_from > b.effective_from ? 1 : 0) ||
      a.applied_at - b.applied_at,
  );
}

export function sourcesOf(
  entry: CountryEntry,
  seed: CategorySeed,
  changes: readonly AppliedChange[],
): CountrySources {
  return {
    entry,
    categoryPeriods: seed.timelines.get(entry.code) ?? [],
    amendments: seed.amendments.get(entry.code) ?? [],
    changes,
  };
}

export function build(dataset: RatesFile, seed: CategorySeed, changes: readonly AppliedChange[]): State {
  // A category a change names first (TEDB added it) is known by the name the sync gave it.
  const names = new Map(seed.names);
  for (const change of changes) {
    if (change.category && !names.has(change.category.id))
      names.set(change.category.id, change.category.name);
  }
  const catalogue = deepFreeze(
    [...names]
      .map(([id, name]) => ({ id, name, description: seed.descriptions.get(id) ?? name }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  );
  const datasetSource: RateSource = deepFreeze({
    kind: 'dataset',
    retrieved_at: `${dataset.as_of}T00:00:00.000Z`,
    reply_sha256: null,
  });
  const countries = [...dataset.countries].sort((a, b) => (a.code < b.code ? -1 : 1));
  const byCode = new Map<string, Timeline<Segment>>();
  const timelines = countries.map((country) => {
    const sources = sourcesOf(
      country,
      seed,
      changes.filter((change) => change.country_code === country.code),
    );
    const timeline = buildCountryTimeline(sources, dataset.coverage_from, { names, datasetSource });
    for (const code of [country.code, country.iso3166_alpha2]) byCode.set(code, timeline);
    return timeline;
  });
  const starts = [...new Set(timelines.flatMap((t) => t.starts))].sort();
  const values = starts.map((date) => Object.freeze(timelines.map((t) => valueAt(t, date)!.record)));
  return { snapshots: { starts, values }, byCode, catalogue, names };
}

/**
 * One segment per day any source of the country starts on or after the coverage start (a period,
 * a currency, a category period, an applied change). `updated_at` is the day the rates and
 * currency as served took effect, so a segment that changes only categories keeps it; `since` of a
 * category entry is the first segment of its unbroken run.
 */
function buildCountryTimeline(
  sources: CountrySources,
  coverageFrom: string,
  context: { names: ReadonlyMap<string, string>; datasetSource: RateSource },
): Timeline<Segment> {
  const { entry } = sources;
  const currencyStarts = entry.currency
    .map((c) => c.effective_from)
    .filter((from): from is string => from !== null && from > coverageFrom);
  const starts = [
    ...new Set([
      coverageFrom,
      ...entry.periods.map((p) => p.effective_from),
      ...currencyStarts,
      ...sources.categoryPeriods.map((p) => p.from),
      ...sources.amendments.map((a) => a.from),
      ...sources.changes.map((c) => c.effective_from),
    ]),
  ]
    .filter((date) => date >= coverageFrom)
    .sort();

  let since = new Map<string, string>();
  const values = starts.map((date) => {
    const resolved = resolveCountry(sources, date);
    const currency = entry.currency.find(
      (c) =>
        (c.effective_from === null || c.effective_from <= date) &&
        (c.effective_to === null || date <= c.effective_to),
    )!;
    const currencyFrom = lastStarted(currencyStarts, (from) => from, date);
    const updatedFrom = currencyFrom && currencyFrom > resolved.ratesFrom ? currencyFrom : resolved.ratesFrom;

    const nextSince = new Map<string, string>();
    const categories: CategoryEntry[] = [];
    for (const [id, entries] of resolved.categories) {
      for (const rate of entries) {
        const key = `${id}|${entryKey(rate)}`;
        nextSince.set(key, since.get(key) ?? date);
        categories.push({ id, name: context.names.get(id) ?? id, ...rate, since: nextSince.get(key)! });
      }
    }
    since = nextSince;
    categories.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : compareEntries(a, b)));
    const byId = new Map<string, CategoryEntry[]>();
    for (const category of categories) byId.set(category.id, [...(byId.get(category.id) ?? []), category]);

    const record: RateRecord = {
      country_code: entry.code,
      country_name: entry.name,
      currency: currency.code,
      standard_rate: resolved.standard,
      other_rates: otherRatesOf(resolved, context.names),
      updated_at: `${updatedFrom}T00:00:00.000Z`,
      source: resolved.rateChange?.source ?? context.datasetSource,
    };
    for (const list of byId.values()) Object.freeze(list);
    return deepFreeze({ record, categories, byId }) as Segment;
  });
  return { starts, values };
}

/**
 * The rates below the standard one, highest first, each with the categories whose domestic entry
 * (no note) is at that rate: reduced, super-reduced and parking entries by value; the zero rate
 * with the categories the data states as zero-rated (TEDB's exemptions are not: see entryOf).
 */
function otherRatesOf(resolved: Resolved, names: ReadonlyMap<string, string>): OtherRate[] {
  const rates: Array<{ rate: number; type: RateType }> = [
    ...resolved.reduced.map((rate) => ({ rate, type: 'reduced' as const })),
    ...resolved.super_reduced.map((rate) => ({ rate, type: 'super_reduced' as const })),
    ...resolved.zeros.map((rate) => ({ rate, type: 'zero' as const })),
  ];
  return rates
    .sort((a, b) => b.rate - a.rate || TYPE_ORDER[a.type] - TYPE_ORDER[b.type])
    .map(({ rate, type }) => ({
      rate,
      type,
      categories: [...resolved.categories]
        .filter(([, entries]) =>
          entries.some(
            (e) =>
              e.note === null &&
              e.rate === rate &&
              (type === 'zero' ? e.type === 'zero' : e.type !== 'exempt'),
          ),
        )
        .map(([id]) => ({ id, name: names.get(id) ?? id }))
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    }));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of value instanceof Map ? value.values() : Object.values(value)) deepFreeze(inner);
  }
  return value;
}
