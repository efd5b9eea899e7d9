import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { runCli } from '../../src/cli.js';
import { generateSigningSecret, webhookHeaders } from '../../src/webhooks/sign.js';
import { asyncEnv } from '../async/support.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { freePort, PROJECT_ROOT, startService, stopAllChildren, tail, until } from '../helpers/processes.js';

/**
 * `vat-service webhooks listen` against the real app with a worker (system clock: the Standard
 * Webhooks library checks timestamps against the real time). Run in process through runCli with
 * captured output and stopped through io.signal; one suite runs both as real processes and stops
 * the listener with SIGTERM. Events reach it only through the service: the test event (test or
 * live key) and asynchronous results (live key, --mode live).
 */

interface Listening {
  out: string[];
  err: string[];
  /** The listener's URL, from its first status line. */
  url: string;
  /** Aborts it as Ctrl-C would and resolves with the exit code. */
  stop(): Promise<number>;
}

interface Finished {
  code: number;
  out: string[];
  err: string[];
}

function listenIn(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const done = runCli(['webhooks', 'listen', ...argv], env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    signal: controller.signal,
  });
  return { out, err, done, controller };
}

/** Starts `webhooks listen` and waits until it says it listens. */
async function listen(argv: string[], env: Record<string, string> = {}): Promise<Listening> {
  const run = listenIn(argv, env);
  let exited: number | undefined;
  run.done.then((code) => {
    exited = code;
  });
  const first = await until(
    () => (exited !== undefined ? `exited ${exited}: ${run.err.join('\n')}` : run.err[0]),
    10_000,
    'listen ready',
  );
  const url = /http:\/\/127\.0\.0\.1:\d+\/webhooks/.exec(first)?.[0];
  if (!url) throw new Error(`webhooks listen did not start: ${first}`);
  return {
    out: run.out,
    err: run.err,
    url,
    stop: () => {
      run.controller.abort();
      return run.done;
    },
  };
}

/** Runs `webhooks listen` expecting it to end by itself (bad arguments, refused configuration). */
async function listenFails(argv: string[], env: Record<string, string> = {}): Promise<Finished> {
  const run = listenIn(argv, env);
  const timer = setTimeout(() => run.controller.abort(), 10_000);
  const code = await run.done;
  clearTimeout(timer);
  return { code, out: run.out, err: run.err };
}

describeEachDialect('vat-service webhooks listen', (dialect) => {
  let sim: RegistrySimulator;
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    sim = await startSimulator();
    app = await startTestApp(dialect, {
      clock: 'system',
      worker: true,
      env: asyncEnv(sim, { WEBHOOK_ALLOW_LOCAL_HTTP: 'true' }),
    });
    account = await app.account('pro');
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('points the test-mode webhook at itself and prints the test event as verified', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      expect(listener.err[0]).toContain(`Listening on ${listener.url}: the test-mode webhook`);
      const config = await app.request('GET', '/v1/webhooks/config', { key: account.test });
      expect(config.body.data).toMatchObject({ url: listener.url, enabled: true });

      const sent = await app.request('POST', '/v1/webhooks/test', { key: account.test });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.data).toMatchObject({ status: 'delivered', last_status_code: 200 });
      const eventId: string = sent.body.data.event_id;
      const line = await until(() => listener.out.find((l) => l.includes(eventId)), 5_000, 'event printed');
      expect(line).toMatch(new RegExp(`^verified {2}test {2}${eventId} {2}\\{`));
      const body = JSON.parse(line.slice(line.indexOf('{')));
      expect(body).toMatchObject({ id: eventId, type: 'test', data: { message: expect.any(String) } });
    } finally {
      expect(await listener.stop()).toBe(0);
    }
    expect(listener.err.at(-1)).toContain(`Stopped. The test-mode webhook still points at ${listener.url}`);
    // Nothing is restored: the webhook still names the stopped listener.
    const after = await app.request('GET', '/v1/webhooks/config', { key: account.test });
    expect(after.body.data.url).toBe(listener.url);
  });

  it('with --mode live and --json, prints the raw events: the test event and an async result', async () => {
    const listener = await listen(['--key', account.live, '--mode', 'live', '--url', app.url, '--json']);
    try {
      expect(JSON.parse(listener.err[0])).toEqual({
        listening: listener.url,
        mode: 'live',
        service: app.url,
        previous_url: null,
      });
      const sent = await app.request('POST', '/v1/webhooks/test', { key: account.live });
      expect(sent.body.data.status).toBe('delivered');
      const accepted = await app.request('POST', '/v1/validate/async', {
        key: account.live,
        body: { vat_number: 'DE123456704' },
      });
      expect(accepted.status, accepted.text).toBe(202);
      const requestId: string = accepted.body.data.request_id;
      await until(() => listener.out.length >= 2, 10_000, 'two events printed');
      const events = listener.out.map((line) => JSON.parse(line));
      expect(events[0]).toMatchObject({ id: sent.body.data.event_id, type: 'test' });
      expect(events[1]).toMatchObject({
        type: 'validation.completed',
        data: { request_id: requestId, vat_number: 'DE123456704', valid: true },
      });
      // The test-mode webhook was left alone: each mode has its own.
      const testConfig = await app.request('GET', '/v1/webhooks/config', { key: account.test });
      expect(testConfig.body.data?.url).not.toBe(listener.url);
    } finally {
      expect(await listener.stop()).toBe(0);
    }
    expect(JSON.parse(listener.err.at(-1)!)).toEqual({ stopped: true, webhook_url: listener.url });
  });

  it('names the URL it replaced', async () => {
    const first = await listen(['--key', account.test, '--url', app.url]);
    await first.stop();
    const second = await listen(['--key', account.test, '--url', app.url]);
    try {
      expect(second.err[0]).toContain(`(it pointed at ${first.url})`);
    } finally {
      await second.stop();
    }
  });

  it('reads the key from VAT_SERVICE_KEY', async () => {
    const listener = await listen(['--url', app.url], { VAT_SERVICE_KEY: account.test });
    try {
      const sent = await app.request('POST', '/v1/webhooks/test', { key: account.test });
      expect(sent.body.data.status).toBe('delivered');
      await until(() => listener.out.find((l) => l.startsWith('verified  test')), 5_000, 'event printed');
    } finally {
      await listener.stop();
    }
  });
});

describe('vat-service webhooks listen: deliveries it cannot verify', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp(
      { name: 'sqlite' },
      { clock: 'system', env: { WEBHOOK_ALLOW_LOCAL_HTTP: 'true' } },
    );
    account = await app.account('pro');
  });
  afterAll(() => app?.close());

  const body = '{"id":"evt_forged","type":"test","created_at":"2026-11-24T12:00:00.000Z","data":{}}';
  const now = () => Math.floor(Date.now() / 1000);

  /** The signing secret the service gave the listener (PUT /v1/webhooks/config answers it). */
  async function secret(): Promise<string> {
    return (await app.request('GET', '/v1/webhooks/config', { key: account.test })).body.data.signing_secret;
  }

  it('prints a delivery signed with the secret of the configured webhook, answering 200', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      const headers = webhookHeaders(await secret(), 'evt_forged', now(), body);
      const response = await fetch(listener.url, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
      expect(listener.out).toEqual([`verified  test  evt_forged  ${body}`]);
    } finally {
      await listener.stop();
    }
  });

  it.each([
    [
      'signed with another secret',
      async () => webhookHeaders(generateSigningSecret(), 'evt_forged', now(), body),
      'No matching signature found',
    ],
    [
      'signed with its secret ten minutes ago',
      async () => webhookHeaders(await secret(), 'evt_forged', now() - 600, body),
      'Message timestamp too old',
    ],
    [
      'signed over another body',
      async () =>
        webhookHeaders(await secret(), 'evt_forged', now(), body.replace('test', 'validation.completed')),
      'No matching signature found',
    ],
    [
      'without signature headers',
      async () => ({ 'content-type': 'application/json' }),
      'Missing required headers',
    ],
  ])('answers 400 and says "signature not verified" when %s', async (_, headers, reason) => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      const response = await fetch(listener.url, { method: 'POST', headers: await headers(), body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: `signature not verified: ${reason}` });
      const line = await until(() => listener.err.find((l) => l.startsWith('signature not verified')), 5_000);
      expect(line).toBe(
        `signature not verified: ${reason} (webhook-id ${reason.startsWith('Missing') ? 'missing' : 'evt_forged'}); answered 400`,
      );
      expect(listener.out).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it('answers 400 to a signed body that is not a JSON event', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      const text = 'not json';
      const headers = webhookHeaders(await secret(), 'evt_text', now(), text);
      const response = await fetch(listener.url, { method: 'POST', headers, body: text });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'rejected: the signed body is not a JSON event' });
      expect(listener.out).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it('with --json reports the refusal as one JSON object on stderr, stdout keeping only events', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url, '--json']);
    try {
      const headers = webhookHeaders(generateSigningSecret(), 'evt_forged', now(), body);
      expect((await fetch(listener.url, { method: 'POST', headers, body })).status).toBe(400);
      const line = await until(() => listener.err.find((l) => l.includes('not verified')), 5_000);
      expect(JSON.parse(line)).toEqual({
        error: 'signature not verified: No matching signature found',
        webhook_id: 'evt_forged',
      });
      expect(listener.out).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it('answers 404 off its path and 405 to anything but POST', async () => {
    const listener = await listen(['--key', account.test, '--url', app.url]);
    try {
      expect((await fetch(listener.url.replace('/webhooks', '/elsewhere'), { method: 'POST' })).status).toBe(
        404,
      );
      expect((await fetch(listener.url)).status).toBe(405);
    } finally {
      await listener.stop();
    }
  });
});

describe('vat-service webhooks listen: a service that refuses it (exit 1, a clear reason)', () => {
  let strict: TestApp;
  let account: TestAccount;
  let free: TestAccount;
  beforeAll(async () => {
    strict = await startTestApp({ name: 'sqlite' }, { clock: 'system' });
    account = await strict.account('pro');
    free = await strict.account('free');
  });
  afterAll(() => strict?.close());

  it('without WEBHOOK_ALLOW_LOCAL_HTTP: the 422, and the hint to start the service with it', async () => {
    const result = await listenFails(['--key', account.test, '--url', strict.url]);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    const text = result.err.join('\n');
    expect(text).toMatch(
      /The service refused the local URL http:\/\/127\.0\.0\.1:\d+\/webhooks: url: The webhook URL must use HTTPS/,
    );
    expect(text).toContain('Start the service with WEBHOOK_ALLOW_LOCAL_HTTP=true');
    // The local server is closed again.
    const url = /http:\/\/127\.0\.0\.1:\d+\/webhooks/.exec(text)![0];
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    const quiet = await listenFails(['--key', account.test, '--url', strict.url, '--json']);
    expect(quiet.code).toBe(1);
    expect(quiet.err).toHaveLength(1);
    expect(JSON.parse(quiet.err[0]).error).toContain('WEBHOOK_ALLOW_LOCAL_HTTP=true');
  });

  it('an unknown key: 401', async () => {
    const result = await listenFails(['--key', `svc_test_${'A'.repeat(32)}`, '--url', strict.url]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain('The service refused the key (401 unauthorized)');
  });

  it('a Free account: webhooks need Pro', async () => {
    const result = await listenFails(['--key', free.test, '--url', strict.url]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain('Webhooks need the pro tier or above');
  });

  it('no service at --url', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const result = await listenFails(['--key', account.test, '--url', nobody]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(
      `Could not reach the service at ${nobody} (ECONNREFUSED). Is it running?`,
    );
  });
});

describe('vat-service webhooks listen: bad arguments (its usage line, exit 2)', () => {
  const live = `svc_live_${'B'.repeat(32)}`;
  const test = `svc_test_${'C'.repeat(32)}`;
  const USAGE =
    'Usage: vat-service webhooks listen [--key KEY] [--url URL] [--port N] [--mode test|live] [--json]';

  it.each([
    [[], {}, '--key is required (or set VAT_SERVICE_KEY)'],
    [[], { VAT_SERVICE_KEY: '' }, '--key is required'],
    [['--key', 'sk_live_123'], {}, '--key is not a vat-service API key'],
    [['--key', live], {}, '--key is a live key: add --mode live'],
    [['--key', test, '--mode', 'live'], {}, '--mode live needs a live key'],
    [['--key', test, '--mode', 'prod'], {}, "--mode must be test or live; got 'prod'"],
    [['--key', test, '--url', 'localhost:3000'], {}, '--url must be an http:// or https:// URL'],
    [['--key', test, '--url', 'not a url'], {}, "--url must be the service's base URL"],
    [['--key', test, '--port', '70000'], {}, '--port must be 0-65535'],
    [['--key', test, '--port', '-1'], {}, "'--port"],
    [['--key', test, 'extra'], {}, "Unexpected argument 'extra'"],
    [['--key', test, '--account', 'acc_x'], {}, "Unknown option '--account'"],
    [['--key'], {}, "'--key"],
  ])('%j %j', async (argv, env, message) => {
    const result = await listenFails(argv, env as Record<string, string>);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    const text = result.err.join('\n');
    expect(text).toContain(message);
    expect(text).toContain(USAGE);
    // The key is never echoed.
    expect(text).not.toContain('B'.repeat(32));
    const quiet = await listenFails([...argv, '--json'], env as Record<string, string>);
    expect(quiet.code).toBe(2);
    expect(quiet.err).toHaveLength(1);
    expect(JSON.parse(quiet.err[0]).error).toContain(message);
  });
});

describe('vat-service webhooks listen and serve as real processes', () => {
  let database: TestDatabase;
  const cwd = mkdtempSync(join(tmpdir(), 'vat-listen-'));
  let listener: ChildProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase({ name: 'sqlite' });
  });
  afterAll(async () => {
    listener?.kill('SIGKILL');
    await stopAllChildren();
    await database?.drop();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('serve warns about WEBHOOK_ALLOW_LOCAL_HTTP; listen prints the test event and stops on SIGTERM with exit 0', async () => {
    const api = await startService('api', 'serve', {
      DATABASE_URL: database.url,
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
    });
    const warning = api.logLines().find((line) => line.level === 40);
    expect(warning?.msg).toMatch(/^WEBHOOK_ALLOW_LOCAL_HTTP=true: .*Development only/);

    // The account and key come from the CLI, as a developer would make them.
    const created: string[] = [];
    const capture = { out: (line: string) => created.push(line), err: (line: string) => created.push(line) };
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    expect(
      await runCli(['accounts', 'create', '--name', 'Listen', '--tier', 'pro', '--json'], env, capture),
    ).toBe(0);
    const accountId = JSON.parse(created[0]).id;
    expect(
      await runCli(['keys', 'create', '--account', accountId, '--mode', 'test', '--json'], env, capture),
    ).toBe(0);
    const key: string = JSON.parse(created[1]).key;

    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/cli.js'), 'webhooks', 'listen', '--url', api.url],
      {
        cwd,
        env: { PATH: process.env.PATH, VAT_SERVICE_KEY: key },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    listener = child;
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await until(() => stderr.includes('Listening on'), 15_000, `listen ready:\n${tail(stderr)}`);

    const sent = await fetch(`${api.url}/v1/webhooks/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    const delivery = ((await sent.json()) as { data: { status: string; event_id: string } }).data;
    expect(delivery).toMatchObject({ status: 'delivered', last_status_code: 200 });
    await until(() => stdout.includes(`verified  test  ${delivery.event_id}`), 5_000, 'event printed');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('Stopped. The test-mode webhook still points at');
  });

  it('serve refuses to start with WEBHOOK_ALLOW_LOCAL_HTTP=true and NODE_ENV=production (exit 1, the reason)', async () => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist/src/cli.js'), 'serve'], {
      cwd,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
        WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
    expect(code).toBe(1);
    expect(stderr).toContain('WEBHOOK_ALLOW_LOCAL_HTTP=true is refused with NODE_ENV=production');
    expect(stderr).toContain('plain HTTP');
  });
});
