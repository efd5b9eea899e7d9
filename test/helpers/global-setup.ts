import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
