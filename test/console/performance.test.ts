import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS } from '../../src/console/assets.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';

/**
 * The console's budgets (wave-2 H): each page's first load under 1 s on localhost, and its script
 * and styles under 150 KB compressed in total. The figures are printed for the test report.
 */

const PAGES = [
  '/console',
  '/console/validate',
  '/console/history',
  '/console/bulk',
  '/console/monitors',
  '/console/webhooks',
  '/console/keys',
  '/console/rates',
  '/console/sign-in',
];

describe('console budgets', () => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite' });
    const account = await app.account('business');
    for (let i = 0; i < 30; i += 1) {
      await app.request('GET', `/v1/validate?vat_number=DE123456704&reference=r${i}`, { key: account.test });
    }
    const signIn = await fetch(`${app.url}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: account.test }).toString(),
      redirect: 'manual',
    });
    cookie = signIn.headers.get('set-cookie')!.split(';')[0];
  });
  afterAll(() => app?.close());

  it('loads every page, with its stylesheet and script, in under 1 s', async () => {
    const report: string[] = [];
    for (const path of PAGES) {
      const started = performance.now();
      const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
      const page = await response.text();
      const assets = [...page.matchAll(/(?:href|src)="(\/console\/assets\/[^"]+)"/g)].map(
        (match) => match[1],
      );
      await Promise.all(assets.map(async (asset) => (await fetch(`${app.url}${asset}`)).arrayBuffer()));
      const ms = performance.now() - started;
      report.push(`${path.padEnd(20)} ${ms.toFixed(1).padStart(7)} ms  ${response.status}`);
      expect(response.status).toBe(200);
      expect(assets).toHaveLength(2);
      expect(ms).toBeLessThan(1_000);
    }
    console.log(`console first loads (page + CSS + JS, localhost):\n${report.join('\n')}`);
  });

  it('serves script and styles under 150 KB gzip-compressed in total, gzip when accepted', async () => {
    let total = 0;
    for (const asset of ASSETS) {
      const response = await fetch(`${app.url}${asset.path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('cache-control')).toContain('immutable');
      total += gzipSync(asset.body).length;
    }
    console.log(`console script and styles: ${total} bytes gzip-compressed`);
    expect(total).toBeLessThan(150 * 1024);
  });
});
