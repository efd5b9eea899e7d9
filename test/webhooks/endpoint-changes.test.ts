import { expect, it, vi } from 'vitest';
import {
  deliveryRows,
  matching,
  until,
  useAsyncStack,
  verified,
  type WebhookEvent,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { ReceivedRequest } from '../helpers/receiver.js';

/**
 * What a change to a webhook endpoint does to a delivery waiting for its retry (each attempt
 * looks at the endpoint as it is then), and the day after a secret rotation during which
 * deliveries carry a signature with the previous secret too. Retries here wait ten minutes; the
 * test moves the service's clock past them, and past the day, rather than waiting. Real HTTPS
 * receiver, signatures verified with the `standardwebhooks` package by a receiver whose clock
 * reads the service's.
 */

const RETRY_MS = 600_000;
/** Past a retry and its jitter (±20 %). */
const PAST_RETRY_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

describeEachDialect('webhook endpoint changes: retries that wait, rotations that overlap', (dialect) => {
  const stack = useAsyncStack(dialect, { env: { WEBHOOK_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS}` } });
  const req = (method: string, path: string, key: string, body?: unknown) =>
    stack.app.request(method, path, { key, body });
  const hook = (name: string) => `${stack.receiver.url}/${name}`;

  async function add(key: string, body: Record<string, unknown>) {
    const res = await req('POST', '/v1/webhooks/endpoints', key, body);
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; signing_secret: string };
  }

  async function patch(key: string, id: string, body: Record<string, unknown>) {
    const res = await req('PATCH', `/v1/webhooks/endpoints/${id}`, key, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data as { signing_secret?: string };
  }

  /** A `validation.completed` sample whose first attempt was answered 503: pending, retried in ten minutes. */
  async function waitingDelivery(key: string): Promise<{ id: string; event_id: string }> {
    stack.receiver.respondWith({ status: 503 });
    try {
      const res = await req('POST', '/v1/webhooks/trigger', key, { event: 'validation.completed' });
      expect(res.status, res.text).toBe(200);
      const [delivery] = res.body.data.deliveries;
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503 });
      return delivery;
    } finally {
      stack.receiver.respondWith({});
    }
  }

  /** Moves the clock past the retry; the delivery's row once the retry has settled it. */
  async function afterRetry(accountId: string, deliveryId: string) {
    stack.app.clock.advance(PAST_RETRY_MS);
    return until(
      async () =>
        (await deliveryRows(stack.app, accountId)).find(
          (row) => row.id === deliveryId && row.status !== 'pending',
        ),
      30_000,
      'the retry settled',
    );
  }

  const arrivals = (eventId: string) => matching(stack.receiver, (event) => event.id === eventId);

  /**
   * The `standardwebhooks` check by a receiver whose clock read the service's (moved) clock when
   * the delivery came, so that only the signature decides.
   */
  function verifiedNow(secret: string, request: ReceivedRequest): WebhookEvent {
    vi.useFakeTimers({ toFake: ['Date'], now: Number(request.headers['webhook-timestamp']) * 1000 });
    try {
      return verified(secret, request);
    } finally {
      vi.useRealTimers();
    }
  }

  it('endpoint deleted: the retry is not sent; the delivery fails, webhook_not_configured', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('deleted') });
    const delivery = await waitingDelivery(account.test);
    expect((await req('DELETE', `/v1/webhooks/endpoints/${endpoint.id}`, account.test)).status).toBe(200);

    const row = await afterRetry(account.id, delivery.id);
    expect(row).toMatchObject({
      status: 'failed',
      failure_reason: 'webhook_not_configured',
      attempts: 1,
      endpoint_id: endpoint.id,
      next_attempt_at: null,
    });
    expect(arrivals(delivery.event_id)).toHaveLength(1);
  });

  it('endpoint disabled: the retry is not sent; the delivery fails, webhook_disabled, and can be replayed once enabled', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('disabled') });
    const delivery = await waitingDelivery(account.test);
    await patch(account.test, endpoint.id, { enabled: false });

    const row = await afterRetry(account.id, delivery.id);
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'webhook_disabled', attempts: 1 });
    expect(arrivals(delivery.event_id)).toHaveLength(1);

    // Enabling it again does not resend it by itself; a replay does.
    await patch(account.test, endpoint.id, { enabled: true });
    const replay = await req('POST', `/v1/webhooks/deliveries/${delivery.id}/replay`, account.test);
    expect(replay.body.data).toMatchObject({ status: 'delivered', endpoint_id: endpoint.id });
    expect(arrivals(delivery.event_id)).toHaveLength(2);
  });

  it('endpoint unsubscribed from the kind: the retry is not sent; the delivery fails, webhook_unsubscribed, and so does a replay', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('unsubscribed') });
    const delivery = await waitingDelivery(account.test);
    await patch(account.test, endpoint.id, { events: ['test', 'batch.completed'] });

    const row = await afterRetry(account.id, delivery.id);
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'webhook_unsubscribed', attempts: 1 });
    expect(arrivals(delivery.event_id)).toHaveLength(1);

    const replay = await req('POST', `/v1/webhooks/deliveries/${delivery.id}/replay`, account.test);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toMatchObject({
      status: 'failed',
      failure_reason: 'webhook_unsubscribed',
      endpoint_id: endpoint.id,
      attempts: 0,
    });
    // Subscribed again (here through "*"): the retry of a later event goes out as usual.
    await patch(account.test, endpoint.id, { events: ['*'] });
    const later = await waitingDelivery(account.test);
    expect(await afterRetry(account.id, later.id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('URL changed: the retry goes to the current URL, and the delivery names it', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('before') });
    const delivery = await waitingDelivery(account.test);
    await patch(account.test, endpoint.id, { url: hook('after') });

    const row = await afterRetry(account.id, delivery.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, url: hook('after') });
    expect(arrivals(delivery.event_id).map(({ request }) => request.path)).toEqual([
      '/hook/before',
      '/hook/after',
    ]);
  });

  it('secret rotated: the retry is signed with the current secret (and, for the day after, the previous one too)', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('rotated') });
    const delivery = await waitingDelivery(account.test);
    const { signing_secret: current } = await patch(account.test, endpoint.id, { rotate_secret: true });

    const row = await afterRetry(account.id, delivery.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    const [first, retry] = arrivals(delivery.event_id);
    expect(verifiedNow(endpoint.signing_secret, first.request).id).toBe(delivery.event_id);
    expect(() => verifiedNow(current!, first.request)).toThrow('No matching signature found');
    expect(verifiedNow(current!, retry.request).id).toBe(delivery.event_id);
    expect(verifiedNow(endpoint.signing_secret, retry.request).id).toBe(delivery.event_id);
  });

  /** The endpoint's stored previous secret and its expiry. */
  async function previousOf(id: string) {
    return stack.app.database.db
      .selectFrom('webhook_endpoints')
      .select(['previous_signing_secret', 'previous_secret_expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** POST /v1/webhooks/test: the request that reached the receiver, and its signatures. */
  async function sendTest(key: string) {
    const res = await req('POST', '/v1/webhooks/test', key);
    expect(res.body.data, res.text).toMatchObject({ status: 'delivered' });
    const [{ request }] = arrivals(res.body.data.event_id);
    const signatures = String(request.headers['webhook-signature']).split(' ');
    return { request, signatures, eventId: res.body.data.event_id as string };
  }

  it('after a rotation, deliveries are signed with the new secret and the previous one for 24 hours, then with the new one alone', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('overlap'), events: ['test'] });
    const old = endpoint.signing_secret;
    const before = stack.app.clock.now();
    const rotated = await req('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, account.test, {
      rotate_secret: true,
    });
    expect(rotated.status, rotated.text).toBe(200);
    const current: string = rotated.body.data.signing_secret;
    expect(current).toMatch(/^whsec_/);
    expect(current).not.toBe(old);
    // Only the new secret is ever answered; the previous one is kept with its expiry, a day on.
    expect(JSON.stringify(rotated.body)).not.toContain(old);
    const kept = await previousOf(endpoint.id);
    expect(kept.previous_signing_secret).toBe(old);
    expect(kept.previous_secret_expires_at).toBeGreaterThanOrEqual(before + 24 * HOUR_MS);
    expect(kept.previous_secret_expires_at).toBeLessThanOrEqual(stack.app.clock.now() + 24 * HOUR_MS);
    const shown = await req('GET', `/v1/webhooks/endpoints/${endpoint.id}`, account.test);
    expect(JSON.stringify(shown.body)).not.toMatch(/whsec_/);

    // A receiver on the old secret and one on the new both accept, now and 23 hours on.
    for (const wait of [0, 23 * HOUR_MS]) {
      stack.app.clock.advance(wait);
      const sent = await sendTest(account.test);
      expect(sent.signatures).toHaveLength(2);
      expect(verifiedNow(old, sent.request).id).toBe(sent.eventId);
      expect(verifiedNow(current, sent.request).id).toBe(sent.eventId);
    }

    // Past the day: the new secret alone.
    stack.app.clock.advance(HOUR_MS + 1_000);
    const after = await sendTest(account.test);
    expect(after.signatures).toHaveLength(1);
    expect(verifiedNow(current, after.request).id).toBe(after.eventId);
    expect(() => verifiedNow(old, after.request)).toThrow('No matching signature found');
    // The recurring sweep forgets it.
    await until(
      async () => (await previousOf(endpoint.id)).previous_signing_secret === null,
      30_000,
      'previous secret forgotten',
    );
    expect(await previousOf(endpoint.id)).toEqual({
      previous_signing_secret: null,
      previous_secret_expires_at: null,
    });
  });

  it('a second rotation within the day drops the oldest secret at once', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('twice'), events: ['test'] });
    const first = await patch(account.test, endpoint.id, { rotate_secret: true });
    stack.app.clock.advance(HOUR_MS);
    const second = await patch(account.test, endpoint.id, { rotate_secret: true });
    const sent = await sendTest(account.test);
    expect(sent.signatures).toHaveLength(2);
    expect(verifiedNow(second.signing_secret!, sent.request).id).toBe(sent.eventId);
    expect(verifiedNow(first.signing_secret!, sent.request).id).toBe(sent.eventId);
    expect(() => verifiedNow(endpoint.signing_secret, sent.request)).toThrow('No matching signature found');
    // The secret just replaced has a day of its own from the second rotation.
    stack.app.clock.advance(23 * HOUR_MS + 30_000);
    expect(verifiedNow(first.signing_secret!, (await sendTest(account.test)).request)).toBeDefined();
  });

  it('PUT /v1/webhooks/config with rotate_secret: the same day of overlap', async () => {
    const account = await stack.app.account('pro');
    const put = (body: Record<string, unknown>) =>
      req('PUT', '/v1/webhooks/config', account.test, { url: hook('config'), ...body });
    const old: string = (await put({})).body.data.signing_secret;
    const rotated = await put({ rotate_secret: true });
    expect(rotated.status, rotated.text).toBe(200);
    const current: string = rotated.body.data.signing_secret;
    expect(current).not.toBe(old);
    expect((await req('GET', '/v1/webhooks/config', account.test)).body.data.signing_secret).toBe(current);
    // A PUT without rotate_secret keeps both.
    expect((await put({})).body.data.signing_secret).toBe(current);

    const sent = await sendTest(account.test);
    expect(sent.signatures).toHaveLength(2);
    expect(verifiedNow(old, sent.request).id).toBe(sent.eventId);
    expect(verifiedNow(current, sent.request).id).toBe(sent.eventId);
    stack.app.clock.advance(24 * HOUR_MS + 1_000);
    const after = await sendTest(account.test);
    expect(verifiedNow(current, after.request).id).toBe(after.eventId);
    expect(() => verifiedNow(old, after.request)).toThrow('No matching signature found');
  });
});
