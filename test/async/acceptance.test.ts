import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount } from '../helpers/harness.js';
import {
  type AsyncStack,
  configureWebhook,
  ISO_MS,
  queuedFor,
  setUsage,
  startAsyncStack,
  usageOf,
  verified,
  waitForEvent,
} from './support.js';

/**
 * Spec 4.4's table for both async endpoints and the check order of decisions section 4:
 * 401 → 429 burst → 403 tier → 403 test key → 400 invalid_json / 422 validation_error →
 * 400 webhook_not_configured → 422 invalid_vat_format → 429 quota → work.
 * Every refusal leaves nothing queued and nothing counted.
 */
describeEachDialect('async acceptance: the spec 4.4 cases and the check order', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const single = (key: string, body: unknown) =>
    stack.app.request('POST', '/v1/validate/async', { key, body });
  const batch = (key: string, body: unknown) =>
    stack.app.request('POST', '/v1/validate/async/batch', { key, body });

  async function expectNothingQueued(account: TestAccount) {
    expect(await queuedFor(stack.app, account.id)).toEqual({
      items: 0,
      batches: 0,
      events: 0,
      deliveries: 0,
    });
    expect(await usageOf(stack.app, account.id)).toBe(0);
  }

  async function readyAccount(tier: 'pro' | 'business' = 'pro') {
    const account = await stack.app.account(tier);
    const hook = await configureWebhook(stack.app, account.live, `${stack.receiver.url}/${account.id}`);
    return { account, hook };
  }

  describe('refusals', () => {
    it('invalid VAT format: 422 invalid_vat_format at once, not queued, not counted', async () => {
      const { account } = await readyAccount();
      const res = await single(account.live, { vat_number: 'DE12' });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'invalid_vat_format',
        message: expect.stringContaining('DE'),
      });
      const unknown = await single(account.live, { vat_number: 'XX123' });
      expect(unknown.status, unknown.text).toBe(422);
      expect(unknown.body.error.code).toBe('invalid_vat_format');
      // A bad requester refuses the whole request, on both endpoints.
      const requester = await single(account.live, {
        vat_number: 'DE123456704',
        requester_vat_number: 'AT1',
      });
      expect(requester.status, requester.text).toBe(422);
      expect(requester.body.error.message).toContain('requester_vat_number');
      const batchRequester = await batch(account.live, {
        vat_numbers: ['DE123456704'],
        requester_vat_number: 'AT1',
      });
      expect(batchRequester.status, batchRequester.text).toBe(422);
      expect(batchRequester.body.error.code).toBe('invalid_vat_format');
      await expectNothingQueued(account);
    });

    it('no webhook configured: 400 webhook_not_configured on both endpoints', async () => {
      const account = await stack.app.account('pro');
      const one = await single(account.live, { vat_number: 'DE123456704' });
      expect(one.status, one.text).toBe(400);
      expect(one.body.error.code).toBe('webhook_not_configured');
      const many = await batch(account.live, { vat_numbers: ['DE123456704'] });
      expect(many.status, many.text).toBe(400);
      expect(many.body.error.code).toBe('webhook_not_configured');
      await expectNothingQueued(account);
    });

    it('a webhook that exists but is disabled counts as not configured (400)', async () => {
      const account = await stack.app.account('business');
      const hook = await configureWebhook(stack.app, account.live, stack.receiver.url, { enabled: false });
      expect(hook.enabled).toBe(false);
      const one = await single(account.live, { vat_number: 'DE123456704' });
      expect(one.status, one.text).toBe(400);
      expect(one.body.error.code).toBe('webhook_not_configured');
      const many = await batch(account.live, { vat_numbers: ['DE123456704'] });
      expect(many.status, many.text).toBe(400);
      expect(many.body.error.code).toBe('webhook_not_configured');
      await expectNothingQueued(account);
    });

    it('Free tier: 403 tier_insufficient on both endpoints', async () => {
      const account = await stack.app.account('free');
      for (const [path, body] of [
        ['/v1/validate/async', { vat_number: 'DE123456704' }],
        ['/v1/validate/async/batch', { vat_numbers: ['DE123456704'] }],
      ] as const) {
        const res = await stack.app.request('POST', path, { key: account.live, body });
        expect(res.status, res.text).toBe(403);
        expect(res.body.error.code).toBe('tier_insufficient');
      }
      await expectNothingQueued(account);
    });

    it('test key: 403 forbidden on both endpoints, even with a webhook configured', async () => {
      const { account } = await readyAccount('business');
      const one = await single(account.test, { vat_number: 'DE123456704' });
      expect(one.status, one.text).toBe(403);
      expect(one.body.error.code).toBe('forbidden');
      const many = await batch(account.test, { vat_numbers: ['DE123456704'] });
      expect(many.status, many.text).toBe(403);
      expect(many.body.error.code).toBe('forbidden');
      expect(await queuedFor(stack.app, account.id)).toMatchObject({ items: 0, batches: 0, events: 0 });
    });

    it('batch too large: 201 on Pro and 1001 on Business are 422 validation_error; 200 and 1000 pass', async () => {
      const { account: pro } = await readyAccount('pro');
      const tooMany = await batch(pro.live, { vat_numbers: Array(201).fill('DE123456704') });
      expect(tooMany.status, tooMany.text).toBe(422);
      expect(tooMany.body.error.code).toBe('validation_error');
      expect(tooMany.body.error.message).toContain('200');
      await expectNothingQueued(pro);
      const fits = await batch(pro.live, { vat_numbers: Array(200).fill('DE123456704') });
      expect(fits.status, fits.text).toBe(202);
      expect(fits.body.data).toMatchObject({ status: 'pending', total: 200, accepted: 200, rejected: [] });

      const { account: business } = await readyAccount('business');
      const tooManyB = await batch(business.live, { vat_numbers: Array(1001).fill('DE123456704') });
      expect(tooManyB.status, tooManyB.text).toBe(422);
      expect(tooManyB.body.error.code).toBe('validation_error');
      await expectNothingQueued(business);
      const fitsB = await batch(business.live, { vat_numbers: Array(1000).fill('ATU12345675') });
      expect(fitsB.status, fitsB.text).toBe(202);
      expect(fitsB.body.data).toMatchObject({ status: 'pending', total: 1000, accepted: 1000 });
      // 1000 positions of one number: counted once.
      expect(fitsB.headers.get('x-ratelimit-remaining')).toBe(String(50000 - 1));

      const done = await waitForEvent(stack.receiver, (e) => e.data?.batch_id === fitsB.body.data.batch_id);
      expect(done.event.data.results).toHaveLength(1000);
      expect(done.event.data.summary).toEqual({ total: 1000, succeeded: 1000, failed: 0 });
    });

    it('empty batch and bodies of the wrong shape: 422 validation_error; an empty number: invalid_vat_format', async () => {
      const { account } = await readyAccount();
      for (const body of [{ vat_numbers: [] }, {}, { vat_numbers: 'DE1' }]) {
        const res = await batch(account.live, body);
        expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('validation_error');
      }
      for (const body of [{}, { vat_number: 42 }]) {
        const res = await single(account.live, body);
        expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('validation_error');
      }
      // An empty number is a malformed number, as on every channel (test/http/field-rules.test.ts).
      const empty = await single(account.live, { vat_number: '' });
      expect(empty.status, empty.text).toBe(422);
      expect(empty.body.error.code).toBe('invalid_vat_format');
      const emptyItems = await batch(account.live, { vat_numbers: ['', ' '] });
      expect(emptyItems.status, emptyItems.text).toBe(202);
      expect(emptyItems.body.data).toMatchObject({ batch_id: null, status: 'completed', accepted: 0 });
      expect(
        emptyItems.body.data.rejected.map((item: { error: { code: string } }) => item.error.code),
      ).toEqual(['invalid_vat_format', 'invalid_vat_format']);
      await expectNothingQueued(account);
    });

    it('monthly quota exceeded: 429 rate_limit_exceeded with quota headers, nothing queued', async () => {
      const { account } = await readyAccount('pro');
      await setUsage(stack.app, account.id, 10000 - 2);
      // Three unique numbers do not fit in the two units left; duplicates count once.
      const over = await batch(account.live, {
        vat_numbers: ['DE123456704', 'DE123456704', 'ATU12345675', 'FR10123456717', 'XX1'],
      });
      expect(over.status, over.text).toBe(429);
      expect(over.body.error.code).toBe('rate_limit_exceeded');
      expect(over.headers.get('x-ratelimit-limit')).toBe('10000');
      expect(over.headers.get('x-ratelimit-remaining')).toBe('2');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await queuedFor(stack.app, account.id)).toEqual({
        items: 0,
        batches: 0,
        events: 0,
        deliveries: 0,
      });
      expect(await usageOf(stack.app, account.id)).toBe(10000 - 2);

      const fits = await batch(account.live, { vat_numbers: ['DE123456704', 'de123456704', 'ATU12345675'] });
      expect(fits.status, fits.text).toBe(202);
      expect(fits.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(await usageOf(stack.app, account.id)).toBe(10000);

      const one = await single(account.live, { vat_number: 'DE123456704' });
      expect(one.status, one.text).toBe(429);
      expect(one.body.error.code).toBe('rate_limit_exceeded');
      expect(one.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(await queuedFor(stack.app, account.id)).toMatchObject({ items: 2, batches: 1 });
    });

    it('all items rejected: 202, batch_id null, status completed, accepted 0, no event, nothing counted', async () => {
      const { account } = await readyAccount();
      const res = await batch(account.live, { vat_numbers: ['XX1', 'DE12', 'hello'] });
      expect(res.status, res.text).toBe(202);
      expect(res.body).toEqual({
        data: {
          batch_id: null,
          status: 'completed',
          total: 3,
          accepted: 0,
          rejected: [
            { vat_number: 'XX1', error: { code: 'invalid_vat_format', message: expect.any(String) } },
            { vat_number: 'DE12', error: { code: 'invalid_vat_format', message: expect.any(String) } },
            { vat_number: 'hello', error: { code: 'invalid_vat_format', message: expect.any(String) } },
          ],
          reference: null,
        },
        meta: { request_id: expect.any(String), request_duration_ms: expect.any(Number) },
      });
      expect(res.headers.get('x-ratelimit-remaining')).toBe('10000');
      expect(res.headers.get('x-ratelimit-reset')).toMatch(ISO_MS);
      // No batch, no item, no job behind them: no event can ever come.
      await expectNothingQueued(account);
    });
  });

  describe('check order (decisions section 4)', () => {
    it('test key with a bad body → 403 forbidden (the key is judged before the body)', async () => {
      const account = await stack.app.account('pro'); // no webhook either
      for (const body of ['{not json', {}, { vat_numbers: Array(5000).fill('X') }]) {
        const res = await batch(account.test, body);
        expect(res.status, res.text).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
      const res = await single(account.test, '{"vat_number":');
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    });

    it('Free test key → 403 tier_insufficient (tier before test key)', async () => {
      const account = await stack.app.account('free');
      const res = await single(account.test, {});
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.code).toBe('tier_insufficient');
    });

    it('bad body before missing webhook: 400 invalid_json, 422 validation_error', async () => {
      const account = await stack.app.account('pro');
      const json = await single(account.live, '{"vat_number":');
      expect(json.status, json.text).toBe(400);
      expect(json.body.error.code).toBe('invalid_json');
      const big = await batch(account.live, { vat_numbers: Array(201).fill('DE123456704') });
      expect(big.status, big.text).toBe(422);
      expect(big.body.error.code).toBe('validation_error');
      const missing = await single(account.live, {});
      expect(missing.status, missing.text).toBe(422);
      expect(missing.body.error.code).toBe('validation_error');
    });

    it('missing webhook before invalid format: 400 webhook_not_configured', async () => {
      const account = await stack.app.account('pro');
      const res = await single(account.live, { vat_number: 'XX1' });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code).toBe('webhook_not_configured');
      const many = await batch(account.live, { vat_numbers: ['XX1'] });
      expect(many.status, many.text).toBe(400);
      expect(many.body.error.code).toBe('webhook_not_configured');
    });

    it('invalid format before quota: 422 invalid_vat_format with the quota used up', async () => {
      const { account } = await readyAccount();
      await setUsage(stack.app, account.id, 10000);
      const res = await single(account.live, { vat_number: 'DE12' });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_vat_format');
      const ok = await single(account.live, { vat_number: 'DE123456704' });
      expect(ok.status, ok.text).toBe(429);
    });
  });

  describe('accepted work', () => {
    it('a number failing its check digit is accepted and answered valid false, without the registry', async () => {
      const { account, hook } = await readyAccount();
      const res = await single(account.live, { vat_number: 'DE123456705' });
      expect(res.status, res.text).toBe(202);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('9999');
      const { request } = await waitForEvent(
        stack.receiver,
        (e) => e.data?.request_id === res.body.data.request_id,
      );
      const event = verified(hook.signing_secret, request);
      expect(event.type).toBe('validation.completed');
      expect(event.data).toEqual({
        valid: false,
        vat_number: 'DE123456705',
        country_code: 'DE',
        company: null,
        consultation_number: null,
        requested_at: expect.stringMatching(ISO_MS),
        match: null,
        request_id: res.body.data.request_id,
        validation_id: expect.stringMatching(/^val_/),
        reference: null,
        meta: { cached: false, source: 'checksum', source_status: 'live' },
      });
      expect(stack.sim.statsOf('vies').callsByNumber.DE123456705).toBeUndefined();
      expect(await usageOf(stack.app, account.id)).toBe(1);
    });
  });
});
