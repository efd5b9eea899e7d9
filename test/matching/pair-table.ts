import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { SimCompany } from '../../simulator/types.js';
import type { FieldMatch } from '../../src/matching/compare.js';
import { checkVatNumber } from '../../src/numbers/index.js';
import { projectRoot } from '../../src/paths.js';

/**
 * The pair table (test/matching/pairs.csv): one trader field sent against the registered name or
 * address, as a tax practitioner judged it. `registered` holds the name, or the address lines as
 * the registry holds them separated by ` | `; `also` the other outcomes a practitioner could
 * defend, separated by `/`.
 */
export interface Pair {
  id: string;
  language: string;
  country: string;
  field: 'name' | 'company_type' | 'street' | 'postcode' | 'city';
  sent: string;
  registered: string;
  expected: FieldMatch;
  also: string;
  reason: string;
}

export function readPairs(file = join(projectRoot, 'test', 'matching', 'pairs.csv')): Pair[] {
  return parse(readFileSync(file), { columns: true, skip_empty_lines: true }) as Pair[];
}

/** The outcomes a practitioner accepts for a pair. */
export function accepted(pair: Pair): FieldMatch[] {
  return [pair.expected, ...(pair.also.split('/').filter(Boolean) as FieldMatch[])];
}

/**
 * How a country's numbers are made for the table: a prefix, the digits counted up from `start`,
 * and what follows them; the first candidates whose check digits pass are used. Far from the
 * simulator's seeded numbers.
 */
const NUMBERING: Readonly<
  Record<string, { prefix: string; width: number; start: number; suffixes: string[] }>
> = {
  AT: { prefix: 'ATU', width: 8, start: 40_000_000, suffixes: [''] },
  AU: { prefix: 'AU', width: 11, start: 60_000_000_000, suffixes: [''] },
  BE: { prefix: 'BE0', width: 9, start: 400_000_000, suffixes: [''] },
  BG: { prefix: 'BG', width: 9, start: 200_000_000, suffixes: [''] },
  CH: { prefix: 'CHE', width: 9, start: 400_000_000, suffixes: ['MWST'] },
  CY: { prefix: 'CY', width: 8, start: 30_000_000, suffixes: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('') },
  CZ: { prefix: 'CZ', width: 8, start: 40_000_000, suffixes: [''] },
  DE: { prefix: 'DE', width: 9, start: 400_000_000, suffixes: [''] },
  DK: { prefix: 'DK', width: 8, start: 40_000_000, suffixes: [''] },
  EE: { prefix: 'EE', width: 9, start: 100_400_000, suffixes: [''] },
  EL: { prefix: 'EL', width: 9, start: 400_000_000, suffixes: [''] },
  ES: { prefix: 'ESB', width: 8, start: 40_000_000, suffixes: [''] },
  FI: { prefix: 'FI', width: 8, start: 40_000_000, suffixes: [''] },
  FR: { prefix: 'FR', width: 11, start: 40_400_000_000, suffixes: [''] },
  GB: { prefix: 'GB', width: 9, start: 700_000_000, suffixes: [''] },
  HR: { prefix: 'HR', width: 11, start: 40_000_000_000, suffixes: [''] },
  HU: { prefix: 'HU', width: 8, start: 40_000_000, suffixes: [''] },
  IE: { prefix: 'IE', width: 7, start: 4_000_000, suffixes: 'ABCDEFGHIJKLMNOPQRSTUVW'.split('') },
  IT: { prefix: 'IT', width: 11, start: 4_000_000_000, suffixes: [''] },
  LT: { prefix: 'LT', width: 9, start: 400_000_000, suffixes: [''] },
  LU: { prefix: 'LU', width: 8, start: 40_000_000, suffixes: [''] },
  LV: { prefix: 'LV', width: 11, start: 40_000_000_000, suffixes: [''] },
  MT: { prefix: 'MT', width: 8, start: 40_000_000, suffixes: [''] },
  NL: { prefix: 'NL', width: 9, start: 400_000_000, suffixes: ['B01'] },
  NO: { prefix: 'NO', width: 9, start: 940_000_000, suffixes: ['MVA'] },
  PL: { prefix: 'PL', width: 10, start: 4_000_000_000, suffixes: [''] },
  PT: { prefix: 'PT', width: 9, start: 400_000_000, suffixes: [''] },
  RO: { prefix: 'RO', width: 8, start: 40_000_000, suffixes: [''] },
  SE: { prefix: 'SE', width: 10, start: 4_000_000_000, suffixes: ['01'] },
  SI: { prefix: 'SI', width: 8, start: 40_000_000, suffixes: [''] },
  SK: { prefix: 'SK', width: 10, start: 2_022_000_000, suffixes: [''] },
  XI: { prefix: 'XI', width: 9, start: 800_000_000, suffixes: [''] },
};

/** `count` numbers of `country` that pass its check digits. */
export function numbersFor(country: string, count: number): string[] {
  const { prefix, width, start, suffixes } = NUMBERING[country];
  const found: string[] = [];
  for (let candidate = start; found.length < count; candidate++) {
    if (candidate - start > 200_000) throw new Error(`no ${count} valid ${country} numbers from ${start}`);
    for (const suffix of suffixes) {
      const check = checkVatNumber(`${prefix}${String(candidate).padStart(width, '0')}${suffix}`);
      if (check.kind === 'checked' && check.checksumValid) {
        found.push(check.number.vatNumber);
        break;
      }
    }
  }
  return found;
}

/** The registry that answers a country, as the simulator knows it. */
const OTHER_REGISTRIES = new Set(['GB', 'CH', 'NO', 'AU']);

/**
 * The simulator's company for a pair: the registered name (name and legal-form pairs) or address
 * lines (address pairs), the other part a plain placeholder. VIES member states that compare
 * trader data themselves are told not to for these numbers, so the service compares.
 */
export function companyFor(pair: Pair, vatNumber: string): SimCompany {
  const byName = pair.field === 'name' || pair.field === 'company_type';
  const lines = byName ? placeholderLines(pair.country) : pair.registered.split(' | ');
  return {
    vatNumber,
    name: byName ? pair.registered : 'Registered Trader',
    addressLines: lines,
    vatRegistered: true,
    extra: OTHER_REGISTRIES.has(pair.country) ? {} : { compares: 'no' },
  };
}

function placeholderLines(country: string): string[] {
  if (country === 'AU') return ['NSW 2000'];
  if (country === 'GB' || country === 'XI') return ['1 High Street', 'London', 'SW1A 1AA'];
  if (country === 'NO') return ['Storgata 1', '0155 OSLO'];
  return ['Main Street 1', '1000 Town'];
}

export const TRADER_FIELD: Readonly<Record<Pair['field'], string>> = {
  name: 'trader_name',
  company_type: 'trader_company_type',
  street: 'trader_street',
  postcode: 'trader_postcode',
  city: 'trader_city',
};
