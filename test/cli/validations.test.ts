import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import { runCli } from '../../src/cli.js';
import { createStores } from '../../src/store/stores.js';
import type { KeyMode, ValidationsTable } from '../../src/store/tables.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { recordRow } from '../helpers/records.js';

/**
 * `vat-service validations list`: the history API's reads and filters for an operator, over the
 * records the pipeline writes, on each engine.
 */

interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

const T0 = Date.parse('2026-11-20T08:00:00.000Z');

describeEachDialect('vat-service validations list', (dialect) => {
  let database: TestDatabase;
  let first: string;
  let second: string;
  const rows: ValidationsTable[] = [];

  function row(
    accountId: string,
    minutes: number,
    fields: Partial<ValidationsTable> = {},
    mode: KeyMode = 'live',
  ) {
    const record = recordRow(accountId, { created_at: T0 + minutes * 60_000, ...fields }, mode);
    rows.push(record);
    return record;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const stores = createStores(database.database);
    first = (await createAccount(stores.accounts, 'First', 'pro', T0)).id;
    second = (await createAccount(stores.accounts, 'Second', 'pro', T0)).id;
    await stores.records.insert([
      row(first, 0, {
        vat_number: 'ATU12345675',
        country_code: 'AT',
        valid: 1,
        source: 'vies',
        reference: 'order-7',
      }),
      row(first, 1),
      row(first, 2, {}, 'test'),
      row(second, 3, { vat_number: 'NL123456782B01', country_code: 'NL', valid: 1, source: 'vies' }),
    ]);
  });
  afterAll(() => database.drop());

  async function cli(argv: string[]): Promise<CliResult> {
    const result: CliResult = { code: -1, out: [], err: [] };
    result.code = await runCli(
      argv,
      { DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      { out: (line) => result.out.push(line), err: (line) => result.err.push(line) },
    );
    return result;
  }

  async function json(argv: string[]) {
    const result = await cli(['validations', 'list', ...argv, '--json']);
    expect(result.err, argv.join(' ')).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    return JSON.parse(result.out[0]) as {
      records: Array<{ id: string }>;
      next_cursor: string | null;
      has_more: boolean;
    };
  }
  const idsOf = (result: { records: Array<{ id: string }> }) => result.records.map((record) => record.id);

  it("lists one account's records newest first, both modes unless --mode says which", async () => {
    const all = await json(['--account', first]);
    expect(idsOf(all)).toEqual([rows[2].id, rows[1].id, rows[0].id]);
    expect(all.records[2]).toMatchObject({
      vat_number: 'ATU12345675',
      valid: true,
      source: 'vies',
      reference: 'order-7',
    });
    expect(all).toMatchObject({ next_cursor: null, has_more: false });
    expect(idsOf(await json(['--account', first, '--mode', 'live']))).toEqual([rows[1].id, rows[0].id]);
    expect(idsOf(await json(['--account', first, '--mode', 'test']))).toEqual([rows[2].id]);
    expect(idsOf(await json([]))).toEqual([rows[3].id, rows[2].id, rows[1].id, rows[0].id]);
  });

  it('filters as the API does and pages with --limit and --cursor', async () => {
    expect(idsOf(await json(['--account', first, '--vat-number', 'at u 12345675']))).toEqual([rows[0].id]);
    expect(idsOf(await json(['--valid', 'true']))).toEqual([rows[3].id, rows[0].id]);
    expect(idsOf(await json(['--source', 'vies', '--country-code', 'NL']))).toEqual([rows[3].id]);
    expect(idsOf(await json(['--reference', 'order-7']))).toEqual([rows[0].id]);
    expect(idsOf(await json(['--from', '2026-11-20T08:01:00Z', '--to', '2026-11-20T08:03:00Z']))).toEqual([
      rows[2].id,
      rows[1].id,
    ]);
    const page = await json(['--limit', '3']);
    expect(idsOf(page)).toEqual([rows[3].id, rows[2].id, rows[1].id]);
    expect(page.has_more).toBe(true);
    expect(idsOf(await json(['--limit', '3', '--cursor', page.next_cursor!]))).toEqual([rows[0].id]);
  });

  it('prints one line per record, and the cursor of the next ones', async () => {
    const result = await cli(['validations', 'list', '--account', first, '--limit', '2']);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    const lines = result.out[0].split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(rows[2].id);
    expect(lines[0]).toMatch(
      /^2026-11-20T08:02:00\.000Z +val_[0-9a-f]{32} +test +DE123456789 +invalid +checksum\/live/,
    );
    expect(lines[2]).toMatch(/^More records: add --cursor \S+$/);
    const none = await cli(['validations', 'list', '--account', first, '--channel', 'bulk']);
    expect(none.out).toEqual(['No records.']);
  });

  it('refuses bad filters (exit 2) and an unknown account (exit 1)', async () => {
    for (const argv of [
      ['--valid', 'maybe'],
      ['--source', 'registry'],
      ['--vat-number', 'XX1'],
      ['--country-code', 'ZZ'],
      ['--from', '2026-02-30'],
      ['--from', '2026-11-21', '--to', '2026-11-20'],
      ['--mode', 'both'],
      ['--limit', '0'],
      ['--cursor', 'nope'],
      ['--colour', 'red'],
    ]) {
      const result = await cli(['validations', 'list', ...argv]);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.join('\n'), argv.join(' ')).toMatch(/\S/);
    }
    const bad = await cli(['validations', 'list', '--vat-number', 'XX1']);
    expect(bad.err[0]).toMatch(/^--vat-number: /);
    // A choice names its values, a pattern the option's form.
    const choice = await cli(['validations', 'list', '--valid', 'maybe']);
    expect(choice.err[0].split('\n')[0]).toBe("--valid: must be one of true, false; got 'maybe'");
    const channel = await cli(['validations', 'list', '--channel', 'email']);
    expect(channel.err[0].split('\n')[0]).toBe(
      "--channel: must be one of sync, batch, async, bulk, monitor; got 'email'",
    );
    const country = await cli(['validations', 'list', '--country-code', 'D1']);
    expect(country.err[0].split('\n')[0]).toBe("--country-code: must be CC (e.g. DE, EL, XI); got 'D1'");
    const unknown = await cli(['validations', 'list', '--account', 'acc_nobody', '--json']);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.err[0])).toEqual({ error: 'No account acc_nobody.' });
  });
});
