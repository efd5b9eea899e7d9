import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../src/csv/safe-cells.js';
import { freshNumbers, useAsyncStack } from '../async/support.js';
import { resultsOf, upload, waitForCompletion } from '../bulk/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { PROJECT_ROOT } from '../helpers/processes.js';
import { recordRow } from '../helpers/records.js';

/**
 * Formula cells in every CSV the service writes: the one function (src/csv/safe-cells.ts) on its
 * own, then through the API in the bulk results and the history export, each cell read back by a
 * CSV parser as a spreadsheet would read the file.
 */

/** Cells a spreadsheet runs as a formula, in the forms an attacker can give them. */
const FORMULA_CELLS = [
  '=HYPERLINK("http://evil.example","click")',
  '+1+2',
  '-1+2',
  '@SUM(A1:A9)',
  '\uFF1DHYPERLINK("http://evil.example")', // ＝ full-width
  '\uFF0B1+2', // ＋
  '\uFF0D1+2', // －
  '\uFF20SUM(A1)', // ＠
  '\u22121+2', // − minus sign
  '\uFE621+2', // ﹢ small plus
  '\uFE631+2', // ﹣ small hyphen-minus
  '\uFE661+2', // ﹦ small equals
  '\uFE6BSUM(A1)', // ﹫ small commercial at
  '\u207A1', // ⁺ superscript plus
  '\u207B1', // ⁻ superscript minus
  '\u207C1', // ⁼ superscript equals
  '\u208A1', // ₊ subscript plus
  '\u208B1', // ₋ subscript minus
  '\u208C1', // ₌ subscript equals
  '\uFB291', // ﬩ Hebrew alternative plus
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\tplain text after a tab',
  '\rplain text after a carriage return',
  ' =1+1',
  '   +1',
  '\u00A0=1+1', // no-break space first
  '\u3000\uFF1D1', // ideographic space, then ＝
  '\uFEFF=1', // byte order mark first
  ' \t-1',
];

/** Cells that stay as they are. */
const PLAIN_CELLS = [
  '',
  'DE123456704',
  'Müller & Söhne GmbH',
  'ACME Ltd.',
  ' plain with a space first',
  '1-2',
  'a=b',
  "'=already text",
  '(0)30 1234',
  '\u2013 an en dash is no minus',
  '#1 customer',
];

describe('neutraliseFormula', () => {
  it.each(FORMULA_CELLS)('writes %j with a leading apostrophe', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each(PLAIN_CELLS)('leaves %j as it is', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('is the one neutralising function: every module that writes CSV makes it with SAFE_CELLS', () => {
    const src = join(PROJECT_ROOT, 'src');
    const writers = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(src, file))
      .filter((file) => /from 'csv-stringify(\/sync)?'/.test(readFileSync(file, 'utf8')));
    expect(writers.length).toBeGreaterThanOrEqual(2);
    for (const file of writers) {
      const text = readFileSync(file, 'utf8');
      const usesSafeCells = /\bSAFE_CELLS\b|\bCSV_OPTIONS\b/.test(text);
      expect(usesSafeCells, `${relative(PROJECT_ROOT, file)} writes CSV without SAFE_CELLS`).toBe(true);
      expect(text, relative(PROJECT_ROOT, file)).not.toContain('escape_formulas');
    }
  });
});

describeEachDialect('formula cells through the API', (dialect) => {
  const stack = useAsyncStack(dialect);

  it('the bulk results neutralise every formula cell: the file’s own columns and the registry’s name', async () => {
    const { app, sim } = stack;
    const account = await app.account('pro');
    const [number, named] = freshNumbers('DE', 2);
    // A registry whose company name is a full-width formula.
    sim.addCompany({
      vatNumber: named,
      name: '\uFF1DHYPERLINK("http://evil.example","Evil GmbH")',
      addressLines: ['\uFF0B49 Hauptstr. 1', '10115 Berlin'],
      vatRegistered: true,
    });
    const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
    const csv = `vat_number,note\n${FORMULA_CELLS.map((cell) => `${number},${quote(cell)}`).join('\n')}\n${named},plain\n`;
    const res = await upload(app, account.live, csv);
    expect(res.status, res.text).toBe(202);
    await waitForCompletion(app, account.live, res.body.data.bulk_id);
    const { rows, text } = await resultsOf(app, account.live, res.body.data.bulk_id);
    expect(rows[0].slice(0, 2)).toEqual(['vat_number', 'note']);
    expect(rows.slice(1, -1).map((row) => row[1])).toEqual(FORMULA_CELLS.map((cell) => `'${cell}`));
    const last = rows[rows.length - 1];
    expect(last.slice(0, 2)).toEqual([named, 'plain']);
    expect(last[3]).toBe('true');
    expect(last[4]).toBe(`'\uFF1DHYPERLINK("http://evil.example","Evil GmbH")`);
    expect(last[5].startsWith(`'\uFF0B49 Hauptstr. 1`)).toBe(true);
    // One line per row: a cell holding a line break is quoted, never split.
    expect(rows).toHaveLength(FORMULA_CELLS.length + 2);
    expect(text).toContain(`"'\r=1+1"`);
  });

  it('the history export neutralises every formula cell, in every form', async () => {
    const { app } = stack;
    const account = await app.account('pro');
    const base = Date.parse('2026-11-20T08:00:00.000Z');
    const rows = FORMULA_CELLS.map((cell, i) =>
      recordRow(account.id, {
        created_at: base - i,
        valid: 1,
        company_name: cell,
        company_address: `${cell} 10115 Berlin`,
      }),
    );
    await app.stores.records.insert(rows);
    const res = await app.request('GET', '/v1/validations/export', { key: account.live });
    expect(res.status, res.text).toBe(200);
    const [header, ...cells] = parse(res.text) as string[][];
    const name = header.indexOf('company_name');
    const address = header.indexOf('company_address');
    expect(cells).toHaveLength(FORMULA_CELLS.length);
    expect(cells.map((row) => row[name])).toEqual(FORMULA_CELLS.map((cell) => `'${cell}`));
    expect(cells.map((row) => row[address])).toEqual(FORMULA_CELLS.map((cell) => `'${cell} 10115 Berlin`));
  });
});
