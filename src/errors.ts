import { Type } from '@sinclair/typebox';
import { limitsInWords } from './accounts/tiers.js';

/**
 * The error catalogue: every code the service answers with (spec section 7 and decisions section 8),
 * its HTTP status, default message and the text of its docs page at `/docs/errors/{code}`.
 * One handler renders them (src/http/plugins/error-handler.ts); test/errors.test.ts checks
 * this list against the spec's table and the served pages.
 */

export interface ErrorEntry {
  status: number;
  message: string;
  title: string;
  /** When it happens and what the caller should do: the body of the docs page. */
  explanation: string;
}

export const ERROR_CATALOGUE = {
  missing_parameter: {
    status: 400,
    message: 'A required parameter is missing.',
    title: 'Missing parameter',
    explanation:
      'A required query parameter is absent, for example `vat_number` on `GET /v1/validate`. The message names it. Send the parameter and retry.',
  },
  invalid_json: {
    status: 400,
    message: 'The request body is not valid JSON.',
    title: 'Invalid JSON',
    explanation:
      'The body could not be parsed as JSON. Check quoting, trailing commas and the character encoding (UTF-8).',
  },
  webhook_not_configured: {
    status: 400,
    message: 'No enabled webhook is configured for this account.',
    title: 'Webhook not configured',
    explanation:
      "Asynchronous validation delivers its results by webhook, and a test event or a triggered sample needs a target: each needs an enabled webhook endpoint of the key's mode subscribed to its events (`validation.completed` and `validation.failed` for a number, `batch.completed` for a batch). Configure one with `PUT /v1/webhooks/config` (it subscribes to every event) or `POST /v1/webhooks/endpoints`; a disabled endpoint counts as none. The message says which events lack a subscriber.",
  },
  unauthorized: {
    status: 401,
    message: 'A valid API key is required: send `Authorization: Bearer <key>`.',
    title: 'Unauthorized',
    explanation:
      'The `Authorization` header is missing, malformed, or names a key that does not exist or was revoked. Keys start with `svc_live_` or `svc_test_`.',
  },
  tier_insufficient: {
    status: 403,
    message: 'This feature needs a higher subscription tier.',
    title: 'Tier insufficient',
    explanation:
      'Batches, asynchronous validation, bulk files, webhooks, monitors, decisions and the history export need the Pro, Business or Scale tier; consultation numbers need Business or Scale. Upgrade the account to use the feature.',
  },
  forbidden: {
    status: 403,
    message: 'Test keys cannot use asynchronous validation.',
    title: 'Forbidden',
    explanation:
      'Asynchronous validation makes real registry calls and delivers real events, so it needs a live key (`svc_live_…`). Test keys work on every synchronous endpoint. The other way round, `POST /v1/webhooks/trigger` sends sample events and takes test keys only. The message says which.',
  },
  monitor_limit_exceeded: {
    status: 403,
    message: "The account's monitor limit is reached.",
    title: 'Monitor limit exceeded',
    explanation: `Each tier may keep a number of monitors per key mode (by default ${limitsInWords((limits) => limits.monitors)}). Remove monitors you no longer need, or upgrade. A monitor batch that would pass the limit is refused whole.`,
  },
  not_found: {
    status: 404,
    message: 'The requested resource was not found.',
    title: 'Not found',
    explanation:
      'The path does not exist, the country has no rate data (`GET /v1/rates/{code}` serves 31 countries), or the object (webhook configuration, delivery) does not exist for this account.',
  },
  request_timeout: {
    status: 408,
    message: 'The request was not received in time; the connection is closed.',
    title: 'Request timeout',
    explanation:
      'The client did not send the whole request in the time the server waits for one (30 seconds unless the operator set another), or stopped sending in the middle of it, usually a body that stalled. Nothing was done with it. The answer is written on the raw connection and the connection closed: send the request again on a new connection.',
  },
  category_not_found: {
    status: 404,
    message: 'No such rate category.',
    title: 'Category not found',
    explanation:
      "`GET /v1/rates/{country_code}/categories/{id}` names a category id that does not exist. Ids are TEDB's category identifiers in lower case (`foodstuffs`, `pharmaceutical_products`, `accommodation`, ...); `GET /v1/rates/categories` lists every one. A known category at the standard rate in a country is not an error: it answers an empty list.",
  },
  conflict: {
    status: 409,
    message: 'The request contradicts the current state.',
    title: 'Conflict',
    explanation:
      'The change cannot be made as things stand, for example revoking the last live key of an account, or a retry sent while the first request with the same `Idempotency-Key` is still running. The message says which; in the second case retry after a moment to get the first answer.',
  },
  endpoint_limit_exceeded: {
    status: 409,
    message: 'This key mode already has the most webhook endpoints it may have.',
    title: 'Endpoint limit exceeded',
    explanation:
      'Each key mode of an account may have 10 webhook endpoints, temporary ones (`vat-service webhooks listen`) included. Remove one you no longer need (`DELETE /v1/webhooks/endpoints/{id}`), or subscribe an existing endpoint to more events, then retry.',
  },
  payload_too_large: {
    status: 413,
    message: 'The request body is larger than 1 MiB.',
    title: 'Payload too large',
    explanation:
      "JSON request bodies are limited to 1 MiB; bulk files (`POST /v1/bulk`) have a larger limit of their own, which the message and the endpoint's documentation state. Split a large asynchronous batch or file into several requests.",
  },
  unsupported_media_type: {
    status: 415,
    message: 'The request body must be JSON: send `Content-Type: application/json`.',
    title: 'Unsupported media type',
    explanation: 'Endpoints that take a body accept only `application/json`.',
  },
  invalid_vat_format: {
    status: 422,
    message: 'The VAT number is not in a recognised format.',
    title: 'Invalid VAT format',
    explanation:
      'The number does not match its country\'s syntax, or its country prefix is missing or unsupported. The message names the rule, e.g. "DE numbers have 9 digits after the prefix". A well-formed number whose check digit is wrong is not an error: it is answered `valid: false` with `meta.source: "checksum"`.',
  },
  validation_error: {
    status: 422,
    message: 'The request is not valid.',
    title: 'Validation error',
    explanation:
      'The request body or a parameter has the wrong type or value: an empty or oversized `vat_numbers` array, a non-HTTPS or private webhook URL, a malformed `date`, a `limit` out of range. The message says which.',
  },
  category_ambiguous: {
    status: 422,
    message: 'The rate category has several rates in this country.',
    title: 'Category ambiguous',
    explanation:
      "`POST /v1/decisions` names a `supply.category` for which the country whose VAT applies has more than one rate (foodstuffs in several member states, for example: some at a reduced rate, some at the standard one). The service does not guess which one your goods fall under: the message lists the rates with their notes. Send a narrower category (`GET /v1/rates/{country_code}/categories` shows each one's rates) and ask again.",
  },
  invalid_csv: {
    status: 422,
    message: 'The CSV file cannot be read.',
    title: 'Invalid CSV',
    explanation:
      'A bulk file must be UTF-8 CSV with a header row naming at least `vat_number`. The message names the line and the reason (no `vat_number` column, bad encoding, an unclosed quote, too many rows). Nothing of the file was accepted or charged.',
  },
  idempotency_key_reused: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request body.',
    title: 'Idempotency key reused',
    explanation:
      'An `Idempotency-Key` names one request: a retry must send the same body to get the first answer again. Use a new key for a new request. Keys are kept for 24 hours per account.',
  },
  rate_limit_exceeded: {
    status: 429,
    message: 'The monthly validation quota is exhausted.',
    title: 'Monthly quota exceeded',
    explanation:
      'The account has used its monthly validations, or a batch needs more than remain. Every validation counts, and so do a new monitor\'s first check and each "check now" of a monitor; nothing is created or queued when refused. `X-RateLimit-Remaining` shows what is left and `X-RateLimit-Reset` when the quota renews (the first instant of next month, UTC); `Retry-After` gives the seconds until then.',
  },
  burst_limit_exceeded: {
    status: 429,
    message: 'Too many requests in the last 60 seconds.',
    title: 'Burst limit exceeded',
    explanation: `Each account may make a number of requests per sliding 60-second window (by default ${limitsInWords((limits) => limits.burst_per_minute)}). Wait the seconds in \`Retry-After\`; \`X-Burst-Limit\` and \`X-Burst-Remaining\` are on every authenticated response.`,
  },
  internal_error: {
    status: 500,
    message: 'An unexpected error occurred. It has been logged with the request id.',
    title: 'Internal error',
    explanation: 'Something failed on our side. Quote `meta.request_id` when you contact support.',
  },
  service_unavailable: {
    status: 503,
    message: 'The service cannot reach its database. Retry later.',
    title: 'Service unavailable',
    explanation:
      'The service could not reach its own database, or the database did not answer in time, so it did not do the work: nothing was charged, recorded or half-written. Retry after the seconds in `Retry-After`; the service recovers by itself when the database is back.',
  },
  upstream_error: {
    status: 503,
    message: 'The UK VAT registry (HMRC) returned an error. Retry later.',
    title: 'Upstream error (UK)',
    explanation:
      'HMRC could not answer and no earlier answer for this number is cached. Retry after the seconds in `Retry-After`. Not counted against the quota.',
  },
  upstream_unavailable: {
    status: 503,
    message: 'The registry for this country is unavailable. Retry later.',
    title: 'Upstream unavailable',
    explanation:
      "The country's registry is unreachable, timed out, or returned an error, and no earlier answer for this number is cached (up to 30 days old answers are served flagged `stale`). Retry after the seconds in `Retry-After`. Not counted against the quota.",
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, value);
}

/** An error meant for the caller: rendered in the envelope with its catalogue status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.status = ERROR_CATALOGUE[code].status;
  }
}

/** The `error` member of a failure (spec 2.1), also carried by failed batch items. */
export const ErrorObject = Type.Object(
  {
    code: Type.Union(
      ERROR_CODES.map((code) => Type.Literal(code)),
      { description: 'One of the documented error codes' },
    ),
    message: Type.String(),
    docs_url: Type.String({ format: 'uri' }),
    vat_number: Type.Optional(Type.String({ description: 'The input as sent (failed batch items only)' })),
  },
  { $id: 'ErrorObject' },
);
