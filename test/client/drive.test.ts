import { describe, expect, it } from 'vitest';
import { createVatClient } from '../../client/src/index.js';
import { useLiveApp } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';

/**
 * The typed client (client/) against the running service over real HTTP: every call goes through
 * openapi-fetch with the types generated from the service's own OpenAPI document.
 */
describeEachDialect('the typed client', (dialect) => {
  const suite = useLiveApp(dialect);

  const client = async () => {
    const account = await suite.app.account('pro');
    return { account, vat: createVatClient({ baseUrl: suite.app.url, apiKey: account.live }) };
  };

  describe('validation', () => {
    it('validates one number', async () => {
      const { vat } = await client();
      const { data, error, response } = await vat.GET('/v1/validate', {
        params: { query: { vat_number: 'ATU12345675' } },
      });
      expect(error).toBeUndefined();
      expect(response.status).toBe(200);
      expect(data?.data.valid).toBe(true);
      expect(data?.data.company?.name).toBe('Alpenblick Handels GmbH');
      expect(data?.meta.source).toBe('vies');
    });

    it('validates a batch', async () => {
      const { vat } = await client();
      const { data, error } = await vat.POST('/v1/validate/batch', {
        body: { vat_numbers: ['ATU12345675', 'not a number'] },
      });
      expect(error).toBeUndefined();
      expect(data?.data.results).toHaveLength(2);
      expect(data?.data.summary.failed).toBe(1);
    });

    it('reads errors in the standard envelope', async () => {
      const { vat } = await client();
      const { data, error, response } = await vat.GET('/v1/validate', {
        params: { query: { vat_number: 'XX' } },
      });
      expect(data).toBeUndefined();
      expect(response.status).toBe(422);
      expect(error?.error.code).toBeTypeOf('string');
    });
  });

  it('reads the history and a proof of what it validated', async () => {
    const { vat } = await client();
    const validated = await vat.GET('/v1/validate', {
      params: { query: { vat_number: 'ATU12345675', reference: 'order-7' } },
    });
    const id = validated.data!.meta.validation_id;
    expect(validated.data?.meta.reference).toBe('order-7');

    const history = await vat.GET('/v1/validations', { params: { query: { reference: 'order-7' } } });
    expect(history.error).toBeUndefined();
    expect(history.data?.data.map((record) => record.id)).toEqual([id]);

    const one = await vat.GET('/v1/validations/{id}', { params: { path: { id } } });
    expect(one.data?.data.evidence?.registry).toBe('vies');

    const proof = await vat.GET('/v1/validations/{id}/proof', { params: { path: { id } } });
    expect(proof.error).toBeUndefined();
    // The route answers JSON or a PDF (Accept): the JSON proof here.
    const json = proof.data as { data: { record_hash: string } } | undefined;
    expect(json?.data.record_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('adds, reads and removes a monitor', async () => {
    const { vat } = await client();
    const created = await vat.POST('/v1/monitors', {
      body: { vat_number: 'ATU12345675', interval: 'weekly' },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.data.id;
    const read = await vat.GET('/v1/monitors/{id}', { params: { path: { id } } });
    expect(read.data?.data.vat_number).toBe('ATU12345675');
    const removed = await vat.DELETE('/v1/monitors/{id}', { params: { path: { id } } });
    expect(removed.error).toBeUndefined();
  });

  it('uploads a bulk file as text/csv and reads its progress', async () => {
    const { vat } = await client();
    const uploaded = await vat.POST('/v1/bulk', {
      body: 'vat_number,reference\nATU12345675,row-1\nnot a number,row-2\n',
      bodySerializer: (body) => body,
      headers: { 'content-type': 'text/csv' },
    });
    expect(uploaded.error).toBeUndefined();
    expect(uploaded.response.status).toBe(202);
    expect(uploaded.data?.data).toMatchObject({ total: 2, accepted: 1, rejected: 1 });
    const id = uploaded.data!.data.bulk_id;
    const progress = await vat.GET('/v1/bulk/{id}', { params: { path: { id } } });
    expect(progress.data?.data.total).toBe(2);
  });

  it('looks up rates', async () => {
    const { vat } = await client();
    const { data, error } = await vat.GET('/v1/rates/{country_code}', {
      params: { path: { country_code: 'DE' } },
    });
    expect(error).toBeUndefined();
    expect(data?.data.standard_rate).toBe(19);
  });
});
