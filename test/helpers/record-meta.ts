import { expect } from 'vitest';

/** A validation record's id (wave-2 A1). */
export const VALIDATION_ID = /^val_[0-9a-f]{32}$/;

/**
 * The meta members an answer gets from its record: the record's id (any well-formed one; tests
 * about the id itself compare it with the stored record) and the reference sent, or null.
 */
export function recordMeta(reference: string | null = null) {
  return { validation_id: expect.stringMatching(VALIDATION_ID), reference };
}
