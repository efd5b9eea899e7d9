import type { TraderFields } from '../matching/compare.js';
import {
  TRADER_FIELD_NAMES,
  type TraderFieldName,
  traderFieldProblem,
  traderFieldsOf,
} from '../matching/trader-fields.js';

/**
 * The trader columns of a bulk file: a header naming `trader_name`,
 * `trader_company_type`, `trader_street`, `trader_postcode` or `trader_city` (compared trimmed and
 * lower-cased, as `vat_number`) has each row's cells compared with what the registry holds.
 */

export interface TraderColumn {
  name: TraderFieldName;
  /** The column's position in the header. */
  index: number;
}

/** A row of a file without trader columns (most files: read once per row, so not allocated each time). */
const NOT_SENT = { ok: true, trader: undefined } as const;

/** The trader columns the header names, in TRADER_FIELD_NAMES order; empty when none. */
export function traderColumnsOf(columns: readonly string[]): TraderColumn[] {
  const names = columns.map((name) => name.trim().toLowerCase());
  return TRADER_FIELD_NAMES.flatMap((name) => {
    const index = names.indexOf(name);
    return index === -1 ? [] : [{ name, index }];
  });
}

/**
 * A row's trader fields, trimmed (undefined when every trader cell is blank: a blank cell, spaces
 * only included, counts as not sent, as a blank `reference` cell does), or the reason a cell is
 * refused: control characters, punctuation alone, more than 200 characters (trader-fields.ts
 * TRADER_FIELD_PATTERN).
 */
export function traderOfRow(
  columns: readonly TraderColumn[],
  cells: readonly string[],
): { ok: true; trader: TraderFields | undefined } | { ok: false; reason: string } {
  if (columns.length === 0) return NOT_SENT;
  const given: Partial<Record<TraderFieldName, string>> = {};
  for (const { name, index } of columns) {
    const cell = cells[index];
    if (cell.trim() === '') continue;
    const problem = traderFieldProblem(name, cell);
    if (problem) return { ok: false, reason: problem };
    given[name] = cell;
  }
  return { ok: true, trader: traderFieldsOf(given) };
}
