import { createServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookSender, type WebhookSenderOptions } from '../../src/webhooks/send-attempt.js';
import { generateSigningSecret, webhookHeaders } from '../../src/webhooks/sign.js';
import type { TargetPolicy } from '../../src/webhooks/target-guard.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

// Every test talks HTTPS to a real local receiver; `localhost` is allowlisted as it would be in
// development, and invented names resolve through an injected lookup.

let receiver: Receiver;
const senders: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.respondWith({});
  receiver.clear();
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.close()));
});

const secret = generateSigningSecret();
const body = JSON.stringify({
  id: 'evt_1',
  type: 'test',
  created_at: new Date().toISOString(),
  data: { message: 'hi' },
});

function signed(id = 'evt_1'): Record<string, string> {
  return webhookHeaders(secret, id, Math.floor(Date.now() / 1000), body);
}

function sender(overrides: Partial<WebhookSenderOptions> = {}) {
  const created = createWebhookSender({
    timeoutMs: 5_000,
    policy: { allowedHosts: ['localhost'] },
    ca: receiver.ca,
    ...overrides,
  });
  senders.push(created);
  return created;
}

/** Resolves `hooks.example.test` (a SAN of the receiver's certificate) to the receiver. */
function invented(allowed: boolean, addresses: () => string[] = () => ['127.0.0.1']): TargetPolicy {
  return {
    allowedHosts: allowed ? ['hooks.example.test'] : [],
    lookup: async (host) => (host === 'hooks.example.test' ? addresses() : []),
  };
}

const inventedUrl = () => `https://hooks.example.test:${receiver.port}/hook`;

describe('a delivered attempt', () => {
  it('POSTs the body with every header, verifiable with the standardwebhooks package', async () => {
    const headers = signed();
    const record = await sender().send(receiver.url, body, headers);

    expect(record).toEqual({
      at: expect.any(String),
      status_code: 200,
      duration_ms: expect.any(Number),
      response_body: '{"received":true}',
      error: null,
      ok: true,
    });
    expect(new Date(record.at).toISOString()).toBe(record.at);
    const [request] = receiver.requests;
    expect(receiver.requests).toHaveLength(1);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hook');
    expect(request.body).toBe(body);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'vat-service-webhooks/1',
      'webhook-id': 'evt_1',
      'webhook-timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    });
    const received = request.headers as Record<string, string>;
    expect(new Webhook(secret).verify(request.body, received)).toEqual(JSON.parse(body));
  });

  it('counts any 2xx as delivered', async () => {
    receiver.respondWith({ status: 204, body: '' });
    const record = await sender().send(receiver.url, body, signed());
    expect(record).toMatchObject({ ok: true, status_code: 204, response_body: '', error: null });
  });

  it('keeps the query string of the URL', async () => {
    await sender().send(`${receiver.url}?tenant=42`, body, signed());
    expect(receiver.requests[0].path).toBe('/hook?tenant=42');
  });

  it('connects through the policy lookup for an allowlisted name', async () => {
    const record = await sender({ policy: invented(true) }).send(inventedUrl(), body, signed());
    expect(record).toMatchObject({ ok: true, status_code: 200 });
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('a failed attempt', () => {
  it('records a 500 with its body', async () => {
    receiver.respondWith({ status: 500, body: '{"error":"boom"}' });
    const record = await sender().send(receiver.url, body, signed());
    expect(record).toMatchObject({
      ok: false,
      status_code: 500,
      response_body: '{"error":"boom"}',
      error: 'The receiver answered HTTP 500.',
    });
    expect(record.retry_after_ms).toBeUndefined();
  });

  it('records the Retry-After of a 429 in milliseconds', async () => {
    receiver.respondWith({ status: 429, body: 'slow down', headers: { 'retry-after': '120' } });
    const record = await sender().send(receiver.url, body, signed());
    expect(record).toMatchObject({ ok: false, status_code: 429, retry_after_ms: 120_000 });
  });

  it('does not follow a redirect to another address, and records the 3xx', async () => {
    receiver.respondWith({ redirectTo: 'http://127.0.0.1/elsewhere', redirectStatus: 302 });
    const record = await sender().send(receiver.url, body, signed());
    expect(record).toMatchObject({
      ok: false,
      status_code: 302,
      response_body: 'Moved to http://127.0.0.1/elsewhere',
      error:
        'The receiver answered HTTP 302 (a redirect to http://127.0.0.1/elsewhere); redirects are not followed.',
    });
    expect(receiver.requests).toHaveLength(1);
  });

  it('does not follow a 307 back to the receiver itself', async () => {
    receiver.respondWith({ redirectTo: `${receiver.url}/followed`, redirectStatus: 307 });
    const record = await sender().send(receiver.url, body, signed());
    expect(record).toMatchObject({ ok: false, status_code: 307 });
    // A follow would have reached this receiver before send() resolved.
    expect(receiver.requests.map((request) => request.path)).toEqual(['/hook']);
  });

  it('times out when the receiver is slower than the timeout', async () => {
    receiver.respondWith({ latencyMs: 3_000 });
    const record = await sender({ timeoutMs: 300 }).send(receiver.url, body, signed());
    expect(record).toMatchObject({
      ok: false,
      status_code: null,
      response_body: null,
      error: 'No answer within 300 ms (timeout).',
    });
    expect(record.duration_ms).toBeGreaterThanOrEqual(290);
    expect(record.duration_ms).toBeLessThan(3_000);
    // Sent once, never again; a loaded machine's timeout can fire before the receiver read it.
    expect(receiver.requests.length).toBeLessThanOrEqual(1);
  });

  it('records a refused connection', async () => {
    const port = await closedPort();
    const record = await sender().send(`https://localhost:${port}/hook`, body, signed());
    expect(record).toMatchObject({ ok: false, status_code: null, response_body: null });
    expect(record.error).toMatch(/^The connection was refused \(.*ECONNREFUSED.*\)\.$/);
  });

  it('records a receiver that hangs up without answering', async () => {
    receiver.respondWith({ closeSocket: true });
    const record = await sender().send(receiver.url, body, signed());
    expect(record).toMatchObject({ ok: false, status_code: null, response_body: null });
    expect(record.error).toMatch(/closed the connection|socket hang up|other side closed/i);
  });

  it('records a certificate the sender does not trust', async () => {
    const stranger = await startReceiver({}, { untrusted: true });
    try {
      const record = await sender({ ca: undefined }).send(stranger.url, body, signed());
      expect(record).toMatchObject({ ok: false, status_code: null });
      expect(record.error).toMatch(/^The TLS connection failed: .*certificate/);
      expect(stranger.requests).toHaveLength(0);
    } finally {
      await stranger.close();
    }
  });
});

describe('the response body', () => {
  it('is cut to the first 4 KiB', async () => {
    receiver.respondWith({ status: 500, body: 'x'.repeat(100 * 1024) });
    const record = await sender().send(receiver.url, body, signed());
    expect(record.status_code).toBe(500);
    expect(record.response_body).toBe('x'.repeat(4096));
  });

  it('stops reading an endless body after 4 KiB and hangs up', async () => {
    receiver.respondWith({ status: 200, streamBytes: Number.POSITIVE_INFINITY });
    const record = await sender({ timeoutMs: 10_000 }).send(receiver.url, body, signed());
    expect(record).toMatchObject({ ok: true, status_code: 200, error: null });
    expect(record.response_body).toHaveLength(4096);
    await receiver.waitFor((requests) => requests[0]?.response === 'aborted');
  });

  it('is cut on a character boundary', async () => {
    receiver.respondWith({ status: 400, body: '€'.repeat(2_000) });
    const record = await sender().send(receiver.url, body, signed());
    // 4096 bytes hold 1365 whole three-byte characters; the split 1366th is dropped.
    expect(record.response_body).toBe('€'.repeat(1365));
  });
});

describe('a refused target', () => {
  it('is refused before connecting when its name resolves to loopback and is not allowlisted', async () => {
    const record = await sender({ policy: invented(false) }).send(inventedUrl(), body, signed());
    expect(record).toEqual({
      at: expect.any(String),
      duration_ms: expect.any(Number),
      status_code: null,
      response_body: null,
      error:
        'The webhook host hooks.example.test resolves to 127.0.0.1, which is a loopback address; webhook targets must be reachable on the public internet.',
      ok: false,
    });
    expect(receiver.requests).toHaveLength(0);
  });

  it('is refused at connection time when DNS changes after the check', async () => {
    let lookups = 0;
    const rebinding = invented(false, () => (++lookups === 1 ? ['93.184.216.34'] : ['127.0.0.1']));
    const record = await sender({ policy: rebinding }).send(inventedUrl(), body, signed());
    expect(lookups).toBe(2);
    expect(record).toMatchObject({ ok: false, status_code: null, response_body: null });
    expect(record.error).toBe(
      'Refused to connect: the webhook host hooks.example.test resolves to 127.0.0.1, which is a loopback address; webhook targets must be reachable on the public internet.',
    );
    expect(receiver.requests).toHaveLength(0);
  });

  it('is refused for a literal private address', async () => {
    const record = await sender({ policy: { allowedHosts: [] } }).send(
      `https://127.0.0.1:${receiver.port}/hook`,
      body,
      signed(),
    );
    expect(record.error).toMatch(/^The webhook URL points to 127\.0\.0\.1, which is a loopback address/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('is refused for an http:// URL', async () => {
    const record = await sender().send(`http://localhost:${receiver.port}/hook`, body, signed());
    expect(record).toMatchObject({
      ok: false,
      status_code: null,
      error: expect.stringMatching(/must use HTTPS/),
    });
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('send()', () => {
  it('never throws, even after close()', async () => {
    const closed = sender();
    await closed.close();
    const record = await closed.send(receiver.url, body, signed());
    expect(record).toMatchObject({ ok: false, status_code: null });
    expect(record.error).toEqual(expect.any(String));
  });

  it('never throws on a header undici refuses', async () => {
    const record = await sender().send(receiver.url, body, { ...signed(), 'bad header': 'x' });
    expect(record).toMatchObject({ ok: false, status_code: null });
    expect(record.error).toEqual(expect.any(String));
  });

  it('reuses its connection for the next attempt to the same receiver', async () => {
    const shared = sender();
    const first = await shared.send(receiver.url, body, signed('evt_a'));
    const second = await shared.send(receiver.url, body, signed('evt_b'));
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual(['evt_a', 'evt_b']);
  });
});

/** A port nothing listens on: bind one, then release it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
