import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';

/**
 * `vat-service bulk upload | status | list` in process against the real service over HTTP (a
 * test key: answered from test mode by the in-process worker).
 */
describe('bulk CLI', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    app = await startTestApp(
      { name: 'sqlite' },
      { clock: 'system', worker: true, env: { WORKER_POLL_MS: '20' } },
    );
    dir = mkdtempSync(join(tmpdir(), 'bulk-cli-'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  async function cli(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {}, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('') };
  }

  it('upload --wait shows progress on stderr and writes the results file; status and list --json', async () => {
    const account = await app.account('pro');
    const file = join(dir, 'customers.csv');
    writeFileSync(file, 'vat_number;name\nDE123456704;Muster\nDE12345;Typo\n');
    const key = ['--key', account.test, '--url', app.url];
    const run = await cli(['bulk', 'upload', file, ...key, '--wait']);
    expect(run.code, run.err + run.out).toBe(0);
    expect(run.err).toContain('100%');
    expect(run.out).toContain(`Results written to ${join(dir, 'customers.results.csv')}`);
    const rows = parse(readFileSync(join(dir, 'customers.results.csv'), 'utf8'), {
      delimiter: ';',
    }) as string[][];
    expect(rows.map((row) => [row[0], row[3], row[10]])).toEqual([
      ['vat_number', 'valid', 'error_code'],
      ['DE123456704', 'true', ''],
      ['DE12345', '', 'invalid_vat_format'],
    ]);

    const id = /blk_[0-9a-f]{32}/.exec(run.out)![0];
    const status = await cli(['bulk', 'status', id, ...key, '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.out)).toMatchObject({ bulk_id: id, status: 'completed', total: 2, rejected: 1 });
    const list = await cli(['bulk', 'list', ...key, '--json']);
    expect(JSON.parse(list.out).files.map((f: { bulk_id: string }) => f.bulk_id)).toEqual([id]);
  });

  it('upload without --wait prints the acceptance; a refused file exits 1 with the reason', async () => {
    const account = await app.account('pro');
    const file = join(dir, 'ok.csv');
    writeFileSync(file, 'vat_number\nDE123456704\n');
    const run = await cli(['bulk', 'upload', file, '--key', account.test, '--url', app.url, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ status: 'pending', total: 1, accepted: 1 });

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'name\nx\n');
    const refused = await cli(['bulk', 'upload', bad, '--key', account.test, '--url', app.url]);
    expect(refused.code).toBe(1);
    expect(refused.err + refused.out).toContain(
      'invalid_csv: line 1: the header row has no vat_number column',
    );
    const noKey = await cli(['bulk', 'list']);
    expect(noKey.code).toBe(2);
  });
});
