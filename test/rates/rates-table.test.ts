import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePath } from '../../src/paths.js';
import {
  parseRatesDate,
  RATES_COVERAGE_START,
  type RateRecord,
  RatesTable,
  type RateType,
  todayUtc,
} from '../../src/rates/rates-table.js';

/** The research cut-off of the data; tests pass it explicitly instead of reading the clock. */
const TODAY = '2026-11-22';

/** Spec 2.3's table: code, name, currency, standard rate (a snapshot of the first half of 2025). */
const SPEC_TABLE: Array<[string, string, string, number]> = [
  ['AT', 'Austria', 'EUR', 20],
  ['BE', 'Belgium', 'EUR', 21],
  ['BG', 'Bulgaria', 'BGN', 20],
  ['CH', 'Switzerland', 'CHF', 8.1],
  ['CY', 'Cyprus', 'EUR', 19],
  ['CZ', 'Czech Republic', 'CZK', 21],
  ['DE', 'Germany', 'EUR', 19],
  ['DK', 'Denmark', 'DKK', 25],
  ['EE', 'Estonia', 'EUR', 22],
  ['EL', 'Greece', 'EUR', 24],
  ['ES', 'Spain', 'EUR', 21],
  ['FI', 'Finland', 'EUR', 25.5],
  ['FR', 'France', 'EUR', 20],
  ['GB', 'United Kingdom', 'GBP', 20],
  ['HR', 'Croatia', 'EUR', 25],
  ['HU', 'Hungary', 'HUF', 27],
  ['IE', 'Ireland', 'EUR', 23],
  ['IT', 'Italy', 'EUR', 22],
  ['LI', 'Liechtenstein', 'CHF', 8.1],
  ['LT', 'Lithuania', 'EUR', 21],
  ['LU', 'Luxembourg', 'EUR', 17],
  ['LV', 'Latvia', 'EUR', 21],
  ['MT', 'Malta', 'EUR', 18],
  ['NL', 'Netherlands', 'EUR', 21],
  ['NO', 'Norway', 'NOK', 25],
  ['PL', 'Poland', 'PLN', 23],
  ['PT', 'Portugal', 'EUR', 23],
  ['RO', 'Romania', 'RON', 19],
  ['SE', 'Sweden', 'SEK', 25],
  ['SI', 'Slovenia', 'EUR', 22],
  ['SK', 'Slovakia', 'EUR', 23],
];

/**
 * Rates in force on TODAY, per shared/rates/README.md ("Spec snapshot vs. rates in force"), and the
 * day each country's record took effect. Other rates: r = reduced, sr = super_reduced, z = zero.
 */
const TODAY_TABLE: Array<[string, string, number, string, string]> = [
  ['AT', 'EUR', 20, 'r13 r10 sr4.9', '2026-07-01'],
  ['BE', 'EUR', 21, 'r12 r6 z0', '2026-03-01'],
  ['BG', 'EUR', 20, 'r9', '2026-01-01'],
  ['CH', 'CHF', 8.1, 'r3.8 r2.6', '2024-01-01'],
  ['CY', 'EUR', 19, 'r9 r5 sr3 z0', '2024-01-01'],
  ['CZ', 'CZK', 21, 'r12 z0', '2024-01-01'],
  ['DE', 'EUR', 19, 'r7 z0', '2026-01-01'],
  ['DK', 'DKK', 25, 'z0', '2024-01-01'],
  ['EE', 'EUR', 24, 'r13 r9', '2025-07-01'],
  ['EL', 'EUR', 24, 'r13 r6', '2024-01-01'],
  ['ES', 'EUR', 21, 'r10 sr4', '2025-01-01'],
  ['FI', 'EUR', 25.5, 'r13.5 r10', '2026-01-01'],
  ['FR', 'EUR', 20, 'r10 r5.5 sr2.1', '2024-01-01'],
  ['GB', 'GBP', 20, 'r5 z0', '2024-01-01'],
  ['HR', 'EUR', 25, 'r13 r5', '2024-01-01'],
  ['HU', 'HUF', 27, 'r18 r5', '2024-01-01'],
  ['IE', 'EUR', 23, 'r13.5 r9 sr4.8 z0', '2026-07-01'],
  ['IT', 'EUR', 22, 'r10 r5 sr4', '2024-01-01'],
  ['LI', 'CHF', 8.1, 'r3.8 r2.6', '2024-01-01'],
  ['LT', 'EUR', 21, 'r12 r5', '2026-01-01'],
  ['LU', 'EUR', 17, 'r14 r8 sr3', '2024-01-01'],
  ['LV', 'EUR', 21, 'r12 r5', '2026-07-01'],
  ['MT', 'EUR', 18, 'r12 r7 r5 z0', '2024-01-01'],
  ['NL', 'EUR', 21, 'r9 z0', '2026-01-01'],
  ['NO', 'NOK', 25, 'r15 r12 r11.11 z0', '2024-01-01'],
  ['PL', 'PLN', 23, 'r8 r5', '2024-04-01'],
  ['PT', 'EUR', 23, 'r13 r6', '2024-01-05'],
  ['RO', 'RON', 21, 'r11', '2026-08-01'],
  ['SE', 'SEK', 25, 'r12 r6 z0', '2026-04-01'],
  ['SI', 'EUR', 22, 'r9.5 r5', '2024-01-01'],
  ['SK', 'EUR', 23, 'r19 r5', '2026-01-01'],
];

const TYPE_BY_PREFIX: Record<string, RateType> = { r: 'reduced', sr: 'super_reduced', z: 'zero' };

/** `other_rates` without their categories: the rates and types the hand-kept data states. */
function ratesOf(record: RateRecord | undefined): Array<{ rate: number; type: RateType }> {
  return (record?.other_rates ?? []).map(({ rate, type }) => ({ rate, type }));
}

function otherRates(compact: string): Array<{ rate: number; type: RateType }> {
  return compact.split(' ').map((item) => {
    const [, prefix, rate] = /^([a-z]+)([\d.]+)$/.exec(item)!;
    return { rate: Number(rate), type: TYPE_BY_PREFIX[prefix] };
  });
}

const table = RatesTable.load();

function rec(code: string, date: string): RateRecord {
  const record = table.get(code, date);
  if (!record) throw new Error(`no record for ${code} on ${date}`);
  return record;
}

describe('rates in force today', () => {
  it('lists the 31 rate countries, sorted by code', () => {
    expect(table.all(TODAY).map((r) => r.country_code)).toEqual(SPEC_TABLE.map(([code]) => code));
  });

  it.each(TODAY_TABLE)(
    '%s: %s, standard %s, other rates %s, in force since %s',
    (code, currency, standard, other, since) => {
      const name = SPEC_TABLE.find(([c]) => c === code)![1];
      const expected = {
        country_code: code,
        country_name: name,
        currency,
        standard_rate: standard,
        other_rates: otherRates(other),
        updated_at: `${since}T00:00:00.000Z`,
      };
      expect({ ...rec(code, TODAY), other_rates: ratesOf(rec(code, TODAY)) }).toEqual({
        ...expected,
        source: { kind: 'dataset', retrieved_at: '2026-11-22T00:00:00.000Z', reply_sha256: null },
      });
      expect(table.all(TODAY).find((r) => r.country_code === code)).toBe(rec(code, TODAY));
    },
  );

  it("serves every country under the spec's name (Czech Republic, not Czechia)", () => {
    expect(table.all(TODAY).map((r) => [r.country_code, r.country_name])).toEqual(
      SPEC_TABLE.map(([code, name]) => [code, name]),
    );
  });

  it('lists other rates highest first', () => {
    for (const record of table.all(TODAY)) {
      const rates = record.other_rates.map((r) => r.rate);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
    }
  });

  it('returns the same frozen snapshot on every call', () => {
    const first = table.all(TODAY);
    expect(table.all('2026-08-01')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(Object.isFrozen(first[0].other_rates)).toBe(true);
    expect(table.get('AT', TODAY)).toBe(first[0]);
  });
});

describe('rates on other days', () => {
  it("matches the spec's table between 2025-01-01 and 2025-06-30, the snapshot it was taken from", () => {
    for (const date of ['2025-01-01', '2025-03-15', '2025-06-30']) {
      expect(
        table.all(date).map((r) => [r.country_code, r.country_name, r.currency, r.standard_rate]),
      ).toEqual(SPEC_TABLE);
    }
  });

  it("keeps the spec's listed non-standard rates", () => {
    expect(ratesOf(rec('CH', TODAY))).toEqual(otherRates('r3.8 r2.6'));
    expect(rec('LI', TODAY).other_rates).toEqual(rec('CH', TODAY).other_rates);
    expect(ratesOf(rec('NO', TODAY))).toEqual(expect.arrayContaining(otherRates('r15 r12')));
    expect(ratesOf(rec('FR', TODAY))).toContainEqual({ rate: 2.1, type: 'super_reduced' });
    expect(ratesOf(rec('GB', TODAY))).toContainEqual({ rate: 0, type: 'zero' });
  });

  it('EE: standard 22 until 2025-06-30, 24 from 2025-07-01', () => {
    expect(rec('EE', '2025-06-30')).toMatchObject({
      standard_rate: 22,
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    expect(rec('EE', '2025-07-01')).toMatchObject({
      standard_rate: 24,
      updated_at: '2025-07-01T00:00:00.000Z',
    });
  });

  it('RO: 19 with 9 and 5 until 2025-07-31; 21 with 11 (and transitional 9) from 2025-08-01; 11 alone from 2026-08-01', () => {
    expect(rec('RO', '2025-07-31')).toMatchObject({ standard_rate: 19, other_rates: otherRates('r9 r5') });
    expect(rec('RO', '2025-08-01')).toMatchObject({ standard_rate: 21, other_rates: otherRates('r11 r9') });
    expect(ratesOf(rec('RO', '2026-07-31'))).toEqual(otherRates('r11 r9'));
    expect(rec('RO', '2026-08-01')).toMatchObject({ standard_rate: 21, other_rates: otherRates('r11') });
  });

  it('BG: BGN until 2025-12-31, EUR from 2026-01-01, and updated_at moves with the currency', () => {
    expect(rec('BG', '2024-06-01')).toMatchObject({ currency: 'BGN', other_rates: otherRates('r9 z0') });
    expect(rec('BG', '2025-12-31')).toMatchObject({
      currency: 'BGN',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    expect(rec('BG', '2026-01-01')).toMatchObject({
      currency: 'EUR',
      standard_rate: 20,
      other_rates: otherRates('r9'),
      updated_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('FI: standard 24 until 2024-08-31, 25.5 from 2024-09-01; reduced 14 → 13.5 on 2026-01-01', () => {
    expect(rec('FI', '2024-08-31').standard_rate).toBe(24);
    expect(rec('FI', '2024-09-01').standard_rate).toBe(25.5);
    expect(ratesOf(rec('FI', '2025-12-31'))).toEqual(otherRates('r14 r10'));
    expect(ratesOf(rec('FI', '2026-01-01'))).toEqual(otherRates('r13.5 r10'));
  });

  it('AT: the 4.9 super-reduced rate appears on 2026-07-01', () => {
    expect(ratesOf(rec('AT', '2026-06-30'))).toEqual(otherRates('r13 r10'));
    expect(ratesOf(rec('AT', '2026-07-01'))).toEqual(otherRates('r13 r10 sr4.9'));
  });

  it('answers the first day of coverage with the rates in force that day', () => {
    expect(table.all(RATES_COVERAGE_START)).toHaveLength(31);
    expect(rec('SK', RATES_COVERAGE_START)).toMatchObject({
      standard_rate: 20,
      updated_at: '2024-01-01T00:00:00.000Z',
    });
  });

  it('answers future dates with the legislated periods, then the last period forever', () => {
    expect(rec('SE', '2027-12-31').updated_at).toBe('2026-04-01T00:00:00.000Z');
    expect(rec('SE', '2028-01-01').updated_at).toBe('2028-01-01T00:00:00.000Z');
    expect(rec('LV', '2027-07-01').updated_at).toBe('2027-07-01T00:00:00.000Z');
    expect(table.all('2099-12-31')).toHaveLength(31);
    expect(rec('EE', '2099-12-31').standard_rate).toBe(24);
  });

  it('a scope-only period serves the same rates under a later updated_at', () => {
    const before = rec('NL', '2025-12-31');
    const after = rec('NL', '2026-01-01');
    const rates = (record: typeof before) => record.other_rates.map(({ rate, type }) => ({ rate, type }));
    expect({ ...after, updated_at: before.updated_at, other_rates: rates(after) }).toEqual({
      ...before,
      other_rates: rates(before),
    });
    expect(after.updated_at).toBe('2026-01-01T00:00:00.000Z');
    // The scope that moved: hotel accommodation left the 9 % rate (Wet OB 1968 Tabel I b.11 struck);
    // camping sites stay at 9 % as a restricted entry, so the category is no longer listed at 9 %.
    const at9 = (record: typeof before) => record.other_rates.find((other) => other.rate === 9)!.categories;
    expect(at9(before).map((c) => c.id)).toContain('accommodation');
    expect(at9(after).map((c) => c.id)).not.toContain('accommodation');
    expect(at9(after).filter((c) => c.id !== 'accommodation')).toEqual(
      at9(before).filter((c) => c.id !== 'accommodation'),
    );
  });

  it('gives every record an ISO 8601 updated_at at midnight UTC with milliseconds, never after the date asked', () => {
    for (const date of ['2024-01-01', '2024-01-05', '2025-08-01', TODAY, '2028-06-01']) {
      for (const record of table.all(date)) {
        expect(record.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
        expect(new Date(record.updated_at).toISOString()).toBe(record.updated_at);
        expect(record.updated_at.slice(0, 10) <= date).toBe(true);
      }
    }
  });
});

describe('country codes', () => {
  it('accepts GR for EL and any case', () => {
    const greece = rec('EL', TODAY);
    for (const code of ['GR', 'gr', 'Gr', 'el', 'eL']) expect(table.get(code, TODAY)).toBe(greece);
    expect(greece.country_code).toBe('EL');
    for (const code of ['de', 'De', 'dE', 'DE']) expect(table.get(code, TODAY)?.country_code).toBe('DE');
  });

  it.each(['XX', 'XI', 'AU', 'US', '', 'D', 'DEU', ' DE', 'lı'])('%j is not a rate country', (code) => {
    expect(table.get(code, TODAY)).toBeUndefined();
  });

  it('refuses a lookup date outside the coverage, which callers check with parseRatesDate first', () => {
    expect(table.get('DE', TODAY)).toBeDefined();
    expect(() => table.get('DE', '2023-12-31')).toThrow(RangeError);
    expect(() => table.get('DE', `${TODAY} `)).toThrow(RangeError);
    expect(() => table.all('yesterday')).toThrow(RangeError);
  });
});

describe('parseRatesDate', () => {
  it.each(['2024-01-01', '2024-02-29', '2025-08-01', TODAY, '2099-12-31'])('accepts %s', (value) => {
    expect(parseRatesDate(value)).toEqual({ ok: true, date: value });
  });

  it.each([
    '',
    '2025-1-01',
    '20250101',
    '2025/01/01',
    ' 2025-01-01',
    '2025-01-01T00:00:00Z',
    'today',
    '+2025-01-01',
  ])('refuses the malformed %j', (value) => {
    expect(parseRatesDate(value)).toEqual({
      ok: false,
      message: 'date must be a calendar date in the form YYYY-MM-DD',
    });
  });

  it.each(['2025-02-30', '2025-02-29', '2100-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-01-00'])(
    'refuses the impossible %s',
    (value) => {
      expect(parseRatesDate(value)).toEqual({ ok: false, message: `date ${value} does not exist` });
    },
  );

  it.each(['2023-12-31', '2000-01-01', '0000-01-01'])('refuses %s, before the coverage', (value) => {
    expect(parseRatesDate(value)).toEqual({
      ok: false,
      message: `rates are available from 2024-01-01 on; date ${value} is earlier`,
    });
  });
});

describe('todayUtc', () => {
  it('is the UTC calendar day, whatever the local time zone', () => {
    expect(todayUtc(Date.UTC(2026, 10, 22, 0, 0, 0))).toBe('2026-11-22');
    expect(todayUtc(Date.UTC(2026, 10, 22, 23, 59, 59, 999))).toBe('2026-11-22');
    expect(todayUtc(Date.UTC(2024, 1, 29, 12))).toBe('2024-02-29');
  });
});

describe('loading the data file', () => {
  const realFile = resourcePath('vat-rates.json');
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rates-test-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  // biome-ignore lint/suspicious/noExplicitAny: the tests break the file's shape on purpose
  type RawFile = any;
  function writeVariant(name: string, change: (data: RawFile) => void): string {
    const data = JSON.parse(readFileSync(realFile, 'utf8'));
    change(data);
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(data));
    return file;
  }
  const country = (data: RawFile, code: string) => data.countries.find((c: RawFile) => c.code === code);

  it('loads the default resource file with 31 countries', () => {
    expect(RatesTable.load(realFile).all(TODAY)).toHaveLength(31);
  });

  it('throws naming the file when it is missing or not JSON', () => {
    const missing = join(dir, 'missing.json');
    expect(() => RatesTable.load(missing)).toThrow(`Cannot load VAT rates from ${missing}`);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"countries": [');
    expect(() => RatesTable.load(broken)).toThrow(`Cannot load VAT rates from ${broken}`);
  });

  const badVariants: Array<[string, (data: RawFile) => void, string]> = [
    ['no countries', (d) => delete d.countries, 'countries: Expected required property'],
    [
      'standard rate as a string',
      (d) => (country(d, 'DE').periods[0].standard = '19'),
      'countries[6] (DE).periods[0].standard: Expected number',
    ],
    [
      'unknown rate type',
      (d) => (country(d, 'FR').periods[0].other_rates[0].type = 'reduced_2'),
      'countries[12] (FR).periods[0].other_rates[0].type',
    ],
    [
      'rate above 100',
      (d) => (country(d, 'HU').periods[0].standard = 270),
      'countries[15] (HU).periods[0].standard: Expected number to be less or equal to 100',
    ],
    [
      'period without a source',
      (d) => delete country(d, 'PL').periods[1].source,
      'countries[25] (PL).periods[1].source: Expected required property',
    ],
    [
      'lower-case code',
      (d) => (country(d, 'AT').code = 'at'),
      'countries[0] (at).code: Expected string to match',
    ],
    ['coverage moved', (d) => (d.coverage_from = '2025-01-01'), 'coverage_from is 2025-01-01'],
    ['duplicate country', (d) => d.countries.push(country(d, 'SE')), 'country code SE appears twice'],
    [
      'alias clashing with a code',
      (d) => (country(d, 'EL').iso3166_alpha2 = 'ES'),
      'country code ES appears twice',
    ],
    [
      'periods out of order',
      (d) => country(d, 'EE').periods.reverse(),
      'EE.periods: the first period must start on coverage_from',
    ],
    [
      'two periods on one day',
      (d) => (country(d, 'FI').periods[2].effective_from = '2024-09-01'),
      'FI.periods[2] (2024-09-01): periods must be in strictly ascending order',
    ],
    [
      'impossible period date',
      (d) => (country(d, 'SK').periods[2].effective_from = '2026-02-30'),
      'SK.periods[2] (2026-02-30): effective_from is not a calendar date',
    ],
    [
      'a rate listed twice',
      (d) => country(d, 'LU').periods[0].other_rates.push({ rate: 8, type: 'reduced' }),
      'LU.periods[0] (2024-01-01): rate 8 is listed twice',
    ],
    [
      'other rate above the standard',
      (d) => (country(d, 'CY').periods[0].other_rates[0].rate = 21),
      'CY.periods[0] (2024-01-01): other rate 21 is not below the standard rate 19',
    ],
    [
      'zero rate typed reduced',
      (d) => (country(d, 'DK').periods[0].other_rates[0].type = 'reduced'),
      'DK.periods[0] (2024-01-01): rate 0 has type reduced',
    ],
    [
      'gap between currencies',
      (d) => (country(d, 'BG').currency[1].effective_from = '2026-02-01'),
      'BG.currency[1] (EUR): must start the day after the previous entry ends',
    ],
    [
      'currency that ends',
      (d) => (country(d, 'CZ').currency[0].effective_to = '2030-12-31'),
      'CZ.currency: the last entry must be open-ended',
    ],
    [
      'no currency on the first day',
      (d) => (country(d, 'HU').currency[0].effective_from = '2024-06-01'),
      'HU.currency: no currency on coverage_from 2024-01-01',
    ],
  ];

  it.each(badVariants)('refuses a file with %s, naming the member at fault', (name, change, message) => {
    const file = writeVariant(name.replaceAll(' ', '-'), change);
    expect(() => RatesTable.load(file)).toThrow(`Invalid VAT rates file ${file}: `);
    expect(() => RatesTable.load(file)).toThrow(message);
  });

  it('serves other rates highest first even when the file lists them in another order', () => {
    const file = writeVariant('reordered', (d) => country(d, 'MT').periods[0].other_rates.reverse());
    expect(ratesOf(RatesTable.load(file).get('MT', TODAY))).toEqual(otherRates('r12 r7 r5 z0'));
  });
});
