import type { Clock } from '../clock.js';
import { RegistryError, type RegistryFailureKind, type RegistryId } from './registry.js';

export type BreakerState = 'closed' | 'open' | 'half_open';

/** Failures that say the registry is in trouble (not that our question was wrong). */
const TRIPPING: ReadonlySet<RegistryFailureKind> = new Set([
  'unreachable',
  'timeout',
  'server_error',
  'throttled',
  'malformed',
]);

/** Upstream codes of failures that are ours, not the registry's: they neither trip nor close a breaker. */
export const NOT_A_CALL = new Set(['CIRCUIT_OPEN', 'QUEUE_BUDGET']);

/** A breaker open (or its one probe in flight): the registry is not called; retry at `retryAfterMs`. */
export function circuitOpenError(registry: RegistryId, name: string, retryAfterMs: number): RegistryError {
  const error = new RegistryError(
    registry,
    'unreachable',
    `${name} circuit open: registry failing, not called`,
    'CIRCUIT_OPEN',
  );
  error.retryAfterMs = retryAfterMs;
  return error;
}

export interface BreakerChange {
  state: BreakerState;
  /** While open: when the next probe is due (application clock, epoch ms). */
  openUntil: number | null;
  at: number;
}

/**
 * Stops calling a registry that is down: after `failureThreshold` consecutive failures the circuit
 * opens and calls fail at once for `cooldownMs`; then one probe call is let through (half-open):
 * success closes the circuit, failure opens it for another cooldown. `trip` opens it from outside
 * (the VIES availability report, another instance's breaker).
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;
  lastFailureAt: number | null = null;
  lastSuccessAt: number | null = null;
  /** When the circuit last opened here, by its own failures or tripped from outside. */
  openedAt: number | null = null;

  constructor(
    private readonly name: string,
    private readonly registry: RegistryId,
    private readonly options: { failureThreshold: number; cooldownMs: number },
    private readonly clock: Clock,
    private readonly onChange: (change: BreakerChange) => void = () => undefined,
  ) {}

  get state(): BreakerState {
    if (this.failures < this.options.failureThreshold) return 'closed';
    return this.clock.now() < this.openUntil ? 'open' : 'half_open';
  }

  /** When the next probe may go (now when closed or half-open). */
  get nextProbeAt(): number {
    return this.state === 'open' ? this.openUntil : this.clock.now();
  }

  /** Opens the circuit until `until` (unless it is already open longer). */
  trip(until: number, options: { silent?: boolean } = {}): void {
    if (this.state === 'open' && this.openUntil >= until) return;
    this.failures = Math.max(this.failures, this.options.failureThreshold);
    this.openUntil = until;
    this.openedAt = this.clock.now();
    if (!options.silent) this.onChange({ state: 'open', openUntil: until, at: this.clock.now() });
  }

  /**
   * Closes the circuit because another instance's probe succeeded after it opened here (the
   * registry is back): no probe of its own, and no change to write, the other instance wrote it.
   */
  closeFromElsewhere(): void {
    this.failures = 0;
  }

  /** True while a call would be refused at once: the circuit open, or its single probe in flight. */
  get refuses(): boolean {
    const state = this.state;
    return state === 'open' || (state === 'half_open' && this.probing);
  }

  /** Throws at once while the circuit is open or its single probe is in flight. */
  check(): void {
    if (this.refuses) {
      const state = this.state;
      const wait = state === 'open' ? this.openUntil - this.clock.now() : this.options.cooldownMs;
      throw circuitOpenError(this.registry, this.name, Math.max(0, wait));
    }
  }

  /**
   * Runs `task` unless the circuit is open; `task` calls `recheck` right before the registry call,
   * after any wait in a queue, so calls that queued before the circuit opened do not go out.
   */
  async run<T>(task: (recheck: () => void) => Promise<T>): Promise<T> {
    this.check();
    const probe = this.state === 'half_open';
    const recheck = () => {
      if (!probe) this.check();
      else if ((this.state as BreakerState) === 'open')
        throw circuitOpenError(this.registry, this.name, this.openUntil - this.clock.now());
    };
    if (probe) {
      this.probing = true;
      this.onChange({ state: 'half_open', openUntil: null, at: this.clock.now() });
    }
    try {
      const result = await task(recheck);
      const wasClosed = this.failures < this.options.failureThreshold;
      this.failures = 0;
      this.lastSuccessAt = this.clock.now();
      if (!wasClosed) this.onChange({ state: 'closed', openUntil: null, at: this.lastSuccessAt });
      return result;
    } catch (error) {
      if (error instanceof RegistryError && NOT_A_CALL.has(error.upstreamCode ?? '')) throw error;
      if (error instanceof RegistryError && TRIPPING.has(error.kind)) {
        const now = this.clock.now();
        this.lastFailureAt = now;
        this.failures += 1;
        if (this.failures >= this.options.failureThreshold) {
          this.openUntil = now + this.options.cooldownMs;
          this.openedAt = now;
          this.onChange({ state: 'open', openUntil: this.openUntil, at: now });
        }
      } else {
        const wasClosed = this.failures < this.options.failureThreshold;
        this.failures = 0;
        if (!wasClosed) this.onChange({ state: 'closed', openUntil: null, at: this.clock.now() });
      }
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }
}
