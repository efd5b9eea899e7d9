import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli.js';
import { PROJECT_ROOT, until } from '../helpers/processes.js';

/**
 * `vat-service webhooks …` as the CLI suites run it: in process through runCli with captured
 * output (stopped through io.signal, as Ctrl-C would), or as a real child process of the built
 * CLI with its output captured.
 */

export interface Listening {
  out: string[];
  err: string[];
  /** The listener's URL, from its first status line. */
  url: string;
  /** Aborts it as Ctrl-C would and resolves with the exit code. */
  stop(): Promise<number>;
}

export interface Finished {
  code: number;
  out: string[];
  err: string[];
}

function listenIn(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const done = runCli(['webhooks', 'listen', ...argv], env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    signal: controller.signal,
  });
  return { out, err, done, controller };
}

export const LISTENER_URL = /http:\/\/127\.0\.0\.1:\d+\/webhooks/;

/** Starts `webhooks listen` in process and waits until it says it listens. */
export async function listen(argv: string[], env: Record<string, string> = {}): Promise<Listening> {
  const run = listenIn(argv, env);
  let exited: number | undefined;
  run.done.then((code) => {
    exited = code;
  });
  const first = await until(
    () => (exited !== undefined ? `exited ${exited}: ${run.err.join('\n')}` : run.err[0]),
    30_000,
    'listen ready',
  );
  const url = LISTENER_URL.exec(first)?.[0];
  if (!url) throw new Error(`webhooks listen did not start: ${first}`);
  return {
    out: run.out,
    err: run.err,
    url,
    stop: () => {
      run.controller.abort();
      return run.done;
    },
  };
}

/** Runs `webhooks listen` expecting it to end by itself (bad arguments, a refusal). */
export async function listenFails(argv: string[], env: Record<string, string> = {}): Promise<Finished> {
  const run = listenIn(argv, env);
  const timer = setTimeout(() => run.controller.abort(), 10_000);
  const code = await run.done;
  clearTimeout(timer);
  return { code, out: run.out, err: run.err };
}

/** Runs a CLI command in process to its end. */
export async function runWebhooks(argv: string[], env: Record<string, string> = {}): Promise<Finished> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['webhooks', ...argv], env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

/** The signing secret a listener printed at start. */
export function secretOf(lines: readonly string[]): string {
  const secret = lines.join('\n').match(/whsec_[A-Za-z0-9+/]+=*/)?.[0];
  if (!secret) throw new Error(`no signing secret in ${lines.join('\n')}`);
  return secret;
}

export interface CliChild {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

const cwd = mkdtempSync(join(tmpdir(), 'vat-cli-'));

/** `node dist/src/cli.js …` with only PATH and `env`, its output captured. */
export function spawnCli(argv: string[], env: Record<string, string>): CliChild {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist/src/cli.js'), ...argv], {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}
