import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { writeTestCertificates } from './receiver.js';

/**
 * Says once, before any test runs, which real servers this run uses and what it skips without them.
 * CI sets TEST_POSTGRES_URL and TEST_REDIS_URL and skips nothing.
 */
export default async function setup(): Promise<() => void> {
  const certDir = mkdtempSync(join(tmpdir(), 'vat-test-certs-'));
  await writeTestCertificates(certDir);
  process.env.VAT_TEST_CERT_DIR = certDir;
  process.env.NODE_EXTRA_CA_CERTS = join(certDir, 'ca.pem');

  buildForChildProcesses();
  process.env.VAT_TEST_BUILT = '1';

  const lines: string[] = [];
  lines.push(
    process.env.TEST_POSTGRES_URL
      ? `PostgreSQL: ${redact(process.env.TEST_POSTGRES_URL)} (every storage suite runs on SQLite and PostgreSQL)`
      : 'PostgreSQL: TEST_POSTGRES_URL not set, so every PostgreSQL variant is SKIPPED (SQLite still runs)',
  );
  lines.push(
    process.env.TEST_REDIS_URL
      ? `Redis: ${redact(process.env.TEST_REDIS_URL)} (burst-limit suites run on memory and Redis)`
      : 'Redis: TEST_REDIS_URL not set, so every Redis variant is SKIPPED (the in-memory limiter still runs)',
  );
  console.log(`\n${lines.join('\n')}\n`);
  return () => rmSync(certDir, { recursive: true, force: true });
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}

/**
 * Tests that run the service as a child process (crash, scale-out, shutdown, logs) use the built
 * CLI. It is built here, once, before any test file starts, when any source is newer than it (the
 * check `npm start` makes too): two test files building at once would write dist/ under each
 * other's running children.
 */
function buildForChildProcesses(): void {
  buildIfStale(join(import.meta.dirname, '..', '..'), (line) =>
    console.log(`${line} For the tests that run the service as a child process.`),
  );
}
