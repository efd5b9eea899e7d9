import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { RedisLink } from './redis-link.js';

/**
 * Per-account burst limit over a sliding 60 s window (decisions section 4): a request is allowed
 * when fewer than `limit` requests of the account were allowed in the 60 s before it. Refused
 * requests do not count.
 *
 * Why not rate-limiter-flexible (the stack's choice): its limiters count fixed windows that start at
 * the first request, so an account could make 2 × limit requests within a few seconds across a window
 * edge. The decisions ask for a sliding window, which is a log of timestamps: an array in memory, a
 * sorted set in Redis. Both are small (at most `limit` entries per account).
 */
export interface BurstDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a slot frees up (0 when allowed). */
  retryAfterSeconds: number;
}

export interface BurstLimiter {
  consume(key: string, limit: number): Promise<BurstDecision>;
  close(): Promise<void>;
}

export const BURST_WINDOW_MS = 60_000;

/**
 * One account's log of allowed requests in the window: timestamps with how many requests were
 * allowed at each (a busy account makes many in the same millisecond), oldest first from `head`.
 * Expiring moves `head`; the arrays are compacted once half of them is dead, so each request costs
 * O(1) amortised however high the limit (TIER_LIMITS may set thousands per minute).
 */
export class WindowLog {
  times: number[] = [];
  counts: number[] = [];
  head = 0;
  total = 0;

  expire(cutoff: number): void {
    while (this.head < this.times.length && this.times[this.head] <= cutoff) {
      this.total -= this.counts[this.head];
      this.head += 1;
    }
    if (this.head > 64 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.counts = this.counts.slice(this.head);
      this.head = 0;
    }
  }

  add(now: number): void {
    const last = this.times.length - 1;
    if (last >= this.head && this.times[last] === now) this.counts[last] += 1;
    else {
      this.times.push(now);
      this.counts.push(1);
    }
    this.total += 1;
  }

  get newest(): number {
    return this.times.length > this.head ? this.times[this.times.length - 1] : 0;
  }

  get oldest(): number {
    return this.times.length > this.head ? this.times[this.head] : 0;
  }
}

export function createMemoryBurstLimiter(clock: Clock): BurstLimiter {
  const logs = new Map<string, WindowLog>();
  // Forget accounts idle for a whole window, so the map does not grow with every account ever seen.
  const sweep = setInterval(() => {
    const cutoff = clock.now() - BURST_WINDOW_MS;
    for (const [key, log] of logs) if (log.newest <= cutoff) logs.delete(key);
  }, BURST_WINDOW_MS);
  sweep.unref();

  return {
    async consume(key, limit) {
      const now = clock.now();
      let log = logs.get(key);
      if (!log) {
        log = new WindowLog();
        logs.set(key, log);
      }
      log.expire(now - BURST_WINDOW_MS);
      if (log.total < limit) {
        log.add(now);
        return { allowed: true, limit, remaining: limit - log.total, retryAfterSeconds: 0 };
      }
      return {
        allowed: false,
        limit,
        remaining: 0,
        retryAfterSeconds: secondsUntil(log.oldest + BURST_WINDOW_MS, now),
      };
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// One round trip, atomic: drop entries older than the window, count, add when below the limit.
const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, limit - count - 1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, 0, tonumber(oldest[2]) + window - now}
`;

type RedisWithBurst = Redis & {
  burstConsume(
    key: string,
    now: number,
    window: number,
    limit: number,
    member: string,
  ): Promise<[number, number, number]>;
};

export interface RedisBurstOptions {
  /** The process's Redis connection (redis-link.ts). */
  redis: RedisLink;
  clock: Clock;
  /** Key prefix, so several deployments (or test files) can share one Redis. */
  prefix?: string;
}

/**
 * The burst limit shared by every instance through Redis. While Redis is down or does not answer
 * in time (the link decides, redis-link.ts), each process counts in memory instead, so the limit
 * still holds per process and no request waits on Redis. The memory log is kept while Redis
 * answers too (this process's allowed requests), so switching to it does not hand every account a
 * fresh allowance.
 */
export function createRedisBurstLimiter(options: RedisBurstOptions): BurstLimiter {
  const local = createMemoryBurstLimiter(options.clock);
  const redis = options.redis.client as RedisWithBurst;
  redis.defineCommand('burstConsume', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
  const prefix = options.prefix ?? 'vat-service:burst:';

  return {
    async consume(key, limit) {
      const now = options.clock.now();
      const member = `${now}-${randomBytes(6).toString('base64url')}`;
      const shared = await options.redis.attempt(() =>
        redis.burstConsume(`${prefix}${key}`, now, BURST_WINDOW_MS, limit, member),
      );
      if (!shared) return local.consume(key, limit);
      const [allowed, remaining, waitMs] = shared.value;
      if (allowed !== 1)
        return { allowed: false, limit, remaining: 0, retryAfterSeconds: secondsUntil(now + waitMs, now) };
      await local.consume(key, limit);
      return { allowed: true, limit, remaining, retryAfterSeconds: 0 };
    },
    close: () => local.close(),
  };
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
