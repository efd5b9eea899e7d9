/**
 * One named example per country code: a number as a client writes it and its normalised form
 * (vat-formats.md section 4), and one syntax failure with the message that names the rule
 * (decisions section 1: "DE numbers have 9 digits after the prefix").
 */
import { describe, expect, it } from 'vitest';
import { checkVatNumber, VAT_COUNTRY_CODES, type VatCountryCode } from '../../src/numbers/index.js';

const NORMALISED: ReadonlyArray<readonly [VatCountryCode, string, string]> = [
  ['AT', 'at u 1358 5627', 'ATU13585627'],
  ['BE', 'BE 444.503.092', 'BE0444503092'],
  ['BG', 'BG 175 074 752', 'BG175074752'],
  ['CY', 'CY-10259033P', 'CY10259033P'],
  ['CZ', 'CZ 736028/5163', 'CZ7360285163'],
  ['DE', 'DE 136,695,976', 'DE136695976'],
  ['DK', 'DK 13 58 56 28', 'DK13585628'],
  ['EE', 'EE 100.931.558', 'EE100931558'],
  ['EL', 'EL 94051189', 'EL094051189'],
  ['ES', 'ES X-5253868-R', 'ESX5253868R'],
  ['FI', 'FI 0982651-1', 'FI09826511'],
  ['FR', 'FR K7 399859412', 'FRK7399859412'],
  ['HR', 'HR 33392005961', 'HR33392005961'],
  ['HU', 'hu 12892312', 'HU12892312'],
  ['IE', 'IE 3706224MH', 'IE3706224MH'],
  ['IT', 'IT 00743110157', 'IT00743110157'],
  ['LT', 'LT 100001919017', 'LT100001919017'],
  ['LU', 'LU 15027442', 'LU15027442'],
  ['LV', 'LV 161175-19997', 'LV16117519997'],
  ['MT', 'MT 1167-9112', 'MT11679112'],
  ['NL', 'NL 4495445 b01', 'NL004495445B01'],
  ['PL', 'PL 856-734-62-15', 'PL8567346215'],
  ['PT', 'PT 501 964 843', 'PT501964843'],
  ['RO', 'RO 1822964', 'RO1822964'],
  ['SE', 'SE 556043-6064 01', 'SE556043606401'],
  ['SI', 'SI 50223054', 'SI50223054'],
  ['SK', 'SK 2022749619', 'SK2022749619'],
  ['GB', 'GB 242 3380 87 388', 'GB242338087388'],
  ['XI', 'xi 432 5251 79', 'XI432525179'],
  ['CH', 'CHE-107.787.577 TVA', 'CHE107787577MWST'],
  ['NO', 'NO 995 525 828', 'NO995525828MVA'],
  ['AU', 'AU 51 824 753 556', 'AU51824753556'],
  ['LI', 'LI 12345', 'LI12345'],
];

const SYNTAX: ReadonlyArray<readonly [VatCountryCode, string, string]> = [
  [
    'AT',
    'AT 13585627',
    "AT numbers have the letter U and 8 digits after the prefix (e.g. ATU13585627); got 'AT13585627'.",
  ],
  [
    'BE',
    'BE 2000021323',
    "BE numbers have 10 digits after the prefix, starting with 0 or 1, or 9 digits in the old form (e.g. BE0428759497); got 'BE2000021323'.",
  ],
  [
    'BG',
    'BG 17507475',
    "BG numbers have 9 or 10 digits after the prefix (e.g. BG175074752); got 'BG17507475'.",
  ],
  [
    'CY',
    'CY 10259033',
    "CY numbers have 8 digits and a letter after the prefix (e.g. CY10259033P); got 'CY10259033'.",
  ],
  [
    'CZ',
    'CZ 2512389',
    "CZ numbers have 8, 9 or 10 digits after the prefix (e.g. CZ25123891); got 'CZ2512389'.",
  ],
  [
    'DE',
    'DE 13669597',
    "DE numbers have 9 digits after the prefix, the first not 0 (e.g. DE136695976); got 'DE13669597'.",
  ],
  [
    'DK',
    'DK 03585628',
    "DK numbers have 8 digits after the prefix, the first not 0 (e.g. DK13585628); got 'DK03585628'.",
  ],
  ['EE', 'EE 10093155', "EE numbers have 9 digits after the prefix (e.g. EE100931558); got 'EE10093155'."],
  [
    'EL',
    'GR 0945010',
    "EL numbers have 9 digits after the prefix, or 8 in the old form (e.g. EL094259216); got 'GR0945010'.",
  ],
  [
    'ES',
    'ES O-1234567-L',
    "ES numbers have 9 characters after the prefix: a digit or a letter other than I, O and T, 7 digits, then a digit or a letter (e.g. ESB58378431); got 'ESO1234567L'.",
  ],
  ['FI', 'FI 2077474', "FI numbers have 8 digits after the prefix (e.g. FI20774740); got 'FI2077474'."],
  [
    'FR',
    'FR IO334175221',
    "FR numbers have a 2-character key (digits or letters other than I and O) and the 9-digit SIREN after the prefix (e.g. FR40303265045); got 'FRIO334175221'.",
  ],
  [
    'HR',
    'HR9363442948',
    "HR numbers have 11 digits after the prefix (e.g. HR33392005961); got 'HR9363442948'.",
  ],
  ['HU', 'HU 1067210', "HU numbers have 8 digits after the prefix (e.g. HU12892312); got 'HU1067210'."],
  [
    'IE',
    'IE 6433435X',
    "IE numbers have 7 digits and 1 or 2 letters A to W after the prefix, or in the old form a digit, a letter (or + or *), 5 digits and a letter A to W (e.g. IE6433435F); got 'IE6433435X'.",
  ],
  [
    'IT',
    'IT 0074311015',
    "IT numbers have 11 digits after the prefix (e.g. IT00743110157); got 'IT0074311015'.",
  ],
  [
    'LT',
    'LT 1195115150',
    "LT numbers have 9 or 12 digits after the prefix (e.g. LT119511515); got 'LT1195115150'.",
  ],
  ['LU', 'LU 1005992', "LU numbers have 8 digits after the prefix (e.g. LU15027442); got 'LU1005992'."],
  [
    'LV',
    'LV 4000352160',
    "LV numbers have 11 digits after the prefix (e.g. LV40003521600); got 'LV4000352160'.",
  ],
  [
    'MT',
    'MT 01679112',
    "MT numbers have 8 digits after the prefix, the first not 0 (e.g. MT11679112); got 'MT01679112'.",
  ],
  [
    'NL',
    'NL 001241643801',
    "NL numbers have 9 digits, the letter B and 2 digits after the prefix (e.g. NL004495445B01); got 'NL001241643801'.",
  ],
  [
    'PL',
    'PL 521135511',
    "PL numbers have 10 digits after the prefix (e.g. PL8567346215); got 'PL521135511'.",
  ],
  [
    'PT',
    'PT 001964843',
    "PT numbers have 9 digits after the prefix, the first not 0 (e.g. PT501964843); got 'PT001964843'.",
  ],
  [
    'RO',
    'RO 1',
    "RO numbers have 2 to 10 digits after the prefix, the first not 0 (e.g. RO18547290); got 'RO1'.",
  ],
  [
    'SE',
    'SE 5560436064',
    "SE numbers have 12 digits after the prefix, ending in 01 (e.g. SE556043606401); got 'SE5560436064'.",
  ],
  [
    'SI',
    'SI 5022305',
    "SI numbers have 8 digits after the prefix, the first not 0 (e.g. SI50223054); got 'SI5022305'.",
  ],
  [
    'SK',
    'SK 107844906',
    "SK numbers have 10 digits after the prefix (e.g. SK2022749619); got 'SK107844906'.",
  ],
  [
    'GB',
    'GB ZZ100',
    "GB numbers have 9 or 12 digits after the prefix, or GD or HA and 3 digits, or GD8888 or HA8888 and 5 digits (e.g. GB980780684); got 'GBZZ100'.",
  ],
  [
    'XI',
    'XI GB 980780684',
    "XI numbers have 9 or 12 digits after the prefix, or GD or HA and 3 digits, or GD8888 or HA8888 and 5 digits (e.g. XI432525179); got 'XIGB980780684'.",
  ],
  [
    'CH',
    'CH 107787577',
    "CH numbers have CHE and 9 digits, optionally followed by MWST, TVA, IVA or TPV (e.g. CHE107787577MWST); got 'CH107787577'.",
  ],
  [
    'NO',
    'NO 995525828 MWST',
    "NO numbers have 9 digits after the prefix, optionally followed by MVA (e.g. NO995525828MVA); got 'NO995525828MWST'.",
  ],
  [
    'AU',
    'AU 07100000000',
    "AU numbers have the 11-digit ABN after the prefix, the first digit not 0 (e.g. AU51824753556); got 'AU07100000000'.",
  ],
  ['LI', 'LI 12345 MWST', "LI numbers have 5 digits after the prefix (e.g. LI12345); got 'LI12345MWST'."],
];

describe('the 33 country codes', () => {
  it('lists exactly the 33 codes, EL for Greece, and no GR', () => {
    expect(VAT_COUNTRY_CODES).toHaveLength(33);
    expect(new Set(VAT_COUNTRY_CODES).size).toBe(33);
    expect(VAT_COUNTRY_CODES).toContain('EL');
    expect(VAT_COUNTRY_CODES).not.toContain('GR');
    expect(Object.isFrozen(VAT_COUNTRY_CODES)).toBe(true);
  });

  it('has a normalisation example and a syntax-failure example for every code', () => {
    expect(NORMALISED.map(([code]) => code).sort()).toEqual([...VAT_COUNTRY_CODES].sort());
    expect(SYNTAX.map(([code]) => code).sort()).toEqual([...VAT_COUNTRY_CODES].sort());
  });

  describe('normalises a written number to country code + compact national part', () => {
    it.each(NORMALISED)('%s: %j becomes %s', (code, input, normalised) => {
      expect(checkVatNumber(input)).toEqual({
        kind: 'checked',
        number: { countryCode: code, national: normalised.slice(2), vatNumber: normalised },
        checksumValid: true,
      });
    });
  });

  describe('rejects a malformed number with a message naming the country and its rule', () => {
    it.each(SYNTAX)('%s: %j', (code, input, message) => {
      expect(checkVatNumber(input)).toEqual({ kind: 'syntax_error', countryCode: code, message });
    });
  });
});
