import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import {
  type AsyncStack,
  asyncEnv,
  configureWebhook,
  startAsyncStack,
  until,
  WEBHOOK_RETRY_DELAYS,
  waitForDelivery,
} from './support.js';

/**
 * Decisions section 6: webhook targets must be HTTPS and must not resolve to loopback, private,
 * link-local, multicast or reserved addresses; refused at configuration (422 validation_error) and
 * again at delivery, because DNS (or the operator's allowlist) can change in between.
 *
 * Two apps on one database: `allowed` runs with WEBHOOK_ALLOWED_HOSTS=localhost and no worker (it
 * only configures), `guarded` runs without the allowlist and with the worker, so every delivery is
 * made by a process that must refuse the receiver on localhost.
 */
describeEachDialect('webhook target guard (SSRF)', (dialect) => {
  let stack: AsyncStack;
  let guarded: TestApp;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, { worker: false });
    guarded = await startTestApp(dialect, {
      clock: 'system',
      worker: true,
      database: { database: stack.app.database, url: stack.app.databaseUrl },
      env: asyncEnv(stack.sim, { WEBHOOK_ALLOWED_HOSTS: '' }),
    });
  });
  afterAll(async () => {
    await guarded?.close();
    await stack?.close();
  });

  const refused = [
    ['https://127.0.0.1/hook', /loopback/],
    ['https://10.0.0.1/hook', /private/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://[::1]/hook', /loopback/],
    ['https://192.168.1.20:8443/hook', /private/],
    ['https://[fe80::1]/hook', /link-local/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://0.0.0.0/hook', /unspecified/],
    ['https://224.0.0.1/hook', /multicast/],
    ['http://hooks.example.com/hook', /HTTPS/],
    ['ftp://hooks.example.com/hook', /HTTPS/],
    ['https://user:secret@hooks.example.com/hook', /user name or password/],
  ] as const;

  it('refused at configuration: private, loopback, link-local, IPv6 loopback, plain HTTP → 422', async () => {
    const account = await guarded.account('pro');
    for (const [url, reason] of refused) {
      for (const app of [guarded, stack.app]) {
        const res = await app.request('PUT', '/v1/webhooks/config', { key: account.live, body: { url } });
        expect(res.status, `${url} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.message, url).toMatch(reason);
      }
    }
    expect((await guarded.request('GET', '/v1/webhooks/config', { key: account.live })).status).toBe(404);
  });

  it('refused at configuration: a host name that resolves to loopback (localhost, not allowlisted)', async () => {
    const account = await guarded.account('pro');
    const res = await guarded.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: stack.receiver.url },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message).toMatch(
      /localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/,
    );
    expect((await guarded.request('GET', '/v1/webhooks/config', { key: account.live })).status).toBe(404);
    // The same URL is accepted where the operator allowlisted localhost.
    await configureWebhook(stack.app, account.live, stack.receiver.url);
  });

  it('refused at delivery: a test event to a target that is no longer allowed reaches nobody', async () => {
    const account = await stack.app.account('pro');
    await configureWebhook(stack.app, account.live, `${stack.receiver.url}/test-event`);
    const before = stack.receiver.requests.length;
    const res = await guarded.request('POST', '/v1/webhooks/test', { key: account.live });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    const detail = await guarded.request('GET', `/v1/webhooks/deliveries/${res.body.data.id}`, {
      key: account.live,
    });
    expect(detail.body.data.attempt_log).toEqual([
      expect.objectContaining({
        status_code: null,
        response_body: null,
        error: expect.stringMatching(/localhost resolves to .*loopback address/),
      }),
    ]);
    expect(stack.receiver.requests.length).toBe(before);
  });

  it('refused at delivery: an async answer is never posted to it, every retry logged as refused', async () => {
    const account = await stack.app.account('pro');
    await configureWebhook(stack.app, account.live, `${stack.receiver.url}/async`);
    const res = await guarded.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'DE123456705' },
    });
    expect(res.status, res.text).toBe(202);
    const row = await waitForDelivery(guarded, account.id, (d) => d.status === 'failed');
    expect(row.attempts).toBe(1 + WEBHOOK_RETRY_DELAYS.length);
    const detail = await guarded.request('GET', `/v1/webhooks/deliveries/${row.id}`, { key: account.live });
    expect(detail.body.data.attempt_log).toHaveLength(1 + WEBHOOK_RETRY_DELAYS.length);
    for (const attempt of detail.body.data.attempt_log) {
      expect(attempt).toMatchObject({ status_code: null, response_body: null });
      expect(attempt.error).toMatch(/loopback address/);
    }
    expect(stack.receiver.requests.filter((r) => r.path === '/hook/async')).toHaveLength(0);

    // The allowlisting app replays it: the very same event now arrives.
    const replay = await stack.app.request('POST', `/v1/webhooks/deliveries/${row.id}/replay`, {
      key: account.live,
    });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toMatchObject({
      status: 'delivered',
      replay_of: row.id,
      event_id: row.event_id,
    });
    await until(
      () => stack.receiver.requests.some((r) => r.path === '/hook/async'),
      30_000,
      'replayed event',
    );
  });

  it('endpoints: refused when added and when changed, by the same rules (422, nothing stored or changed)', async () => {
    const account = await guarded.account('pro');
    const kept = await stack.app.request('POST', '/v1/webhooks/endpoints', {
      key: account.live,
      body: { url: `${stack.receiver.url}/kept` },
    });
    expect(kept.status, kept.text).toBe(201);
    const targets = [...refused, [stack.receiver.url, /localhost resolves to .*loopback address/]] as const;
    for (const [url, reason] of targets) {
      const added = await guarded.request('POST', '/v1/webhooks/endpoints', {
        key: account.live,
        body: { url },
      });
      expect(added.status, `${url} ${added.text}`).toBe(422);
      expect(added.body.error.message, url).toMatch(reason);
      const changed = await guarded.request('PATCH', `/v1/webhooks/endpoints/${kept.body.data.id}`, {
        key: account.live,
        body: { url },
      });
      expect(changed.status, `${url} ${changed.text}`).toBe(422);
      expect(changed.body.error.message, url).toMatch(reason);
    }
    const list = await guarded.request('GET', '/v1/webhooks/endpoints', { key: account.live });
    expect(list.body.data.map((endpoint: { url: string }) => endpoint.url)).toEqual([
      `${stack.receiver.url}/kept`,
    ]);
  });

  it('endpoints: refused at delivery: a sample sent to an endpoint no longer allowed reaches nobody', async () => {
    const account = await stack.app.account('pro');
    await stack.app.request('POST', '/v1/webhooks/endpoints', {
      key: account.test,
      body: { url: `${stack.receiver.url}/sample`, events: ['bulk.completed'] },
    });
    const res = await guarded.request('POST', '/v1/webhooks/trigger', {
      key: account.test,
      body: { event: 'bulk.completed' },
    });
    expect(res.status, res.text).toBe(200);
    const [delivery] = res.body.data.deliveries;
    expect(delivery).toMatchObject({ attempts: 1, last_status_code: null });
    const row = await waitForDelivery(
      guarded,
      account.id,
      (d) => d.id === delivery.id && d.status === 'failed',
    );
    const detail = await guarded.request('GET', `/v1/webhooks/deliveries/${row.id}`, { key: account.test });
    expect(detail.body.data.attempt_log).toHaveLength(1 + WEBHOOK_RETRY_DELAYS.length);
    for (const attempt of detail.body.data.attempt_log) expect(attempt.error).toMatch(/loopback address/);
    expect(stack.receiver.requests.filter((r) => r.path === '/hook/sample')).toHaveLength(0);
  });
});
