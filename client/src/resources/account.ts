import { path, type RequestOptions } from '../http.js';
import type { AnswerOf, BodyOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

/** The account's API keys: `client.keys`. */
export class Keys extends Resource {
  /** `GET /v1/keys`: every key, revoked ones included (never the key itself). */
  list(options?: RequestOptions) {
    return this.http.json<AnswerOf<'listKeys'>>({ method: 'GET', path: '/v1/keys' }, options);
  }

  /** `POST /v1/keys`: a new key, shown once in `data.key`. */
  create(body: BodyOf<'createKey'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'createKey'>>({ method: 'POST', path: '/v1/keys', json: body }, options);
  }

  /** `DELETE /v1/keys/{id}`: revokes it (not the account's last live key). */
  revoke(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'revokeKey'>>({ method: 'DELETE', path: path`/v1/keys/${id}` }, options);
  }
}

/** The quota and what was used: `client.usage`. */
export class Usage extends Resource {
  /** `GET /v1/usage`: a month's figures (default the current one). */
  get(params?: QueryOf<'getUsage'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getUsage'>>({ method: 'GET', path: '/v1/usage', query: params }, options);
  }
}

/** The registries' availability, no key needed: `client.status`. */
export class Status extends Resource {
  /** `GET /v1/status`. */
  get(options?: RequestOptions) {
    return this.http.json<AnswerOf<'getStatus'>>({ method: 'GET', path: '/v1/status' }, options);
  }
}
