import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';

/**
 * The project's shared contract files (the spec and decisions, the VAT vectors, the captured
 * registry answers), which some tests check the code against. They sit beside the repository
 * (`../shared`); a checkout elsewhere (CI's fresh clone in a temporary directory) finds them through
 * SHARED_DIR or at /work/shared, where the project's machines keep them.
 */
function sharedDir(): string {
  const candidates = [process.env.SHARED_DIR, join(projectRoot, '..', 'shared'), '/work/shared'];
  const found = candidates.find(
    (dir): dir is string => dir !== undefined && dir !== '' && existsSync(join(dir, 'vat-vectors.json')),
  );
  if (!found) {
    throw new Error(
      `The shared contract files (vat-vectors.json, spec/, upstreams/) were not found: set SHARED_DIR (looked in ${candidates.filter(Boolean).join(', ')}).`,
    );
  }
  return found;
}

export const SHARED_DIR = sharedDir();

/** A path inside the shared contract files, e.g. `shared('spec', 'service-spec.md')`. */
export function shared(...parts: string[]): string {
  return join(SHARED_DIR, ...parts);
}
