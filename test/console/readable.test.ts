import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { asyncEnv } from '../async/support.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

/**
 * The console reads like a product, in a real headless Chromium: country names beside codes, times
 * in words with the exact time on hover, thousands separators, a usage chart with axes and
 * totals, registries by name, the webhook signing secret revealed only on request, no Revoke on
 * the key in use, rates by country name. The app runs on the harness's manual clock, so "3
 * minutes ago" is exact.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let sim: RegistrySimulator;
let receiver: Receiver;
let app: TestApp;
let browser: Browser;
let account: TestAccount;

beforeAll(async () => {
  sim = await startSimulator();
  receiver = await startReceiver();
  app = await startTestApp({ name: 'sqlite' }, { env: asyncEnv(sim) });
  account = await app.account('business');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await receiver?.close();
  await sim?.close();
});

async function signedIn(key: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/console/sign-in`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/console`);
  return { context, page };
}

async function validate(key: string, vatNumber: string, reference?: string): Promise<void> {
  const query = new URLSearchParams({ vat_number: vatNumber, ...(reference ? { reference } : {}) });
  const answer = await app.request('GET', `/v1/validate?${query}`, { key });
  expect(answer.status, answer.text).toBe(200);
}

/** The text of each cell of one column of the page's first table body, in order. */
function column(page: Page, index: number): Promise<string[]> {
  return page.locator(`tbody tr > :nth-child(${index})`).allTextContents();
}

describe('the console reads like a product', () => {
  it('names the country beside every VAT number and offers countries by name as a filter', async () => {
    await validate(account.test, 'DE123456704', 'country-1');
    const { context, page } = await signedIn(account.test);
    await page.goto(`${app.url}/console/validate`);
    await page.locator('#vat_number').fill('ATU12345675');
    await page.getByRole('button', { name: 'Validate' }).click();
    expect(await page.locator('#result-h + dl .country').first().textContent()).toBe('Austria');

    await page.goto(`${app.url}/console/history?reference=country-1`);
    expect((await column(page, 2))[0]).toBe('DE123456704 Germany');
    await page.getByLabel('Country').selectOption({ label: 'Germany (DE)' });
    await page.getByLabel('Reference').fill('');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(new URL(page.url()).searchParams.get('country_code')).toBe('DE');
    const numbers = await column(page, 2);
    expect(numbers.length).toBeGreaterThan(0);
    for (const text of numbers) expect(text).toMatch(/^DE\d+ Germany$/);
    await context.close();
  });

  it('writes times in words with the exact ISO time on hover', async () => {
    await validate(account.test, 'DE123456704', 'times-1');
    app.clock.advance(3 * 60_000 + 20_000);
    const { context, page } = await signedIn(account.test);
    await page.goto(`${app.url}/console/history?reference=times-1`);
    const time = page.locator('tbody tr').first().locator('time');
    expect(await time.textContent()).toBe('3 minutes ago');
    const exact = await time.getAttribute('title');
    expect(exact).toMatch(ISO_TIME);
    expect(await time.getAttribute('datetime')).toBe(exact);
    await time.hover();
    expect(Date.parse(exact!)).toBe(app.clock.now() - (3 * 60_000 + 20_000));

    // A time more than a week away is its day; the quota's reset is the first of next month.
    await page.goto(`${app.url}/console`);
    const reset = page.locator('.card time').first();
    expect(await reset.textContent()).toBe('1 Dec 2026');
    expect(await reset.getAttribute('datetime')).toBe('2026-12-01');
    await context.close();
  });

  it('writes counts with thousands separators', async () => {
    const { context, page } = await signedIn(account.test);
    await page.goto(`${app.url}/console/bulk`);
    const rows = Array.from({ length: 1_200 }, (_, i) => `DE123456704,row-${i}`).join('\n');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`vat_number,reference\n${rows}\n`),
    });
    await page.getByRole('button', { name: 'Upload and validate' }).click();
    await page.waitForURL(/\/console\/bulk\/blk_/);
    const facts = page.locator('dl.facts');
    expect(await facts.locator('dt:text-is("Rows") + dd').textContent()).toBe('1,200');
    expect(await facts.locator('dt:text-is("Valid format") + dd').textContent()).toBe('1,200');
    expect(await page.locator('label[for="bulk-progress"]').textContent()).toContain('of 1,200 numbers');
    await page.goto(`${app.url}/console/bulk`);
    expect(await page.locator('tbody tr').first().locator('td:nth-child(4)').textContent()).toBe('1,200');
    await context.close();
  });

  it('draws the month as a chart with labelled axes, its total written out and a table of the days', async () => {
    const chartAccount = await app.account('pro');
    for (const number of ['DE123456704', 'ATU12345675', 'NL123456782B01'])
      await validate(chartAccount.test, number);
    const { context, page } = await signedIn(chartAccount.test);
    const chart = page.locator('svg.chart');
    expect(await chart.getAttribute('role')).toBe('img');
    const labels = await chart.locator('text').allTextContents();
    expect(labels).toContain('Validations');
    expect(labels).toContain('Day of November 2026');
    // The value axis from 0 to the top, and the days along the bottom, the last one included.
    expect(labels).toEqual(expect.arrayContaining(['0', '5', '1', '22']));
    expect(await chart.locator('line.axis').count()).toBe(2);
    const total = '3 validations in November 2026; the busiest day was 22 Nov 2026 with 3.';
    expect(await page.locator('figcaption').textContent()).toBe(total);
    expect(await chart.locator('desc').textContent()).toBe(total);
    await page.getByText('The figures by day').click();
    const days = page.locator('table.daily tbody tr');
    expect(await days.count()).toBe(22);
    expect(await days.last().textContent()).toBe('22 Nov 20263');
    expect(await page.locator('table.daily tfoot').textContent()).toBe('Total3');
    await context.close();
  });

  it('writes registries out by name wherever their ids would show', async () => {
    await validate(account.live, 'DE123456704', 'registry-1');
    const { context, page } = await signedIn(account.live);
    const registries = await page.locator('section[aria-labelledby="status-h"] tbody th').allTextContents();
    expect(registries).toEqual(
      expect.arrayContaining([
        'EU VIES',
        'HMRC (UK)',
        'Swiss UID register',
        'Brønnøysund register (NO)',
        'ABN Lookup (AU)',
      ]),
    );
    for (const name of registries) expect(name).not.toMatch(/^[a-z]+$/);
    expect(await page.locator('ul.sources').textContent()).toContain('EU VIES: 1');

    await page.goto(`${app.url}/console/history?reference=registry-1`);
    expect((await column(page, 5))[0]).toBe('EU VIES, a fresh answer');
    await page.getByRole('link', { name: 'Details' }).first().click();
    expect(await page.locator('dt:text-is("Registry") + dd').textContent()).toBe('EU VIES');
    await context.close();
  });

  it('keeps the webhook signing secret out of the page until Reveal is pressed', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${app.url}/console/webhooks`);
    await page.getByLabel('HTTPS URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Saved');
    const secret = (await app.request('GET', '/v1/webhooks/config', { key: account.live })).body.data
      .signing_secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(await page.content()).not.toContain(secret);
    await page.goto(`${app.url}/console/webhooks`);
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator('#secret').count()).toBe(0);

    await page.getByRole('button', { name: 'Reveal the signing secret' }).click();
    expect(await page.locator('#secret').textContent()).toBe(secret);
    await page.getByRole('link', { name: 'Hide' }).click();
    expect(await page.content()).not.toContain(secret);

    // Revealing is a form of the session: without its CSRF token nothing is shown.
    const forged = await page.evaluate(async () => {
      const response = await fetch('/console/webhooks/secret', {
        method: 'POST',
        body: new URLSearchParams(),
      });
      return { status: response.status, text: await response.text() };
    });
    expect(forged.status).toBe(403);
    expect(forged.text).not.toContain(secret);
    await context.close();
  });

  it('offers no Revoke for the key the session signed in with, and refuses revoking it', async () => {
    const own = await app.account('business');
    const { context, page } = await signedIn(own.live);
    await page.goto(`${app.url}/console/keys`);
    const current = page.locator('tr', { hasText: '(this session)' });
    expect(await current.count()).toBe(1);
    expect(await current.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    expect(await current.textContent()).toContain('in use by this session');
    // The other key of the account still has its button.
    expect(await page.getByRole('button', { name: 'Revoke' }).count()).toBe(1);

    const keys = (await app.request('GET', '/v1/keys', { key: own.live })).body.data as Array<{
      id: string;
      prefix: string;
    }>;
    const id = keys.find((key) => own.live.startsWith(key.prefix))!.id;
    const csrf = (await page.locator('input[name="_csrf"]').first().getAttribute('value'))!;
    const refused = await page.evaluate(
      async ([keyId, token]) => {
        const response = await fetch(`/console/keys/${keyId}/revoke`, {
          method: 'POST',
          body: new URLSearchParams({ _csrf: token }),
        });
        return { status: response.status, text: await response.text() };
      },
      [id, csrf],
    );
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('This is the key this session signed in with, so it was not revoked');
    expect((await app.request('GET', '/v1/usage', { key: own.live })).status).toBe(200);
    await page.reload();
    expect(await page.locator('[data-mode]').getAttribute('data-mode')).toBe('live');
    await context.close();
  });

  it('lists the rates by country name, A to Z', async () => {
    const { context, page } = await signedIn(account.live);
    await page.goto(`${app.url}/console/rates?date=2025-01-01`);
    expect(await page.textContent('h1')).toBe('VAT rates on 1 Jan 2025');
    const names = (await page.locator('tbody th').allTextContents()).map((text) =>
      text.replace(/ [A-Z]{2}$/, ''),
    );
    expect(names.length).toBeGreaterThan(25);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toContain('Greece');
    await context.close();
  });
});
