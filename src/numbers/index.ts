/**
 * The VAT number module: clean-up, country, stage 1 (syntax) and stage 2 (check digits), all
 * local and pure (decisions section 1, vat-formats.md). What to do with the result — 422, a local
 * `valid: false`, or a registry call (GB and XI always; everyone when CHECK_DIGITS=false) — is the
 * caller's decision.
 */
import { passesChecksum } from './checksums.js';
import { echo, formatMessage, matchesFormat } from './formats.js';
import {
  cleanInput,
  looksLikePrefix,
  MAX_INPUT_LENGTH,
  normaliseNational,
  type VatCountryCode,
} from './normalise.js';

export { VAT_COUNTRY_CODES, type VatCountryCode } from './normalise.js';

export interface ParsedVatNumber {
  countryCode: VatCountryCode;
  /** Compact normalised national part, e.g. `123456704`, `U12345675`, `E100000006MWST`, `900000006MVA`. */
  national: string;
  /** countryCode + national, e.g. `DE123456704`, `CHE100000006MWST`, `EL123456709`. */
  vatNumber: string;
}

export type VatCheck =
  | { kind: 'syntax_error'; countryCode: VatCountryCode | null; message: string }
  | { kind: 'checked'; number: ParsedVatNumber; checksumValid: boolean };

/** Never throws: anything that is not a well-formed VAT number string is a `syntax_error`. */
export function checkVatNumber(input: unknown): VatCheck {
  if (typeof input !== 'string') {
    return syntaxError(null, `VAT number must be a string; got ${describeType(input)}.`);
  }
  // Before any other work, so a huge string costs one comparison (see MAX_INPUT_LENGTH).
  if (input.length > MAX_INPUT_LENGTH) {
    return syntaxError(
      null,
      `VAT number is too long: at most ${MAX_INPUT_LENGTH} characters are accepted, separators included; got ${input.length}.`,
    );
  }

  const cleaned = cleanInput(input);
  switch (cleaned.kind) {
    case 'empty':
      return syntaxError(
        null,
        'VAT number is empty; it must start with a two-letter country code (e.g. DE).',
      );
    case 'unexpected_character': {
      const subject = cleaned.countryCode === null ? 'VAT number' : `${cleaned.countryCode} VAT number`;
      return syntaxError(
        cleaned.countryCode,
        `${subject} contains the unexpected character ${cleaned.character}; only letters A-Z, digits and the separators space . , / - are allowed.`,
      );
    }
    case 'unknown_prefix':
      return syntaxError(
        null,
        looksLikePrefix(cleaned.compact)
          ? `VAT number must start with a supported two-letter country code (e.g. DE); got '${cleaned.compact.slice(0, 2)}'.`
          : `VAT number must start with a two-letter country code (e.g. DE136695976); got '${echo(cleaned.compact)}'.`,
      );
  }

  const { countryCode, prefix, national } = cleaned;
  if (!matchesFormat(countryCode, national)) {
    return syntaxError(countryCode, formatMessage(countryCode, prefix, national));
  }
  const normalised = normaliseNational(countryCode, national);
  return {
    kind: 'checked',
    number: { countryCode, national: normalised, vatNumber: countryCode + normalised },
    checksumValid: passesChecksum(countryCode, normalised),
  };
}

function syntaxError(countryCode: VatCountryCode | null, message: string): VatCheck {
  return { kind: 'syntax_error', countryCode, message };
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object') return `a ${typeof value}`;
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    // Array.isArray throws on a revoked Proxy.
    return 'an object';
  }
}
