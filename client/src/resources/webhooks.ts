import { path, type RequestOptions } from '../http.js';
import type { PageRequest } from '../pagination.js';
import type { AnswerOf, BodyOf, ItemOf, QueryOf, WebhookEvent, WebhookEventType } from '../types.js';
import { type VerifyOptions, verifyWebhook, type WebhookHeaders } from '../webhook-verify.js';
import { Resource } from './resource.js';
import { WebhookEndpoints } from './webhook-endpoints.js';

/** Where the service sends events, what it sent, and checking what arrives: `client.webhooks`. */
export class Webhooks extends Resource {
  readonly endpoints = new WebhookEndpoints(this.http);
  readonly deliveries = new WebhookDeliveries(this.http);

  /**
   * The event in a delivery, once its Standard Webhooks signature verifies against the raw body
   * and the endpoint's `whsec_…` secret; typed with every kind of event (narrow it on `type`).
   * A forged, altered or replayed delivery throws WebhookVerificationError.
   */
  verify(
    body: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaders,
    secret: string,
    options?: VerifyOptions,
  ): Promise<WebhookEvent> {
    return verifyWebhook(body, headers, secret, options);
  }

  /** `GET /v1/webhooks/config`: the key mode's webhook (with its signing secret). */
  getConfig(options?: RequestOptions) {
    return this.http.json<AnswerOf<'getWebhookConfig'>>(
      { method: 'GET', path: '/v1/webhooks/config' },
      options,
    );
  }

  /** `PUT /v1/webhooks/config`: sets the URL, enables or disables it, rotates the secret. */
  setConfig(body: BodyOf<'putWebhookConfig'>, options?: RequestOptions) {
    return this.http.json<AnswerOf<'putWebhookConfig'>>(
      { method: 'PUT', path: '/v1/webhooks/config', json: body },
      options,
    );
  }

  /** `DELETE /v1/webhooks/config`. */
  deleteConfig(options?: RequestOptions) {
    return this.http.json<AnswerOf<'deleteWebhookConfig'>>(
      { method: 'DELETE', path: '/v1/webhooks/config' },
      options,
    );
  }

  /** `POST /v1/webhooks/test`: sends a `test` event to the webhook. */
  sendTest(options?: RequestOptions) {
    return this.http.json<AnswerOf<'sendTestWebhook'>>(
      { method: 'POST', path: '/v1/webhooks/test' },
      options,
    );
  }

  /**
   * `POST /v1/webhooks/trigger` (test keys): a sample event of any kind, built as the real one, to
   * every enabled test-mode endpoint subscribed to it; answered once the attempts are over.
   */
  trigger(event: WebhookEventType, options?: RequestOptions) {
    const body: BodyOf<'triggerWebhookEvent'> = { event };
    return this.http.json<AnswerOf<'triggerWebhookEvent'>>(
      { method: 'POST', path: '/v1/webhooks/trigger', json: body },
      options,
    );
  }
}

/** `client.webhooks.deliveries`: every event sent, with its attempts. */
export class WebhookDeliveries extends Resource {
  /** `GET /v1/webhooks/deliveries`: newest first; `for await` walks every page. */
  list(
    filters?: QueryOf<'listWebhookDeliveries'>,
    options?: RequestOptions,
  ): PageRequest<ItemOf<'listWebhookDeliveries'>, AnswerOf<'listWebhookDeliveries'>> {
    return this.paged('/v1/webhooks/deliveries', filters, options);
  }

  /** `GET /v1/webhooks/deliveries/{id}`: one delivery with its attempts. */
  get(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'getWebhookDelivery'>>(
      { method: 'GET', path: path`/v1/webhooks/deliveries/${id}` },
      options,
    );
  }

  /** `POST /v1/webhooks/deliveries/{id}/replay`: sends the same event again. */
  replay(id: string, options?: RequestOptions) {
    return this.http.json<AnswerOf<'replayWebhookDelivery'>>(
      { method: 'POST', path: path`/v1/webhooks/deliveries/${id}/replay` },
      options,
    );
  }
}
