import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { SELLER_VAT_MESSAGE, SELLER_VAT_PATTERN } from '../../decisions/decision-request.js';
import { ApiError } from '../../errors.js';
import { TRADER_FIELD_MESSAGE, TRADER_FIELD_PATTERN } from '../../matching/trader-fields.js';
import { REFERENCE_MESSAGE, REFERENCE_PATTERN } from '../../records/reference.js';
import { isDatabaseUnavailable } from '../../store/database.js';
import { sendApiError } from '../envelope.js';

/** Seconds a client is asked to wait when the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Fastify's own failures, mapped onto the catalogue (decisions section 8). */
const FASTIFY_CODES: Record<string, ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new ApiError('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new ApiError('unsupported_media_type'),
  FST_ERR_CTP_INVALID_JSON_BODY: new ApiError('invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new ApiError(
    'invalid_json',
    'The request body is empty but Content-Type says JSON.',
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new ApiError(
    'invalid_json',
    'The request body does not match its Content-Length.',
  ),
};

/**
 * One place renders every failure in the envelope: ApiErrors from the catalogue, schema failures
 * (a missing query parameter is `missing_parameter`, anything else `validation_error`), Fastify's
 * parser errors, the database being unreachable as `service_unavailable` (503, Retry-After), and the
 * rest as `internal_error` with no internals in the body and the cause in the log.
 */
export function registerErrorHandling(app: FastifyInstance, docsBase: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendApiError(reply, docsBase, error);
    if (error.validation) return sendApiError(reply, docsBase, schemaError(error, request));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, req_id: request.id }, 'database unavailable');
      return sendApiError(
        reply,
        docsBase,
        new ApiError('service_unavailable', undefined, { 'retry-after': DATABASE_RETRY_AFTER_SECONDS }),
      );
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendApiError(reply, docsBase, known);
    if (error instanceof SyntaxError || (error as { body?: unknown }).body !== undefined) {
      return sendApiError(
        reply,
        docsBase,
        new ApiError('invalid_json', `The request body is not valid JSON: ${error.message}`),
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A malformed request Fastify refused before our code ran (bad URL encoding, bad header...).
      return sendApiError(
        reply,
        docsBase,
        new ApiError('validation_error', `The request is malformed: ${error.message}`),
      );
    }
    request.log.error({ err: error, req_id: request.id }, 'unhandled error');
    return sendApiError(reply, docsBase, new ApiError('internal_error'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendApiError(
      reply,
      docsBase,
      new ApiError('not_found', `No endpoint ${request.method} ${request.url.split('?')[0].slice(0, 200)}.`),
    ),
  );
}

/** What a value refused by one of these patterns is told, in place of the pattern. */
const PATTERN_MESSAGES: Record<string, string> = {
  [REFERENCE_PATTERN]: REFERENCE_MESSAGE,
  [TRADER_FIELD_PATTERN]: TRADER_FIELD_MESSAGE,
  [SELLER_VAT_PATTERN]: SELLER_VAT_MESSAGE,
};

/** Longest unknown member name a message repeats: it comes from the client. */
const MAX_NAME_IN_MESSAGE = 64;

function schemaError(error: FastifyError, request: FastifyRequest): ApiError {
  const first = mostSpecific(error.validation ?? []);
  const context = error.validationContext ?? 'request';
  if (context === 'querystring' && first?.keyword === 'required') {
    const name = (first.params as { missingProperty?: string }).missingProperty ?? 'parameter';
    return new ApiError('missing_parameter', `Query parameter '${name}' is required.`);
  }
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where =
    context === 'body'
      ? path || 'body'
      : `${context === 'querystring' ? 'query parameter' : context} ${path}`.trim();
  let message = first?.message ?? 'is invalid';
  if (first?.keyword === 'additionalProperties') {
    // Every request schema is closed (additionalProperties: false): a mistyped or unsupported
    // parameter or member is refused by name rather than ignored, with the names the route takes.
    const name = String((first.params as { additionalProperty?: string }).additionalProperty);
    const shown = name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE)}…` : name;
    const known = path === '' ? memberNames(request, context) : undefined;
    const hint =
      known === undefined ? '' : known.length === 0 ? ' (it takes none)' : ` (known: ${known.join(', ')})`;
    message = `has an unknown member '${shown}'${hint}`;
  }
  if (first?.keyword === 'pattern') {
    message = PATTERN_MESSAGES[String((first.params as { pattern?: string }).pattern)] ?? message;
  }
  if (first?.keyword === 'const' || first?.keyword === 'enum') {
    // A choice among fixed values (`valid`, `channel`, `format`, …): name them, rather than Ajv's
    // "must be equal to constant" from whichever branch it tried last.
    message = `must be one of ${allowedValues(error.validation ?? [], first.instancePath).join(', ')}`;
  }
  if (first?.keyword === 'required') {
    return new ApiError(
      'validation_error',
      `${context === 'body' ? 'body' : context}: '${(first.params as { missingProperty?: string }).missingProperty}' is required.`,
    );
  }
  return new ApiError('validation_error', `${where}: ${message}.`);
}

type SchemaFailure = NonNullable<FastifyError['validation']>[number];

/**
 * The failure to report: the first, unless a union (a batch item: a string or an object) failed,
 * whose every branch reports its own. The deepest of those names the member at fault (an object
 * item's `reference`), rather than "must be string" from the branch the item was not meant for.
 */
function mostSpecific(failures: readonly SchemaFailure[]): SchemaFailure | undefined {
  if (!failures.some((failure) => failure.keyword === 'anyOf')) return failures[0];
  // Deeper first; at one depth, a failure inside the branch (an unknown member) over a wrong type.
  const rank = (failure: SchemaFailure) =>
    failure.instancePath.split('/').length * 2 + (failure.keyword === 'type' ? 0 : 1);
  let best: SchemaFailure | undefined;
  for (const failure of failures) {
    if (failure.keyword !== 'anyOf' && (!best || rank(failure) > rank(best))) best = failure;
  }
  return best;
}

/** The values the failed `const` branches (or an `enum`) at `path` allow, in schema order. */
function allowedValues(failures: readonly SchemaFailure[], path: string): string[] {
  const values: string[] = [];
  for (const failure of failures) {
    if (failure.instancePath !== path) continue;
    const params = failure.params as { allowedValue?: unknown; allowedValues?: unknown[] };
    if (failure.keyword === 'const') values.push(String(params.allowedValue));
    if (failure.keyword === 'enum') values.push(...(params.allowedValues ?? []).map(String));
  }
  return [...new Set(values)];
}

/** The members the route's schema for `context` (querystring, body) declares, when it has one. */
function memberNames(request: FastifyRequest, context: string): string[] | undefined {
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] as
    | { properties?: Record<string, unknown> }
    | undefined;
  return schema?.properties ? Object.keys(schema.properties) : undefined;
}
