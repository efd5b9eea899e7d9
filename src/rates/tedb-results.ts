import {
  type CategoryInfo,
  type CategoryRate,
  type CountryView,
  compareEntries,
  entryKey,
  typeOfRate,
} from './entries.js';

/**
 * TEDB's `vatRateResults` (shared/upstreams/eu-tedb.md) and what the service reads from them: each
 * member state's situations (a situation is every result of one `situationOn`: the snapshot shows
 * a member state re-listing its unchanged rates on each new date, e.g. Romania on 2025-08-01 and
 * Belgium on 2025-07-29), its standard and reduced rates, and its categories. Results come from a
 * reply (parsed XML, values as text) or the shipped snapshot (JSON); both go through
 * `checkResults`, which refuses anything the rest cannot rely on.
 */

const RATE_TYPES = [
  'DEFAULT',
  'REDUCED_RATE',
  'SUPER_REDUCED_RATE',
  'PARKING_RATE',
  'EXEMPTED',
  'NOT_APPLICABLE',
  'OUT_OF_SCOPE',
] as const;
export type TedbRateType = (typeof RATE_TYPES)[number];

/** Kinds whose `value` the service ignores (it may be absent). */
const VALUELESS: ReadonlySet<TedbRateType> = new Set(['NOT_APPLICABLE', 'OUT_OF_SCOPE']);

export interface TedbResult {
  memberState: string;
  type: 'STANDARD' | 'REDUCED';
  rate: { type: TedbRateType; value: number | null };
  /** YYYY-MM-DD (a reply may add a zone, `2025-08-01+02:00`; it is dropped). */
  situationOn: string;
  category: { identifier: string; description: string } | null;
  /** The member state's comment as plain text (TEDB sends HTML), or null. */
  comment: string | null;
}

/** A reply or file whose results cannot be read as TEDB's: nothing of it is used. */
export class MalformedTedbReply extends Error {
  override readonly name = 'MalformedTedbReply';
}

/**
 * Longest note kept from a comment. TEDB's comments run to several thousand characters of legal
 * references; the opening says what restricts the rate ("VAT - Import - …", "Azores Autonomous
 * Region"), and Germany's 22 import entries at 300 characters each already make its category list
 * 3 times the size of its rate record.
 */
const NOTE_MAX_CHARS = 300;

/**
 * What restricts a result to imports or to a region, read from TEDB's category and comment (there
 * is no field for it). One line per wording found in the snapshot of all 27 member states; a result
 * that matches none is domestic. Kept as a table so a new wording is one more line.
 */
const RESTRICTIONS: ReadonlyArray<{ scope: 'import' | 'region'; test: (result: TedbResult) => boolean }> = [
  // AT Jungholz and Mittelberg, EL Aegean islands, FR Corsica and overseas, PT Azores and Madeira.
  { scope: 'region', test: (r) => r.category?.identifier === 'REGION' },
  // DE lists its import rates apart, each comment opening "VAT - Import - ".
  { scope: 'import', test: (r) => /^VAT - Import\b/i.test(r.comment ?? '') },
  // ES "VAT - Canary Islands - ": a territory outside the VAT area, with its own tax.
  { scope: 'region', test: (r) => /^VAT - [^-]+ -( |$)/i.test(r.comment ?? '') },
  // AT "Import only"; SE "The reduced rate applies to imports, please see …".
  { scope: 'import', test: (r) => /\bimports? only\b|\bapplies to imports,/i.test(r.comment ?? '') },
  // CY "only the importation of …", MT "only applicable to the importation", EE "applies only to … on importation".
  { scope: 'import', test: (r) => /\bonly\b[^.]{0,160}\bimportation\b/i.test(r.comment ?? '') },
  // HU "importation of works of art", IT "Imported works of art, …".
  { scope: 'import', test: (r) => /^(importation|imported)\b/i.test(r.comment ?? '') },
];

export function scopeOf(result: TedbResult): 'domestic' | 'import' | 'region' {
  return RESTRICTIONS.find((rule) => rule.test(result))?.scope ?? 'domestic';
}

/** The note of a restricted result: its comment, or what restricts it when the comment is empty. */
function noteOf(result: TedbResult, scope: 'import' | 'region'): string {
  const comment = result.comment ?? '';
  if (comment === '') return scope === 'import' ? 'Imports only' : 'Regional rate';
  return comment.length > NOTE_MAX_CHARS ? `${comment.slice(0, NOTE_MAX_CHARS - 1).trimEnd()}…` : comment;
}

/**
 * A category's entry for a result, or undefined when the result states no category rate: no
 * category, no rate (`NOT_APPLICABLE`, `OUT_OF_SCOPE`), or a domestic rate at the standard rate
 * (absence means standard). `exempt` is TEDB's `EXEMPTED`: TEDB does not say whether input VAT
 * stays deductible, so it is never taken for a zero rate. `parking` is TEDB's label; the other
 * rates take the service's types by value, as `other_rates` does.
 */
export function entryOf(result: TedbResult, standard: number): CategoryRate | undefined {
  const { rate, category } = result;
  if (!category || rate.type === 'DEFAULT' || VALUELESS.has(rate.type) || rate.value === null)
    return undefined;
  const scope = scopeOf(result);
  const note = scope === 'domestic' ? null : noteOf(result, scope);
  if (rate.type === 'EXEMPTED') return { rate: 0, type: 'exempt', note };
  if (note === null && rate.value >= standard) return undefined;
  const type = rate.type === 'PARKING_RATE' ? 'parking' : rate.value === 0 ? 'zero' : typeOfRate(rate.value);
  return { rate: rate.value, type, note };
}

/** A category id as served: TEDB's identifier in lower case. */
export function categoryId(identifier: string): string {
  return identifier.toLowerCase();
}

/** Every category the results name, with TEDB's English description as its name. */
export function categoriesNamed(results: readonly TedbResult[]): CategoryInfo[] {
  const named = new Map<string, string>();
  for (const { category } of results) {
    if (category && !named.has(categoryId(category.identifier))) {
      named.set(categoryId(category.identifier), category.description || category.identifier);
    }
  }
  return [...named].map(([id, name]) => ({ id, name }));
}

/** One member state's results on one `situationOn`. */
export interface Situation {
  date: string;
  results: TedbResult[];
}

/** Each member state's situations, oldest first. */
export function situationsByMemberState(results: readonly TedbResult[]): Map<string, Situation[]> {
  const grouped = new Map<string, Map<string, TedbResult[]>>();
  for (const result of results) {
    const byDate = grouped.get(result.memberState) ?? new Map<string, TedbResult[]>();
    grouped.set(result.memberState, byDate);
    const situation = byDate.get(result.situationOn) ?? [];
    byDate.set(result.situationOn, situation);
    situation.push(result);
  }
  return new Map(
    [...grouped].map(([state, byDate]) => [
      state,
      [...byDate]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, situationResults]) => ({ date, results: situationResults })),
    ]),
  );
}

/**
 * What a situation says the member state answers: its one domestic standard rate (none, or two
 * different ones, make the situation unreadable), the distinct domestic rates between 0 and the
 * standard by the service's types, and every category's entries.
 */
export function viewOf(memberState: string, situation: Situation): CountryView {
  const domestic = situation.results.filter((result) => scopeOf(result) === 'domestic');
  const standards = new Set(
    domestic.filter((r) => r.rate.type === 'DEFAULT' && r.rate.value !== null).map((r) => r.rate.value!),
  );
  if (standards.size !== 1) {
    throw new MalformedTedbReply(
      `${memberState} on ${situation.date}: ${standards.size === 0 ? 'no standard rate' : `${standards.size} different standard rates (${[...standards].join(', ')})`}`,
    );
  }
  const [standard] = standards;
  const lower = new Set(
    domestic
      .filter((r) => ['REDUCED_RATE', 'SUPER_REDUCED_RATE', 'PARKING_RATE'].includes(r.rate.type))
      .map((r) => r.rate.value ?? 0)
      .filter((value) => value > 0 && value < standard),
  );
  const categories = new Map<string, CategoryRate[]>();
  for (const result of situation.results) {
    const entry = entryOf(result, standard);
    if (!entry || !result.category) continue;
    const id = categoryId(result.category.identifier);
    const entries = categories.get(id) ?? [];
    if (!entries.some((known) => entryKey(known) === entryKey(entry))) entries.push(entry);
    categories.set(id, entries);
  }
  for (const entries of categories.values()) entries.sort(compareEntries);
  const sorted = [...lower].sort((a, b) => b - a);
  return {
    standard,
    reduced: sorted.filter((rate) => typeOfRate(rate) === 'reduced'),
    super_reduced: sorted.filter((rate) => typeOfRate(rate) === 'super_reduced'),
    categories,
  };
}

/**
 * Checks and normalises results read from a reply or a file; throws MalformedTedbReply naming the
 * first result at fault and what is wrong with it.
 */
export function checkResults(raw: readonly unknown[]): TedbResult[] {
  return raw.map((item, index) => {
    try {
      return checkResult(item);
    } catch (error) {
      throw new MalformedTedbReply(`vatRateResults[${index}]: ${(error as Error).message}`);
    }
  });
}

function checkResult(item: unknown): TedbResult {
  const raw = asObject(item, 'the result');
  const memberState = text(raw.memberState);
  if (!/^[A-Z]{2}$/.test(memberState)) throw new Error(`memberState '${memberState.slice(0, 10)}'`);
  const type = text(raw.type);
  if (type !== 'STANDARD' && type !== 'REDUCED') throw new Error(`type '${type.slice(0, 20)}'`);
  const rate = asObject(raw.rate, 'rate');
  const rateType = text(rate.type) as TedbRateType;
  if (!RATE_TYPES.includes(rateType)) throw new Error(`rate type '${rateType.slice(0, 30)}'`);
  const value = percent(rate.value);
  if (value === null && !VALUELESS.has(rateType)) throw new Error(`rate ${rateType} without a value`);
  const situationOn = text(raw.situationOn).slice(0, 10);
  if (!isCalendarDate(situationOn)) throw new Error(`situationOn '${text(raw.situationOn).slice(0, 30)}'`);
  let category: TedbResult['category'] = null;
  if (raw.category !== undefined && raw.category !== null && raw.category !== '') {
    const object = asObject(raw.category, 'category');
    const identifier = text(object.identifier);
    if (!/^[A-Z0-9_]{1,80}$/.test(identifier)) throw new Error(`category '${identifier.slice(0, 30)}'`);
    category = { identifier, description: plainText(text(object.description)) };
  }
  const comment = plainText(text(raw.comment));
  return {
    memberState,
    type,
    rate: { type: rateType, value },
    situationOn,
    category,
    comment: comment === '' ? null : comment,
  };
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not an element`);
  return value as Record<string, unknown>;
}

/** An element's text: XML gives strings (empty elements ''), the snapshot null for absent ones. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  throw new Error('an element holds children where text belongs');
}

function percent(value: unknown): number | null {
  const raw = text(value);
  if (raw === '') return null;
  const number = /^\d{1,3}(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(number >= 0 && number <= 100))
    throw new Error(`rate value '${raw.slice(0, 20)}' is not a percentage`);
  return number;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};

/** TEDB's comments are HTML fragments (`<p>…</p>`, links): their text, on one line. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (_, name: string) => HTML_ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}

export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [year, month, day] = date.split('-').map(Number);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth[month - 1];
}
