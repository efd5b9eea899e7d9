import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsyncStack, startAsyncStack } from '../async/support.js';
import type { TestAccount } from '../helpers/harness.js';

/**
 * The console in a real headless Chromium (Debian's chromium), against the real service with a
 * worker, the registry simulator and an HTTPS webhook receiver: every page's main action.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const XSS = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">"'`;

let stack: AsyncStack;
let browser: Browser;
let account: TestAccount;

beforeAll(async () => {
  stack = await startAsyncStack({ name: 'sqlite' });
  account = await stack.app.account('business');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signedIn(key: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stack.app.url}/console`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${stack.app.url}/console`);
  return { context, page };
}

async function xssFired(page: Page): Promise<unknown> {
  return page.evaluate(() => (globalThis as { __xss?: number }).__xss);
}

describe('console in Chromium', () => {
  it('refuses a wrong key with a clear message, then signs in with a live key and shows its mode', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.app.url}/console`);
    expect(page.url()).toContain('/console/sign-in');
    await page.getByLabel('API key').fill('svc_live_0000000000000000000000000000000x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not valid or has been revoked');
    await page.getByLabel('API key').fill(account.live);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${stack.app.url}/console`);
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('live');
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'console_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });
    expect(JSON.stringify(cookies)).not.toContain(account.live);
    expect(await page.content()).not.toContain(account.live);
    expect(await page.locator('meter#quota').count()).toBe(1);
    await context.close();
  });

  it('validates a number with a test key: result, record with evidence, proof PDF download', async () => {
    const { context, page } = await signedIn(account.test);
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('test');
    await page.getByRole('navigation').getByRole('link', { name: 'Validate' }).click();
    await page.locator('#vat_number').fill('DE123456704');
    await page.locator('#reference').fill(XSS);
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.locator('#result-h').textContent()).resolves.toContain('valid');
    expect(await page.textContent('main')).toContain('Musterfirma Test GmbH');
    expect(await page.textContent('main')).toContain('<script>window.__xss=1</script>');
    await page.getByRole('link', { name: 'Record and evidence' }).click();
    expect(await page.textContent('main')).toContain('DE123456704');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the proof PDF' }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await xssFired(page)).toBeUndefined();
    await context.close();
  });

  it('shows a stored registry exchange edited since it was kept as changed, with a warning', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${stack.app.url}/console/validate`);
    await page.locator('#vat_number').fill('ATU12345675');
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByRole('link', { name: 'Record and evidence' }).click();
    expect(await page.textContent('main')).toContain('unchanged: they match their hashes');
    expect(await page.getByRole('alert').count()).toBe(0);
    const id = page.url().split('/').at(-1)!;
    const { evidence_id } = await stack.app.database.db
      .selectFrom('validations')
      .select('evidence_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { response_body } = await stack.app.database.db
      .selectFrom('evidence')
      .select('response_body')
      .where('id', '=', evidence_id!)
      .executeTakeFirstOrThrow();
    await stack.app.database.db
      .updateTable('evidence')
      .set({ response_body: response_body.replace('true', 'TRUE') })
      .where('id', '=', evidence_id!)
      .execute();
    await page.reload();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'no longer matches the hash it was kept with',
    );
    expect(await page.textContent('main')).toContain('changed: they no longer match their hashes');
    await context.close();
  });

  it('renders a registry company name with markup as text, and lists it in history with filters and a CSV export', async () => {
    const company = stack.sim.listCompanies().find((c) => c.vatNumber.startsWith('DE') && c.vatRegistered)!;
    stack.sim.addCompany({ ...company, name: `Evil ${XSS} GmbH` });
    const { context, page } = await signedIn(account.live);
    await page.goto(`${stack.app.url}/console/validate`);
    await page.locator('#vat_number').fill(company.vatNumber);
    await page.locator('#reference').fill('order-77');
    await page.getByRole('button', { name: 'Validate' }).click();
    expect(await page.textContent('main')).toContain(`Evil ${XSS} GmbH`);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await xssFired(page)).toBeUndefined();
    await page.goto(`${stack.app.url}/console`);
    // The README's screenshot: rewritten with UPDATE_SCREENSHOT=1 (or when missing), so an
    // ordinary test run leaves the checkout as it was.
    const screenshot = join(process.cwd(), 'docs', 'console.png');
    const update = process.env.UPDATE_SCREENSHOT === '1' || !existsSync(screenshot);
    expect((await page.screenshot(update ? { path: screenshot } : {})).length).toBeGreaterThan(10_000);

    await page.getByRole('link', { name: 'History' }).click();
    expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    await page.getByLabel('Reference').fill('no-such-reference');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await page.textContent('main')).toContain('No records match these filters');
    await page.getByLabel('Reference').fill('order-77');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await page.locator('tbody tr').count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export these records as CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('vat_number');
    expect(csv).toContain(company.vatNumber);
    expect(await xssFired(page)).toBeUndefined();
    await context.close();
  });

  it('adds, pauses, checks and removes a monitor', async () => {
    const { context, page } = await signedIn(account.test);
    await page.goto(`${stack.app.url}/console/monitors`);
    expect(await page.textContent('main')).toContain('No monitors yet');
    await page.getByLabel('VAT number').fill('DE123456704');
    await page.getByRole('button', { name: 'Add monitor' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Monitoring DE123456704');
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await page.locator('tbody').textContent()).toContain('paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Check now' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Checked now');
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Remove' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Monitor removed');
    await context.close();
  });

  it('configures a webhook, sends a test, shows the attempt log and replays', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${stack.app.url}/console/webhooks`);
    await page.getByLabel('HTTPS URL').fill(stack.receiver.url);
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Saved');
    await page.getByRole('button', { name: 'Reveal the signing secret' }).click();
    const secret = await page.locator('#secret').textContent();
    await page.getByLabel('Rotate the signing secret').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Reveal the signing secret' }).click();
    expect(await page.locator('#secret').textContent()).not.toBe(secret);
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await expect.poll(() => stack.receiver.requests.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await page.goto(`${stack.app.url}/console/webhooks`);
    await page.getByRole('link', { name: 'Attempt log' }).first().click();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.textContent('main');
        },
        { timeout: 30_000 },
      )
      .toContain('200 in');
    await page.getByRole('button', { name: 'Replay' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Replayed');
    await context.close();
  });

  it('creates a key shown once and revokes it', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${stack.app.url}/console/keys`);
    await page.getByLabel('Name').fill('From the console');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').textContent())!.trim();
    expect(key).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    await page.goto(`${stack.app.url}/console/keys`);
    expect(await page.content()).not.toContain(key);
    page.once('dialog', (dialog) => dialog.accept());
    await page.locator('tr', { hasText: 'From the console' }).getByRole('button', { name: 'Revoke' }).click();
    expect(await page.getByRole('status').textContent()).toContain('revoked');
    const refused = await stack.app.request('GET', '/v1/usage', { key });
    expect(refused.status).toBe(401);
    await context.close();
  });

  it('shows the rates in force on a chosen date, and the API error for a date out of range', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${stack.app.url}/console/rates`);
    await page.getByLabel('Rates in force on').fill('2025-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.textContent('h1')).toContain('1 Jan 2025');
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(25);
    await page.goto(`${stack.app.url}/console/rates?date=2020-01-01`);
    expect(await page.getByRole('alert').textContent()).toContain('validation_error');
    await context.close();
  });

  it('refuses a form with a forged or missing CSRF token (403) and changes nothing', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${stack.app.url}/console/keys`);
    const before = (await stack.app.request('GET', '/v1/keys', { key: account.live })).body.data.length;
    for (const value of ['forged', null]) {
      const status = await page.evaluate(async (csrf) => {
        const body = new URLSearchParams({ mode: 'live', name: 'forged' });
        if (csrf !== null) body.set('_csrf', csrf);
        const response = await fetch('/console/keys', { method: 'POST', body });
        return response.status;
      }, value);
      expect(status).toBe(403);
    }
    const after = (await stack.app.request('GET', '/v1/keys', { key: account.live })).body.data.length;
    expect(after).toBe(before);
    await context.close();
  });

  it('signs out: the session is gone on the server, and its cookie replayed is refused', async () => {
    const { context, page } = await signedIn(account.live);
    const cookie = (await context.cookies()).find((c) => c.name === 'console_session')!;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/sign-in/);
    const replayed = await fetch(`${stack.app.url}/console`, {
      headers: { cookie: `console_session=${cookie.value}` },
      redirect: 'manual',
    });
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get('location')).toContain('/console/sign-in');
    await context.close();
  });

  it('watches a bulk upload to completion and downloads the results', async (test) => {
    const probe = await stack.app.request('GET', '/v1/bulk', { key: account.test });
    if (probe.status === 404) test.skip();
    const { context, page } = await signedIn(account.test);
    await page.goto(`${stack.app.url}/console/bulk`);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('vat_number,reference\nDE123456704,a\nDE12345,bad\nATU12345675,c\n'),
    });
    // The form sent twice before the click (a double click, a resend): one file, every time.
    const sentTwice = await page.evaluate(`(async () => {
      const form = document.querySelector('form[action="/console/bulk"]');
      const send = () => fetch(form.action, { method: 'POST', body: new FormData(form) });
      return [(await send()).url, (await send()).url];
    })()`);
    await page.getByRole('button', { name: 'Upload and validate' }).click();
    await page.waitForURL(/\/console\/bulk\/blk_/);
    expect(sentTwice).toEqual([page.url(), page.url()]);
    const files = await stack.app.request('GET', '/v1/bulk', { key: account.test });
    expect(files.body.data.map((file: { bulk_id: string }) => file.bulk_id)).toEqual([
      page.url().split('/').pop(),
    ]);
    await expect
      .poll(() => page.locator('[data-status]').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('completed');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the results (CSV)' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('DE123456704');
    await context.close();
  });
});
