import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes.js';

/**
 * better-sqlite3 finalises a statement when V8 collects it. Finalisers run from inside V8's own
 * collections must not abort the process (a native addon whose finaliser reaches for an
 * environment that is gone ends in `Assertion failed: (env) != nullptr`). A child process on this
 * test's Node.js prepares distinct statements on a SQLite file and drops them, with no explicit
 * gc(): only the collections V8 decides on, minor and major, which the child counts and prints.
 * It churns for at least a few seconds and until it has prepared MIN_PREPARED statements and
 * seen a major collection, so a busy machine makes it take longer, not fail.
 */

const CHURN_MS = 3_000;
const MIN_PREPARED = 12_000;
/** How long the child may take to get there on a very busy machine. */
const CHURN_LIMIT_MS = 60_000;

const SCRIPT = `
const [moduleFile, databaseFile, churnMs, minPrepared, limitMs] = process.argv.slice(1);
const Database = require(moduleFile);
const { PerformanceObserver, constants } = require('node:perf_hooks');
const collections = { major: 0, minor: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? collections.major++ : collections.minor++;
}).observe({ entryTypes: ['gc'] });

const db = new Database(databaseFile);
db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)');
// A window of live statements: they outlive minor collections, so major ones finalise them too.
const window = new Array(256);
let prepared = 0;
let ballast = [];
const started = Date.now();
const churning = () =>
  Date.now() - started < Number(churnMs) ||
  ((prepared < Number(minPrepared) || collections.major === 0) && Date.now() - started < Number(limitMs));
(async () => {
  while (churning()) {
    for (let i = 0; i < 500; i++, prepared++) {
      const statement = db.prepare('SELECT n, s, ' + prepared + ' AS k FROM t WHERE n > ?');
      statement.all(prepared % 7);
      window[prepared % window.length] = statement;
      ballast.push({ text: 'row ' + prepared, values: [prepared, prepared + 1] });
      if (ballast.length > 20000) ballast = [];
    }
    // Yield, so finalisers Node defers to the event loop run between rounds as well.
    await new Promise((resolve) => setImmediate(resolve));
  }
  window.fill(undefined);
  db.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(JSON.stringify({ prepared, ...collections }));
})();
`;

interface ChurnResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function churnInChild(databaseFile: string): Promise<ChurnResult> {
  const moduleFile = createRequire(join(PROJECT_ROOT, 'package.json')).resolve('better-sqlite3');
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [
        '-e',
        SCRIPT,
        moduleFile,
        databaseFile,
        String(CHURN_MS),
        String(MIN_PREPARED),
        String(CHURN_LIMIT_MS),
      ],
      { timeout: CHURN_LIMIT_MS + 20_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr }),
    );
  });
}

describe('prepared statements collected by V8', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vat-statement-churn-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a process that prepares and drops statements for seconds, without gc(), exits cleanly', {
    timeout: CHURN_LIMIT_MS + 30_000,
  }, async () => {
    const result = await churnInChild(join(dir, 'churn.sqlite'));
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    expect(result.stderr).not.toMatch(/Assertion failed/);
    const counts = JSON.parse(result.stdout) as { prepared: number; major: number; minor: number };
    expect(counts.prepared).toBeGreaterThanOrEqual(MIN_PREPARED);
    expect(counts.major, 'V8 ran no major collection while statements were dropped').toBeGreaterThan(0);
    expect(counts.minor).toBeGreaterThan(0);
  });
});
