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

  it('looks up rates', async () => {
    const { vat } = await client();
    const { data, error } = await vat.GET('/v1/rates/{country_code}', {
      params: { path: { country_code: 'DE' } },
    });
    expect(error).toBeUndefined();
    expect(data?.data.standard_rate).toBe(19);
  });
});
