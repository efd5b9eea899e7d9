import { FormatRegistry, Kind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { ErrorObject } from '../../src/errors.js';
import { AnswerMeta, ValidationData } from '../../src/validation/answer.js';
import { BatchItem } from '../../src/validation/batch-item.js';
import { EVENT_SCHEMAS, EVENT_TYPES } from '../../src/webhooks/events.js';
import { ISO_MS, matching, useAsyncStack, verified, waitForEvent } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';

/**
 * POST /v1/webhooks/trigger: a sample of every event kind, made by the builders of the real events
 * from test-mode answers, sent to the test-mode endpoints subscribed to it. Each sample must match
 * its kind's published schema (the one the OpenAPI document's `webhooks` section shows) and
 * verify with the `standardwebhooks` package.
 */

const REFERENCES: Record<string, TSchema> = { ValidationData, AnswerMeta, BatchItem, ErrorObject };

/**
 * The schema with every reference replaced by the schema it names: TypeBox cannot see through a
 * reference which members an intersection declares (`unevaluatedProperties: false`).
 */
function inlined(schema: unknown): TSchema {
  if (Array.isArray(schema)) return schema.map(inlined) as unknown as TSchema;
  if (schema === null || typeof schema !== 'object') return schema as TSchema;
  const node = schema as Record<string | symbol, unknown>;
  if (node[Kind] === 'Ref') return inlined(REFERENCES[node.$ref as string]);
  const copy: Record<string | symbol, unknown> = { ...node };
  for (const key of Object.keys(node)) copy[key] = inlined(node[key]);
  return copy as unknown as TSchema;
}

describeEachDialect('sample events (POST /v1/webhooks/trigger)', (dialect) => {
  const stack = useAsyncStack(dialect);
  const req = (path: string, key: string, body?: unknown, headers?: Record<string, string>) =>
    stack.app.request('POST', path, { key, body, headers });
  beforeAll(() => {
    if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => ISO_MS.test(value));
    if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', (value) => URL.canParse(value));
  });

  it.each(EVENT_TYPES)(
    '%s: a normal test-mode event, built as the real one, signed for each subscribed endpoint',
    async (kind) => {
      const account = await stack.app.account('pro');
      const every = await stack.app.request('POST', '/v1/webhooks/endpoints', {
        key: account.test,
        body: { url: `${stack.receiver.url}/every` },
      });
      const only = await stack.app.request('POST', '/v1/webhooks/endpoints', {
        key: account.test,
        body: { url: `${stack.receiver.url}/only`, events: [kind] },
      });
      const res = await req('/v1/webhooks/trigger', account.test, { event: kind });
      expect(res.status, res.text).toBe(200);
      // Both endpoints were made in the same millisecond or two: which is "oldest" is not
      // something this test can rely on, so the deliveries are compared as a set.
      expect(res.body.data).toEqual({
        event_id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        event: kind,
        deliveries: expect.arrayContaining([
          expect.objectContaining({
            endpoint_id: every.body.data.id,
            status: 'delivered',
            last_status_code: 200,
          }),
          expect.objectContaining({
            endpoint_id: only.body.data.id,
            status: 'delivered',
            last_status_code: 200,
          }),
        ]),
      });
      expect(res.body.data.deliveries).toHaveLength(2);
      const eventId: string = res.body.data.event_id;
      const arrived = matching(stack.receiver, (event) => event.id === eventId);
      expect(arrived.map(({ request }) => request.path).sort()).toEqual(['/hook/every', '/hook/only']);
      for (const { request } of arrived) {
        const secret =
          request.path === '/hook/every' ? every.body.data.signing_secret : only.body.data.signing_secret;
        const event = verified(secret, request);
        expect(event).toMatchObject({ id: eventId, type: kind, created_at: expect.stringMatching(ISO_MS) });
        const errors = [...Value.Errors(inlined(EVENT_SCHEMAS[kind]), event)].map(
          (e) => `${e.path}: ${e.message}`,
        );
        expect(errors, JSON.stringify(event)).toEqual([]);
      }
      const body = JSON.parse(arrived[0].request.body);
      // Marked as a sample where the kind carries a reference; test-mode answers where it has them.
      if ('reference' in body.data) expect(body.data.reference).toBe('sample');
      if (body.data.meta) expect(body.data.meta.source).toBe('test');
      for (const item of body.data.results ?? []) {
        if ('data' in item) expect(item.meta).toMatchObject({ source: 'test', reference: 'sample' });
      }
    },
  );

  it('data of the samples: what test mode answers for its magic numbers', async () => {
    const account = await stack.app.account('business');
    await stack.app.request('POST', '/v1/webhooks/endpoints', {
      key: account.test,
      body: { url: `${stack.receiver.url}/data` },
    });
    const sent = async (kind: string) => {
      const res = await req('/v1/webhooks/trigger', account.test, { event: kind });
      expect(res.status, res.text).toBe(200);
      return (await waitForEvent(stack.receiver, (event) => event.id === res.body.data.event_id)).event;
    };
    expect((await sent('validation.completed')).data).toMatchObject({
      vat_number: 'DE123456704',
      valid: true,
      company: { name: 'Musterfirma Test GmbH' },
      validation_id: expect.stringMatching(/^val_[0-9a-f]{32}$/),
    });
    expect((await sent('validation.failed')).data).toMatchObject({
      vat_number: 'DE999999903',
      error: { code: 'upstream_unavailable' },
    });
    expect((await sent('batch.completed')).data.summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    expect((await sent('monitor.changed')).data).toMatchObject({
      vat_number: 'NL123456782B01',
      changes: [{ field: 'company.name', from: 'Testbedrijf Holding B.V.', to: 'Testbedrijf B.V.' }],
    });
    const bulk = (await sent('bulk.completed')).data;
    expect(bulk.results_url).toBe(`http://localhost:3000/v1/bulk/${bulk.bulk_id}/results`);
  });

  it('a live key: 403 forbidden, nothing sent', async () => {
    const account = await stack.app.account('pro');
    await stack.app.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: `${stack.receiver.url}/live` },
    });
    for (const body of [{ event: 'test' }, { event: 'nope' }, {}]) {
      const res = await req('/v1/webhooks/trigger', account.live, body);
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.message).toContain('test key');
    }
    expect(
      await stack.app.database.db
        .selectFrom('events')
        .select('id')
        .where('account_id', '=', account.id)
        .execute(),
    ).toEqual([]);
  });

  it('bad input: an unknown kind is 422 naming it; a missing or odd body 422; no subscribed endpoint 400', async () => {
    const account = await stack.app.account('pro');
    const unknown = await req('/v1/webhooks/trigger', account.test, { event: 'invoice.paid' });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.error.code).toBe('validation_error');
    expect(unknown.body.error.message).toMatch(/^event: unknown event kind "invoice\.paid"; the kinds are /);
    for (const kind of EVENT_TYPES) expect(unknown.body.error.message).toContain(kind);
    for (const body of [{}, { event: '' }, { event: 7 }, { event: 'test', extra: 1 }, { event: '*' }]) {
      const res = await req('/v1/webhooks/trigger', account.test, body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
    }
    const none = await req('/v1/webhooks/trigger', account.test, { event: 'batch.completed' });
    expect(none.status, none.text).toBe(400);
    expect(none.body.error.code).toBe('webhook_not_configured');
    await stack.app.request('POST', '/v1/webhooks/endpoints', {
      key: account.test,
      body: { url: `${stack.receiver.url}/tests-only`, events: ['test'] },
    });
    const unsubscribed = await req('/v1/webhooks/trigger', account.test, { event: 'batch.completed' });
    expect(unsubscribed.status, unsubscribed.text).toBe(400);
    expect(unsubscribed.body.error.message).toContain('subscribes to batch.completed');
  });

  it('an Idempotency-Key sends the sample once; a retry gets the first answer', async () => {
    const account = await stack.app.account('pro');
    await stack.app.request('POST', '/v1/webhooks/endpoints', {
      key: account.test,
      body: { url: `${stack.receiver.url}/once` },
    });
    const headers = { 'idempotency-key': `trigger-${account.id}` };
    const first = await req('/v1/webhooks/trigger', account.test, { event: 'monitor.changed' }, headers);
    const again = await req('/v1/webhooks/trigger', account.test, { event: 'monitor.changed' }, headers);
    expect(first.status, first.text).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const events = await stack.app.database.db
      .selectFrom('events')
      .select('id')
      .where('account_id', '=', account.id)
      .execute();
    expect(events.map((event) => event.id)).toEqual([first.body.data.event_id]);
  });
});
