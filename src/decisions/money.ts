import { ISO_4217_MINOR_UNITS } from './iso4217.js';

/**
 * The amounts of a decision in decimal arithmetic, never binary floating point: a decimal is an
 * integer of units and a scale (10.05 is 1005 at scale 2), multiplied as BigInt. VAT per line is
 * computed from the net as given and rounded half up to the currency's ISO 4217 minor unit
 * (EUR 2 digits, JPY 0, BHD and KWD 3); the net is rounded the same way, and gross is the sum of
 * the two rounded figures, so the printed line adds up.
 */

/** The minor unit of an ISO 4217 code (upper case), undefined for anything else. */
export function minorUnitOf(currency: string): number | undefined {
  return Object.hasOwn(ISO_4217_MINOR_UNITS, currency) ? ISO_4217_MINOR_UNITS[currency] : undefined;
}

export const isIsoCurrency = (code: string) => minorUnitOf(code) !== undefined;

interface Decimal {
  units: bigint;
  scale: number;
}

const PLAIN = /^([0-9]+)(?:\.([0-9]+))?$/;
const EXPONENT = /^([0-9]+)(?:\.([0-9]+))?e([+-][0-9]+)$/;

/**
 * A non-negative decimal from a plain decimal string ("19.99") or a finite number. A number is
 * read through its shortest decimal form (0.105 is 105 thousandths, not the binary double below
 * it); an exponent form (1e-7, 1e+21) is expanded. Anything else throws a RangeError naming it.
 */
export function parseDecimal(value: string | number, what: string): Decimal {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(`${what} must be a finite number of at least 0`);
    text = String(value);
  } else text = value;
  const plain = PLAIN.exec(text);
  if (plain) {
    const fraction = plain[2] ?? '';
    return { units: BigInt(plain[1] + fraction), scale: fraction.length };
  }
  const exponent = typeof value === 'number' ? EXPONENT.exec(text) : null;
  if (exponent) {
    const fraction = exponent[2] ?? '';
    const scale = fraction.length - Number(exponent[3]);
    const units = BigInt(exponent[1] + fraction);
    return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
  }
  throw new RangeError(`${what} must be a decimal number of at least 0, such as 19.99`);
}

/** numerator / denominator rounded half up (both non-negative). */
const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

/** A count of minor units as a decimal string with exactly `digits` fraction digits. */
function format(minorUnits: bigint, digits: number): string {
  if (digits === 0) return minorUnits.toString();
  const text = minorUnits.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A decimal rounded half up to `digits` fraction digits, as a count of minor units. */
function toMinorUnits(value: Decimal, digits: number): bigint {
  return divideHalfUp(value.units * 10n ** BigInt(digits), 10n ** BigInt(value.scale));
}

export interface LineAmount {
  net: string;
  vat: string;
  gross: string;
  currency: string;
}

/**
 * One invoice line: the net, the VAT at `ratePercent` (20, 5.5, 8.1; 0 for a zero-rated sale)
 * and the gross, as decimal strings in the currency's minor unit. Throws a RangeError for a code
 * outside ISO 4217 or a net or rate that is negative, not finite or not a decimal.
 */
export function lineAmount(net: string | number, ratePercent: string | number, currency: string): LineAmount {
  const digits = minorUnitOf(currency);
  if (digits === undefined) throw new RangeError(`currency ${currency} is not an ISO 4217 code`);
  const netValue = parseDecimal(net, 'net');
  const rate = parseDecimal(ratePercent, 'rate');
  const netMinor = toMinorUnits(netValue, digits);
  // vat = net × rate / 100, exact, then rounded once.
  const vatMinor = toMinorUnits(
    { units: netValue.units * rate.units, scale: netValue.scale + rate.scale + 2 },
    digits,
  );
  return {
    net: format(netMinor, digits),
    vat: format(vatMinor, digits),
    gross: format(netMinor + vatMinor, digits),
    currency,
  };
}
