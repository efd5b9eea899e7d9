/**
 * The shapes the rates modules share: a rate as a category or a change states it, what one country
 * answers on one day, and a change to it. Pure types and small helpers; every rates module imports
 * from here, and this module imports nothing of theirs.
 */

/** The types a category's rate can have (`standard` only in the changes of a standard rate). */
export type EntryType = 'standard' | 'reduced' | 'super_reduced' | 'parking' | 'zero' | 'exempt';
export type CategoryEntryType = Exclude<EntryType, 'standard'>;

/** One rate of a category, or one side of a change: the rate, its type, and what restricts it. */
export interface RateEntry {
  rate: number;
  type: EntryType;
  /** TEDB's comment when it restricts the rate (imports only, a region), else null. */
  note: string | null;
}

export interface CategoryRate extends RateEntry {
  type: CategoryEntryType;
}

/** A category as served: TEDB's identifier in lower case and its short English name. */
export interface CategoryInfo {
  id: string;
  name: string;
}

/** A category of the catalogue: also TEDB's own text for it. */
export interface CategoryDescription extends CategoryInfo {
  description: string;
}

/**
 * The parts of one country's rates on one day that a sync compares and can change: the standard
 * rate, the reduced and super-reduced rates (zero rates are the hand-kept data's alone), and each
 * category's rates by id (a category absent from the map is at the standard rate).
 */
export interface CountryView {
  standard: number;
  reduced: number[];
  super_reduced: number[];
  categories: ReadonlyMap<string, readonly CategoryRate[]>;
}

export type ChangeKind = 'standard' | 'reduced' | 'super_reduced' | 'category';

/** Where an answer comes from: the shipped data, or a change a sync applied from TEDB. */
export interface RateSource {
  kind: 'dataset' | 'tedb';
  retrieved_at: string;
  reply_sha256: string | null;
}

/** The TEDB reply a change was read from. */
export interface TedbSource extends RateSource {
  kind: 'tedb';
  reply_sha256: string;
}

/**
 * One difference between TEDB and what the service answers, from `effective_from` on: the rates of
 * one kind (or of one category) before and after. Applied, it is stored as is and answered from its
 * date on; `rate.changed` carries it.
 */
export interface RateChange {
  country_code: string;
  effective_from: string;
  kind: ChangeKind;
  /** The category, for kind `category`; null otherwise. */
  category: CategoryInfo | null;
  before: RateEntry[];
  after: RateEntry[];
}

/** A change as stored by a sync that applied it. */
export interface AppliedChange extends RateChange {
  source: TedbSource;
  /** When it was stored (epoch ms): of two changes of the same kind and day, the later one holds. */
  applied_at: number;
}

/** The service's type of a rate between 0 and the standard rate (the hand-kept data's rule). */
export function typeOfRate(rate: number): 'reduced' | 'super_reduced' {
  return rate < 5 ? 'super_reduced' : 'reduced';
}

/** Highest first, as `other_rates` lists them. */
export function byRateDescending(a: number, b: number): number {
  return b - a;
}

/** Served order of a category's entries: rate descending, then entries without a note first. */
export function compareEntries(a: RateEntry, b: RateEntry): number {
  return b.rate - a.rate || a.type.localeCompare(b.type) || (a.note ?? '').localeCompare(b.note ?? '');
}

/** A stable key of an entry, to compare lists of them. */
export function entryKey(entry: RateEntry): string {
  return `${entry.rate}|${entry.type}|${entry.note ?? ''}`;
}

export function sameEntries(a: readonly RateEntry[], b: readonly RateEntry[]): boolean {
  return a.length === b.length && a.every((entry, i) => entryKey(entry) === entryKey(b[i]));
}

/** The entries of a change side for the standard, reduced or super-reduced kind. */
export function entriesOf(kind: Exclude<ChangeKind, 'category'>, rates: readonly number[]): RateEntry[] {
  return rates.map((rate) => ({ rate, type: kind, note: null }));
}

/** The day after `date` (YYYY-MM-DD), and the day before. */
export function nextDay(date: string): string {
  return shiftDay(date, 1);
}

export function previousDay(date: string): string {
  return shiftDay(date, -1);
}

function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
