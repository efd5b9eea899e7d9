import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisLink } from '../../src/limits/redis-link.js';
import { memoryRateLimiter, redisRateLimiter } from '../../src/registries/limits.js';
import { startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';
import { startTestRedis, type TestRedis } from '../helpers/redis-server.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * Redis down or hanging (REDIS_COMMAND_TIMEOUT_MS): a request waits for it at most the command
 * timeout, once, as Redis goes; then the service works without it, burst limits counted by each
 * process and registry rate limits in the database, until a probe finds it answering again; the
 * change is logged once and shown in /v1/status and /metrics. Two instances share one Redis of
 * this file's own (a redis-server on a free port), which the tests kill (SIGKILL) and hang
 * (SIGSTOP, then SIGCONT).
 */

const BURST = 6;
/** Above the 200 ms default, so that a busy test machine does not time out a Redis that answers. */
const COMMAND_TIMEOUT_MS = 500;
/** Generous: a request waits the command timeout at most once. */
const ANSWERED_WITHIN_MS = 2_000;
const PREFIX = `test:${randomBytes(6).toString('hex')}:`;

/** Log lines of one app, as JSON. */
class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
  /** The states of the Redis link logged so far, one line per change. */
  get redis(): unknown[] {
    return this.lines.filter((line) => line.redis !== undefined).map((line) => line.redis);
  }
}

/**
 * Each line logs a change (never the same state twice in a row, so never a line per request),
 * Redis went down at least `outages` times, and it is up again.
 */
function expectLoggedChanges(states: unknown[], outages: number): void {
  expect(states.filter((state, i) => state === states[i - 1])).toEqual([]);
  expect(states.filter((state) => state === 'down').length).toBeGreaterThanOrEqual(outages);
  expect(states.at(-1)).toBe('up');
}

describe('Redis down or hanging under two instances', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;
  const logs = { a: new LogLines(), b: new LogLines() };

  beforeAll(async () => {
    redis = await startTestRedis();
    const env = {
      ...OFFLINE_REGISTRIES,
      LOG_LEVEL: 'info',
      REDIS_URL: redis.url,
      REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      TIER_LIMITS: JSON.stringify({ business: { burst_per_minute: BURST } }),
    };
    a = await startTestApp({ name: 'sqlite' }, { env, burstPrefix: PREFIX, log: logs.a });
    b = await startTestApp(
      { name: 'sqlite' },
      { env, burstPrefix: PREFIX, log: logs.b, database: { database: a.database, url: a.databaseUrl } },
    );
    await until(() => a.services.redis?.state === 'up' && b.services.redis?.state === 'up');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.close();
  });

  /** A request that needs the burst limit and nothing else: the rates of Germany. */
  async function rates(app: TestApp, account: TestAccount): Promise<TestResponse & { ms: number }> {
    const started = Date.now();
    const res = await app.request('GET', '/v1/rates/DE', { key: account.live });
    return { ...res, ms: Date.now() - started };
  }

  /** `count` requests to each instance, one after another: their statuses and times. */
  async function burstOnBoth(account: TestAccount, count: number) {
    const answers = [];
    for (const app of [a, b]) for (let i = 0; i < count; i += 1) answers.push(await rates(app, account));
    for (const res of answers) expect([200, 429], res.text).toContain(res.status);
    return {
      allowed: answers.filter((res) => res.status === 200).length,
      slowest: Math.max(...answers.map((res) => res.ms)),
    };
  }

  async function redisState(app: TestApp): Promise<{ status: string; gauge: string | undefined }> {
    const status = await app.request('GET', '/v1/status');
    expect(status.status, status.text).toBe(200);
    const metrics = await app.request('GET', '/metrics');
    return {
      status: status.body.data.redis.state,
      gauge: /^redis_up (\d)$/m.exec(metrics.text)?.[1],
    };
  }

  const bothBack = () =>
    until(
      () => a.services.redis?.state === 'up' && b.services.redis?.state === 'up',
      30_000,
      'both instances using Redis again',
    );

  it('shares the burst limit across instances while Redis answers', async () => {
    const account = await a.account('business');
    expect((await burstOnBoth(account, 4)).allowed).toBe(BURST);
    expect(await redisState(a)).toEqual({ status: 'operational', gauge: '1' });
    expect((await a.request('GET', '/v1/status')).body.data.redis.since).toEqual(expect.any(String));
  });

  it('keeps answering when Redis is killed, with burst limits per instance, and shares them again once it is back', async () => {
    await redis.kill();
    const account = await a.account('business');
    const during = await burstOnBoth(account, BURST + 2);
    expect(during.slowest).toBeLessThan(ANSWERED_WITHIN_MS);
    // Each instance counts on its own: six each, and no more.
    expect(during.allowed).toBe(2 * BURST);
    expect(await redisState(a)).toEqual({ status: 'down', gauge: '0' });
    expect(await redisState(b)).toEqual({ status: 'down', gauge: '0' });

    await redis.start();
    await bothBack();
    const again = await burstOnBoth(await a.account('business'), 4);
    expect(again.allowed).toBe(BURST);
    expect(await redisState(b)).toEqual({ status: 'operational', gauge: '1' });
    // Logged once each way, not per request.
    expectLoggedChanges(logs.a.redis, 1);
    expectLoggedChanges(logs.b.redis, 1);
  });

  it('keeps answering when Redis hangs, asks it once, and shares the limits again once it answers', async () => {
    const account = await a.account('business');
    redis.hang();
    let resumed = false;
    try {
      const during = await burstOnBoth(account, BURST + 2);
      expect(during.slowest).toBeLessThan(ANSWERED_WITHIN_MS);
      expect(during.allowed).toBe(2 * BURST);
      expect(await redisState(a)).toEqual({ status: 'down', gauge: '0' });
      redis.resume();
      resumed = true;
    } finally {
      if (!resumed) redis.resume();
    }
    await bothBack();
    // Each instance sent Redis its first request only (it timed out, and Redis ran it once it could
    // again); every later one was counted in memory without asking.
    expect(await redis.command('ZCARD', `${PREFIX}${account.id}`)).toBeLessThanOrEqual(2);

    const again = await burstOnBoth(await a.account('business'), 4);
    expect(again.allowed).toBe(BURST);
    expectLoggedChanges(logs.a.redis, 2);
    expectLoggedChanges(logs.b.redis, 2);
  });
});

describe('registry rate limits through Redis, down or hanging', () => {
  let redis: TestRedis;
  let link: RedisLink;
  const logged: string[] = [];
  const rate = { limit: 2, windowMs: 60_000 };

  beforeAll(async () => {
    redis = await startTestRedis();
    link = new RedisLink({
      url: redis.url,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      logger: { info: (_o, message) => logged.push(message), warn: (_o, message) => logged.push(message) },
    });
    await until(() => link.state === 'up');
  });
  afterAll(async () => {
    await link?.close();
    await redis?.close();
  });

  /** Reserves `count` slots one after another: how many were given, and the slowest wait. */
  async function reserve(limiter: ReturnType<typeof redisRateLimiter>, key: string, count: number) {
    let given = 0;
    let slowest = 0;
    for (let i = 0; i < count; i += 1) {
      const started = Date.now();
      if ((await limiter.reserve(key, rate, 0)) !== null) given += 1;
      slowest = Math.max(slowest, Date.now() - started);
    }
    return { given, slowest };
  }

  it('does not take a reply read late, after the event loop was busy past the timeout, for no reply', async () => {
    // The process is busy (a burst of requests, a collection) for longer than the command timeout
    // right after sending, while Redis answers at once. Busy in a setImmediate callback, so that
    // the loop's next turn runs the timers (now due) before it reads the socket.
    const pending = new Promise<Awaited<ReturnType<typeof link.attempt<string>>>>((resolve) =>
      setImmediate(() => {
        const attempt = link.attempt((client) => client.ping());
        const until = Date.now() + COMMAND_TIMEOUT_MS + 300;
        while (Date.now() < until) {
          // busy
        }
        resolve(attempt);
      }),
    );
    expect(await pending).toEqual({ value: 'PONG' });
    expect(link.state).toBe('up');
  });

  it('reserves through the fallback while Redis is hung or dead, and through Redis again after', async () => {
    const fallback = memoryRateLimiter();
    const limiter = redisRateLimiter(link, fallback, `${PREFIX}slots:`);
    expect((await reserve(limiter, 'hmrc', 3)).given).toBe(2);

    redis.hang();
    try {
      const hung = await reserve(limiter, 'uid', 3);
      expect(hung.slowest).toBeLessThan(ANSWERED_WITHIN_MS);
      // The fallback holds the limit meanwhile.
      expect(hung.given).toBe(2);
    } finally {
      redis.resume();
    }
    await until(() => link.state === 'up', 20_000);

    await redis.kill();
    await until(() => link.state === 'down');
    const dead = await reserve(limiter, 'brreg', 3);
    expect(dead.slowest).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(dead.given).toBe(2);

    await redis.start();
    await until(() => link.state === 'up', 20_000);
    expect((await reserve(limiter, 'abr', 3)).given).toBe(2);
    // Through Redis again: its list for the key holds the two slots given.
    expect(await redis.command('LLEN', `${PREFIX}slots:abr`)).toBe(2);
    expect(logged.filter((line) => line.startsWith('Redis does not answer')).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(logged.at(-1)).toMatch(/^Redis answers again/);
  });
});

describe('a Redis that takes the connection and never answers from the start', () => {
  let redis: TestRedis;
  let link: RedisLink | undefined;

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await link?.close();
    await redis?.close();
  });

  it('is logged as not answering once the command timeout has passed, and as answering once it does', async () => {
    const logged: Array<{ fields: object; message: string }> = [];
    const log = (fields: object, message: string) => logged.push({ fields, message });
    redis.hang();
    try {
      link = new RedisLink({
        url: redis.url,
        commandTimeoutMs: COMMAND_TIMEOUT_MS,
        probeMs: 100,
        logger: { info: log, warn: log },
      });
      await until(() => logged.length > 0, 20_000, 'the link logging that Redis does not answer');
      expect(link.state).toBe('down');
      expect(logged).toEqual([
        {
          fields: { redis: 'down', reason: expect.any(String) },
          message: expect.stringMatching(/^Redis does not answer/),
        },
      ]);
    } finally {
      redis.resume();
    }
    await until(() => link?.state === 'up', 20_000, 'the link using Redis once it answers');
    expect(logged.map((line) => line.message)).toEqual([
      expect.stringMatching(/^Redis does not answer/),
      expect.stringMatching(/^Redis answers again/),
    ]);
  });
});
