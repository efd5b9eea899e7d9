import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutraliseFormula, SAFE_CELLS } from '../csv/safe-cells.js';
import type { BulkFile, BulkRow, BulkStore } from '../store/bulk.js';
import { traderColumnsOf } from './trader-columns.js';

/**
 * The results file of a bulk file: every row in input order, its input columns as
 * given, then what the service found, and when the header names trader columns the
 * comparison, field by field (empty for rows without an answer or without trader fields). Every
 * name in its header is distinct (resultsHeader), so readers that key rows by name lose nothing. Read
 * from the database a page at a time and written as it is read, so a file of 100,000 rows is
 * never held whole. Cells that a spreadsheet would run as a formula get a leading `'`
 * (csv/safe-cells.ts).
 */

export const RESULT_COLUMNS = [
  'normalised_vat_number',
  'valid',
  'company_name',
  'company_address',
  'source',
  'source_status',
  'consultation_number',
  'validation_id',
  'error_code',
] as const;

/** After RESULT_COLUMNS in the results of a file with trader columns: `data.match`, spread. */
export const MATCH_COLUMNS = [
  'match_name',
  'match_company_type',
  'match_street',
  'match_postcode',
  'match_city',
  'match_method',
] as const;

/** The `data.match` members, in MATCH_COLUMNS order. */
const MATCH_MEMBERS = MATCH_COLUMNS.map((column) => column.slice('match_'.length));

const PAGE = 1000;

export function resultsCsv(bulk: BulkStore, file: BulkFile): Readable {
  const columns = JSON.parse(file.columns) as string[];
  // Files without trader columns keep the columns they always had.
  const matched = traderColumnsOf(columns).length > 0;
  const header = resultsHeader(columns, matched);
  async function* records() {
    yield header;
    let after = -1;
    for (;;) {
      const rows = await bulk.rowsAfter(file.id, after, PAGE);
      for (const row of rows) yield matched ? [...resultRecord(row), ...matchCells(row)] : resultRecord(row);
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1].position;
    }
  }
  const source = Readable.from(records());
  const out = stringify({ delimiter: file.delimiter, ...SAFE_CELLS });
  source.on('error', (error) => out.destroy(error));
  return source.pipe(out);
}

/** What a renamed input column's name ends with, before any `_2`, `_3`… that makes it distinct. */
export const INPUT_SUFFIX = '_input';

/**
 * The results file's header: the input names, then the result columns under their documented
 * names, every name distinct when compared as the service compares names (trimmed, lower-cased).
 * Only a name that would repeat another is changed, so any other file's header is its input
 * header as given. An input column named like a result column of this file (a results file
 * uploaded again, say) is renamed `<name>_input` (trimmed): `valid` is always the service's answer.
 * Blank input names (a spreadsheet's unnamed columns) become `column_<position>` (1-based) when
 * there are two or more of them; a lone blank name stays blank. A new name that is already taken
 * takes `_2`, `_3`… in turn; so does the later of two names the file would show alike (a name a
 * spreadsheet would run gets a leading `'`: `=a` and `'=a`).
 */
export function resultsHeader(columns: readonly string[], matched: boolean): string[] {
  const added: readonly string[] = matched ? [...RESULT_COLUMNS, ...MATCH_COLUMNS] : RESULT_COLUMNS;
  const keys = columns.map((name) => name.trim().toLowerCase());
  const blanks = keys.filter((key) => key === '').length;
  const clashes = keys.map((key) => (key === '' ? blanks >= 2 : added.includes(key)));
  // Names as the file shows them: `=a` is written `'=a` (SAFE_CELLS), as a column `'=a` is, so
  // the later of two names shown alike is renamed too.
  const taken = new Set(added);
  const kept = columns.map((name, index) => {
    const key = shownKey(name);
    if (clashes[index] || taken.has(key)) return false;
    taken.add(key);
    return true;
  });
  const input = columns.map((name, index) => {
    if (kept[index]) return name;
    const base =
      keys[index] === '' ? `column_${index + 1}` : `${name.trim()}${clashes[index] ? INPUT_SUFFIX : ''}`;
    let renamed = base;
    for (let n = 2; taken.has(shownKey(renamed)); n += 1) renamed = `${base}_${n}`;
    taken.add(shownKey(renamed));
    return renamed;
  });
  return [...input, ...added];
}

/** A header name as the results file shows it, compared as the service compares names. */
function shownKey(name: string): string {
  return neutraliseFormula(name).trim().toLowerCase();
}

function resultRecord(row: BulkRow): string[] {
  return [
    ...(JSON.parse(row.input) as string[]),
    row.normalised ?? '',
    row.valid === null ? '' : row.valid === 1 ? 'true' : 'false',
    row.company_name ?? '',
    row.company_address ?? '',
    row.source ?? '',
    row.source_status ?? '',
    row.consultation_number ?? '',
    row.validation_id ?? '',
    row.error_code ?? '',
  ];
}

function matchCells(row: BulkRow): string[] {
  if (row.match === null) return MATCH_MEMBERS.map(() => '');
  const match = JSON.parse(row.match) as Record<string, string>;
  return MATCH_MEMBERS.map((member) => match[member] ?? '');
}
