import { path, type RequestOptions } from '../http.js';
import type { PageRequest } from '../pagination.js';
import type { AnswerOf, BodyOf, ItemOf, QueryOf } from '../types.js';
import { Resource } from './resource.js';

/**
 * `client.webhooks.endpoints`: the key mode's webhook endpoints (up to 10), each with its URL, the
 * event kinds it receives and its own signing secret.
 */
export class WebhookEndpoints extends Resource {
  /** `GET /v1/webhooks/endpoints`: every endpoint, oldest first, without their secrets. */
  list(options?: RequestOptions) {
    return this.http.json<AnswerOf<'listWebhookEndpoints'>>(
      { method: 'GET', path: '/v1/webhooks/endpoints' },
      options,
    );
  }

  /** `POST /v1/webhooks/endpoints`: a new endpoint (201), its secret shown once in `data.signing_secret`. */
  create(body: BodyOf<'createWebhookEndpoint'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'createWebhookEndpoint'>>(
      { method: 'POST', path: '/v1/webhooks/endpoints', json: body },
      options,
    );
  }

  /** `GET /v1/webhooks/endpoints/{id}`: one endpoint, without its secret. */
  get(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getWebhookEndpoint'>>(
      { method: 'GET', path: path`/v1/webhooks/endpoints/${id}` },
      options,
    );
  }

  /** `PATCH /v1/webhooks/endpoints/{id}`: the URL, the events, the description, enabled, expiry. */
  update(id: string, body: BodyOf<'updateWebhookEndpoint'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'updateWebhookEndpoint'>>(
      { method: 'PATCH', path: path`/v1/webhooks/endpoints/${id}`, json: body },
      options,
    );
  }

  /** A new signing secret, in `data.signing_secret`; the old one stops at once. */
  rotateSecret(id: string, options?: RequestOptions) {
    return this.update(id, { rotate_secret: true }, options);
  }

  /** `DELETE /v1/webhooks/endpoints/{id}`: its deliveries stay listed with its id. */
  delete(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'deleteWebhookEndpoint'>>(
      { method: 'DELETE', path: path`/v1/webhooks/endpoints/${id}` },
      options,
    );
  }

  /**
   * `GET /v1/webhooks/deliveries?endpoint_id=…`: the endpoint's deliveries, newest first; `for
   * await` walks every page. `webhooks.deliveries.replay` sends one again to the same endpoint.
   */
  deliveries(
    id: string,
    filters?: Omit<QueryOf<'listWebhookDeliveries'>, 'endpoint_id'>,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listWebhookDeliveries'>, AnswerOf<'listWebhookDeliveries'>> {
    return this.paged('/v1/webhooks/deliveries', { ...filters, endpoint_id: id }, options);
  }
}
