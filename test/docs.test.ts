import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/config.js';
import { PROJECT_ROOT } from './helpers/processes.js';

/** The README and docs/ stay true to the code: sizes, links, and every setting named. */

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8');

describe('README and docs', () => {
  const readme = read('README.md');

  it('keeps the README a guide under 15 KB that points at nothing outside the repository', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(15_000);
    expect(readme).not.toMatch(/\.\.\/shared|\/work\//);
  });

  it('links only to files that exist', () => {
    for (const document of [
      'README.md',
      'docs/architecture.md',
      'docs/operations.md',
      'docs/benchmarks.md',
      'docs/fallbacks.md',
      'docs/records.md',
      'docs/webhooks.md',
    ]) {
      const base = join(PROJECT_ROOT, document, '..');
      for (const [, target] of read(document).matchAll(/\]\(((?!https?:)[^)#]+)(#[^)]*)?\)/g)) {
        expect(existsSync(join(base, target)), `${document} → ${target}`).toBe(true);
      }
    }
  });

  it('documents every setting in docs/operations.md, and the README names only real ones', () => {
    const operations = read('docs/operations.md');
    for (const name of Object.keys(SETTINGS)) expect(operations, name).toContain(`\`${name}\``);
    const known = new Set(Object.keys(SETTINGS));
    const named = [...readme.matchAll(/`([A-Z]+(?:_[A-Z0-9]+)+)`/g)].map((match) => match[1]);
    const unknown = named.filter((name) => !known.has(name) && !name.startsWith('TEST_') && name !== 'KEY');
    expect(unknown).toEqual([]);
  });
});
