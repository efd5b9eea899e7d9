/**
 * Input clean-up and the country prefix (vat-formats.md section 1, decisions section 1): separators,
 * the character check before upper-casing, GR for EL, exactly one prefix, and inputs that are not
 * VAT numbers at all. checkVatNumber never throws, whatever it is given.
 */
import { describe, expect, it } from 'vitest';
import { checkVatNumber, type VatCheck } from '../../src/numbers/index.js';
import { checkTime } from '../helpers/numbers.js';

function vatNumberOf(result: VatCheck): string | null {
  return result.kind === 'checked' ? result.number.vatNumber : null;
}

function messageOf(result: VatCheck): string {
  if (result.kind !== 'syntax_error')
    throw new Error(`expected a syntax error, got ${JSON.stringify(result)}`);
  return result.message;
}

/** Every separator of vat-formats.md section 1, step 1. */
const SEPARATORS = [
  ...'\t\n\u000b\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  ...'.,/-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d',
];

describe('separators', () => {
  it.each(SEPARATORS.map((s) => [`U+${s.charCodeAt(0).toString(16).padStart(4, '0')}`, s]))(
    '%s is ignored anywhere in the number',
    (_, sep) => {
      expect(vatNumberOf(checkVatNumber(`${sep}D${sep}E${sep}136${sep}${sep}695976${sep}`))).toBe(
        'DE136695976',
      );
    },
  );

  it.each([':', '_', ';', "'", '(', ')', '|', '\u200b', '\u180e', '\u00ad'])(
    '%j is not a separator: it is an unexpected character',
    (char) => {
      const result = checkVatNumber(`DE 136${char}695976`);
      expect(result).toMatchObject({ kind: 'syntax_error', countryCode: 'DE' });
      expect(messageOf(result)).toMatch(/^DE VAT number contains the unexpected character .*U\+[0-9A-F]{4}/);
    },
  );

  it('quotes a visible unexpected character and gives only the code point of an invisible one', () => {
    expect(messageOf(checkVatNumber('DE_136695976'))).toBe(
      "DE VAT number contains the unexpected character '_' (U+005F); only letters A-Z, digits and the separators space . , / - are allowed.",
    );
    expect(messageOf(checkVatNumber('DE\u0000136695976'))).toContain('the unexpected character U+0000;');
  });

  it('treats a string of separators only as empty', () => {
    expect(checkVatNumber(' .,/-\u00a0\u2013 ')).toEqual({
      kind: 'syntax_error',
      countryCode: null,
      message: 'VAT number is empty; it must start with a two-letter country code (e.g. DE).',
    });
  });
});

describe('letters and case', () => {
  it('accepts lower and mixed case and returns upper case', () => {
    expect(vatNumberOf(checkVatNumber('de136695976'))).toBe('DE136695976');
    expect(vatNumberOf(checkVatNumber('nL 004495445 b01'))).toBe('NL004495445B01');
    expect(vatNumberOf(checkVatNumber('che-107.787.577 mwst'))).toBe('CHE107787577MWST');
    expect(vatNumberOf(checkVatNumber('no 995525828 mva'))).toBe('NO995525828MVA');
  });

  // JavaScript's toUpperCase maps 'ı' → 'I', 'ſ' → 'S' and 'ß' → 'SS': none may make a number valid.
  it.each([
    ['Turkish dotless i in the prefix', '\u0131E6433435F'],
    ['long s in the prefix', '\u017fE556043606401'],
    ['sharp s in the number', 'DE\u00df136695976'],
    ['Turkish dotless i in the number', 'IE6433435\u0131'],
    ['fullwidth digits', 'EL\uff10\uff19\uff14\uff12\uff15\uff19\uff12\uff11\uff16'],
    ['Kelvin sign', 'SE55604360\u212a01'],
  ])('rejects non-ASCII letters and digits (%s)', (_, input) => {
    const result = checkVatNumber(input);
    expect(result.kind).toBe('syntax_error');
    expect(messageOf(result)).toContain('unexpected character');
  });

  it('names the country when the unexpected character follows a known prefix', () => {
    expect(checkVatNumber('DE\u00df136695976')).toMatchObject({ countryCode: 'DE' });
    expect(checkVatNumber('\u0131E6433435F')).toMatchObject({ countryCode: null });
  });
});

describe('country prefix', () => {
  it('accepts GR as an alias of EL and normalises to EL', () => {
    expect(checkVatNumber('GR 094259216')).toEqual({
      kind: 'checked',
      number: { countryCode: 'EL', national: '094259216', vatNumber: 'EL094259216' },
      checksumValid: true,
    });
    expect(vatNumberOf(checkVatNumber('gr 94051189'))).toBe('EL094051189');
    expect(checkVatNumber('GR 0945010')).toMatchObject({ kind: 'syntax_error', countryCode: 'EL' });
  });

  it.each([
    ['DE DE 136695976', 'DE'],
    ['AT ATU 65033803', 'AT'],
    ['EL EL 094501040', 'EL'],
    ['ELGR094501040', 'EL'],
    ['GRGR094501040', 'EL'],
  ])(
    'removes exactly one prefix, so %j is a syntax error that says the prefix appears twice',
    (input, code) => {
      const result = checkVatNumber(input);
      expect(result).toMatchObject({ kind: 'syntax_error', countryCode: code });
      expect(messageOf(result)).toMatch(/\(the country prefix appears twice\)\.$/);
    },
  );

  it('refuses a number without a prefix, guessing no country', () => {
    expect(checkVatNumber('136695976')).toEqual({
      kind: 'syntax_error',
      countryCode: null,
      message: "VAT number must start with a two-letter country code (e.g. DE136695976); got '136695976'.",
    });
  });

  it.each(['QQ 136695976', 'NI 432525179', 'FL 12345', 'EU372022452', 'XX123456789'])(
    'refuses the unknown prefix of %j and echoes only the prefix',
    (input) => {
      const result = checkVatNumber(input);
      expect(result).toMatchObject({ kind: 'syntax_error', countryCode: null });
      const prefix = input.replace(/\s/g, '').slice(0, 2);
      expect(messageOf(result)).toBe(
        `VAT number must start with a supported two-letter country code (e.g. DE); got '${prefix}'.`,
      );
    },
  );

  it('gives a prefix alone the country rule, and a single letter the prefix rule', () => {
    expect(checkVatNumber('DE')).toMatchObject({ kind: 'syntax_error', countryCode: 'DE' });
    expect(checkVatNumber('LI')).toMatchObject({ kind: 'syntax_error', countryCode: 'LI' });
    expect(checkVatNumber('D')).toMatchObject({ kind: 'syntax_error', countryCode: null });
  });
});

describe('inputs that are not VAT number strings', () => {
  const revoked = Proxy.revocable([], {});
  revoked.revoke();

  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a number', 136695976, 'a number'],
    ['a bigint', 136695976n, 'a bigint'],
    ['a boolean', true, 'a boolean'],
    ['a symbol', Symbol('DE136695976'), 'a symbol'],
    ['a function', () => 'DE136695976', 'a function'],
    ['an object', { vat_number: 'DE136695976' }, 'an object'],
    ['a String object', new String('DE136695976'), 'an object'],
    ['an array', ['DE136695976'], 'an array'],
    ['a revoked proxy', revoked.proxy, 'an object'],
  ])('gives %s a syntax error saying a string is needed', (_, input, described) => {
    expect(checkVatNumber(input)).toEqual({
      kind: 'syntax_error',
      countryCode: null,
      message: `VAT number must be a string; got ${described}.`,
    });
  });

  it('gives the empty and the blank string the empty message', () => {
    for (const input of ['', '   ', '\t\n']) {
      expect(checkVatNumber(input)).toEqual({
        kind: 'syntax_error',
        countryCode: null,
        message: 'VAT number is empty; it must start with a two-letter country code (e.g. DE).',
      });
    }
  });

  it('refuses a 1 MB string at once, without echoing it', () => {
    for (const huge of [
      'DE'.padEnd(1 << 20, '1'),
      `${' '.repeat(1 << 20)}DE136695976`,
      '\u00df'.repeat(1 << 20),
    ]) {
      expect(checkTime(huge)).toBeLessThan(5);
      expect(checkVatNumber(huge)).toEqual({
        kind: 'syntax_error',
        countryCode: null,
        message: `VAT number is too long: at most 100 characters are accepted, separators included; got ${huge.length}.`,
      });
    }
  });

  it('accepts generous spacing up to 100 characters', () => {
    expect(vatNumberOf(checkVatNumber('DE136695976'.padStart(100, ' ')))).toBe('DE136695976');
    expect(checkVatNumber('DE136695976'.padStart(101, ' ')).kind).toBe('syntax_error');
  });

  it('echoes at most 20 characters of a long malformed number', () => {
    expect(messageOf(checkVatNumber(`DE${'1'.repeat(60)}`))).toMatch(/; got 'DE1{18}…'\.$/);
    expect(messageOf(checkVatNumber('1'.repeat(60)))).toMatch(/; got '1{20}…'\.$/);
  });
});
