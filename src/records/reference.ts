import { ApiError } from '../errors.js';

/**
 * The caller's `reference` (its own id for the customer or order): one rule for every channel
 * that takes one, the GET query, the batch and async bodies and their items, the bulk upload's
 * query and each row's `reference` cell, and the monitor bodies. The request schemas take the
 * pattern (http/schemas/reference.ts); input no schema guards (a CSV cell, a monitor body read by
 * the service) is checked with `checkReference`, so both refuse the same values with the same words.
 */

/** The most characters a reference has once the spaces around it are trimmed. */
export const REFERENCE_MAX_LENGTH = 128;

/**
 * 1 to 128 printable characters once the spaces around them are trimmed: a first and a last
 * character that are neither a control, format or unassigned character nor a space, and in
 * between anything printable, spaces included. Line and paragraph separators count as control.
 */
export const REFERENCE_PATTERN = `^\\p{Zs}*[^\\p{C}\\p{Z}](?:[^\\p{C}\\p{Zl}\\p{Zp}]{0,${REFERENCE_MAX_LENGTH - 2}}[^\\p{C}\\p{Z}])?\\p{Zs}*$`;

/** What a refused reference is told, on every channel, in place of the pattern itself. */
export const REFERENCE_MESSAGE = `must be 1 to ${REFERENCE_MAX_LENGTH} printable characters once the spaces around it are trimmed (no control characters)`;

// As the request schemas compile it: Unicode-aware, so a length counts characters, not UTF-16 units.
const REFERENCE = new RegExp(REFERENCE_PATTERN, 'u');

/** A reference as kept: trimmed, or the reason it is refused (REFERENCE_MESSAGE). */
export function checkReference(value: string): { ok: true; value: string } | { ok: false; reason: string } {
  return REFERENCE.test(value) ? { ok: true, value: value.trim() } : { ok: false, reason: REFERENCE_MESSAGE };
}

/** A reference as kept, trimmed; 422 `validation_error` with REFERENCE_MESSAGE when it breaks the rule. */
export function parseReference(value: string): string {
  const checked = checkReference(value);
  if (!checked.ok) throw new ApiError('validation_error', `reference: ${checked.reason}.`);
  return checked.value;
}
