import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

/**
 * The SDK as a user gets it: `npm pack` of client/ (its `prepack` builds ESM, CommonJS and types),
 * installed from the tarball into fresh projects with `npm install <tarball> --offline` (it has no
 * dependencies). Not a test file.
 *
 * Packing builds the package, which takes a while; the tarball is kept in the temporary directory
 * under a hash of the package's sources, so the test files of one run (and later runs of the same
 * sources) build it once. A lock directory keeps two test processes from building at once.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT = join(ROOT, 'client');
/** What the package is built from: a change to any of them is a new tarball. */
const SOURCES = ['src', 'package.json', 'tsconfig.json', 'tsconfig.cjs.json', 'README.md'];
const run = promisify(execFile);

/** npm, as on PATH (the tests run with this Node.js first on it). */
function npm(args: string[], cwd: string) {
  return run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    timeout: 240_000,
    env: { ...process.env, PATH: `${resolve(process.execPath, '..')}:${process.env.PATH}` },
  });
}

/** The packed tarball of client/ as it is now. */
export async function packedClient(): Promise<string> {
  const dir = join(tmpdir(), `vat-client-pack-${sourceHash()}`);
  const tarball = join(dir, 'client.tgz');
  if (existsSync(tarball)) return tarball;
  const lock = `${dir}.lock`;
  while (!tryLock(lock)) {
    if (existsSync(tarball)) return tarball;
    await sleep(250);
  }
  try {
    if (existsSync(tarball)) return tarball;
    const copy = mkdtempSync(join(tmpdir(), 'vat-client-src-'));
    try {
      for (const name of SOURCES) cpSync(join(CLIENT, name), join(copy, name), { recursive: true });
      // The build's TypeScript: the repository's (the package's only dev dependency).
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
      const out = join(copy, 'out');
      mkdirSync(out);
      await npm(['pack', '--pack-destination', out], copy);
      const [packed] = readdirSync(out).filter((name) => name.endsWith('.tgz'));
      mkdirSync(dir, { recursive: true });
      renameSync(join(out, packed), tarball);
      removeStalePacks(dir);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    return tarball;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface InstalledProject {
  dir: string;
  /** Runs a file of the project with this Node.js; its standard output. */
  node(file: string, env?: Record<string, string>): Promise<string>;
  remove(): void;
}

/** A fresh project of `type` (`module` or `commonjs`) with the tarball installed, offline. */
export async function installProject(
  tarball: string,
  type: 'module' | 'commonjs',
): Promise<InstalledProject> {
  const dir = mkdtempSync(join(tmpdir(), `vat-sdk-${type}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `sdk-${type}`, private: true, type }));
  await npm(['install', tarball, '--offline'], dir);
  return {
    dir,
    async node(file, env = {}) {
      const { stdout } = await run(process.execPath, [file], {
        cwd: dir,
        timeout: 60_000,
        env: { ...process.env, ...env },
      });
      return stdout;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export type Sdk = typeof import('../../client/src/index.js');

/**
 * The packed SDK installed in a fresh ES module project, for the calling describe block or file:
 * its exports (`sdk.VatClient`, `sdk.ValidationError`, …) are there once beforeAll has run.
 */
export function useInstalledSdk(): Sdk {
  let loaded: Sdk | undefined;
  let project: InstalledProject | undefined;
  beforeAll(async () => {
    project = await installProject(await packedClient(), 'module');
    loaded = await importFrom(project);
  }, 300_000);
  afterAll(() => project?.remove());
  return new Proxy({} as Sdk, {
    get(_, name) {
      if (!loaded) throw new Error(`the SDK is read (${String(name)}) before beforeAll installed it`);
      return loaded[name as keyof Sdk];
    },
  });
}

/** The installed package as an ES module of the project imports it. */
export async function importFrom(
  project: InstalledProject,
): Promise<typeof import('../../client/src/index.js')> {
  const entry = createRequire(join(project.dir, 'package.json')).resolve('@vat-service/client/package.json');
  const manifest = JSON.parse(readFileSync(entry, 'utf8')) as {
    exports: { '.': { import: { default: string } } };
  };
  return import(pathToFileURL(join(entry, '..', manifest.exports['.'].import.default)).href);
}

/** The installed package as a CommonJS module of the project requires it. */
export function requireFrom(project: InstalledProject): Sdk {
  return createRequire(join(project.dir, 'package.json'))('@vat-service/client');
}

function sourceHash(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(relative(CLIENT, path)).update(readFileSync(path));
  };
  for (const name of SOURCES) add(join(CLIENT, name));
  return hash.digest('hex').slice(0, 16);
}

/** Tarballs of earlier sources, unused for an hour (another checkout may be using its own). */
function removeStalePacks(current: string): void {
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith('vat-client-pack-') || path === current || path.endsWith('.lock')) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}

/** Takes the lock directory, or false while another process holds it (a lock left for 10 minutes is stale). */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}
