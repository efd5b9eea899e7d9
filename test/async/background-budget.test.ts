import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { type AsyncStack, configureWebhook, startAsyncStack, waitForEvent } from './support.js';

/**
 * Background work waits its turn under a registry's rate limit: an async batch of more HMRC
 * numbers than the limit lets through within a request's queue budget is answered in one pass,
 * each number asked once, instead of being refused and retried on the async schedule.
 */
describeEachDialect('async items under a registry rate limit', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, {
      // One HMRC call a second, and a request budget of one second: a sync request for the fifth
      // number would be refused at once; background work may wait.
      env: { HMRC_RATE_LIMIT: '1/1s', REGISTRY_BUDGET_MS: '1000', ASYNC_RETRY_DELAYS_MS: '60000' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers every number of the batch on its first attempt', async () => {
    const { app, receiver, sim } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/limited`);
    const numbers = ['GB123456727', 'GB200000179', 'GB300000214', 'GB400000359', 'GB500000491001'];
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: numbers },
    });
    expect(res.status, res.text).toBe(202);
    const { event } = await waitForEvent(
      receiver,
      (e) => e.type === 'batch.completed' && e.data.batch_id === res.body.data.batch_id,
      30_000,
    );
    expect(event.data.summary).toMatchObject({ total: 5, failed: 0 });
    for (const number of numbers) expect(sim.statsOf('hmrc').callsByNumber[number], number).toBe(1);
  });
});
