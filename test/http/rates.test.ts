import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { expectError, HARNESS_NOW, OFFLINE_REGISTRIES } from './support.js';

/**
 * GET /v1/rates and GET /v1/rates/{country_code} (spec 4.5, 4.6, decisions section 8): 31
 * countries, effective-dated from resources/vat-rates.json, `?date=` from 2024-01-01 on,
 * case-insensitive codes with GR for EL, 404 not_found naming an unknown code.
 */

/** Spec 2.3: code, name, currency as the spec's table has them (BG moved to EUR on 2026-01-01). */
const SPEC_COUNTRIES: Array<[string, string, string]> = [
  ['AT', 'Austria', 'EUR'],
  ['BE', 'Belgium', 'EUR'],
  ['BG', 'Bulgaria', 'BGN'],
  ['CH', 'Switzerland', 'CHF'],
  ['CY', 'Cyprus', 'EUR'],
  ['CZ', 'Czech Republic', 'CZK'],
  ['DE', 'Germany', 'EUR'],
  ['DK', 'Denmark', 'DKK'],
  ['EE', 'Estonia', 'EUR'],
  ['EL', 'Greece', 'EUR'],
  ['ES', 'Spain', 'EUR'],
  ['FI', 'Finland', 'EUR'],
  ['FR', 'France', 'EUR'],
  ['GB', 'United Kingdom', 'GBP'],
  ['HR', 'Croatia', 'EUR'],
  ['HU', 'Hungary', 'HUF'],
  ['IE', 'Ireland', 'EUR'],
  ['IT', 'Italy', 'EUR'],
  ['LI', 'Liechtenstein', 'CHF'],
  ['LT', 'Lithuania', 'EUR'],
  ['LU', 'Luxembourg', 'EUR'],
  ['LV', 'Latvia', 'EUR'],
  ['MT', 'Malta', 'EUR'],
  ['NL', 'Netherlands', 'EUR'],
  ['NO', 'Norway', 'NOK'],
  ['PL', 'Poland', 'PLN'],
  ['PT', 'Portugal', 'EUR'],
  ['RO', 'Romania', 'RON'],
  ['SE', 'Sweden', 'SEK'],
  ['SI', 'Slovenia', 'EUR'],
  ['SK', 'Slovakia', 'EUR'],
];
const CODES = SPEC_COUNTRIES.map(([code]) => code);

const MIDNIGHT_WITH_MS = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;

describeEachDialect('rates', (dialect) => {
  let app: TestApp;
  /** A fresh account per test: rate lookups use its burst window. */
  let key: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  beforeEach(async () => {
    key = (await app.account('business')).live;
  });
  afterEach(() => app.clock.set(HARNESS_NOW));
  afterAll(() => app.close());

  const get = (path: string) => app.request('GET', path, { key });

  describe('GET /v1/rates', () => {
    it('lists the 31 countries of the spec, sorted by code, with meta.count 31', async () => {
      const res = await get('/v1/rates');
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toStrictEqual({ request_id: res.headers.get('x-request-id'), count: 31 });
      expect(res.body.data.map((record: { country_code: string }) => record.country_code)).toEqual(CODES);
    });

    it('gives each record the fields of spec 2.3, with the spec country names', async () => {
      const res = await get('/v1/rates?date=2025-03-01');
      for (const [i, record] of (res.body.data as Record<string, unknown>[]).entries()) {
        const [code, name, currency] = SPEC_COUNTRIES[i];
        expect(record).toStrictEqual({
          country_code: code,
          country_name: name,
          currency,
          standard_rate: expect.any(Number),
          other_rates: expect.any(Array),
          updated_at: expect.stringMatching(MIDNIGHT_WITH_MS),
          source: { kind: 'dataset', retrieved_at: '2026-11-22T00:00:00.000Z', reply_sha256: null },
        });
        for (const other of record.other_rates as Array<{ rate: number; type: string }>) {
          expect(Object.keys(other).sort()).toEqual(['categories', 'rate', 'type']);
          expect(['reduced', 'super_reduced', 'zero']).toContain(other.type);
          expect(other.rate).toBeLessThan(record.standard_rate as number);
        }
      }
    });

    it('answers for the day of the clock when no date is given', async () => {
      const today = await get('/v1/rates');
      const dated = await get('/v1/rates?date=2026-11-22');
      expect(today.body.data).toStrictEqual(dated.body.data);
    });

    it.each(['2024-01-01', '2024-02-29', '2025-06-30', '2025-07-01', '2026-01-01', '2030-12-31'])(
      'lists 31 records for ?date=%s',
      async (date) => {
        const res = await get(`/v1/rates?date=${date}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body.meta.count).toBe(31);
        expect(res.body.data).toHaveLength(31);
      },
    );

    it('serves the rates in force today: EE 24, RO 21 with 11, BG in EUR', async () => {
      const res = await get('/v1/rates');
      const byCode = Object.fromEntries(
        res.body.data.map((record: { country_code: string }) => [record.country_code, record]),
      );
      expect(byCode.EE.standard_rate).toBe(24);
      expect(byCode.RO.standard_rate).toBe(21);
      expect(byCode.RO.other_rates).toContainEqual(expect.objectContaining({ rate: 11, type: 'reduced' }));
      expect(byCode.BG.currency).toBe('EUR');
      expect(byCode.FR.other_rates).toContainEqual(
        expect.objectContaining({ rate: 2.1, type: 'super_reduced' }),
      );
      expect(byCode.CH).toMatchObject({
        standard_rate: 8.1,
        other_rates: [
          expect.objectContaining({ rate: 3.8, type: 'reduced' }),
          expect.objectContaining({ rate: 2.6, type: 'reduced' }),
        ],
      });
      expect(byCode.LI.other_rates).toStrictEqual(byCode.CH.other_rates);
    });

    it('serves the spec snapshot for early 2025: EE 22, RO 19, BG in BGN', async () => {
      const res = await get('/v1/rates?date=2025-03-01');
      const byCode = Object.fromEntries(
        res.body.data.map((record: { country_code: string }) => [record.country_code, record]),
      );
      const standard = Object.fromEntries(CODES.map((code) => [code, byCode[code].standard_rate]));
      expect(standard).toStrictEqual({
        AT: 20,
        BE: 21,
        BG: 20,
        CH: 8.1,
        CY: 19,
        CZ: 21,
        DE: 19,
        DK: 25,
        EE: 22,
        EL: 24,
        ES: 21,
        FI: 25.5,
        FR: 20,
        GB: 20,
        HR: 25,
        HU: 27,
        IE: 23,
        IT: 22,
        LI: 8.1,
        LT: 21,
        LU: 17,
        LV: 21,
        MT: 18,
        NL: 21,
        NO: 25,
        PL: 23,
        PT: 23,
        RO: 19,
        SE: 25,
        SI: 22,
        SK: 23,
      });
      expect(byCode.BG.currency).toBe('BGN');
    });
  });

  describe('GET /v1/rates/{country_code}', () => {
    it('answers each of the 31 codes, in upper and lower case, with the record the list holds', async () => {
      const list = await get('/v1/rates');
      for (const [i, code] of CODES.entries()) {
        for (const written of [code, code.toLowerCase()]) {
          const res = await get(`/v1/rates/${written}`);
          expect(res.status, `${written}: ${res.text}`).toBe(200);
          expect(res.body).toStrictEqual({
            data: list.body.data[i],
            meta: { request_id: res.headers.get('x-request-id') },
          });
        }
      }
    });

    it.each(['GR', 'gr', 'Gr', 'el', 'eL'])('answers %s with Greece as EL', async (code) => {
      const res = await get(`/v1/rates/${code}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ country_code: 'EL', country_name: 'Greece', standard_rate: 24 });
    });

    it('looks up a date before and after a change: EE 22 until 2025-06-30, 24 from 2025-07-01', async () => {
      const before = await get('/v1/rates/EE?date=2025-06-30');
      const after = await get('/v1/rates/ee?date=2025-07-01');
      expect(before.body.data).toStrictEqual({
        country_code: 'EE',
        country_name: 'Estonia',
        currency: 'EUR',
        standard_rate: 22,
        // TEDB's snapshot, where categories come from, starts with Estonia's situation of 2025-07-01.
        other_rates: [
          { rate: 13, type: 'reduced', categories: [] },
          { rate: 9, type: 'reduced', categories: [] },
        ],
        updated_at: '2025-01-01T00:00:00.000Z',
        source: { kind: 'dataset', retrieved_at: '2026-11-22T00:00:00.000Z', reply_sha256: null },
      });
      expect(after.body.data).toMatchObject({
        ...before.body.data,
        other_rates: [{ rate: 13 }, { rate: 9 }],
        standard_rate: 24,
        updated_at: '2025-07-01T00:00:00.000Z',
      });
      expect(after.body.data.other_rates[0].categories).toContainEqual(
        expect.objectContaining({ id: 'accommodation' }),
      );
    });

    it('looks up a currency change: BG in BGN on 2025-12-31, in EUR from 2026-01-01', async () => {
      const before = await get('/v1/rates/BG?date=2025-12-31');
      const after = await get('/v1/rates/BG?date=2026-01-01');
      expect([before.body.data.currency, after.body.data.currency]).toEqual(['BGN', 'EUR']);
      expect(after.body.data.updated_at).toBe('2026-01-01T00:00:00.000Z');
    });

    it('switches to a new rate at midnight UTC on its date, without a date parameter', async () => {
      app.clock.set('2025-06-30T23:59:59.999Z');
      expect((await get('/v1/rates/EE')).body.data.standard_rate).toBe(22);
      app.clock.set('2025-07-01T00:00:00.000Z');
      expect((await get('/v1/rates/EE')).body.data.standard_rate).toBe(24);
      expect(
        (await get('/v1/rates')).body.data.find((r: { country_code: string }) => r.country_code === 'EE')
          .standard_rate,
      ).toBe(24);
    });

    it.each(['XX', 'xx', 'AU', 'XI', 'US', 'DEU', 'D', '12', 'E%20', '%C3%84T'])(
      'answers %s with 404 not_found naming the code',
      async (code) => {
        const res = await get(`/v1/rates/${code}`);
        expectError(res, 404, 'not_found');
        expect(res.body.error.message).toContain(decodeURIComponent(code));
      },
    );
  });

  describe('?date=', () => {
    it.each([
      ['malformed', 'yesterday'],
      ['without zero padding', '2025-7-1'],
      ['with a time', '2025-07-01T00:00:00Z'],
      ['in another order', '01-07-2025'],
      ['empty', ''],
      ['impossible: month 13', '2025-13-01'],
      ['impossible: 30 February', '2025-02-30'],
      ['impossible: 29 February of a common year', '2025-02-29'],
      ['impossible: day 0', '2025-01-00'],
      ['before the data: 2023-12-31', '2023-12-31'],
      ['long before the data', '1999-01-01'],
      ['a five-digit year', '20250-01-01'],
    ])('answers a %s date with 422 validation_error, on both endpoints', async (_, date) => {
      for (const path of ['/v1/rates', '/v1/rates/DE']) {
        const res = await get(`${path}?date=${encodeURIComponent(date)}`);
        expectError(res, 422, 'validation_error');
        expect(res.body.error.message).toMatch(/date/);
      }
    });

    it('answers a repeated date with 422 validation_error', async () => {
      expectError(await get('/v1/rates/DE?date=2025-01-01&date=2025-02-01'), 422, 'validation_error');
    });
  });

  it('answers test keys too', async () => {
    const { test } = await app.account('free');
    expect((await app.request('GET', '/v1/rates/DE', { key: test })).status).toBe(200);
  });
});
