import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { PROJECT_ROOT } from '../helpers/processes.js';

/**
 * `npm start` builds dist/ only when it is older than a source (scripts/build-if-stale.mjs, which
 * the test suite's global setup shares), on a small project of the same layout with the real
 * TypeScript compiler: a fresh clone builds, an up-to-date build is left alone, and a changed
 * source or compiler setting builds again.
 */

let root: string;
const built = () => statSync(join(root, 'dist', 'src', 'cli.js')).mtimeMs;
/** Sets a file's times `seconds` from now (file systems keep coarse times; a second apart is clear). */
const touch = (file: string, seconds: number) => {
  const at = new Date(Date.now() + seconds * 1000);
  utimesSync(join(root, file), at, at);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vat-build-if-stale-'));
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(
    join(PROJECT_ROOT, 'scripts', 'build-if-stale.mjs'),
    join(root, 'scripts', 'build-if-stale.mjs'),
  );
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: [],
        // The compiler's own declarations, without the DOM's and unchecked: each of the file's five
        // builds then takes a fifth of the time, and what is tested is when a build happens.
        lib: ['ES2022'],
        skipLibCheck: true,
        outDir: 'dist',
        rootDir: '.',
        incremental: true,
        tsBuildInfoFile: 'dist/.tsbuildinfo',
      },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(root, 'tsconfig.build.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { tsBuildInfoFile: 'dist/.tsbuildinfo-build' },
    }),
  );
  writeFileSync(join(root, 'src', 'cli.ts'), 'export const answer: number = 42;\n');
  // Every source older than any build this test makes.
  for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'src/cli.ts']) touch(file, -60);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-stale', () => {
  it('runs as a script: the first start of a checkout without dist/ builds, the next leaves it alone', () => {
    const run = () =>
      execFileSync(process.execPath, [join(root, 'scripts', 'build-if-stale.mjs')], { encoding: 'utf8' });
    expect(run()).toContain('Building dist/ (a source is newer than the last build)…');
    expect(readFileSync(join(root, 'dist', 'src', 'cli.js'), 'utf8')).toContain('42');
    const first = built();
    expect(run()).toBe('dist/ is up to date with its sources: not rebuilt.\n');
    expect(buildIfStale(root, () => undefined)).toBe('fresh');
    expect(built()).toBe(first);
  });

  it('builds again once a source or a compiler setting is newer than the build, and only then', () => {
    const lines: string[] = [];
    expect(buildIfStale(root, (line) => lines.push(line))).toBe('built');
    expect(lines).toEqual(['Building dist/ (a source is newer than the last build)…']);
    for (const file of ['src/cli.ts', 'tsconfig.json', 'package.json']) {
      // The build half a minute old, the file changed since.
      touch('dist/.tsbuildinfo-build', -30);
      if (file === 'src/cli.ts') writeFileSync(join(root, file), 'export const answer: number = 43;\n');
      touch(file, -10);
      expect(
        buildIfStale(root, () => undefined),
        file,
      ).toBe('built');
      expect(
        buildIfStale(root, () => undefined),
        file,
      ).toBe('fresh');
    }
    expect(readFileSync(join(root, 'dist', 'src', 'cli.js'), 'utf8')).toContain('43');
  });

  it('is what `npm start` runs first', () => {
    const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.prestart).toBe('node scripts/build-if-stale.mjs');
    expect(scripts.start).toContain('dist/src/cli.js serve');
  });
});
