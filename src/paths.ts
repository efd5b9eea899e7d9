import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root (the folder holding package.json), found by walking up from this module, so
 * resource files resolve the same from `src/` under vitest and from `dist/src/` when built.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above src/paths.ts');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();

export function resourcePath(...parts: string[]): string {
  return join(projectRoot, 'resources', ...parts);
}
