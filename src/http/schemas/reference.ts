import { type TString, Type } from '@sinclair/typebox';
import type { TraderFields } from '../../matching/compare.js';
import { traderFieldsOf, traderProperties } from '../../matching/trader-fields.js';
import { printableText } from '../../printable-text.js';
import { REFERENCE_MAX_LENGTH, REFERENCE_PATTERN } from '../../records/reference.js';

/**
 * The `reference` schema (its rule is records/reference.ts) and the batch item that may carry one:
 * the one definition every route that takes a reference uses.
 */

export const REFERENCE_EXAMPLE = 'customer-4711';

export const Reference = Type.String({
  ...printableText(REFERENCE_PATTERN),
  description: `Your own id for the customer or order, 1–${REFERENCE_MAX_LENGTH} printable characters (spaces around it are trimmed). Kept on the validation record and returned in \`meta.reference\`.`,
  examples: [REFERENCE_EXAMPLE],
});

/**
 * An item of a batch body: the number alone, or `{ vat_number, reference, trader_… }` whose
 * reference wins over the body's top-level one and whose trader fields are compared with what the
 * registry holds. `number` is the route's schema for one number.
 */
export function batchEntry(number: TString) {
  return Type.Union([
    number,
    Type.Object(
      { vat_number: number, reference: Type.Optional(Reference), ...traderProperties },
      {
        additionalProperties: false,
        description: 'A number with its own reference and the trader fields to compare (`data.match`)',
      },
    ),
  ]);
}

export type BatchEntry =
  | string
  | ({ vat_number: string; reference?: string } & { [name in keyof TraderFields]?: string });

/** A reference as stored and echoed: trimmed; null when none was sent. */
export function referenceOf(value: string | undefined): string | null {
  return value === undefined ? null : value.trim();
}

/**
 * A batch body's items as the numbers sent and, per position, the reference that applies (the
 * item's own, else the body's top-level one, else null) and the item's trader fields.
 */
export function batchEntries(
  entries: readonly BatchEntry[],
  topLevel: string | undefined,
): { inputs: string[]; references: Array<string | null>; traders: Array<TraderFields | undefined> } {
  const fallback = referenceOf(topLevel);
  return {
    inputs: entries.map((entry) => (typeof entry === 'string' ? entry : entry.vat_number)),
    traders: entries.map((entry) => (typeof entry === 'string' ? undefined : traderFieldsOf(entry))),
    references: entries.map((entry) =>
      typeof entry === 'string' || entry.reference === undefined ? fallback : referenceOf(entry.reference),
    ),
  };
}
