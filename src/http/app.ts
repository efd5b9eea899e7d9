import { randomUUID } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { InternalCredential } from '../console/internal-credential.js';
import { registerConsole } from '../console/plugin.js';
import { ApiError } from '../errors.js';
import { AuthFailureLimiter } from '../limits/auth-failures.js';
import type { BurstLimiter } from '../limits/burst.js';
import { unicodePatternKeyword } from '../printable-text.js';
import type { RegistryGateway } from '../registries/gateway.js';
import type { Services } from '../services.js';
import type { Database } from '../store/database.js';
import { AsyncResults } from '../validation/async-results.js';
import { errorBody, sendApiError } from './envelope.js';
import { loneSurrogateAt } from './lone-surrogates.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerFrameGuard } from './plugins/frame-guard.js';
import { registerGates } from './plugins/gates.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { HttpMetrics, registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerQueryEncoding } from './plugins/query-encoding.js';
import { registerQueryIntegers } from './plugins/query-integers.js';
import { RequestLog } from './plugins/request-log.js';
import { requestIdOf } from './request-id.js';
import { asyncResultRoutes } from './routes/async-results.js';
import { bulkRoutes } from './routes/bulk.js';
import { decisionProofRoutes } from './routes/decision-proof.js';
import { decisionRoutes } from './routes/decisions.js';
import { errorDocsRoutes, testModeDocsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';
import { keyRoutes } from './routes/keys.js';
import { monitorRoutes } from './routes/monitors.js';
import { rateCategoryRoutes } from './routes/rate-categories.js';
import { rateRoutes } from './routes/rates.js';
import { statusRoutes } from './routes/status.js';
import { usageRoutes } from './routes/usage.js';
import { validateRoutes } from './routes/validate.js';
import { validateAsyncRoutes } from './routes/validate-async.js';
import { validateBatchRoutes } from './routes/validate-batch.js';
import { validationProofRoutes } from './routes/validation-proof.js';
import { validationRoutes } from './routes/validations.js';
import { webhookConfigRoutes } from './routes/webhook-config.js';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.js';
import { webhookEndpointRoutes } from './routes/webhook-endpoints.js';
import { webhookTriggerRoutes } from './routes/webhook-trigger.js';
import { decisionExamples } from './schemas/decision-examples.js';
import { SocketAnswers } from './socket-answers.js';

export interface AppDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  burst: BurstLimiter;
  gateway: RegistryGateway;
  logger: FastifyBaseLogger;
  services: Services;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP application; it never listens (tests and the bench inject or listen themselves). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const docsBase = `${config.publicUrl}/docs`;
  const httpMetrics = new HttpMetrics();
  const socketAnswers = new SocketAnswers(docsBase);
  const fastify = Fastify({
    loggerInstance: deps.logger,
    // The access log is ours (one line per request, ACCESS_LOG), in place of Fastify's two.
    logController: new RequestLog(httpMetrics, deps.logger, config.accessLog),
    // No child logger per request: the lines a request logs name its id themselves (`req_id`).
    childLoggerFactory: (logger) => logger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Query strings stay strings and bodies are checked as sent: a number where a string belongs
    // is a validation_error, not silently coerced.
    // `x-examples` (named examples for the OpenAPI document) is an annotation, not a constraint;
    // `x-unicode-pattern` is the exact rule of free text whose portable `pattern` is looser.
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: false,
        keywords: ['x-examples'],
      },
      plugins: [(ajv) => ajv.addKeyword(unicodePatternKeyword)],
    },
    return503OnClosing: true,
    // A client that stalls is cut off: headers, the whole request, an idle socket, an idle keep-alive.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node looks for requests past their headers or request timeout.
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
      // Node would answer an HTTP/1.1 request without Host with an empty 400 before our code runs;
      // nothing here depends on Host, so such a request is served like any other (in the envelope).
      requireHostHeader: false,
    },
    // Requests refused before routing still get the envelope and a request id (decisions section 8).
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is longer than 100 characters.'
          : 'The request URL is not valid (malformed percent-encoding).';
      return sendApiError(reply, docsBase, new ApiError('validation_error', message));
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => socketAnswers.clientError(error, socket),
    schemaController: { compilersFactory: { buildSerializer: errorAwareSerializerFactory as never } },
  });

  socketAnswers.attach(fastify.server);

  // An Expect other than 100-continue: Node would send an empty 417; answer in the envelope instead.
  fastify.server.on('checkExpectation', (_req, res) => {
    const id = randomUUID();
    const body = JSON.stringify(
      errorBody(docsBase, id, 'validation_error', 'Only `Expect: 100-continue` is supported.'),
    );
    res.writeHead(422, {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': id,
      connection: 'close',
    });
    res.end(body);
  });

  registerJsonParser(fastify);
  registerErrorHandling(fastify, docsBase);
  registerFrameGuard(fastify);
  registerQueryEncoding(fastify);
  registerQueryIntegers(fastify);
  await registerOpenApi(fastify, config);
  registerMetrics(fastify, httpMetrics, {
    clock: deps.clock,
    gateway: deps.gateway,
    jobs: services.stores.jobs,
    counters: services.counters,
    status: services.status,
    ratesStatus: services.ratesStatus,
    redis: services.redis,
  });
  healthRoutes(fastify, deps.database.ping);
  statusRoutes(fastify, { status: services.status, rates: services.ratesStatus, burst: deps.burst });
  errorDocsRoutes(fastify);
  testModeDocsRoutes(fastify, config.publicUrl);

  const authFailures = new AuthFailureLimiter(deps.clock, config.authFailuresPerMinute);
  const consoleCredential = new InternalCredential();
  fastify.addHook('onClose', async () => authFailures.close());
  await fastify.register(async (v1) => {
    registerGates(v1, {
      authenticator: services.authenticator,
      authFailures,
      burst: deps.burst,
      limits: config.tierLimits,
      keyUsage: services.keyUsage,
      internal: consoleCredential,
    });
    const idempotency = registerIdempotency(v1, {
      store: services.stores.idempotency,
      clock: deps.clock,
      waitMs: config.idempotencyWaitMs,
    });
    validateRoutes(v1, services.pipeline);
    validateBatchRoutes(v1, services.pipeline, docsBase, idempotency);
    validateAsyncRoutes(v1, services.asyncAcceptance, idempotency);
    asyncResultRoutes(v1, new AsyncResults(services.stores.asyncRequests, docsBase, () => deps.clock.now()));
    rateRoutes(v1, services.rates, deps.clock);
    rateCategoryRoutes(v1, services.rates, deps.clock);
    validationRoutes(v1, { stores: services.stores });
    const endpoints = { stores: services.stores, clock: deps.clock, policy: services.policy };
    webhookConfigRoutes(v1, endpoints);
    webhookEndpointRoutes(v1, endpoints);
    webhookDeliveryRoutes(v1, { webhooks: services.stores.webhooks, deliveries: services.deliveries });
    webhookTriggerRoutes(v1, {
      deliveries: services.deliveries,
      clock: deps.clock,
      publicUrl: config.publicUrl,
    });
    keyRoutes(v1, services.keys);
    usageRoutes(v1, {
      quota: services.quota,
      usage: services.stores.usage,
      limits: config.tierLimits,
      monitorsUsed: (accountId, mode) => services.stores.monitors.count({ accountId, mode }),
      clock: deps.clock,
    });
    validationProofRoutes(v1, services.ledger);
    decisionRoutes(v1, {
      service: services.decisions,
      decisions: services.stores.decisions,
      rates: services.rates,
      idempotency,
    });
    decisionProofRoutes(v1, services.ledger, decisionExamples(services.rates).proof);
    monitorRoutes(v1, services.monitors, idempotency);
    // Its own scope: the CSV and multipart parsers it adds apply to its routes only.
    await v1.register(bulkRoutes, {
      acceptance: services.bulkAcceptance,
      bulk: services.stores.bulk,
      clock: deps.clock,
      publicUrl: config.publicUrl,
      idempotency,
    });
  });
  await registerConsole(fastify, {
    config,
    database: deps.database,
    clock: deps.clock,
    authenticator: services.authenticator,
    authFailures,
    credential: consoleCredential,
  });

  await fastify.ready();
  return fastify;
}

type Serializer = (data: unknown) => string;

/**
 * Serializers compiled so far in this process, by the shared schemas and options they were compiled
 * with, then by the route's schema. A serializer is a pure function of its schemas, so a second app
 * built in the same process (the tests build one per suite, several hundred a run) reuses them:
 * compiling them took most of the time buildApp spends.
 */
const compiledSerializers = new Map<string, Map<string, Serializer>>();

/**
 * A number for each distinct text of a shared schema, and each schema's number: its text is made
 * once (schemas are not changed once added).
 */
const schemaNumbers = new WeakMap<object, number>();
const textNumbers = new Map<string, number>();

function numberOf(schema: unknown): number | string {
  if (typeof schema !== 'object' || schema === null) return String(JSON.stringify(schema));
  let number = schemaNumbers.get(schema);
  if (number === undefined) {
    const text = JSON.stringify(schema);
    number = textNumbers.get(text) ?? textNumbers.size;
    textNumbers.set(text, number);
    schemaNumbers.set(schema, number);
  }
  return number;
}

/**
 * Success bodies get fast-json-stringify serializers compiled from their schemas. Error bodies are
 * small and rendered in one place (the error handler), so their schemas exist for the OpenAPI
 * document only: compiling a serializer per route and status for them took about half of start-up.
 */
function errorAwareSerializerFactory(externalSchemas: unknown, options: unknown) {
  const build = SerializerSelector()(externalSchemas as never, options as never);
  // Fastify asks for a factory in every plugin context (75 per app) with a copy of the same shared
  // schemas, so they are keyed by their numbers.
  const sharedKey = JSON.stringify([
    options,
    Object.entries(externalSchemas ?? {}).map(([id, schema]) => [id, numberOf(schema)]),
  ]);
  let known = compiledSerializers.get(sharedKey);
  if (!known) {
    known = new Map();
    compiledSerializers.set(sharedKey, known);
  }
  const compiled = known;
  return (route: { httpStatus?: string; schema: unknown; method: string; url: string }): Serializer => {
    if (Number(route.httpStatus) >= 400) return (data: unknown) => JSON.stringify(data);
    const key = JSON.stringify(route.schema);
    let serializer = compiled.get(key);
    if (!serializer) {
      serializer = build(route as never) as Serializer;
      compiled.set(key, serializer);
    }
    return serializer;
  };
}

/**
 * JSON bodies through Fastify's own safe parser (prototype-poisoning protection), except that an
 * empty body means "no body": POST /v1/webhooks/test and replay take none or `{}` (decisions section 7).
 * A string with a lone surrogate is refused (lone-surrogates.ts).
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function registerJsonParser(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw as string;
    if (body.trim() === '') return done(null, undefined);
    parse(request, body, (error, value) => {
      if (error)
        return done(
          new ApiError('invalid_json', `The request body is not valid JSON: ${error.message}`),
          undefined,
        );
      // A lone surrogate can only come from a `\uD800`-`\uDFFF` escape: most bodies have none.
      const at = SURROGATE_ESCAPE.test(body) ? loneSurrogateAt(value) : undefined;
      if (at !== undefined)
        return done(
          new ApiError(
            'validation_error',
            `${at}: holds a lone UTF-16 surrogate (an escape such as \\ud800 without its pair), which is not text.`,
          ),
          undefined,
        );
      done(null, value);
    });
  });
}
