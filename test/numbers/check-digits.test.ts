/**
 * Stage 2 corners the vectors do not reach: the deliberate differences from python-stdnum 1.18
 * (vat-formats.md section 5), the issuing-rule changes the rules must keep up with (section 7),
 * and the fixed components and alternative forms of section 4.
 */
import { describe, expect, it } from 'vitest';
import { checkVatNumber } from '../../src/numbers/index.js';

type Verdict = 'valid' | 'checksum' | 'syntax';

/** 'valid', 'checksum' (stage 2 fails) or 'syntax' (stage 1 fails), as the vectors say it. */
function verdict(input: string): Verdict {
  const result = checkVatNumber(input);
  if (result.kind === 'syntax_error') return 'syntax';
  return result.checksumValid ? 'valid' : 'checksum';
}

const DIFFERENCES_FROM_STDNUM: ReadonlyArray<readonly [string, Verdict, string]> = [
  ['BE2000021323', 'syntax', 'BE numbers start with 0 or 1'],
  ['RO 1630615123457', 'syntax', 'a 13-digit CNP is not a RO VAT number'],
  ['RO RO 16621241', 'syntax', 'the prefix is removed once'],
  ['IE 8D79739IA', 'syntax', 'no old-form number has a 9th character'],
  ['LV 328673-00679', 'valid', 'personal codes starting 32 carry no date'],
  ['CZ 8801251680', 'valid', 'remainder 10 gives check digit 0 after 1985 too'],
  ['SK 8801251680', 'valid', 'remainder 10 gives check digit 0 after 1985 too'],
  ['EE 100.931.558', 'valid', 'separators are ignored for every code'],
  ['NO-995-525-828-MVA', 'valid', 'separators are ignored for every code'],
  ['AU 51-824-753-556', 'valid', 'separators are ignored for every code'],
  ['DK: 21599336', 'syntax', 'a colon is not a separator'],
  ['LU: 20993674', 'syntax', 'a colon is not a separator'],
  ['IT: 02331250163', 'syntax', 'a colon is not a separator'],
  ['BE (0)468.561.072', 'syntax', 'parentheses are not separators'],
  ['GB 428565679', 'checksum', "a weighted-sum remainder of 55 is not in HMRC's code"],
  ['GB 086995300', 'checksum', 'HMRC expects check number 97 here, never 00'],
  ['GB 048662688', 'valid', 'HMRC applies the 9755 scheme to numbers below 100000000 too'],
  ['AU 10 672 858 473', 'valid', "the ATO's mod-89 test accepts 10 as the first two digits here"],
  ['AU 99 672 858 473', 'valid', 'and 99, as stdnum does'],
  ['EL\uff10\uff19\uff14\uff12\uff15\uff19\uff12\uff11\uff16', 'syntax', 'fullwidth digits are not digits'],
];

describe('where the reference differs from python-stdnum 1.18 (section 5)', () => {
  it.each(DIFFERENCES_FROM_STDNUM)('%s is %s: %s', (input, expected) => {
    expect(verdict(input)).toBe(expected);
  });
});

describe('issuing-rule changes the rules follow (section 7)', () => {
  it.each([
    ['CZ 682127228', 'the 9-digit special case starting with 6'],
    ['NL 002455799 B11', 'the mod-97 scheme for sole traders since 2020'],
    ['GB 048662688', 'the 9755 scheme since November 2009'],
    ['IE 3706224MH', 'two-letter Irish numbers since 2013'],
    ['BE 1234.567.894', 'Belgian numbers starting with 1 since 2023'],
  ])('%s is valid (%s)', (input) => {
    expect(verdict(input)).toBe('valid');
  });
});

describe('fixed components and alternative forms (section 4)', () => {
  it('GB and XI government departments are GD below 500, health authorities HA from 500', () => {
    expect(verdict('GBGD100')).toBe('valid');
    expect(verdict('GBGD500')).toBe('checksum');
    expect(verdict('XIHA500')).toBe('valid');
    expect(verdict('GBHA499')).toBe('checksum');
  });

  it('GB GD8888/HA8888 forms carry nnn mod 97 as their check number', () => {
    expect(verdict('GB GD8888 123 26')).toBe('valid');
    expect(verdict('GB GD8888 123 27')).toBe('checksum');
    expect(verdict('GB HA8888 600 18')).toBe('valid');
    expect(verdict('GB GD8888 600 18')).toBe('checksum');
  });

  it('GB 12-digit numbers are checked on their first 9 digits only', () => {
    expect(verdict('GB 980 7806 84 000')).toBe('valid');
    expect(verdict('GB 980 7806 84 999')).toBe('valid');
  });

  it('ES entities may end in the check digit or the check letter', () => {
    expect(verdict('ES B58378431')).toBe('valid');
    expect(verdict('ES B5837843A')).toBe('valid');
    expect(verdict('ES B5837843B')).toBe('checksum');
  });

  it('FR Monaco numbers (SIREN starting 000) skip the SIREN Luhn test', () => {
    expect(verdict('FR 23 000047372')).toBe('valid');
  });

  it('IE old-form numbers are checked with the letter in position 2 ignored', () => {
    expect(verdict('IE 8D79739I')).toBe('valid');
    expect(verdict('IE 8+79739I')).toBe('valid');
    expect(verdict('IE 8D79739J')).toBe('checksum');
  });

  it('NL numbers with all-zero digits or suffix 00 never pass', () => {
    expect(verdict('NL000000000B01')).toBe('checksum');
    expect(verdict('NL004495445B00')).toBe('checksum');
  });

  it('CH suffixes MWST, TVA, IVA, TPV and none all normalise to MWST', () => {
    for (const suffix of ['', 'MWST', 'TVA', 'IVA', 'TPV']) {
      const result = checkVatNumber(`CHE-107.787.577 ${suffix}`);
      expect(result).toMatchObject({ kind: 'checked', checksumValid: true });
      expect(result.kind === 'checked' && result.number.vatNumber).toBe('CHE107787577MWST');
    }
  });

  it('RO numbers keep their length; BE and EL old forms gain a leading 0', () => {
    expect(checkVatNumber('RO 1822964')).toMatchObject({ number: { vatNumber: 'RO1822964' } });
    expect(checkVatNumber('BE 428.759.497')).toMatchObject({ number: { national: '0428759497' } });
    expect(checkVatNumber('EL 94051189')).toMatchObject({ number: { national: '094051189' } });
  });

  it('LI has no check digit: every well-formed number passes', () => {
    for (const input of ['LI00000', 'LI12345', 'LI99999']) expect(verdict(input)).toBe('valid');
  });
});
