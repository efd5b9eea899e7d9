import { Type } from '@sinclair/typebox';
import { ERROR_CATALOGUE, type ErrorCode, ErrorObject } from '../../errors.js';
import { EXAMPLE_REQUESTER, errorExample } from './examples.js';

export { IsoTime, Nullable } from '../../validation/answer.js';

/** `{ error, meta }`: every failure (spec 2.1, section 7). */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Ref(ErrorObject),
    meta: Type.Object({ request_id: Type.String() }),
  },
  { $id: 'ErrorEnvelope', description: 'Failure envelope' },
);

/** Response headers the document describes, by name (decisions sections 4 and 8, RFC 6750). */
const HEADERS = {
  'X-Request-Id': {
    type: 'string',
    description:
      'Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id`',
  },
  'X-Burst-Limit': { type: 'integer', description: "Requests per sliding 60 s on the account's tier" },
  'X-Burst-Remaining': { type: 'integer', description: 'Requests left in the current 60 s window' },
  'X-RateLimit-Limit': {
    type: 'integer',
    description: "Validations per calendar month (UTC) on the account's tier",
  },
  'X-RateLimit-Remaining': { type: 'integer', description: 'Validations left this month' },
  'X-RateLimit-Reset': {
    type: 'string',
    format: 'date-time',
    description: 'When the monthly quota renews: the first instant of next month, UTC',
  },
  'Retry-After': { type: 'integer', description: 'Whole seconds to wait before retrying' },
  'WWW-Authenticate': {
    type: 'string',
    description: '`Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750)',
  },
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description:
      "Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again",
  },
} as const;

export type HeaderName = keyof typeof HEADERS;

function headers(names: readonly HeaderName[]) {
  return Object.fromEntries(names.map((name) => [name, HEADERS[name]]));
}

const GATED_HEADERS: HeaderName[] = ['X-Request-Id', 'X-Burst-Limit', 'X-Burst-Remaining'];

/** Response options of a key-protected success answer: its headers (`quota` on validation answers). */
export function answerHeaders(options: { quota?: boolean } = {}) {
  return {
    headers: headers([
      ...GATED_HEADERS,
      ...(options.quota
        ? (['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const)
        : []),
    ]),
  };
}

/** Headers an error status carries beside the envelope. */
const ERROR_HEADERS: Partial<Record<number, HeaderName[]>> = {
  401: ['X-Request-Id', 'WWW-Authenticate'],
  429: ['X-Request-Id', 'Retry-After'],
  503: ['X-Request-Id', 'Retry-After'],
};

/**
 * Error responses for the OpenAPI document: one per status among `codes`, its description listing
 * those codes and an example of each, so a reader sees which failures this operation can answer.
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<number, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: list.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].message}`).join('\n'),
        headers: headers(ERROR_HEADERS[status] ?? ['X-Request-Id']),
        content: {
          'application/json': {
            schema: Type.Ref(ErrorEnvelope),
            examples: Object.fromEntries(
              list.map((code) => [code, { summary: ERROR_CATALOGUE[code].title, value: errorExample(code) }]),
            ),
          },
        },
      },
    ]),
  );
}

/** A response of the OpenAPI document with `headers` added (names from the table above). */
export function withResponseHeaders<R extends { headers?: object }>(
  response: R,
  names: readonly HeaderName[],
): R {
  return { ...response, headers: { ...response.headers, ...headers(names) } };
}

/**
 * `responses` (a route's `schema.response`) with the error responses of `codes` added: a status
 * already there gets the new codes in its description and examples, as if errorResponses had been
 * given every code at once.
 */
export function withErrorResponses(
  responses: Record<string, unknown>,
  codes: readonly ErrorCode[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...responses };
  // A code the route lists already (its examples are keyed by code) is not added twice.
  const listed = (code: ErrorCode) =>
    Object.values(merged).some(
      (response) => (response as ErrorResponse | undefined)?.content?.['application/json']?.examples?.[code],
    );
  const fresh = codes.filter((code) => !listed(code));
  for (const [status, added] of Object.entries(errorResponses(fresh)) as Array<[string, ErrorResponse]>) {
    const existing = merged[status] as ErrorResponse | undefined;
    if (!existing?.content) {
      merged[status] = added;
      continue;
    }
    const media = existing.content['application/json'];
    const addedMedia = added.content['application/json'];
    merged[status] = {
      ...existing,
      description: `${existing.description}\n${added.description}`,
      content: {
        'application/json': { ...media, examples: { ...media.examples, ...addedMedia.examples } },
      },
    };
  }
  return merged;
}

interface ErrorResponse {
  description: string;
  headers?: object;
  content: Record<string, { schema: unknown; examples: Record<string, unknown> }>;
}

/**
 * Failures every key-protected route can answer: no or a refused key, the burst limit, and the
 * database away while the key is looked up.
 */
export const AUTH_ERRORS: ErrorCode[] = ['unauthorized', 'burst_limit_exceeded', 'service_unavailable'];

/** Failures of a JSON body before the route sees it (decisions section 8), or of its sending. */
export const BODY_ERRORS: ErrorCode[] = [
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'validation_error',
  'request_timeout',
];

/** The query of a route that takes no query parameters: any one is an unknown member (422). */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** `{ request_id }`, the meta of most answers. */
export const RequestMeta = Type.Object({ request_id: Type.String() });

/**
 * A VAT number as every channel takes it (the GET query, batch and async bodies and items,
 * monitors). No length or pattern here: the number's own check refuses a malformed one, an empty
 * one or one over 100 characters included, as `invalid_vat_format` naming the rule, which fails
 * the one request or only its item, whatever the channel.
 */
export const VatNumberInput = Type.String({
  description:
    'VAT number with its country prefix; spaces, dots, dashes and slashes are ignored. A malformed one (empty, over 100 characters, not the country’s format) is `invalid_vat_format`',
  examples: ['DE123456704'],
});

/** The caller's own VAT number, checked as `VatNumberInput` is, wherever a request takes one. */
export const RequesterVatNumber = Type.String({
  description:
    'Your own VAT number, for consultation numbers (Business and Scale tiers); a malformed one is 422 `invalid_vat_format`',
  examples: [EXAMPLE_REQUESTER],
});
