import createFetchClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

/**
 * A typed client for the VAT validation and rates API: every path, parameter and answer typed
 * from the service's OpenAPI document (./schema.ts).
 *
 *   const vat = createVatClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.VAT_KEY! });
 *   const { data, error } = await vat.GET('/v1/validate', { params: { query: { vat_number: 'DE811907980' } } });
 */

export type { components, operations, paths } from './schema.js';

export type VatClient = Client<paths>;

export interface VatClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  baseUrl: string;
  /** An API key (`svc_live_…` or `svc_test_…`), sent as a bearer token. */
  apiKey: string;
}

export function createVatClient({ apiKey, ...options }: VatClientOptions): VatClient {
  const client = createFetchClient<paths>(options);
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${apiKey}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}
