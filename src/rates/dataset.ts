import { readFileSync } from 'node:fs';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { nextDay } from './entries.js';
import { isCalendarDate } from './tedb-results.js';

/**
 * The hand-kept rates data, resources/vat-rates.json (see resources/README.md): its standard,
 * reduced, super-reduced and zero rates, currencies and names are what the service answers unless
 * a sync applied a newer change from TEDB. Read and checked once; nothing else hard-codes a rate.
 */

/** First day the data covers; earlier dates are refused (decisions section 8). */
export const RATES_COVERAGE_START = '2024-01-01';

export type RateType = 'reduced' | 'super_reduced' | 'zero';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DateString = Type.String({ pattern: DATE_PATTERN.source });
const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** The members of the file the service relies on; other members (notes, confidence...) pass through. */
const RatesFileSchema = Type.Object({
  schema_version: Type.Literal(1),
  as_of: DateString,
  coverage_from: DateString,
  countries: Type.Array(
    Type.Object({
      code: Type.String({ pattern: '^[A-Z]{2}$' }),
      iso3166_alpha2: Type.String({ pattern: '^[A-Z]{2}$' }),
      name: Type.String({ minLength: 1 }),
      eu_member: Type.Boolean(),
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
export type RatesFile = Static<typeof RatesFileSchema>;
export type CountryEntry = RatesFile['countries'][number];
export type PeriodEntry = CountryEntry['periods'][number];

/** Reads and checks the data file; throws an Error naming the file and the faulty member. */
export function loadDataset(file: string): RatesFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot load VAT rates from ${file}: ${(err as Error).message}`, { cause: err });
  }
  try {
    return checkRatesFile(data);
  } catch (err) {
    throw new Error(`Invalid VAT rates file ${file}: ${(err as Error).message}`, { cause: err });
  }
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
