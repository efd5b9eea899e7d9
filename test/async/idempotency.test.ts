import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestApp } from '../helpers/harness.js';
import { answeredOnce, withAnswerRefused } from '../helpers/idempotency.js';
import {
  type AsyncStack,
  configureWebhook,
  deliveryRows,
  freshNumbers,
  jobCount,
  matching,
  queuedFor,
  startAsyncStack,
  until,
  untilSettled,
  usageOf,
  waitForEvent,
} from './support.js';

/**
 * Idempotent submissions (wave-2 K) on the endpoints that start work in the background or change
 * the webhook: a client retrying with the same Idempotency-Key (after a lost connection, say) gets
 * the first answer again, and there is one batch, one charge and one event, as if it had sent once.
 */
describeEachDialect('Idempotency-Key on async and webhook endpoints', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(async () => {
    await stack?.close();
  });

  let serial = 0;
  const newKey = () => `async-${dialect.name}-${Date.now()}-${++serial}`;
  const post = (app: TestApp, path: string, account: string, key: string, body?: unknown) =>
    app.request('POST', path, { key: account, body, headers: { 'idempotency-key': key } });

  it('the same async batch sent twice: one batch, one charge, one batch.completed', async () => {
    const { app, receiver } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/batch`);
    const key = newKey();
    const numbers = freshNumbers('DE', 3);
    const body = { vat_numbers: [...numbers, numbers[0], 'DE12'] };

    const first = await post(app, '/v1/validate/async/batch', account.live, key, body);
    expect(first.status, first.text).toBe(202);
    expect(first.body.data).toMatchObject({ status: 'pending', total: 5, accepted: 4 });
    const again = await post(app, '/v1/validate/async/batch', account.live, key, body);
    expect(again.status, again.text).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));

    const batchId = first.body.data.batch_id;
    await waitForEvent(receiver, (event) => event.data?.batch_id === batchId);
    // Everything the first request queued has run, so a second batch would have completed by now.
    await untilSettled(app, account.id);
    expect(
      matching(receiver, (event) => event.type === 'batch.completed' && event.data?.batch_id === batchId),
    ).toHaveLength(1);
    expect(matching(receiver, (_event, request) => request.path === '/hook/batch')).toHaveLength(1);
    expect(await usageOf(app, account.id)).toBe(3);
    expect(await queuedFor(app, account.id)).toMatchObject({
      batches: 1,
      items: 3,
      events: 1,
      deliveries: 1,
    });

    // A retry after the batch completed still gets the acceptance, nothing more.
    const late = await post(app, '/v1/validate/async/batch', account.live, key, body);
    expect(late.headers.get('idempotent-replayed')).toBe('true');
    expect(late.body.data.batch_id).toBe(batchId);
    expect(await queuedFor(app, account.id)).toMatchObject({ batches: 1, events: 1 });
  });

  it('the same key with another batch: 422 idempotency_key_reused, nothing queued or charged', async () => {
    const { app, receiver } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/reused`);
    const key = newKey();
    const first = await post(app, '/v1/validate/async/batch', account.live, key, {
      vat_numbers: freshNumbers('DE', 1),
    });
    expect(first.status, first.text).toBe(202);
    const other = await post(app, '/v1/validate/async/batch', account.live, key, {
      vat_numbers: freshNumbers('DE', 2),
    });
    expect(other.status, other.text).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    // The same key on another endpoint is another request too.
    const single = await post(app, '/v1/validate/async', account.live, key, {
      vat_number: freshNumbers('DE', 1)[0],
    });
    expect(single.body.error.code).toBe('idempotency_key_reused');
    expect(await usageOf(app, account.id)).toBe(1);
    expect(await queuedFor(app, account.id)).toMatchObject({ batches: 1, items: 1 });
  });

  it('a single async request sent twice: one item, one charge, one validation.completed', async () => {
    const { app, receiver } = stack;
    const account = await app.account('pro');
    await configureWebhook(app, account.live, `${receiver.url}/single`);
    const key = newKey();
    const body = { vat_number: freshNumbers('NO', 1)[0] };
    const [first, second] = await Promise.all([
      post(app, '/v1/validate/async', account.live, key, body),
      post(app, '/v1/validate/async', account.live, key, body),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.text).toBe(second.text);
    expect([first, second].filter((res) => res.headers.get('idempotent-replayed') === 'true')).toHaveLength(
      1,
    );
    const requestId = first.body.data.request_id;
    await waitForEvent(receiver, (event) => event.data?.request_id === requestId);
    await until(async () => (await jobCount(app)) === 0, 30_000, 'jobs table drained');
    expect(matching(receiver, (_event, request) => request.path === '/hook/single')).toHaveLength(1);
    expect(await usageOf(app, account.id)).toBe(1);
    expect(await queuedFor(app, account.id)).toMatchObject({ items: 1, events: 1 });
  });

  for (const [path, bodyOf] of [
    ['/v1/validate/async', () => ({ vat_number: freshNumbers('DE', 1)[0] })],
    ['/v1/validate/async/batch', () => ({ vat_numbers: freshNumbers('DE', 2) })],
  ] as const) {
    it(`${path}: the acceptance and its stored answer commit together; when the answer cannot be stored, nothing is queued or charged`, async () => {
      const { app, receiver } = stack;
      const account = await app.account('business');
      await configureWebhook(app, account.live, `${receiver.url}/refused-${serial}`);
      const key = newKey();
      const body = bodyOf();
      const units = 'vat_numbers' in body ? body.vat_numbers.length : 1;
      await withAnswerRefused(app, key, async () => {
        const refused = await post(app, path, account.live, key, body);
        expect(refused.status, refused.text).toBeGreaterThanOrEqual(500);
        expect(await usageOf(app, account.id)).toBe(0);
        expect(await queuedFor(app, account.id)).toMatchObject({ batches: 0, items: 0 });
        expect(
          await app.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute(),
        ).toEqual([]);
      });
      await answeredOnce(() => post(app, path, account.live, key, body), 202);
      expect(await usageOf(app, account.id)).toBe(units);
      expect(await queuedFor(app, account.id)).toMatchObject({ items: units });
      await untilSettled(app, account.id);
    });
  }

  it('webhook test and replay retried: one delivery each; a config PUT with rotate_secret rotates once', async () => {
    const { app, receiver } = stack;
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.test, `${receiver.url}/hooks`);

    const testKey = newKey();
    const sent = await post(app, '/v1/webhooks/test', account.test, testKey);
    expect(sent.status, sent.text).toBe(200);
    const resent = await post(app, '/v1/webhooks/test', account.test, testKey, {});
    expect(resent.headers.get('idempotent-replayed')).toBe('true');
    expect(resent.body.data.id).toBe(sent.body.data.id);

    const replayKey = newKey();
    const replayPath = `/v1/webhooks/deliveries/${sent.body.data.id}/replay`;
    const replayed = await post(app, replayPath, account.test, replayKey);
    expect(replayed.status, replayed.text).toBe(200);
    const again = await post(app, replayPath, account.test, replayKey);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(replayed.body.data.id);
    expect((await deliveryRows(app, account.id)).map((row) => row.id).sort()).toEqual(
      [sent.body.data.id, replayed.body.data.id].sort(),
    );
    expect(matching(receiver, (_event, request) => request.path === '/hook/hooks')).toHaveLength(2);

    const rotateKey = newKey();
    const put = (url: string) =>
      app.request('PUT', '/v1/webhooks/config', {
        key: account.test,
        body: { url, rotate_secret: true },
        headers: { 'idempotency-key': rotateKey },
      });
    const rotated = await put(hook.url);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.data.signing_secret).not.toBe(hook.signing_secret);
    const retried = await put(hook.url);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const current = await app.request('GET', '/v1/webhooks/config', { key: account.test });
    expect(current.body.data.signing_secret).toBe(rotated.body.data.signing_secret);
    expect((await put(`${receiver.url}/elsewhere`)).body.error.code).toBe('idempotency_key_reused');
  });
});
