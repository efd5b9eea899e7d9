/**
 * Effective-dated VAT rates for the 31 rate countries (spec 2.3, 4.5, 4.6; decisions section 8,
 * "Rates"). The data lives in resources/vat-rates.json (see resources/README.md); nothing here
 * hard-codes a rate, a currency or a country name.
 *
 * Load builds every record once. A country's record changes on each of its period starts and on
 * each currency change inside the coverage (BG: BGN → EUR on 2026-01-01 without a new rate period),
 * so each country becomes a short list of segments `[from, next from)`, each holding one frozen
 * record. `all()` keeps one frozen 31-record snapshot per distinct segment start across countries.
 * A lookup is a binary search over those starts; nothing is built per request.
 */
import { readFileSync } from 'node:fs';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { resourcePath } from '../paths.js';

export type RateType = 'reduced' | 'super_reduced' | 'zero';

export interface RateRecord {
  country_code: string;
  country_name: string;
  currency: string;
  standard_rate: number;
  other_rates: Array<{ rate: number; type: RateType }>;
  updated_at: string;
}

/** First day the data covers; earlier dates are refused (decisions section 8). */
export const RATES_COVERAGE_START = '2024-01-01';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Served order of `other_rates`: rate descending (as the data file lists them), then type in this
 * order. The tie-break never fires on loaded data, because load refuses a repeated rate within a
 * period, but it keeps the order independent of how the file was hand-edited.
 */
const TYPE_ORDER: Record<RateType, number> = { reduced: 0, super_reduced: 1, zero: 2 };

const DateString = Type.String({ pattern: DATE_PATTERN.source });
const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** The members of the file the service relies on; other members (notes, confidence...) pass through. */
const RatesFileSchema = Type.Object({
  schema_version: Type.Literal(1),
  coverage_from: DateString,
  countries: Type.Array(
    Type.Object({
      code: Type.String({ pattern: '^[A-Z]{2}$' }),
      iso3166_alpha2: Type.String({ pattern: '^[A-Z]{2}$' }),
      name: Type.String({ minLength: 1 }),
      currency: Type.Array(
        Type.Object({
          code: Type.String({ pattern: '^[A-Z]{3}$' }),
          effective_from: Type.Union([DateString, Type.Null()]),
          effective_to: Type.Union([DateString, Type.Null()]),
        }),
        { minItems: 1 },
      ),
      periods: Type.Array(
        Type.Object({
          effective_from: DateString,
          standard: Percent,
          other_rates: Type.Array(
            Type.Object({
              rate: Percent,
              type: Type.Union([
                Type.Literal('reduced'),
                Type.Literal('super_reduced'),
                Type.Literal('zero'),
              ]),
            }),
          ),
          source: Type.String({ minLength: 1 }),
        }),
        { minItems: 1 },
      ),
    }),
    { minItems: 1 },
  ),
});
type RatesFile = Static<typeof RatesFileSchema>;
type CountryEntry = RatesFile['countries'][number];

/** Records of one country (or of all countries) by the date they take effect, ascending. */
interface Timeline<T> {
  starts: string[];
  values: T[];
}

export class RatesTable {
  private constructor(
    private readonly snapshots: Timeline<RateRecord[]>,
    /** Keyed by VAT code and ISO alias (GR → the EL timeline), upper case. */
    private readonly byCode: Map<string, Timeline<RateRecord>>,
  ) {}

  /** Reads and checks the data file; throws an Error naming the file and the faulty member. */
  static load(file: string = resourcePath('vat-rates.json')): RatesTable {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`Cannot load VAT rates from ${file}: ${(err as Error).message}`, { cause: err });
    }
    try {
      return RatesTable.build(checkRatesFile(data));
    } catch (err) {
      throw new Error(`Invalid VAT rates file ${file}: ${(err as Error).message}`, { cause: err });
    }
  }

  private static build(data: RatesFile): RatesTable {
    const byCode = new Map<string, Timeline<RateRecord>>();
    const countries = [...data.countries].sort((a, b) => (a.code < b.code ? -1 : 1));
    const timelines = countries.map((country) => buildCountryTimeline(country, data.coverage_from));
    countries.forEach((country, i) => {
      for (const code of [country.code, country.iso3166_alpha2]) byCode.set(code, timelines[i]);
    });

    const starts = [...new Set(timelines.flatMap((t) => t.starts))].sort();
    const values = starts.map(
      (date) => Object.freeze(timelines.map((t) => valueAt(t, date)!)) as RateRecord[],
    );
    return new RatesTable({ starts, values }, byCode);
  }

  /**
   * All countries in force on `date` (YYYY-MM-DD, UTC), sorted by country_code. The array and its
   * records are shared and frozen.
   */
  all(date: string): RateRecord[] {
    assertCoveredDate(date);
    return valueAt(this.snapshots, date)!;
  }

  /** One country, code case-insensitive, GR accepted for EL; undefined when not a rate country. */
  get(code: string, date: string): RateRecord | undefined {
    assertCoveredDate(date);
    const timeline = /^[A-Za-z]{2}$/.test(code) ? this.byCode.get(code.toUpperCase()) : undefined;
    return timeline && valueAt(timeline, date);
  }
}

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

/** The value whose start is the latest one on or before `date`; undefined before the first start. */
function valueAt<T>(timeline: Timeline<T>, date: string): T | undefined {
  let lo = 0;
  let hi = timeline.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeline.starts[mid] <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : timeline.values[lo - 1];
}

/**
 * One segment per period start and per currency change after the coverage start. `updated_at` is
 * the segment start at midnight UTC: the day the country's record as served took effect. Periods
 * that only move goods between existing rates (the data's "scope change only") also start a
 * segment, so their records are equal in content but carry the later `updated_at`.
 */
function buildCountryTimeline(country: CountryEntry, coverageFrom: string): Timeline<RateRecord> {
  const currencyStarts = country.currency
    .map((c) => c.effective_from)
    .filter((from): from is string => from !== null && from > coverageFrom);
  const starts = [...new Set([...country.periods.map((p) => p.effective_from), ...currencyStarts])].sort();

  const periods: Timeline<CountryEntry['periods'][number]> = {
    starts: country.periods.map((p) => p.effective_from),
    values: country.periods,
  };
  const values = starts.map((date) => {
    const period = valueAt(periods, date)!;
    const currency = country.currency.find(
      (c) =>
        (c.effective_from === null || c.effective_from <= date) &&
        (c.effective_to === null || date <= c.effective_to),
    )!;
    const otherRates = period.other_rates
      .map((r) => Object.freeze({ rate: r.rate, type: r.type }))
      .sort((a, b) => b.rate - a.rate || TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
    return Object.freeze({
      country_code: country.code,
      country_name: country.name,
      currency: currency.code,
      standard_rate: period.standard,
      other_rates: Object.freeze(otherRates) as RateRecord['other_rates'],
      updated_at: `${date}T00:00:00.000Z`,
    });
  });
  return { starts, values };
}

/**
 * Checks the shape with the schema, then the rules the lookups depend on. The file is edited by
 * hand, so duplicates are refused, never merged: a repeated country code or alias, two periods on
 * the same day (or out of order), a rate listed twice in one period. The tests load the real file,
 * so such a typo fails CI instead of being served.
 */
function checkRatesFile(data: unknown): RatesFile {
  const shapeError = Value.Errors(RatesFileSchema, data).First();
  if (shapeError) throw new Error(`${describePath(data, shapeError.path)}: ${shapeError.message}`);
  const file = data as RatesFile;
  if (file.coverage_from !== RATES_COVERAGE_START) {
    throw new Error(`coverage_from is ${file.coverage_from}, the service expects ${RATES_COVERAGE_START}`);
  }

  const seenCodes = new Set<string>();
  for (const country of file.countries) {
    for (const code of new Set([country.code, country.iso3166_alpha2])) {
      if (seenCodes.has(code)) throw new Error(`country code ${code} appears twice`);
      seenCodes.add(code);
    }
    checkPeriods(country, file.coverage_from);
    checkCurrencies(country, file.coverage_from);
  }
  return file;
}

/** `/countries/6/periods/0/standard` → `countries[6] (DE).periods[0].standard`. */
function describePath(data: unknown, pointer: string): string {
  const parts = pointer.split('/').slice(1);
  if (parts.length === 0) return '(root)';
  const code =
    parts[0] === 'countries' && parts[1] ? (data as RatesFile).countries[Number(parts[1])]?.code : undefined;
  const path = parts
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
  return typeof code === 'string' ? path.replace(/^countries\[\d+\]/, (m) => `${m} (${code})`) : path;
}

function checkPeriods(country: CountryEntry, coverageFrom: string): void {
  const where = `${country.code}.periods`;
  if (country.periods[0].effective_from !== coverageFrom) {
    throw new Error(`${where}: the first period must start on coverage_from ${coverageFrom}`);
  }
  country.periods.forEach((period, i) => {
    const at = `${where}[${i}] (${period.effective_from})`;
    if (!isCalendarDate(period.effective_from))
      throw new Error(`${at}: effective_from is not a calendar date`);
    if (i > 0 && period.effective_from <= country.periods[i - 1].effective_from) {
      throw new Error(`${at}: periods must be in strictly ascending order of effective_from`);
    }
    const seenRates = new Set<number>();
    for (const other of period.other_rates) {
      if (seenRates.has(other.rate)) throw new Error(`${at}: rate ${other.rate} is listed twice`);
      seenRates.add(other.rate);
      if (other.rate >= period.standard) {
        throw new Error(`${at}: other rate ${other.rate} is not below the standard rate ${period.standard}`);
      }
      if ((other.rate === 0) !== (other.type === 'zero')) {
        throw new Error(`${at}: rate ${other.rate} has type ${other.type}; type zero is for a 0 rate only`);
      }
    }
  });
}

/** Exactly one currency must hold on every day from the coverage start on, with no end. */
function checkCurrencies(country: CountryEntry, coverageFrom: string): void {
  const list = country.currency;
  const where = `${country.code}.currency`;
  list.forEach((entry, i) => {
    const at = `${where}[${i}] (${entry.code})`;
    for (const date of [entry.effective_from, entry.effective_to]) {
      if (date !== null && !isCalendarDate(date)) throw new Error(`${at}: ${date} is not a calendar date`);
    }
    if (i > 0 && (entry.effective_from === null || list[i - 1].effective_to === null)) {
      throw new Error(`${at}: only the first entry may lack effective_from, only the last effective_to`);
    }
    if (i > 0 && entry.effective_from !== nextDay(list[i - 1].effective_to!)) {
      throw new Error(`${at}: must start the day after the previous entry ends`);
    }
  });
  if (list[list.length - 1].effective_to !== null) {
    throw new Error(`${where}: the last entry must be open-ended (effective_to null)`);
  }
  if (list[0].effective_from !== null && list[0].effective_from > coverageFrom) {
    throw new Error(`${where}: no currency on coverage_from ${coverageFrom}`);
  }
}

function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth[month - 1];
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
