import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import { expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * Every request schema is closed: a query parameter or body member a route does not take (a typo
 * such as `company_name`, or `vat_numer`) is 422 validation_error naming it and the members the
 * route does take, instead of being silently ignored. The documented ones still work.
 */

interface Operation {
  method: string;
  path: string;
  /** A body the route accepts, for the routes that take one. */
  body?: Record<string, unknown>;
  /** The members the message lists as known, in order (empty: the route takes none). */
  query: string[];
  bodyMembers?: string[];
  /** Sent with a test key (the route takes no live key). */
  testKey?: boolean;
}

const TRADER = ['trader_name', 'trader_company_type', 'trader_street', 'trader_postcode', 'trader_city'];
const VALIDATE = ['vat_number', 'requester_vat_number', 'cache', 'reference', ...TRADER];
const RECORD_FILTERS = [
  'vat_number',
  'country_code',
  'valid',
  'source',
  'channel',
  'reference',
  'from',
  'to',
  'monitor_id',
  'bulk_id',
];
const BATCH = ['vat_numbers', 'requester_vat_number', 'cache', 'reference'];

/** Every /v1 operation, with a request it would otherwise accept (or get past validation with). */
const OPERATIONS: Operation[] = [
  { method: 'GET', path: '/v1/validate?vat_number=DE123456704', query: VALIDATE },
  {
    method: 'POST',
    path: '/v1/validate/batch',
    body: { vat_numbers: ['DE123456704'] },
    query: [],
    bodyMembers: BATCH,
  },
  {
    method: 'POST',
    path: '/v1/validate/async',
    body: { vat_number: 'DE123456704' },
    query: [],
    bodyMembers: ['vat_number', 'requester_vat_number', 'cache', 'reference', ...TRADER],
  },
  {
    method: 'POST',
    path: '/v1/validate/async/batch',
    body: { vat_numbers: ['DE123456704'] },
    query: [],
    bodyMembers: BATCH,
  },
  { method: 'GET', path: '/v1/rates', query: ['date'] },
  { method: 'GET', path: '/v1/rates/DE', query: ['date'] },
  { method: 'GET', path: '/v1/rates/categories', query: [] },
  { method: 'GET', path: '/v1/rates/DE/categories', query: ['date'] },
  { method: 'GET', path: '/v1/rates/DE/categories/foodstuffs', query: ['date'] },
  {
    method: 'PUT',
    path: '/v1/webhooks/config',
    body: { url: 'https://localhost:1/hook' },
    query: [],
    bodyMembers: ['url', 'enabled', 'rotate_secret'],
  },
  { method: 'GET', path: '/v1/webhooks/config', query: [] },
  { method: 'DELETE', path: '/v1/webhooks/config', query: [] },
  { method: 'POST', path: '/v1/webhooks/test', body: {}, query: [], bodyMembers: [] },
  {
    method: 'GET',
    path: '/v1/webhooks/deliveries',
    query: ['limit', 'cursor', 'status', 'event', 'endpoint_id'],
  },
  { method: 'GET', path: '/v1/webhooks/endpoints', query: [] },
  {
    method: 'POST',
    path: '/v1/webhooks/endpoints',
    body: { url: 'https://localhost:1/hook' },
    query: [],
    bodyMembers: ['url', 'events', 'description', 'enabled', 'expires_in'],
  },
  { method: 'GET', path: '/v1/webhooks/endpoints/we_x', query: [] },
  {
    method: 'PATCH',
    path: '/v1/webhooks/endpoints/we_x',
    body: { enabled: false },
    query: [],
    bodyMembers: ['url', 'events', 'description', 'enabled', 'rotate_secret', 'expires_in'],
  },
  { method: 'DELETE', path: '/v1/webhooks/endpoints/we_x', query: [] },
  {
    method: 'POST',
    path: '/v1/webhooks/trigger',
    body: { event: 'test' },
    query: [],
    bodyMembers: ['event'],
    testKey: true,
  },
  { method: 'GET', path: '/v1/webhooks/deliveries/dlv_x', query: [] },
  {
    method: 'POST',
    path: '/v1/webhooks/deliveries/dlv_x/replay',
    body: {},
    query: [],
    bodyMembers: [],
  },
  { method: 'GET', path: '/v1/status', query: [] },
  { method: 'GET', path: '/v1/validations', query: [...RECORD_FILTERS, 'limit', 'cursor'] },
  { method: 'GET', path: '/v1/validations/export', query: RECORD_FILTERS },
  { method: 'GET', path: '/v1/validations/val_x', query: [] },
  { method: 'GET', path: '/v1/validate/async/req_x', query: [] },
  { method: 'GET', path: '/v1/validate/async/batch/bat_x', query: [] },
  { method: 'GET', path: '/v1/validate/async/batch/bat_x/results', query: ['limit', 'cursor'] },
  { method: 'GET', path: '/v1/usage', query: ['month'] },
  { method: 'GET', path: '/v1/keys', query: [] },
  { method: 'POST', path: '/v1/keys', body: { mode: 'test' }, query: [], bodyMembers: ['mode', 'name'] },
  { method: 'DELETE', path: '/v1/keys/key_x', query: [] },
  { method: 'GET', path: '/v1/validations/val_x/proof', query: ['format'] },
  {
    method: 'POST',
    path: '/v1/monitors',
    body: { vat_number: 'DE123456704', interval: 'daily' },
    query: [],
    bodyMembers: ['vat_number', 'interval', 'reference', 'requester_vat_number'],
  },
  {
    method: 'POST',
    path: '/v1/monitors/batch',
    body: { vat_numbers: ['DE123456704'], interval: 'daily' },
    query: [],
    bodyMembers: ['vat_numbers', 'interval', 'reference'],
  },
  {
    method: 'GET',
    path: '/v1/monitors',
    query: ['limit', 'cursor', 'status', 'vat_number', 'valid', 'reference'],
  },
  { method: 'GET', path: '/v1/monitors/mon_x', query: [] },
  {
    method: 'PATCH',
    path: '/v1/monitors/mon_x',
    body: { status: 'paused' },
    query: [],
    bodyMembers: ['interval', 'status', 'reference'],
  },
  { method: 'DELETE', path: '/v1/monitors/mon_x', query: [] },
  { method: 'POST', path: '/v1/monitors/mon_x/check', query: [] },
  { method: 'POST', path: '/v1/bulk', query: ['reference', 'cache'] },
  { method: 'GET', path: '/v1/bulk', query: ['limit', 'cursor'] },
  { method: 'GET', path: '/v1/bulk/blk_x', query: [] },
  { method: 'GET', path: '/v1/bulk/blk_x/results', query: [] },
  {
    method: 'POST',
    path: '/v1/decisions',
    body: { seller: { country_code: 'DE' }, buyer: { country_code: 'FR' }, supply: { kind: 'services' } },
    query: [],
    bodyMembers: ['seller', 'buyer', 'supply', 'date', 'amount', 'reference'],
  },
  {
    method: 'GET',
    path: '/v1/decisions',
    query: ['treatment', 'buyer_country', 'reference', 'from', 'to', 'limit', 'cursor'],
  },
  { method: 'GET', path: '/v1/decisions/dec_x', query: [] },
  { method: 'GET', path: '/v1/decisions/dec_x/proof', query: ['format'] },
];

const withQuery = (path: string, extra: string) => `${path}${path.includes('?') ? '&' : '?'}${extra}`;
const known = (names: string[]) => (names.length === 0 ? '(it takes none)' : `(known: ${names.join(', ')})`);

describeEachDialect('unknown query parameters and body members', (dialect) => {
  let app: TestApp;
  let receiver: Receiver;
  let business: TestAccount;
  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp(dialect, { env: { ...OFFLINE_REGISTRIES, WEBHOOK_ALLOWED_HOSTS: 'localhost' } });
    business = await app.account('business');
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('covers every /v1 operation of the document', async () => {
    const { paths } = (await app.request('GET', '/openapi.json')).body;
    const documented = Object.entries(paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const here = OPERATIONS.map(
      (op) =>
        `${op.method} ${op.path
          .split('?')[0]
          .replace('/DE', '/{country_code}')
          .replace('/categories/foodstuffs', '/categories/{id}')
          .replace(/dlv_x|key_x|val_x|mon_x|blk_x|we_x|dec_x/, '{id}')
          .replace('req_x', '{request_id}')
          .replace('bat_x', '{batch_id}')}`,
    );
    expect(here.sort()).toEqual(documented.sort());
  });

  it.each(OPERATIONS)('answers $method $path with an unknown query parameter 422 naming it', async (op) => {
    const res = await app.request(op.method, withQuery(op.path, 'company_name=Acme'), {
      key: op.testKey ? business.test : business.live,
      body: op.body,
    });
    expectError(res, 422, 'validation_error');
    expect(res.body.error.message).toBe(
      `query parameter: has an unknown member 'company_name' ${known(op.query)}.`,
    );
  });

  it.each(OPERATIONS.filter((op) => op.body !== undefined))(
    'answers $method $path with an unknown body member 422 naming it',
    async (op) => {
      const res = await app.request(op.method, op.path, {
        key: op.testKey ? business.test : business.live,
        body: { ...op.body, company_name: 'Acme' },
      });
      expectError(res, 422, 'validation_error');
      expect(res.body.error.message).toBe(
        `body: has an unknown member 'company_name' ${known(op.bodyMembers ?? [])}.`,
      );
    },
  );

  it('names a mistyped parameter of GET /v1/validate', async () => {
    const res = await app.request('GET', '/v1/validate?vat_number=DE123456704&requester_vat=DE136695976', {
      key: business.test,
    });
    expectError(res, 422, 'validation_error');
    expect(res.body.error.message).toContain("'requester_vat'");
  });

  it.each([
    ['/v1/validations?valid=maybe', 'query parameter valid: must be one of true, false.'],
    [
      '/v1/validations?channel=email',
      'query parameter channel: must be one of sync, batch, async, bulk, monitor.',
    ],
    ['/v1/validate?vat_number=DE123456704&cache=maybe', 'query parameter cache: must be one of true, false.'],
  ])('names the values a choice takes: %s', async (path, message) => {
    const res = await app.request('GET', path, { key: business.test });
    expectError(res, 422, 'validation_error');
    expect(res.body.error.message).toBe(message);
  });

  it('clips a long unknown name in the message', async () => {
    const name = 'x'.repeat(500);
    const res = await app.request('GET', `/v1/rates?${name}=1`, { key: business.test });
    expectError(res, 422, 'validation_error');
    expect(res.body.error.message).toBe(
      `query parameter: has an unknown member '${'x'.repeat(64)}…' (known: date).`,
    );
  });

  describe('the documented parameters and members still work', () => {
    it('GET /v1/validate takes vat_number, requester_vat_number and cache', async () => {
      const res = await app.request(
        'GET',
        '/v1/validate?vat_number=DE123456704&requester_vat_number=DE136695976&cache=false',
        { key: business.test },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.consultation_number).toBe('WAPITEST00000001');
    });

    it.each(['/v1/rates?date=2025-07-01', '/v1/rates/DE?date=2025-07-01'])('%s takes date', async (path) => {
      const res = await app.request('GET', path, { key: business.test });
      expect(res.status, res.text).toBe(200);
    });

    it('POST /v1/validate/batch takes vat_numbers, requester_vat_number and cache', async () => {
      const res = await app.request('POST', '/v1/validate/batch', {
        key: business.test,
        body: { vat_numbers: ['DE123456704'], requester_vat_number: 'DE136695976', cache: false },
      });
      expect(res.status, res.text).toBe(200);
    });

    it('the webhook and async operations take their documented members and parameters', async () => {
      const account = await app.account('business');
      const put = await app.request('PUT', '/v1/webhooks/config', {
        key: account.live,
        body: { url: receiver.url, enabled: true, rotate_secret: false },
      });
      expect(put.status, put.text).toBe(200);
      const test = await app.request('POST', '/v1/webhooks/test', { key: account.live, body: {} });
      expect(test.status, test.text).toBe(200);
      const replay = await app.request('POST', `/v1/webhooks/deliveries/${test.body.data.id}/replay`, {
        key: account.live,
        body: {},
      });
      expect(replay.status, replay.text).toBe(200);

      const first = await app.request('GET', '/v1/webhooks/deliveries?limit=1&status=delivered&event=test', {
        key: account.live,
      });
      expect(first.status, first.text).toBe(200);
      expect(first.body.meta.has_more).toBe(true);
      const cursor = encodeURIComponent(first.body.meta.next_cursor);
      const next = await app.request(
        'GET',
        `/v1/webhooks/deliveries?limit=1&status=delivered&event=test&cursor=${cursor}`,
        { key: account.live },
      );
      expect(next.status, next.text).toBe(200);
      expect(next.body.data).toHaveLength(1);

      const single = await app.request('POST', '/v1/validate/async', {
        key: account.live,
        body: { vat_number: 'DE123456704', requester_vat_number: 'DE136695976', cache: false },
      });
      expect(single.status, single.text).toBe(202);
      const batch = await app.request('POST', '/v1/validate/async/batch', {
        key: account.live,
        body: { vat_numbers: ['DE123456704'], requester_vat_number: 'DE136695976', cache: true },
      });
      expect(batch.status, batch.text).toBe(202);
    });
  });
});
