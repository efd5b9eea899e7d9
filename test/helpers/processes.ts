import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS } from '../../src/config.js';

/**
 * The service as child processes of the tests (`node dist/src/cli.js serve|worker`), for the crash,
 * worker, shutdown, logs, PostgreSQL-restart and scale-out suites: every child's stdout and stderr
 * captured, and every child stopped at the end (stopAllChildren in afterAll, the process `exit`
 * hook as the last resort).
 */

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT_CLI = join(PROJECT_ROOT, 'dist', 'src', 'cli.js');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * dist/ is built by the global setup (test/helpers/global-setup.ts), once, before any test file
 * starts, and it sets VAT_TEST_BUILT=1 for them. So no file builds here: there is no build for
 * files to share through a lock, and a file rebuilding dist/ would write under the children other
 * files are running from it. What is left is a clear failure when the setup did not run (another
 * vitest config), instead of children started from a missing or stale CLI.
 */
function requireBuilt(): void {
  if (process.env.VAT_TEST_BUILT === '1' && existsSync(BUILT_CLI)) return;
  throw new Error(
    `${BUILT_CLI} was not built for this run: run the tests with vitest.config.ts, whose global setup builds dist/`,
  );
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceChild {
  /** For failure messages: `api-a`, `worker-2`, … */
  readonly name: string;
  readonly process: ChildProcess;
  /** `http://127.0.0.1:PORT` for `serve` (from its `listening` line); empty for `worker`. */
  readonly url: string;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, as captured. */
  readonly output: string;
  /** Every stdout line that parses as a JSON object (pino's lines), in order. */
  logLines(): Array<Record<string, unknown>>;
  /** Set once the process has exited. */
  readonly exit: ChildExit | undefined;
  readonly exited: Promise<ChildExit>;
  /** Sends `signal` (SIGTERM) and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<ChildExit>;
}

const children = new Set<ServiceChild>();
process.once('exit', () => {
  for (const child of children) if (!child.exit) child.process.kill('SIGKILL');
});

let cwd: string | undefined;
/** A directory of our own to run children in, so the CLI loads no stray `.env`. */
function childCwd(): string {
  cwd ??= mkdtempSync(join(tmpdir(), 'vat-test-cwd-'));
  return cwd;
}

/**
 * The environment a child gets: ours (PATH, NODE_EXTRA_CA_CERTS for the test receiver's CA) minus
 * every setting the service reads, then `env`. Nothing from the outer shell configures the child.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(SETTINGS)) delete base[name];
  return {
    ...base,
    BOOTSTRAP: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  };
}

function jsonLine(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface StartOptions {
  /** Extra arguments after the command. */
  args?: string[];
  /**
   * How long to wait for the `listening` / `worker started` line (default 90 s: a start takes
   * about a second on an idle machine, many times that on a busy 2-core one).
   */
  timeoutMs?: number;
}

/**
 * Starts `node dist/src/cli.js <command>` and resolves once it says it is up: `serve` when it logs
 * `listening` (its address becomes the child's url; it needs LOG_LEVEL info or lower), `worker`
 * when it logs `worker started`. A child that exits or stays silent first is killed, and the
 * start fails with the end of its output.
 */
export async function startService(
  name: string,
  command: 'serve' | 'worker',
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServiceChild> {
  requireBuilt();
  const proc = spawn(process.execPath, [BUILT_CLI, command, ...(options.args ?? [])], {
    cwd: childCwd(),
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wanted = command === 'serve' ? 'listening' : 'worker started';
  let stdout = '';
  let stderr = '';
  let partial = '';
  let url = '';
  let exit: ChildExit | undefined;
  const lines: Array<Record<string, unknown>> = [];
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const take = (text: string) => {
    const line = jsonLine(text);
    if (!line) return;
    lines.push(line);
    if (line.msg !== wanted) return;
    if (command === 'serve' && url === '') url = String(line.address);
    markReady();
  };
  proc.stdout!.setEncoding('utf8');
  proc.stderr!.setEncoding('utf8');
  proc.stdout!.on('data', (chunk: string) => {
    stdout += chunk;
    const complete = (partial + chunk).split('\n');
    partial = complete.pop() ?? '';
    for (const text of complete) take(text);
  });
  proc.stdout!.on('end', () => take(partial));
  proc.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<ChildExit>((resolve) => {
    proc.once('exit', (code, signal) => {
      exit = { code, signal };
      children.delete(child);
      resolve(exit);
    });
  });
  const child: ServiceChild = {
    name,
    process: proc,
    get url() {
      return url;
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get output() {
      return `${stdout}\n${stderr}`;
    },
    logLines: () => [...lines],
    get exit() {
      return exit;
    },
    exited,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (exit) return exit;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  children.add(child);

  const timeoutMs = options.timeoutMs ?? 90_000;
  let timer: NodeJS.Timeout | undefined;
  const started = await Promise.race([
    ready.then(() => true),
    exited.then(() => false),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (started) return child;
  // Read before the kill below, which would make a silent child look as if it had died of SIGKILL.
  const why = exit ? `exited on its own (${JSON.stringify(exit)})` : `did not start within ${timeoutMs} ms`;
  await child.stop('SIGKILL');
  throw new Error(`${name} (${command}) ${why}:\n${tail(child.output)}`);
}

/** Stops every child still running (SIGTERM, then SIGKILL after `graceMs`). For afterAll. */
export async function stopAllChildren(graceMs = 5_000): Promise<void> {
  await Promise.all([...children].map((child) => child.stop('SIGTERM', graceMs).catch(() => undefined)));
  children.clear();
}

/** The last `lines` lines of a child's output, for failure messages. */
export function tail(text: string, lines = 40): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** A TCP port free right now on 127.0.0.1 (for servers we cannot ask to pick their own). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Polls `probe` until it returns a value that is not undefined/false; rejects after `timeoutMs`
 * (default 30 s: generous, so that a busy machine slows a test down without failing it).
 */
export async function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(15);
  }
}
