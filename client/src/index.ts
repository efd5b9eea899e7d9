import { type ClientOptions, Transport } from './http.js';
import { Keys, Status, Usage } from './resources/account.js';
import { Bulk } from './resources/bulk.js';
import { Decisions } from './resources/decisions.js';
import { Monitors } from './resources/monitors.js';
import { Rates } from './resources/rates.js';
import { Validations } from './resources/validations.js';
import { Webhooks } from './resources/webhooks.js';

/**
 * The SDK of the VAT validation and rates API: one client, a property per resource, every call
 * typed from the service's OpenAPI document (schema.ts).
 *
 *   const vat = new VatClient({ apiKey: 'svc_live_…', baseUrl: 'https://vat.example.com' });
 *   const { data, meta, rateLimit } = await vat.validations.validate('DE811907980');
 *
 * It needs `fetch` and nothing else (Node.js 18+, Deno, Bun, browsers); webhook verification
 * needs WebCrypto too.
 */
export class VatClient {
  readonly validations: Validations;
  readonly decisions: Decisions;
  readonly rates: Rates;
  readonly webhooks: Webhooks;
  readonly monitors: Monitors;
  readonly bulk: Bulk;
  readonly keys: Keys;
  readonly usage: Usage;
  readonly status: Status;

  constructor(options: ClientOptions = {}) {
    const http = new Transport(options);
    this.validations = new Validations(http);
    this.decisions = new Decisions(http);
    this.rates = new Rates(http);
    this.webhooks = new Webhooks(http);
    this.monitors = new Monitors(http);
    this.bulk = new Bulk(http);
    this.keys = new Keys(http);
    this.usage = new Usage(http);
    this.status = new Status(http);
  }
}

export default VatClient;

export {
  AuthenticationError,
  type ClientErrorCode,
  ConflictError,
  ConnectionError,
  ERROR_CLASSES,
  type ErrorCode,
  NotFoundError,
  PermissionError,
  RateLimitError,
  UpstreamError,
  ValidationError,
  VatServiceError,
  WebhookVerificationError,
} from './errors.js';
export type { ApiResult, ClientOptions, RequestOptions, ResponseInfo } from './http.js';
export type { Page, PageRequest } from './pagination.js';
export type { RateLimit } from './rate-limit.js';
export { MAX_RETRY_AFTER_SECONDS } from './retry.js';
export type { components, operations, paths, webhooks } from './schema.js';
export type {
  AnswerOf,
  BodyOf,
  ItemOf,
  OperationId,
  QueryOf,
  WebhookEvent,
  WebhookEventOf,
  WebhookEventType,
} from './types.js';
export { type VerifyOptions, verifyWebhook, type WebhookHeaders } from './webhook-verify.js';
