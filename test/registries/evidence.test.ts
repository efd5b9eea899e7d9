import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EVIDENCE_BODY_BYTES,
  evidenceRequest,
  evidenceUrl,
  redactCredentialParams,
  redactSecrets,
} from '../../src/registries/evidence.js';
import { RegistryHttp } from '../../src/registries/http.js';
import { RegistryError } from '../../src/registries/registry.js';

/**
 * What RegistryHttp records of each call as evidence (wave-2 A3, ruling L5): the request with its
 * secrets redacted, and the reply's bytes as received with their SHA-256. The redaction rules are
 * pure functions (evidence.ts); the capture runs over real HTTP against a local server that sends
 * exactly the bytes a test gives it, in chunks, so truncation and non-UTF-8 replies can be had.
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('redaction rules', () => {
  it('redacts credential-named query parameters and leaves every other byte alone', () => {
    expect(redactCredentialParams('abn=51824753556&callback=callback&guid=0000-1111')).toBe(
      'abn=51824753556&callback=callback&guid=[redacted]',
    );
    expect(
      redactCredentialParams(
        'searchString=1&authenticationGuid=x&api_key=k&apiKey=k&access_token=t&client_secret=s&password=p&sig=z',
      ),
    ).toBe(
      'searchString=1&authenticationGuid=[redacted]&api_key=[redacted]&apiKey=[redacted]&access_token=[redacted]' +
        '&client_secret=[redacted]&password=[redacted]&sig=[redacted]',
    );
    expect(redactCredentialParams('name=A%20B&flag&x=&keyword=vat&abn=1')).toBe(
      'name=A%20B&flag&x=&keyword=vat&abn=1',
    );
    expect(redactCredentialParams('')).toBe('');
  });

  it('redacts a declared secret in each spelling a request can give it', () => {
    const secret = 'p a&s<s';
    expect(redactSecrets(`<pw>${'p a&amp;s&lt;s'}</pw>`, [secret])).toBe('<pw>[redacted]</pw>');
    expect(redactSecrets('q=p%20a%26s%3Cs', [secret])).toBe('q=[redacted]');
    expect(redactSecrets('q=p+a%26s%3Cs', [secret])).toBe('q=[redacted]');
    expect(redactSecrets('raw p a&s<s here', [secret])).toBe('raw [redacted] here');
  });

  it('redacts in one pass, so a short secret does not cut into a replacement, and skips empty ones', () => {
    expect(redactSecrets('x=secret&y=e', ['secret', 'e'])).toBe('x=[redacted]&y=[redacted]');
    expect(redactSecrets('x=1', [''])).toBe('x=1');
  });

  it('keeps scheme, host and path of the URL: no user info, query or fragment', () => {
    const call = {
      method: 'GET' as const,
      url: 'https://user:hunter2@abr.example:8443/json/AbnDetails.aspx?abn=1&guid=GUID-2#frag',
      secrets: ['GUID-2'],
    };
    expect(evidenceUrl(call)).toBe('https://abr.example:8443/json/AbnDetails.aspx');
    expect(evidenceRequest(call)).toBe('abn=1&guid=[redacted]');
  });

  it('records a POST body as sent, redacting form parameters only in form bodies', () => {
    const form = {
      method: 'POST' as const,
      url: 'https://api.example/oauth/token',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=id&client_secret=s3cr3t&scope=read:vat',
    };
    expect(evidenceRequest(form)).toBe(
      'grant_type=client_credentials&client_id=id&client_secret=[redacted]&scope=read:vat',
    );
    const soap = { method: 'POST' as const, url: 'https://vies.example/x', body: '<a>token=1</a>' };
    expect(evidenceRequest(soap)).toBe('<a>token=1</a>');
    expect(evidenceRequest({ method: 'POST', url: 'https://vies.example/x' })).toBe('');
  });
});

describe('RegistryHttp exchange', () => {
  let server: Server;
  let base: string;
  let reply: { status: number; headers: Record<string, string>; body: Buffer; delayMs?: number };
  let received: { url: string; body: string } | undefined;

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received = { url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      res.writeHead(reply.status, reply.headers);
      // Odd-sized chunks, so the hash and the 64 KiB cut are taken across chunk boundaries.
      for (let offset = 0; offset < reply.body.length; offset += 7_001) {
        res.write(reply.body.subarray(offset, offset + 7_001));
      }
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    reply = { status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from('ok') };
    received = undefined;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const http = (now?: () => number) => new RegistryHttp('abr', { timeoutMs: 5_000, now });

  it('records the call: URL, method, time from the given clock, duration, request and reply', async () => {
    const client = http(() => 1_700_000_000_123);
    reply = {
      status: 200,
      headers: { 'content-type': 'application/javascript; charset=utf-8' },
      body: Buffer.from('callback({"Abn":"51824753556"})'),
      delayMs: 60,
    };
    try {
      const answer = await client.send({
        method: 'GET',
        url: `${base}/abr/json/AbnDetails.aspx?abn=51824753556&callback=callback&guid=GUID-1`,
        headers: { accept: '*/*', authorization: 'Bearer not-recorded' },
        secrets: ['GUID-1'],
      });
      expect(received?.url).toBe('/abr/json/AbnDetails.aspx?abn=51824753556&callback=callback&guid=GUID-1');
      expect(answer.exchange).toEqual({
        registry: 'abr',
        url: `${base}/abr/json/AbnDetails.aspx`,
        method: 'GET',
        requestedAt: 1_700_000_000_123,
        durationMs: expect.any(Number),
        request: 'abn=51824753556&callback=callback&guid=[redacted]',
        status: 200,
        contentType: 'application/javascript; charset=utf-8',
        body: reply.body,
        truncated: false,
        sha256: sha256(reply.body),
      });
      expect(answer.exchange.durationMs).toBeGreaterThanOrEqual(50);
      expect(JSON.stringify(answer.exchange)).not.toContain('GUID-1');
      expect(JSON.stringify(answer.exchange)).not.toContain('not-recorded');
    } finally {
      await client.close();
    }
  });

  it('defaults requestedAt to Date.now', async () => {
    const client = http();
    try {
      const before = Date.now();
      const { exchange } = await client.send({ method: 'POST', url: `${base}/x`, body: '<a/>' });
      expect(exchange.requestedAt).toBeGreaterThanOrEqual(before);
      expect(exchange.requestedAt).toBeLessThanOrEqual(Date.now());
      expect(exchange).toMatchObject({ method: 'POST', request: '<a/>', url: `${base}/x` });
      expect(received?.body).toBe('<a/>');
    } finally {
      await client.close();
    }
  });

  it('keeps the first 64 KiB of a longer reply, marks it truncated, and hashes every byte', async () => {
    const client = http();
    const bytes = randomBytes(200_000);
    reply = { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: bytes };
    try {
      const answer = await client.send({ method: 'GET', url: `${base}/big` });
      expect(EVIDENCE_BODY_BYTES).toBe(65_536);
      expect(answer.exchange.truncated).toBe(true);
      expect(answer.exchange.body.length).toBe(65_536);
      expect(answer.exchange.body.equals(bytes.subarray(0, 65_536))).toBe(true);
      expect(answer.exchange.sha256).toBe(sha256(bytes));
      // The client still reads the whole reply.
      expect(Buffer.byteLength(answer.body)).toBeGreaterThanOrEqual(200_000);
    } finally {
      await client.close();
    }
  });

  it('keeps a reply of exactly 64 KiB whole, and one byte more truncated', async () => {
    const client = http();
    try {
      reply = { status: 200, headers: {}, body: randomBytes(65_536) };
      const exact = await client.send({ method: 'GET', url: `${base}/exact` });
      expect(exact.exchange).toMatchObject({ truncated: false, sha256: sha256(reply.body) });
      expect(exact.exchange.body.equals(reply.body)).toBe(true);

      reply = { status: 200, headers: {}, body: randomBytes(65_537) };
      const over = await client.send({ method: 'GET', url: `${base}/over` });
      expect(over.exchange).toMatchObject({ truncated: true, sha256: sha256(reply.body) });
      expect(over.exchange.body.equals(reply.body.subarray(0, 65_536))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('keeps bytes that are not UTF-8, and a byte order mark, exactly as received', async () => {
    const client = http();
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"navn":"BRØNN AS","x":"café"}', 'latin1'),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
    ]);
    reply = { status: 200, headers: { 'content-type': 'application/json; charset=ISO-8859-1' }, body: bytes };
    try {
      const answer = await client.send({ method: 'GET', url: `${base}/latin1` });
      expect(answer.exchange.body.equals(bytes)).toBe(true);
      expect(answer.exchange.sha256).toBe(sha256(bytes));
      expect(answer.exchange.contentType).toBe('application/json; charset=ISO-8859-1');
      // The text the client parses is decoded as UTF-8: the evidence is what keeps the original.
      expect(answer.body.startsWith('{"navn":"BR\uFFFDNN AS"')).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('records an empty reply with the hash of nothing and no content type', async () => {
    const client = http();
    reply = { status: 404, headers: {}, body: Buffer.alloc(0) };
    try {
      const { exchange } = await client.send({ method: 'GET', url: `${base}/enheter/900000014` });
      expect(exchange).toMatchObject({ status: 404, contentType: null, truncated: false, request: '' });
      expect(exchange.body.length).toBe(0);
      expect(exchange.sha256).toBe(EMPTY_SHA256);
    } finally {
      await client.close();
    }
  });

  it('leaves credentials in the base URL out of the exchange', async () => {
    const client = http();
    try {
      const { exchange } = await client.send({
        method: 'POST',
        url: `http://operator:hunter2@${base.slice('http://'.length)}/vies/services/checkVatService`,
        body: '<x/>',
      });
      expect(exchange.url).toBe(`${base}/vies/services/checkVatService`);
      expect(JSON.stringify(exchange)).not.toMatch(/operator|hunter2/);
    } finally {
      await client.close();
    }
  });

  it('gives a failure no exchange', async () => {
    const client = new RegistryHttp('vies', { timeoutMs: 50 });
    reply = { ...reply, delayMs: 500 };
    try {
      const error = await client.send({ method: 'GET', url: `${base}/slow` }).catch((reason) => reason);
      expect(error).toBeInstanceOf(RegistryError);
      expect(error).toMatchObject({ kind: 'timeout' });
      expect(error).not.toHaveProperty('exchange');
    } finally {
      await client.close();
    }
  });
});
