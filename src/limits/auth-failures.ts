import type { Authenticator, Principal } from '../accounts/authenticator.js';
import type { Clock } from '../clock.js';
import { BURST_WINDOW_MS, WindowLog } from './burst.js';

/**
 * Failed authentications per client address over a sliding 60 s window: an address that presented
 * `limit` unknown keys within the window is refused before its keys are looked up, so a flood of
 * random keys from one client cannot reach the database. Lookups still in flight count against the
 * address until they finish, so a burst of concurrent requests cannot start more than `limit` of
 * them before the first failure is known; requests for a key already being looked up share its
 * lookup and count once. Kept per process: each instance bounds what one address can make it read.
 */
export class AuthFailureLimiter {
  private readonly logs = new Map<string, WindowLog>();
  /** Per address: the lookups running (by key hash) and how many requests wait on each. */
  private readonly inFlight = new Map<string, Map<string, number>>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly clock: Clock,
    readonly limit: number,
  ) {
    // Forget addresses idle for a whole window, so the map does not grow with every address seen.
    this.sweep = setInterval(() => {
      const cutoff = this.clock.now() - BURST_WINDOW_MS;
      for (const [address, log] of this.logs) if (log.newest <= cutoff) this.logs.delete(address);
    }, BURST_WINDOW_MS);
    this.sweep.unref();
  }

  /**
   * Starts the lookup of key `keyHash` for `address`: 0 when it may go ahead (then call `finish`
   * once it is done), else the seconds to wait, and nothing is started. A key already being looked
   * up for this address joins that lookup.
   */
  start(address: string, keyHash: string): number {
    let running = this.inFlight.get(address);
    const waiting = running?.get(keyHash);
    if (running && waiting !== undefined) {
      running.set(keyHash, waiting + 1);
      return 0;
    }
    const wait = this.blockedFor(address);
    if (wait > 0) return wait;
    if (!running) {
      running = new Map();
      this.inFlight.set(address, running);
    }
    running.set(keyHash, 1);
    return 0;
  }

  /** Ends a request's part in a lookup `start` let through; `failed` when the key turned out unknown. */
  finish(address: string, keyHash: string, failed: boolean): void {
    const running = this.inFlight.get(address);
    const waiting = running?.get(keyHash);
    if (running && waiting !== undefined) {
      if (waiting > 1) running.set(keyHash, waiting - 1);
      else running.delete(keyHash);
      if (running.size === 0) this.inFlight.delete(address);
    }
    if (failed) this.fail(address);
  }

  /** Seconds until the address may look up an unknown key again, or 0 when it may now. */
  blockedFor(address: string): number {
    const log = this.logs.get(address);
    const now = this.clock.now();
    log?.expire(now - BURST_WINDOW_MS);
    const failures = log?.total ?? 0;
    if (failures + (this.inFlight.get(address)?.size ?? 0) < this.limit) return 0;
    // Full of failures: until the oldest leaves the window. Full only with lookups still running:
    // they end within a moment, as failures or not.
    if (!log || failures < this.limit) return 1;
    return Math.max(1, Math.ceil((log.oldest + BURST_WINDOW_MS - now) / 1000));
  }

  private fail(address: string): void {
    let log = this.logs.get(address);
    if (!log) {
      log = new WindowLog();
      this.logs.set(address, log);
    }
    const now = this.clock.now();
    log.expire(now - BURST_WINDOW_MS);
    log.add(now);
  }

  close(): void {
    clearInterval(this.sweep);
  }
}

/** What a presented key came to: its principal, unknown (or revoked), or refused unread for its address. */
export type KeyCheck =
  | { outcome: 'known'; principal: Principal }
  | { outcome: 'unknown' }
  | { outcome: 'refused'; retryAfterSeconds: number };

/**
 * The key `keyHash` presented from `address`, as the API and the console's sign-in both read it.
 * A key that resolved to a principal when last read passes whatever the address did: it is not one
 * of a flood's random keys (and is read again at most once per refresh interval). Any other key is
 * looked up only while the address is under its limit of unknown keys, and counts against it when
 * it turns out unknown; a lookup that failed (the database away) is not the client's failure.
 */
export async function checkKey(
  authenticator: Authenticator,
  failures: AuthFailureLimiter,
  address: string,
  keyHash: string,
): Promise<KeyCheck> {
  if (authenticator.isKnown(keyHash)) {
    const principal = await authenticator.resolve(keyHash);
    if (principal) return { outcome: 'known', principal };
  }
  const wait = failures.start(address, keyHash);
  if (wait > 0) return { outcome: 'refused', retryAfterSeconds: wait };
  let outcome: 'known' | 'unknown' | 'error' = 'error';
  try {
    const principal = await authenticator.resolve(keyHash);
    outcome = principal ? 'known' : 'unknown';
    return principal ? { outcome: 'known', principal } : { outcome: 'unknown' };
  } finally {
    failures.finish(address, keyHash, outcome === 'unknown');
  }
}
