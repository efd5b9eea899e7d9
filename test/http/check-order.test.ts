import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/accounts/keys.js';
import { accountsOf } from '../helpers/accounts.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { expectError, OFFLINE_REGISTRIES, useQuota } from './support.js';

/**
 * The check order of decisions section 4 on the synchronous endpoints: 401 auth → 429 burst →
 * 403 tier_insufficient → 400 invalid_json / 422 validation_error → 422 invalid_vat_format →
 * 429 rate_limit_exceeded → work. Each test breaks two or more rules at once and expects the
 * earlier one to answer. (The async and webhook steps are tested with those endpoints.)
 */

const FREE_BURST = 20;
const FREE_MONTHLY = 500;
const PRO_MONTHLY = 10_000;

describeEachDialect('check order', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterAll(() => app.close());

  const validate = (key: string | undefined, query: string) =>
    app.request('GET', `/v1/validate?${query}`, { key });
  const batch = (key: string | undefined, body: unknown, headers?: Record<string, string>) =>
    app.request('POST', '/v1/validate/batch', { key, body, headers });

  /** Spends the account's whole burst window on rate lookups (the clock does not move). */
  async function exhaustBurst(key: string, limit: number): Promise<void> {
    for (let i = 0; i < limit; i += 1) {
      const res = await app.request('GET', '/v1/rates/DE', { key });
      expect(res.status, res.text).toBe(200);
    }
  }

  async function freeAccountOutOfEverything(): Promise<TestAccount> {
    const account = await app.account('free');
    await useQuota(app, account.id, FREE_MONTHLY);
    await exhaustBurst(account.live, FREE_BURST);
    return account;
  }

  describe('401 comes first', () => {
    it('answers an unknown key with an invalid body 401', async () => {
      expectError(await batch(`svc_live_${'x'.repeat(32)}`, '{"vat_numbers": ['), 401, 'unauthorized');
    });

    it('answers a missing key with an invalid body, wrong media type or oversized body 401', async () => {
      expectError(await batch(undefined, { vat_numbers: [] }), 401, 'unauthorized');
      expectError(await batch(undefined, 'x', { 'content-type': 'text/plain' }), 401, 'unauthorized');
      expectError(
        await batch(undefined, JSON.stringify({ vat_numbers: ['x'.repeat(1_100_000)] })),
        401,
        'unauthorized',
      );
    });

    it('answers a missing key with a missing parameter 401', async () => {
      expectError(await validate(undefined, ''), 401, 'unauthorized');
    });

    it('answers a revoked key of an account out of burst and quota 401', async () => {
      const account = await freeAccountOutOfEverything();
      const extra = await createKey(accountsOf(app.database), account.id, 'live', app.clock.now());
      await accountsOf(app.database).revokeKey(extra.id, app.clock.now());
      expectError(await validate(extra.key, 'vat_number=DE12'), 401, 'unauthorized');
      expectError(await batch(extra.key, { vat_numbers: [] }), 401, 'unauthorized');
    });
  });

  describe('429 burst comes before everything but 401', () => {
    it('answers a Free account out of burst on the batch endpoint 429 burst_limit_exceeded, not 403', async () => {
      const { test } = await app.account('free');
      await exhaustBurst(test, FREE_BURST);
      const res = await batch(test, { vat_numbers: ['DE123456704'] });
      expectError(res, 429, 'burst_limit_exceeded');
      expect(res.headers.get('retry-after')).toBe('60');
    });

    it('answers an account out of burst and quota 429 burst_limit_exceeded, not rate_limit_exceeded', async () => {
      const { live } = await freeAccountOutOfEverything();
      expectError(await validate(live, 'vat_number=DE123456705'), 429, 'burst_limit_exceeded');
    });

    it('answers an account out of burst with a missing parameter, a bad format or a bad body 429 burst', async () => {
      const { test, live } = await app.account('pro');
      await exhaustBurst(test, 60);
      expectError(await validate(live, ''), 429, 'burst_limit_exceeded');
      expectError(await validate(live, 'vat_number=DE12'), 429, 'burst_limit_exceeded');
      expectError(await batch(test, '{"vat_numbers": ['), 429, 'burst_limit_exceeded');
      expectError(await batch(test, { vat_numbers: [] }), 429, 'burst_limit_exceeded');
      expectError(await batch(test, 'x', { 'content-type': 'text/plain' }), 429, 'burst_limit_exceeded');
    });
  });

  describe('403 tier comes before the body', () => {
    it.each([
      ['an empty vat_numbers', { vat_numbers: [] }],
      ['51 items', { vat_numbers: Array.from({ length: 51 }, () => 'DE123456704') }],
      ['malformed JSON', '{"vat_numbers": ['],
      ['only malformed numbers', { vat_numbers: ['DE12', 'XX1'] }],
      ['a malformed requester', { vat_numbers: ['DE123456704'], requester_vat_number: 'DE12' }],
    ])('answers a Free account on the batch endpoint with %s 403 tier_insufficient', async (_, body) => {
      const { live } = await app.account('free');
      expectError(await batch(live, body), 403, 'tier_insufficient');
    });

    it('answers a Free account on the batch endpoint with a text/plain body 403, not 415', async () => {
      const { live } = await app.account('free');
      expectError(
        await batch(live, 'DE123456704', { 'content-type': 'text/plain' }),
        403,
        'tier_insufficient',
      );
    });

    it('answers a Free account on the batch endpoint with a body over 1 MiB 403, not 413', async () => {
      const { live } = await app.account('free');
      const body = JSON.stringify({ vat_numbers: ['DE123456704'], padding: 'x'.repeat(1_100_000) });
      expectError(await batch(live, body), 403, 'tier_insufficient');
    });

    it('answers a Free account with no quota left on the batch endpoint 403, not 429', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY);
      expectError(await batch(live, { vat_numbers: ['DE123456705'] }), 403, 'tier_insufficient');
    });
  });

  describe('the body comes before the format and the quota', () => {
    it.each([
      ['an empty vat_numbers', { vat_numbers: [] }, 422, 'validation_error'],
      [
        '51 malformed items',
        { vat_numbers: Array.from({ length: 51 }, () => 'DE12') },
        422,
        'validation_error',
      ],
      ['a number among the items', { vat_numbers: ['DE12', 7] }, 422, 'validation_error'],
      ['cache as a string', { vat_numbers: ['DE12'], cache: 'no' }, 422, 'validation_error'],
      ['malformed JSON', '{"vat_numbers": ["DE12"', 400, 'invalid_json'],
    ])('answers Pro with %s and no quota left %i %s', async (_, body, status, code) => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY);
      expectError(await batch(live, body), status, code);
    });

    it('answers Pro with a text/plain body and no quota left 415', async () => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY);
      expectError(
        await batch(live, 'DE123456705', { 'content-type': 'text/plain' }),
        415,
        'unsupported_media_type',
      );
    });

    it('answers a missing vat_number with no quota left 400 missing_parameter', async () => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY);
      expectError(await validate(live, 'requester_vat_number=DE12'), 400, 'missing_parameter');
    });

    it('answers a bad cache value with a malformed number 422 validation_error', async () => {
      const { live } = await app.account('pro');
      expectError(await validate(live, 'vat_number=DE12&cache=perhaps'), 422, 'validation_error');
    });
  });

  describe('422 format comes before 429 quota', () => {
    it('answers a malformed number with no quota left 422 invalid_vat_format', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY);
      const res = await validate(live, 'vat_number=DE12');
      expectError(res, 422, 'invalid_vat_format');
      expect(res.body.error.message).toContain('DE numbers have 9 digits');
    });

    it('answers a malformed requester with no quota left 422 invalid_vat_format naming it', async () => {
      const { id, live } = await app.account('business');
      await useQuota(app, id, 50_000);
      const single = await validate(live, 'vat_number=DE123456705&requester_vat_number=DE12');
      expectError(single, 422, 'invalid_vat_format');
      expect(single.body.error.message).toContain('requester_vat_number');
      const inBatch = await batch(live, { vat_numbers: ['DE123456705'], requester_vat_number: 'DE12' });
      expectError(inBatch, 422, 'invalid_vat_format');
      expect(inBatch.body.error.message).toContain('requester_vat_number');
    });

    it('answers a batch of only malformed numbers with no quota left 200, each failure inline', async () => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY);
      const res = await batch(live, { vat_numbers: ['DE12', 'XX1'] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.summary).toEqual({ total: 2, succeeded: 0, failed: 2 });
      expect(res.body.data.results.map((item: { error: { code: string } }) => item.error.code)).toEqual([
        'invalid_vat_format',
        'invalid_vat_format',
      ]);
    });
  });

  describe('429 quota comes last, before the work', () => {
    it('answers a well-formed number with no quota left 429 rate_limit_exceeded', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY);
      expectError(await validate(live, 'vat_number=DE123456705'), 429, 'rate_limit_exceeded');
      expectError(await validate(live, 'vat_number=LI12345'), 429, 'rate_limit_exceeded');
    });

    it('answers a number whose registry is down with no quota left 429, before any registry call', async () => {
      const { id, live } = await app.account('free');
      await useQuota(app, id, FREE_MONTHLY);
      expectError(await validate(live, 'vat_number=DE136695976'), 429, 'rate_limit_exceeded');
    });

    it('answers a well-formed batch with no quota left 429 rate_limit_exceeded', async () => {
      const { id, live } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY);
      expectError(await batch(live, { vat_numbers: ['DE123456705', 'DE12'] }), 429, 'rate_limit_exceeded');
    });

    it('lets a test key through with no quota left: test keys use none', async () => {
      const { id, test } = await app.account('pro');
      await useQuota(app, id, PRO_MONTHLY);
      expect((await validate(test, 'vat_number=DE123456704')).status).toBe(200);
      expect((await batch(test, { vat_numbers: ['DE123456704'] })).status).toBe(200);
    });
  });
});
