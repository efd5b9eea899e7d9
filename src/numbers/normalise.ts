/**
 * Clean-up of a raw VAT number string, the country prefix, and the normalised national part
 * (vat-formats.md section 1, steps 1–5 and 8; decisions section 1).
 */

export type VatCountryCode =
  | 'AT'
  | 'BE'
  | 'BG'
  | 'CY'
  | 'CZ'
  | 'DE'
  | 'DK'
  | 'EE'
  | 'EL'
  | 'ES'
  | 'FI'
  | 'FR'
  | 'HR'
  | 'HU'
  | 'IE'
  | 'IT'
  | 'LT'
  | 'LU'
  | 'LV'
  | 'MT'
  | 'NL'
  | 'PL'
  | 'PT'
  | 'RO'
  | 'SE'
  | 'SI'
  | 'SK'
  | 'GB'
  | 'XI'
  | 'CH'
  | 'LI'
  | 'NO'
  | 'AU';

export const VAT_COUNTRY_CODES: readonly VatCountryCode[] = Object.freeze([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'GB',
  'XI',
  'CH',
  'LI',
  'NO',
  'AU',
] as const);

/** Upper-case prefix → country; `GR` is an alias of `EL` (decisions section 1). */
const PREFIXES: ReadonlyMap<string, VatCountryCode> = new Map<string, VatCountryCode>([
  ...VAT_COUNTRY_CODES.map((code) => [code, code] as const),
  ['GR', 'EL'],
]);

/**
 * A raw string longer than this is refused before any other work. The longest normalised number
 * has 16 characters (`CHE107787577MWST`) and a hand-formatted one about 25 (`CHE-107.787.577 MWST`),
 * so 100 leaves room for generous spacing while a 1 MB string costs one length comparison.
 */
export const MAX_INPUT_LENGTH = 100;

/**
 * Step 1: whitespace (exactly JavaScript's `\s`), `.`, `,`, `/` and the dashes U+002D, U+2010–U+2015,
 * U+2212, U+FE63, U+FF0D. A single character class, so the replacement is linear in the length.
 */
const SEPARATORS = /[\s.,/\-\u2010-\u2015\u2212\uFE63\uFF0D]/g;

/** Step 2: anything but ASCII letters, digits, `+` and `*` (old Irish numbers) is refused. */
const UNEXPECTED_CHARACTER = /[^A-Za-z0-9+*]/;

const TWO_ASCII_LETTERS = /^[A-Z]{2}$/;

export type CleanedInput =
  | { kind: 'empty' }
  | { kind: 'unexpected_character'; character: string; countryCode: VatCountryCode | null }
  | { kind: 'unknown_prefix'; compact: string }
  /** `prefix` is the prefix as written (upper-cased), e.g. `GR` for a Greek number. */
  | { kind: 'cleaned'; countryCode: VatCountryCode; prefix: string; national: string };

/**
 * Steps 1–5 of vat-formats.md section 1. The prefix is looked up before the character check is
 * reported (the order the reference allows) so that the message can name the country.
 * The caller has already capped the length at MAX_INPUT_LENGTH.
 */
export function cleanInput(raw: string): CleanedInput {
  const compact = raw.replace(SEPARATORS, '');
  if (compact.length === 0) return { kind: 'empty' };

  // Step 3 (upper-casing) must not turn a non-ASCII letter into an ASCII one: `'ß'.toUpperCase()`
  // is `SS`, `'ı'.toUpperCase()` is `I`. So the prefix found here only counts when its two
  // characters pass the character check (bad.index >= 2), and the rest is upper-cased after it.
  const countryCode = PREFIXES.get(compact.slice(0, 2).toUpperCase()) ?? null;
  const bad = UNEXPECTED_CHARACTER.exec(compact);
  if (bad !== null) {
    return {
      kind: 'unexpected_character',
      character: describeCharacter(compact.codePointAt(bad.index) ?? 0),
      countryCode: bad.index >= 2 ? countryCode : null,
    };
  }

  const upper = compact.toUpperCase();
  if (countryCode === null) return { kind: 'unknown_prefix', compact: upper };
  // Step 5: exactly one prefix is removed; a repeated one stays in the national part and fails stage 1.
  return { kind: 'cleaned', countryCode, prefix: upper.slice(0, 2), national: upper.slice(2) };
}

/** True when the first two characters are ASCII letters: a prefix, just not one of ours. */
export function looksLikePrefix(compact: string): boolean {
  return TWO_ASCII_LETTERS.test(compact.slice(0, 2));
}

/**
 * Step 8: the compact national part in its normalised form, for a national part that passed
 * stage 1. BE and EL old forms gain a leading 0, NL pads the digits before `B` to 9, CH always
 * ends in `MWST` and NO in `MVA` (decisions section 1).
 */
export function normaliseNational(countryCode: VatCountryCode, national: string): string {
  switch (countryCode) {
    case 'BE':
      return national.length === 9 ? `0${national}` : national;
    case 'EL':
      return national.length === 8 ? `0${national}` : national;
    case 'NL': {
      const b = national.indexOf('B');
      return b === 9 ? national : `${'0'.repeat(9 - b)}${national}`;
    }
    case 'CH':
      return `${national.slice(0, 10)}MWST`;
    case 'NO':
      return national.length === 12 ? national : `${national}MVA`;
    default:
      return national;
  }
}

/** Printable characters are quoted; invisible ones (controls, format marks) only get their code point. */
function describeCharacter(codePoint: number): string {
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  const invisible =
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0xa0) ||
    codePoint === 0xad ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff);
  return invisible ? hex : `'${String.fromCodePoint(codePoint)}' (${hex})`;
}
