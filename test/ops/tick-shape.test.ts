import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes.js';

/**
 * src/tick-shape.ts, in child processes that preload the built module or not: a major GC at a
 * moment when no nextTick entry is alive collects the hidden classes of those entries, and V8 then
 * turns the computed-key literal sites of Node's nextTick megamorphic for the life of the process.
 * Read from the feedback with `%DebugPrint` (V8 natives syntax, a flag of the child).
 */

const PRELOAD = pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', 'tick-shape.js')).href;

/** Runs nextTick chains, collects garbage while none is queued, runs more, prints the feedback. */
const SCRIPT = `
const run = (n) => new Promise((resolve) => {
  let left = n;
  const step = () => (--left === 0 ? resolve() : process.nextTick(step));
  process.nextTick(step);
});
await run(200);
await new Promise((resolve) => setTimeout(resolve, 10));
globalThis.gc();
globalThis.gc();
await run(200);
%DebugPrint(process.nextTick);
`;

function literalSiteStates(preload: boolean): Promise<string[]> {
  const flags = ['--allow-natives-syntax', '--expose-gc', ...(preload ? ['--import', PRELOAD] : [])];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...flags, '--input-type=module', '-e', SCRIPT],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, out) =>
        error
          ? reject(error)
          : resolve([...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1])),
    );
  });
}

describe('tick-shape preload', () => {
  it('keeps every nextTick literal site monomorphic through a GC between ticks', async () => {
    const states = await literalSiteStates(true);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });

  it('without it, the same GC turns them megamorphic (the fault it prevents)', async () => {
    expect(await literalSiteStates(false)).toContain('MEGAMORPHIC');
  });

  it('is on the start command, with the V8 flag, in package.json and the Dockerfile', () => {
    const start = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts
      .start as string;
    expect(start).toContain(
      '--no-allocation-site-pretenuring --import ./dist/src/tick-shape.js dist/src/cli.js',
    );
    const dockerfile = readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(
      '"--no-allocation-site-pretenuring", "--import", "./dist/src/tick-shape.js"',
    );
  });

  it('holds the heap to its size with the same flags in package.json and the Dockerfile', () => {
    const start = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts
      .start as string;
    expect(start).toContain('node --max-semi-space-size=16 --heap-growing-percent=50 ');
    const dockerfile = readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('"node", "--max-semi-space-size=16", "--heap-growing-percent=50", ');
  });
});
