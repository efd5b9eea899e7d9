import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * Login CSRF in a real headless Chromium: a page of another site (served here on `localhost`, the
 * service on `127.0.0.1`, two sites to the browser) posts the console's sign-in form with the
 * attacker's key. The browser must not come away signed in to the attacker's account, whether it
 * had no session or the victim's own.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let app: TestApp;
let browser: Browser;
let attackerSite: Server;
let attackerUrl: string;
let victim: TestAccount;
let attacker: TestAccount;

/** The attacker's page: a form that posts itself to the console's sign-in as soon as it loads. */
function attackerPage(consoleUrl: string, key: string): string {
  return `<!doctype html><html><body>
<form id="f" method="post" action="${consoleUrl}/console/sign-in"><input name="api_key" value="${key}"></form>
<script>document.getElementById('f').submit();</script>
</body></html>`;
}

beforeAll(async () => {
  app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
  victim = await app.account('business');
  attacker = await app.account('free');
  attackerSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackerPage(app.url, attacker.live));
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://localhost:${(attackerSite.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attackerSite?.close(resolve));
  await app?.close();
});

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  // The cookie's path is /console: only a URL under it is sent the cookie.
  return (await context.cookies(`${app.url}/console`)).find((cookie) => cookie.name === 'console_session')
    ?.value;
}

/** Opens the attacker's page and waits for its form to land on the console. */
async function visitAttacker(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(attackerUrl);
  await page.waitForURL((url) => url.href.startsWith(app.url));
  await page.waitForLoadState();
  return page;
}

describe('a sign-in posted from another site in Chromium', () => {
  it('leaves a browser without a session signed out, on a page that says why', async () => {
    const context = await browser.newContext();
    const page = await visitAttacker(context);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await page.getByRole('alert').textContent()).toContain('sent from a page of another site');
    await context.close();
  });

  it("keeps the victim's own session when the victim is signed in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/console`);
    await page.getByLabel('API key').fill(victim.live);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/console`);
    const own = await sessionCookie(context);
    expect(own).toBeDefined();

    await visitAttacker(context);
    expect(await sessionCookie(context)).toBe(own);
    await page.goto(`${app.url}/console/keys`);
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('live');
    expect(await page.textContent('main')).not.toContain(attacker.live.slice(0, 16));
    await context.close();
  });
});
