import { describe, expect, it } from 'vitest';
import { ISO_4217_MINOR_UNITS } from '../../src/decisions/iso4217.js';
import { isIsoCurrency, lineAmount, minorUnitOf, parseDecimal } from '../../src/decisions/money.js';

describe('amounts of a decision', () => {
  it('rounds the VAT of a line half up to the cent, where binary floating point would not', () => {
    // 10.05 × 10 % = 1.005: Math.round(1.005 * 100) / 100 gives 1.
    expect(lineAmount('10.05', 10, 'EUR')).toEqual({
      net: '10.05',
      vat: '1.01',
      gross: '11.06',
      currency: 'EUR',
    });
    // 0.525 × 20 % = 0.105 rounds to 0.11.
    expect(lineAmount(0.525, 20, 'EUR').vat).toBe('0.11');
    expect(lineAmount('0.105', 100, 'EUR').vat).toBe('0.11');
    expect(lineAmount('0.104999', 100, 'EUR').vat).toBe('0.10');
  });

  it('takes rates such as 5.5 and 8.1 percent, and 0', () => {
    expect(lineAmount('100', 5.5, 'EUR')).toMatchObject({ vat: '5.50', gross: '105.50' });
    expect(lineAmount('19.99', '8.1', 'CHF')).toMatchObject({ vat: '1.62', gross: '21.61' });
    expect(lineAmount('19.99', 0, 'EUR')).toMatchObject({ net: '19.99', vat: '0.00', gross: '19.99' });
  });

  it("uses each currency's minor unit: JPY none, BHD and KWD three digits", () => {
    expect(lineAmount('105', 10, 'JPY')).toEqual({ net: '105', vat: '11', gross: '116', currency: 'JPY' });
    expect(lineAmount('1.2345', 10, 'BHD')).toEqual({
      net: '1.235',
      vat: '0.123',
      gross: '1.358',
      currency: 'BHD',
    });
    expect(lineAmount('0.0105', 100, 'KWD').vat).toBe('0.011');
    expect(lineAmount('1', 10, 'CLF').vat).toBe('0.1000');
  });

  it('rounds the net too, and gross is the sum of the printed figures', () => {
    expect(lineAmount('1.005', 20, 'EUR')).toEqual({
      net: '1.01',
      vat: '0.20',
      gross: '1.21',
      currency: 'EUR',
    });
  });

  it('reads large and small numbers through their decimal form', () => {
    expect(parseDecimal(1e21, 'net')).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(parseDecimal(1.5e-7, 'net')).toEqual({ units: 15n, scale: 8 });
    expect(lineAmount(1e21, 20, 'EUR').vat).toBe('200000000000000000000.00');
    expect(lineAmount('12345678901234567890.12', 19, 'EUR').vat).toBe('2345678991234567899.12');
  });

  it('refuses what is not a non-negative decimal, and codes outside ISO 4217', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '-1', '1e3', '1,50', ' 1', '.5', '', '0x10'])
      expect(() => lineAmount(bad, 20, 'EUR'), String(bad)).toThrow(RangeError);
    expect(() => lineAmount('1', -5, 'EUR')).toThrow(/rate/);
    for (const code of ['EURO', 'eur', 'XXX', 'XAU', 'ABC', 'constructor'])
      expect(() => lineAmount('1', 20, code), code).toThrow(/ISO 4217/);
  });

  it('knows the ISO 4217 codes and their minor units', () => {
    expect(Object.keys(ISO_4217_MINOR_UNITS).length).toBeGreaterThan(150);
    for (const [code, digits] of Object.entries({
      EUR: 2,
      GBP: 2,
      CHF: 2,
      NOK: 2,
      AUD: 2,
      JPY: 0,
      KRW: 0,
      ISK: 0,
      BHD: 3,
      KWD: 3,
      TND: 3,
      CLF: 4,
    }))
      expect(minorUnitOf(code), code).toBe(digits);
    expect(isIsoCurrency('USD')).toBe(true);
    expect(isIsoCurrency('toString')).toBe(false);
    for (const code of Object.keys(ISO_4217_MINOR_UNITS)) expect(code).toMatch(/^[A-Z]{3}$/);
  });
});
