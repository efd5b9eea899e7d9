import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../src/errors.js';
import { startTestApp, type TestApp } from './helpers/harness.js';
import { PROJECT_ROOT } from './helpers/processes.js';
import { OFFLINE_REGISTRIES } from './http/support.js';

/**
 * What users read states each rule itself and never cites the labels of our own contract files
 * ("(L2)", "wave-2 C1", "decisions §4", "spec 5.4", "section X", "S6"): the docs, the READMEs,
 * the served docs pages, the OpenAPI document, and every string in src/ (error messages, page
 * text, descriptions). Code comments may keep them: they are for us.
 */

const LABELS = [
  /\bwave[- ]?[0-9]\b/i,
  /\((?:ruling )?L[0-9]{1,2}\)/,
  /\brulings? L[0-9]/i,
  /\bdecisions?\s*(?:§|section)\s*[0-9]/i,
  /\b(?:wave[0-9]|service-spec)\.md\b/,
  // The rulings file; the user guide docs/decisions.md (the VAT treatment of a sale) is no label.
  /(?<!\bdocs\/|\]\()\bdecisions\.md\b/,
  /\bspec(?:ification)?\s*(?:§\s*|section\s*)?[0-9]+(?:\.[0-9]+)*\b/i,
  /§\s*[0-9]/,
  /\bsection\s+[A-MPRSX][0-9]{0,2}\b/,
  // A bare item label (A1, C2, X4, S10). A VAT number's tail such as B01 has a leading zero.
  /\b[A-MPRSX][1-9][0-9]?\b/,
];

/** Words that look like a label and are not one. */
const NOT_LABELS = new Set(['A4']);

/** Each label-like piece of `text`, with a few characters around it to find it by. */
function labelsIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of LABELS) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      if (NOT_LABELS.has(match[0])) continue;
      const at = match.index ?? 0;
      found.push(`${match[0]} in "…${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}…"`);
    }
  }
  return found;
}

function expectNoLabels(where: string, text: string): void {
  expect(labelsIn(text), where).toEqual([]);
}

/** Every string a JSON value holds, keys included. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* stringsOf(item);
    }
  }
}

/** The text of the string and template literals of a TypeScript file: its messages and pages. */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

const filesUnder = (dir: string, extension: string) =>
  readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => join(entry.parentPath, entry.name));

const visibleText = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe('no contract labels in what users read', () => {
  it('finds the labels it is meant to find', () => {
    for (const text of [
      'Formula cells are neutralised (L8).',
      'null otherwise (wave-2 C2), on every channel',
      'the order of decisions §4',
      'as spec 5.4 says',
      'see decisions section 8',
      'the sign-in fixes are in S6',
      'X4 makes it an SDK',
      'as in section X',
      'as spec/decisions.md rules',
    ]) {
      expect(labelsIn(text), text).not.toEqual([]);
    }
    for (const text of [
      'NL 1234.56.782.B01',
      'a one-page A4 PDF',
      'p50 and p95',
      'DE123456704',
      'HTTP/2 preface',
      'see docs/decisions.md',
      'the [table of cases](decisions.md#cases)',
    ]) {
      expect(labelsIn(text), text).toEqual([]);
    }
  });

  it('keeps them out of the docs and the READMEs', () => {
    const documents = [
      ...filesUnder('docs', '.md'),
      join(PROJECT_ROOT, 'README.md'),
      join(PROJECT_ROOT, 'client', 'README.md'),
    ];
    expect(documents.length).toBeGreaterThan(5);
    for (const file of documents) expectNoLabels(relative(PROJECT_ROOT, file), readFileSync(file, 'utf8'));
  });

  it('keeps them out of every string in src/: messages, pages, descriptions', () => {
    const files = filesUnder('src', '.ts');
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      for (const text of literalsOf(file)) expectNoLabels(relative(PROJECT_ROOT, file), text);
    }
  });

  it("keeps them out of the error catalogue's messages", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) expectNoLabels(code, JSON.stringify(entry));
  });

  describe('as served', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
    });
    afterAll(() => app?.close());

    it('keeps them out of the OpenAPI document', async () => {
      const document = await app.request('GET', '/openapi.json');
      expect(document.status).toBe(200);
      const strings = [...stringsOf(document.body)];
      expect(strings.length).toBeGreaterThan(1_000);
      for (const text of strings) expectNoLabels('/openapi.json', text);
    });

    it('keeps them out of the docs pages: the reference, the error pages and test mode', async () => {
      const pages = [
        '/docs/',
        '/docs/errors',
        '/docs/test-mode',
        ...Object.keys(ERROR_CATALOGUE).map((code) => `/docs/errors/${code}`),
      ];
      for (const path of pages) {
        const page = await app.request('GET', path);
        expect(page.status, path).toBe(200);
        expectNoLabels(path, visibleText(page.text));
      }
    });
  });
});
