import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount } from '../helpers/harness.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import {
  type AsyncStack,
  configureWebhook,
  EVENT_ID,
  headersOf,
  ISO_MS,
  matching,
  startAsyncStack,
  verified,
  waitForDelivery,
  waitForEvent,
} from './support.js';

/**
 * The webhook endpoints of decisions section 7: configuration (PUT/GET/DELETE), the test event,
 * the deliveries list with cursor pagination and filters, delivery detail and replay; Pro and
 * Business only, test keys allowed, another account's deliveries invisible.
 */
describeEachDialect('webhook endpoints', (dialect) => {
  let stack: AsyncStack;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });
  const req = (method: string, path: string, key: string, body?: unknown) =>
    stack.app.request(method, path, { key, body });

  const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

  describe('configuration', () => {
    it('GET without a configuration: 404 not_found', async () => {
      const account = await stack.app.account('pro');
      const res = await req('GET', '/v1/webhooks/config', account.live);
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    });

    it('PUT creates the secret; later PUTs keep it and created_at; rotate_secret replaces it', async () => {
      const account = await stack.app.account('pro');
      const url = `${stack.receiver.url}/config`;
      const created = await req('PUT', '/v1/webhooks/config', account.live, { url });
      expect(created.status, created.text).toBe(200);
      expect(created.body).toEqual({
        data: {
          url,
          signing_secret: expect.stringMatching(SECRET),
          enabled: true,
          created_at: expect.stringMatching(ISO_MS),
        },
        meta: { request_id: expect.any(String) },
      });
      const secret = created.body.data.signing_secret as string;
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

      const got = await req('GET', '/v1/webhooks/config', account.live);
      expect(got.status, got.text).toBe(200);
      expect(got.body.data).toEqual(created.body.data);

      const updated = await req('PUT', '/v1/webhooks/config', account.live, {
        url: `${url}/v2`,
        enabled: false,
      });
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body.data).toEqual({
        url: `${url}/v2`,
        signing_secret: secret,
        enabled: false,
        created_at: created.body.data.created_at,
      });

      // `enabled` defaults to true on every PUT.
      const again = await req('PUT', '/v1/webhooks/config', account.live, { url });
      expect(again.body.data).toMatchObject({ signing_secret: secret, enabled: true });

      const rotated = await req('PUT', '/v1/webhooks/config', account.live, { url, rotate_secret: true });
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.body.data.signing_secret).toMatch(SECRET);
      expect(rotated.body.data.signing_secret).not.toBe(secret);
      expect(rotated.body.data.created_at).toBe(created.body.data.created_at);
      const kept = await req('PUT', '/v1/webhooks/config', account.live, { url, rotate_secret: false });
      expect(kept.body.data.signing_secret).toBe(rotated.body.data.signing_secret);
    });

    it('DELETE answers {deleted: true}; then GET and DELETE are 404; a new PUT makes a new secret', async () => {
      const account = await stack.app.account('business');
      const first = await configureWebhook(stack.app, account.live, stack.receiver.url);
      const deleted = await req('DELETE', '/v1/webhooks/config', account.live);
      expect(deleted.status, deleted.text).toBe(200);
      expect(deleted.body).toEqual({ data: { deleted: true }, meta: { request_id: expect.any(String) } });
      expect((await req('GET', '/v1/webhooks/config', account.live)).status).toBe(404);
      const again = await req('DELETE', '/v1/webhooks/config', account.live);
      expect(again.status, again.text).toBe(404);
      expect(again.body.error.code).toBe('not_found');
      const second = await configureWebhook(stack.app, account.live, stack.receiver.url);
      expect(second.signing_secret).not.toBe(first.signing_secret);
    });

    it('PUT without a url, or with a non-URL: 422 validation_error, nothing stored', async () => {
      const account = await stack.app.account('pro');
      for (const body of [
        {},
        { url: 'not a url' },
        { url: 42 },
        { url: stack.receiver.url, enabled: 'yes' },
      ]) {
        const res = await req('PUT', '/v1/webhooks/config', account.live, body);
        expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('validation_error');
      }
      expect((await req('GET', '/v1/webhooks/config', account.live)).status).toBe(404);
    });
  });

  describe('tiers and keys', () => {
    const endpoints = (id: string): Array<[string, string, unknown?]> => [
      ['PUT', '/v1/webhooks/config', { url: 'https://hooks.example.com/x' }],
      ['GET', '/v1/webhooks/config'],
      ['DELETE', '/v1/webhooks/config'],
      ['POST', '/v1/webhooks/test'],
      ['GET', '/v1/webhooks/deliveries'],
      ['GET', `/v1/webhooks/deliveries/${id}`],
      ['POST', `/v1/webhooks/deliveries/${id}/replay`],
    ];

    it('Free: 403 tier_insufficient on every webhook endpoint, live and test keys alike', async () => {
      const account = await stack.app.account('free');
      for (const key of [account.live, account.test]) {
        for (const [method, path, body] of endpoints('dlv_x')) {
          const res = await req(method, path, key, body);
          expect(res.status, `${method} ${path} ${res.text}`).toBe(403);
          expect(res.body.error.code).toBe('tier_insufficient');
        }
      }
    });

    it('test keys may use the webhook endpoints, within their own mode', async () => {
      const account = await stack.app.account('pro');
      const put = await req('PUT', '/v1/webhooks/config', account.test, {
        url: `${stack.receiver.url}/testkey`,
      });
      expect(put.status, put.text).toBe(200);
      const got = await req('GET', '/v1/webhooks/config', account.test);
      expect(got.body.data.signing_secret).toBe(put.body.data.signing_secret);
      const test = await req('POST', '/v1/webhooks/test', account.test);
      expect(test.status, test.text).toBe(200);
      expect(test.body.data.url).toBe(`${stack.receiver.url}/testkey`);
      const list = await req('GET', '/v1/webhooks/deliveries', account.test);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([test.body.data.id]);
      const detail = await req('GET', `/v1/webhooks/deliveries/${test.body.data.id}`, account.test);
      expect(detail.status, detail.text).toBe(200);
      const replay = await req('POST', `/v1/webhooks/deliveries/${test.body.data.id}/replay`, account.test);
      expect(replay.status, replay.text).toBe(200);
      const deleted = await req('DELETE', '/v1/webhooks/config', account.test);
      expect(deleted.status, deleted.text).toBe(200);
    });

    it('keeps the live and test configurations, secrets and deliveries apart', async () => {
      const account = await stack.app.account('pro');
      const live = await req('PUT', '/v1/webhooks/config', account.live, {
        url: `${stack.receiver.url}/live`,
      });
      expect(live.status, live.text).toBe(200);
      // A test key never sees the live configuration or its secret...
      const testView = await req('GET', '/v1/webhooks/config', account.test);
      expect(testView.status, testView.text).toBe(404);
      expect(testView.text).not.toContain(live.body.data.signing_secret);
      expect((await req('POST', '/v1/webhooks/test', account.test)).status).toBe(400);
      // ...and has its own, with its own secret, which the live key does not see either.
      const test = await req('PUT', '/v1/webhooks/config', account.test, {
        url: `${stack.receiver.url}/test`,
      });
      expect(test.status, test.text).toBe(200);
      expect(test.body.data.signing_secret).not.toBe(live.body.data.signing_secret);
      expect((await req('GET', '/v1/webhooks/config', account.live)).body.data).toEqual(live.body.data);

      const liveSent = await req('POST', '/v1/webhooks/test', account.live);
      const testSent = await req('POST', '/v1/webhooks/test', account.test);
      expect(liveSent.body.data.url).toBe(`${stack.receiver.url}/live`);
      expect(testSent.body.data.url).toBe(`${stack.receiver.url}/test`);
      const ids = async (key: string) =>
        (await req('GET', '/v1/webhooks/deliveries', key)).body.data.map((d: { id: string }) => d.id);
      expect(await ids(account.live)).toEqual([liveSent.body.data.id]);
      expect(await ids(account.test)).toEqual([testSent.body.data.id]);
      for (const [key, other] of [
        [account.test, liveSent.body.data.id],
        [account.live, testSent.body.data.id],
      ]) {
        expect((await req('GET', `/v1/webhooks/deliveries/${other}`, key)).status).toBe(404);
        expect((await req('POST', `/v1/webhooks/deliveries/${other}/replay`, key)).status).toBe(404);
      }
      // Deleting one mode's configuration leaves the other in place.
      expect((await req('DELETE', '/v1/webhooks/config', account.test)).status).toBe(200);
      expect((await req('GET', '/v1/webhooks/config', account.live)).status).toBe(200);
    });
  });

  describe('test event', () => {
    it('without a configuration: 400 webhook_not_configured, nothing recorded', async () => {
      const account = await stack.app.account('pro');
      const res = await req('POST', '/v1/webhooks/test', account.live);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code).toBe('webhook_not_configured');
      const list = await req('GET', '/v1/webhooks/deliveries', account.live);
      expect(list.body.data).toEqual([]);
    });

    it('sends a signed `test` event now and answers the delivery record (no body, or {})', async () => {
      const account = await stack.app.account('business');
      const url = `${stack.receiver.url}/test-event`;
      const hook = await configureWebhook(stack.app, account.live, url);
      for (const body of [undefined, {}]) {
        const res = await req('POST', '/v1/webhooks/test', account.live, body);
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toEqual({
          id: expect.any(String),
          event_id: expect.stringMatching(EVENT_ID),
          event: 'test',
          endpoint_id: expect.stringMatching(/^we_[0-9A-Za-z]{20}$/),
          status: 'delivered',
          url,
          attempts: 1,
          last_status_code: 200,
          next_attempt_at: null,
          created_at: expect.stringMatching(ISO_MS),
          delivered_at: expect.stringMatching(ISO_MS),
          failure_reason: null,
          replay_of: null,
        });
        // Sent synchronously: already at the receiver when the answer comes.
        const [arrived] = matching(stack.receiver, (e) => e.id === res.body.data.event_id);
        expect(arrived).toBeDefined();
        expect(arrived.request.path).toBe('/hook/test-event');
        expect(verified(hook.signing_secret, arrived.request)).toEqual({
          id: res.body.data.event_id,
          type: 'test',
          created_at: expect.stringMatching(ISO_MS),
          data: { message: expect.any(String) },
        });
      }
    });
  });

  describe('deliveries', () => {
    async function sendTests(account: TestAccount, count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const res = await req('POST', '/v1/webhooks/test', account.live);
        expect(res.status, res.text).toBe(200);
        ids.push(res.body.data.id);
      }
      return ids;
    }

    it('list: newest first, limit default 20, 1 to 100, out of range 422', async () => {
      const account = await stack.app.account('business');
      await configureWebhook(stack.app, account.live, `${stack.receiver.url}/list`);
      const made = await sendTests(account, 22);
      const res = await req('GET', '/v1/webhooks/deliveries', account.live);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toHaveLength(20);
      expect(res.body.meta).toEqual({
        request_id: expect.any(String),
        next_cursor: expect.any(String),
        has_more: true,
      });
      expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([...made].reverse().slice(0, 20));
      const created = res.body.data.map((d: { created_at: string }) => Date.parse(d.created_at));
      expect([...created].sort((a, b) => b - a)).toEqual(created);
      expect(res.body.data[0]).toEqual({
        id: made[21],
        event_id: expect.stringMatching(EVENT_ID),
        event: 'test',
        endpoint_id: expect.stringMatching(/^we_[0-9A-Za-z]{20}$/),
        status: 'delivered',
        url: `${stack.receiver.url}/list`,
        attempts: 1,
        last_status_code: 200,
        next_attempt_at: null,
        created_at: expect.stringMatching(ISO_MS),
        delivered_at: expect.stringMatching(ISO_MS),
        failure_reason: null,
        replay_of: null,
      });

      const all = await req('GET', '/v1/webhooks/deliveries?limit=100', account.live);
      expect(all.body.data).toHaveLength(22);
      expect(all.body.meta).toMatchObject({ next_cursor: null, has_more: false });
      const one = await req('GET', '/v1/webhooks/deliveries?limit=1', account.live);
      expect(one.body.data.map((d: { id: string }) => d.id)).toEqual([made[21]]);
      for (const limit of ['0', '101', '-1', 'abc', '1.5', '']) {
        const bad = await req('GET', `/v1/webhooks/deliveries?limit=${limit}`, account.live);
        expect(bad.status, `limit=${limit} ${bad.text}`).toBe(422);
        expect(bad.body.error.code).toBe('validation_error');
      }
    });

    it('cursor pagination: no gaps, no repeats, even with deliveries made between pages', async () => {
      const account = await stack.app.account('business');
      await configureWebhook(stack.app, account.live, `${stack.receiver.url}/pages`);
      const made = await sendTests(account, 17);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      const madeLater: string[] = [];
      do {
        const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
        const page = await req('GET', `/v1/webhooks/deliveries${query}`, account.live);
        expect(page.status, page.text).toBe(200);
        pages += 1;
        seen.push(...page.body.data.map((d: { id: string }) => d.id));
        expect(page.body.meta.has_more).toBe(page.body.meta.next_cursor !== null);
        cursor = page.body.meta.next_cursor;
        // New deliveries between page fetches sort above page one and never shift later pages.
        madeLater.push(...(await sendTests(account, 2)));
      } while (cursor !== null && pages < 10);
      expect(pages).toBe(4);
      expect(seen).toEqual([...made].reverse());
      expect(new Set(seen).size).toBe(seen.length);
      // From the top again, the newer ones come first, then the same sequence.
      const fresh = await req('GET', '/v1/webhooks/deliveries?limit=100', account.live);
      expect(fresh.body.data.map((d: { id: string }) => d.id)).toEqual([
        ...madeLater.reverse(),
        ...made.reverse(),
      ]);
    });

    it('a cursor that the API did not return: 422 validation_error', async () => {
      const account = await stack.app.account('pro');
      for (const cursor of ['garbage', Buffer.from('1234').toString('base64url'), 'x'.repeat(300)]) {
        const res = await req('GET', `/v1/webhooks/deliveries?cursor=${cursor}`, account.live);
        expect(res.status, `${cursor} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('validation_error');
      }
    });

    it('filters: status and event, also across pages', async () => {
      const receiver = await startReceiver();
      receivers.push(receiver);
      const account = await stack.app.account('business');
      await configureWebhook(stack.app, account.live, receiver.url);
      const delivered = await sendTests(account, 4);
      receiver.respondWith({ status: 500 });
      const failed = await sendTests(account, 3);
      receiver.respondWith({ status: 200 });
      const async = await req('POST', '/v1/validate/async', account.live, { vat_number: 'DE123456705' });
      expect(async.status, async.text).toBe(202);
      const completed = await waitForDelivery(
        stack.app,
        account.id,
        (d) => d.event_type === 'validation.completed' && d.status === 'delivered',
      );

      const ids = async (query: string) => {
        const res = await req('GET', `/v1/webhooks/deliveries?${query}`, account.live);
        expect(res.status, `${query} ${res.text}`).toBe(200);
        return res.body.data.map((d: { id: string }) => d.id);
      };
      expect(await ids('status=failed')).toEqual([...failed].reverse());
      expect(await ids('status=delivered')).toEqual([completed.id, ...[...delivered].reverse()]);
      expect(await ids('status=pending')).toEqual([]);
      expect(await ids('event=validation.completed')).toEqual([completed.id]);
      expect(await ids('event=test&status=delivered')).toEqual([...delivered].reverse());
      expect(await ids('event=batch.completed')).toEqual([]);
      const failedRow = await req('GET', `/v1/webhooks/deliveries/${failed[0]}`, account.live);
      expect(failedRow.body.data).toMatchObject({ status: 'failed', last_status_code: 500, attempts: 1 });
      const bad = await req('GET', '/v1/webhooks/deliveries?status=lost', account.live);
      expect(bad.status, bad.text).toBe(422);
      expect(bad.body.error.code).toBe('validation_error');

      // Pagination under a filter.
      const first = await req('GET', '/v1/webhooks/deliveries?status=delivered&limit=2', account.live);
      const second = await req(
        'GET',
        `/v1/webhooks/deliveries?status=delivered&limit=2&cursor=${first.body.meta.next_cursor}`,
        account.live,
      );
      const third = await req(
        'GET',
        `/v1/webhooks/deliveries?status=delivered&limit=2&cursor=${second.body.meta.next_cursor}`,
        account.live,
      );
      const paged = [first, second, third].flatMap((page) => page.body.data.map((d: { id: string }) => d.id));
      expect(paged).toEqual([completed.id, ...[...delivered].reverse()]);
      expect(third.body.meta).toMatchObject({ has_more: false, next_cursor: null });
    });

    it('detail: the exact body sent, the signed request headers, the attempt log', async () => {
      const account = await stack.app.account('pro');
      const hook = await configureWebhook(stack.app, account.live, `${stack.receiver.url}/detail`);
      const res = await req('POST', '/v1/validate/async', account.live, { vat_number: 'DE123456705' });
      expect(res.status, res.text).toBe(202);
      const { request } = await waitForEvent(
        stack.receiver,
        (e) => e.data?.request_id === res.body.data.request_id,
      );
      const row = await waitForDelivery(stack.app, account.id, (d) => d.status === 'delivered');
      const detail = await req('GET', `/v1/webhooks/deliveries/${row.id}`, account.live);
      expect(detail.status, detail.text).toBe(200);
      const data = detail.body.data;
      expect(data.payload).toBe(request.body);
      const sent = headersOf(request);
      expect(data.request_headers).toMatchObject({
        'content-type': 'application/json',
        'webhook-id': sent['webhook-id'],
        'webhook-timestamp': sent['webhook-timestamp'],
        'webhook-signature': sent['webhook-signature'],
      });
      // The recorded headers verify the recorded payload: a receiver could check them offline.
      expect(
        verified(hook.signing_secret, { ...request, headers: data.request_headers, body: data.payload }).id,
      ).toBe(row.event_id);
      expect(data.attempt_log).toEqual([
        {
          at: expect.stringMatching(ISO_MS),
          status_code: 200,
          duration_ms: expect.any(Number),
          response_body: '{"received":true}',
          error: null,
        },
      ]);
      expect(data).toMatchObject({ event: 'validation.completed', status: 'delivered', attempts: 1 });
    });

    it('replay: a new delivery of the same event, same webhook-id, replay_of set, freshly signed', async () => {
      const account = await stack.app.account('pro');
      const url = `${stack.receiver.url}/replay`;
      const first = await configureWebhook(stack.app, account.live, url);
      const res = await req('POST', '/v1/validate/async', account.live, { vat_number: 'DE123456705' });
      expect(res.status, res.text).toBe(202);
      const original = await waitForDelivery(stack.app, account.id, (d) => d.status === 'delivered');
      // A new secret before the replay: the replay must be signed with it, now.
      const rotated = await configureWebhook(stack.app, account.live, url, { rotate_secret: true });

      const replay = await req('POST', `/v1/webhooks/deliveries/${original.id}/replay`, account.live);
      expect(replay.status, replay.text).toBe(200);
      expect(replay.body.data).toMatchObject({
        event_id: original.event_id,
        event: 'validation.completed',
        status: 'delivered',
        url,
        attempts: 1,
        last_status_code: 200,
        replay_of: original.id,
      });
      expect(replay.body.data.id).not.toBe(original.id);
      expect(replay.body.data.request_headers['webhook-id']).toBe(original.event_id);

      const arrivals = matching(stack.receiver, (e) => e.id === original.event_id);
      expect(arrivals).toHaveLength(2);
      expect(arrivals[1].request.body).toBe(arrivals[0].request.body);
      expect(arrivals[1].request.headers['webhook-id']).toBe(arrivals[0].request.headers['webhook-id']);
      expect(verified(rotated.signing_secret, arrivals[1].request).id).toBe(original.event_id);
      // Within the day after the rotation the previous secret signs too: two signatures.
      expect(String(arrivals[1].request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verified(first.signing_secret, arrivals[1].request).id).toBe(original.event_id);
      expect(verified(first.signing_secret, arrivals[0].request).id).toBe(original.event_id);
      expect(() => verified(rotated.signing_secret, arrivals[0].request)).toThrow();

      const list = await req('GET', '/v1/webhooks/deliveries', account.live);
      expect(
        list.body.data.map((d: { id: string; replay_of: string | null }) => [d.id, d.replay_of]),
      ).toEqual([
        [replay.body.data.id, original.id],
        [original.id, null],
      ]);
      // The original is untouched.
      const before = await req('GET', `/v1/webhooks/deliveries/${original.id}`, account.live);
      expect(before.body.data).toMatchObject({ status: 'delivered', attempts: 1, replay_of: null });
    });

    it("another account's delivery id, or an unknown one: 404 not_found on detail and replay", async () => {
      const owner = await stack.app.account('pro');
      await configureWebhook(stack.app, owner.live, `${stack.receiver.url}/owner`);
      const [id] = await sendTests(owner, 1);
      const other = await stack.app.account('business');
      await configureWebhook(stack.app, other.live, `${stack.receiver.url}/other`);
      for (const path of [`/v1/webhooks/deliveries/${id}`, '/v1/webhooks/deliveries/dlv_doesnotexist']) {
        const detail = await req('GET', path, other.live);
        expect(detail.status, detail.text).toBe(404);
        expect(detail.body.error.code).toBe('not_found');
        const replay = await req('POST', `${path}/replay`, other.live);
        expect(replay.status, replay.text).toBe(404);
        expect(replay.body.error.code).toBe('not_found');
      }
      // Nothing was sent or recorded for either account by those calls.
      expect((await req('GET', '/v1/webhooks/deliveries', other.live)).body.data).toEqual([]);
      expect((await req('GET', '/v1/webhooks/deliveries', owner.live)).body.data).toHaveLength(1);
      expect(stack.receiver.requests.filter((r) => r.path === '/hook/other')).toHaveLength(0);
    });
  });
});
