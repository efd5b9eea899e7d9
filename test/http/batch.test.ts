import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { recordMeta } from '../helpers/record-meta.js';
import {
  checksumFailures,
  DOCS_BASE,
  expectError,
  HARNESS_NOW,
  HARNESS_RESET,
  liechtensteinNumbers,
  OFFLINE_REGISTRIES,
  quotaOf,
  storedUsage,
  useQuota,
} from './support.js';

/**
 * POST /v1/validate/batch, spec 4.2 and decisions section 8: order kept, duplicates validated and
 * counted once, failures inline with the input as sent, the summary, 1 to 50 items, Pro and up.
 * Live mode uses only numbers answered without a registry (checksum failures, LI numbers).
 */

const PRO_MONTHLY = 10_000;

describeEachDialect('POST /v1/validate/batch', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterAll(() => app.close());

  const batch = (key: string, body: unknown) => app.request('POST', '/v1/validate/batch', { key, body });

  function formatFailure(input: string) {
    return {
      error: {
        code: 'invalid_vat_format',
        message: expect.any(String),
        docs_url: `${DOCS_BASE}/invalid_vat_format`,
        vat_number: input,
      },
      meta: { vat_number: input },
    };
  }

  describe('test mode', () => {
    it('keeps the input order, with success and failure items inline and a summary', async () => {
      const { test } = await app.account('pro');
      const res = await batch(test, {
        vat_numbers: [
          'NL123456782B01',
          'FR10123456717',
          ' de-12345 ',
          'DE123456712',
          'DE999999903',
          'LI12345',
          'DE123456705',
        ],
      });
      expect(res.status, res.text).toBe(200);
      const { results, summary } = res.body.data;
      expect(results).toStrictEqual([
        {
          data: {
            valid: true,
            vat_number: 'NL123456782B01',
            country_code: 'NL',
            company: { name: 'Testbedrijf B.V.', address: 'Teststraat 1, 1234 AB Amsterdam' },
            consultation_number: null,
            requested_at: HARNESS_NOW,
            match: null,
          },
          meta: { cached: false, source: 'test', source_status: 'live', ...recordMeta() },
        },
        {
          data: {
            valid: false,
            vat_number: 'FR10123456717',
            country_code: 'FR',
            company: null,
            consultation_number: null,
            requested_at: HARNESS_NOW,
            match: null,
          },
          meta: { cached: false, source: 'test', source_status: 'live', ...recordMeta() },
        },
        formatFailure(' de-12345 '),
        {
          data: {
            valid: true,
            vat_number: 'DE123456712',
            country_code: 'DE',
            company: { name: 'Zwischenspeicher Test GmbH', address: null },
            requested_at: HARNESS_NOW,
            match: null,
          },
          meta: {
            cached: true,
            cached_at: '2026-11-22T11:00:00.000Z',
            source: 'test',
            source_status: 'cached',
            ...recordMeta(),
          },
        },
        {
          error: {
            code: 'upstream_unavailable',
            message: expect.any(String),
            docs_url: `${DOCS_BASE}/upstream_unavailable`,
            vat_number: 'DE999999903',
          },
          meta: { vat_number: 'DE999999903' },
        },
        {
          data: {
            valid: true,
            vat_number: 'LI12345',
            country_code: 'LI',
            company: null,
            consultation_number: null,
            requested_at: HARNESS_NOW,
            match: null,
          },
          meta: { cached: false, source: 'format', source_status: 'unverified', ...recordMeta() },
        },
        {
          data: {
            valid: false,
            vat_number: 'DE123456705',
            country_code: 'DE',
            company: null,
            consultation_number: null,
            requested_at: HARNESS_NOW,
            match: null,
          },
          meta: { cached: false, source: 'checksum', source_status: 'live', ...recordMeta() },
        },
      ]);
      expect(summary).toStrictEqual({ total: 7, succeeded: 5, failed: 2 });
    });

    it('carries request_id, request_duration_ms and mode test in meta', async () => {
      const { test } = await app.account('pro');
      const res = await batch(test, { vat_numbers: ['DE123456704'] });
      expect(res.body.meta).toStrictEqual({
        request_id: res.headers.get('x-request-id'),
        request_duration_ms: expect.any(Number),
        mode: 'test',
      });
      expect(Number.isInteger(res.body.meta.request_duration_ms)).toBe(true);
      expect(res.body.meta.request_duration_ms).toBeGreaterThanOrEqual(0);
    });

    it('gives each duplicate position the same result, failure items keeping each input as sent', async () => {
      const { test } = await app.account('pro');
      const inputs = ['DE123456704', 'de 123 456 704', 'DE999999903', 'de.999.999.903', 'DE123456704'];
      const res = await batch(test, { vat_numbers: inputs });
      expect(res.status, res.text).toBe(200);
      const [a, b, c, d, e] = res.body.data.results;
      expect(a).toStrictEqual(b);
      expect(a).toStrictEqual(e);
      expect(a.data.vat_number).toBe('DE123456704');
      expect(c.error.vat_number).toBe('DE999999903');
      expect(d.error.vat_number).toBe('de.999.999.903');
      expect(d.meta.vat_number).toBe('de.999.999.903');
      expect(res.body.data.summary).toStrictEqual({ total: 5, succeeded: 3, failed: 2 });
    });

    it('gives consultation numbers per item to a Business account with an EU requester', async () => {
      const { test } = await app.account('business');
      const res = await batch(test, {
        vat_numbers: ['DE123456704', 'GB123456727', 'FR10123456717'],
        requester_vat_number: 'ATU12345675',
      });
      expect(
        res.body.data.results.map(
          (item: { data: { consultation_number: string | null } }) => item.data.consultation_number,
        ),
      ).toEqual(['WAPITEST00000001', null, null]);
    });

    it('uses no quota and still reports it in the headers', async () => {
      const { test } = await app.account('pro');
      const res = await batch(test, {
        vat_numbers: ['DE123456704', 'DE136695976', 'LI12345', 'DE123456705'],
      });
      expect(res.status, res.text).toBe(200);
      expect(quotaOf(res)).toEqual({ limit: PRO_MONTHLY, remaining: PRO_MONTHLY, reset: HARNESS_RESET });
    });

    it('accepts cache false', async () => {
      const { test } = await app.account('pro');
      const res = await batch(test, { vat_numbers: ['DE123456704'], cache: false });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.summary.succeeded).toBe(1);
    });
  });

  describe('live mode, numbers that need no registry', () => {
    it('keeps the order and validates duplicates once: 3 items, 2 unique numbers use 2 units', async () => {
      const { live } = await app.account('pro');
      const res = await batch(live, { vat_numbers: ['DE123456705', 'LI12345', 'de 123 456 705'] });
      expect(res.status, res.text).toBe(200);
      const [first, second, third] = res.body.data.results;
      expect(first).toStrictEqual(third);
      expect(first).toStrictEqual({
        data: {
          valid: false,
          vat_number: 'DE123456705',
          country_code: 'DE',
          company: null,
          consultation_number: null,
          requested_at: HARNESS_NOW,
          match: null,
        },
        meta: { cached: false, source: 'checksum', source_status: 'live', ...recordMeta() },
      });
      expect(second.meta).toStrictEqual({
        cached: false,
        source: 'format',
        source_status: 'unverified',
        ...recordMeta(),
      });
      expect(res.body.data.summary).toStrictEqual({ total: 3, succeeded: 3, failed: 0 });
      expect(res.body.meta).toStrictEqual({
        request_id: res.headers.get('x-request-id'),
        request_duration_ms: expect.any(Number),
      });
      expect(quotaOf(res)).toEqual({ limit: PRO_MONTHLY, remaining: PRO_MONTHLY - 2, reset: HARNESS_RESET });
    });

    it('counts neither malformed items nor their duplicates', async () => {
      const { id, live } = await app.account('pro');
      const res = await batch(live, { vat_numbers: ['DE12', 'LI12345', 'DE12', 'XX', 'li-12345'] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.results[0]).toStrictEqual(formatFailure('DE12'));
      expect(res.body.data.results[2]).toStrictEqual(formatFailure('DE12'));
      expect(res.body.data.results[3]).toStrictEqual(formatFailure('XX'));
      expect(res.body.data.summary).toStrictEqual({ total: 5, succeeded: 2, failed: 3 });
      expect(quotaOf(res).remaining).toBe(PRO_MONTHLY - 1);
      expect(await storedUsage(app, id)).toBe(1);
    });

    it('uses nothing for a batch of only malformed numbers', async () => {
      const { id, live } = await app.account('pro');
      const res = await batch(live, { vat_numbers: ['DE12', ''] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.results).toStrictEqual([formatFailure('DE12'), formatFailure('')]);
      expect(await storedUsage(app, id)).toBe(0);
    });

    it('answers a full batch of 50 unique numbers and counts 50', async () => {
      const { id, live } = await app.account('business');
      const numbers = [...checksumFailures(25), ...liechtensteinNumbers(25)];
      const res = await batch(live, { vat_numbers: numbers });
      expect(res.status, res.text).toBe(200);
      expect(
        res.body.data.results.map((item: { data: { vat_number: string } }) => item.data.vat_number),
      ).toEqual(numbers);
      expect(res.body.data.summary).toStrictEqual({ total: 50, succeeded: 50, failed: 0 });
      expect(await storedUsage(app, id)).toBe(50);
    });

    it('answers a batch of 1', async () => {
      const { live } = await app.account('pro');
      const res = await batch(live, { vat_numbers: ['LI12345'] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.summary).toStrictEqual({ total: 1, succeeded: 1, failed: 0 });
    });

    it('refuses a batch needing more than the remaining quota with 429, counting nothing', async () => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY - 2);
      const res = await batch(live, { vat_numbers: checksumFailures(3) });
      expectError(res, 429, 'rate_limit_exceeded');
      expect(res.body.error.message).toContain('3');
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(quotaOf(res)).toEqual({ limit: PRO_MONTHLY, remaining: 2, reset: HARNESS_RESET });
      expect(await storedUsage(app, id)).toBe(PRO_MONTHLY - 2);
    });

    it('fits a batch whose unique numbers fit the remaining quota, however many duplicates it has', async () => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY - 2);
      const [a, b] = checksumFailures(2);
      const res = await batch(live, { vat_numbers: [a, b, a, b, a, 'DE12'] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.summary).toStrictEqual({ total: 6, succeeded: 5, failed: 1 });
      expect(quotaOf(res).remaining).toBe(0);
      expect(await storedUsage(app, id)).toBe(PRO_MONTHLY);
    });
  });

  describe('size and tier', () => {
    it('answers 50 items and refuses 51 and 0 with validation_error', async () => {
      const { test } = await app.account('pro');
      const fifty = Array.from({ length: 50 }, () => 'DE123456704');
      expect((await batch(test, { vat_numbers: fifty })).status).toBe(200);
      expectError(await batch(test, { vat_numbers: [...fifty, 'DE123456704'] }), 422, 'validation_error');
      expectError(await batch(test, { vat_numbers: [] }), 422, 'validation_error');
    });

    it.each(['pro', 'business', 'scale'] as const)(
      'lets %s use the batch endpoint with both keys',
      async (tier) => {
        const account = await app.account(tier);
        expect((await batch(account.test, { vat_numbers: ['DE123456704'] })).status).toBe(200);
        expect((await batch(account.live, { vat_numbers: ['LI12345'] })).status).toBe(200);
      },
    );

    it('refuses Free with 403 tier_insufficient on both keys, counting nothing', async () => {
      const account = await app.account('free');
      expectError(await batch(account.test, { vat_numbers: ['DE123456704'] }), 403, 'tier_insufficient');
      expectError(await batch(account.live, { vat_numbers: ['LI12345'] }), 403, 'tier_insufficient');
      expect(await storedUsage(app, account.id)).toBe(0);
    });

    it('names every tier that has the feature in the refusal, Scale included', async () => {
      const account = await app.account('free');
      const res = await batch(account.live, { vat_numbers: ['DE123456704'] });
      expectError(res, 403, 'tier_insufficient');
      expect(res.body.error.message).toBe(
        'This endpoint needs the Pro, Business or Scale tier; the account is on free.',
      );
    });
  });
});
