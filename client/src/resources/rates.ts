import { path, type RequestOptions } from '../http.js';
import type { AnswerOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

/** VAT rates: `client.rates`. */
export class Rates extends Resource {
  /** `GET /v1/rates`: every country's rates, on `date` (default today). */
  list(params?: QueryOf<'listRates'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'listRates'>>(
      { method: 'GET', path: '/v1/rates', query: params },
      options,
    );
  }

  /** `GET /v1/rates/{country_code}`: one country's rates, on `date` (default today). */
  get(countryCode: string, params?: QueryOf<'getRates'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getRates'>>(
      { method: 'GET', path: path`/v1/rates/${countryCode}`, query: params },
      options,
    );
  }
}
