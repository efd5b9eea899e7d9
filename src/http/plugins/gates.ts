import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator, Principal } from '../../accounts/authenticator.js';
import { hashKey, KEY_PATTERN } from '../../accounts/keys.js';
import { type Feature, type Tier, type TierLimits, tierAllows, tiersWith } from '../../accounts/tiers.js';
import type { InternalCredential } from '../../console/internal-credential.js';
import { ApiError } from '../../errors.js';
import { type AuthFailureLimiter, checkKey } from '../../limits/auth-failures.js';
import type { BurstLimiter } from '../../limits/burst.js';

/** What a route needs, declared where it is registered (`config` of the route options). */
export interface RouteGates {
  /**
   * Tier feature the route needs (403 tier_insufficient below it). Only routes that take on new
   * work have one: reading work already accepted (bulk files, decisions, async results, records,
   * proofs) needs no tier, so an account moved to a lower tier still gets what it paid for.
   */
  feature?: Feature;
  /** Test keys get 403 forbidden (async endpoints, spec 5.4). */
  liveOnly?: boolean;
  /** Live keys get 403 forbidden (sample events go to test mode only). */
  testOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig extends RouteGates {}
}

export interface GateDeps {
  authenticator: Authenticator;
  authFailures: AuthFailureLimiter;
  burst: BurstLimiter;
  limits: Readonly<Record<Tier, TierLimits>>;
  /** Told of every authenticated request (keys' last_used_at). */
  keyUsage?: { touch(keyId: string): void };
  /** The console's in-process requests, made as a session's key (src/console/internal-credential.ts). */
  internal?: InternalCredential;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The OpenAPI security requirement of every gated route: the `bearer` scheme of plugins/openapi.ts. */
export const KEY_REQUIRED = [{ bearer: [] }];

/**
 * RFC 6750 section 3: a 401 names the scheme to use. `invalid_token` when a key was presented and
 * refused (not a key's format, unknown or revoked); no error code when no Bearer key could be read
 * (no Authorization header, another scheme, a malformed header).
 */
const CHALLENGE = { 'www-authenticate': 'Bearer' };
const INVALID_TOKEN = { 'www-authenticate': 'Bearer error="invalid_token"' };

/**
 * The gates of decisions section 4, in its order, as an onRequest hook on each route (it runs before
 * the body is parsed): 401 auth → 429 burst → 403 tier → 403 test key. Body, webhook, format and
 * quota checks come later, in schema validation and the domain.
 */
export function registerGates(scope: FastifyInstance, deps: GateDeps): void {
  scope.decorateRequest('principal', undefined as unknown as Principal);
  // /v1 bodies are JSON only (decisions section 8). Without Fastify's built-in text/plain parser a
  // text body is FST_ERR_CTP_INVALID_MEDIA_TYPE, answered 415 unsupported_media_type like any other
  // non-JSON type, instead of reaching schema validation as a string (422).
  scope.removeContentTypeParser('text/plain');

  // Each route gets its own hook, built once with the route's gates (`config` of its options), and
  // the OpenAPI document says from here that it needs a key, so the two cannot disagree.
  scope.addHook('onRoute', (route) => {
    const gate = gateHook(deps, (route.config ?? {}) as RouteGates);
    const own = route.onRequest;
    route.onRequest = own === undefined ? [gate] : [gate, ...(Array.isArray(own) ? own : [own])];
    route.schema = { ...route.schema, security: KEY_REQUIRED };
  });
}

function gateHook(deps: GateDeps, gates: RouteGates) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const keyHash = deps.internal?.keyHashOf(request.headers) ?? presentedKeyHash(request);
    const principal = deps.authenticator.fresh(keyHash) ?? (await authenticate(deps, request, keyHash));
    request.principal = principal;
    deps.keyUsage?.touch(principal.keyId);
    const burst = await deps.burst.consume(principal.accountId, deps.limits[principal.tier].burst_per_minute);
    reply.header('x-burst-limit', String(burst.limit));
    reply.header('x-burst-remaining', String(burst.remaining));
    if (!burst.allowed) {
      throw new ApiError(
        'burst_limit_exceeded',
        `More than ${burst.limit} requests in 60 seconds; retry in ${burst.retryAfterSeconds} s.`,
        { 'retry-after': String(burst.retryAfterSeconds) },
      );
    }
    checkRouteGates(gates, principal);
  };
}

function checkRouteGates(gates: RouteGates, principal: Principal): void {
  if (gates.feature && !tierAllows(principal.tier, gates.feature)) {
    throw new ApiError(
      'tier_insufficient',
      `This endpoint needs the ${tiersWith(gates.feature)} tier; the account is on ${principal.tier}.`,
    );
  }
  if (gates.liveOnly && principal.mode === 'test') throw new ApiError('forbidden');
  if (gates.testOnly && principal.mode === 'live') {
    throw new ApiError('forbidden', 'Sample events are for test mode: use a test key (svc_test_…).');
  }
}

/** The SHA-256 of the key in `Authorization: Bearer <key>`, or 401 for a missing or malformed one. */
function presentedKeyHash(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header)
    throw new ApiError(
      'unauthorized',
      'Missing Authorization header: send `Authorization: Bearer <key>`.',
      CHALLENGE,
    );
  const key = BEARER.exec(header)?.[1];
  if (key === undefined)
    throw new ApiError('unauthorized', 'The Authorization header must be `Bearer <key>`.', CHALLENGE);
  if (!KEY_PATTERN.test(key)) throw invalidKey();
  return hashKey(key);
}

/**
 * The principal of a key not fresh in memory, or 401. A client address that presented too many
 * unknown keys within a minute is refused (429) before any key of its is looked up in the
 * database, counting the lookups it has running; a key already known in memory still passes.
 */
async function authenticate(deps: GateDeps, request: FastifyRequest, keyHash: string): Promise<Principal> {
  const check = await checkKey(deps.authenticator, deps.authFailures, request.ip, keyHash);
  if (check.outcome === 'refused') {
    const wait = check.retryAfterSeconds;
    throw new ApiError(
      'burst_limit_exceeded',
      `Too many requests with unknown API keys from this address; retry in ${wait} s.`,
      { 'retry-after': String(wait) },
    );
  }
  if (check.outcome === 'unknown') throw invalidKey();
  return check.principal;
}

function invalidKey(): ApiError {
  return new ApiError('unauthorized', 'The API key is invalid or has been revoked.', INVALID_TOKEN);
}
