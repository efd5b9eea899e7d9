import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import {
  ASYNC_RETRIES,
  type AsyncStack,
  configureWebhook,
  freshNumbers,
  ISO_MS,
  matching,
  PUBLIC_URL,
  startAsyncStack,
  usageOf,
  verified,
  waitForEvent,
} from './support.js';

/**
 * Spec section 3 rules 3 and 4, decisions section 6: a registry failing during processing is
 * retried on the schedule (ASYNC_RETRY_DELAYS_MS, milliseconds here); once the retries are used up a
 * single answers `validation.failed` and a batch item becomes a failure item, and the batch still
 * completes. No number reaches the registry more than 1 + retries times.
 */
describeEachDialect('async validation: registry failures and retries', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterEach(() => {
    stack.sim.setBehaviour('vies', { mode: 'up', latencyMs: 0, times: undefined });
    stack.sim.setBehaviour('brreg', { mode: 'up', latencyMs: 0, times: undefined });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('registry down for the first two attempts, then up: the answer arrives after the retries', async () => {
    const { app, sim, receiver } = stack;
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, `${receiver.url}/flaky`);
    const [number] = freshNumbers('DE', 1);
    sim.setBehaviour('vies', { mode: 'down', times: 2 });

    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: number },
    });
    expect(res.status, res.text).toBe(202);
    const { request } = await waitForEvent(receiver, (e) => e.data?.request_id === res.body.data.request_id);
    const event = verified(hook.signing_secret, request);
    expect(event.type).toBe('validation.completed');
    expect(event.data).toMatchObject({
      valid: false,
      vat_number: number,
      request_id: res.body.data.request_id,
      meta: { cached: false, source: 'vies', source_status: 'live' },
    });
    // Two 503s, then the answer: three calls, the item settled on its third attempt.
    expect(sim.statsOf('vies').callsByNumber[number]).toBe(3);
    const item = await app.database.db
      .selectFrom('async_items')
      .select(['status', 'attempts'])
      .where('id', '=', res.body.data.request_id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ status: 'completed', attempts: 3 });
  });

  it('registry down for good: validation.failed after 1 + retries attempts; usage stays counted', async () => {
    const { app, sim, receiver } = stack;
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, `${receiver.url}/down`);
    const [number] = freshNumbers('NO', 1);
    sim.setBehaviour('brreg', { mode: 'down' });

    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: number.replace('MVA', '') },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data.vat_number).toBe(number);
    const { request } = await waitForEvent(receiver, (e) => e.data?.request_id === res.body.data.request_id);
    const event = verified(hook.signing_secret, request);
    expect(event).toEqual({
      id: request.headers['webhook-id'],
      type: 'validation.failed',
      created_at: expect.stringMatching(ISO_MS),
      data: {
        request_id: res.body.data.request_id,
        vat_number: number,
        reference: null,
        error: { code: 'upstream_unavailable', message: expect.any(String) },
      },
    });
    expect(sim.statsOf('brreg').callsByNumber[number]).toBe(1 + ASYNC_RETRIES);
    expect(await usageOf(app, account.id)).toBe(1);
    // Exactly one event for it, and no job left behind.
    expect(matching(receiver, (e) => e.data?.request_id === res.body.data.request_id)).toHaveLength(1);
  });

  it('200 items, 3 to a registry that is down: batch.completed with 197 successes and 3 failures', async () => {
    const { app, sim, receiver } = stack;
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, `${receiver.url}/mixed`);
    const down = freshNumbers('NO', 3);
    const up = freshNumbers('DE', 197);
    const inputs = [...up];
    // The failing numbers at the start, the middle and the end, written as customers might.
    inputs.splice(0, 0, down[0]);
    inputs.splice(100, 0, down[1].replace('NO', 'no ').replace('MVA', ''));
    inputs.push(down[2]);
    expect(inputs).toHaveLength(200);
    sim.setBehaviour('brreg', { mode: 'down' });

    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: inputs },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'pending', total: 200, accepted: 200, rejected: [] });
    expect(await usageOf(app, account.id)).toBe(200);

    const batchId = res.body.data.batch_id;
    const { request } = await waitForEvent(
      receiver,
      (e) => e.data?.batch_id === batchId,
      60_000,
      stack.explain,
    );
    const event = verified(hook.signing_secret, request);
    expect(event.type).toBe('batch.completed');
    expect(event.data.summary).toEqual({ total: 200, succeeded: 197, failed: 3 });
    const { results } = event.data;
    expect(results).toHaveLength(200);
    const failedAt = [0, 100, 199];
    results.forEach((result: { data?: { vat_number: string }; error?: unknown }, index: number) => {
      if (failedAt.includes(index)) {
        expect(result).toEqual({
          error: {
            code: 'upstream_unavailable',
            message: expect.any(String),
            docs_url: `${PUBLIC_URL}/docs/errors/upstream_unavailable`,
            vat_number: inputs[index],
          },
          meta: { vat_number: inputs[index] },
        });
      } else {
        // In input order: each success answers the number at its own position.
        expect(result.data?.vat_number, `position ${index}`).toBe(inputs[index]);
        expect(result).toMatchObject({ data: { valid: false }, meta: { source: 'vies' } });
      }
    });
    const vies = sim.statsOf('vies').callsByNumber;
    const brreg = sim.statsOf('brreg').callsByNumber;
    for (const number of up) expect(vies[number], number).toBe(1);
    for (const number of down) expect(brreg[number], number).toBe(1 + ASYNC_RETRIES);
    expect(matching(receiver, (e) => e.data?.batch_id === batchId)).toHaveLength(1);
    expect(await usageOf(app, account.id)).toBe(200);
  });
});
