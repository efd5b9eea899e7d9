import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import { accountsOf, unissuedKey } from '../helpers/accounts.js';
import { createTestDatabase, POSTGRES_URL, REDIS_URL, type TestDatabase } from '../helpers/dialects.js';
import { type RequestOptions, send, type TestResponse } from '../helpers/harness.js';
import { germanNumbers } from '../helpers/numbers.js';
import { type ServiceChild, startService, stopAllChildren, tail, until } from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

/**
 * request logs never contain an API key or a webhook secret. A `serve` process
 * (ACCESS_LOG=true, LOG_LEVEL=debug, its own worker) is sent keys every way a client might send
 * them, configures a webhook, delivers events (also to a failing receiver), meets 4xx answers and
 * a registry failure; then its whole captured output is searched for every key and secret.
 * Runs on PostgreSQL and Redis when both are set, on SQLite and the in-memory limiter otherwise.
 */

const onServers = Boolean(POSTGRES_URL && REDIS_URL);
const KEY_SHAPE = /svc_(live|test)_[0-9A-Za-z]{32}/;

describe(`request logs hold no API key or webhook secret [${onServers ? 'postgres+redis' : 'sqlite+memory'}]`, () => {
  let database: TestDatabase;
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let api: ServiceChild;
  /** Every answer we got, in order, with what we sent. */
  const sent: Array<{ method: string; path: string; response: TestResponse }> = [];
  /** Everything that must never reach the log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase({ name: onServers ? 'postgres' : 'sqlite' }, { poolSize: 2 });
    sim = await startSimulator();
    receiver = await startReceiver();
    secrets.add('simulator-client-secret'); // HMRC OAuth client secret: configuration, not for logs either
    api = await startService('api', 'serve', {
      ...sim.env(),
      DATABASE_URL: database.url,
      ...(onServers ? { REDIS_URL: REDIS_URL! } : {}),
      ACCESS_LOG: 'true',
      LOG_LEVEL: 'debug',
      WORKER: 'true',
      WORKER_POLL_MS: '50',
      WEBHOOK_ALLOWED_HOSTS: 'localhost',
      WEBHOOK_RETRY_DELAYS_MS: '50,100',
      ASYNC_RETRY_DELAYS_MS: '50,100',
      CIRCUIT_FAILURE_THRESHOLD: '100000',
      REGISTRY_TIMEOUT_MS: '3000',
      PUBLIC_URL: 'http://localhost:3000',
      TIER_LIMITS: JSON.stringify({
        business: { burst_per_minute: 100_000 },
        free: { burst_per_minute: 100_000 },
      }),
    });
  }, 120_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail')
      console.error(`--- api output ---\n${tail(api?.output ?? '')}`);
  });

  afterAll(async () => {
    await stopAllChildren();
    await receiver?.close();
    await sim?.close();
    await database?.drop();
  });

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const response = await send(api.url, method, path, options);
    sent.push({ method, path, response });
    return response;
  }

  async function keyFor(tier: 'business' | 'free', mode: 'live' | 'test' = 'live') {
    const now = Date.now();
    const account = await createAccount(accountsOf(database.database), `Logs ${tier}`, tier, now);
    const key = await createKey(accountsOf(database.database), account.id, mode, now);
    secrets.add(key.key);
    return { accountId: account.id, keyId: key.id, key: key.key };
  }

  it('makes requests with keys everywhere, webhooks, deliveries and failures; none of it is logged', async () => {
    const live = await keyFor('business');
    const testKey = (await keyFor('business', 'test')).key;
    const free = (await keyFor('free')).key;
    const revoked = await keyFor('business');
    await accountsOf(database.database).revokeKey(revoked.keyId, Date.now());
    const unissued = unissuedKey('live');
    const unissuedTest = unissuedKey('test');
    const lastCharChanged = `${live.key.slice(0, -1)}${live.key.endsWith('a') ? 'b' : 'a'}`;
    for (const key of [unissued, unissuedTest, lastCharChanged]) secrets.add(key);
    const expectStatus = (response: TestResponse, status: number) =>
      expect(response.status, `${response.status} ${response.text}`).toBe(status);

    // Valid keys, both modes, live answers from the registry and from the cache.
    expectStatus(await request('GET', '/v1/validate?vat_number=ATU12345675', { key: live.key }), 200);
    expectStatus(await request('GET', '/v1/validate?vat_number=ATU12345675', { key: live.key }), 200);
    expectStatus(await request('GET', '/v1/validate?vat_number=GB123456727', { key: live.key }), 200);
    expectStatus(await request('GET', '/v1/validate?vat_number=DE123456704', { key: testKey }), 200);
    expectStatus(await request('GET', '/v1/rates/DE', { key: live.key }), 200);

    // Invalid, revoked, altered, other-mode and malformed keys.
    for (const key of [
      unissued,
      unissuedTest,
      revoked.key,
      lastCharChanged,
      `${live.key}x`,
      live.key.slice(0, -1),
    ]) {
      expectStatus(await request('GET', '/v1/validate?vat_number=DE123456704', { key }), 401);
    }
    // Keys where no key belongs: the query string, bogus headers, other schemes, the path, a body.
    expectStatus(await request('GET', `/v1/validate?vat_number=DE123456704&api_key=${live.key}`), 401);
    expectStatus(await request('GET', `/v1/validate?api_key=${unissued}&vat_number=DE123456704`), 401);
    const inQueryWithHeader = await request(
      'GET',
      `/v1/validate?vat_number=DE123456704&api_key=${live.key}`,
      {
        key: live.key,
      },
    );
    expect(inQueryWithHeader.status).toBeLessThan(500);
    expectStatus(
      await request('GET', '/v1/validate?vat_number=DE123456704', { headers: { 'x-api-key': live.key } }),
      401,
    );
    expectStatus(
      await request('GET', '/v1/validate?vat_number=DE123456704', {
        headers: { authorization: `Basic ${Buffer.from(`${live.key}:`).toString('base64')}` },
      }),
      401,
    );
    expectStatus(
      await request('GET', '/v1/validate?vat_number=DE123456704', { headers: { authorization: live.key } }),
      401,
    );
    expectStatus(
      await request('GET', '/v1/validate?vat_number=DE123456704', {
        headers: { authorization: `Bearer ${live.key} ${unissued}` },
      }),
      401,
    );
    expectStatus(
      await request('GET', '/v1/validate?vat_number=DE123456704', {
        headers: { authorization: `Token ${unissued}`, cookie: `session=${live.key}` },
      }),
      401,
    );
    expectStatus(await request('GET', `/v1/keys/${live.key}`, { key: live.key }), 404);
    // The request id is the client's X-Request-Id, logged on every line: a key sent there is censored.
    const keyAsId = await request('GET', '/v1/validate?vat_number=DE123456704', {
      headers: { 'x-request-id': live.key },
    });
    expectStatus(keyAsId, 401);
    expect(keyAsId.headers.get('x-request-id')).toBe(live.key);
    expectStatus(
      await request('GET', '/v1/validate?vat_number=DE123456704', {
        key: live.key,
        headers: { 'x-request-id': `trace-${unissued}` },
      }),
      200,
    );
    expectStatus(await request('GET', `/${unissued}?key=${live.key}`), 404);
    const inBody = await request('POST', '/v1/validate/batch', {
      key: live.key,
      body: { vat_numbers: [live.key, 'DE123456704'], requester_vat_number: unissued },
    });
    expect(inBody.status).toBeGreaterThanOrEqual(400);
    expect(inBody.status).toBeLessThan(500);
    expectStatus(
      await request('POST', '/v1/validate/batch', { key: live.key, body: `{"vat_numbers":["${live.key}"` }),
      400,
    );
    // 4xx of other kinds: tier, test key on a live-only endpoint, missing parameter, bad number.
    expectStatus(
      await request('POST', '/v1/validate/batch', { key: free, body: { vat_numbers: ['DE123456704'] } }),
      403,
    );
    expectStatus(
      await request('POST', '/v1/validate/async', { key: testKey, body: { vat_number: 'DE123456704' } }),
      403,
    );
    expectStatus(await request('GET', '/v1/validate', { key: live.key }), 400);
    expectStatus(await request('GET', '/v1/validate?vat_number=DE12', { key: live.key }), 422);

    // Webhooks: the secret comes back in the answer, is rotated, and signs every delivery.
    const put = await request('PUT', '/v1/webhooks/config', { key: live.key, body: { url: receiver.url } });
    expectStatus(put, 200);
    secrets.add(put.body.data.signing_secret);
    expectStatus(await request('GET', '/v1/webhooks/config', { key: live.key }), 200);
    expectStatus(
      await request('POST', '/v1/validate/async', {
        key: live.key,
        body: { vat_number: live.key, api_key: live.key },
      }),
      422,
    );
    expectStatus(await request('POST', '/v1/webhooks/test', { key: live.key }), 200);
    const rotated = await request('PUT', '/v1/webhooks/config', {
      key: live.key,
      body: { url: receiver.url, rotate_secret: true },
    });
    expectStatus(rotated, 200);
    secrets.add(rotated.body.data.signing_secret);
    expect(rotated.body.data.signing_secret).not.toBe(put.body.data.signing_secret);
    const bad = await request('PUT', '/v1/webhooks/config', {
      key: live.key,
      body: { url: `http://localhost/hook?secret=${rotated.body.data.signing_secret}` },
    });
    expectStatus(bad, 422);
    expectStatus(
      await request('POST', '/v1/validate/async', {
        key: live.key,
        body: { vat_number: germanNumbers(1, 'valid')[0] },
      }),
      202,
    );
    await receiver.waitFor((requests) => requests.length >= 2, 10_000);
    // A receiver failing every attempt: the delivery is retried, then failed.
    receiver.respondWith({ status: 500, body: `{"error":"no ${live.key}"}` });
    const failing = await request('POST', '/v1/webhooks/test', { key: live.key });
    expectStatus(failing, 200);
    const deliveryId: string = failing.body.data.id;
    await until(
      async () => {
        const row = await database.database.db
          .selectFrom('deliveries')
          .select('status')
          .where('id', '=', deliveryId)
          .executeTakeFirst();
        return row?.status === 'failed';
      },
      30_000,
      'failing delivery given up',
    );
    receiver.respondWith({});
    expectStatus(await request('GET', '/v1/webhooks/deliveries?limit=5', { key: live.key }), 200);

    // A registry failure (503) and the registry coming back.
    sim.setBehaviour('vies', { mode: 'down' });
    const down = await request('GET', `/v1/validate?vat_number=${germanNumbers(1, 'valid')[0]}`, {
      key: live.key,
    });
    expectStatus(down, 503);
    sim.setBehaviour('vies', { mode: 'reset' });
    expectStatus(
      await request('GET', `/v1/validate?vat_number=${germanNumbers(1, 'valid')[0]}`, { key: live.key }),
      503,
    );
    sim.setBehaviour('vies', { mode: 'up' });
    expectStatus(await request('GET', '/v1/validate?vat_number=DK10503280', { key: live.key }), 200);

    // No 500 anywhere; the only 5xx are the registry failures' documented 503s.
    for (const { response } of sent) {
      if (response.status >= 500)
        expect(response.body?.error?.code, response.text).toBe('upstream_unavailable');
    }
    // The access log line of the last request is written after its answer: wait for all of them.
    await until(
      () => api.logLines().filter((line) => line.msg === 'request').length >= sent.length,
      30_000,
      'one access log line per request',
    );

    const output = api.output;
    expect(output.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(output.includes(secret), `log contains ${secret.slice(0, 13)}…`).toBe(false);
      // The secret parts alone, without their prefix.
      const body = secret.replace(/^svc_(live|test)_|^whsec_/, '');
      expect(output.includes(body), `log contains the secret part of ${secret.slice(0, 13)}…`).toBe(false);
    }
    expect(output).not.toMatch(KEY_SHAPE);
    expect(output).not.toContain('whsec_');
    // Not even the key hashes (a hash identifies the key).
    expect(output).not.toMatch(/[0-9a-f]{64}/);
  });

  it('writes one access log line per request, with method, route, status and time', async () => {
    await until(
      () => api.logLines().filter((line) => line.msg === 'request').length >= sent.length,
      30_000,
      'one access log line per request',
    );
    const lines = api.logLines().filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(sent.length);
    const byId = new Map(lines.map((line) => [line.req_id, line]));
    expect(byId.size).toBe(lines.length);
    for (const { method, path, response } of sent) {
      // A key-shaped X-Request-Id is echoed to its sender but logged censored.
      const id = response.headers.get('x-request-id')?.replace(new RegExp(KEY_SHAPE, 'g'), '[redacted]');
      const line = byId.get(id);
      expect(line, `${method} ${path}`).toBeDefined();
      expect(line).toMatchObject({ method, status: response.status, level: 30 });
      expect(typeof line!.route).toBe('string');
      expect(String(line!.route)).not.toContain('?');
      expect(String(line!.route)).not.toMatch(KEY_SHAPE);
      expect(typeof line!.ms).toBe('number');
      expect(line!.ms).toBeGreaterThanOrEqual(0);
      expect(typeof line!.time).toBe('number');
    }
    const routes = new Set(lines.map((line) => `${line.method} ${line.route} ${line.status}`));
    expect(routes).toContain('GET /v1/validate 200');
    expect(routes).toContain('GET /v1/validate 401');
    expect(routes).toContain('GET /v1/validate 503');
    expect(routes).toContain('PUT /v1/webhooks/config 200');
    // Unknown paths (which may carry anything) are logged under one name, never as sent.
    expect(routes).toContain('GET not_found 404');
    expect(byId.get('[redacted]')).toMatchObject({ route: '/v1/validate', status: 401 });
    expect(byId.get('trace-[redacted]')).toMatchObject({ route: '/v1/validate', status: 200 });
  });
});
