import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';
import { consoleSession, FORM, form, rawExchange, statusOf } from './support.js';

/**
 * What the console reads and from whom, over plain HTTP on both engines: at most 1 MiB of a body
 * from a browser without a session (refused 413 by its declared length before a byte is read, a
 * streamed one cut at the cap), the bulk upload's larger limit for a session only, its own form
 * encodings only (415 otherwise, never 500), a query parameter given twice read as its first value
 * and a malformed query refused 422 (never 500), wrong keys at sign-in counted with the API's,
 * forms from another site refused (login CSRF), and the favicon.
 */

const MIB = 1024 * 1024;
const HUGE = 60 * MIB;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A well-formed key that belongs to no account. */
function randomKey(): string {
  return `svc_live_${Array.from({ length: 32 }, () => BASE62[randomInt(BASE62.length)]).join('')}`;
}

const post = (path: string, headers: Record<string, string>) =>
  [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)].join(
    '\r\n',
  );

describeEachDialect('console request limits', (dialect) => {
  let app: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
    account = await app.account('business');
  });
  afterAll(() => app?.close());

  const keyCount = async () =>
    (await app.request('GET', '/v1/keys', { key: account.live })).body.data.length as number;

  describe('bodies from a browser without a session', () => {
    it.each([
      ['/console/keys', 'multipart/form-data; boundary=x'],
      ['/console/bulk', 'multipart/form-data; boundary=x'],
      ['/console/sign-in', 'application/x-www-form-urlencoded'],
    ])(
      'answers a post to %s declaring 60 MiB with a 413 page before the body is sent, and closes',
      async (path, type) => {
        // Only the headers go out: an answer proves the body was not waited for.
        const exchange = await rawExchange(
          app,
          post(path, { 'Content-Type': type, 'Content-Length': String(HUGE) }),
        );
        expect(statusOf(exchange), exchange.received.slice(0, 300)).toBe(413);
        expect(exchange.received).toMatch(/content-type: text\/html/i);
        expect(exchange.received).toMatch(/connection: close/i);
        expect(exchange.received).toContain('payload_too_large');
        expect(exchange.closed).toBe(true);
      },
    );

    it('cuts a streamed sign-in body at 1 MiB with a 413 page', async () => {
      const chunk = `${(64 * 1024).toString(16)}\r\n${'a'.repeat(64 * 1024)}\r\n`;
      const exchange = await rawExchange(
        app,
        post('/console/sign-in', {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Transfer-Encoding': 'chunked',
        }),
        // 1 MiB and one chunk more, and then the body stalls: what was sent is over the cap.
        (write) => {
          for (let i = 0; i < 17; i += 1) write(chunk);
        },
      );
      expect(statusOf(exchange), exchange.received.slice(0, 300)).toBe(413);
      expect(exchange.received).toContain('payload_too_large');
      expect(exchange.closed).toBe(true);
    });

    it('sends a streamed post to a page that needs a session to sign-in unread, and closes', async () => {
      const exchange = await rawExchange(
        app,
        post('/console/keys', {
          'Content-Type': 'multipart/form-data; boundary=x',
          'Transfer-Encoding': 'chunked',
        }),
      );
      expect(statusOf(exchange)).toBe(303);
      expect(exchange.received).toMatch(/location: \/console\/sign-in/i);
      expect(exchange.closed).toBe(true);
    });

    it.each([
      ['application/json', '{"mode":"live"}'],
      ['text/plain', 'mode=live'],
    ])('sends a %s post without a session to sign-in', async (type, body) => {
      const response = await fetch(`${app.url}/console/keys`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/console/sign-in');
    });
  });

  describe('bodies from a session', () => {
    it('takes a bulk upload larger than 1 MiB', async () => {
      const { cookie, csrf } = await consoleSession(app, account.test);
      const reference = 'r'.repeat(100);
      const csv = `vat_number,reference\n${Array.from({ length: 20_000 }, () => `DE123456704,${reference}`).join('\n')}\n`;
      expect(csv.length).toBeGreaterThan(2 * MIB);
      const body = new FormData();
      body.set('_csrf', csrf);
      body.set('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
      const response = await fetch(`${app.url}/console/bulk`, {
        method: 'POST',
        headers: { cookie },
        body,
        redirect: 'manual',
      });
      expect(response.status, await response.text()).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/console\/bulk\/blk_/);
    });

    it('answers an upload declaring more than 64 MiB with a 413 page before the body is sent', async () => {
      const { cookie } = await consoleSession(app, account.test);
      const exchange = await rawExchange(
        app,
        post('/console/bulk', {
          Cookie: cookie,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(65 * MIB),
        }),
      );
      expect(statusOf(exchange)).toBe(413);
      expect(exchange.received).toContain('split the file');
      expect(exchange.closed).toBe(true);
    });

    it('refuses a multipart body anywhere but the bulk upload', async () => {
      const { cookie, csrf } = await consoleSession(app, account.live);
      const before = await keyCount();
      const body = new FormData();
      body.set('_csrf', csrf);
      body.set('mode', 'live');
      body.set('name', 'multipart');
      const response = await fetch(`${app.url}/console/keys`, { method: 'POST', headers: { cookie }, body });
      expect(response.status).toBe(415);
      expect(await keyCount()).toBe(before);
    });

    it.each([
      ['application/json', JSON.stringify({ mode: 'live', name: 'json' })],
      ['text/plain', 'mode=live&name=text'],
      ['application/xml', '<key mode="live"/>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="mode"\r\n\r\nlive\r\n--x--\r\n',
      ],
    ])('refuses a %s post to a form with a 415 page, changing nothing', async (type, body) => {
      const { cookie } = await consoleSession(app, account.live);
      const before = await keyCount();
      const response = await fetch(`${app.url}/console/keys`, {
        method: 'POST',
        headers: { cookie, 'content-type': type },
        body,
      });
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toContain('text/html');
      const page = await response.text();
      expect(page).toContain('unsupported_media_type');
      expect(page).toContain('href="/docs/errors/unsupported_media_type"');
      expect(await keyCount()).toBe(before);
    });

    it('refuses a body without a Content-Type with a 415 page', async () => {
      const { cookie } = await consoleSession(app, account.live);
      const exchange = await rawExchange(
        app,
        post('/console/keys', { Cookie: cookie, 'Content-Length': '9', Connection: 'close' }),
        'mode=live',
      );
      expect(statusOf(exchange)).toBe(415);
    });
  });

  describe('sign-in', () => {
    it.each([
      ['application/json', JSON.stringify({ api_key: 'x' })],
      ['text/plain', 'api_key=x'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="api_key"\r\n\r\nx\r\n--x--\r\n',
      ],
    ])('refuses a %s body with a 415 page and no session', async (type, body) => {
      const response = await fetch(`${app.url}/console/sign-in`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(response.status).toBe(415);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain('unsupported_media_type');
    });

    const signIn = (headers: Record<string, string>, key = account.test) =>
      fetch(`${app.url}/console/sign-in`, {
        method: 'POST',
        headers: { ...FORM, ...headers },
        body: form({ api_key: key }),
        redirect: 'manual',
      });

    it.each([
      ['Origin of another site', { origin: 'https://attacker.example' }],
      ['Origin of another port', { origin: 'http://127.0.0.1:1' }],
      ['Origin null', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ])('refuses a sign-in sent with %s (403, no session)', async (_name, headers) => {
      const response = await signIn(headers);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('another site');
    });

    it('signs in from its own origin, from PUBLIC_URL, and with neither header', async () => {
      const own = new URL(app.url).origin;
      const cases: Array<Record<string, string>> = [
        { origin: own, 'sec-fetch-site': 'same-origin' },
        { origin: new URL(app.config.publicUrl).origin },
        {},
      ];
      for (const headers of cases) {
        const response = await signIn(headers);
        expect(response.status, JSON.stringify(headers)).toBe(303);
        expect(response.headers.get('set-cookie')).toMatch(/^console_session=/);
      }
    });

    it('refuses every other console form from another site, even with the session and its token', async () => {
      const { cookie, csrf } = await consoleSession(app, account.live);
      const before = await keyCount();
      const response = await fetch(`${app.url}/console/keys`, {
        method: 'POST',
        headers: { ...FORM, cookie, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
        body: form({ _csrf: csrf, mode: 'live', name: 'cross-site' }),
      });
      expect(response.status).toBe(403);
      expect(await keyCount()).toBe(before);
    });
  });

  describe('query strings', () => {
    const page = async (path: string) => {
      const { cookie } = await consoleSession(app, account.live);
      const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
      return { response, text: await response.text() };
    };

    it.each([
      ['/console/rates?date=2025-01-01&date=2020-01-01', 'VAT rates on 1 Jan 2025'],
      ['/console/history?reference=first&reference=second', 'value="first"'],
      [
        '/console/history?vat_number=DE123456704&vat_number=ATU12345675&valid=true&valid=false',
        'DE123456704',
      ],
    ])('reads a parameter given twice as its first value, as a form field: %s', async (path, shown) => {
      const { response, text } = await page(path);
      expect(response.status, text.slice(0, 2000)).toBe(200);
      expect(text).toContain(shown);
    });

    it('exports the history as CSV with a parameter given twice', async () => {
      const { response, text } = await page('/console/history/export?reference=first&reference=second');
      expect(response.status, text.slice(0, 2000)).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
    });

    it.each(['/console/rates?date=%ZZ', '/console/history?reference=%FF', '/console/webhooks?cursor=%'])(
      'answers a query with malformed percent-encoding with the API’s 422 as a page, not a 500: %s',
      async (path) => {
        const { response, text } = await page(path);
        expect(response.status).toBe(422);
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(text).toContain('malformed percent-encoding');
        expect(text).toContain('href="/docs/errors/validation_error"');
      },
    );
  });

  it.each(['/console/history', '/console/webhooks'])(
    'answers a cursor the list did not return (another list’s, or made up) 422 as a page: %s',
    async (path) => {
      // A cursor of the validations list made for another filter, and a made-up one (test mode:
      // its numbers are answered without a registry).
      for (const vatNumber of ['DE123456704', 'NL123456782B01'])
        await app.request('GET', `/v1/validate?vat_number=${vatNumber}`, { key: account.test });
      const filtered = await app.request('GET', '/v1/validations?limit=1&valid=true', { key: account.test });
      const foreign = filtered.body.meta.next_cursor as string;
      expect(foreign).toEqual(expect.any(String));
      for (const cursor of [foreign, 'zzz']) {
        const { cookie } = await consoleSession(app, account.test);
        const response = await fetch(`${app.url}${path}?cursor=${encodeURIComponent(cursor)}`, {
          headers: { cookie },
        });
        const text = await response.text();
        expect(response.status, text.slice(0, 2000)).toBe(422);
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(text).toContain('not a cursor this list returned');
      }
    },
  );

  it('serves /favicon.ico: a small icon, cached', async () => {
    const response = await fetch(`${app.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/x-icon');
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d{4,}/);
    const icon = Buffer.from(await response.arrayBuffer());
    expect([...icon.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(icon.length).toBeLessThan(4096);
  });
});

describeEachDialect('console sign-in and the API share the limit of wrong keys per address', (dialect) => {
  const LIMIT = 3;
  let app: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    app = await startTestApp(dialect, {
      env: { ...OFFLINE_REGISTRIES, AUTH_FAILURES_PER_MINUTE: String(LIMIT) },
    });
    account = await app.account('pro');
  });
  // Every test starts with a clean address: its failures leave the 60 s window.
  afterEach(() => app.clock.advance(61_000));
  afterAll(() => app?.close());

  const signIn = (key: string) =>
    fetch(`${app.url}/console/sign-in`, {
      method: 'POST',
      headers: FORM,
      body: form({ api_key: key }),
      redirect: 'manual',
    });
  const apiWith = (key: string) => app.request('GET', '/v1/rates/DE', { key });

  it('refuses sign-in 429 with Retry-After once the address sent the limit of wrong keys, and the API too', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await signIn(randomKey())).status).toBe(401);
    const refused = await signIn(randomKey());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(await refused.text()).toContain('Too many wrong API keys');
    // A valid key not yet seen is not looked up either while the address is over its limit.
    expect((await signIn(account.live)).status).toBe(429);
    const api = await apiWith(randomKey());
    expect(api.status).toBe(429);
    expect(api.body.error.code).toBe('burst_limit_exceeded');
  });

  it("counts the API's wrong keys against sign-in", async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await apiWith(randomKey())).status).toBe(401);
    expect((await signIn(randomKey())).status).toBe(429);
  });

  it('still signs in with a key the service knows to be valid, as the API still serves it', async () => {
    expect((await apiWith(account.test)).status).toBe(200);
    for (let i = 0; i < LIMIT; i += 1) expect((await signIn(randomKey())).status).toBe(401);
    expect((await signIn(account.test)).status).toBe(303);
    expect((await apiWith(account.test)).status).toBe(200);
  });

  it('signs in again once the minute has passed', async () => {
    for (let i = 0; i < LIMIT + 1; i += 1) await signIn(randomKey());
    expect((await signIn(account.live)).status).toBe(429);
    app.clock.advance(61_000);
    expect((await signIn(account.live)).status).toBe(303);
  });
});
