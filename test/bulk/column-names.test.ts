import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { MATCH_COLUMNS, RESULT_COLUMNS } from '../../src/bulk/results.js';
import { useAsyncStack } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { resultsOf, upload, waitForCompletion } from './support.js';

/**
 * The names in a results file's header are distinct, so a reader that keys rows by header name
 * (csv-parse `columns: true` here, as pandas, Excel lookups or a database import would) sees every
 * column: result columns keep their documented names, an input column named like one is renamed
 * `<name>_input`, several blank input names become `column_<position>`; any other header is echoed
 * byte for byte. Over real HTTP, test keys, on both engines.
 */

describeEachDialect('bulk results column names', (dialect) => {
  const stack = useAsyncStack(dialect);

  /** Uploads `csv` with `key`, waits for it; the results file's text and its first line. */
  async function resultsFor(key: string, csv: string, delimiter = ',') {
    const res = await upload(stack.app, key, csv);
    expect(res.status, res.text).toBe(202);
    const id = res.body.data.bulk_id as string;
    await waitForCompletion(stack.app, key, id);
    const { text, rows } = await resultsOf(stack.app, key, id, delimiter);
    return { text, header: rows[0], firstLine: text.slice(0, text.indexOf('\n')) };
  }

  /** The results' rows keyed by header name, as a reader keyed by name sees them. */
  const byName = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

  it('echoes a header without a clash byte for byte, odd names and a lone blank name included', async () => {
    const account = await stack.app.account('pro');
    const { firstLine } = await resultsFor(
      account.test,
      ' Vat_Number ,name,status,,Match_Name\nDE123456704,a,b,c,d\n',
    );
    // `name`, `status` and (without trader columns) `match_name` are no result columns.
    expect(firstLine).toBe(` Vat_Number ,name,status,,Match_Name,${RESULT_COLUMNS.join(',')}`);
  });

  it('renames input columns named like result columns (compared trimmed, without case) past names already taken; results keep theirs', async () => {
    const account = await stack.app.account('pro');
    const { header, text } = await resultsFor(
      account.test,
      'vat_number, Valid ,SOURCE,error_code,valid_input,name\nDE123456704,no,manual,E1,kept,Acme\n',
    );
    expect(header).toEqual([
      'vat_number',
      'Valid_input_2',
      'SOURCE_input',
      'error_code_input',
      'valid_input',
      'name',
      ...RESULT_COLUMNS,
    ]);
    const [row] = byName(text);
    expect(Object.keys(row)).toHaveLength(header.length);
    expect(row).toMatchObject({
      Valid_input_2: 'no',
      SOURCE_input: 'manual',
      error_code_input: 'E1',
      valid_input: 'kept',
      name: 'Acme',
      valid: 'true',
      source: 'test',
      error_code: '',
    });
  });

  it('reads a results file uploaded again: every input column kept under a distinct name, the new answers under the documented ones', async () => {
    const account = await stack.app.account('pro');
    // `;` and trader columns, so the match_* columns are echoed and added too.
    const first = await resultsFor(
      account.test,
      'vat_number;trader_name\nDE123456704;Musterfirma Test GmbH\nDE12345;Typo\n',
      ';',
    );
    const added = [...RESULT_COLUMNS, ...MATCH_COLUMNS];
    expect(first.header).toEqual(['vat_number', 'trader_name', ...added]);

    const second = await resultsFor(account.test, first.text, ';');
    const renamed = added.map((name) => `${name}_input`);
    expect(second.header).toEqual(['vat_number', 'trader_name', ...renamed, ...added]);
    const rows = parse(second.text, { columns: true, delimiter: ';' }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toHaveLength(second.header.length);
    expect(rows[1]).toMatchObject({
      error_code_input: 'invalid_vat_format',
      error_code: 'invalid_vat_format',
    });
    expect(rows[0]).toMatchObject({ valid_input: 'true', valid: 'true', match_name: 'match' });
    // Each upload answers anew: the record ids differ from the echoed ones.
    expect(rows[0].validation_id).toMatch(/^val_/);
    expect(rows[0].validation_id).not.toBe(rows[0].validation_id_input);

    // A third round: `valid_input` is taken by the echoed column, so `valid` becomes `valid_input_2`.
    const third = await resultsFor(account.test, second.text, ';');
    expect(third.header).toEqual([
      'vat_number',
      'trader_name',
      ...renamed,
      ...added.map((name) => `${name}_input_2`),
      ...added,
    ]);
    expect(new Set(third.header.map((name) => name.toLowerCase())).size).toBe(third.header.length);
  });

  it('renames match_* input columns only when the file has trader columns', async () => {
    const account = await stack.app.account('pro');
    const { header } = await resultsFor(
      account.test,
      'vat_number,trader_city,match_city\nDE123456704,Berlin,x\n',
    );
    expect(header).toEqual([
      'vat_number',
      'trader_city',
      'match_city_input',
      ...RESULT_COLUMNS,
      ...MATCH_COLUMNS,
    ]);
  });

  it('names several blank header names column_<position>, past names already taken', async () => {
    const account = await stack.app.account('pro');
    const { header, text } = await resultsFor(account.test, 'vat_number,,column_4, ,\nDE123456704,a,b,c,d\n');
    expect(header).toEqual([
      'vat_number',
      'column_2',
      'column_4',
      'column_4_2',
      'column_5',
      ...RESULT_COLUMNS,
    ]);
    expect(byName(text)[0]).toMatchObject({ column_2: 'a', column_4: 'b', column_4_2: 'c', column_5: 'd' });
  });

  it('keeps names distinct as the file shows them: a name a spreadsheet would run is written with a leading quote', async () => {
    const account = await stack.app.account('pro');
    // `=total` is written `'=total` (a formula shown as text), which the next column is already
    // called; `-1` and `'-1` likewise.
    const { header, text } = await resultsFor(
      account.test,
      "vat_number,=total,'=total,'-1,-1\nDE123456704,a,b,c,d\n",
    );
    expect(header).toEqual(['vat_number', "'=total", "'=total_2", "'-1", "'-1_2", ...RESULT_COLUMNS]);
    expect(byName(text)[0]).toMatchObject({ "'=total": 'a', "'=total_2": 'b', "'-1": 'c', "'-1_2": 'd' });
  });

  it('refuses a header naming a column twice, however its case or spaces differ (422 invalid_csv, line 1)', async () => {
    const account = await stack.app.account('pro');
    const files = [
      'vat_number,note,note\nDE123456704,a,b\n',
      'vat_number,Note, note \nDE123456704,a,b\n',
      'vat_number, VAT_NUMBER\nDE123456704,DE123456704\n',
    ];
    for (const csv of files) {
      const res = await upload(stack.app, account.test, csv);
      expect(res.status, csv).toBe(422);
      expect(res.body.error.code).toBe('invalid_csv');
      expect(res.body.error.message).toMatch(/^line 1: the header row names (note|vat_number) twice\.$/);
    }
  });
});
