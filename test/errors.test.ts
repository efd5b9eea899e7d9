import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from '../src/errors.js';
import { shared } from './helpers/shared.js';

/**
 * Parity between the error catalogue and the contract (STYLE habit 1, fastify's errors test): every
 * code of the spec's section 7 table, of decisions section 8 and of the second wave's table (wave2.md
 * section J) is in src/errors.ts with the same status, as is each code the third wave requires by
 * its status alone (a 408 in wave3.md section S), and the catalogue has no code the documents do not
 * name. The documents are read at
 * test time, so an edit to either side without the other fails here. (That each code's page is
 * served is checked over HTTP in test/http/docs.test.ts.)
 */

const SPEC = readFileSync(shared('spec', 'service-spec.md'), 'utf8');
const DECISIONS = readFileSync(shared('spec', 'decisions.md'), 'utf8');
const WAVE2 = readFileSync(shared('spec', 'wave2.md'), 'utf8');
const WAVE3 = readFileSync(shared('spec', 'wave3.md'), 'utf8');

/** The text of the `## N.` section of a markdown document, up to the next `## `. */
function section(document: string, number: number | string): string {
  const start = document.search(new RegExp(`^## ${number}\\. `, 'm'));
  if (start < 0) throw new Error(`no section ${number}`);
  const rest = document.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Rows `| \`code\` | status | condition |` of a section's table. */
function codeTable(text: string): Map<string, number> {
  const rows = new Map<string, number>();
  for (const match of text.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*(\d{3})\s*\|/gm)) {
    rows.set(match[1], Number(match[2]));
  }
  return rows;
}

/** Every "`status` `code`" pair a decisions section names, e.g. "413 `payload_too_large`". */
function namedWithStatus(text: string): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const match of text.matchAll(/\b(\d{3})\s+`([a-z_]+)`/g)) {
    const [code, status] = [match[2], Number(match[1])];
    const seen = pairs.get(code);
    if (seen !== undefined && seen !== status)
      throw new Error(`decisions give ${code} both ${seen} and ${status}`);
    pairs.set(code, status);
  }
  return pairs;
}

const SPEC_CODES = codeTable(section(SPEC, 7));
const WAVE2_CODES = codeTable(section(WAVE2, 'J'));
const SECTION_8_CODES = namedWithStatus(section(DECISIONS, 8));
const ALL_DECISION_CODES = namedWithStatus(DECISIONS);
/** The third wave names its new codes in the text, e.g. "409 `endpoint_limit_exceeded`". */
const WAVE3_CODES = namedWithStatus(WAVE3);
/**
 * Codes of statuses the third wave requires without naming a code, each with the phrase of
 * wave3.md section S that requires it.
 */
const WAVE3_UNNAMED_CODES = new Map([
  ['request_timeout', { status: 408, phrase: 'stalled request body gets 408' }],
]);

describe('error catalogue parity', () => {
  it('reads the 13 rows of the spec section 7 table', () => {
    expect(SPEC_CODES.size).toBe(13);
  });

  it('reads payload_too_large, unsupported_media_type and internal_error from decisions section 8', () => {
    expect(Object.fromEntries(SECTION_8_CODES)).toMatchObject({
      payload_too_large: 413,
      unsupported_media_type: 415,
      internal_error: 500,
    });
  });

  it('holds every code of the spec section 7 table with the same status', () => {
    for (const [code, status] of SPEC_CODES) {
      expect(isErrorCode(code), code).toBe(true);
      expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, code).toBe(status);
    }
  });

  it('holds every code of decisions section 8 with the same status', () => {
    for (const [code, status] of SECTION_8_CODES) {
      expect(isErrorCode(code), code).toBe(true);
      expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, code).toBe(status);
    }
  });

  it('holds every code of the second wave (wave2.md section J) with the same status', () => {
    expect(WAVE2_CODES.size).toBeGreaterThan(0);
    for (const [code, status] of WAVE2_CODES) {
      expect(isErrorCode(code), code).toBe(true);
      expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, code).toBe(status);
    }
  });

  it('agrees with the status of every code the decisions name anywhere', () => {
    for (const [code, status] of ALL_DECISION_CODES) {
      expect(isErrorCode(code), code).toBe(true);
      expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, code).toBe(status);
    }
  });

  it('gives every code of the third wave it holds the status wave3.md names', () => {
    expect(WAVE3_CODES.get('endpoint_limit_exceeded')).toBe(409);
    expect(isErrorCode('endpoint_limit_exceeded')).toBe(true);
    expect(WAVE3_CODES.get('category_not_found')).toBe(404);
    expect(ERROR_CATALOGUE.category_not_found.status).toBe(404);
    for (const [code, status] of WAVE3_CODES) {
      if (isErrorCode(code)) expect(ERROR_CATALOGUE[code].status, code).toBe(status);
    }
  });

  it('holds the codes of the statuses wave3 section S requires', () => {
    const hardening = section(WAVE3, 'S').replace(/\s+/g, ' ');
    for (const [code, { status, phrase }] of WAVE3_UNNAMED_CODES) {
      expect(hardening, code).toContain(phrase);
      expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE]?.status, code).toBe(status);
    }
  });

  it('has no code that neither the spec table, decisions section 8, wave2 section J nor wave3 names', () => {
    const documented = new Set([
      ...SPEC_CODES.keys(),
      ...SECTION_8_CODES.keys(),
      ...WAVE2_CODES.keys(),
      ...WAVE3_CODES.keys(),
      ...WAVE3_UNNAMED_CODES.keys(),
    ]);
    expect(ERROR_CODES.filter((code) => !documented.has(code))).toEqual([]);
    for (const code of [...SPEC_CODES.keys(), ...SECTION_8_CODES.keys()])
      expect(isErrorCode(code), code).toBe(true);
  });

  it('gives every entry a default message, a title and an explanation for its docs page', () => {
    for (const code of ERROR_CODES) {
      const entry = ERROR_CATALOGUE[code];
      expect(entry.message.trim(), code).not.toBe('');
      expect(entry.title.trim(), code).not.toBe('');
      expect(entry.explanation.trim(), code).not.toBe('');
    }
  });

  it('builds an ApiError with the catalogue status and default message', () => {
    for (const code of ERROR_CODES) {
      const error = new ApiError(code);
      expect(error.status).toBe(ERROR_CATALOGUE[code].status);
      expect(error.message).toBe(ERROR_CATALOGUE[code].message);
    }
  });

  it('does not take inherited object members for codes', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(isErrorCode(name), name).toBe(false);
  });
});
