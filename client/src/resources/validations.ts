import { type ApiResult, path, type RequestOptions } from '../http.js';
import type { PageRequest } from '../pagination.js';
import type { AnswerOf, BodyOf, ItemOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

export type ValidateParams = QueryOf<'validate'>;
export type ValidationFilters = QueryOf<'listValidations'>;
export type ProofPdf = ApiResult<{ data: AnswerOf<'getValidationProof', 'application/pdf'> }>;

/** Validation, and the records every validation leaves: `client.validations`. */
export class Validations extends Resource {
  /** The validations whose results arrive by webhook (live keys, Pro tier and up). */
  readonly async = new AsyncValidations(this.http);

  /** `GET /v1/validate`: one number, asked of its registry (or answered from the cache). */
  validate(params: string | ValidateParams, options?: RequestOptions) {
    const query = typeof params === 'string' ? { vat_number: params } : params;
    return this.http.json<AnswerOf<'validate'>>({ method: 'GET', path: '/v1/validate', query }, options);
  }

  /** `POST /v1/validate/batch`: up to 50 numbers in one answer, in input order. */
  batch(body: BodyOf<'validateBatch'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'validateBatch'>>(
      { method: 'POST', path: '/v1/validate/batch', json: body },
      options,
    );
  }

  /** `GET /v1/validations`: the records, newest first; `for await` walks every page. */
  list(
    filters?: ValidationFilters,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listValidations'>, AnswerOf<'listValidations'>> {
    return this.paged('/v1/validations', filters, options);
  }

  /** `GET /v1/validations/export`: the records matching the filters as CSV text. */
  export(filters?: QueryOf<'exportValidations'>, options?: RequestOptions) {
    return this.http.text(
      { method: 'GET', path: '/v1/validations/export', query: filters, accept: 'text/csv' },
      options,
    );
  }

  /** `GET /v1/validations/{id}`: one record with its evidence. */
  get(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getValidation'>>(
      { method: 'GET', path: path`/v1/validations/${id}` },
      options,
    );
  }

  /**
   * `GET /v1/validations/{id}/proof`: the record's hash, seal and inclusion path as JSON, or with
   * `{ format: 'pdf' }` the one-page PDF for an auditor as a Blob in `data`.
   */
  proof(
    id: string,
    params?: { format?: 'json' },
    options?: RequestOptions,
  ): Promise<ApiResult<AnswerOf<'getValidationProof'>>>;
  proof(id: string, params: { format: 'pdf' }, options?: RequestOptions): Promise<ProofPdf>;
  proof(id: string, params: QueryOf<'getValidationProof'> = {}, options?: RequestOptions) {
    const call = { method: 'GET', path: path`/v1/validations/${id}/proof` } as const;
    return params.format === 'pdf'
      ? this.http.blob({ ...call, query: params, accept: 'application/pdf' }, options)
      : this.http.json<AnswerOf<'getValidationProof'>>(call, options);
  }
}

/** `client.validations.async`: accepted at once (202), answered by webhook, readable by polling. */
export class AsyncValidations extends Resource {
  /** `POST /v1/validate/async`: one number; the result comes as `validation.completed` or `validation.failed`. */
  validate(body: BodyOf<'validateAsync'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'validateAsync'>>(
      { method: 'POST', path: '/v1/validate/async', json: body },
      options,
    );
  }

  /** `POST /v1/validate/async/batch`: up to 1,000 numbers; the results come as `batch.completed`. */
  batch(body: BodyOf<'validateAsyncBatch'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'validateAsyncBatch'>>(
      { method: 'POST', path: '/v1/validate/async/batch', json: body },
      options,
    );
  }

  /** `GET /v1/validate/async/{request_id}`: where one request stands, and its result. */
  get(requestId: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getAsyncRequest'>>(
      { method: 'GET', path: path`/v1/validate/async/${requestId}` },
      options,
    );
  }

  /** `GET /v1/validate/async/batch/{batch_id}`: where a batch stands. */
  getBatch(batchId: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getAsyncBatch'>>(
      { method: 'GET', path: path`/v1/validate/async/batch/${batchId}` },
      options,
    );
  }

  /** `GET /v1/validate/async/batch/{batch_id}/results`: the settled results, in input order. */
  batchResults(
    batchId: string,
    params?: QueryOf<'listAsyncBatchResults'>,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listAsyncBatchResults'>, AnswerOf<'listAsyncBatchResults'>> {
    return this.paged(path`/v1/validate/async/batch/${batchId}/results`, params, options);
  }
}
