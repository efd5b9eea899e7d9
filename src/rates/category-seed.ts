import { readFileSync } from 'node:fs';
import { type Static, type TProperties, Type } from '@sinclair/typebox';
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

/**
 * A change in law after a member state's situation in the snapshot, kept by hand until TEDB states
 * it: from `from`, in `category` (every category when null), the entries at rate `rateFrom` move to
 * `rateTo` (null: to the standard rate, the entries dropped; `rateFrom` null: an entry at `rateTo`
 * is added), with `note` when the new rate covers only part of the category.
 */
export interface CategoryAmendment {
  from: string;
  category: string | null;
  rateFrom: number | null;
  rateTo: number | null;
  note: string | null;
}

/**
 * Where the standard rate covers part of a category the country also taxes at reduced rates (foods
 * no reduced rate lists), kept by hand from the law: from `from`, what it covers (null: from then
 * on it covers none of the category).
 */
export interface StandardInPart {
  from: string;
  category: string;
  covers: string | null;
}

export interface CategorySeed {
  /** By country code (EL for Greece), oldest period first. */
  timelines: ReadonlyMap<string, readonly CategoryPeriod[]>;
  /** By country code, by date (in file order within a day). */
  amendments: ReadonlyMap<string, readonly CategoryAmendment[]>;
  /** By country code, by date. */
  standardInPart: ReadonlyMap<string, readonly StandardInPart[]>;
  /** Every known category id and its short name (TEDB's text where none is kept). */
  names: ReadonlyMap<string, string>;
  /** Every known category id and TEDB's text for it. */
  descriptions: ReadonlyMap<string, string>;
}

const NamesFile = Type.Object({
  schema_version: Type.Literal(1),
  names: Type.Record(Type.String({ pattern: '^[a-z0-9_]+$' }), Type.String({ minLength: 1, maxLength: 80 })),
});

const Rate = Type.Number({ minimum: 0, maximum: 100 });
const CategoryId = Type.String({ pattern: '^[a-z0-9_]+$' });

/** Optional lists by country of items from a day, each citing its source. */
const DatedByCountry = <P extends TProperties>(properties: P) =>
  Type.Optional(
    Type.Record(
      Type.String({ pattern: '^[A-Z]{2}$' }),
      Type.Array(
        Type.Object({
          effective_from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
          ...properties,
          source: Type.String({ minLength: 1 }),
        }),
      ),
    ),
  );

const HandKeptFile = Type.Object({
  schema_version: Type.Literal(1),
  amendments: DatedByCountry({
    category: Type.Union([CategoryId, Type.Null()]),
    from: Type.Union([Rate, Type.Null()]),
    to: Type.Union([Rate, Type.Null()]),
    note: Type.Optional(Type.String({ minLength: 1 })),
  }),
  standard_in_part: DatedByCountry({
    category: CategoryId,
    covers: Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()]),
  }),
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
  const handKept = readHandKept(files.handKept, names);
  for (const [country, periods] of handKept.periods) timelines.set(country, periods);
  return {
    timelines,
    amendments: handKept.amendments,
    standardInPart: handKept.standardInPart,
    names,
    descriptions,
  };
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

function readHandKept(
  file: string,
  names: ReadonlyMap<string, string>,
): {
  periods: Map<string, CategoryPeriod[]>;
  amendments: Map<string, CategoryAmendment[]>;
  standardInPart: Map<string, StandardInPart[]>;
} {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const error = Value.Errors(HandKeptFile, data).First();
    if (error) throw new Error(`${error.path}: ${error.message}`);
    type HandKeptPeriod = { effective_from: string; categories: Array<CategoryRate & { id: string }> };
    const kept = data as Static<typeof HandKeptFile>;
    const countries = kept.countries as Record<string, HandKeptPeriod[]>;
    const periods = new Map(
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
    const amendments = datedByCountry(kept.amendments, 'amendments', (item, at) => {
      if (item.category !== null && !names.has(item.category))
        throw new Error(`${at}: '${item.category}' is not a TEDB category`);
      if (item.from === null && (item.category === null || item.to === null))
        throw new Error(`${at}: an added entry needs a category and a rate`);
      return {
        from: item.effective_from,
        category: item.category,
        rateFrom: item.from,
        rateTo: item.to,
        note: item.note ?? null,
      };
    });
    const standardInPart = datedByCountry(kept.standard_in_part, 'standard_in_part', (item, at) => {
      if (!names.has(item.category)) throw new Error(`${at}: '${item.category}' is not a TEDB category`);
      return { from: item.effective_from, category: item.category, covers: item.covers };
    });
    return { periods, amendments, standardInPart };
  } catch (error) {
    throw new Error(`Invalid rate categories file ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** A member of the file by country, each list in ascending order of `effective_from`, each item read. */
function datedByCountry<T extends { effective_from: string }, R>(
  lists: Record<string, T[]> | undefined,
  member: string,
  read: (item: T, at: string) => R,
): Map<string, R[]> {
  return new Map(
    Object.entries(lists ?? {}).map(([country, items]) => [
      country,
      items.map((item, index) => {
        const at = `${member}.${country}[${index}]`;
        if (index > 0 && item.effective_from < items[index - 1].effective_from)
          throw new Error(`${at}: ${member} must be in ascending order of date`);
        return read(item, at);
      }),
    ]),
  );
}
