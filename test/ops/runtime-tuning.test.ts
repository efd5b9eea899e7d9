import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, BUILT_CLI, buildOnce, PROJECT_ROOT } from './processes.js';

/**
 * src/runtime-tuning.ts, in child processes that load the built module or not:
 * - a major GC at a moment when no nextTick entry is alive collects the hidden classes of those
 *   entries, and V8 then turns the computed-key literal sites of Node's nextTick megamorphic for the
 *   life of the process. Reproduced, and shown prevented by the retained entry, reading the feedback
 *   with `%DebugPrint` (V8 natives syntax, a flag of the child).
 * - many nextTick entries alive across young GCs make V8 pretenure allocation sites; with the module
 *   loaded it takes no such decision (`--trace-pretenuring` prints each one).
 */

const TUNING = pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', 'runtime-tuning.js')).href;

const loadTuning = (load: boolean) => (load ? `await import(${JSON.stringify(TUNING)});` : '');

/** Runs nextTick chains, collects garbage while none is queued, runs more, prints the feedback. */
function shapeScript(tuned: boolean): string {
  return `
${loadTuning(tuned)}
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
}

/** Queues 100,000 nextTick entries at a time and allocates while they wait, four times. */
function pretenuringScript(tuned: boolean): string {
  return `
${loadTuning(tuned)}
for (let round = 0; round < 4; round++) {
  await new Promise((resolve) => {
    let left = 100_000;
    const done = () => { if (--left === 0) resolve(); };
    for (let i = 0; i < 100_000; i++) process.nextTick(done);
    let junk = [];
    for (let i = 0; i < 200_000; i++) junk.push({ i });
    junk = null;
  });
}
`;
}

function runChild(flags: string[], source: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [...flags, '--input-type=module', '-e', source],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, out) => (error ? reject(error) : resolve(out)),
    );
  });
}

async function literalSiteStates(tuned: boolean): Promise<string[]> {
  const stdout = await runChild(['--allow-natives-syntax', '--expose-gc'], shapeScript(tuned));
  return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);
}

async function tenureDecisions(tuned: boolean): Promise<number> {
  const stdout = await runChild(
    ['--trace-pretenuring', '--trace-pretenuring-statistics'],
    pretenuringScript(tuned),
  );
  return stdout.split('\n').filter((line) => line.includes('=> tenure')).length;
}

beforeAll(async () => {
  await buildOnce();
}, BUILD_TIMEOUT_MS);

describe('runtime tuning', () => {
  it('without it, a GC between ticks makes the nextTick literal sites megamorphic (the cause)', async () => {
    const states = await literalSiteStates(false);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states).toContain('MEGAMORPHIC');
  });

  it('with the module loaded, every literal site stays monomorphic through the same GC', async () => {
    const states = await literalSiteStates(true);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });

  it('without it, long-lived nextTick entries make V8 pretenure allocation sites (the cause)', async () => {
    expect(await tenureDecisions(false)).toBeGreaterThan(0);
  });

  it('with the module loaded, V8 pretenures nothing under the same load', async () => {
    expect(await tenureDecisions(true)).toBe(0);
  });

  it('is the first import of the CLI, so it runs before any other module', () => {
    const firstImport = readFileSync(BUILT_CLI, 'utf8').match(/^import .*$/m)?.[0];
    expect(firstImport).toBe("import './runtime-tuning.js';");
  });
});
