import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { ApiError } from './domain/errors.js';
import type { RatesTable } from './domain/rates.js';
import { errorBody, sendApiError } from './http/envelope.js';
import { registerErrorHandling } from './http/plugins/error-handler.js';
import { registerGates } from './http/plugins/gates.js';
import { HttpMetrics, registerMetrics } from './http/plugins/metrics.js';
import { type RequestCompleted, RequestObserver } from './http/plugins/request-observer.js';
import { RatesFastPath, type RequestListener } from './http/rates-fast-path.js';
import { requestIdOf } from './http/request-id.js';
import { errorDocsRoutes } from './http/routes/docs.js';
import { healthRoutes } from './http/routes/health.js';
import { rateRoutes } from './http/routes/rates.js';
import { validateRoutes } from './http/routes/validate.js';
import { validateAsyncRoutes } from './http/routes/validate-async.js';
import { validateBatchRoutes } from './http/routes/validate-batch.js';
import { webhookRoutes } from './http/routes/webhooks.js';
import { ErrorEnvelope, ErrorObject } from './http/schemas/common.js';
import { AnswerMeta, BatchItem, ValidationData } from './http/schemas/validation.js';
import type { BurstLimiter } from './limits/burst.js';
import { lazyChildLogger } from './logger.js';
import type { RegistryGateway } from './registries/gateway.js';
import { createServices, type Services } from './services.js';
import type { Database } from './store/db.js';
import { KeyCache } from './store/key-cache.js';

export interface AppDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  burst: BurstLimiter;
  gateway: RegistryGateway;
  rates: RatesTable;
  logger: FastifyBaseLogger;
  /** Built from the other deps when not given. */
  services?: Services;
  /** false: every request goes through Fastify (tests compare the two paths). Default true. */
  ratesFastPath?: boolean;
}

export interface App {
  fastify: FastifyInstance;
  services: Services;
  /** Undefined when built with `ratesFastPath: false`. */
  ratesFastPath?: RatesFastPath;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP application; it never listens (tests and the bench inject or listen themselves). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock } = deps;
  const docsBase = `${config.publicUrl}/docs`;
  const observer = new RequestObserver();
  const fastify: FastifyInstance = Fastify({
    loggerInstance: deps.logger,
    // Fastify's two lines per request halve throughput; our own one line (ACCESS_LOG) replaces them.
    logController: observer,
    childLoggerFactory: lazyChildLogger as never,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Query strings stay strings and bodies are checked as sent: a number where a string belongs
    // is a validation_error, not silently coerced.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
    // Requests refused before routing still get the envelope and a request id (decisions section 8).
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is longer than 100 characters.'
          : 'The request URL is not valid (malformed percent-encoding).';
      return sendApiError(reply, docsBase, new ApiError('validation_error', message));
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => writeClientError(docsBase, error, socket),
    // Node would answer an HTTP/1.1 request without Host with an empty 400 before our code runs;
    // nothing here depends on Host, so such a request is served like any other (in the envelope).
    http: { requireHostHeader: false },
    schemaController: { compilersFactory: { buildSerializer: errorAwareSerializerFactory as never } },
  });

  const services = deps.services ?? createServices(deps);
  const { validation } = services;
  const keys = new KeyCache(database.db);
  fastify.addHook('onClose', (_instance, done) => {
    keys.close();
    done();
  });

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
  // What every finished request leaves behind, from Fastify (the observer) and from the rates fast
  // path alike: its metrics and, with ACCESS_LOG, one log line. Never the headers or body: they hold
  // API keys and webhook secrets. `reqId` is the binding of Fastify's request loggers; the line is
  // written by the process logger so that a request that logs nothing else makes no child logger
  // (about 7 µs).
  const logger = deps.logger;
  const httpMetrics = new HttpMetrics();
  const completed: RequestCompleted = (requestId, method, route, status, ms) => {
    httpMetrics.observe(route, method, status, ms);
    if (config.accessLog)
      logger.info(
        { reqId: requestId, req_id: requestId, method, route, status, ms: Math.round(ms) },
        'request',
      );
  };
  observer.onCompleted((request, reply) =>
    completed(
      request.id,
      request.method,
      request.routeOptions.url ?? 'not_found',
      reply.statusCode,
      reply.elapsedTime,
    ),
  );

  registerJsonParser(fastify);
  registerErrorHandling(fastify, docsBase);
  for (const schema of [ErrorObject, ErrorEnvelope, ValidationData, AnswerMeta, BatchItem])
    fastify.addSchema(schema);

  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'VAT validation and rates API',
        version: '1.0.0',
        description:
          'Validates VAT numbers against the official registries (VIES, HMRC, the Swiss UID register, Brønnøysund, ABN Lookup) and serves effective-dated VAT rates.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'svc_live_… or svc_test_…' },
        },
      },
      security: [{ bearer: [] }],
      tags: [
        { name: 'validation', description: 'VAT number validation' },
        { name: 'rates', description: 'VAT rates' },
        { name: 'webhooks', description: 'Webhook configuration and deliveries' },
        { name: 'operations', description: 'Health and readiness' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: true,
  });

  fastify.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
  registerMetrics(fastify, httpMetrics, {
    database,
    clock,
    gateway: deps.gateway,
    counters: services.counters,
  });
  healthRoutes(fastify, database.ping);
  errorDocsRoutes(fastify);

  await fastify.register(async (v1) => {
    registerGates(v1, { keys, burst: deps.burst, limits: config.tierLimits });
    validateRoutes(v1, validation);
    validateBatchRoutes(v1, validation, docsBase);
    rateRoutes(v1, deps.rates, clock);
    validateAsyncRoutes(v1, services.asyncValidation);
    webhookRoutes(v1, { database, clock, policy: services.policy, dispatcher: services.dispatcher });
  });

  let ratesFastPath: RatesFastPath | undefined;
  if (deps.ratesFastPath !== false) {
    ratesFastPath = new RatesFastPath({
      keys,
      burst: deps.burst,
      limits: config.tierLimits,
      rates: deps.rates,
      clock,
      completed,
      logger,
    });
    askFirst(fastify, ratesFastPath);
  }

  await fastify.ready();
  return { fastify, services, ratesFastPath };
}

/**
 * The server Fastify made (settings, timeouts, shutdown all Fastify's) with `path` asked before
 * Fastify's own request listener; from the start of shutdown every request goes to Fastify.
 */
function askFirst(fastify: FastifyInstance, path: RatesFastPath): void {
  const server = fastify.server;
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1)
    throw new Error(`expected Fastify's one request listener, found ${listeners.length}`);
  const [handler] = listeners;
  server.removeListener('request', handler);
  server.on('request', (request, response) => path.handle(request, response, handler));
  fastify.addHook('preClose', (done) => {
    path.close();
    done();
  });
}

/**
 * HTTP that Node's parser refuses (oversized headers, malformed request lines) never reaches
 * Fastify: answer it in the envelope on the raw socket, then close, as Node itself would.
 */
function writeClientError(docsBase: string, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const id = randomUUID();
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are larger than the server accepts (16 KiB).'
      : 'The request is not valid HTTP.';
  const body = JSON.stringify(errorBody(docsBase, id, 'validation_error', message));
  socket.end(
    `HTTP/1.1 422 Unprocessable Entity\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Success bodies get fast-json-stringify serializers compiled from their schemas. Error bodies are
 * small and rendered in one place (the error handler), so their schemas exist for the OpenAPI
 * document only: compiling a serializer per route and status for them took about half of start-up.
 */
function errorAwareSerializerFactory(externalSchemas: unknown, options: unknown) {
  const build = SerializerSelector()(externalSchemas as never, options as never);
  return (route: { httpStatus?: string; schema: unknown; method: string; url: string }) =>
    Number(route.httpStatus) >= 400 ? (data: unknown) => JSON.stringify(data) : build(route as never);
}

/**
 * JSON bodies through Fastify's own safe parser (prototype-poisoning protection), except that an
 * empty body means "no body": POST /v1/webhooks/test and replay take none or `{}` (decisions section 7).
 */
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
      done(null, value);
    });
  });
}
