import { iso, type ValidationAnswer } from './answer.js';
import type { CheckedNumber } from './parse.js';

/** Countries whose registry decides on numbers failing local check digits (decisions section 1). */
const REGISTRY_DECIDES_CHECKSUM = new Set(['GB', 'XI']);

/**
 * Answers that need no registry (decisions sections 1 and 3): a number failing its check digits
 * cannot be registered (`checksum`, unless CHECK_DIGITS=false or its registry decides), and
 * Liechtenstein has no registry at all (`format`, unverified).
 */
export function localAnswer(
  checked: CheckedNumber,
  options: { checkDigits: boolean; now: number },
): ValidationAnswer | undefined {
  const { number } = checked;
  const base = {
    vat_number: number.vatNumber,
    country_code: number.countryCode,
    consultation_number: null,
    match: null,
  };
  if (!checked.checksumValid && options.checkDigits && !REGISTRY_DECIDES_CHECKSUM.has(number.countryCode)) {
    return {
      data: { valid: false, ...base, company: null, requested_at: iso(options.now) },
      meta: { cached: false, source: 'checksum', source_status: 'live' },
    };
  }
  if (number.countryCode === 'LI') {
    return {
      data: { valid: true, ...base, company: null, requested_at: iso(options.now) },
      meta: { cached: false, source: 'format', source_status: 'unverified' },
    };
  }
  return undefined;
}
