import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, BUILT_CLI, buildOnce, PROJECT_ROOT } from './processes.js';

/**
 * src/tick-shape.ts: a major GC at a moment when no nextTick entry is alive collects the hidden
 * classes of those entries, and V8 then turns the three computed-key literal sites of Node's
 * nextTick megamorphic for the life of the process (each later nextTick adds its properties in
 * the runtime). These tests reproduce that in a child process and show the retained entry
 * prevents it, reading the feedback with `%DebugPrint` (V8 natives syntax, a flag of the child).
 */

const TICK_SHAPE = pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', 'tick-shape.js')).href;

/** Runs nextTick chains, collects garbage while none is queued, runs more, prints the feedback. */
function script(retain: boolean): string {
  return `
${retain ? `await import(${JSON.stringify(TICK_SHAPE)});` : ''}
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

async function literalSiteStates(retain: boolean): Promise<string[]> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script(retain)],
      { maxBuffer: 16 * 1024 * 1024, timeout: 30_000 },
      (error, out) => (error ? reject(error) : resolve(out)),
    );
  });
  return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);
}

beforeAll(async () => {
  await buildOnce();
}, BUILD_TIMEOUT_MS);

describe('nextTick entry shapes', () => {
  it('without a retained entry, a GC between ticks makes the literal sites megamorphic (the cause)', async () => {
    const states = await literalSiteStates(false);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states).toContain('MEGAMORPHIC');
  });

  it('with src/tick-shape.ts loaded, every literal site stays monomorphic through the same GC', async () => {
    const states = await literalSiteStates(true);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });

  it('is the first import of the CLI, so it runs before any other module', () => {
    const firstImport = readFileSync(BUILT_CLI, 'utf8').match(/^import .*$/m)?.[0];
    expect(firstImport).toBe("import './tick-shape.js';");
  });
});
