import type { Clock } from '../clock.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import {
  type PrimaryRegistryId,
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryFailureKind,
  type RegistryId,
} from './registry.js';

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

/** At most `limit` calls at once; the rest wait in order. */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Highest number of calls seen in flight at once (for tests and metrics). */
  peak = 0;

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  get inFlight(): number {
    return this.active;
  }
}

/** Failures that say the registry is in trouble (not that our question was wrong). */
const TRIPPING: ReadonlySet<RegistryFailureKind> = new Set([
  'unreachable',
  'timeout',
  'server_error',
  'throttled',
  'malformed',
]);

/**
 * Stops hammering a registry that is down: after `failureThreshold` consecutive failures the circuit
 * opens and calls fail at once (kind `unreachable`) for `cooldownMs`; then one probe call is let
 * through (half-open): success closes the circuit, failure opens it for another cooldown.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  constructor(
    private readonly name: string,
    private readonly registry: RegistryId,
    private readonly options: { failureThreshold: number; cooldownMs: number },
    private readonly clock: Clock,
  ) {}

  get state(): 'closed' | 'open' | 'half_open' {
    if (this.failures < this.options.failureThreshold) return 'closed';
    return this.clock.now() < this.openUntil ? 'open' : 'half_open';
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const state = this.state;
    if (state === 'open' || (state === 'half_open' && this.probing)) {
      throw new RegistryError(
        this.registry,
        'unreachable',
        `${this.name} circuit open: registry failing, not called`,
      );
    }
    const probe = state === 'half_open';
    if (probe) this.probing = true;
    try {
      const result = await task();
      this.failures = 0;
      return result;
    } catch (error) {
      if (error instanceof RegistryError && TRIPPING.has(error.kind)) {
        this.failures += 1;
        if (this.failures >= this.options.failureThreshold)
          this.openUntil = this.clock.now() + this.options.cooldownMs;
      } else {
        this.failures = 0;
      }
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }
}

export interface GatewayOptions {
  clock: Clock;
  concurrency: Readonly<Record<RegistryId, number>>;
  circuit: { failureThreshold: number; cooldownMs: number };
}

/**
 * The registries as the validation pipeline sees them: one place for per-registry concurrency
 * limits and circuit breakers, so every client stays a plain protocol translator.
 */
export class RegistryGateway {
  private readonly limiters = new Map<RegistryId, ConcurrencyLimiter>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  /** Registry calls actually made, by registry and outcome (for metrics). */
  readonly calls = new Map<string, number>();

  constructor(
    private readonly registries: ReadonlyMap<RegistryId, Registry>,
    private readonly options: GatewayOptions,
  ) {
    for (const id of registries.keys())
      this.limiters.set(id, new ConcurrencyLimiter(options.concurrency[id]));
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

  /** Asks the registry about `target`, within its concurrency limit and behind its circuit breaker. */
  async lookup(
    registry: Registry,
    target: ParsedVatNumber,
    requester?: ParsedVatNumber,
  ): Promise<RegistryAnswer> {
    const breaker = this.breakerFor(registry.id, target.countryCode);
    const limiter = this.limiters.get(registry.id)!;
    try {
      const answer = await limiter.run(() => breaker.run(() => registry.lookup({ target, requester })));
      this.count(registry.id, answer.valid ? 'valid' : 'invalid');
      return answer;
    } catch (error) {
      this.count(registry.id, error instanceof RegistryError ? error.kind : 'error');
      throw error;
    }
  }

  /** VIES outages are per member state (MS_UNAVAILABLE), so its breakers are per country. */
  private breakerFor(id: RegistryId, countryCode: string): CircuitBreaker {
    const key = id === 'vies' ? `vies:${countryCode}` : id;
    let breaker = this.breakers.get(key);
    if (!breaker) {
      breaker = new CircuitBreaker(key, id, this.options.circuit, this.options.clock);
      this.breakers.set(key, breaker);
    }
    return breaker;
  }

  private count(id: RegistryId, outcome: string): void {
    const key = `${id}:${outcome}`;
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }

  async close(): Promise<void> {
    await Promise.all([...this.registries.values()].map((registry) => registry.close()));
  }
}
