import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';
import { recordMeta } from '../helpers/record-meta.js';
import { shared } from '../helpers/shared.js';
import { expectError, HARNESS_NOW, HARNESS_RESET, OFFLINE_REGISTRIES, quotaOf, UUID_V4 } from './support.js';

/**
 * GET /v1/validate: the magic numbers of decisions section 5, normalisation and the local answers of
 * decisions section 1 and 3, and the headers of decisions sections 4 and 8. Every registry points at
 * a closed port: nothing here may need one.
 */

interface Vector {
  input: string;
  country: string;
  valid_format: boolean;
  normalized?: string;
  failure?: 'syntax' | 'checksum';
}

const VECTORS = JSON.parse(readFileSync(shared('vat-vectors.json'), 'utf8')) as Vector[];

/** The first vector of each country matching `pick`: one per code. */
function onePerCountry(pick: (vector: Vector) => boolean): Vector[] {
  const byCountry = new Map<string, Vector>();
  for (const vector of VECTORS)
    if (pick(vector) && !byCountry.has(vector.country)) byCountry.set(vector.country, vector);
  return [...byCountry.values()];
}

/** A well-formed number with a correct check digit for each of the 33 codes. */
const WELL_FORMED = onePerCountry((v) => v.valid_format && v.failure === undefined);
/** A well-formed number with a wrong check digit for each code that has check digits. */
const CHECKSUM_FAILURES = onePerCountry((v) => v.failure === 'checksum');

const REGISTRY_DECIDES = new Set(['GB', 'XI']);

const ONE_HOUR_AGO = '2026-11-22T11:00:00.000Z';
const THREE_DAYS_AGO = '2026-11-19T12:00:00.000Z';

describeEachDialect('GET /v1/validate', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterEach(() => app.clock.set(HARNESS_NOW));
  afterAll(() => app.close());

  function validate(
    key: string,
    vatNumber: string,
    more: Record<string, string> = {},
    headers?: Record<string, string>,
  ) {
    const query = new URLSearchParams({ vat_number: vatNumber, ...more });
    return app.request('GET', `/v1/validate?${query}`, { key, headers });
  }

  /** The meta of a fresh test-mode answer. */
  function testMeta(res: TestResponse) {
    return {
      request_id: res.headers.get('x-request-id'),
      cached: false,
      source: 'test',
      source_status: 'live',
      ...recordMeta(),
      mode: 'test',
    };
  }

  describe('magic numbers with a test key', () => {
    it('answers DE123456704 valid with a company name and no address, and no consultation number without a requester', async () => {
      const { test } = await app.account('business');
      const res = await validate(test, 'DE123456704');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'DE123456704',
          country_code: 'DE',
          company: { name: 'Musterfirma Test GmbH', address: null },
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: testMeta(res),
      });
    });

    it.each(['business', 'scale'] as const)(
      'gives DE123456704 the consultation number WAPITEST00000001 on %s with an EU requester',
      async (tier) => {
        const { test } = await app.account(tier);
        const res = await validate(test, 'DE123456704', { requester_vat_number: 'ATU12345675' });
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.consultation_number).toBe('WAPITEST00000001');
        expect(res.body.meta).toStrictEqual(testMeta(res));
      },
    );

    it('gives DE123456704 a consultation number for an XI requester, which VIES accepts', async () => {
      const { test } = await app.account('business');
      const res = await validate(test, 'DE123456704', { requester_vat_number: 'XI123456727' });
      expect(res.body.data.consultation_number).toBe('WAPITEST00000001');
    });

    it.each(['free', 'pro'] as const)(
      'gives DE123456704 no consultation number on %s, even with an EU requester',
      async (tier) => {
        const { test } = await app.account(tier);
        const res = await validate(test, 'DE123456704', { requester_vat_number: 'ATU12345675' });
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.valid).toBe(true);
        expect(res.body.data.consultation_number).toBeNull();
      },
    );

    it('gives DE123456704 no consultation number for a GB requester, which VIES cannot use', async () => {
      const { test } = await app.account('business');
      const res = await validate(test, 'DE123456704', { requester_vat_number: 'GB123456727' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.consultation_number).toBeNull();
    });

    it('answers NL123456782B01 valid with a company name and address', async () => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'NL123456782B01');
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'NL123456782B01',
          country_code: 'NL',
          company: { name: 'Testbedrijf B.V.', address: 'Teststraat 1, 1234 AB Amsterdam' },
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: testMeta(res),
      });
    });

    it('answers FR10123456717 not valid, with no company and no consultation number', async () => {
      const { test } = await app.account('business');
      const res = await validate(test, 'FR10123456717', { requester_vat_number: 'DE136695976' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: false,
          vat_number: 'FR10123456717',
          country_code: 'FR',
          company: null,
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: testMeta(res),
      });
    });

    it('serves DE123456712 as a cached answer fetched one hour ago, with no consultation_number member', async () => {
      const { test } = await app.account('free');
      const res = await validate(test, 'DE123456712');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'DE123456712',
          country_code: 'DE',
          company: { name: 'Zwischenspeicher Test GmbH', address: null },
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: {
          request_id: res.headers.get('x-request-id'),
          ...recordMeta(),
          cached: true,
          cached_at: ONE_HOUR_AGO,
          source: 'test',
          source_status: 'cached',
          mode: 'test',
        },
      });
    });

    it('serves DE555555502 as a stale answer cached three days ago, the registry being down', async () => {
      const { test } = await app.account('free');
      const res = await validate(test, 'DE555555502');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'DE555555502',
          country_code: 'DE',
          company: { name: 'Altbestand Test GmbH', address: null },
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: {
          request_id: res.headers.get('x-request-id'),
          ...recordMeta(),
          cached: true,
          cached_at: THREE_DAYS_AGO,
          stale: true,
          source: 'test',
          source_status: 'unavailable',
          mode: 'test',
        },
      });
    });

    it('answers DE999999903 with 503 upstream_unavailable and Retry-After 30', async () => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'DE999999903');
      expectError(res, 503, 'upstream_unavailable');
      expect(res.headers.get('retry-after')).toBe('30');
    });

    it('answers GB999999918 with 503 upstream_error and Retry-After 30', async () => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'GB999999918');
      expectError(res, 503, 'upstream_error');
      expect(res.headers.get('retry-after')).toBe('30');
    });

    it('answers GB123456727 valid with the consultation number GBTEST000000001 for a GB requester on Business', async () => {
      const { test } = await app.account('business');
      const res = await validate(test, 'GB123456727', { requester_vat_number: 'GB136695976' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'GB123456727',
          country_code: 'GB',
          company: { name: 'Test Trading Ltd', address: '1 Test Street, London, SW1A 1AA' },
          consultation_number: 'GBTEST000000001',
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: testMeta(res),
      });
    });

    it.each([
      ['without a requester', 'business', undefined],
      ['with an EU requester, which HMRC cannot use', 'business', 'DE136695976'],
      ['on Pro', 'pro', 'GB136695976'],
    ] as const)('gives GB123456727 no consultation number %s', async (_, tier, requester) => {
      const { test } = await app.account(tier);
      const res = await validate(test, 'GB123456727', requester ? { requester_vat_number: requester } : {});
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.valid).toBe(true);
      expect(res.body.data.consultation_number).toBeNull();
    });

    it.each([
      ['CHE100000006MWST', 'CH', 'Testfirma AG', 'Teststrasse 1, 8000 Zürich'],
      ['NO900000006MVA', 'NO', 'Testselskap AS', 'Testveien 1, 0150 Oslo'],
      ['AU51824753556', 'AU', 'Test Pty Ltd', 'NSW 2000'],
    ])('answers %s valid with a company name and address', async (number, country, name, address) => {
      const { test } = await app.account('pro');
      const res = await validate(test, number);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: number,
          country_code: country,
          company: { name, address },
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: testMeta(res),
      });
    });

    it('answers a well-formed number of each of the 33 codes as Test Company (XX), LI from its format', async () => {
      expect(WELL_FORMED).toHaveLength(33);
      const { test } = await app.account('scale');
      for (const vector of WELL_FORMED) {
        const res = await validate(test, vector.input);
        expect(res.status, `${vector.input}: ${res.text}`).toBe(200);
        if (vector.country === 'LI') {
          expect(res.body.data).toMatchObject({ valid: true, vat_number: vector.normalized, company: null });
          expect(res.body.meta).toMatchObject({
            source: 'format',
            source_status: 'unverified',
            mode: 'test',
          });
          continue;
        }
        expect(res.body, vector.input).toStrictEqual({
          data: {
            valid: true,
            vat_number: vector.normalized,
            country_code: vector.country,
            company: { name: `Test Company (${vector.country})`, address: null },
            consultation_number: null,
            requested_at: HARNESS_NOW,
            match: null,
          },
          meta: testMeta(res),
        });
      }
    });
  });

  describe('normalisation', () => {
    it.each([
      ['GR123456709', 'EL123456709', 'EL'],
      ['gr 123 456 709', 'EL123456709', 'EL'],
      ['el-123.456.709', 'EL123456709', 'EL'],
      ['  de 136/695/976  ', 'DE136695976', 'DE'],
      ['de,136,695,976', 'DE136695976', 'DE'],
      ['atu 1234 5675', 'ATU12345675', 'AT'],
      ['nl 1234.5678.2 b01', 'NL123456782B01', 'NL'],
      ['CHE-100.000.006 TVA', 'CHE100000006MWST', 'CH'],
      ['che100000006', 'CHE100000006MWST', 'CH'],
      ['NO 900 000 006', 'NO900000006MVA', 'NO'],
      ['au 51 824 753 556', 'AU51824753556', 'AU'],
    ])('echoes %j as %s in vat_number', async (input, normalised, country) => {
      const { test } = await app.account('pro');
      const res = await validate(test, input);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.vat_number).toBe(normalised);
      expect(res.body.data.country_code).toBe(country);
    });

    it('recognises a magic number written with separators and in lower case', async () => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'de 123-456-712');
      expect(res.body.data.vat_number).toBe('DE123456712');
      expect(res.body.meta.cached_at).toBe(ONE_HOUR_AGO);
    });

    it('accepts cache=false and cache=true', async () => {
      const { test } = await app.account('pro');
      for (const cache of ['false', 'true']) {
        const res = await validate(test, 'DE136695976', { cache });
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.valid).toBe(true);
      }
    });
  });

  describe('answers given without a registry', () => {
    it('answers a checksum failure with a test key 200 valid false, meta.source checksum', async () => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'DE123456705');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: false,
          vat_number: 'DE123456705',
          country_code: 'DE',
          company: null,
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: {
          request_id: res.headers.get('x-request-id'),
          ...recordMeta(),
          cached: false,
          source: 'checksum',
          source_status: 'live',
          mode: 'test',
        },
      });
    });

    it('answers a checksum failure of every code but GB and XI locally, with a test key', async () => {
      const { test } = await app.account('scale');
      for (const vector of CHECKSUM_FAILURES.filter((v) => !REGISTRY_DECIDES.has(v.country))) {
        const res = await validate(test, vector.input);
        expect(res.status, `${vector.input}: ${res.text}`).toBe(200);
        expect(res.body.data, vector.input).toMatchObject({
          valid: false,
          country_code: vector.country,
          company: null,
        });
        expect(res.body.meta, vector.input).toMatchObject({ source: 'checksum', mode: 'test' });
      }
    });

    it.each([
      ['GB123456728', 'GB'],
      ['XI123456728', 'XI'],
    ])(
      'does not answer %s (failing its check digits) locally: in test mode it is any other well-formed number',
      async (number, country) => {
        const { test } = await app.account('pro');
        const res = await validate(test, number);
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toMatchObject({
          valid: true,
          vat_number: number,
          company: { name: `Test Company (${country})`, address: null },
        });
        expect(res.body.meta.source).toBe('test');
      },
    );

    it('answers an LI number valid from its format alone, source_status unverified, with a test key', async () => {
      const { test } = await app.account('business');
      const res = await validate(test, 'li 12345', { requester_vat_number: 'DE136695976' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'LI12345',
          country_code: 'LI',
          company: null,
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: {
          request_id: res.headers.get('x-request-id'),
          ...recordMeta(),
          cached: false,
          source: 'format',
          source_status: 'unverified',
          mode: 'test',
        },
      });
    });

    it('answers a checksum failure with a live key without a registry, and counts it', async () => {
      const { live } = await app.account('business');
      const res = await validate(live, 'DE123456705');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: false,
          vat_number: 'DE123456705',
          country_code: 'DE',
          company: null,
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: {
          request_id: res.headers.get('x-request-id'),
          ...recordMeta(),
          cached: false,
          source: 'checksum',
          source_status: 'live',
        },
      });
      expect(quotaOf(res)).toEqual({ limit: 50_000, remaining: 49_999, reset: HARNESS_RESET });
    });

    it('answers a checksum failure of every code but GB and XI with a live key, each counted', async () => {
      const { live } = await app.account('scale');
      const local = CHECKSUM_FAILURES.filter((v) => !REGISTRY_DECIDES.has(v.country));
      let last: TestResponse | undefined;
      for (const vector of local) {
        last = await validate(live, vector.input);
        expect(last.status, `${vector.input}: ${last.text}`).toBe(200);
        expect(last.body.data, vector.input).toMatchObject({ valid: false, country_code: vector.country });
        expect(last.body.meta.source, vector.input).toBe('checksum');
      }
      expect(quotaOf(last!).remaining).toBe(quotaOf(last!).limit - local.length);
    });

    it('answers an LI number with a live key from its format, and counts it', async () => {
      const { live } = await app.account('pro');
      const res = await validate(live, 'LI12345');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          valid: true,
          vat_number: 'LI12345',
          country_code: 'LI',
          company: null,
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: {
          request_id: res.headers.get('x-request-id'),
          ...recordMeta(),
          cached: false,
          source: 'format',
          source_status: 'unverified',
        },
      });
      expect(quotaOf(res)).toEqual({ limit: 10_000, remaining: 9_999, reset: HARNESS_RESET });
    });
  });

  describe('quota headers', () => {
    it('shows the account live usage on test-mode answers, which use none of it', async () => {
      const { live, test } = await app.account('free');
      await validate(live, 'LI12345');
      for (const number of ['DE123456704', 'DE123456712', 'DE555555502', 'DE123456705']) {
        const res = await validate(test, number);
        expect(res.status, res.text).toBe(200);
        expect(quotaOf(res)).toEqual({ limit: 500, remaining: 499, reset: HARNESS_RESET });
      }
    });

    it('shows the quota on a live 200', async () => {
      const { live } = await app.account('pro');
      const first = await validate(live, 'LI12345');
      const second = await validate(live, 'DE123456705');
      expect(quotaOf(first)).toEqual({ limit: 10_000, remaining: 9_999, reset: HARNESS_RESET });
      expect(quotaOf(second)).toEqual({ limit: 10_000, remaining: 9_998, reset: HARNESS_RESET });
    });

    it('shows the quota on a test-mode 503, as it does on a live 503', async () => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'DE999999903');
      expect(res.status).toBe(503);
      expect(quotaOf(res)).toEqual({ limit: 10_000, remaining: 10_000, reset: HARNESS_RESET });
    });

    it.each([
      ['2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.000Z'],
      ['2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
      ['2028-02-29T12:00:00.000Z', '2028-03-01T00:00:00.000Z'],
    ])('gives at %s the reset %s: the first instant of the next month, UTC', async (now, reset) => {
      const { live } = await app.account('pro');
      app.clock.set(now);
      const res = await validate(live, 'LI12345');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('x-ratelimit-reset')).toBe(reset);
    });
  });

  describe('burst headers', () => {
    it('carries X-Burst-Limit and X-Burst-Remaining on every authenticated response, whatever its status', async () => {
      const { live, test } = await app.account('business');
      const responses = [
        await validate(test, 'DE123456704'),
        await validate(live, 'DE123456705'),
        await validate(test, 'DE12345'),
        await validate(test, 'DE999999903'),
        await app.request('GET', '/v1/validate', { key: test }),
        await app.request('GET', '/v1/rates', { key: live }),
        await app.request('GET', '/v1/rates/XX', { key: live }),
        await app.request('POST', '/v1/validate/batch', {
          key: test,
          body: { vat_numbers: ['DE123456704'] },
        }),
        await app.request('POST', '/v1/validate/batch', { key: test, body: { vat_numbers: [] } }),
      ];
      expect(responses.map((res) => res.status)).toEqual([200, 200, 422, 503, 400, 200, 404, 200, 422]);
      responses.forEach((res, i) => {
        expect(res.headers.get('x-burst-limit'), res.text).toBe('120');
        expect(res.headers.get('x-burst-remaining'), res.text).toBe(String(119 - i));
      });
    });
  });

  describe('X-Request-Id', () => {
    it('generates a UUID v4 when none is sent, and uses it as meta.request_id', async () => {
      const { test } = await app.account('pro');
      const first = await validate(test, 'DE123456704');
      const second = await validate(test, 'DE123456704');
      const id = first.headers.get('x-request-id');
      expect(id).toMatch(UUID_V4);
      expect(first.body.meta.request_id).toBe(id);
      expect(second.headers.get('x-request-id')).toMatch(UUID_V4);
      expect(second.headers.get('x-request-id')).not.toBe(id);
    });

    it.each([
      ['a plain id', 'client-req-42'],
      ['one character', '!'],
      ['128 characters', `${'a'.repeat(127)}~`],
      ['every visible ASCII class', 'aZ09!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'],
    ])('echoes a valid client value (%s) and uses it as meta.request_id', async (_, id) => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'DE123456704', {}, { 'x-request-id': id });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(res.body.meta.request_id).toBe(id);
    });

    it.each([
      ['129 characters', 'a'.repeat(129)],
      ['an inner space', 'abc def'],
      ['an inner tab', 'abc\tdef'],
      ['a non-ASCII character', 'caf\u00e9'],
    ])('replaces an invalid client value (%s) with a UUID v4', async (_, id) => {
      const { test } = await app.account('pro');
      const res = await validate(test, 'DE123456704', {}, { 'x-request-id': id });
      expect(res.status, res.text).toBe(200);
      const generated = res.headers.get('x-request-id');
      expect(generated).toMatch(UUID_V4);
      expect(res.body.meta.request_id).toBe(generated);
    });

    it('echoes the client value on errors and on unauthenticated endpoints too', async () => {
      const headers = { 'x-request-id': 'trace-0001' };
      const unauthorised = await app.request('GET', '/v1/validate?vat_number=DE123456704', { headers });
      const notFound = await app.request('GET', '/v1/nothing-here', { headers });
      const health = await app.request('GET', '/health', { headers });
      for (const res of [unauthorised, notFound, health]) {
        expect(res.headers.get('x-request-id')).toBe('trace-0001');
        expect(res.body.meta.request_id).toBe('trace-0001');
      }
      expect([unauthorised.status, notFound.status, health.status]).toEqual([401, 404, 200]);
    });
  });
});
