import { type Static, Type } from '@sinclair/typebox';
import { printableText } from '../printable-text.js';
import type { TraderFields } from './compare.js';

/**
 * The trader fields a caller may send with a validation: one definition for
 * `GET /v1/validate`'s query, the batch and asynchronous items and the bulk rows.
 */

/**
 * 1 to 200 printable characters once the spaces around them are trimmed, at least one of them a
 * letter or a digit: a first and a last character that are neither a control, format or
 * unassigned character nor a space, and in between anything printable, spaces included (as the
 * `reference` pattern, longer). A field of punctuation alone (`...`, `-`) names nothing to compare.
 */
export const TRADER_FIELD_PATTERN =
  '^(?=[^\\p{L}\\p{N}]*[\\p{L}\\p{N}])\\p{Zs}*[^\\p{C}\\p{Z}](?:[^\\p{C}\\p{Zl}\\p{Zp}]{0,198}[^\\p{C}\\p{Z}])?\\p{Zs}*$';

const TRADER_FIELD_REGEXP = new RegExp(TRADER_FIELD_PATTERN, 'u');

/** What a refused trader field is told, in place of the pattern itself (plugins/error-handler.ts). */
export const TRADER_FIELD_MESSAGE =
  'must be 1 to 200 printable characters once the spaces around it are trimmed, with at least one letter or digit (no control characters)';

export const TRADER_FIELD_NAMES = [
  'trader_name',
  'trader_company_type',
  'trader_street',
  'trader_postcode',
  'trader_city',
] as const;

export type TraderFieldName = (typeof TRADER_FIELD_NAMES)[number];

const field = (description: string, example: string) =>
  Type.Optional(Type.String({ ...printableText(TRADER_FIELD_PATTERN), description, examples: [example] }));

/** The members, spread into each schema that takes them. */
export const traderProperties = {
  trader_name: field(
    "The trader's name as you know it, legal form included; compared with the registered name (`data.match.name`)",
    'Grachten Techniek B.V.',
  ),
  trader_company_type: field(
    'The legal form (`GmbH`, `Ltd`, `S.A.`, or a VIES code such as `ES-3`); compared as `data.match.company_type`',
    'B.V.',
  ),
  trader_street: field('Street and house number; compared as `data.match.street`', 'Keizersgracht 123'),
  trader_postcode: field('Postcode; compared as `data.match.postcode`', '1015 CJ'),
  trader_city: field('City; compared as `data.match.city`', 'Amsterdam'),
};

export const TraderFieldsSchema = Type.Object(traderProperties);
export type TraderFieldsInput = Static<typeof TraderFieldsSchema>;

/** The trader fields that were sent, trimmed; undefined when none was. */
export function traderFieldsOf(input: Partial<Record<string, unknown>>): TraderFields | undefined {
  const fields: TraderFields = {};
  for (const name of TRADER_FIELD_NAMES) {
    const value = input[name];
    if (typeof value === 'string' && value.trim() !== '') fields[name] = value.trim();
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * Checks a trader field from a source no schema guarded (bulk file rows): the message for a bad
 * value, or undefined when it is acceptable (absent and empty count as not sent).
 */
export function traderFieldProblem(name: TraderFieldName, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !TRADER_FIELD_REGEXP.test(value)) return `${name} ${TRADER_FIELD_MESSAGE}`;
  return undefined;
}

/** A key telling apart the same number asked with different trader fields (batch deduplication). */
export function traderKey(trader: TraderFields | undefined): string {
  return trader ? JSON.stringify(TRADER_FIELD_NAMES.map((name) => trader[name] ?? null)) : '';
}

/**
 * What one lookup of a batch or bulk file is known by: the number alone without trader fields, so
 * its duplicates share one answer and one record; with them, the number and the fields, so the
 * same number with other trader fields is compared (and recorded) again.
 */
export function lookupKey(vatNumber: string, trader: TraderFields | undefined): string {
  return trader ? `${vatNumber}|${traderKey(trader)}` : vatNumber;
}
