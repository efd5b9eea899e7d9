import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { recordMeta } from '../helpers/record-meta.js';
import {
  type AsyncStack,
  configureWebhook,
  EVENT_ID,
  ISO_MS,
  matching,
  startAsyncStack,
  UUID,
  usageOf,
  verified,
  waitForEvent,
} from './support.js';

/**
 * Happy paths: POST /v1/validate/async and /async/batch accepted (spec 2.5, decisions 6),
 * answered by signed `validation.completed` / `batch.completed` events (verified with the
 * `standardwebhooks` package) whose shapes are exactly those of decisions section 6, written to the
 * same cache and validation records as the synchronous path.
 */
describeEachDialect('async validation happy path', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('single: 202 acceptance, then a signed validation.completed with the exact shape', async () => {
    const { app, receiver, sim } = stack;
    const account = await app.account('business');
    const hook = await configureWebhook(app, account.live, `${receiver.url}/single`);
    const before = Date.now();

    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: ' nl 1234.567.82-b01 ' },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({
      data: {
        request_id: expect.stringMatching(UUID),
        status: 'pending',
        vat_number: 'NL123456782B01',
        reference: null,
      },
      meta: { request_id: expect.any(String), request_duration_ms: expect.any(Number) },
    });
    expect(Number.isInteger(res.body.meta.request_duration_ms)).toBe(true);
    expect(res.headers.get('x-request-id')).toBe(res.body.meta.request_id);
    // Async 202 responses carry the quota headers; usage is counted at acceptance.
    expect(res.headers.get('x-ratelimit-limit')).toBe('50000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('49999');
    expect(res.headers.get('x-ratelimit-reset')).toMatch(ISO_MS);
    expect(await usageOf(app, account.id)).toBe(1);

    const requestId = res.body.data.request_id;
    const { request } = await waitForEvent(receiver, (event) => event.data?.request_id === requestId);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hook/single');
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    const event = verified(hook.signing_secret, request);
    expect(request.headers['webhook-id']).toBe(event.id);
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    expect(Object.keys(event).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    expect(event).toEqual({
      id: expect.stringMatching(EVENT_ID),
      type: 'validation.completed',
      created_at: expect.stringMatching(ISO_MS),
      data: {
        valid: true,
        vat_number: 'NL123456782B01',
        country_code: 'NL',
        company: { name: expect.any(String), address: expect.any(String) },
        consultation_number: null,
        requested_at: expect.stringMatching(ISO_MS),
        match: null,
        request_id: requestId,
        validation_id: expect.stringMatching(/^val_/),
        reference: null,
        meta: { cached: false, source: 'vies', source_status: 'live' },
      },
    });
    expect(event.data.company.address).not.toMatch(/\n/);
    expect(sim.statsOf('vies').callsByNumber.NL123456782B01).toBe(1);

    // Same cache as the synchronous path: the next GET is served from the async answer.
    const sync = await app.request('GET', '/v1/validate?vat_number=NL123456782B01', { key: account.live });
    expect(sync.status, sync.text).toBe(200);
    expect(sync.body.meta).toMatchObject({
      cached: true,
      cached_at: event.data.requested_at,
      source: 'vies',
    });
    expect(sync.body.data.company).toEqual(event.data.company);
    expect(sim.statsOf('vies').callsByNumber.NL123456782B01).toBe(1);

    // Same validation records: one row for the async answer, keyed by its request id.
    const records = await app.database.db
      .selectFrom('validations')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('channel', '=', 'async')
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ request_id: requestId, vat_number: 'NL123456782B01', valid: 1 });

    // Exactly one delivery, delivered; one event.
    expect(matching(receiver, (e) => e.data?.request_id === requestId)).toHaveLength(1);
  });

  it('single with a requester on Business: the event carries the consultation number', async () => {
    const { app, receiver } = stack;
    const account = await app.account('business');
    const hook = await configureWebhook(app, account.live, `${receiver.url}/consultation`);
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'EL123456709', requester_vat_number: 'ATU12345675' },
    });
    expect(res.status, res.text).toBe(202);
    const { request } = await waitForEvent(receiver, (e) => e.data?.request_id === res.body.data.request_id);
    const event = verified(hook.signing_secret, request);
    expect(event.type).toBe('validation.completed');
    expect(event.data).toMatchObject({ valid: true, vat_number: 'EL123456709', country_code: 'EL' });
    expect(event.data.consultation_number).toEqual(expect.any(String));
    expect(event.data.consultation_number.length).toBeGreaterThan(0);
  });

  it('batch: acceptance counts, rejected items, one result per accepted position in input order', async () => {
    const { app, receiver, sim } = stack;
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, `${receiver.url}/batch`);
    const inputs = [
      'DE123456704',
      'XX1',
      'ATU12345675',
      'de 123.456.704', // duplicate of the first, written differently
      'DE123456705', // check digit fails: accepted, answered valid false locally
      'FR10123456717', // not registered
      'DE12',
      'DE123456704', // duplicate again
    ];
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: inputs },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({
      data: {
        batch_id: expect.stringMatching(UUID),
        status: 'pending',
        total: 8,
        accepted: 6,
        rejected: [
          { vat_number: 'XX1', error: { code: 'invalid_vat_format', message: expect.any(String) } },
          {
            vat_number: 'DE12',
            error: { code: 'invalid_vat_format', message: expect.stringContaining('9 digits') },
          },
        ],
        reference: null,
      },
      meta: { request_id: expect.any(String), request_duration_ms: expect.any(Number) },
    });
    // Usage: the unique accepted numbers (DE123456704, ATU12345675, DE123456705, FR10123456717).
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10000 - 4));
    expect(res.headers.get('x-ratelimit-reset')).toMatch(ISO_MS);
    expect(await usageOf(app, account.id)).toBe(4);

    const batchId = res.body.data.batch_id;
    const { request } = await waitForEvent(receiver, (e) => e.data?.batch_id === batchId);
    const event = verified(hook.signing_secret, request);
    expect(request.headers['webhook-id']).toBe(event.id);
    expect(event).toEqual({
      id: expect.stringMatching(EVENT_ID),
      type: 'batch.completed',
      created_at: expect.stringMatching(ISO_MS),
      data: { batch_id: batchId, results: expect.any(Array), summary: { total: 6, succeeded: 6, failed: 0 } },
    });
    const live = { cached: false, source: 'vies', source_status: 'live' };
    const answer = (vat: string, valid: boolean, company: 'named' | 'full' | null, meta = live) => ({
      data: {
        valid,
        vat_number: vat,
        country_code: vat.slice(0, 2),
        company:
          company === null
            ? null
            : { name: expect.any(String), address: company === 'full' ? expect.any(String) : null },
        consultation_number: null,
        requested_at: expect.stringMatching(ISO_MS),
        match: null,
      },
      meta: { ...meta, ...recordMeta() },
    });
    const { results } = event.data;
    expect(results).toHaveLength(6);
    expect(results).toEqual([
      answer('DE123456704', true, 'named'), // German answers withhold the address
      answer('ATU12345675', true, 'full'),
      answer('DE123456704', true, 'named'),
      answer('DE123456705', false, null, { cached: false, source: 'checksum', source_status: 'live' }),
      answer('FR10123456717', false, null),
      answer('DE123456704', true, 'named'),
    ]);
    // Every position of a duplicate gets the same answer; the number was asked once.
    expect(results[2]).toEqual(results[0]);
    expect(results[5]).toEqual(results[0]);
    const calls = sim.statsOf('vies').callsByNumber;
    expect(calls.DE123456704).toBe(1);
    expect(calls.ATU12345675).toBe(1);
    expect(calls.FR10123456717).toBe(1);
    expect(calls.DE123456705).toBeUndefined();

    // The same validation records as the synchronous batch: one per unique number.
    const records = await app.database.db
      .selectFrom('validations')
      .select(['vat_number', 'request_id', 'channel'])
      .where('account_id', '=', account.id)
      .execute();
    expect(records.map((r) => r.vat_number).sort()).toEqual([
      'ATU12345675',
      'DE123456704',
      'DE123456705',
      'FR10123456717',
    ]);
    expect(new Set(records.map((r) => `${r.request_id}/${r.channel}`))).toEqual(
      new Set([`${batchId}/async`]),
    );
    // Usage did not move after delivery: counted at acceptance only.
    expect(await usageOf(app, account.id)).toBe(4);
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);
  });

  it('batch items use the cache unless cache: false, like the synchronous batch', async () => {
    const { app, receiver, sim } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/cache`);
    // LU10059929 is fetched once, then served from cache, then fetched again with cache: false.
    const first = await app.request('GET', '/v1/validate?vat_number=LU10059929', { key: account.live });
    expect(first.status, first.text).toBe(200);
    const cached = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: ['LU10059929'] },
    });
    expect(cached.status, cached.text).toBe(202);
    const a = await waitForEvent(receiver, (e) => e.data?.batch_id === cached.body.data.batch_id);
    expect(a.event.data.results[0].meta).toEqual({
      cached: true,
      cached_at: first.body.data.requested_at,
      source: 'vies',
      source_status: 'cached',
      ...recordMeta(),
    });
    expect(a.event.data.results[0].data).not.toHaveProperty('consultation_number');
    expect(sim.statsOf('vies').callsByNumber.LU10059929).toBe(1);

    const fresh = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: ['LU10059929'], cache: false },
    });
    expect(fresh.status, fresh.text).toBe(202);
    const b = await waitForEvent(receiver, (e) => e.data?.batch_id === fresh.body.data.batch_id);
    expect(b.event.data.results[0].meta).toEqual({
      cached: false,
      source: 'vies',
      source_status: 'live',
      ...recordMeta(),
    });
    expect(sim.statsOf('vies').callsByNumber.LU10059929).toBe(2);
  });
});
