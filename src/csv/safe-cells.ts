/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): Excel, LibreOffice and Google Sheets run
 * a cell whose text starts with `=`, `+`, `-` or `@` as a formula, and a company name or a column
 * of a customer's own file can start that way. Every CSV the service writes is made with
 * `SAFE_CELLS`, the csv-stringify options that pass each cell through `neutraliseFormula` and
 * quote each cell holding a line break.
 */

/**
 * The signs a formula starts with, after NFKC: compatibility normalisation folds the full-width
 * (＝ ＋ － ＠), small (﹦ ﹢ ﹣ ﹫), superscript and subscript (⁼ ⁺ ₌ ₊) forms into them, and the
 * superscript and subscript minus (⁻ ₋) into the minus sign U+2212, which a spreadsheet that
 * normalises what it reads may take for `-`.
 */
const FORMULA_SIGNS: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\u2212']);

/** A tab, carriage return or line feed first: spreadsheets trim it and read what follows. */
const LEADING_CONTROL = /^[\t\r\n]/;

/** The first character that is not white space (`\s`: spaces, no-break and ideographic spaces, BOM). */
const FIRST_VISIBLE = /^\s*(\S)/u;

/**
 * The cell as text a spreadsheet shows and never runs: a cell that starts with a formula sign in
 * any of its Unicode forms, or with white space before one, or with a tab, carriage return or
 * line feed, gets a leading `'` (the mark spreadsheets read as "this is text"; the history export
 * has always written it). Strip one leading `'` to get the value back exactly.
 */
export function neutraliseFormula(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}

function startsLikeFormula(cell: string): boolean {
  if (cell === '') return false;
  const first = cell.charCodeAt(0);
  // Letters and digits first, as nearly every cell: nothing to look at further.
  if (
    (first >= 0x30 && first <= 0x39) ||
    (first >= 0x41 && first <= 0x5a) ||
    (first >= 0x61 && first <= 0x7a)
  )
    return false;
  if (LEADING_CONTROL.test(cell)) return true;
  const visible = FIRST_VISIBLE.exec(cell)?.[1];
  return visible !== undefined && FORMULA_SIGNS.has(visible.normalize('NFKC'));
}

/**
 * The csv-stringify options every CSV the service writes is made with: each text cell through
 * `neutraliseFormula`, and a cell holding a carriage return or a line feed quoted (csv-stringify
 * quotes only a cell holding the whole record delimiter, so a lone `\n` in a CRLF file, or a
 * lone `\r` in an LF file, would otherwise split the row for a reader).
 */
export const SAFE_CELLS = {
  cast: { string: (cell: string) => neutraliseFormula(cell) },
  quoted_match: /[\r\n]/,
} as const;

/** The rule as the API reference states it for each CSV the service writes. */
export const SAFE_CELLS_RULE =
  "A cell holding a line break is quoted. A cell a spreadsheet would run as a formula is written with a leading `'`, so it shows as text: a cell whose first character after any spaces is `=`, `+`, `-` or `@` in any Unicode form (full-width `＝ ＋ － ＠`, small, superscript or subscript, the minus sign `−`), or that starts with a tab, a carriage return or a line feed. Strip one leading `'` to get the value exactly.";
