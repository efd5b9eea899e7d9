/**
 * Stage 2: check digits, embedded dates, fixed digits and value ranges (vat-formats.md sections 3
 * and 4). Each rule takes the normalised national part of a number that passed stage 1, so it may
 * rely on that country's pattern (lengths, which positions are digits) without re-checking it.
 * A failure here is a number that cannot have been issued: decisions section 1 answers it with
 * `valid: false` locally, except GB and XI, which the caller still sends to the registry.
 *
 * Weight tables are module constants, written as in vat-formats.md: this runs on every request.
 */
import {
  birthNumber,
  dateExists,
  digit,
  int,
  isDigit,
  iso7064Mod11_10,
  luhn,
  luhnDouble,
  mod,
  weighted,
} from './check-digit-arithmetic.js';
import type { VatCountryCode } from './normalise.js';

export function passesChecksum(countryCode: VatCountryCode, national: string): boolean {
  return RULES[countryCode](national);
}

const BG_LEGAL = [1, 2, 3, 4, 5, 6, 7, 8];
const BG_LEGAL_RETRY = [3, 4, 5, 6, 7, 8, 9, 10];
const BG_EGN = [2, 4, 8, 5, 10, 9, 7, 3, 6];
const BG_LNCH = [21, 19, 17, 13, 11, 9, 7, 3, 1];
const BG_OTHER = [4, 3, 2, 7, 6, 5, 4, 3, 2];

function bulgaria(s: string): boolean {
  if (s.length === 9) {
    let r = weighted(s, BG_LEGAL) % 11;
    if (r === 10) r = weighted(s, BG_LEGAL_RETRY) % 11;
    return digit(s, 8) === r % 10;
  }
  // 10 digits: valid as an EGN (with a real birth date), an LNCh, or the "other" form.
  const check = digit(s, 9);
  const yy = int(s, 0, 2);
  const mm = int(s, 2, 4);
  const year = mm > 40 ? 2000 + yy : mm > 20 ? 1800 + yy : 1900 + yy;
  const month = mm > 40 ? mm - 40 : mm > 20 ? mm - 20 : mm;
  if (check === (weighted(s, BG_EGN) % 11) % 10 && dateExists(year, month, int(s, 4, 6))) return true;
  if (check === weighted(s, BG_LNCH) % 10) return true;
  const other = (11 - (weighted(s, BG_OTHER) % 11)) % 11;
  return other <= 9 && check === other;
}

/** CY: the value of d1, d3, d5 and d7 in the letter sum, indexed by the digit. */
const CY_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];

function cyprus(s: string): boolean {
  if (s.startsWith('12')) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += i % 2 === 0 ? CY_ODD[digit(s, i)] : digit(s, i);
  return s.charCodeAt(8) === 65 + (sum % 26);
}

const DESCENDING_8_TO_2 = [8, 7, 6, 5, 4, 3, 2];

function czechia(s: string): boolean {
  if (s.length === 8) {
    if (s[0] === '9') return false;
    const r = (11 - (weighted(s, DESCENDING_8_TO_2) % 11)) % 11;
    return digit(s, 7) === (r === 0 ? 1 : r === 10 ? 0 : r);
  }
  if (s.length === 9 && s[0] === '6') {
    const t = (10 - (weighted(s, DESCENDING_8_TO_2, 1) % 11)) % 11;
    return digit(s, 8) === mod(8 - t, 10);
  }
  return birthNumber(s);
}

const ES_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const ES_CIF_LETTERS = 'JABCDEFGHI';

function spain(s: string): boolean {
  const first = s[0];
  const last = s[8];
  if (isDigit(s, 0)) return last === ES_LETTERS[int(s, 0, 8) % 23];
  if (first === 'K' || first === 'L' || first === 'M') return last === ES_LETTERS[int(s, 1, 8) % 23];
  const nie = 'XYZ'.indexOf(first);
  if (nie >= 0) return last === ES_LETTERS[(nie * 1e7 + int(s, 1, 8)) % 23];
  // CIF (entities): a check digit or letter over the 7 digits; both forms accepted for every letter.
  let sum = 0;
  for (let k = 0; k < 7; k++) sum += k % 2 === 0 ? luhnDouble(digit(s, 1 + k)) : digit(s, 1 + k);
  const c = (10 - (sum % 10)) % 10;
  return digit(s, 8) === c || last === ES_CIF_LETTERS[c];
}

const FR_KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function france(s: string): boolean {
  const siren = int(s, 2, 11);
  // Monaco numbers (SIREN starting 000) have no Luhn-valid SIREN.
  if (!s.startsWith('000', 2) && !luhn(s, 2, 11)) return false;
  const i0 = FR_KEY_ALPHABET.indexOf(s[0]);
  const i1 = FR_KEY_ALPHABET.indexOf(s[1]);
  if (i0 <= 9 && i1 <= 9) return i0 * 10 + i1 === (siren * 100 + 12) % 97;
  const k = i0 <= 9 ? 24 * i0 + i1 - 10 : 34 * i0 + i1 - 100;
  return (siren + 1 + Math.floor(k / 11)) % 11 === k % 11;
}

/** IE letter values: W = 0, A = 1, … V = 22. */
const IE_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';

function ireland(s: string): boolean {
  // Old form `c1 c2 c3…c7 c8` (c2 not a digit): checked as the 7 digits `0 c3…c7 c1`; c2 is not checked.
  const digits = isDigit(s, 1) ? s : `0${s.slice(2, 7)}${s[0]}`;
  const second = s.length === 9 ? IE_LETTERS.indexOf(s[8]) : 0;
  const sum = weighted(digits, DESCENDING_8_TO_2) + 9 * second;
  return s[7] === IE_LETTERS[sum % 23];
}

function italy(s: string): boolean {
  // The office code d8d9d10 must be one that exists: 001–100, 120, 121, 888 or 999.
  const office = int(s, 7, 10);
  const knownOffice =
    (office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999;
  return knownOffice && int(s, 0, 7) !== 0 && luhn(s);
}

const LT_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2];
const LT_RETRY = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4];

function lithuania(s: string): boolean {
  // n digits before the check digit (8 or 11); the one before the check digit is fixed at 1.
  const n = s.length - 1;
  if (digit(s, n - 1) !== 1) return false;
  let r = weighted(s, LT_WEIGHTS, 0, n) % 11;
  if (r === 10) r = weighted(s, LT_RETRY, 0, n) % 11;
  return digit(s, n) === r % 10;
}

const LV_LEGAL = [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1];
const LV_PERSON = [10, 5, 8, 4, 2, 1, 6, 3, 7, 9];

function latvia(s: string): boolean {
  if (digit(s, 0) >= 4) return weighted(s, LV_LEGAL) % 11 === 3;
  if (digit(s, 10) !== ((1 + weighted(s, LV_PERSON)) % 11) % 10) return false;
  // Personal codes issued since July 2017 start with 32 and carry no birth date (section 5).
  if (s.startsWith('32')) return true;
  return dateExists(1800 + 100 * digit(s, 6) + int(s, 4, 6), int(s, 2, 4), int(s, 0, 2));
}

const NL_ELEVEN_TEST = [9, 8, 7, 6, 5, 4, 3, 2, -1];
/** `2321` (N = 23, L = 21) as the leading digits of the mod-97 number, reduced mod 97. */
const NL_PREFIX_MOD_97 = 2321 % 97;

function netherlands(s: string): boolean {
  if (int(s, 0, 9) === 0 || s.endsWith('00')) return false;
  if (mod(weighted(s, NL_ELEVEN_TEST), 11) === 0) return true;
  // Sole traders since 2020: `2321 d1…d9 11 e1e2` mod 97 = 1. 17 digits exceed 2^53, so reduce
  // digit by digit (section 1 notes); `B` counts as 11.
  let r = NL_PREFIX_MOD_97;
  for (let i = 0; i < 9; i++) r = (r * 10 + digit(s, i)) % 97;
  r = (r * 100 + 11) % 97;
  r = (r * 100 + int(s, 10, 12)) % 97;
  return r === 1;
}

const RO_WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2];

function romania(s: string): boolean {
  // The digits before the check digit, left-padded with zeros to 9, meet the weights' tail.
  const n = s.length - 1;
  let sum = 0;
  for (let k = 0; k < n; k++) sum += RO_WEIGHTS[9 - n + k] * digit(s, k);
  return digit(s, n) === ((10 * sum) % 11) % 10;
}

/** GB and XI, HMRC's VrnValidation: 9 or 12 digits under either mod-97 scheme, or GD/HA ranges. */
function unitedKingdom(s: string): boolean {
  const gd = s.startsWith('GD');
  if (gd || s.startsWith('HA')) {
    const short = s.length === 5;
    const nnn = short ? int(s, 2, 5) : int(s, 6, 9);
    const inRange = gd ? nnn < 500 : nnn >= 500;
    return inRange && (short || nnn % 97 === int(s, 9, 11));
  }
  // The branch digits d10–d12 of a 12-digit number are not checked.
  const t = weighted(s, DESCENDING_8_TO_2);
  const c = int(s, 7, 9);
  return c === 97 - (t % 97) || c === 97 - ((t + 55) % 97);
}

const DK_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];
const EE_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];
const EL_WEIGHTS = [256, 128, 64, 32, 16, 8, 4, 2];
const FI_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1];
const HU_WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1];
const MT_WEIGHTS = [3, 4, 6, 7, 8, 9, 10, 1];
const PL_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
const PT_WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2];
const CH_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4];
const NO_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2, 1];
/** The ABR's test with 10·(d1 − 1) written as 10·d1 − 10. */
const AU_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

const RULES: Readonly<Record<VatCountryCode, (national: string) => boolean>> = {
  AT: (s) => {
    // d1…d8 follow the U: S = d1 + f(d2) + d3 + f(d4) + d5 + f(d6) + d7, d8 = (6 − S) mod 10.
    let sum = 0;
    for (let i = 1; i <= 7; i++) sum += i % 2 === 1 ? digit(s, i) : luhnDouble(digit(s, i));
    return digit(s, 8) === mod(6 - sum, 10);
  },
  BE: (s) => int(s, 0, 10) !== 0 && (int(s, 0, 8) + int(s, 8, 10)) % 97 === 0,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechia,
  DE: iso7064Mod11_10,
  DK: (s) => weighted(s, DK_WEIGHTS) % 11 === 0,
  EE: (s) => weighted(s, EE_WEIGHTS) % 10 === 0,
  EL: (s) => digit(s, 8) === (weighted(s, EL_WEIGHTS) % 11) % 10,
  ES: spain,
  FI: (s) => weighted(s, FI_WEIGHTS) % 11 === 0,
  FR: france,
  HR: iso7064Mod11_10,
  HU: (s) => weighted(s, HU_WEIGHTS) % 10 === 0,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: (s) => int(s, 0, 6) % 89 === int(s, 6, 8),
  LV: latvia,
  MT: (s) => weighted(s, MT_WEIGHTS) % 37 === 0,
  NL: netherlands,
  PL: (s) => mod(weighted(s, PL_WEIGHTS) - digit(s, 9), 11) === 0,
  PT: (s) => digit(s, 8) === ((11 - (weighted(s, PT_WEIGHTS) % 11)) % 11) % 10,
  RO: romania,
  SE: (s) => luhn(s, 0, 10),
  SI: (s) => {
    // c = 11 cannot be valid; c = 10 means check digit 0.
    const c = 11 - (weighted(s, DESCENDING_8_TO_2) % 11);
    return c !== 11 && digit(s, 7) === c % 10;
  },
  SK: (s) => birthNumber(s) || (s[0] !== '0' && '234789'.includes(s[2]) && int(s, 0, 10) % 11 === 0),
  GB: unitedKingdom,
  XI: unitedKingdom,
  CH: (s) => {
    // s is `E` + 9 digits + `MWST`; c = 10 is never issued.
    const c = (11 - (weighted(s, CH_WEIGHTS, 1) % 11)) % 11;
    return c !== 10 && digit(s, 9) === c;
  },
  NO: (s) => weighted(s, NO_WEIGHTS) % 11 === 0,
  AU: (s) => (weighted(s, AU_WEIGHTS) - 10) % 89 === 0,
  // vat-formats.md section 4 (LI): no check-digit scheme is published; the format is the whole test.
  LI: () => true,
};
