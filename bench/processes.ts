import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Child processes and temporary files of one bench run. Every child is tracked so that a normal end,
 * an exception, SIGINT/SIGTERM or a plain process exit all leave nothing running and nothing on disk.
 */

const children = new Set<ChildProcess>();
let tempRoot: string | undefined;
const cleanups: Array<() => Promise<void>> = [];

/** The run's scratch directory (created on first use, removed at the end). */
export function tempDir(): string {
  tempRoot ??= mkdtempSync(join(tmpdir(), 'vat-bench-'));
  return tempRoot;
}

/** Work to do before the temp directory goes (dropping PostgreSQL schemas); runs once, last in first out. */
export function onCleanup(task: () => Promise<void>): void {
  cleanups.push(task);
}

let cleaning: Promise<void> | undefined;

/** Stops every child, runs the cleanup tasks and removes the temp directory. Safe to call twice. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map((child) => stopChild(child)));
    for (const task of cleanups.reverse()) await task().catch(() => undefined);
    removeTemp();
  })();
  return cleaning;
}

function removeTemp(): void {
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
  tempRoot = undefined;
}

/** SIGINT/SIGTERM clean up then exit 130; a bare exit (uncaught error) at least kills children and removes files. */
export function installCleanupHandlers(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`\nbench: ${signal}, stopping children and cleaning up…\n`);
    cleanupAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    removeTemp();
  });
}

export interface SpawnOptions {
  env: Record<string, string>;
  /** Where stdout and stderr go; 'pipe' keeps stdout readable (stderr still goes to a file). */
  stdout: 'file' | 'pipe';
  logFile: string;
  nodeArgs?: string[];
}

/** Starts `node script args…` in the temp directory (so no .env of the repository is read). */
export function spawnNode(script: string, args: string[], options: SpawnOptions): ChildProcess {
  const log = openSync(options.logFile, 'a');
  try {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
      cwd: tempDir(),
      env: options.env,
      stdio: ['ignore', options.stdout === 'pipe' ? 'pipe' : log, log],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  } finally {
    closeSync(log);
  }
}

/** SIGTERM (the service drains and exits), then SIGKILL after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The first stdout line of a child (for `simulator --json` and the baseline server). */
export function firstLine(child: ChildProcess, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error('child stdout is not piped'));
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms`)), timeoutMs);
    const onExit = (code: number | null) =>
      reject(new Error(`child exited (${code}) before printing a line`));
    child.once('exit', onExit);
    lines.once('line', (line) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      // Keep draining so a chatty child never blocks on a full pipe.
      child.stdout?.resume();
      resolve(line);
    });
  });
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, the child dies, or the timeout passes. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`process exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The last lines of a log file, for error messages. */
export function tailOf(file: string, lines = 15): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

function statusKb(
  pid: number,
  field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile' | 'RssShmem',
): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Current resident set size in MB (Linux /proc), or undefined elsewhere. */
export function rssMb(pid: number): number | undefined {
  const kb = statusKb(pid, 'VmRSS');
  return kb === undefined ? undefined : kb / 1024;
}

/**
 * RSS split as the kernel counts it: anonymous (the V8 heap, malloc: SQLite's page cache, buffers),
 * file-backed (code, mapped files) and shared memory (SQLite's WAL index is a mapped -shm file).
 */
export function rssBreakdown(pid: number): string {
  const mb = (field: 'RssAnon' | 'RssFile' | 'RssShmem') => {
    const kb = statusKb(pid, field);
    return kb === undefined ? '–' : (kb / 1024).toFixed(0);
  };
  return `anon ${mb('RssAnon')} + file ${mb('RssFile')} + shmem ${mb('RssShmem')} MB`;
}

/**
 * Peak and mean RSS of a process over a stretch of work. On Linux, writing 5 to /proc/PID/clear_refs
 * resets the high-water mark (VmHWM), which the kernel then keeps exactly; VmRSS sampled every 50 ms
 * gives the mean, and the peak where the reset is refused.
 */
export class PeakRss {
  private sampled = 0;
  private sum = 0;
  private count = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly exact: boolean;

  constructor(private readonly pid: number) {
    let reset = false;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      reset = true;
    } catch {
      reset = false;
    }
    this.exact = reset;
    this.sample();
    this.timer = setInterval(() => this.sample(), 50);
  }

  private sample(): void {
    const mb = rssMb(this.pid);
    if (mb === undefined) return;
    this.sampled = Math.max(this.sampled, mb);
    this.sum += mb;
    this.count += 1;
  }

  /** Mean of the RSS samples so far, in MB. */
  get meanMb(): number | undefined {
    return this.count > 0 ? this.sum / this.count : undefined;
  }

  /** Stops sampling; peak RSS in MB since construction. */
  stop(): number | undefined {
    clearInterval(this.timer);
    this.sample();
    const hwm = this.exact ? statusKb(this.pid, 'VmHWM') : undefined;
    const peak = Math.max(this.sampled, hwm === undefined ? 0 : hwm / 1024);
    return peak > 0 ? peak : undefined;
  }
}

let ticksPerSecond: number | undefined;

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from /proc/PID/stat.
 * On a shared machine requests/s swing with the neighbours' load; CPU time per request does not.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (ticksPerSecond === undefined) {
      try {
        ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
      } catch {
        ticksPerSecond = 100;
      }
    }
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
