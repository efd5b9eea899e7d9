import { path, type RequestOptions } from '../http.js';
import type { PageRequest } from '../pagination.js';
import type { AnswerOf, ItemOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

/** CSV files of VAT numbers, validated in the background: `client.bulk`. */
export class Bulk extends Resource {
  /** `POST /v1/bulk`: a UTF-8 CSV with a `vat_number` column (text, a Blob or bytes). */
  upload(csv: string | Blob | Uint8Array, params?: QueryOf<'uploadBulkFile'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'uploadBulkFile'>>(
      { method: 'POST', path: '/v1/bulk', query: params, body: { content: csv, type: 'text/csv' } },
      options,
    );
  }

  /** `GET /v1/bulk`: the files, newest first; `for await` walks every page. */
  list(
    params?: QueryOf<'listBulkFiles'>,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listBulkFiles'>, AnswerOf<'listBulkFiles'>> {
    return this.paged('/v1/bulk', params, options);
  }

  /** `GET /v1/bulk/{id}`: a file's progress. */
  get(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getBulkFile'>>({ method: 'GET', path: path`/v1/bulk/${id}` }, options);
  }

  /** `GET /v1/bulk/{id}/results`: the results as CSV text, in input order. */
  results(id: string, options?: RequestOptions) {
    return this.http.text({ method: 'GET', path: path`/v1/bulk/${id}/results`, accept: 'text/csv' }, options);
  }
}
