import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS } from '../../src/config.js';
import { checkVatNumber } from '../../src/numbers/index.js';

/**
 * Child processes of the built CLI (`node dist/src/cli.js serve|worker|…`) for the scale-out and
 * operations suites: one build per test run, every child's stdout and stderr captured, and every
 * child killed at the end (afterAll, and the process `exit` hook as the last resort).
 */

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILT_CLI = join(PROJECT_ROOT, 'dist', 'src', 'cli.js');
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL;

/** Generous: tsc on a busy two-core machine takes 20-40 s. */
export const BUILD_TIMEOUT_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `tsc -p tsconfig.build.json`, once per test run: several files of this suite (and their workers)
 * share one build through a lock directory, and a marker in the run's certificate directory (made
 * by the global setup, so new for every run) says it is done. Type errors elsewhere (files other
 * engineers are editing) do not stop the run when tsc still emitted the CLI: tsc emits on error.
 */
export async function buildOnce(): Promise<void> {
  // The global setup builds once per run before any file starts (test/helpers/global-setup.ts).
  if (process.env.VAT_TEST_BUILT === '1') return;
  const runDir = process.env.VAT_TEST_CERT_DIR;
  const marker = runDir ? join(runDir, 'ops-build.done') : undefined;
  if (marker && existsSync(marker)) return;
  const lock = join(tmpdir(), `vat-ops-build-${Buffer.from(PROJECT_ROOT).toString('hex').slice(-24)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > BUILD_TIMEOUT_MS)
          rmSync(lock, { recursive: true, force: true });
      } catch {
        // the lock went away between the two calls
      }
      await sleep(250);
    }
  }
  try {
    if (marker && existsSync(marker)) return;
    const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const output = await new Promise<string | undefined>((resolve) => {
      execFile(
        process.execPath,
        [tsc, '-p', 'tsconfig.build.json'],
        { cwd: PROJECT_ROOT, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => resolve(error ? `${stdout}${stderr}` || error.message : undefined),
      );
    });
    if (output !== undefined) {
      if (!existsSync(BUILT_CLI)) throw new Error(`tsc -p tsconfig.build.json failed:\n${output}`);
      console.warn(
        `tsc -p tsconfig.build.json reported errors (output emitted anyway):\n${output.slice(0, 4000)}`,
      );
    }
    if (marker) writeFileSync(marker, new Date().toISOString());
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceChild {
  readonly name: string;
  readonly process: ChildProcess;
  /** `http://127.0.0.1:PORT` for `serve`; empty for other commands. */
  readonly url: string;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, as captured. */
  readonly output: string;
  /** Every stdout line that parses as a JSON object (pino's lines). */
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
/** A directory of our own to run children in, so no stray `.env` is loaded by the CLI. */
function childCwd(): string {
  cwd ??= mkdtempSync(join(tmpdir(), 'vat-ops-cwd-'));
  return cwd;
}

/**
 * The environment a child gets: ours (PATH, NODE_EXTRA_CA_CERTS for the test receiver's CA) minus
 * every setting the service reads, then `env`. Nothing from the outer shell configures the child.
 */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
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

export interface StartOptions {
  /** Extra arguments after the command. */
  args?: string[];
  /** How long to wait for the `listening` / `worker started` line. */
  timeoutMs?: number;
}

/**
 * Starts `node dist/src/cli.js <command>` and resolves once it is ready: `serve` when it logs
 * `listening` (its address is the child's url; it needs LOG_LEVEL info or lower), `worker` when
 * it logs `worker started`.
 */
export async function startService(
  name: string,
  command: 'serve' | 'worker',
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServiceChild> {
  const proc = spawn(process.execPath, [BUILT_CLI, command, ...(options.args ?? [])], {
    cwd: childCwd(),
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exit: ChildExit | undefined;
  proc.stdout!.setEncoding('utf8');
  proc.stderr!.setEncoding('utf8');
  proc.stdout!.on('data', (chunk: string) => {
    stdout += chunk;
  });
  proc.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<ChildExit>((resolve) => {
    proc.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  let url = '';
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
    logLines: () => jsonLines(stdout),
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

  const wanted = command === 'serve' ? 'listening' : 'worker started';
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const line = jsonLines(stdout).find((entry) => entry.msg === wanted);
    if (line) {
      if (command === 'serve') url = String(line.address);
      return child;
    }
    if (exit || Date.now() > deadline) {
      await child.stop('SIGKILL');
      throw new Error(
        `${name} (${command}) ${exit ? `exited ${JSON.stringify(exit)}` : 'did not start'}:\n${tail(child.output)}`,
      );
    }
    await sleep(25);
  }
}

/** Stops every child still running (SIGTERM, then SIGKILL after `graceMs`). For afterAll. */
export async function stopAllChildren(graceMs = 5_000): Promise<void> {
  await Promise.all([...children].map((child) => child.stop('SIGTERM', graceMs).catch(() => undefined)));
  children.clear();
}

export function jsonLines(text: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const value = JSON.parse(line);
      if (value && typeof value === 'object' && !Array.isArray(value)) out.push(value);
    } catch {
      // a partial line still being written
    }
  }
  return out;
}

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

/** Polls `probe` until it returns something other than undefined/false; throws after `timeoutMs`. */
export async function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

const serials = new Map<string, number>();

/**
 * German numbers new to this run: `valid` ones pass the check digit (so they reach VIES, which
 * answers "not registered" for anything not seeded in the simulator), `checksum-failing` ones are
 * answered locally (`source: checksum`) and never reach a registry.
 */
export function germanNumbers(count: number, kind: 'valid' | 'checksum-failing'): string[] {
  const key = kind;
  let serial = serials.get(key) ?? randomBytes(3).readUIntBE(0, 3) % 4_000_000;
  const out: string[] = [];
  while (out.length < count) {
    serial += 1;
    const body = `${kind === 'valid' ? '2' : '6'}${String(serial).padStart(7, '0')}`;
    for (let digit = 0; digit <= 9; digit++) {
      const result = checkVatNumber(`DE${body}${digit}`);
      if (result.kind !== 'checked') continue;
      if (result.checksumValid === (kind === 'valid')) {
        out.push(result.number.vatNumber);
        break;
      }
    }
  }
  serials.set(key, serial);
  return out;
}

/** An API key that matches the format but was never issued. */
export function unissuedKey(mode: 'live' | 'test' = 'live'): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(32);
  return `svc_${mode}_${[...bytes].map((b) => alphabet[b % 62]).join('')}`;
}
