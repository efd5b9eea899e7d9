import { type RegisteredAddress, readRegisteredAddress, wholePostcode } from './address.js';
import { addressFormatOf, STREET_LINKS } from './address-formats.js';
import { joined, sameWord, type Word } from './letters.js';
import { compareCompanyType, compareNames, readName } from './names.js';
import { atMostPartial, type FieldMatch } from './outcome.js';
import { districtOfPostcode, partOfTown, townLine, townWords } from './places.js';
import { romanNumber } from './street-numbers.js';
import { readStreet, relateStreets } from './streets.js';

/**
 * The computed comparison: what the caller believes about a trader against
 * what the registry returned, field by field, when the registry itself does not compare. Each
 * sent field is compared with its own registered field only: the registered address is read into
 * street, postcode and town by the format of the number's country first (address.ts). The rules,
 * thresholds and examples are in docs/matching.md.
 */

export type { FieldMatch } from './outcome.js';

export interface TraderFields {
  trader_name?: string;
  trader_company_type?: string;
  trader_street?: string;
  trader_postcode?: string;
  trader_city?: string;
}

export interface ComputedMatch {
  name: FieldMatch;
  company_type: FieldMatch;
  street: FieldMatch;
  postcode: FieldMatch;
  city: FieldMatch;
  method: 'computed';
}

export interface RegisteredCompany {
  name: string | null;
  address: string | null;
}

/** True when any trader field was given: the answer then carries `data.match`. */
export function hasTraderFields(trader: TraderFields): boolean {
  return Object.values(trader).some((value) => value !== undefined);
}

const given = (value: string | null | undefined): value is string =>
  value !== undefined && value !== null && value.trim() !== '';

/** `countryCode`: the country of the number, whose legal forms and address format apply. */
export function computeMatch(
  trader: TraderFields,
  company: RegisteredCompany | null,
  countryCode: string,
): ComputedMatch {
  const name = company?.name;
  const address = company?.address;
  // Each registered part is read once, and only when a field compares with it.
  const addressSent =
    given(trader.trader_street) || given(trader.trader_postcode) || given(trader.trader_city);
  const registered = addressSent && given(address) ? readRegisteredAddress(address, countryCode) : undefined;
  const nameSent = given(trader.trader_name) || given(trader.trader_company_type);
  const registeredName = nameSent && given(name) ? readName(name, countryCode) : undefined;
  const byAddress = (
    sent: string | undefined,
    rule: (sent: string, address: RegisteredAddress) => FieldMatch,
  ) => (given(sent) && registered ? rule(sent, registered) : 'not_processed');
  return {
    name:
      given(trader.trader_name) && registeredName
        ? compareNames(trader.trader_name, registeredName, countryCode)
        : 'not_processed',
    company_type:
      given(trader.trader_company_type) && registeredName
        ? compareCompanyType(trader.trader_company_type, registeredName, countryCode)
        : 'not_processed',
    street: byAddress(trader.trader_street, (sent, at) => compareStreet(sent, at, countryCode)),
    postcode: byAddress(trader.trader_postcode, (sent, at) => comparePostcode(sent, at, countryCode)),
    city: byAddress(trader.trader_city, (sent, at) => compareCity(sent, at, countryCode)),
    method: 'computed',
  };
}

export { compareCompanyType, compareNames };

const OUTCOME: Readonly<Record<'same' | 'near' | 'different', FieldMatch>> = {
  same: 'match',
  near: 'partial',
  different: 'mismatch',
};

/** The sent street against the registered street line; a loose search of the address when it could not be read. */
export function compareStreet(sent: string, address: RegisteredAddress, countryCode: string): FieldMatch {
  const format = addressFormatOf(countryCode);
  if (!format) return 'not_processed';
  const street = readStreet(sent, format);
  if (!address.confident) return loosely(street.name, address.text, countryCode);
  if (address.street === null) return 'not_processed';
  const bothNames = format.bilingual?.bothNamesIn.test(address.postcode ?? '') ?? false;
  return OUTCOME[relateStreets(street, readStreet(address.street, format), format, bothNames)];
}

/** The sent postcode run together against the registered one; a GB outward code or the digits of a Dutch one are partial. */
export function comparePostcode(sent: string, address: RegisteredAddress, countryCode: string): FieldMatch {
  const format = addressFormatOf(countryCode)?.postcode;
  if (!format) return 'not_processed';
  // A country prefix (`D-10115`, `SE-111 22`) only where postcodes begin with a digit: `BN1 1AA` keeps its letters.
  const prefix = format.written.startsWith('\\d') ? /^\s*([A-Z]{1,2})[\s-]*(?=\d)/i.exec(sent) : null;
  // Another country's prefix (`H-1010` for a number of AT) names a postcode of that country.
  if (prefix && !(POSTCODE_PREFIXES[countryCode]?.includes(prefix[1].toUpperCase()) ?? true))
    return 'mismatch';
  const unprefixed = prefix ? sent.slice(prefix[0].length) : sent;
  const wanted = wholePostcode(unprefixed);
  if (!address.confident) {
    if (address.postcodesSeen.length === 0) return 'not_processed';
    return address.postcodesSeen.includes(wanted) ? 'partial' : 'mismatch';
  }
  if (address.postcode === null) return 'not_processed';
  if (wanted === address.postcode) return 'match';
  if (format.area?.test(wanted) && address.postcode.startsWith(wanted)) return 'partial';
  // A spreadsheet drops the leading zeros of `01067`: the same postcode, damaged.
  if (/^\d+$/.test(wanted) && wanted !== '' && address.postcode.replace(/^0+/, '') === wanted)
    return 'partial';
  return 'mismatch';
}

/**
 * The prefixes a postcode of the country is written with: its code and its old vehicle sign, and
 * those of the places that use its postcodes (Monaco's in France, Liechtenstein's in Switzerland,
 * San Marino's and the Vatican's in Italy, Åland's in Finland).
 */
const POSTCODE_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  AT: ['AT', 'A'],
  BE: ['BE', 'B'],
  BG: ['BG'],
  CH: ['CH', 'LI', 'FL'],
  CY: ['CY'],
  CZ: ['CZ'],
  DE: ['DE', 'D'],
  DK: ['DK'],
  EE: ['EE'],
  EL: ['EL', 'GR'],
  ES: ['ES', 'E'],
  FI: ['FI', 'SF', 'AX'],
  FR: ['FR', 'F', 'MC'],
  HR: ['HR'],
  HU: ['HU', 'H'],
  IT: ['IT', 'I', 'SM', 'V', 'VA'],
  LT: ['LT'],
  LU: ['LU', 'L'],
  LV: ['LV'],
  NL: ['NL'],
  NO: ['NO', 'N'],
  PL: ['PL'],
  PT: ['PT', 'P'],
  RO: ['RO'],
  SE: ['SE', 'S'],
  SI: ['SI'],
  SK: ['SK'],
};

/**
 * The sent town against the registered one (or, on British lines, any locality line). A postcode
 * written with the town (`75008 Paris`, `Paris 75008`, `1000 Bruxelles`) is compared as a
 * postcode: another one than the register's makes the town `partial` at most, and so does one the
 * register holds none to compare with.
 */
export function compareCity(sent: string, address: RegisteredAddress, countryCode: string): FieldMatch {
  const { town, postcode } = postcodeInTown(sent, countryCode);
  const outcome = compareTown(town, address, countryCode);
  if (postcode === undefined || outcome === 'mismatch' || outcome === 'not_processed') return outcome;
  return comparePostcode(postcode, address, countryCode) === 'match' ? outcome : 'partial';
}

function compareTown(sent: string, address: RegisteredAddress, countryCode: string): FieldMatch {
  const wanted = townOf(sent);
  if (!address.confident) return atMostPartial(loosely(wanted.full, address.text, countryCode));
  if (address.towns.length === 0) return 'not_processed';
  let best: FieldMatch = 'mismatch';
  for (const written of address.towns)
    for (const name of namesOfTown(written, countryCode)) {
      const town = townOf(name);
      // The arrondissement a Paris, Lyon or Marseille postcode names (`75008` is Paris 8e).
      if (town.district === '') town.district = districtOfPostcode(town.main, address.postcode, countryCode);
      const outcome = OUTCOME[relateTowns(wanted, town, countryCode)];
      if (outcome === 'match') return outcome;
      if (outcome === 'partial' || partOfTown(wanted.main, town.main, countryCode)) best = 'partial';
    }
  return best;
}

/**
 * A postcode of the country written before or after the town's name (`75008 Paris`, `F-75008
 * Paris`, `Berlin 10115`, `SW1A 2AA London`), or its area alone (`1015 Amsterdam`), and the town
 * without it. The town must keep a letter: a field of a postcode alone is compared as written.
 */
function postcodeInTown(sent: string, countryCode: string): { town: string; postcode?: string } {
  const around = postcodeAroundTown(countryCode);
  if (!around) return { town: sent };
  const before = around.before.exec(sent);
  if (before) return { postcode: before[1], town: before[2] };
  const after = around.after.exec(sent);
  return after ? { town: after[1], postcode: after[2] } : { town: sent };
}

const POSTCODE_AROUND_TOWN = new Map<string, { before: RegExp; after: RegExp } | undefined>();

/** A country's postcode before and after a town, as customers write it in the town field; built once. */
function postcodeAroundTown(countryCode: string): { before: RegExp; after: RegExp } | undefined {
  if (POSTCODE_AROUND_TOWN.has(countryCode)) return POSTCODE_AROUND_TOWN.get(countryCode);
  const format = addressFormatOf(countryCode)?.postcode;
  let around: { before: RegExp; after: RegExp } | undefined;
  if (format) {
    const prefix = format.written.startsWith('\\d') ? '(?:[A-Z]{1,2}\\s?-\\s?)?' : '';
    const area = format.area ? `|${format.area.source.replace(/^\^|\$$/g, '')}` : '';
    const code = `${prefix}(?:${format.written}${area})`;
    around = {
      before: new RegExp(`^\\s*(${code})[\\s,]+(.*\\p{L}.*)$`, 'iu'),
      after: new RegExp(`^(.*\\p{L}.*?)[\\s,]+(${code})\\s*$`, 'iu'),
    };
  }
  POSTCODE_AROUND_TOWN.set(countryCode, around);
  return around;
}

/**
 * A registered town and, when it is written in two languages (`Biel/Bienne`), each of its names;
 * a town the table knows whole keeps its slash (`Frankfurt/Main`, `Halle/Saale`).
 */
function namesOfTown(written: string, countryCode: string): string[] {
  if (!written.includes('/') || townLine(townWords(written), countryCode) !== undefined) return [written];
  return written.split(/\s*\/\s*/);
}

interface Town {
  /** Every word as written (`frankfurt a m`, `praha 1`). */
  full: Word[];
  /**
   * The name without what registers add after it: a district (`Praha 1`, `København K`,
   * `Bratislava - mestská časť …`), a province (`MILANO MI`), `CEDEX`, or a distinguishing
   * qualifier in parentheses (`Halle (Saale)`).
   */
  main: Word[];
  /** The district or province (`1`, `k`, `mi`): the same town whatever it is. */
  district: string;
  /** What the parentheses say (`saale`, `oder`): another qualifier is another town. */
  qualifier: string;
  /** The part of the town after a dash (`Staré Mesto` of `Bratislava - Staré Mesto`): another one is another district. */
  quarter: Word[];
}

/** Words after a town's name that name a district of it (`2E ARRONDISSEMENT`, `SECTOR 1`, `V. kerület`). */
const DISTRICT_WORDS: ReadonlySet<string> = new Set([
  'arrondissement',
  'arr',
  'sector',
  'sectorul',
  'bezirk',
  'kerulet',
]);
const DISTRICT = /^(?:\d+[a-z]?|\d+(?:e|er|eme|re)|[ivx]+)$/;

function townOf(text: string): Town {
  const full = townWords(text);
  const [beforeDash, afterDash = ''] = text.split(/\s[-–]\s/);
  const [name, inParentheses = ''] = beforeDash.split(/\bcedex\b/i)[0].split('(');
  let main = name === text ? full : townWords(name);
  const district: string[] = [];
  for (let last = main.at(-1)?.plain ?? ''; main.length > 1; last = main.at(-1)?.plain ?? '') {
    if (!DISTRICT.test(last) && last.length > 2 && !DISTRICT_WORDS.has(last)) break;
    district.unshift(last);
    main = main.slice(0, -1);
  }
  // Small joining words do not count (`Reggio di Calabria` = `Reggio Calabria`).
  const linked = main.filter((word) => !STREET_LINKS.has(word.plain));
  const qualifier = joined(townWords(inParentheses)).plain;
  // `2E ARRONDISSEMENT`, `2e`, `02` and `2` name one district, and so do `VI.` and `6`.
  const named = district
    .filter((word) => !DISTRICT_WORDS.has(word))
    .map((word) =>
      word
        .replace(/^0*(\d+?)(?:e|er|eme|re)?$/, '$1')
        .replace(/^[ivx]+$/, (roman) => String(romanNumber(roman) ?? roman)),
    );
  const quarter = townWords(afterDash.split(/\bcedex\b/i)[0]);
  return { full, main: linked.length > 0 ? linked : main, district: named.join(' '), qualifier, quarter };
}

function sameRun(a: readonly Word[], b: readonly Word[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const runA = joined(a);
  const runB = joined(b);
  return sameWord(runA, runB);
}

function sameTown(a: readonly Word[], b: readonly Word[], countryCode: string): boolean {
  if (sameRun(a, b)) return true;
  const line = townLine(a, countryCode);
  return line !== undefined && line === townLine(b, countryCode);
}

function relateTowns(a: Town, b: Town, countryCode: string): 'same' | 'near' | 'different' {
  const same = (x: readonly Word[], y: readonly Word[]) => sameTown(x, y, countryCode);
  if (same(a.full, b.full)) return 'same';
  if (a.qualifier !== '' && b.qualifier !== '' && a.qualifier !== b.qualifier) return 'different';
  if (same(a.main, b.main) || same(a.full, b.main) || same(a.main, b.full)) {
    const otherDistrict =
      (a.district !== '' && b.district !== '' && a.district !== b.district) ||
      otherQuarter(a.quarter, b.quarter);
    return otherDistrict || a.qualifier !== b.qualifier ? 'near' : 'same';
  }
  if (a.qualifier !== '' || b.qualifier !== '') return 'different';
  return startsWith(a.main, b.main) || startsWith(b.main, a.main) ? 'near' : 'different';
}

/** Both name a part of the town after a dash, and neither ends the other (`Staré Mesto`, `mestská časť Staré Mesto`). */
function otherQuarter(a: readonly Word[], b: readonly Word[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return !short.every((word, i) => sameWord(word, long[long.length - short.length + i]));
}

/** `long` begins with all of `short`'s words (`Frankfurt am Main` with `Frankfurt`). */
function startsWith(long: readonly Word[], short: readonly Word[]): boolean {
  return short.length > 0 && short.length < long.length && short.every((word, i) => sameWord(word, long[i]));
}

/**
 * An address that could not be read: the sent words found together anywhere in it are `partial`
 * (never more), not found a `mismatch`.
 */
function loosely(words: readonly Word[], text: string, countryCode: string): FieldMatch {
  if (words.length === 0) return 'mismatch';
  const all = townWords(text);
  for (let i = 0; i + words.length <= all.length; i++)
    if (sameTown(words, all.slice(i, i + words.length), countryCode)) return 'partial';
  return 'mismatch';
}
