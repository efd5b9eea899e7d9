import { expect, it } from 'vitest';
import {
  configureWebhook,
  deliveryRows,
  ISO_MS,
  matching,
  untilSettled,
  useAsyncStack,
  verified,
  waitForEvent,
} from '../async/support.js';
import { upload } from '../bulk/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';

/**
 * Webhook endpoints: several per key mode, each with its URL, its own secret and the event kinds it
 * subscribes to; every event goes to every enabled endpoint subscribed to it, each delivery naming
 * its endpoint; the configuration routes keep managing the mode's first endpoint. Real HTTPS
 * receiver, signatures verified with the `standardwebhooks` package.
 */

const ENDPOINT_ID = /^we_[0-9A-Za-z]{20}$/;
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describeEachDialect('webhook endpoints', (dialect) => {
  const stack = useAsyncStack(dialect);
  const req = (method: string, path: string, key: string, body?: unknown, headers?: Record<string, string>) =>
    stack.app.request(method, path, { key, body, headers });
  const hook = (name: string) => `${stack.receiver.url}/${name}`;

  /** POST /v1/webhooks/endpoints, expecting 201; the endpoint with its secret. */
  async function add(key: string, body: Record<string, unknown>) {
    const res = await req('POST', '/v1/webhooks/endpoints', key, body);
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; url: string; signing_secret: string; events: string[] };
  }

  it('POST adds an endpoint with its own secret, subscribed to every kind unless told; GET lists them without secrets', async () => {
    const account = await stack.app.account('pro');
    const res = await req('POST', '/v1/webhooks/endpoints', account.live, { url: hook('every') });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(ENDPOINT_ID),
        url: hook('every'),
        enabled: true,
        events: ['*'],
        description: null,
        signing_secret: expect.stringMatching(SECRET),
        created_at: expect.stringMatching(ISO_MS),
        expires_at: null,
      },
      meta: { request_id: expect.any(String) },
    });
    const second = await add(account.live, {
      url: hook('some'),
      events: ['batch.completed', 'validation.failed', 'batch.completed'],
      description: 'Billing',
      enabled: false,
    });
    expect(second).toMatchObject({
      events: ['batch.completed', 'validation.failed'],
      description: 'Billing',
    });
    expect(second.signing_secret).not.toBe(res.body.data.signing_secret);

    const list = await req('GET', '/v1/webhooks/endpoints', account.live);
    expect(list.status, list.text).toBe(200);
    const { signing_secret: _first, ...firstShown } = res.body.data;
    const { signing_secret: _second, ...secondShown } = second;
    expect(list.body.data).toEqual([firstShown, { ...secondShown, enabled: false }]);
    const one = await req('GET', `/v1/webhooks/endpoints/${second.id}`, account.live);
    expect(one.body.data).toEqual({ ...secondShown, enabled: false });
    // Each key mode has its own: the test key sees none of the live ones.
    expect((await req('GET', '/v1/webhooks/endpoints', account.test)).body.data).toEqual([]);
    expect((await req('GET', `/v1/webhooks/endpoints/${second.id}`, account.test)).status).toBe(404);
  });

  it('PATCH changes the members sent; rotate_secret answers a new secret, the old one signing too for a day; DELETE removes it', async () => {
    const account = await stack.app.account('pro');
    const endpoint = await add(account.test, { url: hook('patch'), description: 'first' });
    const patched = await req('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, account.test, {
      url: hook('patched'),
      events: ['test'],
      description: null,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ url: hook('patched'), events: ['test'], description: null });
    expect(patched.body.data.signing_secret).toBeUndefined();

    const rotated = await req('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, account.test, {
      rotate_secret: true,
    });
    expect(rotated.status, rotated.text).toBe(200);
    const secret: string = rotated.body.data.signing_secret;
    expect(secret).toMatch(SECRET);
    expect(secret).not.toBe(endpoint.signing_secret);
    const sent = await req('POST', '/v1/webhooks/test', account.test);
    expect(sent.body.data).toMatchObject({
      status: 'delivered',
      endpoint_id: endpoint.id,
      url: hook('patched'),
    });
    const [arrived] = matching(stack.receiver, (event) => event.id === sent.body.data.event_id);
    expect(verified(secret, arrived.request).id).toBe(sent.body.data.event_id);
    expect(verified(endpoint.signing_secret, arrived.request).id).toBe(sent.body.data.event_id);

    const paused = await req('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, account.test, {
      enabled: false,
    });
    expect(paused.body.data.enabled).toBe(false);
    expect((await req('POST', '/v1/webhooks/test', account.test)).body.error.code).toBe(
      'webhook_not_configured',
    );

    const deleted = await req('DELETE', `/v1/webhooks/endpoints/${endpoint.id}`, account.test);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.data).toEqual({ id: endpoint.id, deleted: true });
    for (const [method, body] of [['GET'], ['PATCH', { enabled: true }], ['DELETE']] as const) {
      const again = await req(method, `/v1/webhooks/endpoints/${endpoint.id}`, account.test, body);
      expect(again.status, `${method} ${again.text}`).toBe(404);
      expect(again.body.error.code).toBe('not_found');
    }
    // Its deliveries stay, still naming it.
    const listed = await req('GET', `/v1/webhooks/deliveries?endpoint_id=${endpoint.id}`, account.test);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([sent.body.data.id]);
  });

  it('the configuration is the first permanent endpoint: PUT creates it subscribed to every kind, DELETE removes only it', async () => {
    const account = await stack.app.account('business');
    const config = await configureWebhook(stack.app, account.live, hook('config'));
    const other = await add(account.live, { url: hook('other'), events: ['batch.completed'] });
    const list = (await req('GET', '/v1/webhooks/endpoints', account.live)).body.data;
    expect(list.map((e: { url: string; events: string[] }) => [e.url, e.events])).toEqual([
      [hook('config'), ['*']],
      [hook('other'), ['batch.completed']],
    ]);
    expect(list[0].created_at).toBe(config.created_at);

    // PUT changes the first endpoint only, and never its subscription.
    const moved = await configureWebhook(stack.app, account.live, hook('config-2'), { rotate_secret: true });
    expect(moved.signing_secret).not.toBe(config.signing_secret);
    const after = (await req('GET', '/v1/webhooks/endpoints', account.live)).body.data;
    expect(after[0]).toMatchObject({ id: list[0].id, url: hook('config-2'), events: ['*'] });
    expect(after[1]).toEqual(list[1]);

    // A temporary endpoint is never the configuration.
    const temporary = await add(account.test, { url: hook('listen'), expires_in: 60 });
    expect((await req('GET', '/v1/webhooks/config', account.test)).status).toBe(404);
    const testConfig = await configureWebhook(stack.app, account.test, hook('test-config'));
    expect(testConfig.url).toBe(hook('test-config'));
    const testEndpoints = (await req('GET', '/v1/webhooks/endpoints', account.test)).body.data;
    expect(testEndpoints.map((e: { id: string }) => e.id)).toEqual([temporary.id, expect.any(String)]);

    expect((await req('DELETE', '/v1/webhooks/config', account.live)).status).toBe(200);
    const left = (await req('GET', '/v1/webhooks/endpoints', account.live)).body.data;
    expect(left.map((e: { id: string }) => e.id)).toEqual([other.id]);
    // The next oldest permanent endpoint is the configuration now.
    expect((await req('GET', '/v1/webhooks/config', account.live)).body.data.url).toBe(hook('other'));
  });

  it('an event goes to every enabled endpoint subscribed to it, signed with each one’s secret; each delivery names its endpoint', async () => {
    const account = await stack.app.account('business');
    const every = await add(account.live, { url: hook('fan-every') });
    const completed = await add(account.live, {
      url: hook('fan-completed'),
      events: ['validation.completed'],
    });
    const paused = await add(account.live, { url: hook('fan-paused'), enabled: false });
    const batches = await add(account.live, { url: hook('fan-batches'), events: ['batch.completed'] });

    const res = await req('POST', '/v1/validate/async', account.live, { vat_number: 'DE123456704' });
    expect(res.status, res.text).toBe(202);
    const requestId = res.body.data.request_id;
    await untilSettled(stack.app, account.id);
    const arrived = (path: string) =>
      matching(
        stack.receiver,
        (event, request) => event.data?.request_id === requestId && request.path === path,
      );
    const [toEvery] = arrived('/hook/fan-every');
    const [toCompleted] = arrived('/hook/fan-completed');
    expect(verified(every.signing_secret, toEvery.request).type).toBe('validation.completed');
    expect(verified(completed.signing_secret, toCompleted.request).type).toBe('validation.completed');
    expect(() => verified(every.signing_secret, toCompleted.request)).toThrow();
    expect(toEvery.request.body).toBe(toCompleted.request.body);
    expect(toEvery.request.headers['webhook-id']).toBe(toCompleted.request.headers['webhook-id']);
    expect(arrived('/hook/fan-paused')).toEqual([]);
    expect(arrived('/hook/fan-batches')).toEqual([]);

    const rows = await deliveryRows(stack.app, account.id);
    const byEndpoint = Object.fromEntries(rows.map((row) => [row.endpoint_id, row]));
    expect(rows).toHaveLength(3);
    expect(byEndpoint[every.id]).toMatchObject({ status: 'delivered', url: hook('fan-every') });
    expect(byEndpoint[completed.id]).toMatchObject({ status: 'delivered', url: hook('fan-completed') });
    expect(byEndpoint[paused.id]).toMatchObject({ status: 'failed', failure_reason: 'webhook_disabled' });
    expect(byEndpoint[batches.id]).toBeUndefined();

    // Per endpoint: the list filter, and a replay goes to the same endpoint.
    const mine = await req('GET', `/v1/webhooks/deliveries?endpoint_id=${completed.id}`, account.live);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ endpoint_id: completed.id, event: 'validation.completed' });
    const replay = await req('POST', `/v1/webhooks/deliveries/${mine.body.data[0].id}/replay`, account.live);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toMatchObject({
      endpoint_id: completed.id,
      status: 'delivered',
      replay_of: mine.body.data[0].id,
    });
    expect(arrived('/hook/fan-completed')).toHaveLength(2);
    expect(arrived('/hook/fan-every')).toHaveLength(1);
  });

  it('a replay of a removed endpoint’s delivery goes to the first endpoint if it subscribes to the kind, else is recorded as failed', async () => {
    const account = await stack.app.account('pro');
    const first = await configureWebhook(stack.app, account.test, hook('replay-first'));
    const second = await add(account.test, { url: hook('replay-second'), events: ['test'] });
    const sent = await req('POST', '/v1/webhooks/test', account.test);
    expect(sent.body.data.url).toBe(hook('replay-first'));
    const [original] = (await req('GET', `/v1/webhooks/deliveries?endpoint_id=${second.id}`, account.test))
      .body.data;
    expect(original).toMatchObject({ event_id: sent.body.data.event_id, status: 'delivered' });
    await req('DELETE', `/v1/webhooks/endpoints/${second.id}`, account.test);

    const [firstEndpoint] = (await req('GET', '/v1/webhooks/endpoints', account.test)).body.data;
    const replayed = await req('POST', `/v1/webhooks/deliveries/${original.id}/replay`, account.test);
    expect(replayed.status, replayed.text).toBe(200);
    expect(replayed.body.data).toMatchObject({
      endpoint_id: firstEndpoint.id,
      url: hook('replay-first'),
      status: 'delivered',
      replay_of: original.id,
    });
    const arrived = matching(
      stack.receiver,
      (event, request) => event.id === original.event_id && request.path === '/hook/replay-first',
    );
    expect(arrived).toHaveLength(2);
    expect(verified(first.signing_secret, arrived[1].request).id).toBe(original.event_id);

    await req('PATCH', `/v1/webhooks/endpoints/${firstEndpoint.id}`, account.test, {
      events: ['batch.completed'],
    });
    const nowhere = await req('POST', `/v1/webhooks/deliveries/${original.id}/replay`, account.test);
    expect(nowhere.body.data).toMatchObject({
      endpoint_id: null,
      url: null,
      status: 'failed',
      failure_reason: 'webhook_not_configured',
      attempts: 0,
    });
  });

  it('asynchronous requests need an enabled endpoint subscribed to each event they can end with', async () => {
    const account = await stack.app.account('pro');
    const one = { vat_number: 'DE123456704' };
    const many = { vat_numbers: ['DE123456704'] };
    const completedOnly = await add(account.live, { url: hook('need'), events: ['validation.completed'] });
    let res = await req('POST', '/v1/validate/async', account.live, one);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('webhook_not_configured');
    expect(res.body.error.message).toContain('subscribes to validation.failed');
    res = await req('POST', '/v1/validate/async/batch', account.live, many);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toContain('subscribes to batch.completed');

    const paused = await add(account.live, {
      url: hook('need-paused'),
      events: ['validation.failed', 'batch.completed'],
      enabled: false,
    });
    res = await req('POST', '/v1/validate/async', account.live, one);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toMatch(/subscribes to validation\.failed is disabled/);

    await req('PATCH', `/v1/webhooks/endpoints/${paused.id}`, account.live, { enabled: true });
    expect((await req('POST', '/v1/validate/async', account.live, one)).status).toBe(202);
    expect((await req('POST', '/v1/validate/async/batch', account.live, many)).status).toBe(202);
    await req('PATCH', `/v1/webhooks/endpoints/${completedOnly.id}`, account.live, { events: ['test'] });
    res = await req('POST', '/v1/validate/async', account.live, one);
    expect(res.body.error.message).toContain('subscribes to validation.completed');
    await untilSettled(stack.app, account.id);
  });

  it('a bulk file’s event goes only to endpoints subscribed to it', async () => {
    const account = await stack.app.account('pro');
    await add(account.test, { url: hook('bulk-none'), events: ['test'] });
    // Every row malformed: the file is completed at once.
    const first = await upload(stack.app, account.test, 'vat_number\nDE12\n');
    expect(first.status, first.text).toBe(202);
    expect(first.body.data.status).toBe('completed');
    expect(await deliveryRows(stack.app, account.id)).toEqual([]);

    const subscribed = await add(account.test, { url: hook('bulk'), events: ['bulk.completed'] });
    const second = await upload(stack.app, account.test, 'vat_number\nDE12\n');
    const { event, request } = await waitForEvent(
      stack.receiver,
      (e) => e.type === 'bulk.completed' && e.data.bulk_id === second.body.data.bulk_id,
    );
    expect(request.path).toBe('/hook/bulk');
    expect(verified(subscribed.signing_secret, request).id).toBe(event.id);
    expect((await deliveryRows(stack.app, account.id)).map((row) => row.endpoint_id)).toEqual([
      subscribed.id,
    ]);
  });

  it('a temporary endpoint: renewed by PATCH, and once expired gone from lists, deliveries and the limit; the sweep deletes its row', async () => {
    const account = await stack.app.account('pro');
    const before = Date.now();
    const temporary = await add(account.test, { url: hook('lease'), expires_in: 30 });
    const expiry = (value: string) => Date.parse(value) - before;
    const created = (await req('GET', `/v1/webhooks/endpoints/${temporary.id}`, account.test)).body.data;
    expect(expiry(created.expires_at)).toBeGreaterThanOrEqual(30_000);
    expect(expiry(created.expires_at)).toBeLessThan(40_000);
    const renewed = await req('PATCH', `/v1/webhooks/endpoints/${temporary.id}`, account.test, {
      expires_in: 120,
    });
    expect(expiry(renewed.body.data.expires_at)).toBeGreaterThanOrEqual(120_000);
    const permanent = await add(account.test, { url: hook('stays'), events: ['test'] });

    stack.app.clock.advance(121_000);
    try {
      expect(
        (await req('GET', '/v1/webhooks/endpoints', account.test)).body.data.map((e: { id: string }) => e.id),
      ).toEqual([permanent.id]);
      expect((await req('GET', `/v1/webhooks/endpoints/${temporary.id}`, account.test)).status).toBe(404);
      expect(
        (await req('PATCH', `/v1/webhooks/endpoints/${temporary.id}`, account.test, { expires_in: 60 }))
          .status,
      ).toBe(404);
      const sent = await req('POST', '/v1/webhooks/test', account.test);
      expect(sent.body.data.endpoint_id).toBe(permanent.id);
      expect(
        matching(
          stack.receiver,
          (e, request) => e.id === sent.body.data.event_id && request.path === '/hook/lease',
        ),
      ).toEqual([]);

      // The sweep (a recurring job, which may have run already with the clock moved on).
      await stack.app.stores.webhooks.deleteExpiredEndpoints(stack.app.clock.now());
      const rows = await stack.app.database.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('account_id', '=', account.id)
        .execute();
      expect(rows.map((row) => row.id)).toEqual([permanent.id]);
    } finally {
      stack.app.clock.advance(-121_000);
    }
  });

  it('an eleventh endpoint is 409 endpoint_limit_exceeded; racing creations never pass ten', async () => {
    const account = await stack.app.account('business');
    for (let index = 0; index < 7; index++) await add(account.live, { url: hook(`limit-${index}`) });
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        req('POST', '/v1/webhooks/endpoints', account.live, { url: hook(`race-${index}`) }),
      ),
    );
    expect(racing.map((res) => res.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = racing.find((res) => res.status === 409)!;
    expect(refused.body.error).toMatchObject({
      code: 'endpoint_limit_exceeded',
      docs_url: expect.stringMatching(/\/docs\/errors\/endpoint_limit_exceeded$/),
    });
    expect((await req('GET', '/v1/webhooks/endpoints', account.live)).body.data).toHaveLength(10);
    // PUT /v1/webhooks/config updates the first one: no eleventh.
    expect((await req('PUT', '/v1/webhooks/config', account.live, { url: hook('config') })).status).toBe(200);
    // The other mode has its own ten.
    await add(account.test, { url: hook('other-mode') });
    // A removed endpoint makes room again.
    const [first] = (await req('GET', '/v1/webhooks/endpoints', account.live)).body.data;
    await req('DELETE', `/v1/webhooks/endpoints/${first.id}`, account.live);
    await add(account.live, { url: hook('room') });
    expect((await req('GET', '/v1/webhooks/endpoints', account.live)).body.data).toHaveLength(10);
  });

  it('racing first PUTs of the configuration make one endpoint', async () => {
    const account = await stack.app.account('business');
    const puts = await Promise.all(
      Array.from({ length: 5 }, () =>
        req('PUT', '/v1/webhooks/config', account.live, { url: hook('race-config') }),
      ),
    );
    expect(puts.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const list = (await req('GET', '/v1/webhooks/endpoints', account.live)).body.data;
    expect(list).toHaveLength(1);
    expect(new Set(puts.map((res) => res.body.data.signing_secret)).size).toBe(1);
  });

  it('with no configuration, PUT /v1/webhooks/config at ten temporary endpoints is 409 too', async () => {
    const account = await stack.app.account('business');
    for (let index = 0; index < 10; index++)
      await add(account.test, { url: hook(`tmp-${index}`), expires_in: 60 });
    const res = await req('PUT', '/v1/webhooks/config', account.test, { url: hook('config') });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe('endpoint_limit_exceeded');
  });

  it('bad input: 422 validation_error saying what is wrong, nothing stored', async () => {
    const account = await stack.app.account('business');
    const refused: Array<[unknown, RegExp]> = [
      [{}, /url/],
      [{ url: 'not a url' }, /url/],
      [{ url: 'http://hooks.example.com/x' }, /^url: .*HTTPS/],
      [{ url: 'https://10.0.0.1/x' }, /^url: .*private/],
      [
        { url: hook('x'), events: ['validation.done', 'batch.complete'] },
        /unknown event kinds "validation\.done", "batch\.complete"; the kinds are validation\.completed, /,
      ],
      [{ url: hook('x'), events: ['nope'] }, /^events: unknown event kind "nope"/],
      [{ url: hook('x'), events: ['*', 'test'] }, /"\*" stands for every kind/],
      [{ url: hook('x'), events: [] }, /events/],
      [{ url: hook('x'), events: 'test' }, /events/],
      [{ url: hook('x'), events: [''] }, /events/],
      [{ url: hook('x'), description: 'x'.repeat(257) }, /description/],
      // PostgreSQL text cannot hold NUL: refused on both engines, not a 500 on one of them.
      [
        { url: hook('x'), description: 'a\u0000b' },
        /^description: must have no control or format characters/,
      ],
      [{ url: hook('x'), description: 'line\nbreak' }, /^description: must have no control/],
      [{ url: hook('x'), description: '\u202eevil' }, /^description: must have no control/],
      [{ url: hook('x'), expires_in: 10 }, /expires_in/],
      [{ url: hook('x'), expires_in: 90_000 }, /expires_in/],
      [{ url: hook('x'), expires_in: 1.5 }, /expires_in/],
      [{ url: hook('x'), signing_secret: 'whsec_mine' }, /signing_secret/],
      [{ url: hook('x'), enabled: 'yes' }, /enabled/],
    ];
    for (const [body, message] of refused) {
      const res = await req('POST', '/v1/webhooks/endpoints', account.live, body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await req('GET', '/v1/webhooks/endpoints', account.live)).body.data).toEqual([]);

    const endpoint = await add(account.live, { url: hook('kept'), events: ['test'], description: 'Kept 🧾' });
    for (const [body, message] of [
      [{}, /properties|at least/i],
      [{ description: '\u0000' }, /^description: must have no control/],
      [{ description: 'a\u0007b' }, /^description: must have no control/],
      [{ url: 'https://192.168.1.1/x' }, /^url: .*private/],
      [{ events: ['tests'] }, /^events: unknown event kind "tests"/],
      [{ expires_in: 5 }, /expires_in/],
      [{ rotate_secret: 'yes' }, /rotate_secret/],
      [{ mode: 'live' }, /mode/],
    ] as Array<[unknown, RegExp]>) {
      const res = await req('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, account.live, body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
      expect(res.body.error.message, JSON.stringify(body)).toMatch(message);
    }
    const kept = (await req('GET', `/v1/webhooks/endpoints/${endpoint.id}`, account.live)).body.data;
    expect(kept).toMatchObject({
      url: hook('kept'),
      events: ['test'],
      description: 'Kept 🧾',
      expires_at: null,
    });

    const notJson = await req('POST', '/v1/webhooks/endpoints', account.live, '{"url":', {
      'content-type': 'application/json',
    });
    expect(notJson.status, notJson.text).toBe(400);
    expect(notJson.body.error.code).toBe('invalid_json');
  });

  it('ids of another account, another key mode or none: 404 not_found', async () => {
    const owner = await stack.app.account('pro');
    const stranger: TestAccount = await stack.app.account('pro');
    const endpoint = await add(owner.live, { url: hook('mine') });
    for (const [key, id] of [
      [stranger.live, endpoint.id],
      [owner.test, endpoint.id],
      [owner.live, 'we_00000000000000000000'],
      [owner.live, 'nothing'],
    ]) {
      for (const [method, body] of [['GET'], ['PATCH', { enabled: false }], ['DELETE']] as const) {
        const res = await req(method, `/v1/webhooks/endpoints/${id}`, key, body);
        expect(res.status, `${method} ${id} ${res.text}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    expect((await req('GET', `/v1/webhooks/endpoints/${endpoint.id}`, owner.live)).body.data.enabled).toBe(
      true,
    );
  });

  it('Free: 403 tier_insufficient on every endpoint route and on trigger', async () => {
    const account = await stack.app.account('free');
    for (const key of [account.live, account.test]) {
      for (const [method, path, body] of [
        ['GET', '/v1/webhooks/endpoints'],
        ['POST', '/v1/webhooks/endpoints', { url: hook('free') }],
        ['GET', '/v1/webhooks/endpoints/we_x'],
        ['PATCH', '/v1/webhooks/endpoints/we_x', { enabled: false }],
        ['DELETE', '/v1/webhooks/endpoints/we_x'],
        ['POST', '/v1/webhooks/trigger', { event: 'test' }],
      ] as const) {
        const res = await req(method, path, key, body);
        expect(res.status, `${method} ${path} ${res.text}`).toBe(403);
        expect(res.body.error.code).toBe('tier_insufficient');
      }
    }
  });

  it('POST with an Idempotency-Key makes one endpoint, and a retry gets the first answer', async () => {
    const account = await stack.app.account('pro');
    const headers = { 'idempotency-key': `endpoint-${account.id}` };
    const first = await req('POST', '/v1/webhooks/endpoints', account.live, { url: hook('once') }, headers);
    const again = await req('POST', '/v1/webhooks/endpoints', account.live, { url: hook('once') }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await until(
      async () => (await req('GET', '/v1/webhooks/endpoints', account.live)).body.data.length === 1,
      30_000,
      'one endpoint',
    );
  });
});
