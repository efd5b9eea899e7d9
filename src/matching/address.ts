import {
  type AddressFormat,
  AREA_WORDS,
  addressFormatOf,
  type PostcodeFormat,
  TOWN_MARKERS,
  UNIT_WORDS,
} from './address-formats.js';
import { type Word, wordsOf } from './letters.js';
import { readStreet } from './streets.js';

/**
 * The registered address read into its parts (docs/matching.md, "Reading the registered
 * address"). Registries give one line: VIES its free-text lines, the others their fields, joined
 * with ", " (decisions section 3). The line is cut into its parts at commas and line breaks; the
 * postcode is found by the country's format and anchors the rest: the town is written after it
 * (`1070 Wien`), before it (`Valletta VLT 1117`, `гр. София 1000`) or on the line before when the
 * postcode stands alone (`Brighton | BN1 1AA`); the street is the line nearest the town that holds
 * a house number or a street word. An address read this way is `confident`; one that cannot be
 * (no postcode where the country always writes one, no town) is not, and no field compared with
 * it is ever more than `partial`.
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

const LINE_BREAK = /\s*(?:\r?\n|,)\s*/;
const postcodePatterns = new WeakMap<PostcodeFormat, RegExp>();

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

/** The postcode run together: spaces and hyphens out, upper case (`SE-111 22` → `11122` after the prefix). */
export function wholePostcode(written: string): string {
  return written.replace(/[\s-]+/g, '').toUpperCase();
}

interface Found {
  line: number;
  start: number;
  end: number;
  postcode: string;
}

function findPostcode(lines: readonly string[], format: PostcodeFormat): Found | undefined {
  const pattern = postcodePattern(format);
  for (let line = lines.length - 1; line >= 0; line--) {
    let last: RegExpExecArray | undefined;
    for (const found of lines[line].matchAll(pattern)) last = found as RegExpExecArray;
    if (last)
      return { line, start: last.index, end: last.index + last[0].length, postcode: wholePostcode(last[1]) };
  }
  return undefined;
}

/** A line with a house number or a street word is a street (not a town, county or unit). */
function looksLikeStreet(line: string): boolean {
  const words = wordsOf(line);
  if (words.length === 0) return false;
  if (/\d/.test(line) && !isUnitLine(words)) return words.some((word) => /[a-z]/.test(word.plain));
  return false;
}

/** `BL.1`, `ET.2`, `AP.3`, `2. tv.`: a line naming a flat or floor. */
function isUnitLine(words: readonly Word[]): boolean {
  return words.length <= 2 && UNIT_WORDS.has(words[0].plain);
}

/** A line that names the number alone (`NR.5`, `12`), to join with its street. */
function isNumberLine(line: string): boolean {
  return /^(?:(?:nr|no|n)\.?\s*)?\d+\s*[a-z]?\.?$/i.test(line);
}

function isAreaLine(line: string): boolean {
  return wordsOf(line).some((word) => AREA_WORDS.has(word.plain));
}

/**
 * The street: of the lines nearest the postcode (before it, then after it), the first that holds a
 * street word of the country (`Road`, `tn`, `Straße`), else the first with a house number; a line
 * that names only the number (`NR.5`, a Luxembourg `12,`) joins it.
 */
function findStreet(
  lines: readonly string[],
  from: number,
  skip: ReadonlySet<number>,
  format: AddressFormat,
): string | null {
  const order = [...lines.keys()].filter((i) => i < from).reverse();
  order.push(...[...lines.keys()].filter((i) => i > from));
  const candidates = order.filter((i) => !skip.has(i) && !isAreaLine(lines[i]) && !isNumberLine(lines[i]));
  const withWord = candidates.find((i) => readStreet(lines[i], format).kinds.size > 0);
  const at = withWord ?? candidates.find((i) => looksLikeStreet(lines[i]));
  if (at === undefined) return null;
  if (isNumberLine(lines[at - 1] ?? 'x') && !skip.has(at - 1)) return `${lines[at - 1]} ${lines[at]}`;
  if (isNumberLine(lines[at + 1] ?? 'x') && !skip.has(at + 1)) return `${lines[at]} ${lines[at + 1]}`;
  return lines[at];
}

/**
 * Lines that may name the town when the postcode stands alone: those between the street and the
 * postcode (`12 London Road | Brighton | BN1 1AA`), else any without digits; never a county or
 * district line.
 */
function localityLines(lines: readonly string[], street: string | null, postcodeLine: number): string[] {
  const streetLine =
    street === null ? -1 : lines.findLastIndex((line, i) => i < postcodeLine && street.endsWith(line));
  const between = lines.slice(streetLine + 1, postcodeLine).filter((line) => !isAreaLine(line));
  if (streetLine !== -1 && between.length > 0) return between;
  return lines.filter(
    (line, i) => i !== postcodeLine && !/\d/.test(line) && !isAreaLine(line) && wordsOf(line).length > 0,
  );
}

function cleanTown(text: string): string {
  return text.replace(/^[\s\-–,]+|[\s\-–,]+$/g, '');
}

export function readRegisteredAddress(address: string, countryCode: string): RegisteredAddress {
  const text = address.trim();
  const format = addressFormatOf(countryCode);
  if (!format?.postcode) return unread(text, []);
  const lines = text.split(LINE_BREAK).filter((line) => line !== '');
  const seen = [...text.matchAll(postcodePattern(format.postcode))].map((found) => wholePostcode(found[1]));
  const found = findPostcode(lines, format.postcode);
  if (format.postcodeOnly && found)
    return { confident: true, street: null, postcode: found.postcode, towns: [], text, postcodesSeen: seen };
  if (!found)
    return format.postcodeOptional ? withoutPostcode(lines, format, countryCode, text) : unread(text, seen);

  const line = lines[found.line];
  const before = cleanTown(line.slice(0, found.start));
  const after = cleanTown(line.slice(found.end));
  let towns: string[];
  let street: string | null;
  if (after !== '' && before !== '' && looksLikeStreetOrWords(before, lines, found.line)) {
    // `RUE DE LA GARE L-1611 LUXEMBOURG`: street, postcode and town on one line.
    street = isNumberLine(lines[found.line - 1] ?? 'x') ? `${lines[found.line - 1]} ${before}` : before;
    towns = [after];
  } else {
    const town = after !== '' ? after : before;
    street = findStreet(lines, found.line, new Set([found.line]), format);
    towns = town !== '' ? [town] : localityLines(lines, street, found.line);
  }
  towns = towns.map((town) => stripTownMarkers(town, countryCode)).filter((town) => town !== '');
  if (towns.length === 0) return unread(text, seen);
  return { confident: true, street, postcode: found.postcode, towns, text, postcodesSeen: seen };
}

function unread(text: string, postcodesSeen: string[]): RegisteredAddress {
  return { confident: false, street: null, postcode: null, towns: [], text, postcodesSeen };
}

/** A one-line address where the text before the postcode is the street: it has a number line before it, or a number. */
function looksLikeStreetOrWords(before: string, lines: readonly string[], line: number): boolean {
  return /\d/.test(before) || isNumberLine(lines[line - 1] ?? 'x');
}

/**
 * Irish lines without an Eircode (`1 GRAND CANAL SQUARE, DUBLIN 2`) and Romanian VIES lines
 * (`JUD. CLUJ, MUN. CLUJ-NAPOCA, STR. MEMORANDUMULUI, NR.28`): the register holds no postcode;
 * the town is the line its marker names (Romania) or the last line (Ireland).
 */
function withoutPostcode(
  lines: readonly string[],
  format: AddressFormat,
  countryCode: string,
  text: string,
): RegisteredAddress {
  const markers = TOWN_MARKERS[countryCode];
  const townLine = markers
    ? lines.findIndex((line) => markers.has(wordsOf(line)[0]?.plain ?? '') || /bucure/i.test(line))
    : lines.length - 1;
  if (townLine === -1 || lines.length < 2) return unread(text, []);
  const street = findStreet(lines, townLine, new Set([townLine]), format);
  const town = stripTownMarkers(lines[townLine], countryCode);
  if (street === null || town === '') return unread(text, []);
  return { confident: true, street, postcode: null, towns: [town], text, postcodesSeen: [] };
}

/** `гр. София` → `София`, `MUNICIPIUL BUCUREŞTI` → `BUCUREŞTI`. */
function stripTownMarkers(town: string, countryCode: string): string {
  const markers = TOWN_MARKERS[countryCode];
  if (!markers) return town;
  const words = town.split(/[\s.]+/).filter(Boolean);
  while (words.length > 1 && markers.has(wordsOf(words[0])[0]?.plain ?? '')) words.shift();
  return words.join(' ');
}
