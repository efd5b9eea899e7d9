/**
 * Properties over generated input (fast-check): checkVatNumber is total and fast on anything,
 * idempotent on its own normalised output, and blind to the separators of vat-formats.md section 1.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/numbers/formats.js';
import { checkVatNumber, VAT_COUNTRY_CODES } from '../../src/numbers/index.js';
import { checkTime } from '../helpers/numbers.js';
import { shared } from '../helpers/shared.js';

const SEPARATORS = [...' \t\u00a0\u2009\u202f\u3000\ufeff.,/-\u2010\u2013\u2014\u2212\ufe63\uff0d'];

const validVectorNumbers: string[] = JSON.parse(readFileSync(shared('vat-vectors.json'), 'utf8')).flatMap(
  (v: { valid_format: boolean; input: string; normalized?: string }) =>
    v.valid_format ? [v.input, v.normalized!] : [],
);

/** A prefix (GR included, in either case) and a national part matching that country's pattern. */
const wellFormed = fc.oneof(
  ...[...VAT_COUNTRY_CODES, 'GR' as const].map((prefix) =>
    fc
      .tuple(
        fc.constantFrom(prefix, prefix.toLowerCase()),
        fc.stringMatching(FORMATS[prefix === 'GR' ? 'EL' : prefix].pattern),
      )
      .map(([p, national]) => p + national),
  ),
);

/** Characters a VAT number is made of, plus near misses: lower case, non-separators, non-ASCII letters. */
const vatLike = fc.string({
  unit: fc.constantFrom(...'DEATGRCHLINOUBMWSVX0123456789 .-/+*_:ßıſ\u00a0'),
  maxLength: 40,
});

/** Up to about 8 MB of repeated material: unicode, separators only, or digits after a prefix. */
const huge = fc
  .tuple(
    fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.constantFrom(' ', '-', 'DE1')),
    fc.integer({ min: 50, max: 1 << 20 }),
  )
  .map(([unit, times]) => unit.repeat(times));

describe('checkVatNumber properties', () => {
  it('never throws and answers within a few milliseconds, for any value', () => {
    const anyInput = fc.oneof(
      { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }), weight: 4 },
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 2 },
      { arbitrary: vatLike, weight: 4 },
      { arbitrary: wellFormed, weight: 4 },
      { arbitrary: fc.anything(), weight: 1 },
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(checkTime(input)).toBeLessThan(5);
        const result = checkVatNumber(input);
        if (result.kind === 'syntax_error') expect(result.message.length).toBeLessThan(400);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses very long strings just as fast', () => {
    fc.assert(
      fc.property(huge, (input) => {
        expect(checkTime(input)).toBeLessThan(5);
        expect(checkVatNumber(input).kind).toBe('syntax_error');
      }),
      { numRuns: 40 },
    );
  });

  it('is idempotent: re-checking a normalised number gives the same answer', () => {
    const candidates = fc.oneof(wellFormed, vatLike, fc.constantFrom(...validVectorNumbers));
    fc.assert(
      fc.property(candidates, (input) => {
        const first = checkVatNumber(input);
        if (first.kind !== 'checked') return;
        expect(checkVatNumber(first.number.vatNumber)).toEqual(first);
      }),
      { numRuns: 1500 },
    );
  });

  it('gives the same answer when separators are inserted anywhere', () => {
    const withSeparators = fc
      .tuple(
        fc.oneof(wellFormed, fc.constantFrom(...validVectorNumbers)),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...SEPARATORS)), { maxLength: 12 }),
      )
      .map(([number, inserts]) => {
        let spaced = number;
        for (const [at, sep] of inserts) {
          const i = at % (spaced.length + 1);
          spaced = spaced.slice(0, i) + sep + spaced.slice(i);
        }
        return [number, spaced] as const;
      });
    fc.assert(
      fc.property(withSeparators, ([number, spaced]) => {
        expect(checkVatNumber(spaced)).toEqual(checkVatNumber(number));
      }),
      { numRuns: 1500 },
    );
  });
});
