import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/ledger/hashing.js';

/**
 * The ledger's canonical form (RFC 8785) against the `canonicalize` package, the reference it
 * replaced on the hot path: every record and decision hash depends on the two agreeing byte for byte.
 */

const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }).filter((text) => text.isWellFormed()),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(
    fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }).filter((text) => text.isWellFormed()),
      fc.constantFrom('__proto__', 'constructor', '0', '12', '012', '4294967295'),
    ),
    tie('value'),
    { maxKeys: 6 },
  ),
}));

describe('canonicalJson', () => {
  it('gives the bytes of the canonicalize package for any JSON value', () => {
    fc.assert(
      fc.property(anyJson.value, (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('orders members by UTF-16 code units, members named like array indexes included', () => {
    const value = {
      b: 1,
      a: [{ z: true, é: null, '': 'empty' }],
      '10': 'ten',
      '2': 'two',
      'a\u{1F600}': 0,
      'a\uFFFF': 1,
    };
    expect(canonicalJson(value)).toBe(canonicalize(value));
    expect(canonicalJson(value).startsWith('{"10":"ten","2":"two","a":')).toBe(true);
    expect(canonicalJson({ '10': 1, '2': 2, x: 3 })).toBe('{"10":1,"2":2,"x":3}');
    const proto = JSON.parse('{"z":1,"__proto__":{"a":2}}');
    expect(canonicalJson(proto)).toBe('{"__proto__":{"a":2},"z":1}');
  });

  it('serialises numbers as RFC 8785 does', () => {
    const numbers = [0, -0, 1e21, 1e-7, 123.456, -5e-324, 2 ** 53, 0.1 + 0.2];
    expect(canonicalJson(numbers)).toBe(canonicalize(numbers));
    expect(canonicalJson(numbers)).toBe(
      '[0,0,1e+21,1e-7,123.456,-5e-324,9007199254740992,0.30000000000000004]',
    );
  });

  it('leaves out undefined members, keeps null, and uses toJSON', () => {
    const value = { a: undefined, b: null, c: new Date(Date.UTC(2026, 10, 28)), d: [undefined] };
    expect(canonicalJson(value)).toBe(canonicalize(value));
    expect(canonicalJson(value)).toBe('{"b":null,"c":"2026-11-28T00:00:00.000Z","d":[null]}');
  });

  it('serialises a value nested deeper than the stack allows, as the package does', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}1${']'.repeat(200_000)}`);
    expect(canonicalJson(deep)).toBe(canonicalize(deep));
  });

  it('refuses what has no canonical form, as the package does', () => {
    for (const bad of [{ n: Number.NaN }, [Number.POSITIVE_INFINITY], { s: 'lone \ud800 surrogate' }]) {
      expect(() => canonicalize(bad)).toThrow();
      expect(() => canonicalJson(bad)).toThrow();
    }
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});
