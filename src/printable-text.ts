/**
 * Free text a caller attaches to a validation (`reference`, the trader fields): printable
 * characters, trimmed. Its exact rule needs Unicode categories (`\p{…}`, the `u` flag), which
 * Python's `re`, ECMA-262 without flags and most code generators cannot compile. So its schema
 * carries two keywords:
 *
 * - `pattern`: a portable pattern (no flag, `\x`/`\u` escapes only) that every value the exact
 *   rule accepts matches: no control character, no line or paragraph separator, and one character
 *   that is none of those nor a space. A client validating against the OpenAPI document refuses
 *   nothing the service would take.
 * - `x-unicode-pattern`: the exact rule, for the `u` flag. The service's Ajv checks it (the keyword
 *   below) before `pattern` and reports a failure as a `pattern` failure of the exact rule, so a
 *   refused value is told what it was told before (plugins/error-handler.ts).
 */

export const UNICODE_PATTERN_KEYWORD = 'x-unicode-pattern';

/** C0 and C1 controls, U+2028 and U+2029: `\p{Cc}`, `\p{Zl}` and `\p{Zp}`, categories that never change. */
const NEVER = '\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029';

/** The portable pattern of printable text, whatever its length: the length is the exact rule's. */
export const PORTABLE_PRINTABLE_PATTERN = `^[^${NEVER}]*[^${NEVER}\\x20\\xa0][^${NEVER}]*$`;

/**
 * The keywords of a string schema for printable text whose exact rule is `exact` (a pattern for
 * the `u` flag that refuses at least what the portable one refuses): spread into `Type.String`.
 */
export function printableText(exact: string): { pattern: string; [UNICODE_PATTERN_KEYWORD]: string } {
  return { pattern: PORTABLE_PRINTABLE_PATTERN, [UNICODE_PATTERN_KEYWORD]: exact };
}

interface PatternError {
  keyword: 'pattern';
  message: string;
  params: { pattern: string };
}

/** The `x-unicode-pattern` keyword's definition, for the service's Ajv instance (`ajv.addKeyword`). */
export const unicodePatternKeyword = {
  keyword: UNICODE_PATTERN_KEYWORD,
  type: 'string',
  schemaType: 'string',
  before: 'pattern',
  errors: true,
  compile(exact: string) {
    const rule = new RegExp(exact, 'u');
    const error: PatternError = {
      keyword: 'pattern',
      message: `must match pattern "${exact}"`,
      params: { pattern: exact },
    };
    const check = (value: string): boolean => {
      const ok = rule.test(value);
      check.errors = ok ? undefined : [{ ...error }];
      return ok;
    };
    check.errors = undefined as PatternError[] | undefined;
    return check;
  },
} as const;
