import { AvailabilityTracker, closedElsewhere, sharedOpen } from '../availability/tracker.js';
import type { Clock } from '../clock.js';
import type { TraderFields } from '../matching/compare.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import type { AvailabilityStore } from '../store/availability.js';
import type { RegistryHealthTable } from '../store/tables.js';
import { type BreakerChange, CircuitBreaker } from './breaker.js';
import {
  ConcurrencyLimiter,
  memoryRateLimiter,
  queueBudgetError,
  type RateLimit,
  type RateLimiter,
} from './limits.js';
import {
  type PrimaryRegistryId,
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryId,
} from './registry.js';

export { CircuitBreaker } from './breaker.js';
export { ConcurrencyLimiter } from './limits.js';

/** Which registry answers which country (decisions section 3). LI has none: answered from the format. */
export function registryIdFor(countryCode: string): PrimaryRegistryId | undefined {
  switch (countryCode) {
    case 'GB':
      return 'hmrc';
    case 'CH':
      return 'uid';
    case 'NO':
      return 'brreg';
    case 'AU':
      return 'abr';
    case 'LI':
      return undefined;
    default:
      return 'vies';
  }
}

/** The member states VIES serves (Greece as EL, Northern Ireland as XI). */
export const VIES_MEMBER_STATES: readonly string[] =
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' ');

/**
 * Where availability, breakers and limits are kept: `vies:DE` for one VIES member state (VIES
 * outages and concurrency limits are per member state), the registry's id for the others.
 */
export function registryKey(id: RegistryId, countryCode: string): string {
  return id === 'vies' ? `vies:${countryCode === 'GR' ? 'EL' : countryCode}` : id;
}

/**
 * VIES's busy answers (and its member state TIMEOUT), retried with jitter within the request's
 * budget before they count as a failure; a throttled answer from any registry likewise.
 */
const BUSY_CODES = new Set([
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'SERVER_BUSY',
  'TIMEOUT',
]);

function isBusy(error: unknown): boolean {
  if (!(error instanceof RegistryError) || error.upstreamCode === 'QUEUE_BUDGET') return false;
  return (
    error.kind === 'throttled' || (error.registry === 'vies' && BUSY_CODES.has(error.upstreamCode ?? ''))
  );
}

/** Outcomes of lookups the gateway refused itself, without calling the registry. */
const REFUSED_OUTCOMES: Readonly<Record<string, string>> = {
  CIRCUIT_OPEN: 'circuit_open',
  QUEUE_BUDGET: 'queue_budget',
};

/**
 * A rate limit is kept with a margin on its window (half of it, at most a second), so a call
 * released late by a busy event loop (or slowed by a token fetch, the network, or a slot store
 * that took long to answer) cannot land in the same window as the calls a whole window after it.
 */
function withMargin(rate: RateLimit): RateLimit {
  return { limit: rate.limit, windowMs: rate.windowMs + Math.min(1000, Math.ceil(rate.windowMs / 2)) };
}

export interface GatewayOptions {
  clock: Clock;
  concurrency: Readonly<Record<RegistryId, number>>;
  circuit: { failureThreshold: number; cooldownMs: number };
  /** Calls in flight at once per VIES member state (from one process). */
  viesMemberStateConcurrency?: number;
  /** Per-application rate limits, shared by every instance once `attach` gave a shared limiter. */
  rates?: Partial<Readonly<Record<RegistryId, RateLimit>>>;
  /** How long a request may wait in the queue and retry busy answers, in ms. */
  budgetMs?: number;
}

export interface LookupOptions {
  /** This request's budget in ms (default: the gateway's). */
  budgetMs?: number;
  /** The trader fields the caller sent, for a registry that compares them. */
  trader?: TraderFields;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The registries as the validation pipeline sees them: one place for the service's queue in front
 * of each registry (concurrency and rate limits), the breakers per registry and per VIES member
 * state, busy-answer retries, and the availability counts, so every client stays a plain protocol
 * translator. A later stage (national fallbacks) goes after `lookup`'s failure, in the pipeline.
 */
export class RegistryGateway {
  private readonly limiters = new Map<RegistryId, ConcurrencyLimiter>();
  private readonly memberStateLimiters = new Map<string, ConcurrencyLimiter>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  /** The last VIES report time acted on, per member state. */
  private readonly reportsSeen = new Map<string, number>();
  private rateLimiter: RateLimiter = memoryRateLimiter();
  private tracker = new AvailabilityTracker(undefined);
  private refreshTimer: NodeJS.Timeout | undefined;
  /** Registry calls actually made, by registry and outcome (for metrics). */
  readonly calls = new Map<string, number>();

  constructor(
    private readonly registries: ReadonlyMap<RegistryId, Registry>,
    private readonly options: GatewayOptions,
  ) {
    for (const id of registries.keys())
      this.limiters.set(
        id,
        new ConcurrencyLimiter(options.concurrency[id], (wait) =>
          queueBudgetError(id, `${id} concurrency limit`, wait),
        ),
      );
  }

  /**
   * Shares this gateway's figures and limits with the other instances: call counts and breaker
   * changes go to `store`, rate limits through `rateLimiter`, and every `refreshMs` the counts are
   * flushed and the other instances' open breakers and the VIES report are read back.
   */
  attach(shared: {
    store: AvailabilityStore;
    rateLimiter: RateLimiter;
    refreshMs: number;
    onError?: (error: unknown) => void;
  }): void {
    this.rateLimiter = shared.rateLimiter;
    this.tracker = new AvailabilityTracker(shared.store, shared.onError);
    this.refreshTimer = setInterval(() => {
      this.refresh().catch((error) => shared.onError?.(error));
    }, shared.refreshMs);
    this.refreshTimer.unref();
  }

  registryFor(countryCode: string): Registry | undefined {
    const id = registryIdFor(countryCode);
    return id ? this.registries.get(id) : undefined;
  }

  /** The client registered under `id`; a national fallback is absent when switched off. */
  registryById(id: RegistryId): Registry | undefined {
    return this.registries.get(id);
  }

  limiter(id: RegistryId): ConcurrencyLimiter | undefined {
    return this.limiters.get(id);
  }

  /** The concurrency limit of one VIES member state (`DE` or `vies:DE`). */
  memberStateLimiter(countryOrKey: string): ConcurrencyLimiter {
    return this.memberStateLimiterFor(
      countryOrKey.startsWith('vies:') ? countryOrKey : registryKey('vies', countryOrKey),
    );
  }

  /** The breaker of a registry key (`vies:DE`, `hmrc`), created closed on first use. */
  breaker(key: string): CircuitBreaker {
    let breaker = this.breakers.get(key);
    if (!breaker) {
      const id = key.split(':')[0] as RegistryId;
      breaker = new CircuitBreaker(key, id, this.options.circuit, this.options.clock, (change) =>
        this.breakerChanged(key, change),
      );
      this.breakers.set(key, breaker);
    }
    return breaker;
  }

  /** True while a call to `registry` for `countryCode` would be refused at once by its breaker. */
  refusesAtOnce(registry: Registry, countryCode: string): boolean {
    return this.breakers.get(registryKey(registry.id, countryCode))?.refuses ?? false;
  }

  /** Every breaker used so far, by key. */
  breakerStates(): Map<string, CircuitBreaker> {
    return this.breakers;
  }

  /**
   * Asks the registry about `target` behind its breaker and within its limits. An open breaker,
   * or a queue wait past the budget, fails at once (with `retryAfterMs`); busy answers are
   * retried with jitter while the budget lasts.
   */
  async lookup(
    registry: Registry,
    target: ParsedVatNumber,
    requester?: ParsedVatNumber,
    options: LookupOptions = {},
  ): Promise<RegistryAnswer> {
    const key = registryKey(registry.id, target.countryCode);
    const breaker = this.breaker(key);
    const deadline = Date.now() + (options.budgetMs ?? this.options.budgetMs ?? 5_000);
    try {
      const answer = await breaker.run(async (recheck) => {
        for (let attempt = 0; ; attempt += 1) {
          try {
            return await this.queued(registry.id, key, deadline, () => {
              recheck();
              return this.timed(key, () => registry.lookup({ target, requester, trader: options.trader }));
            });
          } catch (error) {
            const backoff = (50 + Math.random() * 100) * 2 ** Math.min(attempt, 4);
            if (!isBusy(error) || Date.now() + backoff >= deadline) throw error;
            this.count(registry.id, 'busy_retried');
            await sleep(backoff);
          }
        }
      });
      this.count(registry.id, answer.valid ? 'valid' : 'invalid');
      return answer;
    } catch (error) {
      const refused = error instanceof RegistryError ? REFUSED_OUTCOMES[error.upstreamCode ?? ''] : undefined;
      this.count(registry.id, refused ?? (error instanceof RegistryError ? error.kind : 'error'));
      throw error;
    }
  }

  /** Concurrency first (per member state, then per registry), then the rate limit's slot. */
  private async queued<T>(id: RegistryId, key: string, deadline: number, call: () => Promise<T>): Promise<T> {
    const perMemberState = id === 'vies' ? this.memberStateLimiter(key) : undefined;
    const inRegistry = () =>
      this.limiters.get(id)!.run(async () => {
        await this.rateSlot(id, deadline, this.registries.get(id)?.requestsPerLookup ?? 1);
        return call();
      }, deadline);
    return perMemberState ? perMemberState.run(inRegistry, deadline) : inRegistry();
  }

  private memberStateLimiterFor(key: string): ConcurrencyLimiter {
    let limiter = this.memberStateLimiters.get(key);
    if (!limiter) {
      limiter = new ConcurrencyLimiter(this.options.viesMemberStateConcurrency ?? 4, (wait) =>
        queueBudgetError('vies', `${key} concurrency limit`, wait),
      );
      this.memberStateLimiters.set(key, limiter);
    }
    return limiter;
  }

  private async rateSlot(id: RegistryId, deadline: number, requests: number): Promise<void> {
    const rate = this.options.rates?.[id];
    if (!rate) return;
    const margin = withMargin(rate);
    const at = await this.rateLimiter.reserve(
      `registry:${id}`,
      margin,
      Math.max(0, deadline - Date.now()),
      requests,
    );
    if (at === null)
      throw queueBudgetError(id, `${id} rate limit (${rate.limit} per ${rate.windowMs} ms)`, margin.windowMs);
    const wait = at - Date.now();
    if (wait > 0) await sleep(wait);
  }

  /** Runs one registry call and counts its outcome and latency for availability. */
  private async timed<T>(key: string, call: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      const result = await call();
      this.tracker.record(key, true, Date.now() - started, this.options.clock.now());
      return result;
    } catch (error) {
      // invalid_input and requester_rejected are answers about our question, not registry trouble.
      const answered =
        error instanceof RegistryError &&
        (error.kind === 'invalid_input' || error.kind === 'requester_rejected');
      this.tracker.record(key, answered, Date.now() - started, this.options.clock.now());
      throw error;
    }
  }

  private breakerChanged(key: string, change: BreakerChange): void {
    this.tracker.health(
      key,
      {
        breaker: change.state,
        open_until: change.openUntil,
        ...(change.state === 'open' ? { last_failure_at: change.at } : {}),
      },
      change.at,
    );
  }

  /**
   * Flushes this process's counts, then reads every instance's breakers and the VIES report: a
   * breaker another instance opened opens here too, unless a call was answered after the failure
   * that opened it (here or on any instance: the registry is back); one another instance closed
   * after it opened here (its probe was answered) closes here too; a member state reported
   * unavailable after its last successful call here opens its breaker for a cooldown.
   */
  async refresh(): Promise<RegistryHealthTable[]> {
    const now = this.options.clock.now();
    await this.tracker.flush(now);
    const rows = await this.tracker.readHealth();
    for (const row of rows) this.adopt(row, now);
    return rows;
  }

  private adopt(row: RegistryHealthTable, now: number): void {
    const breaker = this.breaker(row.registry_key);
    if (breaker.state === 'closed' && sharedOpen(row, now, breaker.lastSuccessAt))
      breaker.trip(row.open_until!, { silent: true });
    else if (breaker.state !== 'closed' && closedElsewhere(row, breaker.openedAt))
      breaker.closeFromElsewhere();
    if (row.reported === 'unavailable' && row.reported_at !== null) {
      const seen = this.reportsSeen.get(row.registry_key) ?? 0;
      if (row.reported_at > seen && row.reported_at > (breaker.lastSuccessAt ?? 0)) {
        this.reportsSeen.set(row.registry_key, row.reported_at);
        breaker.trip(now + this.options.circuit.cooldownMs);
      }
    }
  }

  private count(id: RegistryId, outcome: string): void {
    const key = `${id}:${outcome}`;
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }

  async close(): Promise<void> {
    clearInterval(this.refreshTimer);
    await this.tracker.flush(this.options.clock.now()).catch(() => undefined);
    await this.rateLimiter.close();
    await Promise.all([...this.registries.values()].map((registry) => registry.close()));
  }
}
