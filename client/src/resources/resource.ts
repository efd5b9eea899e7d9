import type { ApiResult, RequestOptions, Transport } from '../http.js';
import { type Page, PageRequest } from '../pagination.js';

/**
 * The base of each resource of the client (`client.validations`, `client.monitors`, …): its
 * methods are one line each, a call and the types of its operation in schema.ts.
 */
export abstract class Resource {
  constructor(protected readonly http: Transport) {}

  /** A cursor list at `path` with `query` as its filters and `limit`: awaitable and iterable. */
  protected paged<Item, P extends Page<Item>>(
    path: string,
    query: object | undefined,
    options: RequestOptions | undefined,
  ): PageRequest<Item, P> {
    return new PageRequest<Item, P>(
      (cursor): Promise<ApiResult<P>> =>
        this.http.json<P>({ method: 'GET', path, query: { ...query, cursor } }, options),
    );
  }
}
