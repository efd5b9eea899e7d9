import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/accounts/keys.js';
import { accountsOf } from '../helpers/accounts.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { expectClientError, expectError, OFFLINE_REGISTRIES, useQuota } from './support.js';

/**
 * Every error code of spec section 7 and decisions section 8 that the synchronous endpoints answer,
 * each in the envelope with docs_url and meta.request_id; and bad input of every kind never gives a
 * 500 or a body outside the envelope. (forbidden and webhook_not_configured belong to the async and
 * webhook endpoints and are tested with them.)
 */

const ONE_MIB = 1024 * 1024;

describeEachDialect('validation errors', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterAll(() => app.close());

  const batch = (key: string, body: unknown, headers?: Record<string, string>) =>
    app.request('POST', '/v1/validate/batch', { key, body, headers });

  describe('missing_parameter (400)', () => {
    it.each([
      ['absent', '/v1/validate'],
      ['absent, other parameters given', '/v1/validate?requester_vat_number=DE136695976'],
      ['empty', '/v1/validate?vat_number='],
      ['blank', '/v1/validate?vat_number=%20%20%20'],
    ])('answers vat_number %s with missing_parameter naming it', async (_, path) => {
      const { test } = await app.account('pro');
      const res = await app.request('GET', path, { key: test });
      expectError(res, 400, 'missing_parameter');
      expect(res.body.error.message).toContain('vat_number');
    });
  });

  describe('invalid_json (400)', () => {
    it.each([
      ['truncated', '{"vat_numbers": ["DE123456704"'],
      ['single quotes', "{'vat_numbers': ['DE123456704']}"],
      ['a trailing comma', '{"vat_numbers": ["DE123456704"],}'],
      ['bare words', 'vat_numbers=DE123456704'],
      ['a __proto__ member', '{"vat_numbers": ["DE123456704"], "__proto__": {"polluted": true}}'],
    ])('answers a body with %s', async (_, body) => {
      const { test } = await app.account('pro');
      expectError(await batch(test, body), 400, 'invalid_json');
    });
  });

  describe('unsupported_media_type (415)', () => {
    it.each([
      ['text/plain', '{"vat_numbers":["DE123456704"]}'],
      ['application/x-www-form-urlencoded', 'vat_numbers=DE123456704'],
      ['application/xml', '<vat_numbers><n>DE123456704</n></vat_numbers>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      ],
    ])('answers a %s body on the batch endpoint', async (contentType, body) => {
      const { test } = await app.account('pro');
      expectError(await batch(test, body, { 'content-type': contentType }), 415, 'unsupported_media_type');
    });
  });

  describe('payload_too_large (413)', () => {
    it('answers a body over 1 MiB', async () => {
      const { test } = await app.account('pro');
      const body = JSON.stringify({ vat_numbers: ['DE123456704'], padding: 'x'.repeat(ONE_MIB) });
      expectError(await batch(test, body), 413, 'payload_too_large');
    });

    it('accepts a body just under 1 MiB', async () => {
      const { test } = await app.account('pro');
      // Padded with JSON whitespace: an unknown member would be refused (422) by the closed schema.
      const prefix = '{"vat_numbers":["DE123456704"]';
      const body = `${prefix}${' '.repeat(ONE_MIB - prefix.length - 1)}}`;
      expect(Buffer.byteLength(body)).toBe(ONE_MIB);
      const res = await batch(test, body);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
    });
  });

  describe('validation_error (422)', () => {
    it.each([
      ['an empty vat_numbers', { vat_numbers: [] }],
      ['51 items', { vat_numbers: Array.from({ length: 51 }, () => 'DE123456704') }],
      ['no vat_numbers', { requester_vat_number: 'DE136695976' }],
      ['vat_numbers as a string', { vat_numbers: 'DE123456704' }],
      ['a number in vat_numbers', { vat_numbers: ['DE123456704', 123456704] }],
      ['null in vat_numbers', { vat_numbers: [null] }],
      // An item may be `{ vat_number, reference }` (wave-2 L2); an object without vat_number may not.
      ['an object item without vat_number', { vat_numbers: [{ number: 'DE123456704' }] }],
      ['an object item with a number as vat_number', { vat_numbers: [{ vat_number: 276123456 }] }],
      ['an array in vat_numbers', { vat_numbers: [['DE123456704']] }],
      ['cache as a string', { vat_numbers: ['DE123456704'], cache: 'false' }],
      ['cache as a number', { vat_numbers: ['DE123456704'], cache: 0 }],
      ['requester_vat_number as a number', { vat_numbers: ['DE123456704'], requester_vat_number: 136695976 }],
      ['a JSON array', ['DE123456704']],
      ['a JSON string', 'just a string'],
      ['JSON null', null],
      ['a JSON number', 42],
    ])('answers a batch body with %s', async (_, body) => {
      const { test } = await app.account('pro');
      // Sent as JSON text, including the string case.
      expectError(await batch(test, JSON.stringify(body)), 422, 'validation_error');
    });

    it('answers a batch without a body', async () => {
      const { test } = await app.account('pro');
      expectError(await app.request('POST', '/v1/validate/batch', { key: test }), 422, 'validation_error');
    });

    it.each([
      ['cache=maybe', '/v1/validate?vat_number=DE123456704&cache=maybe'],
      ['two vat_number values', '/v1/validate?vat_number=DE123456704&vat_number=DE136695976'],
    ])('answers a query with %s', async (_, path) => {
      const { test } = await app.account('pro');
      expectError(await app.request('GET', path, { key: test }), 422, 'validation_error');
    });

    // The query parser kept such a value undecoded: the reference was stored as the text `%FF`.
    it.each([
      ['bytes that are not UTF-8', 'reference=%FF%FE', '%FF%FE'],
      ['a lone surrogate encoded', 'reference=inv%ED%A0%80', 'inv%ED%A0%80'],
      ['a cut sequence', 'reference=%E2%82', '%E2%82'],
      ['a bad escape', 'reference=a%ZZ', 'a%ZZ'],
      ['a bare percent sign', 'reference=50%', '50%'],
      ['a malformed parameter name', 'ref%FFerence=x', 'ref%FFerence'],
    ])('answers a query with %s in its percent-encoding, and stores no record', async (_, query, piece) => {
      const { test } = await app.account('pro');
      for (const path of [`/v1/validate?vat_number=DE123456704&${query}`, `/v1/validations?${query}`]) {
        const res = await app.request('GET', path, { key: test });
        expectError(res, 422, 'validation_error');
        expect(res.body.error.message).toBe(
          `The query string is not valid: '${piece}' is malformed percent-encoding or not UTF-8.`,
        );
      }
      const records = await app.request('GET', '/v1/validations', { key: test });
      expect(records.status, records.text).toBe(200);
      expect(records.body.data).toEqual([]);
    });
  });

  describe('invalid_vat_format (422)', () => {
    it.each([
      ['DE12345', 'DE numbers have 9 digits after the prefix'],
      ['DE0123456789', 'DE numbers have 9 digits after the prefix'],
      ['ATU1234567', 'AT numbers have'],
      ['DEDE136695976', 'the country prefix appears twice'],
      ['XX123456789', "got 'XX'"],
      ['123456789', 'two-letter country code'],
      ['DE 136 695 976 !', "'!'"],
    ])('answers %s with a message naming the rule', async (number, rule) => {
      const { test } = await app.account('pro');
      const res = await app.request('GET', `/v1/validate?${new URLSearchParams({ vat_number: number })}`, {
        key: test,
      });
      expectError(res, 422, 'invalid_vat_format');
      expect(res.body.error.message).toContain(rule);
    });

    it('answers a malformed requester_vat_number with a message naming requester_vat_number', async () => {
      const { test } = await app.account('business');
      const query = new URLSearchParams({ vat_number: 'DE123456704', requester_vat_number: 'DE12' });
      const res = await app.request('GET', `/v1/validate?${query}`, { key: test });
      expectError(res, 422, 'invalid_vat_format');
      expect(res.body.error.message).toContain('requester_vat_number');
    });

    it('answers a malformed requester_vat_number on the batch endpoint as a whole-request 422', async () => {
      const { test } = await app.account('business');
      const res = await batch(test, { vat_numbers: ['DE123456704'], requester_vat_number: 'nonsense' });
      expectError(res, 422, 'invalid_vat_format');
      expect(res.body.error.message).toContain('requester_vat_number');
    });
  });

  describe('unauthorized (401)', () => {
    // A checksum failure: both keys get a 200 without a registry.
    const path = '/v1/validate?vat_number=DE123456705';

    it.each([
      ['no Authorization header', {}],
      ['the Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['Bearer without a key', { authorization: 'Bearer' }],
      ['Bearer and blanks', { authorization: 'Bearer    ' }],
      ['a key that is not a service key', { authorization: 'Bearer hello-world' }],
      ['a key one character short', { authorization: `Bearer svc_live_${'a'.repeat(31)}` }],
      ['an unknown key of the right shape', { authorization: `Bearer svc_live_${'a'.repeat(32)}` }],
      ['an unknown test key of the right shape', { authorization: `Bearer svc_test_${'Z'.repeat(32)}` }],
      ['an unknown mode', { authorization: `Bearer svc_prod_${'a'.repeat(32)}` }],
      ['two keys', { authorization: `Bearer svc_live_${'a'.repeat(32)} svc_live_${'b'.repeat(32)}` }],
    ])('answers %s', async (_, headers) => {
      const res = await app.request('GET', path, { headers });
      expectError(res, 401, 'unauthorized');
      expect(res.headers.get('x-burst-limit')).toBeNull();
    });

    it('answers a real key sent under another scheme', async () => {
      const { live } = await app.account('pro');
      expectError(
        await app.request('GET', path, { headers: { authorization: `Token ${live}` } }),
        401,
        'unauthorized',
      );
    });

    it('answers a key with one character changed', async () => {
      const { live } = await app.account('pro');
      const changed = `${live.slice(0, -1)}${live.endsWith('a') ? 'b' : 'a'}`;
      expectError(await app.request('GET', path, { key: changed }), 401, 'unauthorized');
    });

    it('answers a revoked key, while the account other key still works', async () => {
      const account = await app.account('pro');
      const created = await createKey(accountsOf(app.database), account.id, 'live', app.clock.now());
      expect((await app.request('GET', path, { key: created.key })).status).toBe(200);
      expect(await accountsOf(app.database).revokeKey(created.id, app.clock.now())).toBe(true);
      // What revoking through this process does: the authenticator forgets what it holds.
      app.services.authenticator.forget();
      expectError(await app.request('GET', path, { key: created.key }), 401, 'unauthorized');
      expect((await app.request('GET', path, { key: account.test })).status).toBe(200);
    });

    it('accepts the scheme in any case', async () => {
      const { test } = await app.account('pro');
      const res = await app.request('GET', path, { headers: { authorization: `bearer ${test}` } });
      expect(res.status, res.text).toBe(200);
    });

    it.each([
      ['GET', '/v1/rates'],
      ['GET', '/v1/rates/DE'],
      ['POST', '/v1/validate/batch'],
    ])('guards %s %s too', async (method, route) => {
      expectError(
        await app.request(method, route, { body: method === 'POST' ? { vat_numbers: ['x'] } : undefined }),
        401,
        'unauthorized',
      );
    });
  });

  describe('not_found (404)', () => {
    it.each([
      ['GET', '/'],
      ['GET', '/v1'],
      ['GET', '/v2/validate?vat_number=DE123456704'],
      ['GET', '/v1/validate/extra'],
      ['DELETE', '/v1/validate'],
      ['PUT', '/v1/validate/batch'],
      ['GET', '/v1/validate/batch'],
    ])('answers an unknown route %s %s', async (method, route) => {
      const { test } = await app.account('pro');
      expectError(await app.request(method, route, { key: test }), 404, 'not_found');
    });

    it('answers an unknown rate country with a message naming it', async () => {
      const { test } = await app.account('pro');
      const res = await app.request('GET', '/v1/rates/XQ', { key: test });
      expectError(res, 404, 'not_found');
      expect(res.body.error.message).toContain('XQ');
    });
  });

  describe('tier_insufficient (403)', () => {
    it.each(['live', 'test'] as const)(
      'answers a Free account on the batch endpoint with a %s key',
      async (mode) => {
        const account = await app.account('free');
        const res = await batch(account[mode], { vat_numbers: ['DE123456704'] });
        expectError(res, 403, 'tier_insufficient');
      },
    );
  });

  describe('burst_limit_exceeded (429)', () => {
    it('answers the request after the last burst slot, with Retry-After in whole seconds', async () => {
      const { test } = await app.account('free');
      for (let i = 0; i < 20; i += 1)
        expect((await app.request('GET', '/v1/rates/DE', { key: test })).status).toBe(200);
      const res = await app.request('GET', '/v1/rates/DE', { key: test });
      expectError(res, 429, 'burst_limit_exceeded');
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });
  });

  describe('rate_limit_exceeded (429)', () => {
    it('answers a validation once the monthly quota is used up, with Retry-After', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, 500);
      const res = await app.request('GET', '/v1/validate?vat_number=DE123456705', { key: live });
      expectError(res, 429, 'rate_limit_exceeded');
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    });
  });

  describe('upstream_unavailable and upstream_error (503)', () => {
    it.each([
      ['DE999999903', 'upstream_unavailable'],
      ['GB999999918', 'upstream_error'],
    ])('answers the magic %s with %s and Retry-After 30', async (number, code) => {
      const { test } = await app.account('pro');
      const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: test });
      expectError(res, 503, code);
      expect(res.headers.get('retry-after')).toBe('30');
    });

    it('answers a live lookup whose registry is unreachable with upstream_unavailable and Retry-After 30', async () => {
      const { live } = await app.account('pro');
      const res = await app.request('GET', '/v1/validate?vat_number=DE136695976', { key: live });
      expectError(res, 503, 'upstream_unavailable');
      expect(res.headers.get('retry-after')).toBe('30');
    });
  });

  describe('bad input never gives a 500 nor a body outside the envelope', () => {
    const queries: Array<[string, string]> = [
      ['a repeated vat_number', 'vat_number=a&vat_number=b'],
      ['vat_number as an array', 'vat_number[]=DE123456704'],
      ['vat_number as an object', 'vat_number[a]=DE123456704'],
      ['a 10,000-character vat_number', `vat_number=${'9'.repeat(10_000)}`],
      ['a 5,000-character vat_number of separators', `vat_number=${'-'.repeat(5_000)}`],
      ['a null byte', 'vat_number=DE%00136695976'],
      ['only null bytes', 'vat_number=%00%00'],
      ['control characters', 'vat_number=DE%01%02%03136695976'],
      ['full-width digits', `vat_number=${encodeURIComponent('DE１３６６９５９７６')}`],
      ['Greek capitals', `vat_number=${encodeURIComponent('ΕΛ123456709')}`],
      ['an emoji', `vat_number=${encodeURIComponent('DE😀136695976')}`],
      ['a lone surrogate (bad UTF-8)', 'vat_number=DE%ED%A0%80136695976'],
      ['a right-to-left mark', `vat_number=${encodeURIComponent('\u200fDE136695976')}`],
      ['bad percent-encoding in the query', 'vat_number=%E0%A4%A'],
      ['a bare percent sign', 'vat_number=DE%'],
      ['%ZZ', 'vat_number=%ZZ'],
      ['a requester of 5,000 characters', `vat_number=DE123456704&requester_vat_number=${'A'.repeat(5_000)}`],
      ['an empty requester', 'vat_number=DE123456704&requester_vat_number='],
      ['a repeated requester', 'vat_number=DE123456704&requester_vat_number=a&requester_vat_number=b'],
      ['cache given twice', 'vat_number=DE123456704&cache=true&cache=false'],
      ['an SQL-looking value', `vat_number=${encodeURIComponent("DE1'; DROP TABLE usage; --")}`],
      ['HTML', `vat_number=${encodeURIComponent('<script>alert(1)</script>')}`],
    ];

    it.each(queries)('GET /v1/validate with %s', async (_, query) => {
      const { test } = await app.account('scale');
      const res = await app.request('GET', `/v1/validate?${query}`, { key: test });
      expect(res.status, res.text).not.toBe(200);
      expectClientError(res);
    });

    it.each(queries)('GET /v1/validate with %s, live key', async (_, query) => {
      const { live } = await app.account('scale');
      const res = await app.request('GET', `/v1/validate?${query}`, { key: live });
      expectClientError(res);
    });

    const bodies: Array<[string, string]> = [
      ['a JSON array', '["DE123456704"]'],
      ['a JSON string', '"DE123456704"'],
      ['JSON true', 'true'],
      ['an empty object', '{}'],
      ['nested arrays 100,000 deep', `{"vat_numbers":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
      [
        'nested objects 50,000 deep',
        `{"vat_numbers":["DE123456704"],"x":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
      ],
      ['nested arrays 100,000 deep, unbalanced', `{"vat_numbers":${'['.repeat(100_000)}`],
      [
        'a constructor.prototype member',
        '{"vat_numbers":["DE123456704"],"constructor":{"prototype":{"x":1}}}',
      ],
      ['a 100,000-character item', `{"vat_numbers":["${'1'.repeat(100_000)}"]}`],
      ['a null byte in an item', '{"vat_numbers":["DE\\u0000136695976"]}'],
      ['a lone surrogate escape', '{"vat_numbers":["DE\\ud800136695976"]}'],
      ['Latin-1 letters in an item', '{"vat_numbers":["DE\xff\xfe136695976"]}'],
      ['a byte order mark', '\ufeff{"vat_numbers":["DE123456704"]}'],
      ['a huge number', `{"vat_numbers":["DE123456704"],"cache":1${'0'.repeat(400)}}`],
      ['duplicate keys', '{"vat_numbers":["DE123456704"],"vat_numbers":[]}'],
      ['only whitespace', '   \n\t  '],
    ];

    it.each(bodies)('POST /v1/validate/batch with %s', async (_, body) => {
      const { test } = await app.account('scale');
      const res = await batch(test, body);
      if (res.status === 200) {
        // Some of these are valid requests; their inline failures must still be well-formed.
        expect(res.body.data.summary.total).toBe(res.body.data.results.length);
        return;
      }
      expectClientError(res);
    });

    it('answers a raw request whose path has bad percent-encoding with a 4xx', async () => {
      const { test } = await app.account('pro');
      const res = await app.request('GET', '/v1/rates/%E0%A4%A', { key: test });
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
    });

    it('answers bad percent-encoding in the path in the envelope', async () => {
      const { test } = await app.account('pro');
      expectClientError(await app.request('GET', '/v1/rates/%E0%A4%A', { key: test }));
    });

    it('answers a path parameter over 100 characters in the envelope', async () => {
      const { test } = await app.account('pro');
      expectClientError(await app.request('GET', `/v1/rates/${'A'.repeat(150)}`, { key: test }));
    });

    it('answers a request line over 16 KiB in the envelope', async () => {
      const { test } = await app.account('pro');
      expectClientError(
        await app.request('GET', `/v1/validate?vat_number=${'9'.repeat(20_000)}`, { key: test }),
      );
    });

    it('answers a Content-Length that does not match the body without a 500', async () => {
      const { test } = await app.account('pro');
      const body = '{"vat_numbers":["DE123456704"]}';
      const raw = await rawRequest(
        app.url,
        `POST /v1/validate/batch HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${test}\r\nContent-Type: application/json\r\nContent-Length: ${body.length - 5}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(raw.status).toBeGreaterThanOrEqual(400);
      expect(raw.status).toBeLessThan(500);
    });
  });

  describe('internal_error (500)', () => {
    it('answers an unexpected failure in the envelope without internals', async () => {
      const broken = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
      try {
        const { live } = await broken.account('pro');
        // The usage table vanishing is the kind of failure no request can cause.
        await sql`drop table usage`.execute(broken.database.db);
        const res = await broken.request('GET', '/v1/validate?vat_number=DE123456705', { key: live });
        expectError(res, 500, 'internal_error');
        expect(res.text).not.toMatch(/usage|sql|table|sqlite|postgres|stack|at \w+ \(/i);
      } finally {
        await broken.close();
      }
    });
  });
});

/** One request written by hand, for what fetch refuses to send; resolves with the status line's code. */
function rawRequest(base: string, request: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
  });
}
