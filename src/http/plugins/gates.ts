import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { type Feature, type Tier, type TierLimits, tierAllows } from '../../domain/tiers.js';
import type { BurstDecision, BurstLimiter } from '../../limits/burst.js';
import type { Principal } from '../../store/accounts.js';
import type { KeyCache } from '../../store/key-cache.js';

/** What a route needs, declared where it is registered (`config` of the route options). */
export interface RouteGates {
  /** Tier feature the route needs (403 tier_insufficient below it). */
  feature?: Feature;
  /** Test keys get 403 forbidden (async endpoints, spec 5.4). */
  liveOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig extends RouteGates {}
}

export interface GateDeps {
  keys: KeyCache;
  burst: BurstLimiter;
  limits: Readonly<Record<Tier, TierLimits>>;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The key of an `Authorization: Bearer <key>` header; undefined when there is no such key. */
export function bearerKey(header: string): string | undefined {
  return BEARER.exec(header)?.[1];
}

/** What src/http/rates-fast-path.ts found before it handed a request to Fastify. */
export interface Admission {
  principal: Principal;
  /** The burst limiter's answer for this request: the unit is already taken, never take it again. */
  burst: BurstDecision | Promise<BurstDecision>;
}

const ADMISSION = Symbol('admission');
type Admitted = IncomingMessage & { [ADMISSION]?: Admission };

/** Passes what the fast path found on to the gate hook, so the request is neither looked up nor counted twice. */
export function admit(raw: IncomingMessage, admission: Admission): void {
  (raw as Admitted)[ADMISSION] = admission;
}

/**
 * The gates of decisions section 4, in its order, as onRequest hooks (they run before the body is
 * parsed): 401 auth → 429 burst → 403 tier → 403 test key. Body, webhook, format and quota checks
 * come later, in schema validation and the domain.
 *
 * The hook is written with a callback, not async: a known key and the in-memory burst limiter answer
 * synchronously, and a request that needs neither the database nor Redis then passes the gates
 * without a promise (measured: the async form cost about 5 % of a GET /v1/rates/DE request).
 */
export function registerGates(scope: FastifyInstance, deps: GateDeps): void {
  scope.decorateRequest('principal', undefined as unknown as Principal);
  // /v1 bodies are JSON only (decisions section 8). Without Fastify's built-in text/plain parser a
  // text body is FST_ERR_CTP_INVALID_MEDIA_TYPE, answered 415 unsupported_media_type like any other
  // non-JSON type, instead of reaching schema validation as a string (422). Parsing runs after the
  // onRequest gates below, so the check order of decisions section 4 is kept.
  scope.removeContentTypeParser('text/plain');

  // Each route gets its own hook, built once with the route's gates: reading them per request through
  // request.routeOptions builds an object on every call.
  scope.addHook('onRoute', (route) => {
    const own = route.onRequest;
    const gate = gateHook(deps, (route.config ?? {}) as RouteGates);
    route.onRequest = own === undefined ? [gate] : [gate, ...(Array.isArray(own) ? own : [own])];
  });
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

function gateHook(deps: GateDeps, gates: RouteGates): Hook {
  const afterBurst = (request: FastifyRequest, reply: FastifyReply, burst: BurstDecision): void => {
    reply.header('x-burst-limit', String(burst.limit));
    reply.header('x-burst-remaining', String(burst.remaining));
    if (!burst.allowed) {
      throw new ApiError(
        'burst_limit_exceeded',
        `More than ${burst.limit} requests in 60 seconds; retry in ${burst.retryAfterSeconds} s.`,
        { 'retry-after': String(burst.retryAfterSeconds) },
      );
    }
    const { principal } = request;
    if (gates.feature && !tierAllows(principal.tier, gates.feature)) {
      throw new ApiError(
        'tier_insufficient',
        `This endpoint needs the Pro or Business tier; the account is on ${principal.tier}.`,
      );
    }
    if (gates.liveOnly && principal.mode === 'test') throw new ApiError('forbidden');
  };

  /** Burst, tier and test-key gates; reports to `done` exactly once, never throws. */
  const afterBurstDecided = (
    request: FastifyRequest,
    reply: FastifyReply,
    burst: BurstDecision | Promise<BurstDecision>,
    done: HookHandlerDoneFunction,
  ): void => {
    if (burst instanceof Promise) {
      burst.then((decision) => afterBurstDecided(request, reply, decision, done), done);
      return;
    }
    try {
      afterBurst(request, reply, burst);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };

  const afterAuth = (
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal | undefined,
    done: HookHandlerDoneFunction,
  ): void => {
    if (!principal) {
      done(new ApiError('unauthorized', 'The API key is invalid or has been revoked.'));
      return;
    }
    request.principal = principal;
    let burst: BurstDecision | Promise<BurstDecision>;
    try {
      burst = deps.burst.consume(principal.accountId, deps.limits[principal.tier].burst_per_minute);
    } catch (error) {
      done(error as Error);
      return;
    }
    afterBurstDecided(request, reply, burst, done);
  };

  return (request, reply, done) => {
    const admission = (request.raw as Admitted)[ADMISSION];
    if (admission !== undefined) {
      request.principal = admission.principal;
      afterBurstDecided(request, reply, admission.burst, done);
      return;
    }
    let principal: ReturnType<KeyCache['resolve']>;
    try {
      principal = deps.keys.resolve(presentedKey(request), request.raw.socket);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (principal instanceof Promise) {
      principal.then((resolved) => afterAuth(request, reply, resolved, done), done);
      return;
    }
    afterAuth(request, reply, principal, done);
  };
}

/** The key of `Authorization: Bearer <key>`, or 401 for a missing or malformed header. */
function presentedKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header)
    throw new ApiError('unauthorized', 'Missing Authorization header: send `Authorization: Bearer <key>`.');
  const key = bearerKey(header);
  if (key === undefined)
    throw new ApiError('unauthorized', 'The Authorization header must be `Bearer <key>`.');
  return key;
}
