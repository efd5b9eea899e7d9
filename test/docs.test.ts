import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

  it('links only to files and headings that exist', () => {
    const docs = readdirSync(join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    for (const document of ['README.md', 'client/README.md', ...docs.map((name) => `docs/${name}`)]) {
      const base = join(PROJECT_ROOT, document, '..');
      for (const [, target, anchor] of read(document).matchAll(
        /\]\(((?!https?:)[^)#\s]*)(?:#([^)\s]*))?\)/g,
      )) {
        // A path from the root (`/docs/test-mode`) is a route of the service, not a file here.
        expect(target.startsWith('/'), `${document} → ${target}`).toBe(false);
        const file = target ? join(base, target) : join(PROJECT_ROOT, document);
        expect(existsSync(file), `${document} → ${target}`).toBe(true);
        if (anchor && file.endsWith('.md')) {
          expect(headingAnchors(readFileSync(file, 'utf8')), `${document} → ${target}#${anchor}`).toContain(
            anchor,
          );
        }
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

/** The anchors GitHub gives a Markdown file's headings (outside code blocks). */
function headingAnchors(markdown: string): string[] {
  const anchors: string[] = [];
  const seen = new Map<string, number>();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = inCode ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.push(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
