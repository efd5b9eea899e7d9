import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { type CategoryRate, compareEntries } from './entries.js';
import {
  categoriesNamed,
  checkResults,
  situationsByMemberState,
  type TedbResult,
  viewOf,
} from './tedb-results.js';

/**
 * The categories the service knows before any sync: for the EU-27, TEDB's own answer shipped in
 * resources/tedb/ (every member state's situations over 2025-07-27..2025-08-26, read as a reply
 * would be); for GB, CH, LI and NO, the hand-kept resources/rate-categories.json, with TEDB's ids,
 * so a category means the same everywhere. Names are the short ones of
 * resources/rate-category-names.json; TEDB's own text, often a paragraph, is the description.
 */

/** The categories of one country from `from` until its next period. */
export interface CategoryPeriod {
  from: string;
  categories: ReadonlyMap<string, readonly CategoryRate[]>;
}

export interface CategorySeed {
  /** By country code (EL for Greece), oldest period first. */
  timelines: ReadonlyMap<string, readonly CategoryPeriod[]>;
  /** Every known category id and its short name (TEDB's text where none is kept). */
  names: ReadonlyMap<string, string>;
  /** Every known category id and TEDB's text for it. */
  descriptions: ReadonlyMap<string, string>;
}

const NamesFile = Type.Object({
  schema_version: Type.Literal(1),
  names: Type.Record(Type.String({ pattern: '^[a-z0-9_]+$' }), Type.String({ minLength: 1, maxLength: 80 })),
});

const HandKeptFile = Type.Object({
  schema_version: Type.Literal(1),
  countries: Type.Record(
    Type.String({ pattern: '^[A-Z]{2}$' }),
    Type.Array(
      Type.Object({
        effective_from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
        categories: Type.Array(
          Type.Object({
            id: Type.String({ pattern: '^[a-z0-9_]+$' }),
            rate: Type.Number({ minimum: 0, maximum: 100 }),
            type: Type.Union(
              (['reduced', 'super_reduced', 'parking', 'zero', 'exempt'] as const).map((t) =>
                Type.Literal(t),
              ),
            ),
            note: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
          }),
        ),
      }),
      { minItems: 1 },
    ),
  ),
});

/** Reads the files; throws naming the file and what is wrong in it. */
export function loadCategorySeed(files: { snapshot: string; handKept: string; names: string }): CategorySeed {
  const results = readSnapshot(files.snapshot);
  const descriptions = new Map(categoriesNamed(results).map(({ id, name }) => [id, name]));
  const short = readNames(files.names);
  const names = new Map([...descriptions].map(([id, description]) => [id, short.get(id) ?? description]));
  const timelines = new Map<string, CategoryPeriod[]>();
  for (const [state, situations] of situationsByMemberState(results)) {
    timelines.set(
      state,
      situations.map((situation) => ({
        from: situation.date,
        categories: viewOf(state, situation).categories,
      })),
    );
  }
  for (const [country, periods] of readHandKept(files.handKept, names)) timelines.set(country, periods);
  return { timelines, names, descriptions };
}

function readNames(file: string): Map<string, string> {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const error = Value.Errors(NamesFile, data).First();
    if (error) throw new Error(`${error.path}: ${error.message}`);
    return new Map(Object.entries((data as { names: Record<string, string> }).names));
  } catch (error) {
    throw new Error(`Invalid rate category names file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function readSnapshot(file: string): TedbResult[] {
  try {
    // The customs code lists are most of the file and unused here: dropped while parsing, they
    // die young instead of costing a full collection (start-up took 0.8 s, most of it GC).
    const data = JSON.parse(readFileSync(file, 'utf8'), (key, value) =>
      key === 'cnCodes' || key === 'cpaCodes' ? undefined : value,
    ) as { vatRateResults?: unknown };
    if (!Array.isArray(data.vatRateResults)) throw new Error('vatRateResults is not a list');
    return checkResults(data.vatRateResults);
  } catch (error) {
    throw new Error(`Cannot load the TEDB snapshot ${file}: ${(error as Error).message}`, { cause: error });
  }
}

function readHandKept(file: string, names: ReadonlyMap<string, string>): Map<string, CategoryPeriod[]> {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const error = Value.Errors(HandKeptFile, data).First();
    if (error) throw new Error(`${error.path}: ${error.message}`);
    type HandKeptPeriod = { effective_from: string; categories: Array<CategoryRate & { id: string }> };
    const countries = (data as { countries: Record<string, HandKeptPeriod[]> }).countries;
    return new Map(
      Object.entries(countries).map(([country, periods]) => [
        country,
        periods.map((period, index) => {
          if (index > 0 && period.effective_from <= periods[index - 1].effective_from) {
            throw new Error(`${country}[${index}]: periods must be in ascending order`);
          }
          const categories = new Map<string, CategoryRate[]>();
          for (const entry of period.categories) {
            if (!names.has(entry.id)) throw new Error(`${country}: '${entry.id}' is not a TEDB category`);
            const { id, ...rate } = entry;
            categories.set(id, [...(categories.get(id) ?? []), rate].sort(compareEntries));
          }
          return { from: period.effective_from, categories };
        }),
      ]),
    );
  } catch (error) {
    throw new Error(`Invalid rate categories file ${file}: ${(error as Error).message}`, { cause: error });
  }
}
