import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from './support.js';

/**
 * Slow clients cannot hold the server's connections (HTTP_HEADERS_TIMEOUT_MS,
 * HTTP_REQUEST_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS): many raw sockets that
 * trickle their headers, stall or trickle their body, send nothing, or sit on an idle keep-alive
 * are each closed by the server within its bound, while other clients are served as usual. The
 * smallest timeouts the configuration allows keep this quick. The database plays no part, so it
 * runs on SQLite only.
 */

const HEADERS_MS = 1_000;
const REQUEST_MS = 1_500;
const IDLE_MS = 1_000;
const KEEP_ALIVE_MS = 1_000;
/** Node looks for requests past their headers or request timeout this often (src/http/app.ts). */
const CHECK_EVERY_MS = Math.min(1_000, HEADERS_MS);
/** Node (20) keeps an idle keep-alive socket this much longer than keepAliveTimeout before closing it. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1_000;
/** Timer slack on a busy machine (an upper bound only: a quiet machine closes them sooner). */
const MARGIN_MS = 4_000;
/** Sockets of each kind held at once. */
const PER_KIND = 40;

interface HeldSocket {
  kind: string;
  /** When the bound starts: the connection opened, or (keep-alive) the answer arrived. */
  from: number;
  closedAt?: number;
  received: string;
  closed: Promise<void>;
}

/** Opens a raw connection, runs `behave` on it, and notes when the server closes it. */
function hold(
  port: number,
  kind: string,
  behave: (socket: Socket, held: HeldSocket) => (() => void) | undefined,
): HeldSocket {
  const socket = connect(port, '127.0.0.1');
  let stop: (() => void) | undefined;
  let resolveClosed!: () => void;
  const held: HeldSocket = {
    kind,
    from: Date.now(),
    received: '',
    closed: new Promise<void>((resolve) => {
      resolveClosed = resolve;
    }),
  };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    held.received += chunk;
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    held.closedAt = Date.now();
    stop?.();
    resolveClosed();
  });
  socket.on('connect', () => {
    held.from = Date.now();
    stop = behave(socket, held);
  });
  return held;
}

/** Writes `text` one byte every `everyMs`, then keeps writing `filler` the same way. */
function trickle(socket: Socket, text: string, filler: string, everyMs = 100): () => void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return;
    socket.write(at < text.length ? text[at] : filler);
    at += 1;
  }, everyMs);
  return () => clearInterval(timer);
}

/** A raw answer is 408 `request_timeout` in the envelope, with its request id, announcing the close. */
function expectRequestTimeout(received: string, kind: string): void {
  expect(received, kind).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  const [head, body] = received.split('\r\n\r\n');
  expect(head, kind).toMatch(/\r\nconnection: close/i);
  const requestId = /\r\nx-request-id: ([^\r]+)/i.exec(head)?.[1];
  expect(JSON.parse(body), kind).toEqual({
    error: {
      code: 'request_timeout',
      message: expect.any(String),
      docs_url: 'http://localhost:3000/docs/errors/request_timeout',
    },
    meta: { request_id: requestId },
  });
}

/** The app with these HTTP settings (milliseconds), a Business account, and its port. */
async function startWith(settings: Record<string, number>) {
  const env = Object.fromEntries(Object.entries(settings).map(([name, ms]) => [name, String(ms)]));
  const app = await startTestApp(
    { name: 'sqlite' },
    {
      env: {
        ...OFFLINE_REGISTRIES,
        ...env,
        TIER_LIMITS: JSON.stringify({ business: { burst_per_minute: 1_000_000 } }),
      },
    },
  );
  return { app, account: await app.account('business'), port: Number(new URL(app.url).port) };
}

describe('slow clients', () => {
  let app: TestApp;
  let account: TestAccount;
  let port: number;

  beforeAll(async () => {
    ({ app, account, port } = await startWith({
      HTTP_HEADERS_TIMEOUT_MS: HEADERS_MS,
      HTTP_REQUEST_TIMEOUT_MS: REQUEST_MS,
      HTTP_IDLE_TIMEOUT_MS: IDLE_MS,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: KEEP_ALIVE_MS,
    }));
  });
  afterAll(() => app.close());

  it('closes every stalled socket within its bound while other clients are served', async () => {
    const batchHead = (length: number) =>
      `POST /v1/validate/batch HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${account.live}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    const kinds: Array<{
      kind: string;
      /** Closed no later than this after `from`. */
      boundMs: number;
      /** And not before this (a close that early would cut off well-behaved clients). */
      notBeforeMs: number;
      behave: (socket: Socket, held: HeldSocket) => (() => void) | undefined;
    }> = [
      {
        kind: 'headers one byte at a time, never finished',
        boundMs: HEADERS_MS + CHECK_EVERY_MS + MARGIN_MS,
        notBeforeMs: HEADERS_MS - 100,
        behave: (socket) => trickle(socket, `GET /v1/rates/DE HTTP/1.1\r\nHost: localhost\r\nX-Slow: `, 'a'),
      },
      {
        kind: 'connected, nothing sent',
        boundMs: Math.min(IDLE_MS, HEADERS_MS + CHECK_EVERY_MS) + MARGIN_MS,
        notBeforeMs: Math.min(IDLE_MS, HEADERS_MS) - 100,
        behave: () => undefined,
      },
      {
        kind: 'headers complete, body stalled',
        boundMs: Math.min(IDLE_MS, REQUEST_MS + CHECK_EVERY_MS) + MARGIN_MS,
        notBeforeMs: Math.min(IDLE_MS, REQUEST_MS) - 100,
        behave: (socket) => {
          socket.write(`${batchHead(100)}{"vat_numbers":[`);
          return undefined;
        },
      },
      {
        kind: 'headers complete, body one byte at a time',
        boundMs: REQUEST_MS + CHECK_EVERY_MS + MARGIN_MS,
        notBeforeMs: REQUEST_MS - 100,
        behave: (socket) => {
          socket.write(batchHead(100_000));
          return trickle(socket, '{"vat_numbers":["', ' ');
        },
      },
      {
        kind: 'idle on keep-alive after one request',
        boundMs: KEEP_ALIVE_MS + NODE_KEEP_ALIVE_BUFFER_MS + MARGIN_MS,
        notBeforeMs: KEEP_ALIVE_MS - 100,
        behave: (socket, held) => {
          socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
          socket.once('data', () => {
            held.from = Date.now();
          });
          return undefined;
        },
      },
    ];
    const sockets = kinds.flatMap(({ kind, behave }) =>
      Array.from({ length: PER_KIND }, () => hold(port, kind, behave)),
    );

    // While they are held, other clients are served as usual: each of four clients asks again and
    // again until the first slow socket is closed. Load may slow the answers (fewer of them come
    // back in that time) but every one that comes back before the first close was served while
    // every slow socket still held its connection.
    await sleep(200);
    const held = () => sockets.every((socket) => socket.closedAt === undefined);
    const served: number[] = [];
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let i = 0; held(); i += 1) {
        const res =
          (client + i) % 2 === 0
            ? await app.request('GET', '/v1/rates/DE', { key: account.test })
            : await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: account.test });
        if (held()) served.push(res.status);
        await sleep(50);
      }
    });
    await Promise.all(clients);
    expect(served.length).toBeGreaterThan(0);
    expect(served).toEqual(served.map(() => 200));

    await Promise.all(sockets.map((held) => held.closed));
    for (const { kind, boundMs, notBeforeMs } of kinds) {
      const ofKind = sockets.filter((held) => held.kind === kind);
      const open = ofKind.map((held) => held.closedAt! - held.from);
      expect(Math.max(...open), `${kind}: closed within ${boundMs} ms`).toBeLessThanOrEqual(boundMs);
      expect(Math.min(...open), `${kind}: not closed before ${notBeforeMs} ms`).toBeGreaterThanOrEqual(
        notBeforeMs,
      );
      for (const held of ofKind) {
        // Whatever came back before the close is an HTTP answer: the keep-alive request's 200, or a
        // 408. A request whose body was awaited always gets its 408, whichever timer ended it.
        if (kind.startsWith('idle on keep-alive')) expect(held.received).toMatch(/^HTTP\/1\.1 200 /);
        else if (kind.startsWith('headers complete')) expectRequestTimeout(held.received, kind);
        else expect(held.received, kind).toMatch(/^(HTTP\/1\.1 408 [\s\S]*)?$/);
      }
    }
  });
});

describe('a stalled body when the request timeout is the shorter bound', () => {
  // The defaults' order (30 s for the request, 60 s idle): the request timeout ends a stalled body.
  const REQUEST_ONLY_MS = 1_000;
  const IDLE_LONGER_MS = 20_000;
  let app: TestApp;
  let account: TestAccount;
  let port: number;

  beforeAll(async () => {
    ({ app, account, port } = await startWith({
      HTTP_HEADERS_TIMEOUT_MS: REQUEST_ONLY_MS,
      HTTP_REQUEST_TIMEOUT_MS: REQUEST_ONLY_MS,
      HTTP_IDLE_TIMEOUT_MS: IDLE_LONGER_MS,
    }));
  });
  afterAll(() => app.close());

  it('answers 408 in the envelope, then closes, for headers and part of a body then nothing', async () => {
    const held = hold(port, 'stalled body', (socket) => {
      socket.write(
        `POST /v1/validate/batch HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${account.live}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"vat_numbers":[`,
      );
      return undefined;
    });
    await held.closed;
    const open = held.closedAt! - held.from;
    expect(open).toBeGreaterThanOrEqual(REQUEST_ONLY_MS - 100);
    // Within the request bound and Node's check interval, far from the idle bound.
    expect(open).toBeLessThan(IDLE_LONGER_MS / 2);
    expectRequestTimeout(held.received, 'stalled body');
  });
});

describe('HTTP timeout settings', () => {
  it('refuses HTTP_HEADERS_TIMEOUT_MS above HTTP_REQUEST_TIMEOUT_MS, naming both', () => {
    const env = { HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/HTTP_HEADERS_TIMEOUT_MS.*HTTP_REQUEST_TIMEOUT_MS/);
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '10000', HTTP_REQUEST_TIMEOUT_MS: '10000' }).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 10_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
    });
  });

  it('stops `serve` at start-up with exit code 1 and a message naming both, before listening', async () => {
    const err: string[] = [];
    const out: string[] = [];
    const code = await runCli(
      ['serve'],
      {
        DATABASE_URL: 'sqlite::memory:',
        LOG_LEVEL: 'silent',
        PORT: '0',
        HTTP_HEADERS_TIMEOUT_MS: '20000',
        HTTP_REQUEST_TIMEOUT_MS: '10000',
      },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    );
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS/);
  });

  it.each([
    'HTTP_HEADERS_TIMEOUT_MS',
    'HTTP_REQUEST_TIMEOUT_MS',
    'HTTP_IDLE_TIMEOUT_MS',
    'HTTP_KEEP_ALIVE_TIMEOUT_MS',
  ])('refuses %s below 1000 ms, or not a number, naming it', (name) => {
    for (const value of ['0', '999', 'soon']) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}="${value}"`),
      );
    }
  });
});
