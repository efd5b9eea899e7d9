import { type RateLimit, rateLimitOf } from './rate-limit.js';
import type { components } from './schema.js';

/** Every code of the service's error catalogue (`error.code` of a failure), from its OpenAPI document. */
export type ErrorCode = components['schemas']['ErrorObject']['code'];

/**
 * Codes of failures that have no answer from the service: the connection failed, the attempt
 * timed out, the caller aborted; an answer that is not the service's envelope (a proxy's page);
 * a webhook that does not verify; options the client cannot work with.
 */
export type ClientErrorCode =
  | 'connection_error'
  | 'timeout'
  | 'aborted'
  | 'unexpected_response'
  | 'webhook_verification_failed'
  | 'invalid_options';

export interface ErrorDetails {
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  docsUrl?: string;
  headers?: Headers;
  cause?: unknown;
}

/**
 * The base of every error the SDK throws, and the class of failures no family below covers
 * (`internal_error`, `service_unavailable`, and codes newer than this SDK).
 */
export class VatServiceError extends Error {
  override name = 'VatServiceError';
  /** `error.code` of the answer (a catalogue code), or one of the client's own codes. */
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  /** The HTTP status; undefined when no answer came. */
  readonly status: number | undefined;
  /** `meta.request_id` (also `X-Request-Id`): quote it to support. */
  readonly requestId: string | undefined;
  /** The page that explains the code (`error.docs_url`). */
  readonly docsUrl: string | undefined;
  /** Seconds the service asks to wait before a retry (`Retry-After`), when it says. */
  readonly retryAfter: number | undefined;
  /** The rate-limit headers of the answer. */
  readonly rateLimit: RateLimit;
  readonly headers: Headers | undefined;

  constructor(details: ErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.status = details.status;
    this.requestId = details.requestId;
    this.docsUrl = details.docsUrl;
    this.headers = details.headers;
    this.rateLimit = rateLimitOf(details.headers);
    this.retryAfter = retryAfterOf(details.headers);
  }
}

/** 401: no key, a malformed key, or a key that is unknown or revoked. */
export class AuthenticationError extends VatServiceError {
  override name = 'AuthenticationError';
}

/** 403: the tier does not include the feature, a test key where a live one is needed, a limit of the tier. */
export class PermissionError extends VatServiceError {
  override name = 'PermissionError';
}

/** 400, 413, 415, 422: the request as sent cannot be done; `param` names the parameter or member at fault. */
export class ValidationError extends VatServiceError {
  override name = 'ValidationError';
  /** The query parameter or body member at fault (`vat_numbers.1.reference`), when the message names one. */
  readonly param: string | undefined;

  constructor(details: ErrorDetails) {
    super(details);
    this.param = paramOf(details.code, details.message);
  }
}

/** 429: the burst limit (retry after `retryAfter` seconds) or the monthly quota (`rateLimit.reset`). */
export class RateLimitError extends VatServiceError {
  override name = 'RateLimitError';
  /** The quota and burst figures of the answer (the same as `rateLimit`). */
  get limits(): RateLimit {
    return this.rateLimit;
  }
}

/** 503 from a registry: it is down or timed out and nothing is cached; not charged. */
export class UpstreamError extends VatServiceError {
  override name = 'UpstreamError';
}

/** 404: no such object for this account and key mode, or no such path. */
export class NotFoundError extends VatServiceError {
  override name = 'NotFoundError';
}

/** 409: the change contradicts the current state (the last live key, a request still running). */
export class ConflictError extends VatServiceError {
  override name = 'ConflictError';
}

/** No answer: the connection failed (`connection_error`), the attempt timed out (`timeout`), the caller aborted (`aborted`). */
export class ConnectionError extends VatServiceError {
  override name = 'ConnectionError';
}

/** A webhook whose signature, timestamp or body does not verify: it was not sent by the service. */
export class WebhookVerificationError extends VatServiceError {
  override name = 'WebhookVerificationError';
}

type ErrorClass = new (details: ErrorDetails) => VatServiceError;

/**
 * The class of each code of the catalogue. Typed by the generated `ErrorCode`, so a code added to
 * the service's catalogue does not compile here until it is given a class.
 */
export const ERROR_CLASSES: Record<ErrorCode, ErrorClass> = {
  missing_parameter: ValidationError,
  invalid_json: ValidationError,
  webhook_not_configured: ValidationError,
  unauthorized: AuthenticationError,
  tier_insufficient: PermissionError,
  forbidden: PermissionError,
  monitor_limit_exceeded: PermissionError,
  not_found: NotFoundError,
  category_not_found: NotFoundError,
  conflict: ConflictError,
  endpoint_limit_exceeded: ConflictError,
  payload_too_large: ValidationError,
  unsupported_media_type: ValidationError,
  invalid_vat_format: ValidationError,
  validation_error: ValidationError,
  category_ambiguous: ValidationError,
  invalid_csv: ValidationError,
  idempotency_key_reused: ValidationError,
  rate_limit_exceeded: RateLimitError,
  burst_limit_exceeded: RateLimitError,
  request_timeout: VatServiceError,
  internal_error: VatServiceError,
  service_unavailable: VatServiceError,
  upstream_error: UpstreamError,
  upstream_unavailable: UpstreamError,
};

/** A code this SDK does not know (a newer service), or an answer without the envelope: by status. */
const BY_STATUS: Record<number, ErrorClass> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  413: ValidationError,
  415: ValidationError,
  422: ValidationError,
  429: RateLimitError,
};

/** The error for a failed answer: its envelope's code decides the class, else its status. */
export function errorOfAnswer(status: number, headers: Headers, text: string): VatServiceError {
  const envelope = envelopeOf(text);
  const requestId = envelope?.meta?.request_id ?? headers.get('x-request-id') ?? undefined;
  if (envelope?.error) {
    const { code, message, docs_url } = envelope.error;
    const known = Object.hasOwn(ERROR_CLASSES, code) ? ERROR_CLASSES[code as ErrorCode] : undefined;
    const Class = known ?? BY_STATUS[status] ?? VatServiceError;
    return new Class({ code, message, status, requestId, docsUrl: docs_url, headers });
  }
  const Class = BY_STATUS[status] ?? VatServiceError;
  const excerpt = text.trim().slice(0, 200);
  return new Class({
    code: 'unexpected_response',
    message: `HTTP ${status} without the service's error envelope${excerpt ? `: ${excerpt}` : ''}`,
    status,
    requestId,
    headers,
  });
}

interface Envelope {
  error?: { code: string; message: string; docs_url?: string };
  meta?: { request_id?: string };
}

function envelopeOf(text: string): Envelope | undefined {
  try {
    const body = JSON.parse(text) as Envelope;
    return typeof body?.error?.code === 'string' && typeof body.error.message === 'string' ? body : undefined;
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds: whole seconds, or an HTTP date. */
export function retryAfterOf(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The parameter a refusal names. The service's messages start with it, after the part of the
 * request it is in: `query parameter limit: must be <= 100.`, `vat_numbers.1.reference: must be …`,
 * `body: 'url' is required.`, `query parameter: has an unknown member 'colour' …`,
 * `Query parameter 'vat_number' is required.`; a format refusal is about `vat_number` unless it
 * names `requester_vat_number`.
 */
function paramOf(code: string, message: string): string | undefined {
  const missing = /^Query parameter '([^']+)' is required/.exec(message);
  if (missing) return missing[1];
  if (code === 'invalid_vat_format')
    return message.startsWith('requester_vat_number:') ? 'requester_vat_number' : 'vat_number';
  const named = /^(?:(?:query parameter|params|headers|body)\b ?)?([\w.-]*): (.*)$/s.exec(message);
  if (!named) return undefined;
  const [, where, rest] = named;
  const member = /^(?:has an unknown member '([^']+)'|'([^']+)' is required)/.exec(rest);
  const name = member?.[1] ?? member?.[2];
  if (name) return where ? `${where}.${name}` : name;
  return where || undefined;
}
