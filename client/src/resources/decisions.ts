import { type ApiResult, path, type RequestOptions } from '../http.js';
import type { PageRequest } from '../pagination.js';
import type { AnswerOf, BodyOf, ItemOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

export type DecisionParams = BodyOf<'createDecision'>;
export type DecisionFilters = QueryOf<'listDecisions'>;
export type DecisionProofPdf = ApiResult<{ data: AnswerOf<'getDecisionProof', 'application/pdf'> }>;

/** The VAT treatment of a sale, decided, recorded and proven: `client.decisions` (Pro tier and up). */
export class Decisions extends Resource {
  /**
   * `POST /v1/decisions`: charge VAT or not, whose and at which rate, with the invoice note; the
   * buyer's number is checked as `validations.validate` checks it (one validation with a live key).
   */
  create(body: DecisionParams, options?: RequestOptions) {
    return this.http.json<AnswerOf<'createDecision'>>(
      { method: 'POST', path: '/v1/decisions', json: body },
      options,
    );
  }

  /** `GET /v1/decisions/{id}`: one decision with its ledger state. */
  retrieve(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getDecision'>>(
      { method: 'GET', path: path`/v1/decisions/${id}` },
      options,
    );
  }

  /** `GET /v1/decisions`: newest first; `for await` walks every page. */
  list(
    filters?: DecisionFilters,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listDecisions'>, AnswerOf<'listDecisions'>> {
    return this.paged('/v1/decisions', filters, options);
  }

  /** `GET /v1/decisions/{id}/proof`: hash, seal and inclusion path as JSON, or the PDF as a Blob. */
  proof(
    id: string,
    params?: { format?: 'json' },
    options?: RequestOptions,
  ): Promise<ApiResult<AnswerOf<'getDecisionProof'>>>;
  proof(id: string, params: { format: 'pdf' }, options?: RequestOptions): Promise<DecisionProofPdf>;
  proof(id: string, params: QueryOf<'getDecisionProof'> = {}, options?: RequestOptions) {
    const call = { method: 'GET', path: path`/v1/decisions/${id}/proof` } as const;
    return params.format === 'pdf'
      ? this.http.blob({ ...call, query: params, accept: 'application/pdf' }, options)
      : this.http.json<AnswerOf<'getDecisionProof'>>(call, options);
  }
}
