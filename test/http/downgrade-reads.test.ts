import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AsyncStack, configureWebhook, freshNumbers, startAsyncStack, until } from '../async/support.js';
import { resultsOf, upload, waitForCompletion } from '../bulk/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount, TestApp } from '../helpers/harness.js';
import { expectError } from './support.js';

/**
 * An account moved to a lower tier keeps reading what it was given: bulk files and their results,
 * async results, decisions and their proofs, validation records and proofs, its monitors. Taking on
 * new work still needs the tier, and each read stays the owning account's and key mode's alone.
 * Real app, real worker, the registry simulator over HTTP; the downgrade is the store's, as the
 * `accounts set-tier` command makes it.
 */

/** Free's 20 requests a minute would end the many reads below; the tier's features stay as they are. */
const TIER_LIMITS = JSON.stringify({
  free: { burst_per_minute: 1_000_000 },
  business: { burst_per_minute: 1_000_000 },
});

describeEachDialect('reads of accepted work after a downgrade', (dialect) => {
  let stack: AsyncStack;
  let app: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, { env: { TIER_LIMITS } });
    app = stack.app;
    account = await app.account('business');
    other = await app.account('business');
    await configureWebhook(app, account.live, `${stack.receiver.url}/downgrade`);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const get = (path: string, key = account.live) => app.request('GET', path, { key });

  /** What the account made on Business, each finished, before it moves to Free. */
  let work: {
    bulkId: string;
    requestId: string;
    batchId: string;
    decisionId: string;
    validationId: string;
    monitorId: string;
  };

  beforeAll(async () => {
    const [bulkNumber, single, batchNumber, validated, monitored] = freshNumbers('DE', 5);
    const bulk = await upload(app, account.live, `vat_number,reference\n${bulkNumber},row-1\nDE12,row-2\n`);
    expect(bulk.status, bulk.text).toBe(202);
    const one = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: single },
    });
    expect(one.status, one.text).toBe(202);
    const batch = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: [batchNumber, 'DE12'] },
    });
    expect(batch.status, batch.text).toBe(202);
    const decision = await app.request('POST', '/v1/decisions', {
      key: account.live,
      body: { seller: { country_code: 'DE' }, buyer: { country_code: 'AT' }, supply: { kind: 'goods' } },
    });
    expect(decision.status, decision.text).toBe(200);
    const validation = await get(`/v1/validate?vat_number=${validated}`);
    expect(validation.status, validation.text).toBe(200);
    const monitor = await app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: monitored, interval: 'weekly' },
    });
    expect(monitor.status, monitor.text).toBe(201);
    work = {
      bulkId: bulk.body.data.bulk_id,
      requestId: one.body.data.request_id,
      batchId: batch.body.data.batch_id,
      decisionId: decision.body.data.id,
      validationId: validation.body.meta.validation_id,
      monitorId: monitor.body.data.id,
    };

    await waitForCompletion(app, account.live, work.bulkId, 60_000);
    await until(
      async () => (await get(`/v1/validate/async/${work.requestId}`)).body?.data?.status === 'completed',
      60_000,
      'the async number completed',
    );
    await until(
      async () => (await get(`/v1/validate/async/batch/${work.batchId}`)).body?.data?.status === 'completed',
      60_000,
      'the async batch completed',
    );
    await until(
      async () => (await get(`/v1/monitors/${work.monitorId}`)).body?.data?.last_result !== null,
      60_000,
      "the monitor's first check",
    );

    expect(await app.stores.accounts.setTier(account.id, 'free')).toBe(true);
    // This process forgets the Business principal at once (another instance within a second).
    app.services.authenticator.forget();
    // The downgrade holds: new gated work is refused from here on.
    expectError(
      await app.request('POST', '/v1/validate/batch', { key: account.live, body: {} }),
      403,
      'tier_insufficient',
    );
  }, 180_000);

  it('reads the bulk file, its progress and its results', async () => {
    const progress = await get(`/v1/bulk/${work.bulkId}`);
    expect(progress.status, progress.text).toBe(200);
    expect(progress.body.data).toMatchObject({
      bulk_id: work.bulkId,
      status: 'completed',
      total: 2,
      rejected: 1,
    });
    const list = await get('/v1/bulk');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((file: { bulk_id: string }) => file.bulk_id)).toContain(work.bulkId);
    const { rows } = await resultsOf(app, account.live, work.bulkId);
    expect(rows).toHaveLength(3);
    expect(rows[1][1]).toBe('row-1');
    expect(rows[1][rows[0].indexOf('validation_id')]).toMatch(/^val_/);
    expect(rows[2][rows[0].indexOf('error_code')]).toBe('invalid_vat_format');
    const records = await get(`/v1/validations?bulk_id=${work.bulkId}`);
    expect(records.status, records.text).toBe(200);
    expect(records.body.data).toHaveLength(1);
  });

  it('reads the async results: one number, a batch and its items', async () => {
    const single = await get(`/v1/validate/async/${work.requestId}`);
    expect(single.status, single.text).toBe(200);
    expect(single.body.data.result.meta.validation_id).toMatch(/^val_/);
    const batch = await get(`/v1/validate/async/batch/${work.batchId}`);
    expect(batch.status, batch.text).toBe(200);
    expect(batch.body.data).toMatchObject({ status: 'completed', accepted: 1, rejected: 1 });
    const results = await get(`/v1/validate/async/batch/${work.batchId}/results`);
    expect(results.status, results.text).toBe(200);
    expect(results.body.data).toHaveLength(1);
  });

  it('reads the decision, lists it and proves it (JSON and PDF)', async () => {
    const one = await get(`/v1/decisions/${work.decisionId}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.id).toBe(work.decisionId);
    const list = await get('/v1/decisions');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((decision: { id: string }) => decision.id)).toEqual([work.decisionId]);
    const proof = await get(`/v1/decisions/${work.decisionId}/proof`);
    expect(proof.status, proof.text).toBe(200);
    expect(proof.body.data.decision.id).toBe(work.decisionId);
    const pdf = await fetch(`${app.url}/v1/decisions/${work.decisionId}/proof?format=pdf`, {
      headers: { authorization: `Bearer ${account.live}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('reads its validation records and their proofs', async () => {
    const record = await get(`/v1/validations/${work.validationId}`);
    expect(record.status, record.text).toBe(200);
    const proof = await get(`/v1/validations/${work.validationId}/proof`);
    expect(proof.status, proof.text).toBe(200);
    const list = await get('/v1/validations?limit=100');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((row: { id: string }) => row.id)).toContain(work.validationId);
  });

  it("reads its monitors and their checks' records", async () => {
    const one = await get(`/v1/monitors/${work.monitorId}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.last_result.validation_id).toMatch(/^val_/);
    const list = await get('/v1/monitors');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((monitor: { id: string }) => monitor.id)).toEqual([work.monitorId]);
    const history = await get(`/v1/validations?monitor_id=${work.monitorId}`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses new gated work with 403 tier_insufficient', async () => {
    const [number] = freshNumbers('DE', 1);
    const refused = [
      await upload(app, account.live, `vat_number\n${number}\n`),
      await app.request('POST', '/v1/validate/async', { key: account.live, body: { vat_number: number } }),
      await app.request('POST', '/v1/validate/async/batch', {
        key: account.live,
        body: { vat_numbers: [number] },
      }),
      await app.request('POST', '/v1/decisions', {
        key: account.live,
        body: { seller: { country_code: 'DE' }, buyer: { country_code: 'AT' }, supply: { kind: 'goods' } },
      }),
      await app.request('POST', '/v1/monitors', { key: account.live, body: { vat_number: number } }),
      await app.request('POST', `/v1/monitors/${work.monitorId}/check`, { key: account.live }),
      await app.request('PATCH', `/v1/monitors/${work.monitorId}`, {
        key: account.live,
        body: { status: 'active' },
      }),
      // The CSV export and the webhook endpoints are tier features in their own right.
      await get('/v1/validations/export'),
      await get('/v1/webhooks/deliveries'),
    ];
    for (const res of refused) expectError(res, 403, 'tier_insufficient');
    // Nothing of the refused work was made.
    expect((await get('/v1/bulk')).body.data).toHaveLength(1);
    expect((await get('/v1/decisions')).body.data).toHaveLength(1);
    expect((await get('/v1/monitors')).body.data).toHaveLength(1);
  });

  it("keeps reads to the owning account's key mode: another mode or account gets 404, no key 401", async () => {
    for (const key of [account.test, other.live]) {
      for (const path of [
        `/v1/bulk/${work.bulkId}`,
        `/v1/bulk/${work.bulkId}/results`,
        `/v1/validate/async/${work.requestId}`,
        `/v1/validate/async/batch/${work.batchId}`,
        `/v1/decisions/${work.decisionId}`,
        `/v1/decisions/${work.decisionId}/proof`,
        `/v1/validations/${work.validationId}`,
        `/v1/monitors/${work.monitorId}`,
      ]) {
        expectError(await get(path, key), 404, 'not_found');
      }
      for (const path of ['/v1/bulk', '/v1/decisions', '/v1/monitors']) {
        const list = await get(path, key);
        expect(list.status, list.text).toBe(200);
        expect(list.body.data).toEqual([]);
      }
    }
    for (const path of [
      `/v1/bulk/${work.bulkId}/results`,
      `/v1/decisions/${work.decisionId}`,
      '/v1/monitors',
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
  });
});
