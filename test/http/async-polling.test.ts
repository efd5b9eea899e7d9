import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  type AsyncStack,
  configureWebhook,
  freshNumbers,
  ISO_MS,
  startAsyncStack,
  UUID,
  until,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount, TestApp } from '../helpers/harness.js';

/**
 * Async results without a webhook (wave-2 A9): a single request's state and result, a batch's
 * progress, and its results in input order with positions, paged by cursor. Real app, real worker,
 * the registry simulator made to fail where a test needs a number to stay pending.
 */

/** Three registry retries 400 ms apart: long enough to see a number pending between attempts. */
const RETRY_DELAYS = '400,400,400';

describeEachDialect('GET /v1/validate/async/…: polling for results', (dialect) => {
  let stack: AsyncStack;
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, {
      // Polling in a tight loop would reach the burst limit.
      env: { ASYNC_RETRY_DELAYS_MS: RETRY_DELAYS, TIER_LIMITS: '{"business":{"burst_per_minute":1000000}}' },
    });
    account = await stack.app.account('business');
    other = await stack.app.account('business');
    await configureWebhook(stack.app, account.live, `${stack.receiver.url}/poll`);
  });
  afterEach(() => {
    stack.sim.setBehaviour('vies', { mode: 'up', latencyMs: 0, times: undefined });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const get = (app: TestApp, path: string, key = account.live) => app.request('GET', path, { key });

  it('a single number: completed with the answer and its record id', async () => {
    const { app } = stack;
    const [number] = freshNumbers('DE', 1);
    const accepted = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: number },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const id = accepted.body.data.request_id;
    const res = await until(async () => {
      const polled = await get(app, `/v1/validate/async/${id}`);
      return polled.body?.data?.status === 'completed' && polled;
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        request_id: id,
        status: 'completed',
        vat_number: number,
        reference: null,
        attempts: 1,
        next_attempt_at: null,
        created_at: expect.stringMatching(ISO_MS),
        completed_at: expect.stringMatching(ISO_MS),
        result: {
          data: {
            valid: false,
            vat_number: number,
            country_code: 'DE',
            company: null,
            consultation_number: null,
            requested_at: expect.stringMatching(ISO_MS),
            match: null,
          },
          meta: {
            cached: false,
            source: 'vies',
            source_status: 'live',
            validation_id: expect.stringMatching(/^val_[0-9a-f]{32}$/),
          },
        },
        error: null,
      },
      meta: { request_id: expect.any(String) },
    });
    const record = await app.database.db
      .selectFrom('validations')
      .select(['id', 'vat_number'])
      .where('id', '=', res.body.data.result.meta.validation_id)
      .executeTakeFirstOrThrow();
    expect(record.vat_number).toBe(number);
  });

  it('a single number while the registry is down: pending with the next attempt, then failed', async () => {
    const { app, sim } = stack;
    sim.setBehaviour('vies', { mode: 'down' });
    const [number] = freshNumbers('DE', 1);
    const accepted = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: number },
    });
    const id = accepted.body.data.request_id;
    const pending = await until(async () => {
      const polled = await get(app, `/v1/validate/async/${id}`);
      return polled.body?.data?.attempts >= 1 && polled.body.data.next_attempt_at !== null && polled;
    });
    expect(pending.body.data).toMatchObject({
      status: 'pending',
      result: null,
      error: null,
      completed_at: null,
    });
    expect(pending.body.data.next_attempt_at).toMatch(ISO_MS);
    expect(Date.parse(pending.body.data.next_attempt_at)).toBeGreaterThan(
      Date.parse(pending.body.data.created_at),
    );

    const failed = await until(async () => {
      const polled = await get(app, `/v1/validate/async/${id}`);
      return polled.body?.data?.status === 'failed' && polled;
    });
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      attempts: 4,
      next_attempt_at: null,
      result: null,
      error: { code: 'upstream_unavailable', message: expect.any(String) },
    });
    expect(failed.body.data.completed_at).toMatch(ISO_MS);
  });

  it('a batch: progress, then every accepted position in input order, paged by cursor', async () => {
    const { app, sim } = stack;
    sim.setBehaviour('vies', { mode: 'down' });
    const [de] = freshNumbers('DE', 1);
    const [no] = freshNumbers('NO', 1);
    // Positions: 0 DE, 1 rejected, 2 NO, 3 the DE again (a duplicate shares its item).
    const inputs = [de, 'DE12345', no, de.toLowerCase()];
    const accepted = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: inputs },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const batchId = accepted.body.data.batch_id;

    // brreg answers at once; VIES keeps the DE number pending through its retries.
    const processing = await until(async () => {
      const polled = await get(app, `/v1/validate/async/batch/${batchId}`);
      return polled.body?.data?.processed === 1 && polled;
    });
    expect(processing.body).toEqual({
      data: {
        batch_id: batchId,
        status: 'processing',
        total: 4,
        accepted: 3,
        rejected: 1,
        processed: 1,
        succeeded: 1,
        failed: 0,
        created_at: expect.stringMatching(ISO_MS),
        completed_at: null,
      },
      meta: { request_id: expect.any(String) },
    });
    const partial = await get(app, `/v1/validate/async/batch/${batchId}/results?limit=100`);
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.data).toEqual([
      { position: 0, status: 'pending', meta: { vat_number: de } },
      expect.objectContaining({ position: 2, data: expect.objectContaining({ vat_number: no }) }),
      { position: 3, status: 'pending', meta: { vat_number: de.toLowerCase() } },
    ]);
    expect(partial.body.meta).toEqual({ request_id: expect.any(String), next_cursor: null, has_more: false });

    const done = await until(async () => {
      const polled = await get(app, `/v1/validate/async/batch/${batchId}`);
      return polled.body?.data?.status === 'completed' && polled;
    });
    expect(done.body.data).toMatchObject({ processed: 3, succeeded: 1, failed: 2 });
    expect(done.body.data.completed_at).toMatch(ISO_MS);

    const first = await get(app, `/v1/validate/async/batch/${batchId}/results?limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((item: { position: number }) => item.position)).toEqual([0, 2]);
    expect(first.body.data[0]).toEqual({
      position: 0,
      error: {
        code: 'upstream_unavailable',
        message: expect.any(String),
        docs_url: 'http://localhost:3000/docs/errors/upstream_unavailable',
        vat_number: de,
      },
      meta: { vat_number: de },
    });
    expect(first.body.data[1]).toMatchObject({
      position: 2,
      data: { vat_number: no, valid: false },
      meta: { source: 'brreg', validation_id: expect.stringMatching(/^val_/) },
    });
    expect(first.body.meta.has_more).toBe(true);
    expect(first.body.meta.next_cursor).toEqual(expect.any(String));

    const second = await get(
      app,
      `/v1/validate/async/batch/${batchId}/results?limit=2&cursor=${first.body.meta.next_cursor}`,
    );
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toEqual([
      {
        position: 3,
        error: expect.objectContaining({ code: 'upstream_unavailable', vat_number: de.toLowerCase() }),
        meta: { vat_number: de.toLowerCase() },
      },
    ]);
    expect(second.body.meta).toEqual({ request_id: expect.any(String), next_cursor: null, has_more: false });

    // The default page holds them all (20), and the items are those of batch.completed.
    const all = await get(app, `/v1/validate/async/batch/${batchId}/results`);
    expect(all.body.data.map((item: { position: number }) => item.position)).toEqual([0, 2, 3]);
  });

  it("another account's ids, a test key's, unknown ids: 404 not_found", async () => {
    const { app } = stack;
    const single = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: freshNumbers('NO', 1)[0] },
    });
    const batch = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: freshNumbers('NO', 2) },
    });
    const paths = [
      `/v1/validate/async/${single.body.data.request_id}`,
      `/v1/validate/async/batch/${batch.body.data.batch_id}`,
      `/v1/validate/async/batch/${batch.body.data.batch_id}/results`,
    ];
    for (const path of paths) {
      expect((await get(app, path)).status, path).toBe(200);
      for (const key of [other.live, other.test, account.test]) {
        const res = await get(app, path, key);
        expect(res.status, `${path} ${key.slice(0, 9)}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    for (const path of [
      '/v1/validate/async/00000000-0000-4000-8000-000000000000',
      '/v1/validate/async/not-an-id',
      '/v1/validate/async/batch/00000000-0000-4000-8000-000000000000',
      '/v1/validate/async/batch/nope/results',
      // A batch's id is not a request id, nor a request's a batch id.
      `/v1/validate/async/${batch.body.data.batch_id}`,
      `/v1/validate/async/batch/${single.body.data.request_id}`,
    ]) {
      const res = await get(app, path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    // A batch item is not a request of its own.
    const item = await app.database.db
      .selectFrom('async_items')
      .select('id')
      .where('batch_id', '=', batch.body.data.batch_id)
      .executeTakeFirstOrThrow();
    expect((await get(app, `/v1/validate/async/${item.id}`)).status).toBe(404);
    expect((await app.request('GET', paths[0])).status).toBe(401);
  });

  it('bad paging and query input: 422 validation_error', async () => {
    const { app } = stack;
    const make = async () =>
      (
        await app.request('POST', '/v1/validate/async/batch', {
          key: account.live,
          body: { vat_numbers: freshNumbers('NO', 3) },
        })
      ).body.data.batch_id as string;
    const batchId = await make();
    const otherBatch = await make();
    await until(
      async () => (await get(app, `/v1/validate/async/batch/${otherBatch}`)).body.data.status === 'completed',
    );
    const foreignCursor = (await get(app, `/v1/validate/async/batch/${otherBatch}/results?limit=1`)).body.meta
      .next_cursor;
    expect(foreignCursor).toEqual(expect.any(String));
    const base = `/v1/validate/async/batch/${batchId}/results`;
    const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=-1',
      'limit=1.5',
      'cursor=%%%',
      'cursor=not-a-cursor',
      `cursor=${foreignCursor}`,
      `cursor=${cursorOf(`${batchId}:0`)}`,
      `cursor=${cursorOf(`${batchId}:3`)}`,
      `cursor=${cursorOf(`${batchId}:x`)}`,
      `cursor=${cursorOf(`${batchId}:1:2`)}`,
      `cursor=${'a'.repeat(201)}`,
      'status=pending',
    ]) {
      const res = await get(app, `${base}?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error.code, query).toBe('validation_error');
    }
    const second = (await get(app, `${base}?limit=2`)).body.meta.next_cursor;
    const valid = await get(app, `${base}?limit=1&cursor=${second}`);
    expect(valid.status, valid.text).toBe(200);
    expect(valid.body.data[0].position).toBe(2);
    for (const path of [`/v1/validate/async/batch/${batchId}?limit=1`, `/v1/validate/async/${batchId}?x=1`]) {
      const res = await get(app, path);
      expect(res.status, path).toBe(422);
    }
    expect(UUID.test(batchId)).toBe(true);
  });
});
