import { once } from 'node:events';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { RatesTable } from '../../src/domain/rates.js';
import { DEFAULT_TIER_LIMITS } from '../../src/domain/tiers.js';
import { HttpMetrics } from '../../src/http/plugins/metrics.js';
import { RatesFastPath } from '../../src/http/rates-fast-path.js';
import { createMemoryBurstLimiter } from '../../src/limits/burst.js';
import { createLogger } from '../../src/logger.js';
import { createAccount, createKey, revokeKey } from '../../src/store/accounts.js';
import { KeyCache } from '../../src/store/key-cache.js';
import { createTestDatabase, describeEachDialect, REDIS_URL, type TestDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES, UUID_V4 } from './support.js';

/**
 * GET /v1/rates/{country_code} is answered before Fastify when it can be (src/http/rates-fast-path.ts,
 * issue 5's rates target). These tests send the same requests, byte for byte, to two copies of the
 * service: one with the fast path, one where every request goes through Fastify. Status line,
 * headers in order (all but Date), body, burst accounting, the metrics and the access log must come
 * out the same, and the fast path must have answered the requests it is meant for: the comparison
 * would prove nothing if it had handed everything on.
 */

interface Exchange {
  status: number;
  /** Raw header lines in order, `Date` left out (it is the clock's, not ours). */
  headers: string[];
  body: string;
}

interface Keys {
  live: string;
  test: string;
  revoked: string;
  /** A Free account whose burst limit is 3 a minute (TIER_LIMITS below). */
  limited: string;
}

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: (keys: Keys) => Record<string, string>;
  body?: string;
  /** The fast path answers it (true) or leaves it to Fastify (false). */
  fast: boolean;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const UNKNOWN_KEY = `svc_live_${'A'.repeat(32)}`;

/** In order: the burst cases at the end count on the three before them. */
const CASES: Case[] = [
  // The first request of a key reads it from the database: Fastify's gate waits for that read.
  { name: 'first request of a key', path: '/v1/rates/DE', headers: (k) => bearer(k.live), fast: false },
  { name: 'known key', path: '/v1/rates/DE', headers: (k) => bearer(k.live), fast: true },
  { name: 'lower-case code', path: '/v1/rates/de', headers: (k) => bearer(k.live), fast: true },
  { name: 'mixed-case GR for EL', path: '/v1/rates/Gr', headers: (k) => bearer(k.live), fast: true },
  { name: 'a non-EU country', path: '/v1/rates/NO', headers: (k) => bearer(k.live), fast: true },
  {
    name: 'lower-case scheme, extra blanks',
    path: '/v1/rates/CH',
    headers: (k) => ({ authorization: `bearer \t${k.live}  ` }),
    fast: true,
  },
  {
    name: 'client request id',
    path: '/v1/rates/FR',
    headers: (k) => ({ ...bearer(k.live), 'x-request-id': 'order-4711/retry-1' }),
    fast: true,
  },
  { name: 'test key', path: '/v1/rates/AT', headers: (k) => bearer(k.test), fast: false },
  { name: 'test key, known', path: '/v1/rates/AT', headers: (k) => bearer(k.test), fast: true },
  { name: 'unknown country', path: '/v1/rates/ZZ', headers: (k) => bearer(k.live), fast: false },
  { name: 'three-letter code', path: '/v1/rates/DEU', headers: (k) => bearer(k.live), fast: false },
  { name: 'percent-encoded code', path: '/v1/rates/D%45', headers: (k) => bearer(k.live), fast: false },
  { name: 'trailing slash', path: '/v1/rates/DE/', headers: (k) => bearer(k.live), fast: false },
  { name: 'date query', path: '/v1/rates/DE?date=2025-01-01', headers: (k) => bearer(k.live), fast: false },
  { name: 'empty query', path: '/v1/rates/DE?', headers: (k) => bearer(k.live), fast: false },
  { name: 'bad date', path: '/v1/rates/DE?date=2025-02-30', headers: (k) => bearer(k.live), fast: false },
  { name: 'all rates', path: '/v1/rates', headers: (k) => bearer(k.live), fast: false },
  { name: 'HEAD', method: 'HEAD', path: '/v1/rates/DE', headers: (k) => bearer(k.live), fast: false },
  { name: 'POST', method: 'POST', path: '/v1/rates/DE', headers: (k) => bearer(k.live), fast: false },
  {
    name: 'GET with a body',
    path: '/v1/rates/DE',
    headers: (k) => ({ ...bearer(k.live), 'content-type': 'application/json' }),
    body: '{}',
    fast: false,
  },
  { name: 'no key', path: '/v1/rates/DE', fast: false },
  {
    name: 'Basic scheme',
    path: '/v1/rates/DE',
    headers: () => ({ authorization: 'Basic dXNlcjpwdw==' }),
    fast: false,
  },
  { name: 'malformed key', path: '/v1/rates/DE', headers: () => bearer('svc_live_short'), fast: false },
  { name: 'unknown key', path: '/v1/rates/DE', headers: () => bearer(UNKNOWN_KEY), fast: false },
  { name: 'revoked key', path: '/v1/rates/DE', headers: (k) => bearer(k.revoked), fast: false },
  { name: 'burst 1 of 3 (key read)', path: '/v1/rates/IT', headers: (k) => bearer(k.limited), fast: false },
  { name: 'burst 2 of 3', path: '/v1/rates/IT', headers: (k) => bearer(k.limited), fast: true },
  { name: 'burst 3 of 3', path: '/v1/rates/IT', headers: (k) => bearer(k.limited), fast: true },
  // Refused: the fast path took the burst decision and hands it to Fastify's 429.
  { name: 'burst exceeded', path: '/v1/rates/IT', headers: (k) => bearer(k.limited), fast: false },
  { name: 'burst exceeded, again', path: '/v1/rates/IT', headers: (k) => bearer(k.limited), fast: false },
];

/** Request ids the service made up differ between the copies: each is checked, then masked. */
const GENERATED_ID = '<generated>';

function exchange(
  agent: Agent,
  base: string,
  item: Case,
  keys: Keys,
  requestId: string | undefined,
): Promise<Exchange> {
  const headers: Record<string, string> = { ...(item.headers?.(keys) ?? {}) };
  if (requestId !== undefined && headers['x-request-id'] === undefined) headers['x-request-id'] = requestId;
  if (item.body !== undefined) headers['content-length'] = String(Buffer.byteLength(item.body));
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { agent, host: url.hostname, port: url.port, method: item.method ?? 'GET', path: item.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            if (res.rawHeaders[i].toLowerCase() !== 'date')
              lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          resolve({
            status: res.statusCode ?? 0,
            headers: lines,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(item.body);
  });
}

/** The request id of an answer whose id the service generated, checked and replaced by a placeholder. */
function maskGeneratedId(answer: Exchange): Exchange {
  const line = answer.headers.find((header) => header.startsWith('x-request-id: '));
  const id = line?.slice('x-request-id: '.length);
  if (id === undefined || !UUID_V4.test(id)) return answer;
  if (answer.body !== '') expect(answer.body).toContain(`"request_id":"${id}"`);
  return {
    status: answer.status,
    headers: answer.headers.map((header) => header.replaceAll(id, GENERATED_ID)),
    body: answer.body.replaceAll(id, GENERATED_ID),
  };
}

class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

interface Copy {
  app: TestApp;
  keys: Keys;
  log: LogLines;
  agent: Agent;
}

async function startCopy(dialect: TestDialect, fastPath: boolean, redis: boolean): Promise<Copy> {
  const log = new LogLines();
  const app = await startTestApp(dialect, {
    env: {
      ...OFFLINE_REGISTRIES,
      ACCESS_LOG: 'true',
      LOG_LEVEL: 'info',
      TIER_LIMITS: JSON.stringify({ free: { burst_per_minute: 3 } }),
    },
    redis,
    ratesFastPath: fastPath,
    log,
  });
  const business: TestAccount = await app.account('business');
  const limited = await app.account('free');
  const revoked = await app.account('business');
  const [revokedKey] = await app.database.db
    .selectFrom('api_keys')
    .select('id')
    .where('account_id', '=', revoked.id)
    .where('mode', '=', 'live')
    .execute();
  await revokeKey(app.database.db, revokedKey.id, app.clock.now());
  return {
    app,
    keys: { live: business.live, test: business.test, revoked: revoked.live, limited: limited.live },
    log,
    // One keep-alive connection, as a client's pool would use: the key cache remembers the key per connection.
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
  };
}

function requestCounts(metrics: string): string[] {
  return metrics
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_requests_total{') || line.startsWith('http_request_duration_seconds_count{'),
    )
    .sort();
}

function compareBothPaths(dialect: TestDialect, redis: boolean): void {
  let fast: Copy;
  let slow: Copy;
  const answers: Array<{ item: Case; fast: Exchange; slow: Exchange; fastAnswered: boolean }> = [];

  beforeAll(async () => {
    fast = await startCopy(dialect, true, redis);
    slow = await startCopy(dialect, false, redis);
    expect(slow.app.ratesFastPath).toBeUndefined();
    const path = fast.app.ratesFastPath!;
    for (const [index, item] of CASES.entries()) {
      // Every third case lets the service make the request id up.
      const requestId = index % 3 === 2 ? undefined : `case-${index}`;
      const before = path.counts.answered;
      const fastAnswer = await exchange(fast.agent, fast.app.url, item, fast.keys, requestId);
      const fastAnswered = path.counts.answered === before + 1;
      const slowAnswer = await exchange(slow.agent, slow.app.url, item, slow.keys, requestId);
      answers.push({ item, fast: fastAnswer, slow: slowAnswer, fastAnswered });
    }
  }, 60_000);

  afterAll(async () => {
    fast?.agent.destroy();
    slow?.agent.destroy();
    await fast?.app.close();
    await slow?.app.close();
  });

  it.each(CASES.map((item, index) => [item.name, index] as const))(
    '%s: the same answer on both paths',
    (_name, index) => {
      const { fast: viaFastPath, slow: viaFastify } = answers[index];
      expect(maskGeneratedId(viaFastPath)).toEqual(maskGeneratedId(viaFastify));
    },
  );

  it('answers exactly the requests it is meant for, and leaves the rest to Fastify untouched', () => {
    const answeredFast = answers.filter((answer) => answer.fastAnswered).map((answer) => answer.item.name);
    expect(answeredFast).toEqual(CASES.filter((item) => item.fast).map((item) => item.name));
    for (const { item, fast: answer } of answers) if (item.fast) expect(answer.status, item.name).toBe(200);
    // The two refused burst requests: the limiter was asked once each, in the fast path.
    expect(fast.app.ratesFastPath!.counts.handedOver).toBe(2);
  });

  it('counts a refused request once: the burst headers and Retry-After match the Fastify path', () => {
    const refused = answers.filter((answer) => answer.item.name.startsWith('burst exceeded'));
    for (const { fast: answer } of refused) {
      expect(answer.status).toBe(429);
      expect(answer.headers).toContain('x-burst-remaining: 0');
      expect(answer.headers.some((header) => header.startsWith('retry-after: '))).toBe(true);
    }
  });

  it('counts its answers in the metrics under the route, as Fastify does', async () => {
    const fastMetrics = await (await fetch(`${fast.app.url}/metrics`)).text();
    const slowMetrics = await (await fetch(`${slow.app.url}/metrics`)).text();
    expect(requestCounts(fastMetrics)).toEqual(requestCounts(slowMetrics));
    const routeCount = Number(
      /http_requests_total\{route="\/v1\/rates\/:country_code",method="GET",status="200"\} (\d+)/.exec(
        fastMetrics,
      )?.[1],
    );
    expect(routeCount).toBeGreaterThanOrEqual(CASES.filter((item) => item.fast).length);
  });

  it('writes the same access log line for each request', () => {
    const accessLines = (copy: Copy) =>
      copy.log.lines
        .filter((line) => line.msg === 'request')
        .map(({ time: _time, pid: _pid, ms, ...rest }) => {
          expect(typeof ms).toBe('number');
          const id = String(rest.req_id);
          return UUID_V4.test(id) ? { ...rest, reqId: GENERATED_ID, req_id: GENERATED_ID } : rest;
        });
    const viaFastPath = accessLines(fast);
    expect(viaFastPath).toEqual(accessLines(slow));
    expect(viaFastPath.length).toBeGreaterThanOrEqual(CASES.length);
    expect(viaFastPath).toContainEqual({
      level: 30,
      reqId: 'order-4711/retry-1',
      req_id: 'order-4711/retry-1',
      method: 'GET',
      route: '/v1/rates/:country_code',
      status: 200,
      msg: 'request',
    });
  });

  // Last: it sends requests to one copy only, which the metrics and log comparisons above must not see.
  it("keeps pipelined answers in request order, mixing its own answers with Fastify's", async () => {
    const paths = ['/v1/rates/DE', '/v1/rates/ZZ', '/v1/rates/FR', '/v1/rates', '/v1/rates/NO'];
    const host = new URL(fast.app.url);
    const requests = paths.map(
      (path, index) =>
        `GET ${path} HTTP/1.1\r\nHost: ${host.host}\r\nAuthorization: Bearer ${fast.keys.live}\r\n` +
        `X-Request-Id: pipelined-${index}\r\n${index === paths.length - 1 ? 'Connection: close\r\n' : ''}\r\n`,
    );
    const answeredBefore = fast.app.ratesFastPath!.counts.answered;
    const socket = connect(Number(host.port), host.hostname);
    await once(socket, 'connect');
    socket.write(requests.join(''));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'end');
    const raw = Buffer.concat(chunks).toString('utf8');
    const answers = [...raw.matchAll(/HTTP\/1\.1 (\d{3}) [^\r]*\r\n([\s\S]*?)\r\n\r\n/g)].map((match) => ({
      status: Number(match[1]),
      requestId: /^x-request-id: (.*)$/im.exec(match[2])?.[1],
    }));
    expect(answers).toEqual([
      { status: 200, requestId: 'pipelined-0' },
      { status: 404, requestId: 'pipelined-1' },
      { status: 200, requestId: 'pipelined-2' },
      { status: 200, requestId: 'pipelined-3' },
      { status: 200, requestId: 'pipelined-4' },
    ]);
    expect(fast.app.ratesFastPath!.counts.answered).toBe(answeredBefore + 3);
  });
}

describeEachDialect('GET /v1/rates/{code}: the fast path answers as Fastify would', (dialect) => {
  compareBothPaths(dialect, false);

  it('stops answering once the app begins to close, leaving requests to Fastify (503 while closing)', async () => {
    const app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
    try {
      expect(app.ratesFastPath?.closed).toBe(false);
    } finally {
      await app.close();
    }
    expect(app.ratesFastPath?.closed).toBe(true);
  });
});

if (REDIS_URL)
  describe('GET /v1/rates/{code}: the fast path with the Redis burst limiter (an answer after one round trip)', () =>
    compareBothPaths({ name: 'sqlite' }, true));
else
  describe.skip('GET /v1/rates/{code}: the fast path with the Redis burst limiter [TEST_REDIS_URL not set]', () =>
    it('runs with Redis', () => undefined));

/** Metrics that fail, to show a fault after the answer is logged and goes no further. */
class FailingMetrics extends HttpMetrics {
  override observe(..._observation: Parameters<HttpMetrics['observe']>): void {
    throw new Error('metrics broke');
  }
}

describe('GET /v1/rates/{code}: a fault in the fast path', () => {
  it('is logged; the request is answered by Fastify, or keeps the answer already sent, and the server stays up', async () => {
    const created = await createTestDatabase({ name: 'sqlite' });
    const clock = new ManualClock(Date.parse('2026-11-22T12:00:00.000Z'));
    const account = await createAccount(created.database.db, 'Faults', 'business', clock.now());
    const { key } = await createKey(created.database.db, account.id, 'live', clock.now());
    const keys = new KeyCache(created.database.db);
    const rates = RatesTable.load();
    const log = new LogLines();
    const errors = () => log.lines.map((line) => line.msg);
    const deps = {
      keys,
      burst: createMemoryBurstLimiter(clock),
      limits: DEFAULT_TIER_LIMITS,
      rates,
      clock,
      logger: createLogger('error', log),
    };
    const failing = new FailingMetrics();
    const broken = new RatesFastPath({
      ...deps,
      completed: (_id, method, route, status, ms) => failing.observe(route, method, status, ms),
    });
    let failingRates = false;
    const faulty = new RatesFastPath({
      ...deps,
      completed: () => undefined,
      rates: new Proxy(rates, {
        get: (target, property, receiver) =>
          property === 'get' && failingRates
            ? () => {
                throw new Error('rates broke');
              }
            : Reflect.get(target, property, receiver),
      }),
    });
    let useFaulty = false;
    const server = createServer((request, response) =>
      (useFaulty ? faulty : broken).handle(request, response, (_req, res) => {
        res.writeHead(418, { 'content-type': 'text/plain' });
        res.end('fastify');
      }),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async () => {
      const response = await fetch(`${base}/v1/rates/DE`, { headers: { authorization: `Bearer ${key}` } });
      return { status: response.status, text: await response.text() };
    };
    try {
      // The key is read from the database on its first request (handed to the fallback), then known.
      expect((await get()).status).toBe(418);
      const answered = await get();
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.text).data.country_code).toBe('DE');
      expect(broken.counts.answered).toBe(1);
      expect(errors()).toEqual(['request completion listener failed']);

      useFaulty = true;
      expect((await get()).status).toBe(200);
      failingRates = true;
      expect(await get()).toEqual({ status: 418, text: 'fastify' });
      expect(errors()).toEqual([
        'request completion listener failed',
        'rates fast path failed; the request goes to Fastify',
      ]);
    } finally {
      server.close();
      keys.close();
      await created.drop();
    }
  });
});
