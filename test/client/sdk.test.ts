import { describe, expect, it } from 'vitest';
import { useLiveApp } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { useQuota } from '../http/support.js';
import { installProject, packedClient, requireFrom, type Sdk, useInstalledSdk } from './packed.js';

/**
 * The SDK installed from its packed tarball into a fresh ES module project, driving the real
 * service over HTTP: each resource, the rate-limit headers and request id on every result, cursor
 * pagination with `for await`, the proof as JSON and as a PDF Blob, and the service's refusals as
 * typed errors. The same package required from a fresh CommonJS project works the same.
 */
describeEachDialect('the SDK against the service', (dialect) => {
  const suite = useLiveApp(dialect);
  const sdk = useInstalledSdk();

  const client = async (tier: 'free' | 'pro' | 'business' = 'pro') => {
    const account = await suite.app.account(tier);
    return {
      account,
      vat: new sdk.VatClient({ apiKey: account.live, baseUrl: suite.app.url, maxRetries: 0 }),
    };
  };

  /** What the call threw (it must throw). */
  const failure = async (call: PromiseLike<unknown>) => {
    const outcome = await Promise.resolve(call).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome, 'the call succeeded').toBeInstanceOf(sdk.VatServiceError);
    return outcome as InstanceType<Sdk['VatServiceError']>;
  };

  describe('validations', () => {
    it('validates a number, with the quota, burst and request id beside the answer', async () => {
      const { vat } = await client();
      const result = await vat.validations.validate('ATU12345675');
      expect(result.data).toMatchObject({ valid: true, company: { name: 'Alpenblick Handels GmbH' } });
      expect(result.meta.source).toBe('vies');
      expect(result.rateLimit).toEqual({
        limit: expect.any(Number),
        remaining: result.rateLimit.limit! - 1,
        reset: '2026-12-01T00:00:00.000Z',
        burstLimit: 60,
        burstRemaining: expect.any(Number),
      });
      expect(result.response).toMatchObject({ status: 200, requestId: result.meta.request_id, attempts: 1 });
      // The envelope stays what the service sent: the extras are not enumerable.
      expect(Object.keys(result)).toEqual(['data', 'meta']);
    });

    it('takes the query parameters as an object, and validates a batch', async () => {
      const { vat } = await client();
      const one = await vat.validations.validate({ vat_number: 'ATU12345675', reference: 'order-1' });
      expect(one.meta.reference).toBe('order-1');
      const batch = await vat.validations.batch({ vat_numbers: ['ATU12345675', 'not a number'] });
      expect(batch.data.results).toHaveLength(2);
      expect(batch.data.summary).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
      expect(batch.rateLimit.remaining).toBeTypeOf('number');
      expect(batch.response.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    });

    it('walks every page of the history with for await, and gives the first page when awaited', async () => {
      const { vat } = await client();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (await vat.validations.validate({ vat_number: 'ATU12345675', reference: 'walk' })).meta
            .validation_id,
        );
      const first = await vat.validations.list({ reference: 'walk', limit: 2 });
      expect(first.data).toHaveLength(2);
      expect(first.meta.has_more).toBe(true);
      expect(first.rateLimit.burstLimit).toBe(60);

      const walked: string[] = [];
      for await (const record of vat.validations.list({ reference: 'walk', limit: 2 }))
        walked.push(record.id);
      expect(walked.sort()).toEqual([...ids].sort());

      const sizes: number[] = [];
      for await (const page of vat.validations.list({ reference: 'walk', limit: 2 }).pages())
        sizes.push(page.data.length);
      expect(sizes).toEqual([2, 2, 1]);
    });

    it('reads a record, its proof as JSON and as a PDF, and the CSV export', async () => {
      const { vat } = await client('business');
      const { meta } = await vat.validations.validate({ vat_number: 'ATU12345675', reference: 'proof-1' });
      const record = await vat.validations.get(meta.validation_id);
      expect(record.data.evidence?.registry).toBe('vies');

      const proof = await vat.validations.proof(meta.validation_id);
      expect(proof.data.record_hash).toMatch(/^[0-9a-f]{64}$/);
      const pdf = await vat.validations.proof(meta.validation_id, { format: 'pdf' });
      expect(pdf.data).toBeInstanceOf(Blob);
      expect(pdf.data.type).toBe('application/pdf');
      expect(new TextDecoder().decode((await pdf.data.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      expect(pdf.response.requestId).toBeTypeOf('string');

      const csv = await vat.validations.export({ reference: 'proof-1' });
      expect(csv.data.split('\n')[0]).toMatch(/^id,/);
      expect(csv.data).toContain(meta.validation_id);
    });
  });

  it('decides a sale, retrieves and lists decisions with for await, and proves one', async () => {
    const { vat } = await client();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { data } = await vat.decisions.create({
        seller: { country_code: 'DE', vat_number: 'DE123456704' },
        buyer: { country_code: 'AT', vat_number: 'ATU12345675', is_business: true },
        supply: { kind: 'services' },
        amount: { net: '100.00', currency: 'EUR' },
        reference: 'sdk-decisions',
      });
      expect(data).toMatchObject({ treatment: 'reverse_charge', charge_vat: false, rate: 0 });
      expect(data.buyer_validation?.validation_id).toMatch(/^val_/);
      made.push(data.id);
    }
    const one = await vat.decisions.retrieve(made[0]);
    expect(one.data.id).toBe(made[0]);
    const walked: string[] = [];
    for await (const decision of vat.decisions.list({ reference: 'sdk-decisions', limit: 2 }))
      walked.push(decision.id);
    expect(walked.sort()).toEqual([...made].sort());
    const proof = await vat.decisions.proof(made[0]);
    expect(proof.data.record_hash).toBe(one.data.ledger.record_hash);
    const pdf = await vat.decisions.proof(made[0], { format: 'pdf' });
    expect(pdf.data.type).toBe('application/pdf');
  });

  it('adds, lists, changes and removes a monitor', async () => {
    const { vat } = await client();
    const created = await vat.monitors.create({ vat_number: 'ATU12345675', interval: 'weekly' });
    expect(created.response.status).toBe(201);
    const id = created.data.id;
    expect((await vat.monitors.get(id)).data.vat_number).toBe('ATU12345675');
    expect((await vat.monitors.update(id, { interval: 'daily' })).data.interval).toBe('daily');
    expect((await vat.monitors.check(id)).response.status).toBe(202);
    const listed: string[] = [];
    for await (const monitor of vat.monitors.list()) listed.push(monitor.id);
    expect(listed).toEqual([id]);
    await vat.monitors.delete(id);
    expect((await failure(vat.monitors.get(id))).constructor).toBe(sdk.NotFoundError);
  });

  it('uploads a bulk file as CSV and reads its progress', async () => {
    const { vat } = await client();
    const uploaded = await vat.bulk.upload('vat_number,reference\nATU12345675,row-1\nnot a number,row-2\n');
    expect(uploaded.response.status).toBe(202);
    expect(uploaded.data).toMatchObject({ total: 2, accepted: 1, rejected: 1 });
    expect((await vat.bulk.get(uploaded.data.bulk_id)).data.total).toBe(2);
    const files: string[] = [];
    for await (const file of vat.bulk.list({ limit: 1 })) files.push(file.bulk_id);
    expect(files).toEqual([uploaded.data.bulk_id]);
  });

  it('manages keys, reads usage, rates and the registry status', async () => {
    const { vat, account } = await client();
    const created = await vat.keys.create({ mode: 'test', name: 'ci' });
    expect(created.data.key).toMatch(/^svc_test_/);
    expect((await vat.keys.list()).data.map((key) => key.id)).toContain(created.data.id);
    expect((await vat.keys.revoke(created.data.id)).data.revoked_at).toBeTypeOf('string');

    const usage = await vat.usage.get();
    expect(usage.data.limit).toBeTypeOf('number');
    expect((await vat.rates.get('DE')).data.standard_rate).toBe(19);
    expect((await vat.rates.list()).data.length).toBeGreaterThan(20);

    const anonymous = new sdk.VatClient({ baseUrl: suite.app.url, apiKey: '' });
    expect((await anonymous.status.get()).data).toBeTypeOf('object');
    expect(account.id).toMatch(/^acc_/);
  });

  it('reads rate categories: the catalogue, a country on a day, one category, and those of a rate record', async () => {
    const { vat } = await client();
    const catalogue = await vat.rates.categories.list();
    expect(catalogue.meta.count).toBe(catalogue.data.length);
    expect(catalogue.data.find((category) => category.id === 'supply_water')).toEqual({
      id: 'supply_water',
      name: 'Water supply',
      description: 'Supply of water',
    });

    const romania = await vat.rates.categories.forCountry('RO', { date: '2025-08-15' });
    expect(romania.data.filter((entry) => entry.id === 'supply_water')).toEqual([
      expect.objectContaining({ rate: 11, type: 'reduced', note: null, since: '2025-08-01' }),
    ]);
    const water = await vat.rates.categories.get('RO', 'supply_water', { date: '2025-08-15' });
    expect(water.data).toEqual(romania.data.filter((entry) => entry.id === 'supply_water'));
    expect(water.rateLimit.burstLimit).toBe(60);

    const record = await vat.rates.get('RO', { date: '2025-08-15' });
    const eleven = record.data.other_rates.find((rate) => rate.rate === 11);
    expect(eleven?.categories.map((category) => category.id)).toContain('supply_water');

    const unknown = await failure(vat.rates.categories.get('RO', 'no_such_category'));
    expect(unknown).toBeInstanceOf(sdk.NotFoundError);
    expect(unknown).toMatchObject({ code: 'category_not_found', status: 404 });
  });

  describe('refusals, as typed errors', () => {
    it('an unknown key is an AuthenticationError', async () => {
      const vat = new sdk.VatClient({ apiKey: 'svc_live_unknownunknownunknown00', baseUrl: suite.app.url });
      const error = await failure(vat.validations.validate('ATU12345675'));
      expect(error).toBeInstanceOf(sdk.AuthenticationError);
      expect(error).toMatchObject({ code: 'unauthorized', status: 401, requestId: expect.any(String) });
      expect(error.docsUrl).toMatch(/\/docs\/errors\/unauthorized$/);
    });

    it('a bad parameter is a ValidationError naming it', async () => {
      const { vat } = await client();
      const cases: Array<[() => PromiseLike<unknown>, string, string]> = [
        [() => vat.validations.list({ limit: 0 }), 'validation_error', 'limit'],
        [() => vat.validations.list({ country_code: 'ZZ' }), 'validation_error', 'country_code'],
        [
          () => vat.validations.validate({ vat_number: 'ATU12345675', reference: 'a\tb' }),
          'validation_error',
          'reference',
        ],
        [() => vat.validations.validate('XX123'), 'invalid_vat_format', 'vat_number'],
        [
          () => vat.validations.validate({ vat_number: 'ATU12345675', requester_vat_number: 'DE12' }),
          'invalid_vat_format',
          'requester_vat_number',
        ],
        [
          () => vat.validations.batch({ vat_numbers: [{ vat_number: 'ATU12345675', reference: '' }] }),
          'validation_error',
          'vat_numbers.0.reference',
        ],
        [() => vat.monitors.create({ vat_number: 'ATU12345675' } as never), 'validation_error', 'interval'],
        [
          () => vat.validations.validate({ vat_number: 'ATU12345675', colour: 'red' } as never),
          'validation_error',
          'colour',
        ],
        [() => vat.validations.validate({} as never), 'missing_parameter', 'vat_number'],
      ];
      for (const [call, code, param] of cases) {
        const error = await failure(call());
        expect(error, `${code} ${param}`).toBeInstanceOf(sdk.ValidationError);
        expect({ code: error.code, status: error.status }).toMatchObject({ code });
        expect((error as InstanceType<Sdk['ValidationError']>).param, error.message).toBe(param);
      }
    });

    it('a feature above the tier is a PermissionError; an unknown id a NotFoundError', async () => {
      const free = await client('free');
      const error = await failure(free.vat.validations.batch({ vat_numbers: ['ATU12345675'] }));
      expect(error).toBeInstanceOf(sdk.PermissionError);
      expect(error).toMatchObject({ code: 'tier_insufficient', status: 403 });
      const { vat } = await client();
      expect(await failure(vat.validations.get('val_nothing'))).toBeInstanceOf(sdk.NotFoundError);
      expect(await failure(vat.rates.get('XX'))).toBeInstanceOf(sdk.NotFoundError);
    });

    it("revoking the account's last live key is a ConflictError", async () => {
      const { vat } = await client();
      const live = (await vat.keys.list()).data.find((key) => key.mode === 'live')!;
      const error = await failure(vat.keys.revoke(live.id));
      expect(error).toBeInstanceOf(sdk.ConflictError);
      expect(error).toMatchObject({ code: 'conflict', status: 409 });
    });

    it('a used-up quota is a RateLimitError with Retry-After and the limits, not retried', async () => {
      const { vat, account } = await client('free');
      const retrying = new sdk.VatClient({ apiKey: account.live, baseUrl: suite.app.url, maxRetries: 3 });
      const { rateLimit } = await vat.validations.validate('ATU12345675');
      await useQuota(suite.app, account.id, rateLimit.remaining!);
      const error = await failure(retrying.validations.validate('ATU12345675'));
      expect(error).toBeInstanceOf(sdk.RateLimitError);
      const limited = error as InstanceType<Sdk['RateLimitError']>;
      expect(limited).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
      // Until the first instant of next month: days, more than the client waits for by itself.
      expect(limited.retryAfter).toBeGreaterThan(sdk.MAX_RETRY_AFTER_SECONDS);
      expect(limited.limits).toMatchObject({ remaining: 0, reset: '2026-12-01T00:00:00.000Z' });
    });
  });

  it('works the same required from a CommonJS project', async () => {
    const cjs = await installProject(await packedClient(), 'commonjs');
    try {
      const required = requireFrom(cjs);
      const account = await suite.app.account('pro');
      const vat = new required.VatClient({ apiKey: account.live, baseUrl: suite.app.url });
      const result = await vat.validations.validate('ATU12345675');
      expect(result.data.valid).toBe(true);
      expect(result.rateLimit.remaining).toBeTypeOf('number');
      const error = await vat.validations.validate('XX1').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(required.ValidationError);
      expect(error).toBeInstanceOf(required.VatServiceError);
    } finally {
      cjs.remove();
    }
  });
});
