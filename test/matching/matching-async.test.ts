/**
 * Trader fields on the asynchronous channel (wave-2 C1): a single request's fields and a batch
 * item's fields travel with the item's job, and the events carry `data.match`; the same number
 * with other trader fields in one batch is its own item.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AsyncStack, configureWebhook, startAsyncStack, waitForEvent } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';

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
});
