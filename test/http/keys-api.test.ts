import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';

/**
 * Keys over the API (wave-2 G, rulings L13): listed without secrets, created with the key shown
 * once, revoked; the last live key stays (409), test keys manage nothing (403), a revoked key is
 * refused at once here and within a second by another instance, and last_used_at is written at
 * most once a minute per key.
 */

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KEY = /^svc_(live|test)_[0-9A-Za-z]{32}$/;

describeEachDialect('/v1/keys', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    // Many requests per test: the burst limit is not what these tests are about.
    app = await startTestApp(dialect, { env: { TIER_LIMITS: '{"pro":{"burst_per_minute":100000}}' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const keysOf = async (key: string) => {
    const res = await app.request('GET', '/v1/keys', { key });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Array<Record<string, unknown>>;
  };

  it('GET lists every key of the account with its prefix, never the key', async () => {
    const account = await app.account('pro');
    await app.account('pro'); // another account's keys stay out
    const res = await app.request('GET', '/v1/keys', { key: account.live });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toEqual({ request_id: expect.any(String) });
    expect(res.body.data).toHaveLength(2);
    const [live, test] = [account.live, account.test].map((key) =>
      res.body.data.find((row: { prefix: string }) => row.prefix === key.slice(0, 13)),
    );
    // last_used_at is written after the request that used the key: null or its time.
    const { last_used_at, ...rest } = live;
    expect(rest).toEqual({
      id: expect.stringMatching(/^key_/),
      name: null,
      prefix: account.live.slice(0, 13),
      mode: 'live',
      created_at: expect.stringMatching(ISO_MS),
      revoked_at: null,
    });
    expect(last_used_at === null || ISO_MS.test(last_used_at)).toBe(true);
    expect(test).toMatchObject({ mode: 'test', prefix: account.test.slice(0, 13), revoked_at: null });
    expect(res.text).not.toContain(account.live.slice(13));
    expect(res.text).not.toContain(account.test.slice(13));
    expect(res.text).not.toContain('hash');
  });

  it('POST creates a key shown once (201); it authenticates at once', async () => {
    const account = await app.account('pro');
    const res = await app.request('POST', '/v1/keys', {
      key: account.live,
      body: { mode: 'live', name: '  Checkout server  ' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'Checkout server',
      prefix: res.body.data.key.slice(0, 13),
      mode: 'live',
      created_at: expect.stringMatching(ISO_MS),
      last_used_at: null,
      revoked_at: null,
      key: expect.stringMatching(KEY),
    });
    expect(res.body.data.key.startsWith('svc_live_')).toBe(true);
    const listed = await keysOf(res.body.data.key);
    expect(listed).toHaveLength(3);
    const row = listed.find((key) => key.id === res.body.data.id)!;
    expect(row).not.toHaveProperty('key');
    expect(row.name).toBe('Checkout server');

    const test = await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'test' } });
    expect(test.status, test.text).toBe(201);
    expect(test.body.data).toMatchObject({ mode: 'test', name: null });
    expect(test.body.data.key.startsWith('svc_test_')).toBe(true);
    const validated = await app.request('GET', '/v1/validate?vat_number=DE123456704', {
      key: test.body.data.key,
    });
    expect(validated.status, validated.text).toBe(200);
  });

  it('POST with an Idempotency-Key creates one key: a retry shows the same key again', async () => {
    const account = await app.account('pro');
    const send = () =>
      app.request('POST', '/v1/keys', {
        key: account.live,
        body: { mode: 'live', name: 'billing' },
        headers: { 'idempotency-key': 'create-billing-key' },
      });
    const first = await send();
    const retry = await send();
    expect(first.status, first.text).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
    const listed = (await app.request('GET', '/v1/keys', { key: account.live })).body.data;
    expect(listed.filter((key: { name: string | null }) => key.name === 'billing')).toHaveLength(1);
  });

  it('bad bodies: 422 validation_error (invalid_json, unsupported_media_type as catalogued)', async () => {
    const account = await app.account('pro');
    const bodies: unknown[] = [
      {},
      { mode: 'admin' },
      { mode: 'LIVE' },
      { mode: 1 },
      { mode: 'live', name: '' },
      { mode: 'live', name: '    ' },
      { mode: 'live', name: 'bell\u0007' },
      { mode: 'live', name: 'line\nbreak' },
      { mode: 'live', name: 'x'.repeat(101) },
      { mode: 'live', name: 42 },
      { mode: 'live', key: 'svc_live_chosen' },
      [],
      'null',
    ];
    for (const body of bodies) {
      const res = await app.request('POST', '/v1/keys', { key: account.live, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
    }
    const notJson = await app.request('POST', '/v1/keys', { key: account.live, body: '{"mode":' });
    expect(notJson.body.error.code).toBe('invalid_json');
    const text = await app.request('POST', '/v1/keys', {
      key: account.live,
      body: 'mode=live',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.body.error.code).toBe('unsupported_media_type');
    const query = await app.request('GET', '/v1/keys?all=true', { key: account.live });
    expect(query.status).toBe(422);
    expect(await keysOf(account.live)).toHaveLength(2);
  });

  it('test keys: 403 forbidden on every key route; no key: 401', async () => {
    const account = await app.account('pro');
    const [liveRow] = (await keysOf(account.live)).filter((key) => key.mode === 'live');
    for (const [method, path, body] of [
      ['GET', '/v1/keys', undefined],
      ['POST', '/v1/keys', { mode: 'live' }],
      ['POST', '/v1/keys', { mode: 'nonsense' }],
      ['DELETE', `/v1/keys/${liveRow.id}`, undefined],
    ] as const) {
      const res = await app.request(method, path, { key: account.test, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.message).toMatch(/live key/);
      expect((await app.request(method, path, { body })).status).toBe(401);
    }
    expect(await keysOf(account.live)).toHaveLength(2);
  });

  it('DELETE revokes: refused at once, answered as it is when repeated; foreign and unknown ids 404', async () => {
    const account = await app.account('pro');
    const other = await app.account('pro');
    const created = (await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'live' } }))
      .body.data;
    expect((await app.request('GET', '/v1/keys', { key: created.key })).status).toBe(200);

    const res = await app.request('DELETE', `/v1/keys/${created.id}`, { key: account.live });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, revoked_at: expect.stringMatching(ISO_MS) });
    expect(res.body.data).not.toHaveProperty('key');
    const refused = await app.request('GET', '/v1/keys', { key: created.key });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');

    const again = await app.request('DELETE', `/v1/keys/${created.id}`, { key: account.live });
    expect(again.status).toBe(200);
    expect(again.body.data.revoked_at).toBe(res.body.data.revoked_at);

    const otherKeys = await keysOf(other.live);
    for (const id of [otherKeys[0].id, otherKeys[1].id, 'key_doesnotexist', 'nope']) {
      const missing = await app.request('DELETE', `/v1/keys/${id}`, { key: account.live });
      expect(missing.status, String(id)).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
    }
    expect((await keysOf(other.live)).every((key) => key.revoked_at === null)).toBe(true);
    expect((await app.request('DELETE', `/v1/keys/${'k'.repeat(101)}`, { key: account.live })).status).toBe(
      422,
    );
  });

  it('the last live key cannot be revoked (409 conflict); test keys can be', async () => {
    const account = await app.account('pro');
    const keys = await keysOf(account.live);
    const live = keys.find((key) => key.mode === 'live')!;
    const test = keys.find((key) => key.mode === 'test')!;
    const res = await app.request('DELETE', `/v1/keys/${live.id}`, { key: account.live });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect((await app.request('GET', '/v1/keys', { key: account.live })).status).toBe(200);
    expect((await app.request('DELETE', `/v1/keys/${test.id}`, { key: account.live })).status).toBe(200);

    // With a second live key, the first can go (even the one making the request).
    const second = (await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'live' } })).body
      .data;
    expect((await app.request('DELETE', `/v1/keys/${live.id}`, { key: account.live })).status).toBe(200);
    expect((await app.request('GET', '/v1/keys', { key: account.live })).status).toBe(401);
    const last = await app.request('DELETE', `/v1/keys/${second.id}`, { key: second.key });
    expect(last.status).toBe(409);
  });

  it('two revocations racing for the last two live keys: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const account = await app.account('pro');
      const second = (await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'live' } }))
        .body.data;
      const first = (await keysOf(account.live)).find((key) => key.prefix === account.live.slice(0, 13))!;
      const results = await Promise.all([
        app.request('DELETE', `/v1/keys/${first.id}`, { key: account.live }),
        app.request('DELETE', `/v1/keys/${second.id}`, { key: second.key }),
      ]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      const row = await app.database.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', account.id)
        .where('mode', '=', 'live')
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(1);
    }
  });

  it('at most 100 unrevoked keys per account: 409 conflict beyond', async () => {
    const account = await app.account('pro');
    for (let index = 0; index < 98; index++) {
      const res = await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'test' } });
      expect(res.status, res.text).toBe(201);
    }
    const over = await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'live' } });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('conflict');
  });

  it('another instance refuses a revoked key within a second', async () => {
    const account = await app.account('pro');
    // A clock of its own: the authenticator reads a key it knows again after a second of it.
    const clock = new ManualClock(app.clock.now());
    const other = await startTestApp(dialect, {
      clock,
      database: { database: app.database, url: app.databaseUrl },
    });
    try {
      const created = (await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'live' } }))
        .body.data;
      expect((await other.request('GET', '/v1/keys', { key: created.key })).status).toBe(200);
      expect((await app.request('DELETE', `/v1/keys/${created.id}`, { key: account.live })).status).toBe(200);
      clock.advance(1_000);
      expect((await other.request('GET', '/v1/keys', { key: created.key })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('last_used_at: set by a request, written at most once a minute', async () => {
    const account = await app.account('pro');
    const created = (await app.request('POST', '/v1/keys', { key: account.live, body: { mode: 'live' } }))
      .body.data;
    const lastUsed = async () => {
      const row = await app.database.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      return row.last_used_at === null ? null : Number(row.last_used_at);
    };
    expect(await lastUsed()).toBeNull();
    const first = app.clock.now();
    await app.request('GET', '/v1/rates?country=DE', { key: created.key });
    await until(async () => (await lastUsed()) === first);

    app.clock.advance(30_000);
    await app.request('GET', '/v1/rates?country=DE', { key: created.key });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUsed()).toBe(first);

    app.clock.advance(31_000);
    const second = app.clock.now();
    await app.request('GET', '/v1/rates?country=DE', { key: created.key });
    await until(async () => (await lastUsed()) === second);
    const listed = (await keysOf(account.live)).find((key) => key.id === created.id)!;
    expect(listed.last_used_at).toBe(new Date(second).toISOString());
  });
});
