import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMATS } from '../../src/numbers/formats.js';
import type { VatCountryCode } from '../../src/numbers/index.js';
import { upload } from '../bulk/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from './support.js';

/**
 * Lists ordered by creation keep the order things were made in when several are made in one
 * millisecond (the test clock stands still here, as a fast machine's can seem to): newest first
 * is the reverse of the order made, oldest first the order made, never the random order of ids.
 */
describeEachDialect('lists of things made in one millisecond', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { ...OFFLINE_REGISTRIES, WEBHOOK_ALLOWED_HOSTS: 'localhost' } });
  });
  afterAll(() => app?.close());

  const COUNTRIES: VatCountryCode[] = ['DE', 'FR', 'IT', 'NL', 'AT', 'BE'];
  const numbers = COUNTRIES.map((country) => FORMATS[country].example);

  async function listed(key: string, path: string, member: string): Promise<string[]> {
    const res = await app.request('GET', path, { key });
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((item: Record<string, string>) => item[member]);
  }

  it('validation records: newest first', async () => {
    const { test: key } = await app.account('pro');
    for (const number of numbers) {
      const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key });
      expect(res.status, res.text).toBe(200);
    }
    expect(await listed(key, '/v1/validations', 'vat_number')).toEqual([...numbers].reverse());
  });

  it('decisions: newest first', async () => {
    const { test: key } = await app.account('pro');
    const made: string[] = [];
    for (const country of COUNTRIES) {
      const res = await app.request('POST', '/v1/decisions', {
        key,
        body: {
          seller: { country_code: 'PL' },
          buyer: { country_code: country },
          supply: { kind: 'services' },
        },
      });
      expect(res.status, res.text).toBe(200);
      made.push(res.body.data.id);
    }
    expect(await listed(key, '/v1/decisions', 'id')).toEqual([...made].reverse());
  });

  it('bulk files: newest first', async () => {
    const { test: key } = await app.account('pro');
    const made: string[] = [];
    for (const number of numbers) {
      const res = await upload(app, key, `vat_number\n${number}\n`);
      expect(res.status, res.text).toBe(202);
      made.push(res.body.data.bulk_id);
    }
    expect(await listed(key, '/v1/bulk', 'bulk_id')).toEqual([...made].reverse());
  });

  it('monitors: newest first', async () => {
    const { test: key } = await app.account('pro');
    for (const number of numbers) {
      const res = await app.request('POST', '/v1/monitors', {
        key,
        body: { vat_number: number, interval: 'daily' },
      });
      expect(res.status, res.text).toBe(201);
    }
    expect(await listed(key, '/v1/monitors', 'vat_number')).toEqual([...numbers].reverse());
    const paged: string[] = [];
    for (let cursor = ''; ; ) {
      const res = await app.request('GET', `/v1/monitors?limit=4${cursor}`, { key });
      paged.push(...res.body.data.map((monitor: { vat_number: string }) => monitor.vat_number));
      if (!res.body.meta.has_more) break;
      cursor = `&cursor=${res.body.meta.next_cursor}`;
    }
    expect(paged).toEqual([...numbers].reverse());
  });

  it('webhook deliveries: newest first', async () => {
    const { test: key } = await app.account('pro');
    const put = await app.request('PUT', '/v1/webhooks/config', {
      key,
      body: { url: 'https://localhost:1/hook' },
    });
    expect(put.status, put.text).toBe(200);
    const made: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await app.request('POST', '/v1/webhooks/test', { key });
      expect(res.status, res.text).toBe(200);
      made.push(res.body.data.id);
    }
    expect(await listed(key, '/v1/webhooks/deliveries', 'id')).toEqual([...made].reverse());
  });

  it('keys: oldest first', async () => {
    // The account's live key and then its test key, made in one millisecond.
    const account = await app.account('pro');
    const made = [account.live.slice(0, 13), account.test.slice(0, 13)];
    for (const mode of ['test', 'live', 'test', 'live']) {
      const res = await app.request('POST', '/v1/keys', { key: account.live, body: { mode } });
      expect(res.status, res.text).toBe(201);
      made.push(res.body.data.prefix);
    }
    expect(await listed(account.live, '/v1/keys', 'prefix')).toEqual(made);
  });
});
