/**
 * Trader fields on the asynchronous channel (wave-2 C1): a single request's fields and a batch
 * item's fields travel with the item's job, and the events carry `data.match`; the same number
 * with other trader fields in one batch is its own item. Without trader fields `data.match` is
 * null, not absent (C2), on every channel, answers stored before that rule included.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AsyncStack, configureWebhook, startAsyncStack, waitForEvent } from '../async/support.js';
import { validate, validateBatch } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';

const TRADER = { trader_name: 'Alpenblick Handels GmbH' };
const REGISTRY_MATCH = { name: 'match', method: 'registry' };

describeEachDialect('matching on the asynchronous channel', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('compares a single request’s trader fields in validation.completed', async () => {
    const { app, receiver } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/match-single`);
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'ATU12345675', trader_name: 'Alpenblick Handels GmbH', trader_city: 'Graz' },
    });
    expect(res.status, res.text).toBe(202);
    const { event } = await waitForEvent(receiver, (e) => e.data?.request_id === res.body.data.request_id);
    expect(event.type).toBe('validation.completed');
    expect(event.data.match).toEqual({
      name: 'match',
      company_type: 'not_processed',
      street: 'not_processed',
      postcode: 'not_processed',
      city: 'mismatch',
      method: 'registry',
    });
  });

  it('compares each batch item’s own trader fields in batch.completed', async () => {
    const { app, receiver } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/match-batch`);
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: {
        vat_numbers: [
          { vat_number: 'NL123456782B01', trader_name: 'Grachten Techniek BV' },
          { vat_number: 'NL123456782B01', trader_name: 'Someone Else BV' },
          'NL123456782B01',
        ],
      },
    });
    expect(res.status, res.text).toBe(202);
    const { event } = await waitForEvent(receiver, (e) => e.data?.batch_id === res.body.data.batch_id);
    expect(event.type).toBe('batch.completed');
    const [first, second, third] = event.data.results;
    expect(first.data.match).toMatchObject({ name: 'match', method: 'computed' });
    expect(second.data.match).toMatchObject({ name: 'mismatch', method: 'computed' });
    expect(third.data.match).toBeNull();
  });

  it('sends data.match as null, not absent, without trader fields: GET, a sync batch item, a polled async result, one stored before the rule', async () => {
    const { app, receiver } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/match-null`);

    const plain = await validate(app, account.live, 'ATU12345675');
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.data).toHaveProperty('match', null);
    const compared = await validate(app, account.live, 'ATU12345675', TRADER);
    expect(compared.body.data.match).toMatchObject(REGISTRY_MATCH);

    const batch = await validateBatch(app, account.live, [], {
      vat_numbers: ['ATU12345675', { vat_number: 'ATU12345675', ...TRADER }],
    });
    expect(batch.status, batch.text).toBe(200);
    const [plainItem, comparedItem] = batch.body.data.results;
    expect(plainItem.data).toHaveProperty('match', null);
    expect(comparedItem.data.match).toMatchObject(REGISTRY_MATCH);

    /** POST /v1/validate/async, then GET /v1/validate/async/{id} once its event says it is settled. */
    const settled = async (body: Record<string, string>) => {
      const accepted = await app.request('POST', '/v1/validate/async', { key: account.live, body });
      expect(accepted.status, accepted.text).toBe(202);
      const id = accepted.body.data.request_id;
      await waitForEvent(receiver, (e) => e.data?.request_id === id);
      const polled = await app.request('GET', `/v1/validate/async/${id}`, { key: account.live });
      expect(polled.body.data.status, polled.text).toBe('completed');
      return { id, data: polled.body.data.result.data };
    };
    const single = await settled({ vat_number: 'ATU12345675' });
    expect(single.data).toHaveProperty('match', null);
    expect((await settled({ vat_number: 'ATU12345675', ...TRADER })).data.match).toMatchObject(
      REGISTRY_MATCH,
    );

    // A result stored before match was always sent has no member at all: it still reads as null.
    const row = await app.database.db
      .selectFrom('async_items')
      .select('result')
      .where('id', '=', single.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.result!);
    delete stored.answer.data.match;
    await app.database.db
      .updateTable('async_items')
      .set({ result: JSON.stringify(stored) })
      .where('id', '=', single.id)
      .execute();
    const old = await app.request('GET', `/v1/validate/async/${single.id}`, { key: account.live });
    expect(old.status, old.text).toBe(200);
    expect(old.body.data.result.data).toHaveProperty('match', null);
  });
});
