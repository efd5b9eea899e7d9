import { describe, expect, it } from 'vitest';
import { count, counted, dayInWords, monthInWords, timeInWords, when } from '../../src/console/format.js';
import { COUNTRY_NAMES, countryName } from '../../src/numbers/countries.js';
import { VAT_COUNTRY_CODES } from '../../src/numbers/index.js';
import { RatesTable } from '../../src/rates/rates-table.js';
import { SOURCE_NAMES } from '../../src/registries/names.js';
import { SOURCES } from '../../src/validation/answer.js';

/** The console's ways of writing values for people (src/console/format.ts) and the name tables. */

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('times in words', () => {
  it.each([
    [0, 'just now'],
    [-9 * SECOND, 'just now'],
    [5 * SECOND, 'in a few seconds'],
    [-42 * SECOND, '42 seconds ago'],
    [-60 * SECOND, '1 minute ago'],
    [-(3 * MINUTE + 59 * SECOND), '3 minutes ago'],
    [5 * HOUR + 10 * MINUTE, 'in 5 hours'],
    [-DAY, 'yesterday'],
    [DAY, 'tomorrow'],
    [-6 * DAY, '6 days ago'],
    [-7 * DAY, 'on 15 Nov 2026'],
    [40 * DAY, 'on 1 Jan 2027'],
  ])('writes %i ms from now as "%s"', (offset, words) => {
    expect(timeInWords(NOW + offset, NOW)).toBe(words);
  });

  it('puts the exact ISO time in datetime and on hover, and a dash for none', () => {
    const iso = '2026-11-22T11:56:59.123Z';
    expect(String(when(iso, NOW))).toBe(`<time datetime="${iso}" title="${iso}">3 minutes ago</time>`);
    expect(when(null, NOW)).toBe('—');
  });

  it('writes days and months in words', () => {
    expect(dayInWords('2026-09-02')).toBe('2 Sep 2026');
    expect(monthInWords('2026-11')).toBe('November 2026');
  });
});

describe('counts', () => {
  it('separates thousands', () => {
    expect(count(1_234_567)).toBe('1,234,567');
    expect(count(999)).toBe('999');
    expect(count(null)).toBe('—');
    expect(counted(1, 'validation')).toBe('1 validation');
    expect(counted(1_200, 'validation')).toBe('1,200 validations');
  });
});

describe('names', () => {
  it('names every country whose numbers the service checks, Greece under GR too', () => {
    expect(Object.keys(COUNTRY_NAMES).sort()).toEqual([...VAT_COUNTRY_CODES].sort());
    expect(countryName('GR')).toBe('Greece');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('US')).toBeUndefined();
  });

  it('names each rate country as the rates data does', () => {
    for (const rate of RatesTable.load().all('2026-11-22')) {
      expect(countryName(rate.country_code), rate.country_code).toBe(rate.country_name);
    }
  });

  it('names every source an answer can have', () => {
    expect(Object.keys(SOURCE_NAMES).sort()).toEqual([...SOURCES].sort());
  });
});
