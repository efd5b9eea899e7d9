import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { TEMPORARY_DESCRIPTION } from '../../src/cli/temporary-endpoint.js';
import { runCli } from '../../src/cli.js';
import { generateSigningSecret, webhookHeaders } from '../../src/webhooks/sign.js';
import { asyncEnv } from '../async/support.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { type LocalApp, startLocalApp } from '../helpers/local-app.js';
import { freePort, startService, stopAllChildren, tail, until } from '../helpers/processes.js';
import { type CliChild, LISTENER_URL, listen, listenFails, secretOf, spawnCli } from './support.js';

/**
 * `vat-service webhooks listen` against the real app with a worker (system clock: the Standard
 * Webhooks library checks timestamps against the real time). It adds a temporary endpoint of the
 * key's mode for its session, prints what it receives, forwards it to a local app when asked and
 * removes the endpoint when it stops; the account's other endpoints are never touched. Run in
 * process through runCli (stopped through io.signal), and as real processes: the listener killed
 * outright, and listen with `trigger` both as children of the test, the local app verifying the
 * forwarded signature with the `standardwebhooks` package.
 */

// biome-ignore lint/suspicious/noExplicitAny: endpoints are inspected freely
type Endpoint = any;

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') out[name] = value;
  return out;
}

describeEachDialect('vat-service webhooks listen', (dialect) => {
  let sim: RegistrySimulator;
  let app: TestApp;
  let local: LocalApp;
  const children: CliChild[] = [];
  beforeAll(async () => {
    sim = await startSimulator();
    app = await startTestApp(dialect, {
      clock: 'system',
      worker: true,
      env: asyncEnv(sim, { WEBHOOK_ALLOW_LOCAL_HTTP: 'true' }),
    });
    local = await startLocalApp();
  });
  afterEach(() => {
    for (const { child } of children.splice(0)) child.kill('SIGKILL');
    local.respondWith(200, '{"ok":true}');
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await local?.close();
  });
  const endpoints = async (key: string): Promise<Endpoint[]> =>
    (await app.request('GET', '/v1/webhooks/endpoints', { key })).body.data;
  const trigger = (key: string, event: string) =>
    app.request('POST', '/v1/webhooks/trigger', { key, body: { event } });

  it('adds a temporary endpoint for its session, prints the test event as verified, and removes only that endpoint on stop', async () => {
    const account = await app.account('pro');
    const config = await app.request('PUT', '/v1/webhooks/config', {
      key: account.test,
      body: { url: `${local.url}?config` },
    });
    expect(config.status, config.text).toBe(200);
    const before = await endpoints(account.test);

    const listener = await listen(['--key', account.test, '--url', app.url]);
    let temporary: Endpoint;
    try {
      expect(listener.err[0]).toMatch(
        new RegExp(
          `^Listening on ${listener.url} for every event of this key's account in test mode: temporary endpoint we_\\w{20}, removed when this stops`,
        ),
      );
      const during = await endpoints(account.test);
      expect(during.slice(0, 1)).toEqual(before);
      temporary = during[1];
      expect(temporary).toMatchObject({
        url: listener.url,
        events: ['*'],
        enabled: true,
        description: TEMPORARY_DESCRIPTION,
      });
      const lease = Date.parse(temporary.expires_at) - Date.now();
      expect(lease).toBeGreaterThan(30_000);
      expect(lease).toBeLessThanOrEqual(60_000);
      expect(listener.err[1]).toBe(`Its signing secret: ${secretOf(listener.err)}`);

      const sent = await app.request('POST', '/v1/webhooks/test', { key: account.test });
      expect(sent.status, sent.text).toBe(200);
      const eventId: string = sent.body.data.event_id;
      const line = await until(() => listener.out.find((l) => l.includes(eventId)), 30_000, 'event printed');
      expect(line).toMatch(new RegExp(`^verified {2}test {2}${eventId} {2}\\{`));
      expect(JSON.parse(line.slice(line.indexOf('{')))).toMatchObject({ id: eventId, type: 'test' });
      // The configuration's endpoint got it too: the other endpoint keeps working meanwhile.
      expect(local.requests.some((r) => r.body.toString().includes(eventId))).toBe(true);
    } finally {
      expect(await listener.stop()).toBe(0);
    }
    expect(listener.err.at(-1)).toBe(
      `Stopped. The temporary endpoint ${temporary.id} was removed; other endpoints are untouched.`,
    );
    expect(await endpoints(account.test)).toEqual(before);
    expect((await app.request('GET', '/v1/webhooks/config', { key: account.test })).body.data).toEqual(
      config.body.data,
    );
  });

  it('with --mode live and --json: raw events on stdout, the test event and an async result; test mode untouched', async () => {
    const account = await app.account('pro');
    const listener = await listen(['--key', account.live, '--mode', 'live', '--url', app.url, '--json']);
    let endpointId: string;
    try {
      const start = JSON.parse(listener.err[0]);
      endpointId = start.endpoint_id;
      expect(start).toEqual({
        listening: listener.url,
        mode: 'live',
        service: app.url,
        endpoint_id: expect.stringMatching(/^we_\w{20}$/),
        events: ['*'],
        signing_secret: expect.stringMatching(/^whsec_/),
        forward_to: null,
        expires_at: expect.any(String),
      });
      const sent = await app.request('POST', '/v1/webhooks/test', { key: account.live });
      expect(sent.body.data).toMatchObject({ status: 'delivered', endpoint_id: endpointId });
      // Its endpoint subscribes to every kind, so asynchronous requests are accepted.
      const accepted = await app.request('POST', '/v1/validate/async', {
        key: account.live,
        body: { vat_number: 'DE123456704' },
      });
      expect(accepted.status, accepted.text).toBe(202);
      await until(() => listener.out.length >= 2, 30_000, 'two events printed');
      const events = listener.out.map((line) => JSON.parse(line));
      expect(events[0]).toMatchObject({ id: sent.body.data.event_id, type: 'test' });
      expect(events[1]).toMatchObject({
        type: 'validation.completed',
        data: { request_id: accepted.body.data.request_id, vat_number: 'DE123456704', valid: true },
      });
      expect(await endpoints(account.test)).toEqual([]);
    } finally {
      expect(await listener.stop()).toBe(0);
    }
    expect(JSON.parse(listener.err.at(-1)!)).toEqual({
      stopped: true,
      endpoint_id: endpointId,
      removed: true,
    });
    expect(await endpoints(account.live)).toEqual([]);
  });

  it('--events subscribes its endpoint to those kinds only', async () => {
    const account = await app.account('pro');
    const listener = await listen([
      '--key',
      account.test,
      '--url',
      app.url,
      '--events',
      'bulk.completed, test',
    ]);
    try {
      expect(listener.err[0]).toContain('for bulk.completed, test of this key');
      expect((await endpoints(account.test))[0].events).toEqual(['bulk.completed', 'test']);
      expect((await trigger(account.test, 'validation.failed')).status).toBe(400);
      const sample = await trigger(account.test, 'bulk.completed');
      expect(sample.status, sample.text).toBe(200);
      await until(
        () =>
          listener.out.find((l) => l.startsWith(`verified  bulk.completed  ${sample.body.data.event_id}`)),
        30_000,
        'sample printed',
      );
    } finally {
      await listener.stop();
    }
  });

  it('--forward-to: each verified event goes to the app byte for byte with its signature headers; the app’s status is printed and goes back to the service', async () => {
    const account = await app.account('business');
    const listener = await listen(['--key', account.test, '--url', app.url, '--forward-to', local.url]);
    try {
      const secret = secretOf(listener.err);
      expect(listener.err[2]).toBe(
        `Forwarding each event to ${local.url} with its signature headers: your app verifies them with that secret.`,
      );
      const seen = local.requests.length;
      const sample = await trigger(account.test, 'batch.completed');
      expect(sample.status, sample.text).toBe(200);
      const [delivery] = sample.body.data.deliveries;
      expect(delivery).toMatchObject({ status: 'delivered', last_status_code: 200 });
      const forwarded = local.requests.slice(seen);
      expect(forwarded).toHaveLength(1);
      const detail = (
        await app.request('GET', `/v1/webhooks/deliveries/${delivery.id}`, { key: account.test })
      ).body.data;
      expect(forwarded[0].body.equals(Buffer.from(detail.payload))).toBe(true);
      const headers = flat(forwarded[0].headers);
      for (const name of [
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'content-type',
        'user-agent',
      ])
        expect(headers[name], name).toBe(detail.request_headers[name]);
      const event = new Webhook(secret).verify(forwarded[0].body.toString('utf8'), headers) as { id: string };
      expect(event.id).toBe(sample.body.data.event_id);
      expect(detail.attempt_log[0].response_body).toBe('{"ok":true}');
      await until(
        () => listener.err.find((l) => l === `forwarded  ${event.id}  ${local.url}  200`),
        30_000,
        'forward printed',
      );

      // The app fails: the service sees its answer and will retry.
      local.respondWith(500, '{"error":"boom"}');
      const failing = await trigger(account.test, 'validation.failed');
      expect(failing.body.data.deliveries[0]).toMatchObject({ status: 'pending', last_status_code: 500 });
      const failed = (
        await app.request('GET', `/v1/webhooks/deliveries/${failing.body.data.deliveries[0].id}`, {
          key: account.test,
        })
      ).body.data;
      expect(failed.attempt_log[0]).toMatchObject({ status_code: 500, response_body: '{"error":"boom"}' });
      await until(() => listener.err.find((l) => l.endsWith(`${local.url}  500`)), 30_000, '500 printed');
    } finally {
      await listener.stop();
    }
  });

  it('--forward-to an app that is not running: answered 502, and said so', async () => {
    const account = await app.account('pro');
    const nowhere = `http://127.0.0.1:${await freePort()}/hook`;
    const listener = await listen([
      '--key',
      account.test,
      '--url',
      app.url,
      '--forward-to',
      nowhere,
      '--json',
    ]);
    try {
      const sample = await trigger(account.test, 'test');
      expect(sample.body.data.deliveries[0]).toMatchObject({ status: 'failed', last_status_code: 502 });
      const line = await until(() => listener.err.find((l) => l.includes('"forwarded"')), 30_000, 'forward');
      expect(JSON.parse(line)).toEqual({
        forwarded: sample.body.data.event_id,
        to: nowhere,
        error: 'ECONNREFUSED',
      });
    } finally {
      await listener.stop();
    }
  });

  it('renews its lease while it runs; an endpoint that expired meanwhile is replaced, its new secret printed', async () => {
    const account = await app.account('pro');
    const listener = await listen(['--key', account.test, '--url', app.url, '--lease', '30']);
    try {
      const [first] = await endpoints(account.test);
      // Renewed every 10 s (read from the table: polling the API would meet the burst limit).
      const expiresAt = async () =>
        (
          await app.database.db
            .selectFrom('webhook_endpoints')
            .select('expires_at')
            .where('id', '=', first.id)
            .executeTakeFirstOrThrow()
        ).expires_at!;
      await until(async () => (await expiresAt()) > Date.parse(first.expires_at), 30_000, 'lease renewed');
      // The service's clock moves past the lease, as after a laptop slept: the endpoint is gone.
      app.clock.advance(31_000);
      try {
        const line = await until(
          () => listener.err.find((l) => l.startsWith('The temporary endpoint expired')),
          30_000,
          'endpoint replaced',
        );
        const [replacement] = await endpoints(account.test);
        expect(replacement.id).not.toBe(first.id);
        expect(line).toContain(`a new one replaces it: ${replacement.id}, signing secret whsec_`);
        const sent = await app.request('POST', '/v1/webhooks/test', { key: account.test });
        expect(sent.body.data).toMatchObject({ status: 'delivered', endpoint_id: replacement.id });
        await until(() => listener.out.find((l) => l.includes(sent.body.data.event_id)), 30_000, 'verified');
      } finally {
        // The sweep, before the clock goes back: an expired endpoint stays removed.
        await app.stores.webhooks.deleteExpiredEndpoints(app.clock.now());
        app.clock.advance(-31_000);
      }
    } finally {
      await listener.stop();
    }
    expect(await endpoints(account.test)).toEqual([]);
  });

  it('killed outright, it leaves its endpoint until the lease ends; then the service ignores it and the sweep removes it', async () => {
    const account = await app.account('pro');
    const cli = spawnCli(['webhooks', 'listen', '--url', app.url, '--lease', '30'], {
      VAT_SERVICE_KEY: account.test,
    });
    children.push(cli);
    await until(() => cli.stderr().includes('Listening on'), 30_000, `listen ready:\n${tail(cli.stderr())}`);
    cli.child.kill('SIGKILL');
    await cli.exited;
    const [left] = await endpoints(account.test);
    expect(left).toMatchObject({
      description: TEMPORARY_DESCRIPTION,
      url: LISTENER_URL.exec(cli.stderr())![0],
    });

    app.clock.advance(31_000);
    try {
      expect(await endpoints(account.test)).toEqual([]);
      expect((await trigger(account.test, 'test')).body.error.code).toBe('webhook_not_configured');
      await app.stores.webhooks.deleteExpiredEndpoints(app.clock.now());
      const rows = await app.database.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('account_id', '=', account.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      app.clock.advance(-31_000);
    }
  });

  it('unknown --events kinds: exit 1 naming them, nothing left behind', async () => {
    const account = await app.account('pro');
    const result = await listenFails([
      '--key',
      account.test,
      '--url',
      app.url,
      '--events',
      'test,invoice.paid',
    ]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(
      'The service refused --events: events: unknown event kind "invoice.paid"; the kinds are validation.completed,',
    );
    expect(await endpoints(account.test)).toEqual([]);
  });

  it('a key mode with ten endpoints already: exit 1 with endpoint_limit_exceeded', async () => {
    const account = await app.account('pro');
    for (let index = 0; index < 10; index++) {
      await app.request('POST', '/v1/webhooks/endpoints', {
        key: account.test,
        body: { url: `${local.url}?n=${index}` },
      });
    }
    const result = await listenFails(['--key', account.test, '--url', app.url]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(
      /answered 409 endpoint_limit_exceeded: This key mode has 10 webhook endpoints/,
    );
    expect(await endpoints(account.test)).toHaveLength(10);
  });
});

describe('vat-service webhooks listen: deliveries it cannot verify', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp(
      { name: 'sqlite' },
      { clock: 'system', env: { WEBHOOK_ALLOW_LOCAL_HTTP: 'true' } },
    );
    account = await app.account('pro');
  });
  afterAll(() => app?.close());

  const body = '{"id":"evt_forged","type":"test","created_at":"2026-11-24T12:00:00.000Z","data":{}}';
  const now = () => Math.floor(Date.now() / 1000);

  it('prints a delivery signed with the secret of its endpoint, answering 200', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      const headers = webhookHeaders(secretOf(listener.err), 'evt_forged', now(), body);
      const response = await fetch(listener.url, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
      expect(listener.out).toEqual([`verified  test  evt_forged  ${body}`]);
    } finally {
      await listener.stop();
    }
  });

  it.each([
    [
      'signed with another secret',
      () => webhookHeaders(generateSigningSecret(), 'evt_forged', now(), body),
      'No matching signature found',
    ],
    [
      'signed with its secret ten minutes ago',
      (secret: string) => webhookHeaders(secret, 'evt_forged', now() - 600, body),
      'Message timestamp too old',
    ],
    [
      'signed over another body',
      (secret: string) =>
        webhookHeaders(secret, 'evt_forged', now(), body.replace('test', 'validation.completed')),
      'No matching signature found',
    ],
    ['without signature headers', () => ({ 'content-type': 'application/json' }), 'Missing required headers'],
  ])('answers 400 and says "signature not verified" when %s', async (_, headers, reason) => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      const response = await fetch(listener.url, {
        method: 'POST',
        headers: headers(secretOf(listener.err)),
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: `signature not verified: ${reason}` });
      const line = await until(() => listener.err.find((l) => l.startsWith('signature not verified')), 5_000);
      expect(line).toBe(
        `signature not verified: ${reason} (webhook-id ${reason.startsWith('Missing') ? 'missing' : 'evt_forged'}); answered 400`,
      );
      expect(listener.out).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it('answers 400 to a signed body that is not a JSON event, and forwards nothing it did not verify', async () => {
    const local = await startLocalApp();
    const listener = await listen(['--key', account.test, '--url', app.url, '--forward-to', local.url]);
    try {
      const text = 'not json';
      const headers = webhookHeaders(secretOf(listener.err), 'evt_text', now(), text);
      const response = await fetch(listener.url, { method: 'POST', headers, body: text });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'rejected: the signed body is not a JSON event' });
      const forged = webhookHeaders(generateSigningSecret(), 'evt_forged', now(), body);
      expect((await fetch(listener.url, { method: 'POST', headers: forged, body })).status).toBe(400);
      expect(listener.out).toEqual([]);
      expect(local.requests).toEqual([]);
    } finally {
      await listener.stop();
      await local.close();
    }
  });

  it('with --json reports the refusal as one JSON object on stderr, stdout keeping only events', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url, '--json']);
    try {
      const headers = webhookHeaders(generateSigningSecret(), 'evt_forged', now(), body);
      expect((await fetch(listener.url, { method: 'POST', headers, body })).status).toBe(400);
      const line = await until(() => listener.err.find((l) => l.includes('not verified')), 5_000);
      expect(JSON.parse(line)).toEqual({
        error: 'signature not verified: No matching signature found',
        webhook_id: 'evt_forged',
      });
      expect(listener.out).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it('answers 404 off its path and 405 to anything but POST', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      expect((await fetch(listener.url.replace('/webhooks', '/elsewhere'), { method: 'POST' })).status).toBe(
        404,
      );
      expect((await fetch(listener.url)).status).toBe(405);
    } finally {
      await listener.stop();
    }
  });
});

describe('vat-service webhooks listen: a service that refuses it (exit 1, a clear reason)', () => {
  let strict: TestApp;
  let account: TestAccount;
  let free: TestAccount;
  beforeAll(async () => {
    strict = await startTestApp({ name: 'sqlite' }, { clock: 'system' });
    account = await strict.account('pro');
    free = await strict.account('free');
  });
  afterAll(() => strict?.close());

  it('without WEBHOOK_ALLOW_LOCAL_HTTP: the 422, and the hint to start the service with it', async () => {
    const result = await listenFails(['--key', account.test, '--url', strict.url]);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    const text = result.err.join('\n');
    expect(text).toMatch(
      /The service refused the local URL http:\/\/127\.0\.0\.1:\d+\/webhooks: url: The webhook URL must use HTTPS/,
    );
    expect(text).toContain('Start the service with WEBHOOK_ALLOW_LOCAL_HTTP=true');
    // The local server is closed again, and no endpoint was left.
    const url = LISTENER_URL.exec(text)![0];
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    expect((await strict.request('GET', '/v1/webhooks/endpoints', { key: account.test })).body.data).toEqual(
      [],
    );
    const quiet = await listenFails(['--key', account.test, '--url', strict.url, '--json']);
    expect(quiet.code).toBe(1);
    expect(quiet.err).toHaveLength(1);
    expect(JSON.parse(quiet.err[0]).error).toContain('WEBHOOK_ALLOW_LOCAL_HTTP=true');
  });

  it('an unknown key: 401', async () => {
    const result = await listenFails(['--key', `svc_test_${'A'.repeat(32)}`, '--url', strict.url]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain('The service refused the key (401 unauthorized)');
  });

  it('a Free account: webhooks need Pro', async () => {
    const result = await listenFails(['--key', free.test, '--url', strict.url]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain('Webhooks need the pro tier or above');
  });

  it('no service at --url', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const result = await listenFails(['--key', account.test, '--url', nobody]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(
      `Could not reach the service at ${nobody} (ECONNREFUSED). Is it running? Start it with WEBHOOK_ALLOW_LOCAL_HTTP=true vat-service serve`,
    );
  });
});

describe('vat-service webhooks listen: bad arguments (its usage line, exit 2)', () => {
  const live = `svc_live_${'B'.repeat(32)}`;
  const test = `svc_test_${'C'.repeat(32)}`;
  const USAGE =
    'Usage: vat-service webhooks listen [--key KEY] [--url URL] [--port N] [--mode test|live] [--forward-to URL] [--events a,b] [--lease SECONDS] [--json]';

  it.each([
    [[], {}, '--key is required (or set VAT_SERVICE_KEY)'],
    [[], { VAT_SERVICE_KEY: '' }, '--key is required'],
    [['--key', 'sk_live_123'], {}, '--key is not a vat-service API key'],
    [['--key', live], {}, '--key is a live key: add --mode live'],
    [['--key', test, '--mode', 'live'], {}, '--mode live needs a live key'],
    [['--key', test, '--mode', 'prod'], {}, "--mode must be test or live; got 'prod'"],
    [['--key', test, '--url', 'localhost:3000'], {}, '--url must be an http:// or https:// URL'],
    [['--key', test, '--url', 'not a url'], {}, "--url must be the service's base URL"],
    [['--key', test, '--port', '70000'], {}, '--port must be 0-65535'],
    [['--key', test, '--port', '-1'], {}, "'--port"],
    [
      ['--key', test, '--forward-to', 'localhost:4242'],
      {},
      "--forward-to must be your app's http:// or https:// URL",
    ],
    [['--key', test, '--forward-to', 'not a url'], {}, "--forward-to must be your app's"],
    [['--key', test, '--events', ' , '], {}, '--events needs at least one event kind'],
    [['--key', test, '--lease', '10'], {}, "--lease must be 30-3600 seconds; got '10'"],
    [['--key', test, '--lease', 'soon'], {}, "--lease must be 30-3600 seconds; got 'soon'"],
    [['--key', test, 'extra'], {}, "Unexpected argument 'extra'"],
    [['--key', test, '--account', 'acc_x'], {}, "Unknown option '--account'"],
    [['--key'], {}, "'--key"],
  ])('%j %j', async (argv, env, message) => {
    const result = await listenFails(argv, env as Record<string, string>);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    const text = result.err.join('\n');
    expect(text).toContain(message);
    expect(text).toContain(USAGE);
    // The key is never echoed.
    expect(text).not.toContain('B'.repeat(32));
    const quiet = await listenFails([...argv, '--json'], env as Record<string, string>);
    expect(quiet.code).toBe(2);
    expect(quiet.err).toHaveLength(1);
    expect(JSON.parse(quiet.err[0]).error).toContain(message);
  });
});

describe('vat-service webhooks listen, trigger and serve as real processes', () => {
  let database: TestDatabase;
  let local: LocalApp;
  const children: CliChild[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ name: 'sqlite' });
    local = await startLocalApp();
  });
  afterAll(async () => {
    for (const { child } of children) child.kill('SIGKILL');
    await stopAllChildren();
    await local?.close();
    await database?.drop();
  });

  it('listen --forward-to and trigger: the app gets the sample with its signature, verified with standardwebhooks; SIGTERM removes the endpoint', async () => {
    const api = await startService('api', 'serve', {
      DATABASE_URL: database.url,
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
    });
    const warning = api.logLines().find((line) => line.level === 40);
    expect(warning?.msg).toMatch(/^WEBHOOK_ALLOW_LOCAL_HTTP=true: .*Development only/);

    // The account and key come from the CLI, as a developer would make them.
    const created: string[] = [];
    const capture = { out: (line: string) => created.push(line), err: (line: string) => created.push(line) };
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    expect(
      await runCli(['accounts', 'create', '--name', 'Listen', '--tier', 'pro', '--json'], env, capture),
    ).toBe(0);
    const accountId = JSON.parse(created[0]).id;
    expect(
      await runCli(['keys', 'create', '--account', accountId, '--mode', 'test', '--json'], env, capture),
    ).toBe(0);
    const key: string = JSON.parse(created[1]).key;

    const listener = spawnCli(['webhooks', 'listen', '--url', api.url, '--forward-to', local.url], {
      VAT_SERVICE_KEY: key,
    });
    children.push(listener);
    await until(
      () => listener.stderr().includes('Ctrl-C stops'),
      30_000,
      `listen ready:\n${tail(listener.stderr())}`,
    );
    const secret = secretOf([listener.stderr()]);

    const triggered = spawnCli(['webhooks', 'trigger', 'batch.completed', '--url', api.url], {
      VAT_SERVICE_KEY: key,
    });
    children.push(triggered);
    expect(await triggered.exited, triggered.stderr()).toBe(0);
    const output = triggered.stdout();
    const eventId = /\((evt_[0-9a-f]{32})\)/.exec(output)?.[1];
    expect(output).toMatch(
      /^Sent a sample batch\.completed \(evt_[0-9a-f]{32}\) to 1 endpoint:\n {2}we_\w{20} {2}http:\/\/127\.0\.0\.1:\d+\/webhooks {2}delivered {2}200\n$/,
    );

    expect(local.requests).toHaveLength(1);
    const [forwarded] = local.requests;
    const event = new Webhook(secret).verify(forwarded.body.toString('utf8'), flat(forwarded.headers)) as {
      id: string;
      type: string;
      data: { batch_id: string };
    };
    expect(event).toMatchObject({ id: eventId, type: 'batch.completed' });
    expect(forwarded.headers['webhook-id']).toBe(eventId);
    await until(() => listener.stdout().includes(`verified  batch.completed  ${eventId}`), 30_000, 'printed');
    await until(
      () => listener.stderr().includes(`forwarded  ${eventId}  ${local.url}  200`),
      30_000,
      'forward',
    );

    listener.child.kill('SIGTERM');
    expect(await listener.exited).toBe(0);
    expect(listener.stderr()).toMatch(/Stopped\. The temporary endpoint we_\w{20} was removed/);
    const left = await fetch(`${api.url}/v1/webhooks/endpoints`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await left.json()) as { data: unknown[] }).data).toEqual([]);
  }, 120_000);

  it('serve refuses to start with WEBHOOK_ALLOW_LOCAL_HTTP=true and NODE_ENV=production (exit 1, the reason)', async () => {
    const child = spawnCli(['serve'], {
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
      PORT: '0',
    });
    children.push(child);
    expect(await child.exited).toBe(1);
    expect(child.stderr()).toContain('WEBHOOK_ALLOW_LOCAL_HTTP=true is refused with NODE_ENV=production');
    expect(child.stderr()).toContain('plain HTTP');
  });
});
