/**
 * Stage 1, syntax: the pattern each country's national part must match in full, and the rule the
 * 422 `invalid_vat_format` message names (vat-formats.md section 2; decisions section 1).
 * Every pattern is anchored, built from digit and letter classes with fixed or small bounded
 * repetitions, so matching is linear in the (already capped) input.
 */
import type { VatCountryCode } from './normalise.js';

interface CountryFormat {
  pattern: RegExp;
  /** Completes "XX numbers have …", e.g. "9 digits after the prefix, the first not 0". */
  rule: string;
  /** A valid number, normalised, shown in the message. */
  example: string;
}

const GB_PATTERN = /^(?:[0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3}|GD8888[0-9]{5}|HA8888[0-9]{5})$/;
const GB_RULE = '9 or 12 digits after the prefix, or GD or HA and 3 digits, or GD8888 or HA8888 and 5 digits';

export const FORMATS: Readonly<Record<VatCountryCode, CountryFormat>> = {
  AT: { pattern: /^U[0-9]{8}$/, rule: 'the letter U and 8 digits after the prefix', example: 'ATU13585627' },
  BE: {
    pattern: /^(?:[0-9]{9}|[01][0-9]{9})$/,
    rule: '10 digits after the prefix, starting with 0 or 1, or 9 digits in the old form',
    example: 'BE0428759497',
  },
  BG: { pattern: /^[0-9]{9,10}$/, rule: '9 or 10 digits after the prefix', example: 'BG175074752' },
  CY: { pattern: /^[0-9]{8}[A-Z]$/, rule: '8 digits and a letter after the prefix', example: 'CY10259033P' },
  CZ: { pattern: /^[0-9]{8,10}$/, rule: '8, 9 or 10 digits after the prefix', example: 'CZ25123891' },
  DE: {
    pattern: /^[1-9][0-9]{8}$/,
    rule: '9 digits after the prefix, the first not 0',
    example: 'DE136695976',
  },
  DK: {
    pattern: /^[1-9][0-9]{7}$/,
    rule: '8 digits after the prefix, the first not 0',
    example: 'DK13585628',
  },
  EE: { pattern: /^[0-9]{9}$/, rule: '9 digits after the prefix', example: 'EE100931558' },
  EL: {
    pattern: /^[0-9]{8,9}$/,
    rule: '9 digits after the prefix, or 8 in the old form',
    example: 'EL094259216',
  },
  ES: {
    pattern: /^[0-9A-HJ-NP-SU-Z][0-9]{7}[0-9A-Z]$/,
    rule: '9 characters after the prefix: a digit or a letter other than I, O and T, 7 digits, then a digit or a letter',
    example: 'ESB58378431',
  },
  FI: { pattern: /^[0-9]{8}$/, rule: '8 digits after the prefix', example: 'FI20774740' },
  FR: {
    pattern: /^[0-9A-HJ-NP-Z]{2}[0-9]{9}$/,
    rule: 'a 2-character key (digits or letters other than I and O) and the 9-digit SIREN after the prefix',
    example: 'FR40303265045',
  },
  HR: { pattern: /^[0-9]{11}$/, rule: '11 digits after the prefix', example: 'HR33392005961' },
  HU: { pattern: /^[0-9]{8}$/, rule: '8 digits after the prefix', example: 'HU12892312' },
  IE: {
    pattern: /^(?:[0-9]{7}[A-W][A-W]?|[0-9][A-Z+*][0-9]{5}[A-W])$/,
    rule: '7 digits and 1 or 2 letters A to W after the prefix, or in the old form a digit, a letter (or + or *), 5 digits and a letter A to W',
    example: 'IE6433435F',
  },
  IT: { pattern: /^[0-9]{11}$/, rule: '11 digits after the prefix', example: 'IT00743110157' },
  LT: {
    pattern: /^(?:[0-9]{9}|[0-9]{12})$/,
    rule: '9 or 12 digits after the prefix',
    example: 'LT119511515',
  },
  LU: { pattern: /^[0-9]{8}$/, rule: '8 digits after the prefix', example: 'LU15027442' },
  LV: { pattern: /^[0-9]{11}$/, rule: '11 digits after the prefix', example: 'LV40003521600' },
  MT: {
    pattern: /^[1-9][0-9]{7}$/,
    rule: '8 digits after the prefix, the first not 0',
    example: 'MT11679112',
  },
  NL: {
    pattern: /^[0-9]{1,9}B[0-9]{2}$/,
    rule: '9 digits, the letter B and 2 digits after the prefix',
    example: 'NL004495445B01',
  },
  PL: { pattern: /^[0-9]{10}$/, rule: '10 digits after the prefix', example: 'PL8567346215' },
  PT: {
    pattern: /^[1-9][0-9]{8}$/,
    rule: '9 digits after the prefix, the first not 0',
    example: 'PT501964843',
  },
  RO: {
    pattern: /^[1-9][0-9]{1,9}$/,
    rule: '2 to 10 digits after the prefix, the first not 0',
    example: 'RO18547290',
  },
  SE: {
    pattern: /^[0-9]{10}01$/,
    rule: '12 digits after the prefix, ending in 01',
    example: 'SE556043606401',
  },
  SI: {
    pattern: /^[1-9][0-9]{7}$/,
    rule: '8 digits after the prefix, the first not 0',
    example: 'SI50223054',
  },
  SK: { pattern: /^[0-9]{10}$/, rule: '10 digits after the prefix', example: 'SK2022749619' },
  GB: { pattern: GB_PATTERN, rule: GB_RULE, example: 'GB980780684' },
  // XI follows the GB rules with its own prefix; `XIGB…` keeps `GB` in the national part and fails.
  XI: { pattern: GB_PATTERN, rule: GB_RULE, example: 'XI432525179' },
  CH: {
    pattern: /^E[0-9]{9}(?:MWST|TVA|IVA|TPV)?$/,
    rule: 'CHE and 9 digits, optionally followed by MWST, TVA, IVA or TPV',
    example: 'CHE107787577MWST',
  },
  NO: {
    pattern: /^[0-9]{9}(?:MVA)?$/,
    rule: '9 digits after the prefix, optionally followed by MVA',
    example: 'NO995525828MVA',
  },
  AU: {
    pattern: /^[1-9][0-9]{10}$/,
    rule: 'the 11-digit ABN after the prefix, the first digit not 0',
    example: 'AU51824753556',
  },
  // vat-formats.md section 4 (LI): the five-digit MWST-Nr., no suffix, not a CHE UID.
  LI: { pattern: /^[0-9]{5}$/, rule: '5 digits after the prefix', example: 'LI12345' },
};

export function matchesFormat(countryCode: VatCountryCode, national: string): boolean {
  return FORMATS[countryCode].pattern.test(national);
}

/** Messages echo at most this many characters of what the client sent. */
const ECHO_LIMIT = 20;

const GREEK_PREFIX = /^(?:EL|GR)/;

export function echo(text: string): string {
  return text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT)}…` : text;
}

/** The 422 message for a national part that failed stage 1, e.g. "DE numbers have 9 digits after the prefix, …". */
export function formatMessage(countryCode: VatCountryCode, prefix: string, national: string): string {
  const { rule, example } = FORMATS[countryCode];
  // `DEDE…`, `ATATU…`, `ELGR…`: the one mistake worth naming, since the number itself may be fine.
  const doubled = national.startsWith(prefix) || (countryCode === 'EL' && GREEK_PREFIX.test(national));
  const hint = doubled ? ' (the country prefix appears twice)' : '';
  return `${countryCode} numbers have ${rule} (e.g. ${example}); got '${echo(prefix + national)}'${hint}.`;
}
