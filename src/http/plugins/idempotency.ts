import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import canonicalize from 'canonicalize';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import type { IdempotencyKeyRef, IdempotencyStore, StoredAnswer } from '../../store/idempotency.js';
import { withErrorResponses, withResponseHeaders } from '../schemas/common.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an `Idempotency-Key` header (wave-2 K): retries get the first answer. */
    idempotent?: boolean;
  }
}

/** How long a first answer is kept for retries (wave-2 K: 24 h). */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still unanswered after this long belongs to a request whose process died (a request that
 * fails in a live process releases its claim at once): a retry takes it over and runs. Longer than
 * any request runs (a sync batch of 50 numbers, each registry call bounded by its timeout).
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
/** How often a retry looks whether the first request has finished. */
const POLL_MS = 50;
/** 1 to 255 visible ASCII characters (wave-2 K). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers of the first answer that belong to that request alone and are not sent again. */
const NOT_REPLAYED = new Set([
  'x-request-id',
  'x-burst-limit',
  'x-burst-remaining',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Which answers are kept for replay. 2xx: the work was done. 4xx: the request was refused for what
 * it says or for the account's setup (a malformed number, an unknown delivery, no webhook), so a
 * retry of the same request would be refused again; the client fixes it and sends with a new key.
 * Not kept, so a retry with the same key runs again: 409 and 429, which say "not now" (quota used
 * up, a conflict), and 5xx, where the request failed on our side.
 */
export function keepsAnswer(status: number): boolean {
  return (
    (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 409 && status !== 429)
  );
}

/** What a request claimed: its key, and when (the claim's identity in the store). */
interface Claim {
  ref: IdempotencyKeyRef;
  claimedAt: number;
}

export interface IdempotencyDeps {
  store: IdempotencyStore;
  clock: Clock;
  /** How long a retry waits for the first request to finish before 409 conflict. */
  waitMs: number;
}

/**
 * Idempotent submissions (wave-2 K), for every route registered after it in `scope` with
 * `config: { idempotent: true }`. Runs as the route's first preHandler, after the gates (the
 * account and key mode are known) and schema validation (the body is parsed). Without the header
 * the request runs as usual. With it, the request claims the key for its account and key mode
 * (one insert; of two racing requests, on any instances, exactly one inserts) and runs; its answer
 * is stored before it is sent. A retry of the same request (method, path, body) gets that answer
 * with `Idempotent-Replayed: true` and nothing runs again; the same key with another request is
 * 422 `idempotency_key_reused`; a retry while the first still runs waits up to `waitMs` for it,
 * then gets 409 `conflict`. An answer not kept (keepsAnswer) releases the claim.
 */
export function registerIdempotency(scope: FastifyInstance, deps: IdempotencyDeps): void {
  const claims = new WeakMap<FastifyRequest, Claim>();

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const ref = { accountId: request.principal.accountId, mode: request.principal.mode, key: validKey(raw) };
    const outcome = await claimOrFind(deps, ref, requestHash(request));
    if ('claimedAt' in outcome) {
      claims.set(request, { ref, claimedAt: outcome.claimedAt });
      return;
    }
    return reply
      .code(outcome.answer.status)
      .headers(outcome.answer.headers)
      .header('idempotent-replayed', 'true')
      .send(outcome.answer.body);
  };

  // Runs for every answer, errors included, before a byte is sent: a retry arriving after the
  // client got the answer finds it stored.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    await settle(deps.store, claim, reply, payload).catch((error: unknown) => {
      request.log.warn({ err: error, req_id: request.id }, 'idempotency key not settled');
    });
    return payload;
  };

  // An answer that never reached onSend (the response failed) leaves its claim to be released here.
  const onResponse = async (request: FastifyRequest) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    await deps.store.release(claim.ref, claim.claimedAt).catch(() => undefined);
  };

  scope.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [preHandler, ...asArray(route.preHandler)];
    route.onSend = [onSend, ...asArray(route.onSend)];
    route.onResponse = [onResponse, ...asArray(route.onResponse)];
    route.schema = documented(route.schema);
  });
}

/** Claims the key, or finds the first request's answer (waiting for it while it runs). */
async function claimOrFind(
  deps: IdempotencyDeps,
  ref: IdempotencyKeyRef,
  hash: string,
): Promise<{ claimedAt: number } | { answer: StoredAnswer }> {
  const { store, clock } = deps;
  // Real time, not the service clock: tests hold that clock still.
  const deadline = performance.now() + deps.waitMs;
  for (;;) {
    const now = clock.now();
    const claim = { requestHash: hash, now, expiresAt: now + IDEMPOTENCY_KEEP_MS };
    if (await store.claim(ref, claim)) return { claimedAt: now };
    const row = await store.find(ref);
    if (row && row.expiresAt <= now) {
      // Past its 24 h but not yet swept: the key is free again.
      await store.deleteIfExpired(ref, now);
      continue;
    }
    if (row && row.requestHash !== hash) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was used in the last 24 hours with a different request (method, path or body); send a new key for a new request.',
      );
    }
    if (row?.answer) return { answer: row.answer };
    if (row && row.claimedAt <= now - STALE_CLAIM_MS && (await store.takeOver(ref, row.claimedAt, claim)))
      return { claimedAt: now };
    // Still running (or released a moment ago: the next turn claims it).
    if (performance.now() >= deadline) {
      throw new ApiError(
        'conflict',
        'A request with this Idempotency-Key is still running; retry in a moment to get its answer.',
      );
    }
    await sleep(POLL_MS);
  }
}

/** Stores the answer of a claim, or releases the claim when the answer is not kept. */
async function settle(store: IdempotencyStore, claim: Claim, reply: FastifyReply, payload: unknown) {
  const status = reply.statusCode;
  const body =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : undefined;
  if (body === undefined || !keepsAnswer(status)) return store.release(claim.ref, claim.claimedAt);
  try {
    await store.complete(claim.ref, claim.claimedAt, { status, headers: replayedHeaders(reply), body });
  } catch (error) {
    await store.release(claim.ref, claim.claimedAt).catch(() => undefined);
    throw error;
  }
}

function replayedHeaders(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || NOT_REPLAYED.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

function validKey(raw: string | string[]): string {
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY_PATTERN.test(value)) {
    throw new ApiError(
      'validation_error',
      'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), for example a UUID.',
    );
  }
  return value;
}

/**
 * What makes two requests the same request: method, path (ids included, no query) and the body
 * as parsed, in RFC 8785 canonical form, so a retry that serialises the same JSON differently
 * (member order, spacing) is still the same request.
 */
export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const path = request.url.split('?')[0];
  const body = createHash('sha256')
    .update(canonicalize(request.body ?? null) ?? '')
    .digest('hex');
  return createHash('sha256').update(`${request.method} ${path}\n${body}`).digest('hex');
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

// --- OpenAPI ------------------------------------------------------------------------------------

/** The request header, documented once (components.parameters) and referenced by each route. */
export const IDEMPOTENCY_PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    example: '5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21',
  },
} as const;

/** Statuses only answered before a route runs (no key, a body too large or not JSON): never replayed. */
const NEVER_REPLAYED = new Set([401, 413, 415]);

/** Marks an opted-in operation, until referenceIdempotencyKey replaces the mark with the parameter. */
const MARK = 'x-idempotent';

/** The route's schema with the mark, the replay header on kept answers and the two failures. */
function documented(schema: RouteOptions['schema']): RouteOptions['schema'] {
  if (!schema) return schema;
  const response = Object.fromEntries(
    Object.entries((schema.response ?? {}) as Record<string, { headers?: object }>).map(([status, entry]) => [
      status,
      keepsAnswer(Number(status)) && !NEVER_REPLAYED.has(Number(status))
        ? withResponseHeaders(entry, ['Idempotent-Replayed'])
        : entry,
    ]),
  );
  const marked = {
    ...schema,
    response: withErrorResponses(response, ['conflict', 'idempotency_key_reused']),
  };
  return Object.assign(marked, { [MARK]: true });
}

/** In the generated document, each marked operation refers to the one Idempotency-Key parameter. */
export function referenceIdempotencyKey(document: {
  paths?: Record<string, Record<string, { parameters?: unknown[]; [MARK]?: boolean }>>;
}): void {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!operation?.[MARK]) continue;
      delete operation[MARK];
      operation.parameters = [
        ...(operation.parameters ?? []),
        { $ref: '#/components/parameters/IdempotencyKey' },
      ];
    }
  }
}
