import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashKey } from '../../src/accounts/keys.js';
import { ManualClock } from '../../src/clock.js';
import { liveBounds } from '../../src/console/sessions.js';
import { KyselyConsoleSessionStore } from '../../src/store/console-sessions.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';

/**
 * Console sessions over HTTP on both engines, with the test clock: sign-in, idle and absolute
 * expiry, sign-out, a tampered cookie, revocation, another account's or mode's ids, and the
 * internal credential refused from outside.
 */

const MINUTE = 60_000;

type Headers = Record<string, string>;

/** Posts the sign-in form with `key` to the service at `base`. */
const postSignIn = (base: string, key: string, headers: Headers = {}) =>
  fetch(`${base}/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ api_key: key }).toString(),
    redirect: 'manual',
  });

/** The Cookie header of a signed-in answer's session cookie. */
const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0];

/** The overview at `base` with `cookie`, redirects not followed. */
const openConsole = (base: string, cookie: string, headers: Headers = {}) =>
  fetch(`${base}/console`, { headers: { cookie, ...headers }, redirect: 'manual' });

describeEachDialect('console sessions', (dialect) => {
  let app: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { CONSOLE_IDLE_MINUTES: '30', CONSOLE_SESSION_HOURS: '12' } });
    account = await app.account('business');
  });
  afterAll(() => app?.close());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  async function signIn(key: string): Promise<{ cookie: string; setCookie: string }> {
    const response = await fetch(`${app.url}/console/sign-in`, {
      method: 'POST',
      headers: FORM,
      body: form({ api_key: key }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const setCookie = response.headers.get('set-cookie')!;
    return { cookie: setCookie.split(';')[0], setCookie };
  }

  const open = (cookie: string, path = '/console') =>
    fetch(`${app.url}${path}`, { headers: { cookie }, redirect: 'manual' });

  async function csrfOf(cookie: string): Promise<string> {
    const page = await (await open(cookie, '/console/keys')).text();
    return /name="_csrf" value="([^"]+)"/.exec(page)![1];
  }

  it('exchanges a key for an HttpOnly, SameSite=Strict cookie scoped to /console; the key is nowhere in it', async () => {
    const { cookie, setCookie } = await signIn(account.live);
    // Plain HTTP (PUBLIC_URL http://localhost:3000): no `__Host-` name, no Secure, no Domain.
    expect(setCookie).toMatch(/^console_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).not.toMatch(/Domain/i);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/console/);
    expect(setCookie).not.toMatch(/Secure/);
    expect(setCookie).not.toContain(account.live);
    const page = await open(cookie);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('data-mode="live"');
    expect(text).not.toContain(account.live);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const rows = await app.database.db.selectFrom('console_sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(account.live);
    expect(JSON.stringify(rows)).not.toContain(cookie.split('=')[1]);
  });

  it('refuses a wrong or malformed key with the sign-in page and no session', async () => {
    const before = await app.database.db.selectFrom('console_sessions').select('id').execute();
    for (const key of ['svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense', '']) {
      const response = await fetch(`${app.url}/console/sign-in`, {
        method: 'POST',
        headers: FORM,
        body: form({ api_key: key }),
      });
      expect(response.status).toBe(key ? 401 : 400);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain(key ? 'not valid or has been revoked' : 'Enter an API key');
    }
    const after = await app.database.db.selectFrom('console_sessions').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('ends a session idle longer than CONSOLE_IDLE_MINUTES, and keeps an active one', async () => {
    const { cookie } = await signIn(account.live);
    app.clock.advance(29 * MINUTE);
    expect((await open(cookie)).status).toBe(200);
    app.clock.advance(29 * MINUTE);
    expect((await open(cookie)).status).toBe(200);
    app.clock.advance(30 * MINUTE + 1);
    const ended = await open(cookie);
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe('/console/sign-in?ended=1');
    expect(ended.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('ends a session CONSOLE_SESSION_HOURS after sign-in however active', async () => {
    const { cookie } = await signIn(account.live);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      app.clock.advance(20 * MINUTE);
      expect((await open(cookie)).status).toBe(200);
    }
    app.clock.advance(21 * MINUTE);
    expect((await open(cookie)).status).toBe(303);
  });

  it('sign-out deletes the session on the server', async () => {
    const { cookie } = await signIn(account.live);
    const csrf = await csrfOf(cookie);
    const out = await fetch(`${app.url}/console/sign-out`, {
      method: 'POST',
      headers: { ...FORM, cookie },
      body: form({ _csrf: csrf }),
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    expect((await open(cookie)).status).toBe(303);
  });

  it('treats a tampered cookie as signed out', async () => {
    const { cookie } = await signIn(account.live);
    const value = cookie.split('=')[1];
    const flipped = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [
      `console_session=${flipped}`,
      'console_session=<script>',
      `console_session=${value}x`,
    ]) {
      const response = await open(tampered);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toContain('/console/sign-in');
    }
    expect((await open(cookie)).status).toBe(200);
  });

  it('ends the sessions of a revoked key', async () => {
    const other = await app.request('POST', '/v1/keys', {
      key: account.live,
      body: { mode: 'live', name: 'temp' },
    });
    const { cookie } = await signIn(other.body.data.key);
    expect((await open(cookie)).status).toBe(200);
    await app.request('DELETE', `/v1/keys/${other.body.data.id}`, { key: account.live });
    expect((await open(cookie)).status).toBe(303);
    const now = app.clock.now();
    const store = new KyselyConsoleSessionStore(app.database);
    expect(await store.deleteExpired(liveBounds(app.config.console, now))).toBeGreaterThanOrEqual(1);
    const left = await app.database.db
      .selectFrom('console_sessions')
      .select('key_id')
      .where('key_id', '=', other.body.data.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a change without the session CSRF token, and a form too large, changing nothing', async () => {
    const { cookie } = await signIn(account.live);
    const keys = async () => (await app.request('GET', '/v1/keys', { key: account.live })).body.data.length;
    const before = await keys();
    for (const body of [form({ mode: 'live' }), form({ mode: 'live', _csrf: 'x'.repeat(43) })]) {
      const response = await fetch(`${app.url}/console/keys`, {
        method: 'POST',
        headers: { ...FORM, cookie },
        body,
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('nothing was changed');
    }
    const huge = await fetch(`${app.url}/console/keys`, {
      method: 'POST',
      headers: { ...FORM, cookie },
      body: form({ mode: 'live', name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toContain('text/html');
    expect(await keys()).toBe(before);
  });

  it("shows a session its own account's records of its key's mode only: any other id is 404, and nothing changes", async () => {
    const other = await app.account('business');
    const testRecord = await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: account.test });
    const liveDecision = await app.request('POST', '/v1/decisions', {
      key: account.live,
      body: { seller: { country_code: 'DE' }, buyer: { country_code: 'FR' }, supply: { kind: 'goods' } },
    });
    const liveMonitor = await app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: 'DE123456704', interval: 'weekly' },
    });
    const liveKeys = (await app.request('GET', '/v1/keys', { key: account.live })).body.data.filter(
      (key: { mode: string }) => key.mode === 'live',
    );
    const active = async () =>
      (await app.request('GET', '/v1/keys', { key: account.live })).body.data.filter(
        (key: { revoked_at: string | null }) => key.revoked_at === null,
      ).length;
    const activeBefore = await active();
    const recordId = testRecord.body.meta.validation_id;
    const views = [`/console/validations/${recordId}`, `/console/validations/${recordId}/proof.pdf`];
    const liveViews = [`/console/decisions/${liveDecision.body.data.id}/proof.pdf`];
    const liveChanges = [
      [`/console/monitors/${liveMonitor.body.data.id}`, { action: 'remove' }],
      ...liveKeys.map((key: { id: string }) => [`/console/keys/${key.id}/revoke`, {}] as const),
    ] as const;

    const cases = [
      { key: account.live, views, changes: [] },
      { key: account.test, views: liveViews, changes: liveChanges },
      { key: other.live, views: [...views, ...liveViews], changes: liveChanges },
      { key: other.test, views: [...views, ...liveViews], changes: liveChanges },
    ];
    for (const { key, views, changes } of cases) {
      const { cookie } = await signIn(key);
      const csrf = await csrfOf(cookie);
      for (const path of views) expect((await open(cookie, path)).status, `${key} ${path}`).toBe(404);
      for (const [path, fields] of changes) {
        const response = await fetch(`${app.url}${path}`, {
          method: 'POST',
          headers: { ...FORM, cookie },
          body: form({ ...fields, _csrf: csrf }),
        });
        // A test key may not manage keys at all (403); anything else is not found.
        expect([403, 404], `${key} ${path}`).toContain(response.status);
      }
    }
    expect(
      (await app.request('GET', `/v1/monitors/${liveMonitor.body.data.id}`, { key: account.live })).status,
    ).toBe(200);
    expect(await active()).toBe(activeBefore);
  });

  it('accepts the internal credential only from this process: a forged one from outside is 401', async () => {
    const response = await app.request('GET', '/v1/usage', {
      headers: { 'x-console-credential': 'A'.repeat(43), 'x-console-key-hash': hashKey(account.live) },
    });
    expect(response.status).toBe(401);
  });
});

describeEachDialect('console session cookie over https', (dialect) => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { PUBLIC_URL: 'https://vat.example.com' } });
    account = await app.account('pro');
  });
  afterAll(() => app?.close());

  const signIn = (headers: Headers = {}) => postSignIn(app.url, account.test, headers);
  const open = (cookie: string, headers: Headers = {}) => openConsole(app.url, cookie, headers);

  it('is __Host-console_session: Secure, Path=/, no Domain, HttpOnly, SameSite=Strict', async () => {
    const response = await signIn();
    expect(response.status).toBe(303);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(
      /^__Host-console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    const cookie = setCookie.split(';')[0];
    expect((await open(cookie)).status).toBe(200);
  });

  it('reads no console_session cookie (one another page could have set): only the __Host- one', async () => {
    const cookie = cookieOf(await signIn());
    const token = cookie.split('=')[1];
    const planted = await open(`console_session=${token}`);
    expect(planted.status).toBe(303);
    expect(planted.headers.get('location')).toBe('/console/sign-in');
    expect((await open(`console_session=${token}; ${cookie}`)).status).toBe(200);
  });

  it('stays Secure whatever X-Forwarded-Proto says, and sign-out clears the __Host- cookie', async () => {
    const cookie = cookieOf(await signIn({ 'x-forwarded-proto': 'http' }));
    expect(cookie).toMatch(/^__Host-console_session=/);
    const page = await (await open(cookie, { 'x-forwarded-proto': 'http' })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1];
    const out = await fetch(`${app.url}/console/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ _csrf: csrf }).toString(),
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toBe(
      '__Host-console_session=; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=0',
    );
    expect((await open(cookie)).status).toBe(303);
  });
});

describeEachDialect('console session cookie behind a TLS proxy that says so', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    // PUBLIC_URL stays http: only the proxy's X-Forwarded-Proto tells of HTTPS.
    app = await startTestApp(dialect);
  });
  afterAll(() => app?.close());

  it('is the __Host- cookie for a request forwarded as https, read on the requests forwarded so', async () => {
    const account = await app.account('pro');
    const forwarded = { 'x-forwarded-proto': 'https, http' };
    const response = await postSignIn(app.url, account.test, forwarded);
    expect(response.headers.get('set-cookie')).toMatch(
      /^__Host-console_session=.*; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect((await openConsole(app.url, cookieOf(response), forwarded)).status).toBe(200);
  });
});

describeEachDialect('console sessions: how many, and how long', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {
      env: { CONSOLE_SESSIONS_PER_ACCOUNT: '3', CONSOLE_IDLE_MINUTES: '30', CONSOLE_SESSION_HOURS: '12' },
    });
  });
  afterAll(() => app?.close());

  async function signIn(key: string, base = app.url): Promise<string> {
    const response = await postSignIn(base, key);
    expect(response.status).toBe(303);
    return cookieOf(response);
  }
  const status = async (cookie: string, base = app.url) => (await openConsole(base, cookie)).status;
  const sessionsOf = async (accountId: string) =>
    (
      await app.database.db
        .selectFrom('console_sessions')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()
    ).length;

  it('keeps at most CONSOLE_SESSIONS_PER_ACCOUNT per account, over all its keys: a sign-in past it ends the one seen least recently', async () => {
    const account = await app.account('business');
    const other = await app.account('business');
    const otherCookie = await signIn(other.live);
    const first = await signIn(account.live);
    app.clock.advance(MINUTE);
    const second = await signIn(account.test);
    app.clock.advance(MINUTE);
    const third = await signIn(account.live);
    app.clock.advance(MINUTE);
    // The first is used again: the second is now the one seen least recently.
    expect(await status(first)).toBe(200);
    app.clock.advance(MINUTE);
    const fourth = await signIn(account.test);
    expect(await sessionsOf(account.id)).toBe(3);
    const ended = await openConsole(app.url, second);
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe('/console/sign-in?ended=1');
    for (const cookie of [first, third, fourth, otherCookie]) expect(await status(cookie)).toBe(200);
    // Another account's sessions are its own: many sign-ins here end none of them.
    for (let i = 0; i < 4; i += 1) await signIn(account.live);
    expect(await status(otherCookie)).toBe(200);
    expect(await sessionsOf(account.id)).toBe(3);
  });

  it('a browser signing in again at the cap replaces its own session, and ends no other', async () => {
    const account = await app.account('business');
    // Three browsers a minute apart, the first seen least recently.
    const browsers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      browsers.push(await signIn(account.live));
      app.clock.advance(MINUTE);
    }
    // The last signs in again, sending its cookie: that session is the one replaced.
    const response = await postSignIn(app.url, account.live, { cookie: browsers[2] });
    expect(response.status).toBe(303);
    expect(await status(browsers[2])).toBe(303);
    for (const cookie of [browsers[0], browsers[1], cookieOf(response)])
      expect(await status(cookie)).toBe(200);
    expect(await sessionsOf(account.id)).toBe(3);
  });

  it('never ends the session a sign-in makes, even when every other was seen later by another instance', async () => {
    const account = await app.account('business');
    // Another instance on the same database whose clock is a minute ahead of this one's.
    const aheadClock = new ManualClock(app.clock.now() + MINUTE);
    const ahead = await startTestApp(dialect, {
      env: { CONSOLE_SESSIONS_PER_ACCOUNT: '3' },
      clock: aheadClock,
      database: { database: app.database, url: app.databaseUrl },
    });
    try {
      const there: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        there.push(await signIn(account.live, ahead.url));
        aheadClock.advance(1_000);
      }
      const here = await signIn(account.live);
      expect(await status(here)).toBe(200);
      expect(await sessionsOf(account.id)).toBe(3);
      // The one seen least recently there made room.
      expect(await status(there[0], ahead.url)).toBe(303);
      for (const cookie of there.slice(1)) expect(await status(cookie, ahead.url)).toBe(200);
    } finally {
      await ahead.close();
    }
  });

  it('leaves no more than the cap after sign-ins at once', async () => {
    const account = await app.account('business');
    const answers = await Promise.all(Array.from({ length: 8 }, () => postSignIn(app.url, account.live)));
    for (const answer of answers) expect(answer.status).toBe(303);
    expect(await sessionsOf(account.id)).toBe(3);
  });

  it('applies a lowered CONSOLE_SESSION_HOURS to sessions already open', async () => {
    const account = await app.account('pro');
    const cookie = await signIn(account.test);
    // Two hours in use (a page every 20 minutes, within the idle time).
    for (let minutes = 0; minutes < 120; minutes += 20) {
      app.clock.advance(20 * MINUTE);
      expect(await status(cookie)).toBe(200);
    }
    // The same database and clock, restarted with a one-hour lifetime.
    const restarted = await startTestApp(dialect, {
      env: { CONSOLE_SESSION_HOURS: '1' },
      clock: app.clock,
      database: { database: app.database, url: app.databaseUrl },
    });
    try {
      const response = await openConsole(restarted.url, cookie);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/console/sign-in?ended=1');
      // A new sign-in there lives on.
      expect(await status(await signIn(account.test, restarted.url), restarted.url)).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
