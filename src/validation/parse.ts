import { ApiError } from '../errors.js';
import { checkVatNumber, type ParsedVatNumber } from '../numbers/index.js';

/**
 * Stage 1, parse and check the number (decisions section 1): syntax failures are 422
 * `invalid_vat_format` naming the rule; a well-formed number goes on with its check-digit verdict.
 */

export interface CheckedNumber {
  number: ParsedVatNumber;
  checksumValid: boolean;
}

export type NumberField = 'vat_number' | 'requester_vat_number';

export function parseNumber(input: unknown, options: { field?: NumberField } = {}): CheckedNumber {
  const result = checkVatNumber(input);
  if (result.kind === 'syntax_error') {
    const message =
      options.field === 'requester_vat_number' ? `requester_vat_number: ${result.message}` : result.message;
    throw new ApiError('invalid_vat_format', message);
  }
  return { number: result.number, checksumValid: result.checksumValid };
}

/** The requester's number when one was given (its syntax is checked like the target's). */
export function parseRequester(input: unknown): ParsedVatNumber | undefined {
  return input === undefined ? undefined : parseNumber(input, { field: 'requester_vat_number' }).number;
}

/** parseNumber for each input of a batch: the checked number, or the error to report in its place. */
export function parseEach(inputs: readonly string[]): Array<CheckedNumber | ApiError> {
  return inputs.map((input) => {
    try {
      return parseNumber(input);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  });
}
