/**
 * Free text a caller attaches to a validation (`reference`, the trader fields): 1 to N printable
 * characters once the spaces around them are trimmed. The exact rule needs Unicode categories
 * (`\p{…}`, the `u` flag), which Python's `re`, ECMA-262 without flags and most code generators
 * cannot compile. So a schema carries two keywords:
 *
 * - `pattern`: a portable pattern (no flag, `\x`/`\u` escapes only) that every value the service
 *   accepts matches: no control character, no line or paragraph separator, one character that is
 *   neither of those nor a space. Clients validating against the OpenAPI document refuse nothing
 *   the service would take.
 * - `x-printable: N`: the exact rule, checked by the service (the keyword below, run before
 *   `pattern`, so a refused value is told the rule rather than the portable pattern).
 */

export const PRINTABLE_KEYWORD = 'x-printable';

/**
 * The exact rule, for the `u` flag: a first and a last character that are neither a control,
 * format, private-use or unassigned character (`\p{C}`) nor a space (`\p{Z}`), in between anything
 * but `\p{C}` and line or paragraph separators, spaces included; spaces around it are trimmed.
 */
export function printablePattern(maxChars: number): string {
  return `^\\p{Zs}*[^\\p{C}\\p{Z}](?:[^\\p{C}\\p{Zl}\\p{Zp}]{0,${maxChars - 2}}[^\\p{C}\\p{Z}])?\\p{Zs}*$`;
}

/** C0 and C1 controls, U+2028 and U+2029: `\p{Cc}`, `\p{Zl}` and `\p{Zp}`, categories that never change. */
const NEVER = '\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029';

/** The portable pattern, the same for every length: the length is the service's to check. */
export const PORTABLE_PRINTABLE_PATTERN = `^[^${NEVER}]*[^${NEVER}\\x20\\xa0][^${NEVER}]*$`;

/** What a refused value is told. */
export function printableMessage(maxChars: number): string {
  return `must be 1 to ${maxChars} printable characters once the spaces around it are trimmed (no control characters)`;
}

/** The keywords of a string schema for such text: spread into `Type.String({ … })`. */
export function printableText(maxChars: number): { pattern: string; [PRINTABLE_KEYWORD]: number } {
  return { pattern: PORTABLE_PRINTABLE_PATTERN, [PRINTABLE_KEYWORD]: maxChars };
}

interface KeywordError {
  keyword: string;
  message: string;
  params: { max: number };
}

/** The `x-printable` keyword's definition, for the service's Ajv instance (`ajv.addKeyword`). */
export const printableKeyword = {
  keyword: PRINTABLE_KEYWORD,
  type: 'string',
  schemaType: 'number',
  before: 'pattern',
  errors: true,
  compile(maxChars: number) {
    const rule = new RegExp(printablePattern(maxChars), 'u');
    const error: KeywordError = {
      keyword: PRINTABLE_KEYWORD,
      message: printableMessage(maxChars),
      params: { max: maxChars },
    };
    const check = (value: string): boolean => {
      const ok = rule.test(value);
      check.errors = ok ? undefined : [{ ...error }];
      return ok;
    };
    check.errors = undefined as KeywordError[] | undefined;
    return check;
  },
} as const;
