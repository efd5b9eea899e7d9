import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { canonicalJson } from '../../ledger/hashing.js';
import type {
  AnswerInCommit,
  IdempotencyKeyRef,
  IdempotencyStore,
  StoredAnswer,
} from '../../store/idempotency.js';
import { withErrorResponses, withResponseHeaders } from '../schemas/common.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` header: retries get the first answer.
     * `'streamed'`: the handler reads the body as it arrives (a bulk file), so the key is checked
     * before the handler runs and claimed by the handler, through `IdempotencyKeys`, once it has read
     * the body.
     */
    idempotent?: boolean | 'streamed';
  }
}

/** How long a first answer is kept for retries. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still unanswered after this long belongs to a request whose process died (a request that
 * fails in a live process releases its claim at once): a retry takes it over and runs. Longer than
 * any request runs (a sync batch of 50 numbers, each registry call bounded by its timeout).
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
/** The content type of every answer a route builds for its commit (as Fastify sends an object). */
const JSON_TYPE = 'application/json; charset=utf-8';
/** How often a retry looks whether the first request has finished. */
const POLL_MS = 50;
/** 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
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

/** The first answer, found by a claim made in the handler: thrown to stop the work, sent by `replay`. */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('answered before: replayed');
  }
}

/**
 * The keys of requests, for the routes whose work stores the key's answer in the transaction that
 * commits it (`answerInCommit`), and of requests to `'streamed'` routes, claimed by their handlers
 * (`keyOf`).
 */
export interface IdempotencyKeys {
  /** A `'streamed'` route's key, to claim once its body is read; undefined when it has none. */
  keyOf(request: FastifyRequest): StreamedKey | undefined;
  /**
   * The answer of a request whose key is claimed, for its work to store in the transaction that
   * commits it (AnswerInCommit); undefined without a key, so a request without one does exactly
   * the work it did.
   */
  answerInCommit<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    answerOf: (outcome: T) => RouteAnswer,
  ): CommittedAnswer<T> | undefined;
}

/** A route's answer before it is serialised. */
export interface RouteAnswer {
  status: number;
  /** Its own headers (quota, location…), lower-case names; the content type is JSON. */
  headers: Record<string, string>;
  /** What the route's response schema for `status` serialises. */
  payload: unknown;
}

/**
 * The answer of a request with an Idempotency-Key, stored by the transaction that commits the
 * request's work. `store` builds it from the work's outcome, serialised by the route's response
 * schema as the reply would serialise it, and stores it for the claim, throwing (rolling the work
 * back) when the claim is no longer the request's; `send` then sends those bytes, which are what
 * a retry is sent. The onSend hook finds the answer stored and its write changes nothing.
 */
export interface CommittedAnswer<T> extends AnswerInCommit<T> {
  /** Sends the answer stored, byte for byte; undefined when the work stored none (committed nothing). */
  send(): FastifyReply | undefined;
}

export interface StreamedKey {
  /** The body passed on as it is read, its bytes hashed chunk by chunk (nothing held). */
  hashing<T extends Uint8Array | string>(body: AsyncIterable<T>): AsyncGenerator<T>;
  /**
   * Claims the key once `hashing` has passed on the whole body and the body was found
   * acceptable, before anything is committed. The request is the method, the path, the query as
   * parsed and the body's bytes. Resolves when the work may go on; throws IdempotentReplay with
   * the first answer, 422 `idempotency_key_reused` or 409 `conflict`.
   */
  claim(): Promise<void>;
  /** The answer of the claim, for the work to store in its commit (IdempotencyKeys.answerInCommit). */
  answerInCommit<T>(reply: FastifyReply, answerOf: (outcome: T) => RouteAnswer): CommittedAnswer<T>;
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
 * Idempotent submissions, for every route registered after it in `scope` with
 * `config: { idempotent: true }`. Runs as the route's first preHandler, after the gates (the
 * account and key mode are known) and schema validation (the body is parsed). Without the header
 * the request runs as usual. With it, the request claims the key for its account and key mode
 * (one insert; of two racing requests, on any instances, exactly one inserts) and runs; its answer
 * is stored before it is sent. A retry of the same request (method, path, body) gets that answer
 * with `Idempotent-Replayed: true` and nothing runs again; the same key with another request is
 * 422 `idempotency_key_reused`; a retry while the first still runs waits up to `waitMs` for it,
 * then gets 409 `conflict`. An answer not kept (keepsAnswer) releases the claim.
 *
 * A `'streamed'` route's body is not parsed before the handler, which reads it as it arrives: the
 * preHandler only checks the key (422 before a byte is read), and the handler claims it through
 * the returned IdempotencyKeys once the whole body is read, before it commits anything. From there
 * on it is the same claim, answer and release as above.
 *
 * A route whose work charges (or otherwise must not be done twice) has the answer stored by the
 * transaction that commits the work, through IdempotencyKeys.answerInCommit, rather than after it
 * by the onSend hook: otherwise a failure between the two (the process dying, the database going
 * away) would leave the work done with its claim released, at once or once stale, and a retry
 * would do it again.
 */
export function registerIdempotency(scope: FastifyInstance, deps: IdempotencyDeps): IdempotencyKeys {
  const claims = new WeakMap<FastifyRequest, Claim>();
  const unclaimed = new WeakMap<FastifyRequest, IdempotencyKeyRef>();

  /** Claims the key for the request; the first answer instead when there is one. */
  const claimFor = async (request: FastifyRequest, ref: IdempotencyKeyRef, hash: string) => {
    const outcome = await claimOrFind(deps, ref, hash);
    if ('answer' in outcome) return outcome.answer;
    claims.set(request, { ref, claimedAt: outcome.claimedAt });
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const ref = keyRef(request);
    if (!ref) return;
    const answer = await claimFor(request, ref, requestHash(request));
    if (answer) return replay(reply, answer);
  };

  const checkStreamedKey = async (request: FastifyRequest) => {
    const ref = keyRef(request);
    if (ref) unclaimed.set(request, ref);
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

  const committedAnswer = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    answerOf: (outcome: T) => RouteAnswer,
  ): CommittedAnswer<T> => {
    let stored: StoredAnswer | undefined;
    // The claim the answer was stored for, kept past the request's end (a charge undone later).
    let claimed: Claim | undefined;
    return {
      async store(stores, outcome) {
        const claim = claims.get(request);
        if (!claim) throw new Error('an Idempotency-Key answered before it was claimed');
        claimed = claim;
        const { status, headers, payload } = answerOf(outcome);
        const serialize = reply.getSerializationFunction(String(status)) ?? JSON.stringify;
        const answer = {
          status,
          headers: { ...replayedHeaders(reply), 'content-type': JSON_TYPE, ...headers },
          body: serialize(payload as Record<string, unknown>),
        };
        if (!(await stores.idempotency.complete(claim.ref, claim.claimedAt, answer))) {
          throw new ApiError(
            'conflict',
            'Another request with this Idempotency-Key took it over; retry in a moment to get its answer.',
          );
        }
        stored = answer;
      },
      async committed() {
        if (!claimed) return false;
        const row = await deps.store.find(claimed.ref);
        return row?.claimedAt === claimed.claimedAt && row.answer !== undefined;
      },
      async forget(stores) {
        if (claimed) await stores.idempotency.forget(claimed.ref, claimed.claimedAt);
      },
      send: () => stored && reply.code(stored.status).headers(stored.headers).send(stored.body),
    };
  };

  scope.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const streamed = route.config.idempotent === 'streamed';
    route.preHandler = [streamed ? checkStreamedKey : preHandler, ...asArray(route.preHandler)];
    route.onSend = [onSend, ...asArray(route.onSend)];
    route.onResponse = [onResponse, ...asArray(route.onResponse)];
    route.schema = documented(route.schema, streamed);
  });

  return {
    keyOf(request) {
      const ref = unclaimed.get(request);
      if (!ref) return undefined;
      unclaimed.delete(request);
      const digest = createHash('sha256');
      let read = false;
      return {
        async *hashing(body) {
          for await (const chunk of body) {
            digest.update(chunk);
            yield chunk;
          }
          read = true;
        },
        async claim() {
          // A claim on part of the body would replay its answer for another body.
          if (!read) throw new Error('an Idempotency-Key claimed before its body was read to the end');
          const body = { query: request.query ?? null, body_sha256: digest.digest('hex') };
          const hash = requestHash({ method: request.method, url: request.url, body });
          const answer = await claimFor(request, ref, hash);
          if (answer) throw new IdempotentReplay(answer);
        },
        answerInCommit: (reply, answerOf) => committedAnswer(request, reply, answerOf),
      };
    },
    answerInCommit: (request, reply, answerOf) =>
      claims.has(request) ? committedAnswer(request, reply, answerOf) : undefined,
  };
}

/**
 * Sends a route's answer: as its work stored it for the request's key, byte for byte, or else (no
 * key, or work that committed nothing) built from the work's outcome and serialised by the reply
 * as any answer is.
 */
export function sendAnswer<T>(
  reply: FastifyReply,
  answer: CommittedAnswer<T> | undefined,
  built: () => RouteAnswer,
): FastifyReply {
  const sent = answer?.send();
  if (sent) return sent;
  const { status, headers, payload } = built();
  return reply.code(status).headers(headers).send(payload);
}

/** Sends the first answer again, marked as such. */
export function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .header('idempotent-replayed', 'true')
    .send(answer.body);
}

/** The request's key for its account and key mode; undefined without the header, 422 when malformed. */
function keyRef(request: FastifyRequest): IdempotencyKeyRef | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  return { accountId: request.principal.accountId, mode: request.principal.mode, key: validKey(raw) };
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
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
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
 * (member order, spacing) is still the same request. A streamed body stands in as the query and
 * the SHA-256 of its bytes (StreamedKey.claim).
 */
export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const path = request.url.split('?')[0];
  const body = createHash('sha256')
    .update(canonicalJson(request.body ?? null))
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

/**
 * The route's schema with the mark, the replay header on kept answers and the two failures. A
 * streamed route claims its key once the body is read and found acceptable, so its refusals come
 * before the claim and only its successes are ever replayed.
 */
function documented(schema: RouteOptions['schema'], streamed: boolean): RouteOptions['schema'] {
  if (!schema) return schema;
  const replayed = (status: number) =>
    streamed ? status >= 200 && status < 300 : keepsAnswer(status) && !NEVER_REPLAYED.has(status);
  const response = Object.fromEntries(
    Object.entries((schema.response ?? {}) as Record<string, { headers?: object }>).map(([status, entry]) => [
      status,
      replayed(Number(status)) ? withResponseHeaders(entry, ['Idempotent-Replayed']) : entry,
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
