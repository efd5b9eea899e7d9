import { path, type RequestOptions } from '../http.js';
import type { AnswerOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

/** VAT rates: `client.rates`. */
export class Rates extends Resource {
  /** The rates of categories of goods and services other than the standard one. */
  readonly categories = new RateCategories(this.http);

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

/** `client.rates.categories`: TEDB's categories, and their rates country by country. */
export class RateCategories extends Resource {
  /** `GET /v1/rates/categories`: every category id, with its name and what it covers. */
  list(options?: RequestOptions) {
    return this.http.json<AnswerOf<'listRateCategories'>>(
      { method: 'GET', path: '/v1/rates/categories' },
      options,
    );
  }

  /** `GET /v1/rates/{country_code}/categories`: the country's entries not at the standard rate, on `date`. */
  forCountry(countryCode: string, params?: QueryOf<'listCountryRateCategories'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'listCountryRateCategories'>>(
      { method: 'GET', path: path`/v1/rates/${countryCode}/categories`, query: params },
      options,
    );
  }

  /** `GET /v1/rates/{country_code}/categories/{id}`: one category's entries there; empty at the standard rate. */
  get(countryCode: string, id: string, params?: QueryOf<'getCountryRateCategory'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getCountryRateCategory'>>(
      { method: 'GET', path: path`/v1/rates/${countryCode}/categories/${id}`, query: params },
      options,
    );
  }
}
