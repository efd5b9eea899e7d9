import type { Clock } from '../clock.js';
import { BURST_WINDOW_MS, WindowLog } from './burst.js';

/**
 * Failed authentications per client address over a sliding 60 s window: an address that presented
 * `limit` unknown keys within the window is refused before its keys are looked up, so a flood of
 * random keys from one client cannot reach the database. Kept per process: each instance bounds
 * what one address can make it read.
 */
export class AuthFailureLimiter {
  private readonly logs = new Map<string, WindowLog>();
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

  /** Seconds until the address may try again, or 0 when it may now. */
  blockedFor(address: string): number {
    const log = this.logs.get(address);
    if (!log) return 0;
    const now = this.clock.now();
    log.expire(now - BURST_WINDOW_MS);
    if (log.total < this.limit) return 0;
    return Math.max(1, Math.ceil((log.oldest + BURST_WINDOW_MS - now) / 1000));
  }

  fail(address: string): void {
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
