/**
 * Every vector of vat-vectors.json (vat-formats.md section 6). `failure: "syntax"` is stage 1
 * (a syntax_error), `failure: "checksum"` is stage 2 (checked, checksumValid false). For GB and XI
 * checksum vectors decisions section 1 only requires "not a 422 and no local valid: false"; the
 * local verdict is still reported honestly as false and the caller sends them to the registry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVatNumber } from '../../src/numbers/index.js';
import { shared } from '../helpers/shared.js';

interface Vector {
  input: string;
  country: string;
  valid_format: boolean;
  normalized?: string;
  failure?: 'syntax' | 'checksum';
  note: string;
}

// The shared test vectors (test/helpers/shared.ts finds them).
const VECTORS_PATH = shared('vat-vectors.json');
const vectors: Vector[] = JSON.parse(readFileSync(VECTORS_PATH, 'utf8'));

/** Vectors without a usable prefix say so in their note; no country can be derived for them. */
const NO_USABLE_PREFIX = /no country prefix|unknown (?:country )?prefix|prefix is mandatory/;

const label = (v: Vector) => `${JSON.stringify(v.input)} (${v.note})`;

describe('vat-vectors.json', () => {
  it('holds the 615 vectors the reference describes (322 valid, 293 invalid)', () => {
    expect(vectors).toHaveLength(615);
    expect(vectors.filter((v) => v.valid_format)).toHaveLength(322);
  });

  describe('valid vectors are checked, pass their check digits and normalise as listed', () => {
    it.each(vectors.filter((v) => v.valid_format).map((v) => [label(v), v] as const))('%s', (_, v) => {
      expect(checkVatNumber(v.input)).toEqual({
        kind: 'checked',
        number: { countryCode: v.country, national: v.normalized!.slice(2), vatNumber: v.normalized },
        checksumValid: true,
      });
    });
  });

  describe('checksum vectors pass the syntax and fail the check digits', () => {
    it.each(vectors.filter((v) => v.failure === 'checksum').map((v) => [label(v), v] as const))(
      '%s',
      (_, v) => {
        const result = checkVatNumber(v.input);
        expect(result.kind).toBe('checked');
        if (result.kind !== 'checked') return;
        expect(result.number.countryCode).toBe(v.country);
        expect(result.checksumValid).toBe(false);
      },
    );
  });

  describe('syntax vectors are syntax errors naming the country when the prefix gives one', () => {
    it.each(vectors.filter((v) => v.failure === 'syntax').map((v) => [label(v), v] as const))(
      '%s',
      (_, v) => {
        const result = checkVatNumber(v.input);
        expect(result.kind).toBe('syntax_error');
        if (result.kind !== 'syntax_error') return;
        expect(result.countryCode).toBe(
          NO_USABLE_PREFIX.test(v.note) || v.input.trim() === '' ? null : v.country,
        );
        expect(result.message).toMatch(/^[A-Z].*\.$/);
      },
    );
  });
});
