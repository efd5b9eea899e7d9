import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { periodOf } from '../../src/accounts/quota.js';
import { checkVatNumber } from '../../src/numbers/index.js';
import type { TestApp, TestResponse } from '../helpers/harness.js';

/**
 * Shared expectations of the HTTP suites in this folder. Not a test file: vitest only collects
 * `*.test.ts`.
 */

/** What the harness's ManualClock says until a test moves it. */
export const HARNESS_NOW = '2026-11-22T12:00:00.000Z';
/** The first instant of the month after HARNESS_NOW: X-RateLimit-Reset (decisions section 4). */
export const HARNESS_RESET = '2026-12-01T00:00:00.000Z';

/** The harness runs with PUBLIC_URL=http://localhost:3000, so every docs_url starts with this. */
export const DOCS_BASE = 'http://localhost:3000/docs/errors';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Every registry pointed at a closed local port. The suites here never need a registry; if one is
 * reached by mistake the answer is a fast 503, never a call to a real government service.
 */
export const OFFLINE_REGISTRIES: Record<string, string> = {
  VIES_URL: 'http://127.0.0.1:9',
  HMRC_URL: 'http://127.0.0.1:9',
  UID_URL: 'http://127.0.0.1:9',
  BRREG_URL: 'http://127.0.0.1:9',
  ABR_URL: 'http://127.0.0.1:9',
};

/** The failure envelope of spec section 7 and decisions section 8, exactly. */
export function expectError(res: TestResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(res.body).toEqual({
    error: { code, message: expect.any(String), docs_url: `${DOCS_BASE}/${code}` },
    meta: { request_id: requestId },
  });
  expect(res.body.error.message.trim()).not.toBe('');
}

/**
 * Bad input must never reach the 500 path and always come back in the envelope: a 4xx with a
 * catalogue code, the docs link and the request id.
 */
export function expectClientError(res: TestResponse): void {
  expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.body, res.text).toBeDefined();
  expectError(res, res.status, res.body.error?.code);
}

/** The three quota headers of decisions section 4. */
export function quotaOf(res: TestResponse): { limit: number; remaining: number; reset: string | null } {
  return {
    limit: Number(res.headers.get('x-ratelimit-limit')),
    remaining: Number(res.headers.get('x-ratelimit-remaining')),
    reset: res.headers.get('x-ratelimit-reset'),
  };
}

/** Uses up `units` of the account's quota for the month the app's clock is in (setup, not the subject). */
export async function useQuota(app: TestApp, accountId: string, units: number): Promise<void> {
  // The limit only has to be out of the way; PostgreSQL's usage.used is a 32-bit integer.
  const result = await app.stores.usage.reserve({
    accountId,
    period: periodOf(app.clock.now()),
    units,
    limit: 2_000_000_000,
  });
  expect(result.ok).toBe(true);
}

/** The usage stored for the account in the month the app's clock is in. */
export function storedUsage(app: TestApp, accountId: string): Promise<number> {
  return app.stores.usage.used(accountId, periodOf(app.clock.now()));
}

/**
 * `count` distinct, well-formed German numbers whose check digit is wrong. A live key gets them
 * answered locally (`valid: false`, `meta.source: "checksum"`), so they count against the quota
 * without any registry (decisions section 1).
 */
export function checksumFailures(count: number, from = 100_000_000): string[] {
  const numbers: string[] = [];
  for (let national = from; numbers.length < count; national += 1) {
    const candidate = `DE${national}`;
    const check = checkVatNumber(candidate);
    if (check.kind === 'checked' && !check.checksumValid) numbers.push(candidate);
  }
  return numbers;
}

/** `count` distinct well-formed Liechtenstein numbers: answered from the format alone (decisions section 3). */
export function liechtensteinNumbers(count: number, from = 10_000): string[] {
  return Array.from({ length: count }, (_, i) => `LI${from + i}`);
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The standard output of a linter of this repository (`script` under node_modules, run by this
 * Node.js from the repository root) on `document`, written to a temporary file whose path
 * `args` places; also when the linter exits non-zero, as it does when it reports a problem.
 */
export async function lintOutput(
  document: unknown,
  script: string,
  args: (file: string) => string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vat-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'node_modules', script), ...args(file)],
      { cwd: ROOT, env: options.env, timeout: options.timeoutMs, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; message?: string; killed?: boolean }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.killed ? `killed after ${options.timeoutMs} ms: ` : ''}${error.message ?? ''}\n${error.stderr ?? ''}`,
    }));
    if (stdout.trim() === '') throw new Error(`${script} reported nothing: ${stderr.slice(0, 4_000)}`);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where a file of the repository is. */
export function repositoryFile(name: string): string {
  return join(ROOT, name);
}
