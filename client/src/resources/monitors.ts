import { path, type RequestOptions } from '../http.js';
import type { PageRequest } from '../pagination.js';
import type { AnswerOf, BodyOf, ItemOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

/** Numbers re-checked on a schedule, with `monitor.changed` events: `client.monitors`. */
export class Monitors extends Resource {
  /** `POST /v1/monitors`: monitor one number (201), or the monitor it already has (200). */
  create(body: BodyOf<'createMonitor'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'createMonitor'>>(
      { method: 'POST', path: '/v1/monitors', json: body },
      options,
    );
  }

  /** `POST /v1/monitors/batch`: monitor up to 1,000 numbers at once. */
  createMany(body: BodyOf<'createMonitors'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'createMonitors'>>(
      { method: 'POST', path: '/v1/monitors/batch', json: body },
      options,
    );
  }

  /** `GET /v1/monitors`: newest first; `for await` walks every page. */
  list(
    filters?: QueryOf<'listMonitors'>,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listMonitors'>, AnswerOf<'listMonitors'>> {
    return this.paged('/v1/monitors', filters, options);
  }

  /** `GET /v1/monitors/{id}`. */
  get(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getMonitor'>>({ method: 'GET', path: path`/v1/monitors/${id}` }, options);
  }

  /** `PATCH /v1/monitors/{id}`: the interval, pause or resume, the reference. */
  update(id: string, body: BodyOf<'updateMonitor'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'updateMonitor'>>(
      { method: 'PATCH', path: path`/v1/monitors/${id}`, json: body },
      options,
    );
  }

  /** `DELETE /v1/monitors/{id}`. */
  delete(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'deleteMonitor'>>(
      { method: 'DELETE', path: path`/v1/monitors/${id}` },
      options,
    );
  }

  /** `POST /v1/monitors/{id}/check`: check now, outside the schedule. */
  check(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'checkMonitor'>>(
      { method: 'POST', path: path`/v1/monitors/${id}/check` },
      options,
    );
  }
}
