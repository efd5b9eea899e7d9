import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../clock.js';

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

export function createMemoryBurstLimiter(clock: Clock): BurstLimiter {
  const logs = new Map<string, number[]>();
  // Forget accounts idle for a whole window, so the map does not grow with every account ever seen.
  const sweep = setInterval(() => {
    const cutoff = clock.now() - BURST_WINDOW_MS;
    for (const [key, log] of logs) if ((log.at(-1) ?? 0) <= cutoff) logs.delete(key);
  }, BURST_WINDOW_MS);
  sweep.unref();

  return {
    async consume(key, limit) {
      const now = clock.now();
      let log = logs.get(key);
      if (!log) {
        log = [];
        logs.set(key, log);
      }
      const cutoff = now - BURST_WINDOW_MS;
      let expired = 0;
      while (expired < log.length && log[expired] <= cutoff) expired += 1;
      if (expired > 0) log.splice(0, expired);
      if (log.length < limit) {
        log.push(now);
        return { allowed: true, limit, remaining: limit - log.length, retryAfterSeconds: 0 };
      }
      return {
        allowed: false,
        limit,
        remaining: 0,
        retryAfterSeconds: secondsUntil(log[0] + BURST_WINDOW_MS, now),
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
  url: string;
  clock: Clock;
  /** Key prefix, so several deployments (or test files) can share one Redis. */
  prefix?: string;
  /** Called when Redis fails; the request is then allowed (fail open), since the burst limit protects, it does not bill. */
  onError?: (error: unknown) => void;
}

export function createRedisBurstLimiter(options: RedisBurstOptions): BurstLimiter {
  const redis = new Redis(options.url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  }) as RedisWithBurst;
  redis.on('error', () => undefined);
  redis.defineCommand('burstConsume', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
  const prefix = options.prefix ?? 'vat-service:burst:';

  return {
    async consume(key, limit) {
      const now = options.clock.now();
      try {
        const member = `${now}-${randomBytes(6).toString('base64url')}`;
        const [allowed, remaining, waitMs] = await redis.burstConsume(
          `${prefix}${key}`,
          now,
          BURST_WINDOW_MS,
          limit,
          member,
        );
        return allowed === 1
          ? { allowed: true, limit, remaining, retryAfterSeconds: 0 }
          : { allowed: false, limit, remaining: 0, retryAfterSeconds: secondsUntil(now + waitMs, now) };
      } catch (error) {
        options.onError?.(error);
        return { allowed: true, limit, remaining: limit, retryAfterSeconds: 0 };
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
