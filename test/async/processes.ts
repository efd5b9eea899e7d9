import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Worker processes for the crash and shutdown suites: `node dist/src/cli.js worker`, built first when
 * any source is newer than its output. Builds from parallel test files are serialised by a lock
 * directory so two `tsc` runs never write dist/ at once.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'dist/src/cli.js');
const LOCK = join(ROOT, 'dist/.async-test-build.lock');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Sources under src/ whose dist/ output is missing or older. */
function staleOutputs(): string[] {
  return sources(join(ROOT, 'src')).filter((source) => {
    const output = join(ROOT, 'dist', relative(ROOT, source)).replace(/\.ts$/, '.js');
    try {
      return statSync(output).mtimeMs < statSync(source).mtimeMs;
    } catch {
      return true;
    }
  });
}

const run = promisify(execFile);

/** Runs `tsc -p tsconfig.build.json` unless dist/ is already current for every file under src/. */
export async function ensureBuilt(): Promise<void> {
  // The global setup builds once per run before any file starts (test/helpers/global-setup.ts).
  if (process.env.VAT_TEST_BUILT === '1') return;
  if (staleOutputs().length === 0) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // Another test file is building; a lock older than two minutes is left over from a crash.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 120_000) rmdirSync(LOCK);
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error('timed out waiting for another build of dist/');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    if (staleOutputs().length === 0) return;
    let failure = '';
    try {
      await run(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
        {
          cwd: ROOT,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    } catch (error) {
      // tsc still emits on type errors (in files other suites are editing, say): only a missing or
      // stale output is fatal here.
      failure = String((error as { stdout?: string }).stdout ?? error);
    }
    const stale = staleOutputs();
    if (stale.length > 0) {
      throw new Error(`build left ${stale.length} outputs stale (${stale[0]}):\n${failure.slice(0, 4000)}`);
    }
  } finally {
    rmdirSync(LOCK);
  }
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Everything the process wrote (pino JSON lines), for failure messages. */
  output(): string;
  /**
   * Resolves with the log line (parsed) that says the process is up: `worker started` for
   * `worker`, `listening` (with `address` and `worker`) for `serve`.
   */
  ready: Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly running: boolean;
}

const children = new Set<WorkerProcess>();

/** Starts `vat-service worker` with exactly `env` (plus PATH and the test CA). */
export function spawnWorker(env: Record<string, string>): WorkerProcess {
  return spawnService('worker', env);
}

/** Starts `vat-service <command>` with exactly `env` (plus PATH, the test CA and LOG_LEVEL=info). */
export function spawnService(command: 'worker' | 'serve', env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [CLI, command], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const readyMessage = command === 'worker' ? 'worker started' : 'listening';
  let text = '';
  let alive = true;
  let markReady: (line: Record<string, unknown>) => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  // Not every caller waits for readiness: an early exit must not become an unhandled rejection.
  ready.catch(() => undefined);
  const onData = (chunk: Buffer) => {
    const before = text.length;
    text += chunk.toString('utf8');
    const start = text.lastIndexOf('\n', before - 1) + 1;
    for (const line of text.slice(start).split('\n')) {
      if (!line.includes(`"msg":"${readyMessage}"`)) continue;
      try {
        markReady(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // the line is not complete yet: the next chunk finishes it
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      alive = false;
      failReady(new Error(`${command} exited (${code ?? signal}) before it started:\n${text}`));
      resolve({ code, signal });
    });
  });
  const handle: WorkerProcess = {
    child,
    pid: child.pid ?? -1,
    output: () => text,
    ready,
    exited,
    get running() {
      return alive;
    },
  };
  children.add(handle);
  void exited.then(() => children.delete(handle));
  return handle;
}

/** SIGKILLs every worker this file started that is still running (afterAll safety net). */
export async function killWorkers(): Promise<void> {
  const left = [...children];
  for (const worker of left) if (worker.running) worker.child.kill('SIGKILL');
  await Promise.all(left.map((worker) => worker.exited));
}
