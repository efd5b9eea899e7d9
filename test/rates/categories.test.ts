import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourcePath } from '../../src/paths.js';
import { RatesTable, TEDB_SNAPSHOT_FILE } from '../../src/rates/rates-table.js';
import { checkResults, MalformedTedbReply, scopeOf } from '../../src/rates/tedb-results.js';
import { shared } from '../helpers/shared.js';

/**
 * Categories (docs/rates.md): seeded for the EU-27 from TEDB's snapshot, for GB, CH, LI and NO from
 * the hand-kept file, effective-dated like the rates; regional and import-only rates kept apart by
 * their notes; `other_rates[].categories` naming the categories at each rate at home.
 */

interface RawResult {
  memberState: string;
  rate: { type: string; value: number | null };
  situationOn: string;
  category: { identifier: string; description: string } | null;
  comment: string | null;
}

const SNAPSHOT = JSON.parse(readFileSync(resourcePath(TEDB_SNAPSHOT_FILE), 'utf8')) as {
  vatRateResults: RawResult[];
};
const RAW = SNAPSHOT.vatRateResults;
/** The hand-kept amendments of a category dated on or before the snapshot's last day. */
const EARLY_AMENDMENTS = Object.entries(
  (
    JSON.parse(readFileSync(resourcePath('rate-categories.json'), 'utf8')) as {
      amendments: Record<
        string,
        Array<{ effective_from: string; category: string | null; from: number | null; to: number | null }>
      >;
    }
  ).amendments,
).flatMap(([country, items]) =>
  items
    .filter((item) => item.effective_from <= '2025-08-26' && item.category !== null)
    .map((item) => ({ country, ...item })),
);
/**
 * Entries they add: rates TEDB lists only under its catch-all super-reduced entry (Spain's books,
 * basic foods and medicines), a zero rate TEDB does not list, by country, category and rate.
 */
const AMENDED = new Set(EARLY_AMENDMENTS.map((item) => `${item.country} ${item.category} ${item.to}`));
/** Entries they move to the standard rate (France's energy subscriptions from 2025-08-01). */
const ENDED = new Set(
  EARLY_AMENDMENTS.filter((item) => item.to === null).map(
    (item) => `${item.country} ${item.category} ${item.from}`,
  ),
);
const table = RatesTable.load();
const ids = (list: readonly { id: string }[] | undefined) => (list ?? []).map((entry) => entry.id);
const NAMES = (
  JSON.parse(readFileSync(resourcePath('rate-category-names.json'), 'utf8')) as {
    names: Record<string, string>;
  }
).names;
const descriptionOf = (identifier: string) =>
  RAW.find((r) => r.category?.identifier === identifier)!.category!.description;
const nameOf = (identifier: string) => NAMES[identifier.toLowerCase()];

describe('the snapshot shipped with the service', () => {
  it('is the shared TEDB answer byte for byte', () => {
    const original = readFileSync(shared('rates', 'tedb', 'retrieveVatRates-2025-07-27_to_2025-08-26.json'));
    expect(readFileSync(resourcePath(TEDB_SNAPSHOT_FILE)).equals(original)).toBe(true);
    expect(RAW).toHaveLength(1266);
  });
});

describe('categories of EU member states, from TEDB', () => {
  it('Romania: foodstuffs at 9 % until 2025-07-31, 11 % from 2025-08-01', () => {
    const entry = (date: string) => table.category('RO', 'foodstuffs', date);
    expect(entry('2025-07-31')).toEqual([
      {
        id: 'foodstuffs',
        name: nameOf('FOODSTUFFS'),
        rate: 9,
        type: 'reduced',
        // What the rate covers, from TEDB's comments (resources/rate-categories.json).
        note: expect.stringMatching(/other than infant formula, cozonac and biscuits/),
        since: '2025-07-01',
      },
    ]);
    expect(entry('2025-08-15')).toEqual([
      {
        id: 'foodstuffs',
        name: nameOf('FOODSTUFFS'),
        rate: 11,
        type: 'reduced',
        note: expect.stringMatching(/other than infant formula \(Codul fiscal art\. 291\(2\)\(b\)\)/),
        since: '2025-08-01',
      },
    ]);
  });

  it('Romania: an exemption re-listed unchanged on 2025-08-01 keeps the day it was first seen', () => {
    const [prostheses] = table.category('RO', 'medical_equipment', '2025-08-15')!;
    expect(prostheses).toMatchObject({ rate: 0, type: 'exempt', note: null, since: '2025-07-01' });
  });

  it('Romania: sporting events move to the standard rate on 2025-08-01 and are then listed nowhere', () => {
    expect(table.category('RO', 'sporting_events', '2025-07-31')!.map((e) => e.rate)).toEqual([9]);
    expect(table.category('RO', 'sporting_events', '2025-08-01')).toEqual([]);
    expect(ids(table.categories('RO', '2025-08-01'))).not.toContain('sporting_events');
  });

  it("Austria: Jungholz and Mittelberg's 19 % is a regional entry with its note, not one of the rates at home", () => {
    expect(table.category('AT', 'region', '2026-11-22')).toEqual([
      {
        id: 'region',
        name: nameOf('REGION'),
        rate: 19,
        type: 'reduced',
        note: 'Jungholz, Mittelberg',
        since: '2025-07-01',
      },
    ]);
    const record = table.get('AT', '2026-11-22')!;
    expect(record.other_rates.flatMap((other) => ids(other.categories))).not.toContain('region');
    expect(table.category('AT', 'zoological', '2026-11-22')).toEqual([
      expect.objectContaining({ rate: 13, note: 'Import only' }),
    ]);
    expect(ids(record.other_rates.find((other) => other.rate === 13)!.categories)).not.toContain(
      'zoological',
    );
  });

  it("Germany: the import rates stand beside the domestic ones, each with TEDB's comment", () => {
    const equipment = table.category('DE', 'medical_equipment', '2026-11-22')!;
    expect(equipment.map((e) => [e.rate, e.note === null])).toEqual([
      [7, true],
      [7, false],
    ]);
    expect(equipment[1].note).toMatch(/^VAT - Import -/);
    expect(equipment[1].note!.length).toBeLessThanOrEqual(300);
  });

  it('Denmark: newspapers under its zero rate, books at the standard rate', () => {
    const zero = table.get('DK', '2026-11-22')!.other_rates.find((other) => other.type === 'zero')!;
    expect(ids(zero.categories)).toEqual(['newspapers']);
    expect(table.category('DK', 'newspapers', '2025-07-01')).toEqual([
      expect.objectContaining({ rate: 0, type: 'zero', note: null, since: '2025-07-01' }),
    ]);
    expect(table.category('DK', 'loan_libraries', '2026-11-22')).toEqual([]);
    expect(table.category('DK', 'books', '2026-11-22')).toEqual([]);
  });

  it('France: pharmaceutical products at 10, 5.5 and 2.1 %, highest first', () => {
    expect(
      table.category('FR', 'pharmaceutical_products', '2026-11-22')!.map((e) => [e.rate, e.type]),
    ).toEqual([
      [10, 'reduced'],
      [5.5, 'reduced'],
      [2.1, 'super_reduced'],
    ]);
  });

  it("TEDB's parking rates and exemptions keep their own types", () => {
    expect(table.categories('BE', '2026-11-22')!.some((e) => e.type === 'parking' && e.rate === 12)).toBe(
      true,
    );
    expect(table.category('IE', 'foodstuffs', '2026-11-22')).toContainEqual(
      expect.objectContaining({ rate: 0, type: 'exempt', note: null }),
    );
  });

  it('loses no reduced rate of any member state and invents none, against the snapshot on 2025-08-26', () => {
    for (const state of table.euMembers) {
      const results = RAW.filter((r) => r.memberState === state);
      const latest = results
        .map((r) => r.situationOn)
        .sort()
        .at(-1)!;
      const situation = results.filter((r) => r.situationOn === latest && r.category);
      const standard = table.get(state, '2025-08-26')!.standard_rate;
      const served = table.categories(state, '2025-08-26')!;
      for (const result of situation) {
        const { type, value } = result.rate;
        if (!['REDUCED_RATE', 'SUPER_REDUCED_RATE', 'PARKING_RATE'].includes(type) || value! >= standard)
          continue;
        const id = result.category!.identifier.toLowerCase();
        if (ENDED.has(`${state} ${id} ${value}`)) continue;
        expect(
          served.some((e) => e.id === id && e.rate === value),
          `${state} ${id} ${value}`,
        ).toBe(true);
      }
      for (const entry of served) {
        if (AMENDED.has(`${state} ${entry.id} ${entry.rate}`)) continue;
        const from = situation.filter((r) => r.category!.identifier.toLowerCase() === entry.id);
        expect(
          from.some((r) => (r.rate.value ?? 0) === entry.rate),
          `${state} ${entry.id} ${entry.rate}`,
        ).toBe(true);
      }
    }
  });

  it('keeps apart exactly the regional and import-only results of the snapshot', () => {
    const restricted: Record<string, Record<string, number>> = {};
    for (const result of checkResults(RAW)) {
      const scope = scopeOf(result);
      if (scope === 'domestic') continue;
      restricted[result.memberState] ??= {};
      restricted[result.memberState][scope] = (restricted[result.memberState][scope] ?? 0) + 1;
    }
    expect(restricted).toEqual({
      AT: { import: 2, region: 1 },
      CY: { import: 1 },
      DE: { import: 22 },
      EE: { import: 1 },
      EL: { region: 1 },
      ES: { region: 1 },
      FR: { region: 4 },
      HU: { import: 1 },
      IT: { import: 1 },
      MT: { import: 10 },
      PT: { region: 2 },
      SE: { import: 3 },
    });
  });

  it("lists a country's rates below the standard with their categories at home", () => {
    const romania = table.get('RO', '2025-08-15')!;
    const eleven = romania.other_rates.find((other) => other.rate === 11)!;
    expect(ids(eleven.categories)).toEqual(
      expect.arrayContaining(['accommodation', 'pharmaceutical_products', 'restaurant', 'supply_water']),
    );
    expect(eleven.categories.find((c) => c.id === 'supply_water')!.name).toBe(nameOf('SUPPLY_WATER'));
    // Food at 11 % has a note on what it covers, so it is not one of the rate's categories.
    expect(ids(eleven.categories)).not.toContain('foodstuffs');
    expect(ids(eleven.categories)).toEqual([...ids(eleven.categories)].sort());
    // The transitional 9 % of the hand-kept data is not in TEDB: no category is known for it.
    expect(romania.other_rates.find((other) => other.rate === 9)!.categories).toEqual([]);
  });

  it('knows no category before the first situation the snapshot holds', () => {
    expect(table.categories('AT', '2024-06-01')).toEqual([]);
    expect(table.get('AT', '2024-06-01')!.other_rates.every((other) => other.categories.length === 0)).toBe(
      true,
    );
  });
});

describe('changes in law after the snapshot, kept by hand until TEDB states them', () => {
  const rates = (code: string, id: string, date: string) =>
    (table.category(code, id, date) ?? []).map(({ rate, type, note, since }) => ({
      rate,
      type,
      note,
      since,
    }));

  it('Finland: every 14 % category at 13.5 % from 2026-01-01', () => {
    for (const id of [
      'foodstuffs',
      'restaurant',
      'accommodation',
      'loan_libraries',
      'transport_passengers',
    ]) {
      expect(rates('FI', id, '2025-12-31').map((e) => e.rate)).toEqual([14]);
      expect(rates('FI', id, '2026-01-01')).toEqual([
        { rate: 13.5, type: 'reduced', note: null, since: '2026-01-01' },
      ]);
    }
    expect(rates('FI', 'newspapers', '2026-01-01').map((e) => e.rate)).toEqual([10]);
  });

  it('Lithuania: 9 % gone on 2026-01-01, books to 5 %, heating and hot water to the standard rate, the rest to 12 %', () => {
    expect(rates('LT', 'loan_libraries', '2026-01-01').map((e) => e.rate)).toEqual([5]);
    expect(rates('LT', 'supply_heating', '2026-01-01')).toEqual([]);
    expect(rates('LT', 'supply_water', '2026-01-01')).toEqual([]);
    expect(rates('LT', 'accommodation', '2026-01-01').map((e) => e.rate)).toEqual([12]);
    expect(rates('LT', 'transport_passengers', '2025-12-31').map((e) => e.rate)).toEqual([9]);
    expect(rates('LT', 'transport_passengers', '2026-01-01').map((e) => e.rate)).toEqual([12]);
  });

  it('Netherlands: accommodation at 9 % for camping sites only from 2026-01-01', () => {
    const [camping] = rates('NL', 'accommodation', '2026-01-01');
    expect(camping).toMatchObject({ rate: 9, since: '2026-01-01' });
    expect(camping.note).toMatch(/^Camping sites only/);
  });

  it('Sweden: food at 6 % from 2026-04-01, at 12 % again from 2028-01-01', () => {
    expect(rates('SE', 'foodstuffs', '2026-03-31').map((e) => e.rate)).toEqual([12]);
    expect(rates('SE', 'foodstuffs', '2026-04-01').map((e) => e.rate)).toEqual([6]);
    expect(rates('SE', 'foodstuffs', '2028-01-01').map((e) => e.rate)).toEqual([12]);
  });

  it('Belgium, Germany, Ireland and Austria: the moves of 2026 on their day', () => {
    expect(rates('BE', 'accommodation', '2026-02-28').map((e) => e.rate)).toEqual([6]);
    expect(rates('BE', 'accommodation', '2026-03-01').map((e) => e.rate)).toEqual([12]);
    expect(rates('DE', 'restaurant', '2025-12-31')).toEqual([]);
    expect(rates('DE', 'restaurant', '2026-01-01').map((e) => e.rate)).toEqual([7]);
    expect(rates('IE', 'restaurant', '2026-07-01').map((e) => e.rate)).toEqual([9]);
    expect(rates('IE', 'hairdressing', '2026-07-01').map((e) => e.rate)).toEqual([9]);
    expect(rates('IE', 'foodstuffs', '2026-07-01').map((e) => e.rate)).toEqual([9, 0]);
    expect(rates('AT', 'foodstuffs', '2026-07-01').map((e) => e.rate)).toEqual([13, 10, 4.9, 0]);
  });

  it('refuses an amendment naming no TEDB category, or adding an entry without a category', () => {
    const dir = mkdtempSync(join(tmpdir(), 'amendments-'));
    try {
      const kept = JSON.parse(readFileSync(resourcePath('rate-categories.json'), 'utf8'));
      const load = (amendment: object) => {
        const file = join(dir, 'rate-categories.json');
        writeFileSync(file, JSON.stringify({ ...kept, amendments: { FI: [{ source: 's', ...amendment }] } }));
        return () => RatesTable.load(undefined, { handKeptCategories: file });
      };
      expect(load({ effective_from: '2026-01-01', category: 'hotels', from: 14, to: 13.5 })).toThrow(
        "amendments.FI[0]: 'hotels' is not a TEDB category",
      );
      expect(load({ effective_from: '2026-01-01', category: null, from: null, to: 13.5 })).toThrow(
        'amendments.FI[0]: an added entry needs a category and a rate',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a standard rate in part naming no TEDB category, out of date order, or saying nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'standard-in-part-'));
    try {
      const kept = JSON.parse(readFileSync(resourcePath('rate-categories.json'), 'utf8'));
      const load = (...items: object[]) => {
        const file = join(dir, 'rate-categories.json');
        const listed = items.map((item) => ({ source: 's', ...item }));
        writeFileSync(file, JSON.stringify({ ...kept, standard_in_part: { IT: listed } }));
        return () => RatesTable.load(undefined, { handKeptCategories: file });
      };
      expect(load({ effective_from: '2025-01-01', category: 'groceries', covers: 'water' })).toThrow(
        "standard_in_part.IT[0]: 'groceries' is not a TEDB category",
      );
      expect(
        load(
          { effective_from: '2026-01-01', category: 'foodstuffs', covers: 'water' },
          { effective_from: '2025-01-01', category: 'foodstuffs', covers: null },
        ),
      ).toThrow('standard_in_part.IT[1]: standard_in_part must be in ascending order of date');
      expect(load({ effective_from: '2025-01-01', category: 'foodstuffs', covers: '' })).toThrow(
        /Invalid rate categories file .*standard_in_part/,
      );
      // A later item saying null ends it: from its day the standard rate covers none of the category.
      const ended = load(
        { effective_from: '2025-01-01', category: 'foodstuffs', covers: 'mineral water' },
        { effective_from: '2026-01-01', category: 'foodstuffs', covers: null },
      )();
      expect(ended.standardInPart('IT', 'foodstuffs', '2025-12-31')).toBe('mineral water');
      expect(ended.standardInPart('IT', 'foodstuffs', '2026-01-01')).toBeUndefined();
      expect(ended.standardInPart('IT', 'accommodation', '2025-12-31')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists a moved category under its new rate at home', () => {
    const at = (code: string, date: string, rate: number) =>
      ids(table.get(code, date)!.other_rates.find((other) => other.rate === rate)?.categories);
    expect(at('FI', '2026-01-01', 13.5)).toContain('foodstuffs');
    expect(at('LT', '2026-01-01', 12)).toContain('accommodation');
    expect(at('DE', '2026-01-01', 7)).toContain('restaurant');
  });
});

describe('amendments over the changes a sync applies', () => {
  type Entry = { rate: number; type: 'reduced' | 'super_reduced' | 'exempt'; note: string | null };
  const red = (rate: number): Entry => ({ rate, type: 'reduced', note: null });
  /** A table with TEDB restating these categories, as a sync stores the changes. */
  const withChanges = (...changes: Array<[code: string, id: string, from: string, after: Entry[]]>) => {
    const changed = RatesTable.load();
    changed.apply(
      changes.map(([code, id, from, after], index) => ({
        country_code: code,
        effective_from: from,
        kind: 'category' as const,
        category: { id, name: id },
        before: [],
        after,
        source: {
          kind: 'tedb' as const,
          retrieved_at: '2026-11-22T06:00:00.000Z',
          reply_sha256: 'a'.repeat(64),
        },
        applied_at: index + 1,
      })),
    );
    return (code: string, id: string, date: string) =>
      (changed.category(code, id, date) ?? []).map(({ rate, type, note }) => ({ rate, type, note }));
  };
  const staple = table.category('AT', 'foodstuffs', '2026-07-01')!.find((e) => e.rate === 4.9)!;
  const stapleEntry: Entry = { rate: 4.9, type: 'super_reduced', note: staple.note };
  const basicFoods = table.category('ES', 'foodstuffs', '2026-07-01')!.find((e) => e.rate === 4)!.note;

  it('an added entry stays after TEDB restates the category, and is answered once', () => {
    const rates = withChanges(
      ['AT', 'foodstuffs', '2027-01-01', [red(10)]],
      // As a sync stores it: what the service answers, the amendment's entry included.
      ['ES', 'foodstuffs', '2027-01-01', [red(7.5), { rate: 4, type: 'super_reduced', note: basicFoods }]],
    );
    expect(rates('AT', 'foodstuffs', '2027-01-01')).toEqual([red(10), stapleEntry]);
    expect(rates('ES', 'foodstuffs', '2027-01-01').map((e) => e.rate)).toEqual([7.5, 4]);
    // TEDB states the rate itself: its entry, not a second one.
    const stated = withChanges([
      'AT',
      'foodstuffs',
      '2027-01-01',
      [red(10), { ...red(4.9), type: 'super_reduced' }],
    ]);
    expect(stated('AT', 'foodstuffs', '2027-01-01')).toEqual([
      red(10),
      { ...red(4.9), type: 'super_reduced' },
    ]);
    // Stated only for imports: the amendment's entry beside it.
    const imports = withChanges([
      'AT',
      'foodstuffs',
      '2027-01-01',
      [{ ...red(4.9), type: 'super_reduced', note: 'Import only' }],
    ]);
    // ('Import only' sorts before 'Listed staple foods …'.)
    expect(imports('AT', 'foodstuffs', '2027-01-01')).toEqual([
      { ...stapleEntry, note: 'Import only' },
      stapleEntry,
    ]);
  });

  it('a move applies over a statement that predates it or lacks its rate, not over one from its day that holds it', () => {
    // Belgium 6 -> 12 % from 2026-03-01; Lithuania every 9 % at 12 % from 2026-01-01.
    const earlier = withChanges(['BE', 'accommodation', '2026-02-01', [red(12), red(6)]]);
    expect(earlier('BE', 'accommodation', '2026-02-28')).toEqual([red(12), red(6)]);
    expect(earlier('BE', 'accommodation', '2026-03-01')).toEqual([red(12)]);
    const later = withChanges(
      ['BE', 'accommodation', '2027-01-01', [red(12), red(6)]],
      ['LT', 'transport_passengers', '2027-01-01', [red(9), red(5)]],
    );
    expect(later('BE', 'accommodation', '2027-01-01')).toEqual([red(12), red(6)]);
    // The note on what Lithuania's rate covers moves with it; TEDB's new 5 % entry has none.
    expect(later('LT', 'transport_passengers', '2027-01-01')).toEqual([
      {
        ...red(12),
        note: expect.stringMatching(/^Passenger transport on established domestic regular routes only/),
      },
      red(5),
    ]);
  });

  it('a move and its return: each on its own day over what TEDB restated in between', () => {
    // Sweden's food 12 -> 6 % from 2026-04-01 and back from 2028-01-01; TEDB restates 12 % in 2027.
    const rates = withChanges(['SE', 'foodstuffs', '2027-01-01', [red(12)]]);
    expect(rates('SE', 'foodstuffs', '2027-01-01')).toEqual([red(6)]);
    expect(rates('SE', 'foodstuffs', '2028-01-01')).toEqual([red(12)]);
    const caughtUp = withChanges(['SE', 'foodstuffs', '2027-01-01', [red(6)]]);
    expect(caughtUp('SE', 'foodstuffs', '2027-06-01')).toEqual([red(6)]);
    expect(caughtUp('SE', 'foodstuffs', '2028-01-01')).toEqual([red(12)]);
  });

  it('a note on an unchanged rate stays over a restated category', () => {
    const [camping] = table.category('NL', 'accommodation', '2026-01-01')!;
    const rates = withChanges([
      'NL',
      'accommodation',
      '2027-01-01',
      [red(9), { rate: 0, type: 'exempt', note: null }],
    ]);
    expect(rates('NL', 'accommodation', '2027-01-01')).toEqual([
      { ...red(9), note: camping.note },
      { rate: 0, type: 'exempt', note: null },
    ]);
  });
});

describe('categories of GB, CH, LI and NO, from the hand-kept data', () => {
  it('CH and LI: accommodation at 3.8 %, foodstuffs, books and pharmaceutical products at 2.6 %', () => {
    for (const code of ['CH', 'LI']) {
      const record = table.get(code, '2026-11-22')!;
      expect(ids(record.other_rates[0].categories)).toEqual(['accommodation']);
      expect(ids(record.other_rates[1].categories)).toEqual(
        expect.arrayContaining(['books', 'foodstuffs', 'pharmaceutical_products']),
      );
      expect(table.category(code, 'accommodation', '2024-01-01')).toEqual([
        expect.objectContaining({ rate: 3.8, type: 'reduced', note: null, since: '2024-01-01' }),
      ]);
    }
  });

  it('NO: foodstuffs at 15 %, passenger transport and accommodation at 12 %, books at 0 %', () => {
    const rate = (id: string) => table.category('NO', id, '2026-11-22')!.map((e) => [e.rate, e.type]);
    expect(rate('foodstuffs')).toEqual([[15, 'reduced']]);
    expect(rate('transport_passengers')).toEqual([[12, 'reduced']]);
    expect(rate('accommodation')).toEqual([[12, 'reduced']]);
    expect(rate('books')).toEqual([[0, 'zero']]);
  });

  it('GB: its zero-rated kinds under the zero rate, food and prescription medicines with their notes', () => {
    const zero = table.get('GB', '2026-11-22')!.other_rates.find((other) => other.type === 'zero')!;
    expect(ids(zero.categories)).toEqual(expect.arrayContaining(['books', 'child_wear', 'newspapers']));
    expect(table.category('GB', 'pharmaceutical_products', '2026-11-22')).toEqual([
      expect.objectContaining({ rate: 0, type: 'zero', note: 'Medicines dispensed on prescription only' }),
    ]);
    expect(table.category('GB', 'foodstuffs', '2026-11-22')).toEqual([
      expect.objectContaining({ rate: 0, type: 'zero', note: expect.stringMatching(/confectionery/) }),
    ]);
    // A restricted entry is no category of the rate at home.
    expect(ids(zero.categories)).not.toContain('pharmaceutical_products');
    expect(ids(zero.categories)).not.toContain('foodstuffs');
  });
});

describe('the category catalogue', () => {
  it("holds every TEDB identifier in lower case with a short name and TEDB's text, sorted by id", () => {
    const known = [...new Set(RAW.flatMap((r) => (r.category ? [r.category.identifier.toLowerCase()] : [])))];
    expect(ids(table.catalogue())).toEqual(known.sort());
    expect(Object.keys(NAMES).sort()).toEqual(known);
    expect(table.catalogue().find((c) => c.id === 'accommodation')).toEqual({
      id: 'accommodation',
      name: 'Hotel and similar accommodation',
      description: descriptionOf('ACCOMMODATION'),
    });
    expect(Object.isFrozen(table.catalogue())).toBe(true);
  });
});

describe('reading TEDB results', () => {
  const good = {
    memberState: 'RO',
    type: 'REDUCED',
    rate: { type: 'REDUCED_RATE', value: '11.0' },
    situationOn: '2025-08-01+02:00',
    category: { identifier: 'FOODSTUFFS', description: 'Foodstuffs' },
    comment: '<p>Art.&nbsp;291 <a href="x">Fiscal Code</a></p>',
  };

  it('reads values given as text, drops the zone of a date and the HTML of a comment', () => {
    expect(checkResults([good])).toEqual([
      {
        memberState: 'RO',
        type: 'REDUCED',
        rate: { type: 'REDUCED_RATE', value: 11 },
        situationOn: '2025-08-01',
        category: { identifier: 'FOODSTUFFS', description: 'Foodstuffs' },
        comment: 'Art. 291 Fiscal Code',
      },
    ]);
  });

  it.each([
    ['no member state', { ...good, memberState: undefined }, 'memberState'],
    ['a lower-case member state', { ...good, memberState: 'ro' }, 'memberState'],
    ['an unknown result type', { ...good, type: 'SPECIAL' }, "type 'SPECIAL'"],
    ['an unknown rate type', { ...good, rate: { type: 'HALF_RATE', value: '5' } }, 'rate type'],
    ['a reduced rate without a value', { ...good, rate: { type: 'REDUCED_RATE' } }, 'without a value'],
    [
      'a value that is no number',
      { ...good, rate: { type: 'REDUCED_RATE', value: 'eleven' } },
      'not a percentage',
    ],
    ['a value above 100', { ...good, rate: { type: 'REDUCED_RATE', value: '110' } }, 'not a percentage'],
    ['a negative value', { ...good, rate: { type: 'REDUCED_RATE', value: '-5' } }, 'not a percentage'],
    ['an impossible date', { ...good, situationOn: '2025-02-30' }, 'situationOn'],
    ['a category without identifier', { ...good, category: { description: 'x' } }, 'category'],
    ['children where text belongs', { ...good, memberState: { code: 'RO' } }, 'children'],
    ['a rate that is text', { ...good, rate: 'REDUCED_RATE' }, 'rate is not an element'],
  ])('refuses a result with %s, naming it', (_name, result, message) => {
    expect(() => checkResults([good, result])).toThrow(MalformedTedbReply);
    expect(() => checkResults([good, result])).toThrow(`vatRateResults[1]: `);
    expect(() => checkResults([good, result])).toThrow(message);
  });
});
