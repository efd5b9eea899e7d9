import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { type RateRecord, type RatesTable, todayUtc } from '../domain/rates.js';
import type { Tier, TierLimits } from '../domain/tiers.js';
import type { BurstDecision, BurstLimiter } from '../limits/burst.js';
import type { Principal } from '../store/accounts.js';
import type { KeyCache } from '../store/key-cache.js';
import { admit, bearerKey } from './plugins/gates.js';
import type { RequestCompleted } from './plugins/request-observer.js';
import { requestIdOf } from './request-id.js';
import { JSON_UTF8, RATE_ROUTE, rateBody } from './routes/rates.js';

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export interface RatesFastPathDeps {
  keys: KeyCache;
  burst: BurstLimiter;
  limits: Readonly<Record<Tier, TierLimits>>;
  rates: RatesTable;
  clock: Clock;
  /** Metrics and access log, as for a request Fastify answered (src/app.ts). */
  completed: RequestCompleted;
  logger: Pick<FastifyBaseLogger, 'error'>;
}

const PREFIX = '/v1/rates/';

/**
 * GET /v1/rates/{country_code} answered on the HTTP server itself, before Fastify builds its
 * request and reply objects (issue 5: rates ≥ 0.70 of a bare node:http server; Fastify alone
 * stands at about 0.8 of it here, and the service's required per-request work does not fit in the
 * rest; README, Design and Benchmarks).
 *
 * It answers only the request it can answer exactly as the Fastify route would, and only with a
 * 200: `GET /v1/rates/XX` with no query string and no body, `XX` a rate country, a well-formed
 * Bearer key already known to this process, and a burst limiter that allows the request. The
 * answer has the route's bytes and headers (request id, burst headers, content type and length),
 * and the request is counted in the metrics and the access log under the route's name. Every other
 * request goes to Fastify untouched (`fallback`), and so does one that failed a gate after the
 * burst unit was taken: it carries its key lookup and burst decision along (`admit`), so the gate
 * hook neither counts it twice nor answers it differently. Errors, 404s, HEAD, `?date=`, unknown
 * keys and shutdown (503) are all Fastify's. test/http/rates-fast-path.test.ts sends the same
 * requests through both paths and compares the answers byte for byte.
 */
export class RatesFastPath {
  private closing = false;
  /** Requests answered here, and requests handed to Fastify after their burst unit was taken. */
  readonly counts = { answered: 0, handedOver: 0 };

  constructor(private readonly deps: RatesFastPathDeps) {}

  /** From now on every request goes to Fastify (which answers 503 while it closes). */
  close(): void {
    this.closing = true;
  }

  get closed(): boolean {
    return this.closing;
  }

  handle(request: IncomingMessage, response: ServerResponse, fallback: RequestListener): void {
    let passOn: boolean;
    try {
      passOn = !this.tryToAnswer(request, response, fallback);
    } catch (error) {
      // A fault here must not take the process down (this runs in the server's request listener):
      // Fastify answers instead, unless an answer has already started.
      this.deps.logger.error({ err: error }, 'rates fast path failed; the request goes to Fastify');
      passOn = !response.headersSent;
    }
    if (passOn) fallback(request, response);
  }

  /** false: for Fastify (with its admission when the burst limit refused it). true: answered, or will be. */
  private tryToAnswer(
    request: IncomingMessage,
    response: ServerResponse,
    fallback: RequestListener,
  ): boolean {
    const url = request.url;
    if (
      this.closing ||
      url === undefined ||
      url.length !== PREFIX.length + 2 ||
      request.method !== 'GET' ||
      !url.startsWith(PREFIX)
    )
      return false;
    const startedAt = performance.now();
    const { deps } = this;
    const headers = request.headers;
    const record = deps.rates.get(url.slice(PREFIX.length), todayUtc(deps.clock.now()));
    const presented = headers.authorization === undefined ? undefined : bearerKey(headers.authorization);
    if (
      record === undefined ||
      presented === undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    )
      return false;
    const principal = deps.keys.resolve(presented, request.socket);
    // Not known yet (Fastify's gate waits for the same read) or not valid (401).
    if (principal === undefined || principal instanceof Promise) return false;

    const burst = deps.burst.consume(principal.accountId, deps.limits[principal.tier].burst_per_minute);
    if (!(burst instanceof Promise)) {
      if (!burst.allowed) {
        this.admit(request, principal, burst);
        return false;
      }
      this.answer(request, response, burst, record, startedAt);
      return true;
    }
    // The Redis limiter: answered after its round trip, as the Fastify gate would.
    burst
      .then(
        (decision) => {
          if (decision.allowed) this.answer(request, response, decision, record, startedAt);
          else {
            this.admit(request, principal, decision);
            fallback(request, response);
          }
        },
        () => {
          this.admit(request, principal, burst);
          fallback(request, response);
        },
      )
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'rates fast path failed'));
    return true;
  }

  private admit(
    request: IncomingMessage,
    principal: Principal,
    burst: BurstDecision | Promise<BurstDecision>,
  ): void {
    this.counts.handedOver += 1;
    admit(request, { principal, burst });
  }

  private answer(
    request: IncomingMessage,
    response: ServerResponse,
    burst: BurstDecision,
    record: RateRecord,
    startedAt: number,
  ): void {
    const requestId = requestIdOf(request.headers['x-request-id']);
    const body = rateBody(record, requestId);
    response.writeHead(200, [
      'x-request-id',
      requestId,
      'x-burst-limit',
      String(burst.limit),
      'x-burst-remaining',
      String(burst.remaining),
      'content-type',
      JSON_UTF8,
      'content-length',
      String(Buffer.byteLength(body)),
    ]);
    response.end(body);
    this.counts.answered += 1;
    // The answer is out: a fault in the bookkeeping is logged, never passed on (as RequestObserver does).
    try {
      this.deps.completed(requestId, 'GET', RATE_ROUTE, 200, performance.now() - startedAt);
    } catch (error) {
      this.deps.logger.error({ err: error, req_id: requestId }, 'request completion listener failed');
    }
  }
}
