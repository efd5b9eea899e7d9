import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import {
  type AsyncStack,
  configureWebhook,
  EVENT_ID,
  ISO_MS,
  matching,
  startAsyncStack,
  verified,
  WEBHOOK_RETRY_DELAYS,
  waitForDelivery,
} from './support.js';

/**
 * Decisions sections 6 and 7, delivery: POST, 2xx = delivered, anything else (3xx included, no
 * redirect followed) a failed attempt, retried on WEBHOOK_RETRY_DELAYS_MS with the same webhook-id,
 * every attempt in the delivery's attempt_log; events made while no webhook exists are recorded as
 * failed deliveries and can be replayed once one exists again.
 */
/** WEBHOOK_TIMEOUT_MS for this suite: short enough to wait for, long enough for a loaded machine. */
const TIMEOUT_MS = 2_000;

describeEachDialect('webhook delivery: retries, attempt log, redirects, deleted webhook', (dialect) => {
  let stack: AsyncStack;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, { env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
  });
  afterEach(() => {
    stack.sim.setBehaviour('uid', { mode: 'up', latencyMs: 0, times: undefined });
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  async function ownReceiver(behaviour: Parameters<typeof startReceiver>[0] = {}) {
    const receiver = await startReceiver(behaviour);
    receivers.push(receiver);
    return receiver;
  }

  /** A number answered locally (check digit fails): the event is made at once, no registry involved. */
  const LOCAL = 'DE123456705';

  async function detail(key: string, id: string) {
    const res = await stack.app.request('GET', `/v1/webhooks/deliveries/${id}`, { key });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  it('receiver down then up: retried with the same webhook-id, each attempt in attempt_log', async () => {
    const { app } = stack;
    const receiver = await ownReceiver({ status: 500, body: '{"error":"temporarily down"}' });
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, receiver.url);
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: LOCAL },
    });
    expect(res.status, res.text).toBe(202);

    await receiver.waitFor((requests) => requests.length >= 2);
    receiver.respondWith({ status: 200, body: 'thanks' });
    const row = await waitForDelivery(app, account.id, (d) => d.status === 'delivered');
    const requests = [...receiver.requests];
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.length).toBeLessThanOrEqual(1 + WEBHOOK_RETRY_DELAYS.length);

    // Same event, same id, same body on every attempt; each attempt signed afresh and valid.
    const ids = new Set(requests.map((request) => request.headers['webhook-id']));
    expect(ids).toEqual(new Set([row.event_id]));
    expect(row.event_id).toMatch(EVENT_ID);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    for (const request of requests) {
      const event = verified(hook.signing_secret, request);
      expect(event).toMatchObject({ id: row.event_id, type: 'validation.completed' });
      expect(event.data.request_id).toBe(res.body.data.request_id);
    }

    const data = await detail(account.live, row.id);
    expect(data).toMatchObject({
      id: row.id,
      event_id: row.event_id,
      event: 'validation.completed',
      status: 'delivered',
      url: receiver.url,
      attempts: requests.length,
      last_status_code: 200,
      next_attempt_at: null,
      created_at: expect.stringMatching(ISO_MS),
      delivered_at: expect.stringMatching(ISO_MS),
      replay_of: null,
      payload: requests[0].body,
    });
    expect(data.request_headers['webhook-id']).toBe(row.event_id);
    expect(data.attempt_log).toHaveLength(requests.length);
    const failures = data.attempt_log.slice(0, -1);
    for (const attempt of failures) {
      expect(attempt).toEqual({
        at: expect.stringMatching(ISO_MS),
        status_code: 500,
        duration_ms: expect.any(Number),
        response_body: '{"error":"temporarily down"}',
        error: 'The receiver answered HTTP 500.',
      });
    }
    expect(data.attempt_log.at(-1)).toEqual({
      at: expect.stringMatching(ISO_MS),
      status_code: 200,
      duration_ms: expect.any(Number),
      response_body: 'thanks',
      error: null,
    });
    // Attempts follow the schedule (±20 % jitter), oldest first.
    const times = data.attempt_log.map((attempt: { at: string }) => Date.parse(attempt.at));
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1], `gap before attempt ${i + 1}`).toBeGreaterThanOrEqual(
        Math.floor(WEBHOOK_RETRY_DELAYS[i - 1] * 0.8) - 1,
      );
    }
  });

  it('receiver never answers: failed after 1 + retries attempts, each error logged', async () => {
    const { app } = stack;
    const receiver = await ownReceiver({ closeSocket: true });
    const account = await app.account('pro');
    await configureWebhook(app, account.live, receiver.url);
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: LOCAL },
    });
    expect(res.status, res.text).toBe(202);
    const row = await waitForDelivery(app, account.id, (d) => d.status === 'failed');
    // Each attempt is cut off by the receiver; on a loaded machine one can be cut before the
    // receiver has read it all, so the receiver may count fewer than the attempt log.
    expect(receiver.requests.length).toBeGreaterThanOrEqual(1);
    expect(receiver.requests.length).toBeLessThanOrEqual(1 + WEBHOOK_RETRY_DELAYS.length);
    const data = await detail(account.live, row.id);
    expect(data).toMatchObject({
      status: 'failed',
      attempts: 1 + WEBHOOK_RETRY_DELAYS.length,
      last_status_code: null,
      next_attempt_at: null,
      delivered_at: null,
    });
    expect(data.failure_reason).toMatch(/closed the connection/);
    expect(data.attempt_log).toHaveLength(1 + WEBHOOK_RETRY_DELAYS.length);
    for (const attempt of data.attempt_log) {
      expect(attempt).toMatchObject({ status_code: null, response_body: null });
      expect(attempt.error).toMatch(/closed the connection/);
    }
  });

  it('a 3xx is a failed attempt and the redirect (to a private address) is never followed', async () => {
    const { app } = stack;
    const receiver = await ownReceiver();
    receiver.respondWith({ redirectTo: `https://127.0.0.1:${receiver.port}/private`, redirectStatus: 302 });
    const account = await app.account('business');
    await configureWebhook(app, account.live, receiver.url);

    // The test event is sent once (no retries): exactly one request reaches the receiver.
    const test = await app.request('POST', '/v1/webhooks/test', { key: account.live });
    expect(test.status, test.text).toBe(200);
    expect(test.body.data).toMatchObject({
      event: 'test',
      status: 'failed',
      attempts: 1,
      last_status_code: 302,
    });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0].path).toBe('/hook');
    const data = await detail(account.live, test.body.data.id);
    expect(data.attempt_log).toEqual([
      {
        at: expect.stringMatching(ISO_MS),
        status_code: 302,
        duration_ms: expect.any(Number),
        response_body: `Moved to https://127.0.0.1:${receiver.port}/private`,
        error: expect.stringMatching(/302.*redirect.*not followed/),
      },
    ]);

    // An event's delivery: every retry is another 3xx; nothing ever reaches the redirect target.
    receiver.respondWith({ redirectTo: `https://127.0.0.1:${receiver.port}/private`, redirectStatus: 307 });
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: LOCAL },
    });
    expect(res.status, res.text).toBe(202);
    const row = await waitForDelivery(
      app,
      account.id,
      (d) => d.event_type === 'validation.completed' && d.status === 'failed',
    );
    expect(row.attempts).toBe(1 + WEBHOOK_RETRY_DELAYS.length);
    expect(receiver.requests).toHaveLength(2 + WEBHOOK_RETRY_DELAYS.length);
    expect(receiver.requests.every((request) => request.path === '/hook')).toBe(true);
    expect(row.last_status_code).toBe(307);
  });

  it('no answer within WEBHOOK_TIMEOUT_MS is a failed attempt; only the first 4 KiB of an answer is kept', async () => {
    const { app } = stack;
    const receiver = await ownReceiver({ latencyMs: 2 * TIMEOUT_MS });
    const account = await app.account('business');
    await configureWebhook(app, account.live, receiver.url);
    const started = Date.now();
    const slow = await app.request('POST', '/v1/webhooks/test', { key: account.live });
    const took = Date.now() - started;
    expect(slow.status, slow.text).toBe(200);
    expect(slow.body.data).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(took).toBeLessThan(2 * TIMEOUT_MS);
    const timedOut = await detail(account.live, slow.body.data.id);
    expect(timedOut.attempt_log).toEqual([
      {
        at: expect.stringMatching(ISO_MS),
        status_code: null,
        duration_ms: expect.any(Number),
        response_body: null,
        error: `No answer within ${TIMEOUT_MS} ms (timeout).`,
      },
    ]);
    expect(timedOut.attempt_log[0].duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);

    receiver.respondWith({ status: 500, streamBytes: 100_000 });
    const big = await app.request('POST', '/v1/webhooks/test', { key: account.live });
    expect(big.status, big.text).toBe(200);
    const capped = await detail(account.live, big.body.data.id);
    expect(capped.attempt_log[0]).toMatchObject({
      status_code: 500,
      error: 'The receiver answered HTTP 500.',
    });
    expect(capped.attempt_log[0].response_body).toBe('x'.repeat(4096));
  });

  it('webhook deleted: later events are failed deliveries (webhook_not_configured), replayable once it exists', async () => {
    const { app, sim, receiver } = stack;
    const account = await app.account('pro');
    const first = await configureWebhook(app, account.live, `${receiver.url}/deleted`);
    // The Swiss register answers slowly, so the webhook is gone when the answer is ready.
    sim.setBehaviour('uid', { latencyMs: 400 });
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'CHE-100.000.006 MWST' },
    });
    expect(res.status, res.text).toBe(202);
    const deleted = await app.request('DELETE', '/v1/webhooks/config', { key: account.live });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true });

    const row = await waitForDelivery(app, account.id, (d) => d.event_type === 'validation.completed');
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'webhook_not_configured', attempts: 0 });
    const original = await detail(account.live, row.id);
    expect(original).toMatchObject({
      status: 'failed',
      failure_reason: 'webhook_not_configured',
      attempts: 0,
      attempt_log: [],
      request_headers: null,
    });
    const payload = JSON.parse(original.payload);
    expect(payload).toMatchObject({
      id: row.event_id,
      type: 'validation.completed',
      data: { request_id: res.body.data.request_id, vat_number: 'CHE100000006MWST', valid: true },
    });
    const listed = await app.request('GET', '/v1/webhooks/deliveries?status=failed', { key: account.live });
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([row.id]);
    expect(matching(receiver, (e) => e.data?.request_id === res.body.data.request_id)).toHaveLength(0);

    // A webhook again (a new one: new secret), then replay: the same event arrives, signed with it.
    const second = await configureWebhook(app, account.live, `${receiver.url}/deleted`);
    expect(second.signing_secret).not.toBe(first.signing_secret);
    const replay = await app.request('POST', `/v1/webhooks/deliveries/${row.id}/replay`, {
      key: account.live,
    });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toMatchObject({
      event_id: row.event_id,
      event: 'validation.completed',
      status: 'delivered',
      attempts: 1,
      replay_of: row.id,
      payload: original.payload,
    });
    expect(replay.body.data.id).not.toBe(row.id);
    const arrived = matching(receiver, (e) => e.data?.request_id === res.body.data.request_id);
    expect(arrived).toHaveLength(1);
    expect(arrived[0].request.body).toBe(original.payload);
    expect(arrived[0].request.headers['webhook-id']).toBe(row.event_id);
    expect(verified(second.signing_secret, arrived[0].request).id).toBe(row.event_id);
    expect(() => verified(first.signing_secret, arrived[0].request)).toThrow();
  });

  it('webhook disabled while work is in flight: the delivery is failed with webhook_disabled', async () => {
    const { app, sim, receiver } = stack;
    const account = await app.account('pro');
    await configureWebhook(app, account.live, `${receiver.url}/disabled`);
    sim.setBehaviour('uid', { latencyMs: 400 });
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'CHE100000012MWST' },
    });
    expect(res.status, res.text).toBe(202);
    await configureWebhook(app, account.live, `${receiver.url}/disabled`, { enabled: false });
    const row = await waitForDelivery(app, account.id, (d) => d.event_type === 'validation.completed');
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'webhook_disabled', attempts: 0 });
    expect(matching(receiver, (e) => e.data?.request_id === res.body.data.request_id)).toHaveLength(0);
  });
});
