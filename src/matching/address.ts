import {
  type AddressFormat,
  AREA_WORDS,
  addressFormatOf,
  COUNTY_LINES,
  type PostcodeFormat,
  TOWN_MARKERS,
  UNIT_WORDS,
} from './address-formats.js';
import { type Word, wordsOf } from './letters.js';
import { hasStreetWord } from './streets.js';

/**
 * The registered address read into its parts (docs/matching.md, "Reading the registered
 * address"). Registries give one line: VIES its free-text lines, the others their fields, joined
 * with ", " (decisions section 3). The line is cut into its parts at commas and line breaks; the
 * postcode is found by the country's format and anchors the rest: the town is written after it
 * (`1070 Wien`), before it (`Valletta VLT 1117`, `гр. София 1000`) or on the lines before when the
 * postcode stands alone (`Brighton | BN1 1AA`); the street is the line nearest the postcode that
 * holds a street word, else a house number. An address read this way is `confident`; one that
 * cannot be (no postcode where the country always writes one, no town) is not, and no field
 * compared with it is ever more than `partial`.
 */

export interface RegisteredAddress {
  /** The parts were found by the country's format; otherwise only a loose search is possible. */
  confident: boolean;
  /** The street line as written (name and number), or null when the register gives none. */
  street: string | null;
  /** The postcode run together in upper case (`1015CJ`, `SW1A2AA`), or null when the register gives none. */
  postcode: string | null;
  /** The names the town may be read as: the town line, or on British lines every locality line. */
  towns: string[];
  /** The whole address, for the loose search when not confident. */
  text: string;
  /** Every run of characters in the address written like a postcode of the country (for the loose search). */
  postcodesSeen: string[];
}

/** One line of the address, folded once. */
interface Line {
  text: string;
  words: readonly Word[];
  digits: boolean;
  /** A county or district line (`Harju maakond`, `SECTOR 3`, `JUD. CLUJ`). */
  area: boolean;
  /** The number alone (`NR.5`, a Luxembourg `12`), to join with its street. */
  number: boolean;
}

const LINE_BREAK = /\s*(?:\r?\n|,)\s*/;
const NUMBER_LINE = /^(?:(?:nr|no|n)\.?\s*)?\d+\s*[a-z]?\.?$/i;
const postcodePatterns = new WeakMap<PostcodeFormat, RegExp>();

function lineOf(text: string): Line {
  const words = wordsOf(text);
  const county =
    (words.length > 1 && (words[0].plain === 'co' || words[0].plain === 'county')) ||
    COUNTY_LINES.has(words.map((word) => word.plain).join(' '));
  return {
    text,
    words,
    digits: /\d/.test(text),
    area: county || words.some((word) => AREA_WORDS.has(word.plain)),
    number: NUMBER_LINE.test(text),
  };
}

/** The postcode as written in a line: an optional country prefix (`D-`, `LT-`, `SE `), then the format. */
function postcodePattern(format: PostcodeFormat): RegExp {
  let pattern = postcodePatterns.get(format);
  if (!pattern) {
    const prefix = /^\\d/.test(format.written) ? '(?:[A-Z]{1,2}\\s?-\\s?|[A-Z]{1,2}\\s)?' : '';
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${prefix}(${format.written})(?![\\p{L}\\p{N}])`, 'giu');
    postcodePatterns.set(format, pattern);
  }
  return pattern;
}

/** The postcode run together: spaces and hyphens out, upper case (`111 22` → `11122`). */
export function wholePostcode(written: string): string {
  return written.replace(/[\s-]+/g, '').toUpperCase();
}

interface Found {
  line: number;
  start: number;
  end: number;
  postcode: string;
}

/** The last postcode of the last line that has one. */
function findPostcode(lines: readonly Line[], pattern: RegExp): Found | undefined {
  for (let line = lines.length - 1; line >= 0; line--) {
    if (!lines[line].digits) continue;
    let last: RegExpMatchArray | undefined;
    for (const found of lines[line].text.matchAll(pattern)) last = found;
    if (last?.index !== undefined)
      return { line, start: last.index, end: last.index + last[0].length, postcode: wholePostcode(last[1]) };
  }
  return undefined;
}

/** A line with a house number and a word that is not a flat or floor (`BL.1`, `2. tv.`). */
function hasHouseNumber(line: Line): boolean {
  if (!line.digits || line.words.length === 0) return false;
  if (line.words.length <= 2 && UNIT_WORDS.has(line.words[0].plain)) return false;
  return line.words.some((word) => /[a-z]/.test(word.plain));
}

/**
 * The street: of the lines nearest `from` (before it, then after it), the first that holds a
 * street word of the country (`Road`, `tn`, `Straße`), else the first with a house number that
 * does not begin with the town's name (a Czech `PRAHA 1 - NOVÉ MĚSTO` names a part of the town);
 * a line that names only the number (`NR.5`, a Luxembourg `12,`) joins it.
 */
function findStreet(
  lines: readonly Line[],
  from: number,
  format: AddressFormat,
  town = '',
): { text: string; at: number } | null {
  const order = [...lines.keys()].filter((i) => i < from).reverse();
  order.push(...[...lines.keys()].filter((i) => i > from));
  const candidates = order.filter((i) => !lines[i].area && !lines[i].number);
  const townWord = wordsOf(town)[0]?.plain;
  const partOfTown = (line: Line) => townWord !== undefined && line.words[0]?.plain === townWord;
  const at =
    candidates.find((i) => hasStreetWord(lines[i].words, format)) ??
    candidates.find((i) => hasHouseNumber(lines[i]) && !partOfTown(lines[i]));
  if (at === undefined) return null;
  let first = at;
  let last = at;
  if (lines[at - 1]?.number && at - 1 !== from) first = at - 1;
  else if (lines[at + 1]?.number && at + 1 !== from) last = at + 1;
  // The flat, unit or floor written on a line of its own beside the street (`Flat 4`, `BL.1, AP.3`).
  while (first - 1 !== from && isUnitLine(lines[first - 1])) first--;
  while (last + 1 !== from && isUnitLine(lines[last + 1])) last++;
  const text = lines
    .slice(first, last + 1)
    .map((line) => line.text)
    .join(' ');
  return { text, at };
}

/** A line that names only a flat, unit or floor and its number or letter (`Flat 4`, `AP.3`, `lok. 7`, `SC. B`). */
function isUnitLine(line: Line | undefined): boolean {
  if (!line || line.words.length === 0 || line.words.length > 3 || !UNIT_WORDS.has(line.words[0].plain))
    return false;
  return line.digits || line.words.slice(1).some((word) => word.plain.length === 1);
}

/**
 * Lines that may name the town when the postcode stands alone: those between the street and the
 * postcode (`12 London Road | Brighton | BN1 1AA`), else any without digits; never a county or
 * district line.
 */
function localityLines(lines: readonly Line[], streetAt: number, postcodeAt: number): string[] {
  if (streetAt !== -1 && streetAt < postcodeAt) {
    const between = lines.slice(streetAt + 1, postcodeAt).filter((line) => !line.area);
    if (between.length > 0) return between.map((line) => line.text);
  }
  return lines
    .filter((line, i) => i !== postcodeAt && !line.digits && !line.area && line.words.length > 0)
    .map((line) => line.text);
}

function trimSeparators(text: string): string {
  return text.replace(/^[\s\-–,]+|[\s\-–,]+$/g, '');
}

export function readRegisteredAddress(address: string, countryCode: string): RegisteredAddress {
  const text = address.trim();
  const format = addressFormatOf(countryCode);
  if (!format?.postcode) return unread(text, []);
  const pattern = postcodePattern(format.postcode);
  const lines = text
    .split(LINE_BREAK)
    .filter((line) => line !== '')
    .map(lineOf);
  const found = findPostcode(lines, pattern);
  const seen = found ? [...text.matchAll(pattern)].map((match) => wholePostcode(match[1])) : [];
  if (format.postcodeOnly && found)
    return { confident: true, street: null, postcode: found.postcode, towns: [], text, postcodesSeen: seen };
  if (!found)
    return format.postcodeOptional ? withoutPostcode(lines, format, countryCode, text) : unread(text, seen);

  const line = lines[found.line].text;
  const before = trimSeparators(line.slice(0, found.start));
  const after = trimSeparators(line.slice(found.end));
  let towns: string[];
  let street: string | null;
  if (after !== '' && before !== '' && (/\d/.test(before) || lines[found.line - 1]?.number)) {
    // `RUE DE LA GARE L-1611 LUXEMBOURG`: street, postcode and town on one line.
    const number = lines[found.line - 1]?.number ? `${lines[found.line - 1].text} ` : '';
    street = `${number}${before}`;
    towns = [after];
  } else {
    const town = after !== '' ? after : before;
    const streetLine = findStreet(lines, found.line, format, town);
    street = streetLine?.text ?? null;
    towns = town !== '' ? [town] : localityLines(lines, streetLine?.at ?? -1, found.line);
  }
  towns = towns.map((town) => withoutTownMarkers(town, countryCode)).filter((town) => town !== '');
  if (towns.length === 0) return unread(text, seen);
  return { confident: true, street, postcode: found.postcode, towns, text, postcodesSeen: seen };
}

function unread(text: string, postcodesSeen: string[]): RegisteredAddress {
  return { confident: false, street: null, postcode: null, towns: [], text, postcodesSeen };
}

/**
 * Irish lines without an Eircode (`1 GRAND CANAL SQUARE, DUBLIN 2`) and Romanian VIES lines
 * (`JUD. CLUJ, MUN. CLUJ-NAPOCA, STR. MEMORANDUMULUI, NR.28`): the register holds no postcode;
 * the town is the line its marker names (Romania) or the last line that is not a county
 * (Ireland: `MAIN STREET, MALLOW, CO. CORK`).
 */
function withoutPostcode(
  lines: readonly Line[],
  format: AddressFormat,
  countryCode: string,
  text: string,
): RegisteredAddress {
  const markers = TOWN_MARKERS[countryCode];
  const townAt = markers
    ? lines.findIndex((line) => markers.has(line.words[0]?.plain ?? '') || /bucure/i.test(line.text))
    : lines.findLastIndex((line) => !line.area && !line.number);
  if (townAt === -1 || lines.length < 2) return unread(text, []);
  const street = findStreet(lines, townAt, format);
  // Bucharest's sector on a line of its own names the town's district, as a postcode would.
  const sector = lines.find((line) => line.area && line.digits && /^sector/.test(line.words[0]?.plain ?? ''));
  const town = withoutTownMarkers(lines[townAt].text, countryCode);
  if (street === null || town === '') return unread(text, []);
  const towns = [sector ? `${town} ${sector.text}` : town];
  return { confident: true, street: street.text, postcode: null, towns, text, postcodesSeen: [] };
}

/** `гр. София` → `София`, `MUNICIPIUL BUCUREŞTI` → `BUCUREŞTI`. */
function withoutTownMarkers(town: string, countryCode: string): string {
  const markers = TOWN_MARKERS[countryCode];
  if (!markers) return town;
  const words = town.split(/[\s.]+/).filter(Boolean);
  while (words.length > 1 && markers.has(wordsOf(words[0])[0]?.plain ?? '')) words.shift();
  return words.join(' ');
}
