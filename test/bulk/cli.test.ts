import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { freePort } from '../helpers/processes.js';

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
  });
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

  it('upload tries again under the same Idempotency-Key when the answer is lost: one file, its first answer', async () => {
    const account = await app.account('pro');
    const file = join(dir, 'lost.csv');
    writeFileSync(file, 'vat_number\nDE123456704\nATU13585627\n');
    // The first connection reaches the service whole, and its answer is cut off.
    const proxy = await cuttingProxy(app.url, 1);
    try {
      const run = await cli(['bulk', 'upload', file, '--key', account.test, '--url', proxy.url, '--json']);
      expect(run.code, run.err).toBe(0);
      expect(run.err).toContain('Upload try 1 failed');
      const accepted = JSON.parse(run.out);
      expect(accepted).toMatchObject({ total: 2, accepted: 2 });
      const list = await cli(['bulk', 'list', '--key', account.test, '--url', app.url, '--json']);
      expect(JSON.parse(list.out).files.map((f: { bulk_id: string }) => f.bulk_id)).toEqual([
        accepted.bulk_id,
      ]);

      // The same key from the user, in a later run, gets the same file again.
      const key = 'customers-2026-11';
      const args = ['bulk', 'upload', file, '--key', account.test, '--url', app.url];
      const first = await cli([...args, '--idempotency-key', key, '--json']);
      const again = await cli([...args, '--idempotency-key', key, '--json']);
      expect(JSON.parse(again.out).bulk_id).toBe(JSON.parse(first.out).bulk_id);
    } finally {
      await proxy.close();
    }
  });

  it('upload names the key to resend with when every try is lost; a malformed key is a usage error', async () => {
    const account = await app.account('pro');
    const file = join(dir, 'never.csv');
    writeFileSync(file, 'vat_number\nDE123456704\n');
    const proxy = await cuttingProxy(app.url, Number.POSITIVE_INFINITY);
    try {
      const args = ['bulk', 'upload', file, '--key', account.test, '--url', proxy.url];
      const run = await cli([...args, '--idempotency-key', 'import-2026-11-27']);
      expect(run.code).toBe(1);
      expect(run.err).toContain('Upload try 2 failed');
      expect(run.err + run.out).toContain('Resend the file with --idempotency-key import-2026-11-27');
      // Nothing can have reached a closed port: no second try, no key to resend with.
      const closed = await cli([
        'bulk',
        'upload',
        file,
        '--key',
        account.test,
        '--url',
        `http://127.0.0.1:${await freePort()}`,
      ]);
      expect(closed.code).toBe(1);
      expect(closed.err + closed.out).toContain('ECONNREFUSED');
      expect(closed.err + closed.out).not.toMatch(/Upload try|Resend/);
      const bad = await cli([...args, '--idempotency-key', 'with space']);
      expect(bad.code).toBe(2);
      expect(bad.err + bad.out).toContain('--idempotency-key must be 1 to 255 visible ASCII characters');
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A TCP proxy to `target` that passes each of the first `cut` connections' requests through whole
 * and closes the connection when the answer starts, before any of it reaches the client.
 */
async function cuttingProxy(
  target: string,
  cut: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let seen = 0;
  const server: Server = createServer((client) => {
    seen += 1;
    const cutting = seen <= cut;
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream);
    if (cutting) {
      upstream.once('data', () => {
        client.destroy();
        upstream.destroy();
      });
    } else upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
