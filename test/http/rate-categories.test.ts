import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * GET /v1/rates/categories, /v1/rates/{country_code}/categories and
 * /v1/rates/{country_code}/categories/{id}: categories with their rates for a day, the catalogue of
 * ids and names, and each kind of bad input answered in the envelope (404 category_not_found for an
 * unknown id, 404 not_found for an unknown country, 422 for a bad date or an unknown parameter).
 */

const ENTRY_KEYS = ['id', 'name', 'note', 'rate', 'since', 'type'];

describeEachDialect('rate categories', (dialect) => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  beforeEach(async () => {
    key = (await app.account('free')).test;
  });
  afterAll(() => app.close());

  const get = (path: string) => app.request('GET', path, { key });

  describe('GET /v1/rates/categories', () => {
    it('lists every category id with its name, sorted by id', async () => {
      const res = await get('/v1/rates/categories');
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toEqual({
        request_id: res.headers.get('x-request-id'),
        count: res.body.data.length,
      });
      const ids = res.body.data.map((category: { id: string }) => category.id);
      expect(ids).toEqual([...ids].sort());
      expect(ids).toEqual(expect.arrayContaining(['accommodation', 'foodstuffs', 'pharmaceutical_products']));
      expect(res.body.data.find((c: { id: string }) => c.id === 'supply_water')).toEqual({
        id: 'supply_water',
        name: 'Water supply',
        description: 'Supply of water',
      });
    });

    it('takes no query parameter', async () => {
      expectError(await get('/v1/rates/categories?date=2026-01-01'), 422, 'validation_error');
    });

    it('needs a key', async () => {
      expectError(await app.request('GET', '/v1/rates/categories'), 401, 'unauthorized');
    });
  });

  describe('GET /v1/rates/{country_code}/categories', () => {
    it("lists a country's entries on a day, by id then rate", async () => {
      const res = await get('/v1/rates/RO/categories?date=2025-08-15');
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta.count).toBe(res.body.data.length);
      for (const entry of res.body.data) expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
      const water = res.body.data.filter((entry: { id: string }) => entry.id === 'supply_water');
      expect(water).toEqual([
        expect.objectContaining({ rate: 11, type: 'reduced', note: null, since: '2025-08-01' }),
      ]);
      const ids = res.body.data.map((entry: { id: string }) => entry.id);
      expect(ids).toEqual([...ids].sort());
    });

    it('answers for today by default, any case and GR for Greece', async () => {
      const today = await get('/v1/rates/EL/categories?date=2026-11-22');
      for (const path of ['/v1/rates/el/categories', '/v1/rates/GR/categories', '/v1/rates/gr/categories']) {
        const res = await get(path);
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toEqual(today.body.data);
      }
      expect(today.body.data.find((entry: { id: string }) => entry.id === 'region')).toMatchObject({
        rate: 17,
        note: expect.stringContaining('Aegean Islands'),
      });
    });

    it('lists the hand-kept categories of a country outside the EU', async () => {
      const res = await get('/v1/rates/CH/categories');
      expect(res.body.data.map((entry: { id: string; rate: number }) => [entry.id, entry.rate])).toEqual(
        expect.arrayContaining([
          ['accommodation', 3.8],
          ['books', 2.6],
          ['foodstuffs', 2.6],
          ['pharmaceutical_products', 2.6],
        ]),
      );
    });

    it('is empty before the first situation the data holds', async () => {
      const res = await get('/v1/rates/AT/categories?date=2024-06-01');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: [], meta: { request_id: res.headers.get('x-request-id'), count: 0 } });
    });

    it('lists in GET /v1/rates/{country_code} the same categories at each rate, at home', async () => {
      const [record, entries] = await Promise.all([
        get('/v1/rates/RO?date=2025-08-15'),
        get('/v1/rates/RO/categories?date=2025-08-15'),
      ]);
      const atEleven = entries.body.data
        .filter((entry: { rate: number; note: string | null }) => entry.rate === 11 && entry.note === null)
        .map((entry: { id: string; name: string }) => ({ id: entry.id, name: entry.name }));
      expect(record.body.data.other_rates[0]).toEqual({ rate: 11, type: 'reduced', categories: atEleven });
    });

    it.each(['XX', 'XI', 'DEU', '1'])('answers 404 not_found for %s, naming it', async (code) => {
      const res = await get(`/v1/rates/${code}/categories`);
      expectError(res, 404, 'not_found');
      expect(res.body.error.message).toContain(`'${code}'`);
    });

    it.each([
      ['a malformed date', '?date=2025-8-1', 'date must be a calendar date in the form YYYY-MM-DD'],
      ['a date that does not exist', '?date=2025-02-30', 'date 2025-02-30 does not exist'],
      ['a date before the coverage', '?date=2023-12-31', 'rates are available from 2024-01-01 on'],
      ['an unknown parameter', '?lang=en', 'lang'],
    ])('answers 422 validation_error for %s', async (_name, query, message) => {
      const res = await get(`/v1/rates/DE/categories${query}`);
      expectError(res, 422, 'validation_error');
      expect(res.body.error.message).toContain(message);
    });
  });

  describe('GET /v1/rates/{country_code}/categories/{id}', () => {
    it("answers one category's entries on a day", async () => {
      const before = await get('/v1/rates/RO/categories/foodstuffs?date=2025-07-31');
      expect(before.status, before.text).toBe(200);
      expect(before.body.data).toEqual([
        expect.objectContaining({ id: 'foodstuffs', rate: 9, since: '2025-07-01' }),
      ]);
      const several = await get('/v1/rates/FR/categories/pharmaceutical_products');
      expect(several.body.data.map((entry: { rate: number }) => entry.rate)).toEqual([10, 5.5, 2.1]);
      expect(several.body.meta.count).toBe(3);
    });

    it('answers an empty list for a known category at the standard rate', async () => {
      const res = await get('/v1/rates/RO/categories/sporting_events?date=2025-08-01');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual([]);
    });

    it.each(['books_and_more', 'FOODSTUFFS', 'food%20stuffs', 'zero-rated', 'x'.repeat(90)])(
      'answers 404 category_not_found for the unknown id %s, naming it',
      async (id) => {
        const res = await get(`/v1/rates/DE/categories/${id}`);
        expectError(res, 404, 'category_not_found');
        expect(res.body.error.message).toContain(`'${decodeURIComponent(id).slice(0, 60)}'`);
        expect(res.body.error.message).toContain('GET /v1/rates/categories');
      },
    );

    it('answers 404 not_found for an unknown country before looking at the id', async () => {
      expectError(await get('/v1/rates/XX/categories/foodstuffs'), 404, 'not_found');
      expectError(await get('/v1/rates/XX/categories/no_such_id'), 404, 'not_found');
    });

    it('answers 422 for an id longer than a path parameter may be, and for a bad date', async () => {
      expectError(await get(`/v1/rates/DE/categories/${'x'.repeat(120)}`), 422, 'validation_error');
      expectError(await get('/v1/rates/DE/categories/foodstuffs?date=tomorrow'), 422, 'validation_error');
    });
  });
});
