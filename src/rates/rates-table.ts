import { resourcePath } from '../paths.js';
import { type CategorySeed, loadCategorySeed } from './category-seed.js';
import { loadDataset, RATES_COVERAGE_START, type RatesFile } from './dataset.js';
import type { AppliedChange, CategoryDescription, CountryView } from './entries.js';
import { resolveCountry } from './resolve.js';
import {
  build,
  type CategoryEntry,
  type RateRecord,
  type Segment,
  type State,
  sortChanges,
  sourcesOf,
  valueAt,
} from './segments.js';
import { isCalendarDate } from './tedb-results.js';

/**
 * Effective-dated VAT rates and categories for the 31 rate countries (spec 2.3, 4.5, 4.6; decisions
 * section 8, "Rates"; categories and their sync in docs/rates.md), built from the hand-kept data,
 * the category seed and the changes syncs applied (src/rates/resolve.ts says which holds when).
 *
 * Everything is built up front: each country becomes a list of segments `[from, next from)`, one
 * per day any of its sources starts, each holding one frozen record and its frozen category
 * entries, and `all()` keeps one frozen 31-record snapshot per distinct segment start. A lookup is
 * a binary search; nothing is built per request. `apply()` rebuilds from a new list of applied
 * changes and swaps the result in at once, so a request sees the old table or the new one.
 */

export { RATES_COVERAGE_START, type RateType } from './dataset.js';
export type { CategoryEntry, OtherRate, RateRecord } from './segments.js';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface RatesFiles {
  /** resources/vat-rates.json */
  dataset?: string;
  /** resources/tedb/…json: TEDB's answer for the EU-27 the categories are seeded from. */
  tedbSnapshot?: string;
  /** resources/rate-categories.json: the categories of GB, CH, LI and NO, and the amendments of TEDB's. */
  handKeptCategories?: string;
  /** resources/rate-category-names.json: the categories' short names. */
  categoryNames?: string;
}

export const TEDB_SNAPSHOT_FILE = 'tedb/retrieveVatRates-2025-07-27_to_2025-08-26.json';

export class RatesTable {
  private state: State;
  private appliedChanges: readonly AppliedChange[] = [];

  private constructor(
    private readonly dataset: RatesFile,
    private readonly seed: CategorySeed,
  ) {
    this.state = build(dataset, seed, []);
  }

  /** Reads and checks the data files; throws an Error naming the file and the faulty member. */
  static load(file: string = resourcePath('vat-rates.json'), files: RatesFiles = {}): RatesTable {
    const dataset = loadDataset(files.dataset ?? file);
    const seed = loadCategorySeed({
      snapshot: files.tedbSnapshot ?? resourcePath(TEDB_SNAPSHOT_FILE),
      handKept: files.handKeptCategories ?? resourcePath('rate-categories.json'),
      names: files.categoryNames ?? resourcePath('rate-category-names.json'),
    });
    return new RatesTable(dataset, seed);
  }

  /** The hand-kept data's research cut-off (YYYY-MM-DD): where the first sync starts. */
  get asOf(): string {
    return this.dataset.as_of;
  }

  /** The EU member states' codes (EL for Greece), the countries TEDB answers for. */
  get euMembers(): string[] {
    return this.dataset.countries.filter((country) => country.eu_member).map((country) => country.code);
  }

  /** The changes the table answers with, as last applied. */
  get changes(): readonly AppliedChange[] {
    return this.appliedChanges;
  }

  /** Rebuilds the table over these applied changes (every one stored, in any order). */
  apply(changes: readonly AppliedChange[]): void {
    const sorted = sortChanges(changes);
    this.state = build(this.dataset, this.seed, sorted);
    this.appliedChanges = sorted;
  }

  /**
   * What `code` answers on `date` with `changes` applied instead of the table's own: what a sync
   * compares TEDB against. Undefined when not a rate country.
   */
  viewAt(code: string, date: string, changes: readonly AppliedChange[]): CountryView | undefined {
    const entry = this.dataset.countries.find((country) => country.code === code);
    if (!entry) return undefined;
    const sorted = sortChanges(changes.filter((change) => change.country_code === code));
    return resolveCountry(sourcesOf(entry, this.seed, sorted), date);
  }

  /** A category's name, from the seed or a change that named it. */
  categoryName(id: string): string | undefined {
    return this.state.names.get(id);
  }

  /**
   * All countries in force on `date` (YYYY-MM-DD, UTC), sorted by country_code. The array and its
   * records are shared and frozen.
   */
  all(date: string): readonly RateRecord[] {
    assertCoveredDate(date);
    return valueAt(this.state.snapshots, date)!;
  }

  /** One country, code case-insensitive, GR accepted for EL; undefined when not a rate country. */
  get(code: string, date: string): RateRecord | undefined {
    return this.segment(code, date)?.record;
  }

  /** A country's category entries on `date`, by id then rate; undefined when not a rate country. */
  categories(code: string, date: string): readonly CategoryEntry[] | undefined {
    return this.segment(code, date)?.categories;
  }

  /** One category's entries in a country on `date`; empty when it is at the standard rate. */
  category(code: string, id: string, date: string): readonly CategoryEntry[] | undefined {
    const segment = this.segment(code, date);
    return segment && (segment.byId.get(id) ?? NONE);
  }

  /**
   * The first day the service holds a country's categories (its first situation in the TEDB
   * snapshot, or its first hand-kept period); undefined when it holds none. Before it the category
   * list is empty for want of data, not because every category is at the standard rate.
   */
  categoriesFrom(code: string): string | undefined {
    const timeline = this.seed.timelines.get(seedKey(code));
    return timeline?.[0]?.from;
  }

  /**
   * What the standard rate covers of a category a country also taxes at reduced rates, on `date`,
   * where the hand-kept data says it covers part of it (resources/rate-categories.json,
   * `standard_in_part`); undefined where it does not say so.
   */
  standardInPart(code: string, id: string, date: string): string | undefined {
    const items = this.seed.standardInPart.get(seedKey(code)) ?? [];
    let covers: string | null = null;
    for (const item of items) if (item.category === id && item.from <= date) covers = item.covers;
    return covers ?? undefined;
  }

  /** Every category id known, with its name and description, sorted by id. Shared and frozen. */
  catalogue(): readonly CategoryDescription[] {
    return this.state.catalogue;
  }

  isCategory(id: string): boolean {
    return this.state.names.has(id);
  }

  private segment(code: string, date: string): Segment | undefined {
    assertCoveredDate(date);
    const timeline = /^[A-Za-z]{2}$/.test(code) ? this.state.byCode.get(code.toUpperCase()) : undefined;
    return timeline && valueAt(timeline, date);
  }
}

const NONE: readonly CategoryEntry[] = Object.freeze([]);

/**
 * Parses a `?date=` value (decisions section 8): a real calendar date in the form YYYY-MM-DD, on
 * or after RATES_COVERAGE_START. Future dates are accepted.
 */
export function parseRatesDate(value: string): { ok: true; date: string } | { ok: false; message: string } {
  if (!DATE_PATTERN.test(value)) {
    return { ok: false, message: 'date must be a calendar date in the form YYYY-MM-DD' };
  }
  if (!isCalendarDate(value)) return { ok: false, message: `date ${value} does not exist` };
  if (value < RATES_COVERAGE_START) {
    return {
      ok: false,
      message: `rates are available from ${RATES_COVERAGE_START} on; date ${value} is earlier`,
    };
  }
  return { ok: true, date: value };
}

/** YYYY-MM-DD of `nowMs` in UTC. */
export function todayUtc(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

function assertCoveredDate(date: string): void {
  if (!DATE_PATTERN.test(date) || date < RATES_COVERAGE_START) {
    throw new RangeError(`rates lookup needs a YYYY-MM-DD date from ${RATES_COVERAGE_START}, got ${date}`);
  }
}

/** A country code as the category data keys it: upper case, Greece as EL. */
function seedKey(code: string): string {
  const upper = code.toUpperCase();
  return upper === 'GR' ? 'EL' : upper;
}
