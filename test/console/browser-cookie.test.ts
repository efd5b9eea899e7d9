import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * The session cookie as a real headless Chromium keeps and sends it: over HTTPS (here a public URL
 * that is https, with the browser on 127.0.0.1, which Chromium treats as secure as HTTPS) the
 * `__Host-` cookie, which no other page can set, and a `console_session` cookie planted beside it
 * is never read; over plain HTTP on localhost (`npm start`'s default) the plain cookie, so sign-in
 * works there.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let https: TestApp;
let plain: TestApp;
let browser: Browser;

beforeAll(async () => {
  [https, plain] = await Promise.all([
    startTestApp(
      { name: 'sqlite' },
      { env: { ...OFFLINE_REGISTRIES, PUBLIC_URL: 'https://vat.example.com' } },
    ),
    startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES }),
  ]);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([https?.close(), plain?.close()]);
});

/** Signs `key` in through the sign-in form at `base`; the page lands on the overview. */
async function signIn(context: BrowserContext, base: string, key: string) {
  const page = await context.newPage();
  await page.goto(`${base}/console`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/console`);
  return page;
}

describe('the console session cookie in Chromium', () => {
  it('over HTTPS is __Host-console_session: Secure, Path=/, host-only, HttpOnly, SameSite=Strict; sign-out removes it', async () => {
    const account: TestAccount = await https.account('pro');
    const context = await browser.newContext();
    const page = await signIn(context, https.url, account.test);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-console_session']);
    expect(cookies[0]).toMatchObject({
      domain: '127.0.0.1',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
      expires: -1,
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Keys' }).click();
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('test');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/console\/sign-in\?signed_out=1/);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('over HTTPS reads no console_session cookie planted beside its own (as a sibling subdomain could set one)', async () => {
    const victim = await https.account('pro');
    const attacker = await https.account('pro');
    // The attacker's own live session, as a cookie of the name the console uses over plain HTTP.
    const signedIn = await fetch(`${https.url}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: attacker.live }).toString(),
      redirect: 'manual',
    });
    const token = /^__Host-console_session=([^;]+)/.exec(signedIn.headers.get('set-cookie')!)![1];
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'console_session', value: token, domain: '127.0.0.1', path: '/console' },
    ]);
    const page = await context.newPage();
    await page.goto(`${https.url}/console`);
    // Not signed in to the attacker's account: the console asks for a key.
    expect(page.url()).toBe(`${https.url}/console/sign-in`);
    await page.getByLabel('API key').fill(victim.test);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${https.url}/console`);
    // Both cookies are sent now; the console acts as the victim's own session.
    expect((await context.cookies()).map((cookie) => cookie.name).sort()).toEqual([
      '__Host-console_session',
      'console_session',
    ]);
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('test');
    await context.close();
  });

  it('over plain HTTP on localhost is console_session without Secure, and sign-in works', async () => {
    const account = await plain.account('pro');
    const base = plain.url.replace('127.0.0.1', 'localhost');
    const context = await browser.newContext();
    const page = await signIn(context, base, account.live);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(['console_session']);
    expect(cookies[0]).toMatchObject({
      domain: 'localhost',
      path: '/console',
      secure: false,
      httpOnly: true,
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Keys' }).click();
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('live');
    await context.close();
  });
});
