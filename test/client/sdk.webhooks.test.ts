import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AsyncStack,
  freshNumbers,
  headersOf,
  startAsyncStack,
  until,
  verified,
  waitForEvent,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useInstalledSdk } from './packed.js';

/**
 * `client.webhooks.verify` of the SDK installed from its tarball (WebCrypto, no Node.js module):
 * it accepts what the reference Standard Webhooks library signs and refuses what that library
 * refuses, one test per way to fail; and it verifies the service's real deliveries, sent to a
 * local HTTPS receiver after the webhook was set up and tested through the SDK.
 */

const sdk = useInstalledSdk();

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const OTHER_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const BODY = JSON.stringify({ id: 'evt_1', type: 'test', created_at: '2026-11-28T10:00:00.000Z', data: {} });

/** Headers of a delivery signed by the reference library, `secondsAgo` before now. */
function signed(body: string, secondsAgo = 0, secret = SECRET) {
  const at = new Date(Date.now() - secondsAgo * 1000);
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
  };
}

describe('webhooks.verify against the Standard Webhooks library', () => {
  const verify = (body: string | Uint8Array, headers: Record<string, string> | Headers, secret = SECRET) =>
    new sdk.VatClient().webhooks.verify(body, headers, secret);

  const refusal = async (body: string, headers: Record<string, string>, secret = SECRET) => {
    const error = await verify(body, headers, secret).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(sdk.WebhookVerificationError);
    expect(error).toMatchObject({ code: 'webhook_verification_failed' });
    // The reference library refuses it too.
    expect(() => new Webhook(secret).verify(body, headers)).toThrow();
    return (error as Error).message;
  };

  it('accepts what the library signs: as text, as bytes, with a Headers object or Node.js headers', async () => {
    const headers = signed(BODY);
    expect(await verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(await verify(new TextEncoder().encode(BODY), new Headers(headers))).toEqual(JSON.parse(BODY));
    const nodeStyle = { ...headers, 'webhook-signature': [headers['webhook-signature']] };
    expect(await sdk.verifyWebhook(Buffer.from(BODY), nodeStyle, SECRET)).toMatchObject({ type: 'test' });
  });

  it('accepts a delivery with several signatures when one matches (a secret being rotated)', async () => {
    const headers = signed(BODY);
    const other = signed(BODY, 0, OTHER_SECRET)['webhook-signature'];
    const rotated = { ...headers, 'webhook-signature': `${other} v2,abc ${headers['webhook-signature']}` };
    expect(await verify(BODY, rotated)).toMatchObject({ id: 'evt_1' });
    expect(new Webhook(SECRET).verify(BODY, rotated)).toMatchObject({ id: 'evt_1' });
  });

  it('refuses another secret, a changed body, a signature cut short', async () => {
    expect(await refusal(BODY, signed(BODY), OTHER_SECRET)).toMatch(/No signature/);
    expect(await refusal(BODY.replace('test', 'tess'), signed(BODY))).toMatch(/No signature/);
    const headers = signed(BODY);
    await refusal(BODY, { ...headers, 'webhook-signature': headers['webhook-signature'].slice(0, 20) });
    await refusal(BODY, { ...headers, 'webhook-signature': 'v1,not base64!' });
    await refusal(BODY, { ...headers, 'webhook-id': 'msg_2' });
  });

  it('refuses a timestamp more than five minutes old or ahead, or not a number', async () => {
    expect(await refusal(BODY, signed(BODY, 6 * 60))).toMatch(/signed \d+ s ago/);
    expect(await refusal(BODY, signed(BODY, -6 * 60))).toMatch(/in the future/);
    await refusal(BODY, { ...signed(BODY), 'webhook-timestamp': 'yesterday' });
    expect(await verify(BODY, signed(BODY, 4 * 60))).toMatchObject({ type: 'test' });
  });

  it('refuses a delivery without each of its three headers', async () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const headers: Record<string, string> = signed(BODY);
      delete headers[name];
      expect(await refusal(BODY, headers)).toContain(name);
    }
  });

  it('refuses a secret that is not the whsec_ value, as a bad option', async () => {
    const error = await verify(BODY, signed(BODY), 'whsec_').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(sdk.VatServiceError);
    expect(error).toMatchObject({ code: 'invalid_options' });
  });

  it('agrees with the library on any body, signed or tampered with', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.boolean(),
        async (text, tamper) => {
          const body = JSON.stringify({ type: 'test', text });
          const headers = signed(body);
          const sent = tamper ? `${body} ` : body;
          const ours = await verify(sent, headers).then(
            () => true,
            () => false,
          );
          let theirs = true;
          try {
            new Webhook(SECRET).verify(sent, headers);
          } catch {
            theirs = false;
          }
          expect(ours).toBe(theirs);
          expect(ours).toBe(!tamper);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describeEachDialect('webhooks through the SDK', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(() => stack?.close());

  it('sets up the webhook, verifies a test event and its replay, and validates asynchronously', async () => {
    const account = await stack.app.account('pro');
    const vat = new sdk.VatClient({ apiKey: account.live, baseUrl: stack.app.url });
    const url = `${stack.receiver.url}/sdk-${account.id}`;
    const config = await vat.webhooks.setConfig({ url });
    const secret = config.data.signing_secret;
    expect((await vat.webhooks.getConfig()).data.url).toBe(url);

    const sent = await vat.webhooks.sendTest();
    expect(sent.response.status).toBe(200);
    const { request } = await waitForEvent(
      stack.receiver,
      (event, req) => event.type === 'test' && req.path.endsWith(account.id),
    );
    const event = await vat.webhooks.verify(request.body, request.headers as Record<string, string>, secret);
    expect(event).toEqual(verified(secret, request));
    expect(event.type).toBe('test');

    const deliveries: string[] = [];
    for await (const delivery of vat.webhooks.deliveries.list({ limit: 1 })) deliveries.push(delivery.id);
    expect(deliveries).toHaveLength(1);
    expect((await vat.webhooks.deliveries.get(deliveries[0])).data.event).toBe('test');

    await vat.webhooks.deliveries.replay(deliveries[0]);
    const replays = await stack.receiver.waitFor(
      (requests) => requests.filter((req) => req.path.endsWith(account.id)).length >= 2,
    );
    const replay = replays.filter((req) => req.path.endsWith(account.id))[1];
    expect(await vat.webhooks.verify(replay.body, headersOf(replay), secret)).toEqual(event);
    // Asynchronous validation: accepted at once, polled, and delivered as a verified event.
    const [number] = freshNumbers('DE', 1);
    const accepted = await vat.validations.async.validate({ vat_number: number, reference: 'sdk-async' });
    expect(accepted.response.status).toBe(202);
    const requestId = accepted.data.request_id;
    const settled = await until(async () => {
      const state = await vat.validations.async.get(requestId);
      return state.data.status === 'completed' && state.data;
    });
    expect(settled.result?.data.vat_number).toBe(number);
    const completed = await waitForEvent(
      stack.receiver,
      (candidate) => candidate.type === 'validation.completed' && candidate.data.request_id === requestId,
    );
    const typed = await vat.webhooks.verify(completed.request.body, headersOf(completed.request), secret);
    expect(typed.type === 'validation.completed' && typed.data.reference).toBe('sdk-async');

    const numbers = freshNumbers('DE', 3);
    const batch = await vat.validations.async.batch({ vat_numbers: numbers });
    const batchId = batch.data.batch_id!;
    await until(async () => (await vat.validations.async.getBatch(batchId)).data.status === 'completed');
    const results: string[] = [];
    for await (const item of vat.validations.async.batchResults(batchId, { limit: 2 }))
      results.push('data' in item ? item.data.vat_number : JSON.stringify(item));
    expect(results).toEqual(numbers);

    await vat.webhooks.deleteConfig();
    expect(await vat.webhooks.getConfig().catch((caught: unknown) => caught)).toBeInstanceOf(
      sdk.NotFoundError,
    );
  });
});

describeEachDialect('webhook endpoints and sample events through the SDK', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(() => stack?.close());

  /** What the call threw (it must throw). */
  const failure = async (call: PromiseLike<unknown>) => {
    const outcome = await Promise.resolve(call).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome, 'the call succeeded').toBeInstanceOf(sdk.VatServiceError);
    return outcome as InstanceType<typeof sdk.VatServiceError>;
  };

  it('adds, reads, changes, rotates and removes an endpoint; lists and replays its deliveries', async () => {
    const account = await stack.app.account('pro');
    const vat = new sdk.VatClient({ apiKey: account.live, baseUrl: stack.app.url });
    const url = `${stack.receiver.url}/sdk-endpoint-${account.id}`;
    const created = await vat.webhooks.endpoints.create({ url, events: ['test'], description: 'billing' });
    expect(created.response.status).toBe(201);
    const { id, signing_secret: first } = created.data;
    expect(id).toMatch(/^we_/);
    expect(first).toMatch(/^whsec_/);

    const listed = await vat.webhooks.endpoints.list();
    expect(listed.data.map((endpoint) => [endpoint.id, endpoint.signing_secret])).toEqual([[id, undefined]]);
    expect((await vat.webhooks.endpoints.get(id)).data).toMatchObject({ url, events: ['test'] });
    const changed = await vat.webhooks.endpoints.update(id, { description: 'ops' });
    expect(changed.data.description).toBe('ops');
    const rotated = await vat.webhooks.endpoints.rotateSecret(id);
    const secret = rotated.data.signing_secret!;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(first);

    await vat.webhooks.sendTest();
    const { request } = await waitForEvent(stack.receiver, (_event, req) => req.path.endsWith(account.id));
    expect((await vat.webhooks.verify(request.body, headersOf(request), secret)).type).toBe('test');

    const deliveries: string[] = [];
    for await (const delivery of vat.webhooks.endpoints.deliveries(id, { limit: 1 })) {
      expect(delivery.endpoint_id).toBe(id);
      deliveries.push(delivery.id);
    }
    expect(deliveries).toHaveLength(1);
    const replay = await vat.webhooks.deliveries.replay(deliveries[0]);
    expect(replay.data.endpoint_id).toBe(id);
    await stack.receiver.waitFor(
      (requests) => requests.filter((req) => req.path.endsWith(account.id)).length >= 2,
    );

    expect((await vat.webhooks.endpoints.delete(id)).data).toEqual({ id, deleted: true });
    const gone = await failure(vat.webhooks.endpoints.get(id));
    expect(gone).toBeInstanceOf(sdk.NotFoundError);
  });

  it('refuses an eleventh endpoint of a key mode with a ConflictError', async () => {
    const account = await stack.app.account('pro');
    const vat = new sdk.VatClient({ apiKey: account.live, baseUrl: stack.app.url });
    for (let i = 0; i < 10; i++)
      await vat.webhooks.endpoints.create({ url: `${stack.receiver.url}/limit-${i}`, enabled: false });
    const error = await failure(vat.webhooks.endpoints.create({ url: `${stack.receiver.url}/limit-10` }));
    expect(error).toBeInstanceOf(sdk.ConflictError);
    expect(error).toMatchObject({ code: 'endpoint_limit_exceeded', status: 409 });
  });

  it('triggers a sample event with a test key, typed and verified; refuses a live key and an unsubscribed kind', async () => {
    const account = await stack.app.account('pro');
    const vat = new sdk.VatClient({ apiKey: account.test, baseUrl: stack.app.url });
    const url = `${stack.receiver.url}/sdk-trigger-${account.id}`;
    const endpoint = await vat.webhooks.endpoints.create({ url, events: ['batch.completed'] });

    const sent = await vat.webhooks.trigger('batch.completed');
    expect(sent.data).toMatchObject({ event: 'batch.completed', event_id: expect.stringMatching(/^evt_/) });
    expect(sent.data.deliveries).toEqual([
      expect.objectContaining({ endpoint_id: endpoint.data.id, status: 'delivered' }),
    ]);
    const { request } = await waitForEvent(stack.receiver, (event) => event.id === sent.data.event_id);
    const event = await vat.webhooks.verify(request.body, headersOf(request), endpoint.data.signing_secret!);
    expect(event.type === 'batch.completed' && event.data.summary.total).toBeGreaterThan(0);

    const live = new sdk.VatClient({ apiKey: account.live, baseUrl: stack.app.url });
    const forbidden = await failure(live.webhooks.trigger('batch.completed'));
    expect(forbidden).toBeInstanceOf(sdk.PermissionError);
    expect(forbidden).toMatchObject({ code: 'forbidden', status: 403 });

    const unsubscribed = await failure(vat.webhooks.trigger('monitor.changed'));
    expect(unsubscribed).toBeInstanceOf(sdk.ValidationError);
    expect(unsubscribed).toMatchObject({ code: 'webhook_not_configured', status: 400 });
    const unknown = await failure(vat.webhooks.trigger('validation.done' as never));
    expect(unknown).toBeInstanceOf(sdk.ValidationError);
    expect(unknown).toMatchObject({ code: 'validation_error', param: 'event' });
  });
});
