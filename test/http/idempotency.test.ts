import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/accounts/authenticator.js';
import { createAccount } from '../../src/accounts/keys.js';
import { systemClock } from '../../src/clock.js';
import { registerErrorHandling } from '../../src/http/plugins/error-handler.js';
import {
  IDEMPOTENCY_KEEP_MS,
  registerIdempotency,
  STALE_CLAIM_MS,
} from '../../src/http/plugins/idempotency.js';
import { openDatabase } from '../../src/store/database.js';
import { createStores } from '../../src/store/stores.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';
import { stillRunning, withAnswerRefused } from '../helpers/idempotency.js';
import {
  checksumFailures,
  expectError,
  OFFLINE_REGISTRIES,
  quotaOf,
  storedUsage,
  useQuota,
} from './support.js';

/**
 * Idempotent submissions (wave-2 K) on the sync batch, whose live answers here need no registry
 * (checksum failures are answered locally and charged): a retry with the same key is answered
 * from the first request without running or charging again; another body with the same key is
 * 422; a retry while the first runs waits, then gets 409; answers not kept (429) leave the key
 * free; keys expire after 24 h; two app instances on one database race on one key and run it once.
 */

/** A retry does not wait long for a first request that is still running. */
const WAIT_MS = 300;
const PRO_MONTHLY = 10_000;

describeEachDialect('Idempotency-Key', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {
      env: { ...OFFLINE_REGISTRIES, IDEMPOTENCY_WAIT_MS: String(WAIT_MS) },
    });
  });
  afterAll(() => app?.close());

  let serial = 0;
  /** A key not used before in this file. */
  const newKey = () => `key-${dialect.name}-${Date.now()}-${++serial}`;
  /** Distinct checksum failures per call: no two tests share numbers (or cache entries). */
  let offset = 0;
  const numbers = (count: number) => {
    offset += count;
    return checksumFailures(count, 300_000_000 + offset * 10);
  };
  const batch = (account: string, key: string | undefined, body: unknown) =>
    app.request('POST', '/v1/validate/batch', {
      key: account,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  function expectReplayOf(replay: TestResponse, first: TestResponse): void {
    expect(replay.status, replay.text).toBe(first.status);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
  }

  describe('a retry with the same key and body', () => {
    it('gets the first answer again, charged once, with its quota headers', async () => {
      const account = await app.account('pro');
      const key = newKey();
      const body = { vat_numbers: numbers(3) };
      const first = await batch(account.live, key, body);
      expect(first.status, first.text).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(first.body.data.summary).toEqual({ total: 3, succeeded: 3, failed: 0 });
      expect(await storedUsage(app, account.id)).toBe(3);

      const again = await batch(account.live, key, body);
      expectReplayOf(again, first);
      expect(quotaOf(again)).toEqual(quotaOf(first));
      expect(quotaOf(again).remaining).toBe(PRO_MONTHLY - 3);
      // Each request has its own id and burst headers; the body is the first answer's.
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(again.body.meta.request_id).toBe(first.body.meta.request_id);
      expect(Number(again.headers.get('x-burst-remaining'))).toBe(
        Number(first.headers.get('x-burst-remaining')) - 1,
      );
      expect(await storedUsage(app, account.id)).toBe(3);
      const records = await app.database.db
        .selectFrom('validations')
        .select('id')
        .where('account_id', '=', account.id)
        .execute();
      expect(records).toHaveLength(3);
    });

    it('is the same request when the JSON is written differently (member order, spacing)', async () => {
      const account = await app.account('pro');
      const key = newKey();
      const list = numbers(2);
      const first = await batch(account.live, key, `{"vat_numbers":${JSON.stringify(list)},"cache":true}`);
      expect(first.status, first.text).toBe(200);
      const again = await batch(
        account.live,
        key,
        `{ "cache": true,\n  "vat_numbers": ${JSON.stringify(list)} }`,
      );
      expectReplayOf(again, first);
      expect(await storedUsage(app, account.id)).toBe(2);
    });

    it('replays a kept 4xx (a malformed requester number) without running again', async () => {
      const account = await app.account('business');
      const key = newKey();
      const body = { vat_numbers: numbers(1), requester_vat_number: 'DE12' };
      const first = await batch(account.live, key, body);
      expectError(first, 422, 'invalid_vat_format');
      const again = await batch(account.live, key, body);
      expectReplayOf(again, first);
      expect(await storedUsage(app, account.id)).toBe(0);
    });

    it('does not mix accounts or key modes: each has its own keys', async () => {
      const one = await app.account('pro');
      const other = await app.account('pro');
      const key = newKey();
      const body = { vat_numbers: numbers(1) };
      const live = await batch(one.live, key, body);
      const test = await batch(one.test, key, { vat_numbers: ['DE123456704'] });
      const foreign = await batch(other.live, key, body);
      for (const res of [live, test, foreign]) {
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(test.body.meta.mode).toBe('test');
      expect(await storedUsage(app, one.id)).toBe(1);
      expect(await storedUsage(app, other.id)).toBe(1);
    });
  });

  describe('refused', () => {
    it('the same key with another body: 422 idempotency_key_reused, nothing run', async () => {
      const account = await app.account('pro');
      const key = newKey();
      const first = await batch(account.live, key, { vat_numbers: numbers(1) });
      expect(first.status, first.text).toBe(200);
      const other = await batch(account.live, key, { vat_numbers: numbers(1) });
      expectError(other, 422, 'idempotency_key_reused');
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(await storedUsage(app, account.id)).toBe(1);
    });

    it('a body nested deeper than a stack allows: 422 validation_error, not a 500, nothing run', async () => {
      const account = await app.account('pro');
      const deep = `{"vat_numbers":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const res = await batch(account.live, newKey(), deep);
      expectError(res, 422, 'validation_error');
      expect(await storedUsage(app, account.id)).toBe(0);
    });

    it('a malformed key: 422 validation_error, nothing run', async () => {
      const account = await app.account('pro');
      const body = { vat_numbers: numbers(1) };
      for (const bad of ['', ' ', 'has space', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
        const res = await batch(account.live, bad, body);
        expectError(res, 422, 'validation_error');
        expect(res.body.error.message).toMatch(/Idempotency-Key/);
      }
      expect(await storedUsage(app, account.id)).toBe(0);
      // 255 visible characters is the longest key.
      const longest = await batch(account.live, `${'~'.repeat(254)}!`, body);
      expect(longest.status, longest.text).toBe(200);
    });
  });

  describe('while the first request runs', () => {
    it('a retry waits for it and gets its answer', async () => {
      const account = await app.account('pro');
      const key = newKey();
      const body = { vat_numbers: numbers(1) };
      const first = await batch(account.live, key, body);
      const running = await stillRunning(app, key);
      const retry = batch(account.live, key, body);
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 3));
      await running.answer();
      expectReplayOf(await retry, first);
      expect(await storedUsage(app, account.id)).toBe(1);
    });

    it('a retry that waited long enough gets 409 conflict, nothing run', async () => {
      const account = await app.account('pro');
      const key = newKey();
      const body = { vat_numbers: numbers(1) };
      await batch(account.live, key, body);
      await stillRunning(app, key);
      const started = Date.now();
      const res = await batch(account.live, key, body);
      expectError(res, 409, 'conflict');
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
      expect(await storedUsage(app, account.id)).toBe(1);
    });

    it('a claim left by a process that died is taken over once it is stale', async () => {
      const account = await app.account('pro');
      const key = newKey();
      const body = { vat_numbers: numbers(1) };
      await batch(account.live, key, body);
      await stillRunning(app, key, STALE_CLAIM_MS + 1);
      const res = await batch(account.live, key, body);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      // It ran again: the first run's answer was lost with its process.
      expect(await storedUsage(app, account.id)).toBe(2);
      expectReplayOf(await batch(account.live, key, body), res);
    });
  });

  it('the charge and its stored answer commit together: when the answer cannot be stored, nothing is charged', async () => {
    const account = await app.account('pro');
    const key = newKey();
    const body = { vat_numbers: numbers(3) };
    const records = () =>
      app.database.db.selectFrom('validations').select('id').where('account_id', '=', account.id).execute();
    await withAnswerRefused(app, key, async () => {
      const refused = await batch(account.live, key, body);
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(500);
      expect(await storedUsage(app, account.id)).toBe(0);
      expect(await records()).toEqual([]);
      expect(
        await app.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute(),
      ).toEqual([]);
    });
    const charged = await batch(account.live, key, body);
    expect(charged.status, charged.text).toBe(200);
    expect(charged.headers.get('idempotent-replayed')).toBeNull();
    expect(quotaOf(charged).remaining).toBe(PRO_MONTHLY - 3);
    const again = await batch(account.live, key, body);
    expectReplayOf(again, charged);
    expect(quotaOf(again)).toEqual(quotaOf(charged));
    expect(await storedUsage(app, account.id)).toBe(3);
    expect(await records()).toHaveLength(3);
  });

  it("a test key's batch and its stored answer are kept together too", async () => {
    const account = await app.account('pro');
    const key = newKey();
    const body = { vat_numbers: ['DE123456704'] };
    await withAnswerRefused(app, key, async () => {
      const refused = await batch(account.test, key, body);
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(500);
    });
    const first = await batch(account.test, key, body);
    expect(first.status, first.text).toBe(200);
    expectReplayOf(await batch(account.test, key, body), first);
    const records = await app.database.db
      .selectFrom('validations')
      .select('id')
      .where('account_id', '=', account.id)
      .execute();
    expect(records.map((row) => row.id)).toEqual([first.body.data.results[0].meta.validation_id]);
  });

  it('an answer not kept (429, quota used up) leaves the key free for the retry', async () => {
    const account = await app.account('pro');
    const key = newKey();
    const body = { vat_numbers: numbers(2) };
    await useQuota(app, account.id, PRO_MONTHLY - 1);
    const refused = await batch(account.live, key, body);
    expectError(refused, 429, 'rate_limit_exceeded');
    expect(
      await app.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute(),
    ).toEqual([]);
    await app.database.db.deleteFrom('usage').where('account_id', '=', account.id).execute();
    const retried = await batch(account.live, key, body);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await storedUsage(app, account.id)).toBe(2);
  });

  it('a key is free again after 24 hours, and the hourly sweep deletes it', async () => {
    const account = await app.account('pro');
    const key = newKey();
    const first = await batch(account.live, key, { vat_numbers: numbers(1) });
    expect(first.status, first.text).toBe(200);
    app.clock.advance(IDEMPOTENCY_KEEP_MS);
    try {
      const other = await batch(account.live, key, { vat_numbers: numbers(1) });
      expect(other.status, other.text).toBe(200);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(await storedUsage(app, account.id)).toBe(2);
      // Its row is current again; an expired one of another key is swept.
      const stale = newKey();
      await app.database.db
        .insertInto('idempotency_keys')
        .values({
          account_id: account.id,
          mode: 'live',
          key: stale,
          request_hash: 'x',
          status: 200,
          headers: '{}',
          body: '{}',
          created_at: app.clock.now() - IDEMPOTENCY_KEEP_MS,
          expires_at: app.clock.now(),
        })
        .execute();
      expect(await app.stores.idempotency.deleteExpired(app.clock.now())).toBeGreaterThanOrEqual(1);
      const left = await app.database.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('account_id', '=', account.id)
        .execute();
      expect(left.map((row) => row.key)).toEqual([key]);
    } finally {
      app.clock.advance(-IDEMPOTENCY_KEEP_MS);
    }
  });

  it('two app instances on one database racing on one key: one runs, the others replay or get 409', async () => {
    const second = await startTestApp(dialect, {
      env: { ...OFFLINE_REGISTRIES, IDEMPOTENCY_WAIT_MS: '5000' },
      // Its own connection (pool) to the same database, as another instance would have.
      database: { database: openDatabase(app.databaseUrl, {}), url: app.databaseUrl },
    });
    try {
      const account = await app.account('business');
      const key = newKey();
      const body = { vat_numbers: numbers(20) };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? app : second)).map((instance) =>
          instance.request('POST', '/v1/validate/batch', {
            key: account.live,
            body,
            headers: { 'idempotency-key': key },
          }),
        ),
      );
      const ran = answers.filter((res) => res.status === 200 && !res.headers.get('idempotent-replayed'));
      expect(ran).toHaveLength(1);
      for (const res of answers) {
        if (res === ran[0]) continue;
        if (res.status === 409) expectError(res, 409, 'conflict');
        else expectReplayOf(res, ran[0]);
      }
      expect(await storedUsage(app, account.id)).toBe(20);
    } finally {
      await second.close();
      await second.database.close();
    }
  });
});

describe('Idempotency-Key in the OpenAPI document', () => {
  let app: TestApp;
  // biome-ignore lint/suspicious/noExplicitAny: the document is inspected freely
  let document: any;
  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
    document = (await app.request('GET', '/openapi.json')).body;
  });
  afterAll(() => app?.close());

  const OPTED_IN = [
    ['post', '/v1/validate/batch'],
    ['post', '/v1/validate/async'],
    ['post', '/v1/validate/async/batch'],
    ['put', '/v1/webhooks/config'],
    ['post', '/v1/webhooks/test'],
    ['post', '/v1/webhooks/deliveries/{id}/replay'],
    ['post', '/v1/bulk'],
    ['delete', '/v1/keys/{id}'],
    ['patch', '/v1/monitors/{id}'],
    ['delete', '/v1/monitors/{id}'],
    ['delete', '/v1/webhooks/config'],
    ['delete', '/v1/webhooks/endpoints/{id}'],
  ];

  it('is one shared header parameter, referenced by every operation that takes it', () => {
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
    for (const [method, path] of OPTED_IN) {
      const operation = document.paths[path][method];
      expect(operation.parameters, `${method} ${path}`).toContainEqual({
        $ref: '#/components/parameters/IdempotencyKey',
      });
      expect(operation['x-idempotent']).toBeUndefined();
      expect(Object.keys(operation.responses[200] ?? operation.responses[202]).length).toBeGreaterThan(0);
      const success = operation.responses[200] ?? operation.responses[202];
      expect(success.headers['Idempotent-Replayed']).toBeDefined();
      expect(operation.responses[409].content['application/json'].examples.conflict).toBeDefined();
      const unprocessable = operation.responses[422].content['application/json'].examples;
      expect(unprocessable.idempotency_key_reused).toBeDefined();
      expect(unprocessable.validation_error).toBeDefined();
      expect(operation.responses[422].description).toMatch(/idempotency_key_reused/);
    }
  });

  it('a bulk upload, claimed once its file is read, documents the replay on its 202 only', () => {
    const responses = document.paths['/v1/bulk'].post.responses;
    expect(responses[202].headers['Idempotent-Replayed']).toBeDefined();
    for (const status of ['403', '413', '415', '422', '429']) {
      expect(responses[status].headers['Idempotent-Replayed'], status).toBeUndefined();
    }
  });

  it('is not on operations that only read', () => {
    const text = JSON.stringify([
      document.paths['/v1/validate'].get,
      document.paths['/v1/webhooks/config'].get,
    ]);
    expect(text).not.toMatch(/IdempotencyKey|Idempotent-Replayed/);
  });
});

/**
 * The plugin on a route of its own, as a later endpoint would use it (the config flag and nothing
 * else): an answer that failed on our side (500) releases the key, so the retry runs; the answer
 * it then gives is replayed with its own status and headers (201, Location).
 */
describeEachDialect('a new route opting in with config.idempotent', (dialect) => {
  let db: TestDatabase;
  let fastify: FastifyInstance;
  let runs = 0;
  let failNext = false;
  let slowStarted: () => void = () => undefined;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const stores = createStores(db.database);
    const account = await createAccount(stores.accounts, 'Plugin', 'pro', Date.now());
    const principal: Principal = { keyId: 'key_1', accountId: account.id, tier: 'pro', mode: 'live' };
    fastify = Fastify();
    registerErrorHandling(fastify, 'http://localhost:3000/docs');
    await fastify.register(async (scope) => {
      scope.decorateRequest('principal', undefined as unknown as Principal);
      scope.addHook('onRequest', async (request) => {
        request.principal = principal;
      });
      registerIdempotency(scope, { store: stores.idempotency, clock: systemClock, waitMs: 2_000 });
      scope.post('/slow', { config: { idempotent: true } }, async () => {
        slowStarted();
        await new Promise((resolve) => setTimeout(resolve, 150));
        runs += 1;
        return { data: { run: runs } };
      });
      scope.post('/things', { config: { idempotent: true } }, async (_request, reply) => {
        runs += 1;
        if (failNext) {
          failNext = false;
          throw new Error('the thing store is away');
        }
        reply.code(201).header('location', `/things/${runs}`);
        return { data: { run: runs } };
      });
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await db?.drop();
  });

  const create = () =>
    fastify.inject({
      method: 'POST',
      url: '/things',
      headers: { 'idempotency-key': `thing-${dialect.name}` },
      payload: { name: 'one' },
    });

  it('a 500 releases the key; the retry runs, and its 201 is replayed with its Location', async () => {
    failNext = true;
    const failed = await create();
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.code).toBe('internal_error');
    expect(await db.database.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);

    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe('/things/2');
    expect(created.headers['idempotent-replayed']).toBeUndefined();

    const replayed = await create();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.headers.location).toBe('/things/2');
    expect(replayed.headers['content-type']).toBe(created.headers['content-type']);
    expect(replayed.body).toBe(created.body);
    expect(runs).toBe(2);
  });

  it('a client that lost the connection retries and gets the answer the first request went on to give', async () => {
    const base = await fastify.listen({ port: 0, host: '127.0.0.1' });
    const before = runs;
    const send = (signal?: AbortSignal) =>
      fetch(`${base}/slow`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `slow-${dialect.name}` },
        body: '{}',
        signal,
      });
    const abort = new AbortController();
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const lost = send(abort.signal).catch((error: unknown) => error);
    await started;
    abort.abort();
    expect(await lost).toBeInstanceOf(Error);
    // The retry arrives while the first still runs: it waits for it and gets its answer.
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual({ data: { run: before + 1 } });
    expect(runs).toBe(before + 1);
  });
});
