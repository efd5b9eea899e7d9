// Builds dist/ (tsc -p tsconfig.build.json) unless it is newer than every source it is built from.
// `npm start` runs it first (prestart), and so does the test suite's global setup, so neither pays
// for a build nothing asks for. A fresh clone has no dist/: it builds.
//
//   node scripts/build-if-stale.mjs            build when stale, say which
//
// Plain JavaScript on purpose: it runs before anything is compiled.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What dist/ is built from: tsconfig.build.json's `include`, and the compiler settings. */
const SOURCE_DIRS = ['src', 'simulator', 'bench'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

const buildInfo = (root) => join(root, 'dist', '.tsbuildinfo-build');

/**
 * When dist/ was last built: the time of tsc's build-info file, set after each build (tsc leaves it
 * alone when no source's content changed, e.g. after a checkout that only touched files); 0 when
 * there is no build to start.
 */
function builtAt(root) {
  const cli = join(root, 'dist', 'src', 'cli.js');
  return existsSync(cli) && existsSync(buildInfo(root)) ? statSync(buildInfo(root)).mtimeMs : 0;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The newest modification time among the sources of dist/. */
export function newestSource(root) {
  return Math.max(...[...SOURCE_DIRS, ...SOURCE_FILES].map((name) => newestMtime(join(root, name))));
}

/**
 * Builds `root`'s dist/ when a source is newer than the last build, or there is none. Returns
 * 'built' or 'fresh'; a failed build throws (tsc's errors are on stderr).
 */
export function buildIfStale(root, log = (line) => console.log(line)) {
  if (newestSource(root) <= builtAt(root)) return 'fresh';
  log('Building dist/ (a source is newer than the last build)…');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const now = new Date();
  utimesSync(buildInfo(root), now, now);
  return 'built';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(import.meta.dirname, '..');
  try {
    if (buildIfStale(root) === 'fresh') console.log('dist/ is up to date with its sources: not rebuilt.');
  } catch {
    process.exitCode = 1;
  }
}
