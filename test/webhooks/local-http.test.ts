import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { ConfigError, configWarnings, loadConfig } from '../../src/config.js';
import { createWebhookSender } from '../../src/webhooks/send-attempt.js';
import { generateSigningSecret, webhookHeaders } from '../../src/webhooks/sign.js';
import { startTestApp } from '../helpers/harness.js';

/**
 * WEBHOOK_ALLOW_LOCAL_HTTP, the one development setting behind `vat-service webhooks listen`:
 * plain-HTTP targets on this machine's loopback pass the target guard at configuration (PUT
 * /v1/webhooks/config) and at delivery; off by default; refused at start-up with
 * NODE_ENV=production, and a warning otherwise.
 */

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the setting', () => {
  it('is off by default', () => {
    const config = loadConfig({});
    expect(config.webhook.allowLocalHttp).toBe(false);
    expect(configWarnings(config)).toEqual([]);
  });

  it('is on with true, and then warns', () => {
    const config = loadConfig({ WEBHOOK_ALLOW_LOCAL_HTTP: 'true' });
    expect(config.webhook.allowLocalHttp).toBe(true);
    const warnings = configWarnings(config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^WEBHOOK_ALLOW_LOCAL_HTTP=true: .*plain HTTP.*Development only/);
  });

  it('is refused with NODE_ENV=production, naming the variable and the reason', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOCAL_HTTP: 'true' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/WEBHOOK_ALLOW_LOCAL_HTTP=true is refused with NODE_ENV=production: .*plain HTTP/);
    expect(
      loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOCAL_HTTP: 'false' }).webhook.allowLocalHttp,
    ).toBe(false);
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_LOCAL_HTTP: 'sometimes' })).toThrow(/WEBHOOK_ALLOW_LOCAL_HTTP=/);
  });

  it.each([['serve'], ['worker']])(
    '`vat-service %s` refuses to start with it in production (exit 1, the reason on stderr)',
    async (command) => {
      const dir = mkdtempSync(join(tmpdir(), 'vat-local-http-'));
      try {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runCli(
          [command],
          {
            NODE_ENV: 'production',
            WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
            DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
            LOG_LEVEL: 'silent',
          },
          { out: (line) => out.push(line), err: (line) => err.push(line) },
        );
        expect(code).toBe(1);
        expect(out).toEqual([]);
        expect(err.join('\n')).toContain('WEBHOOK_ALLOW_LOCAL_HTTP=true is refused with NODE_ENV=production');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('at delivery', () => {
  const secret = generateSigningSecret();
  const body = '{"id":"evt_local","type":"test","created_at":"2026-11-24T12:00:00.000Z","data":{}}';

  it.each([() => `http://127.0.0.1:${port}/webhooks`, () => `http://localhost:${port}/webhooks`])(
    'sends over plain HTTP to this machine with it (%#)',
    async (url) => {
      const sender = createWebhookSender({
        timeoutMs: 5_000,
        policy: { allowedHosts: [], allowLocalHttp: true },
      });
      try {
        received.length = 0;
        const headers = webhookHeaders(secret, 'evt_local', Math.floor(Date.now() / 1000), body);
        const outcome = await sender.send(url(), body, headers);
        expect(outcome, outcome.error ?? '').toMatchObject({ ok: true, status_code: 200 });
        expect(received).toHaveLength(1);
        expect(
          new Webhook(secret).verify(received[0].body, received[0].headers as Record<string, string>),
        ).toEqual(JSON.parse(body));
      } finally {
        await sender.close();
      }
    },
  );

  it('refuses the same target without it, sending nothing', async () => {
    const sender = createWebhookSender({ timeoutMs: 5_000, policy: { allowedHosts: ['localhost'] } });
    try {
      received.length = 0;
      const outcome = await sender.send(`http://127.0.0.1:${port}/webhooks`, body, {});
      expect(outcome).toMatchObject({ ok: false, status_code: null });
      expect(outcome.error).toContain('must use HTTPS');
      expect(received).toEqual([]);
    } finally {
      await sender.close();
    }
  });
});

describe('through the API', () => {
  it.each([
    [true, 200],
    [false, 422],
  ])(
    'WEBHOOK_ALLOW_LOCAL_HTTP=%s: PUT /v1/webhooks/config with an http://127.0.0.1 URL answers %i',
    async (on, status) => {
      const app = await startTestApp({ name: 'sqlite' }, { env: { WEBHOOK_ALLOW_LOCAL_HTTP: String(on) } });
      try {
        const account = await app.account('pro');
        const url = `http://127.0.0.1:${port}/webhooks`;
        const put = await app.request('PUT', '/v1/webhooks/config', { key: account.live, body: { url } });
        expect(put.status, put.text).toBe(status);
        if (!on) {
          expect(put.body.error.code).toBe('validation_error');
          expect(put.body.error.message).toContain('must use HTTPS');
          return;
        }
        received.length = 0;
        const sent = await app.request('POST', '/v1/webhooks/test', { key: account.live });
        expect(sent.status, sent.text).toBe(200);
        expect(sent.body.data).toMatchObject({ status: 'delivered', url, last_status_code: 200 });
        expect(received).toHaveLength(1);
        expect(JSON.parse(received[0].body).type).toBe('test');
      } finally {
        await app.close();
      }
    },
  );
});
