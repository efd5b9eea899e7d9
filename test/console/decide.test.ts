import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/numbers/formats.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * The console's Decide page in a real headless Chromium, beside Validate: a sale's treatment,
 * rate, amounts, invoice note and reasons, the buyer's check with a link to its record, and the
 * decision's proof PDF; a refused request shows the API's reason and keeps what was typed.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let app: TestApp;
let browser: Browser;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
  account = await app.account('pro');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('console: Decide', () => {
  it('decides a sale with a test key: treatment, rate, note, reasons, the buyer’s record and the proof PDF', async () => {
    const context = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1200, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/console/sign-in`);
    await page.getByLabel('API key').fill(account.test);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/console`);

    await page.getByRole('navigation').getByRole('link', { name: 'Decide' }).click();
    await page.locator('#seller_country').fill('DE');
    await page.locator('#buyer_country').fill('FR');
    await page.locator('#buyer_vat_number').fill(FORMATS.FR.example);
    await page.locator('#is_business').check();
    await page.locator('#kind').selectOption('services');
    await page.locator('#amount').fill('100');
    await page.locator('#currency').fill('EUR');
    await page.getByRole('button', { name: 'Decide' }).click();

    await expect(page.locator('#decision-h').textContent()).resolves.toContain('Reverse charge');
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain('France (FR)');
    expect(main).toContain('0 % (zero)');
    expect(main).toContain('net 100.00 · VAT 0.00 · gross 100.00 EUR');
    expect(main).toMatch(/Article 196|Art\. 196/);
    expect(await page.locator('pre.note').textContent()).not.toBe('');
    expect(main).toMatch(/valid \(live, checked/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Proof PDF' }).click(),
    ]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path!).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('link', { name: 'record' }).click();
    expect(await page.textContent('main')).toContain(FORMATS.FR.example);

    // A refusal shows the reason, and the form keeps what was typed.
    await page.goto(`${app.url}/console/decide`);
    await page.locator('#seller_country').fill('DE');
    await page.locator('#buyer_country').fill('US');
    await page.getByRole('button', { name: 'Decide' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('buyer.country_code');
    expect(await page.locator('#buyer_country').inputValue()).toBe('US');
    await context.close();
  });
});
