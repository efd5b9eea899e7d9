import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/openapi-document.js';
import { TRADER_FIELD_PATTERN } from '../../src/matching/trader-fields.js';
import { PORTABLE_PRINTABLE_PATTERN, UNICODE_PATTERN_KEYWORD } from '../../src/printable-text.js';
import { REFERENCE_PATTERN } from '../../src/records/reference.js';
import { lintOutput, repositoryFile } from './support.js';

/**
 * The OpenAPI document works outside JavaScript: every pattern compiles as ECMA-262 without flags
 * and as Python's `re` (the regular expressions code generators use), query integers are typed
 * integer, every media type of an answer has its own schema, and `spectral lint` with the
 * repository's .spectral.yaml (`spectral:oas`) finds nothing. Free text whose exact rule needs
 * Unicode categories carries a portable pattern that lets through everything the service takes,
 * and its exact rule as `x-unicode-pattern`.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is inspected freely
type Json = any;

/** Every object of the document with the path to it. */
function* walk(node: Json, path = ''): Generator<[string, Json]> {
  if (node === null || typeof node !== 'object') return;
  yield [path, node];
  for (const [key, value] of Object.entries(node)) yield* walk(value, `${path}/${key}`);
}

/** Every `pattern` of a schema, and where it is. */
function patternsOf(document: Json): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [path, node] of walk(document)) {
    if (typeof node.pattern === 'string' && !path.endsWith('/properties')) found.push([path, node.pattern]);
  }
  return found;
}

const python = spawnSync('python3', ['--version']).status === 0;

describe('the portable OpenAPI document', () => {
  let document: Json;
  beforeAll(async () => {
    document = await openApiDocument();
  });

  it('has patterns that compile without the u flag: no \\p{…}, no \\u{…}', () => {
    const patterns = patternsOf(document);
    expect(patterns.length).toBeGreaterThan(10);
    for (const [path, pattern] of patterns) {
      expect(pattern, path).not.toMatch(/\\[pP]\{|\\u\{/);
      expect(() => new RegExp(pattern), `${path}: ${pattern}`).not.toThrow();
    }
  });

  it.skipIf(!python)("has patterns that Python's re compiles", () => {
    const patterns = [...new Set(patternsOf(document).map(([, pattern]) => pattern))];
    const run = spawnSync(
      'python3',
      [
        '-c',
        'import json, re, sys\nfor p in json.load(sys.stdin):\n    try: re.compile(p)\n    except re.error as e: print(p, "->", e)',
      ],
      { input: JSON.stringify(patterns), encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
  });

  /** The exact rules of the document's free text (`x-unicode-pattern`), each once. */
  const exactRules = (): string[] => [
    ...new Set([...walk(document)].map(([, node]) => node[UNICODE_PATTERN_KEYWORD]).filter(Boolean)),
  ];

  it('gives free text needing Unicode categories the portable pattern, and its exact rule beside it', () => {
    const texts = [...walk(document)].filter(([, node]) => node[UNICODE_PATTERN_KEYWORD] !== undefined);
    // reference and the five trader fields, in the query and in the bodies that take them.
    expect(texts.length).toBeGreaterThanOrEqual(6);
    for (const [path, node] of texts) expect(node.pattern, path).toBe(PORTABLE_PRINTABLE_PATTERN);
    expect(exactRules().sort()).toEqual([REFERENCE_PATTERN, TRADER_FIELD_PATTERN].sort());
  });

  it('lets through, with its portable pattern, everything an exact rule takes', () => {
    const portable = [new RegExp(PORTABLE_PRINTABLE_PATTERN), new RegExp(PORTABLE_PRINTABLE_PATTERN, 'u')];
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom(' ', '\u00a0', '\u3000', 'a', 'é', '🙂', '\u200b', '\t'),
        maxLength: 8,
      }),
    );
    for (const rule of exactRules()) {
      const exact = new RegExp(rule, 'u');
      fc.assert(
        fc.property(text, (value) => {
          if (exact.test(value))
            for (const pattern of portable) expect(pattern.test(value), value).toBe(true);
        }),
        { numRuns: 500 },
      );
      // And what the portable pattern refuses outright, the exact rule refuses too.
      for (const value of ['', '   ', 'a\tb', 'a\nb', 'a\u0085b', 'a\u2028b', '\u00a0'])
        expect([exact.test(value), portable[0].test(value)], JSON.stringify(value)).toEqual([false, false]);
    }
  });

  it('types query integers as integers', () => {
    const queries = [...walk(document.paths)]
      .filter(([, node]) => node.in === 'query')
      .map(([path, node]) => [`${path} ${node.name}`, node] as [string, Json]);
    const limits = queries.filter(([, node]) => node.name === 'limit');
    expect(limits.length).toBeGreaterThanOrEqual(5);
    for (const [where, node] of limits)
      expect(node.schema, where).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    // No other query parameter is a number written as a string of digits.
    for (const [where, node] of queries)
      expect(node.schema.pattern ?? '', where).not.toMatch(/^\^\[0-9\]\{[0-9,]+\}\$$|^\^\\d/);
  });

  it('types each media type of an answer or a body', () => {
    for (const [path, node] of walk(document.paths)) {
      if (!path.endsWith('/content')) continue;
      for (const [type, media] of Object.entries(node as Record<string, Json>)) {
        expect(media.schema, `${path} ${type}`).toBeDefined();
        if (type === 'application/json') continue;
        const schema = media.schema.properties?.file ?? media.schema;
        if (type !== 'multipart/form-data') expect(schema.contentMediaType, `${path} ${type}`).toBe(type);
      }
    }
    const proof = document.paths['/v1/validations/{id}/proof'].get.responses['200'].content;
    expect(Object.keys(proof)).toEqual(['application/json', 'application/pdf']);
    expect(proof['application/json'].schema.properties.data.$ref).toBe(
      '#/components/schemas/ValidationProof',
    );
    expect(proof['application/pdf'].schema).toMatchObject({
      type: 'string',
      contentMediaType: 'application/pdf',
    });
  });

  it('passes spectral lint with the repository ruleset, without a warning', async () => {
    const stdout = await lintOutput(
      document,
      '@stoplight/spectral-cli/dist/index.js',
      (file) => ['lint', file, '--ruleset', repositoryFile('.spectral.yaml'), '--format', 'json', '--quiet'],
      { timeoutMs: 110_000 },
    );
    const problems = (JSON.parse(stdout) as Json[]).map(
      (p) => `${p.code} (severity ${p.severity}): ${p.message} at ${p.path.join('.')}`,
    );
    expect(problems).toEqual([]);
  });
});
