import { expect, it } from 'vitest';
import { MATCH_COLUMNS, RESULT_COLUMNS } from '../../src/bulk/results.js';
import { freshNumbers, usageOf, useAsyncStack } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { resultsOf, upload, waitForCompletion } from './support.js';

/**
 * Trader columns of bulk files (wave-2 C1 on E1): each row's trader cells are compared as on the
 * other channels (the VIES approximate check where the member state compares, the service's own
 * comparison elsewhere and for test keys), the results add match_* columns and the records keep
 * `match`; the same number with other trader fields is a lookup of its own; a bad trader cell
 * rejects its row only.
 */

const NONE = ['', '', '', '', '', ''];

/** A match_* row of cells: every field not_processed unless given, then the method. */
const cells = (method: 'registry' | 'computed', fields: Record<string, string>) => [
  ...['name', 'company_type', 'street', 'postcode', 'city'].map((name) => fields[name] ?? 'not_processed'),
  method,
];

describeEachDialect('bulk files with trader columns', (dialect) => {
  const stack = useAsyncStack(dialect);

  /** Uploads `csv`, waits for it; the results' header and rows by column name. */
  async function worked(key: string, csv: string) {
    const res = await upload(stack.app, key, csv);
    expect(res.status, res.text).toBe(202);
    const id = res.body.data.bulk_id as string;
    const progress = await waitForCompletion(stack.app, key, id);
    const { rows } = await resultsOf(stack.app, key, id);
    const [header, ...data] = rows;
    const at = (row: string[], column: string) => row[header.indexOf(column)];
    const match = (row: string[]) => MATCH_COLUMNS.map((column) => at(row, column));
    return { accepted: res.body.data, progress, header, data, at, match };
  }

  it('compares each row’s trader cells: the registry where it compares (AT), the service elsewhere (NL); the record keeps the match', async () => {
    const { app, sim } = stack;
    const account = await app.account('pro');
    const before = sim.statsOf('vies').callsByNumber.ATU12345675 ?? 0;
    const file = await worked(
      account.live,
      'vat_number,reference,trader_name,Trader_City \n' +
        'ATU12345675,a1,Alpenblick Handels GmbH,Graz\n' +
        'ATU12345675,a2,Globex Corporation,\n' +
        'NL123456782B01,n1,Grachten Techniek BV,Amsterdam\n' +
        'DE123456704,d1,,\n',
    );
    expect(file.progress).toMatchObject({ total: 4, accepted: 4, succeeded: 4, failed: 0 });
    expect(file.header).toEqual([
      'vat_number',
      'reference',
      'trader_name',
      'Trader_City ',
      ...RESULT_COLUMNS,
      ...MATCH_COLUMNS,
    ]);
    // The names the contract gives them, pinned here as written.
    expect(MATCH_COLUMNS.join()).toBe(
      'match_name,match_company_type,match_street,match_postcode,match_city,match_method',
    );
    const [alpenblick, globex, grachten, plain] = file.data;
    expect(file.match(alpenblick)).toEqual(cells('registry', { name: 'match', city: 'mismatch' }));
    expect(file.match(globex)).toEqual(cells('registry', { name: 'mismatch' }));
    expect(file.match(grachten)).toEqual(cells('computed', { name: 'match', city: 'match' }));
    expect(file.match(plain)).toEqual(NONE);
    // Trader fields ask the registry: once per trader, the two AT rows being two lookups.
    expect(sim.statsOf('vies').callsByNumber.ATU12345675).toBe(before + 2);

    const record = async (row: string[]) => {
      const res = await app.request('GET', `/v1/validations/${file.at(row, 'validation_id')}`, {
        key: account.live,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    // Each row's record has the match its match_* cells show, member for member.
    for (const row of [alpenblick, globex, grachten]) {
      const { match } = await record(row);
      expect(Object.keys(match)).toHaveLength(MATCH_COLUMNS.length);
      expect(MATCH_COLUMNS.map((column) => match[column.slice('match_'.length)])).toEqual(file.match(row));
    }
    expect((await record(plain)).match).toBeNull();
  });

  it('the same number with the same trader fields is one unit; with other trader fields, another (one lookup, one record, one unit of quota each)', async () => {
    const { app, sim } = stack;
    const account = await app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const file = await worked(
      account.live,
      'vat_number,trader_name,trader_city\n' +
        `${number},Acme GmbH,Berlin\n` +
        `${number}, Acme GmbH ,Berlin\n` +
        `${number},Other GmbH,Berlin\n` +
        `${number},Acme GmbH,\n`,
    );
    expect(file.accepted).toMatchObject({ total: 4, accepted: 4, rejected: 0 });
    expect(await usageOf(app, account.id)).toBe(3);
    expect(sim.statsOf('vies').callsByNumber[number]).toBe(3);
    const ids = file.data.map((row) => file.at(row, 'validation_id'));
    // Cells are trimmed: rows 1 and 2 have the same trader fields.
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
    const records = await app.database.db
      .selectFrom('validations')
      .select('id')
      .where('vat_number', '=', number)
      .execute();
    expect(records.map((row) => row.id).sort()).toEqual([...new Set(ids)].sort());
  });

  it('compares a test key’s rows with the magic number’s test company (computed, no registry, no quota)', async () => {
    const { app, sim } = stack;
    const account = await app.account('pro');
    const calls = sim.statsOf('vies').calls;
    const file = await worked(
      account.test,
      'vat_number,trader_name,trader_street,trader_city\n' +
        'NL123456782B01,Testbedrijf BV,Teststraat 1,Rotterdam\n' +
        'NL123456782B01,,,\n',
    );
    expect(file.match(file.data[0])).toEqual(
      cells('computed', { name: 'match', street: 'match', city: 'mismatch' }),
    );
    expect(file.at(file.data[0], 'source')).toBe('test');
    // A row whose trader cells are all empty sent none: the number's plain answer.
    expect(file.match(file.data[1])).toEqual(NONE);
    expect(sim.statsOf('vies').calls).toBe(calls);
    expect(await usageOf(app, account.id)).toBe(0);
  });

  it('rejects a row with a bad trader cell (a control character, 201 characters, punctuation alone) with validation_error; a blank cell is not sent', async () => {
    const account = await stack.app.account('pro');
    const file = await worked(
      account.test,
      'vat_number,trader_name,trader_street\n' +
        'DE123456704,Musterfirma Test GmbH,\n' +
        'DE123456704,Musterfirma,Hauptstraße\u00075\n' +
        `DE123456704,${'x'.repeat(201)},\n` +
        `DE123456704,${'x'.repeat(200)},   \n` +
        'DE123456704,Musterfirma,--\n',
    );
    expect(file.accepted).toMatchObject({ total: 5, accepted: 2, rejected: 3 });
    expect(file.progress).toMatchObject({ succeeded: 2, failed: 0, rejected: 3 });
    expect(file.data.map((row) => file.at(row, 'error_code'))).toEqual([
      '',
      'validation_error',
      'validation_error',
      '',
      'validation_error',
    ]);
    expect(file.match(file.data[0])).toEqual(cells('computed', { name: 'match' }));
    expect(file.match(file.data[1])).toEqual(NONE);
    expect(file.match(file.data[3])).toEqual(cells('computed', { name: 'mismatch' }));
  });

  it('keeps today’s result columns for a file without trader columns', async () => {
    const account = await stack.app.account('pro');
    const file = await worked(account.test, 'vat_number,company\nDE123456704,Acme\n');
    expect(file.header).toEqual(['vat_number', 'company', ...RESULT_COLUMNS]);
    expect(file.data[0]).toHaveLength(2 + RESULT_COLUMNS.length);
  });
});
