import type { Redis } from 'ioredis';
import type { RedisLink } from '../limits/redis-link.js';
import type { AvailabilityStore } from '../store/availability.js';
import { nextSlot } from '../store/availability.js';
import { RegistryError, type RegistryId } from './registry.js';

/**
 * The service's own queue in front of each registry: a concurrency limit per process
 * (per registry, and per VIES member state), and rate limits per application shared by every
 * instance (Redis when configured, the database otherwise). A wait that would pass the request's
 * budget is refused at once with a `QUEUE_BUDGET` error, which the pipeline answers like any
 * registry failure (stale or 503) and which no breaker counts.
 */

/** The queue would hold the call past its budget: the registry is not called. */
export function queueBudgetError(registry: RegistryId, what: string, retryAfterMs: number): RegistryError {
  const error = new RegistryError(
    registry,
    'throttled',
    `${what}: the wait for a slot would pass the request's budget`,
    'QUEUE_BUDGET',
  );
  error.retryAfterMs = retryAfterMs;
  return error;
}

interface Waiter {
  resolve: () => void;
  timer?: NodeJS.Timeout;
}

/** At most `limit` calls at once; the rest wait in order, each until its deadline at most. */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** Highest number of calls seen in flight at once (for tests and metrics). */
  peak = 0;
  /** Moving average of how long a task holds its slot, to estimate a newcomer's wait. */
  private averageMs = 0;

  constructor(
    readonly limit: number,
    private readonly onRefused: (waitMs: number) => RegistryError = (waitMs) =>
      queueBudgetError('vies', 'concurrency limit', waitMs),
  ) {}

  /** Runs `task` in a slot; `deadline` (epoch ms, wall clock) bounds the wait for one. */
  async run<T>(task: () => Promise<T>, deadline = Number.POSITIVE_INFINITY): Promise<T> {
    if (this.active >= this.limit) {
      const rounds = Math.floor(this.waiting.length / this.limit) + 1;
      const estimate = rounds * this.averageMs;
      if (Date.now() + estimate > deadline) throw this.onRefused(estimate);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve };
        if (Number.isFinite(deadline)) {
          waiter.timer = setTimeout(
            () => {
              const index = this.waiting.indexOf(waiter);
              if (index >= 0) this.waiting.splice(index, 1);
              reject(this.onRefused(this.averageMs));
            },
            Math.max(0, deadline - Date.now()),
          );
        }
        this.waiting.push(waiter);
      });
    }
    this.active += 1;
    this.peak = Math.max(this.peak, this.active);
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.averageMs =
        this.averageMs === 0 ? Date.now() - started : this.averageMs * 0.8 + (Date.now() - started) * 0.2;
      // The next waiter goes on a later turn of the event loop, once the outcome of this task has
      // reached its caller (a breaker that opens on it stops the waiters before they call).
      setImmediate(() => {
        this.active -= 1;
        const next = this.waiting.shift();
        if (next) {
          clearTimeout(next.timer);
          next.resolve();
        }
      });
    }
  }

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/** A per-application limit: `limit` calls in any `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /**
   * Reserves a call time for `key` (epoch ms, wall clock) no later than `now + maxWaitMs`, or
   * returns null when the earliest free one is later (nothing reserved).
   */
  reserve(key: string, rate: RateLimit, maxWaitMs: number, count?: number): Promise<number | null>;
  close(): Promise<void>;
}

/** One process only: for a gateway without a database (tools, unit tests). */
export function memoryRateLimiter(): RateLimiter {
  const slots = new Map<string, number[]>();
  return {
    async reserve(key, rate, maxWaitMs, count = 1) {
      const now = Date.now();
      const taken = slots.get(key) ?? [];
      const at = nextSlot(taken, rate.limit, rate.windowMs, now, count);
      if (at - now > maxWaitMs) return null;
      for (let i = 0; i < count; i += 1) taken.push(at);
      slots.set(key, taken.slice(-rate.limit));
      return at;
    },
    async close() {},
  };
}

/** Through the database: one row per limit, locked while a slot is reserved. */
export function databaseRateLimiter(store: AvailabilityStore): RateLimiter {
  return {
    reserve: (key, rate, maxWaitMs, count) =>
      store.reserveSlot(key, rate.limit, rate.windowMs, Date.now(), maxWaitMs, count),
    async close() {},
  };
}

// The same rule as nextSlot, atomically in Redis: a list of the last `limit` reserved times.
const RESERVE_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local maxwait = tonumber(ARGV[4])
local count = tonumber(ARGV[5])
local n = redis.call('LLEN', key)
local at = now
if n > 0 then
  local last = tonumber(redis.call('LINDEX', key, -1))
  if last > at then at = last end
end
if n - limit + count - 1 >= 0 then
  local kth = tonumber(redis.call('LINDEX', key, n - limit + count - 1))
  if kth + window > at then at = kth + window end
end
if at - now > maxwait then return -1 end
for i = 1, count do redis.call('RPUSH', key, at) end
redis.call('LTRIM', key, -limit, -1)
redis.call('PEXPIRE', key, window + (at - now) + 1000)
return at
`;

type RedisWithReserve = Redis & {
  reserveSlot(
    key: string,
    limit: number,
    window: number,
    now: number,
    maxWait: number,
    count: number,
  ): Promise<number>;
};

/**
 * Through Redis; while Redis is down or does not answer in time (the link decides,
 * limits/redis-link.ts), through `fallback` (the database), so the limit still holds for the whole
 * application and no call waits on Redis.
 */
export function redisRateLimiter(
  link: RedisLink,
  fallback: RateLimiter,
  prefix = 'vat-service:registry-slots:',
): RateLimiter {
  const redis = link.client as RedisWithReserve;
  redis.defineCommand('reserveSlot', { numberOfKeys: 1, lua: RESERVE_LUA });
  return {
    async reserve(key, rate, maxWaitMs, count = 1) {
      const shared = await link.attempt(() =>
        redis.reserveSlot(`${prefix}${key}`, rate.limit, rate.windowMs, Date.now(), maxWaitMs, count),
      );
      if (!shared) return fallback.reserve(key, rate, maxWaitMs, count);
      const at = Number(shared.value);
      return at < 0 ? null : at;
    },
    close: () => fallback.close(),
  };
}
