import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * What Chromium itself must enforce for the console, against the real service (without a worker,
 * so a bulk file stays in progress): its Content-Security-Policy keeps markup that got past the
 * escaping from running, a page of another site cannot frame it, and a bulk file's progress page
 * updates in place with script, reloads itself without, and leaves for sign-in once the session ends.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let app: TestApp;
let browser: Browser;
let account: TestAccount;
let framingSite: Server;

beforeAll(async () => {
  app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
  account = await app.account('business');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  // Another site (`localhost` against the service's `127.0.0.1`) framing the console's keys page.
  framingSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><iframe src="${app.url}/console/keys" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framingSite.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => framingSite?.close(resolve));
  await app?.close();
});

async function signedIn(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${app.url}/console`);
  await page.getByLabel('API key').fill(account.test);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/console`);
  return { context, page };
}

/** Uploads a one-row file; its progress page stays open (no worker answers it). */
async function uploadAndWatch(page: Page): Promise<void> {
  await page.goto(`${app.url}/console/bulk`);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'one.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('vat_number\nDE123456704\n'),
  });
  await page.getByRole('button', { name: 'Upload and validate' }).click();
  await page.waitForURL(/\/console\/bulk\/blk_/);
  expect(await page.locator('[data-status]').getAttribute('data-status')).not.toBe('completed');
}

function mainFrameLoads(page: Page): () => number {
  let loads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

describe('the console in Chromium', () => {
  it('runs no inline script, event handler, javascript: link or inline style, even if one reached a page', async () => {
    const { context, page } = await signedIn();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    // The page as the service sent it, headers and all, with markup added that the escaping
    // would never let through: only the policy stands between it and the browser.
    await page.route(`${app.url}/console/keys`, async (route) => {
      const response = await route.fetch();
      const injected = `<script>window.__xss=1</script><img src="/favicon.ico" onload="window.__xss=2"><a id="js-link" href="javascript:window.__xss=3">link</a><p id="styled" style="color:rgb(1, 2, 3)">styled</p>`;
      const body = (await response.text()).replace('<main id="main" tabindex="-1">', `$&${injected}`);
      await route.fulfill({ response, body });
    });
    await page.goto(`${app.url}/console/keys`);
    await page.locator('#js-link').click();
    await expect.poll(() => blocked.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
    expect(
      await page
        .locator('#styled')
        .evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).color),
    ).not.toBe('rgb(1, 2, 3)');
    // The console's own script still runs: the Copy buttons and confirmations depend on it.
    expect(blocked.join('\n')).not.toContain('/console/assets/');
    await context.close();
  });

  it('cannot be framed by a page of another site', async () => {
    const { context } = await signedIn();
    const page = await context.newPage();
    const refused = page.waitForEvent('console', (message) =>
      /frame-ancestors|refused to frame/i.test(message.text()),
    );
    await page.goto(`http://localhost:${(framingSite.address() as AddressInfo).port}/`);
    await refused;
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(
      await frame
        ?.locator('[data-mode]')
        .count()
        .catch(() => 0),
    ).toBe(0);
    await context.close();
  });

  it('updates a bulk file’s progress in place with script, and leaves for sign-in once the session ends', async () => {
    const { context, page } = await signedIn();
    await uploadAndWatch(page);
    const loads = mainFrameLoads(page);
    let polls = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch' && /\/console\/bulk\/blk_/.test(request.url())) polls += 1;
    });
    await expect.poll(() => polls, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(loads()).toBe(0);

    const other = await context.newPage();
    await other.goto(`${app.url}/console`);
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.waitForURL(/\/console\/sign-in/);
    await page.waitForURL(/\/console\/sign-in/, { timeout: 30_000 });
    const settled = polls;
    await page.waitForTimeout(3_000);
    expect(polls).toBe(settled);
    await context.close();
  });

  it('reloads a bulk file’s progress page by itself without script', async () => {
    const { context, page } = await signedIn({ javaScriptEnabled: false });
    await uploadAndWatch(page);
    const loads = mainFrameLoads(page);
    await expect.poll(loads, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(page.url()).toMatch(/\/console\/bulk\/blk_/);
    await context.close();
  });
});
