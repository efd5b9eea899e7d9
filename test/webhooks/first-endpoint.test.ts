import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';

/**
 * The configuration routes manage a key mode's first endpoint, the oldest. Endpoints made in one
 * millisecond (the test clock stands still, as a fast machine's can seem to) still have one
 * oldest: each is dated after the mode's newest, so the order is the order they were made in,
 * never the random order of their ids.
 */
describeEachDialect('the first webhook endpoint', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { WEBHOOK_ALLOWED_HOSTS: 'localhost' } });
  });
  afterAll(() => app?.close());

  it('stays the one PUT /v1/webhooks/config made when others are added in the same millisecond', async () => {
    const { test: key } = await app.account('pro');
    const put = await app.request('PUT', '/v1/webhooks/config', {
      key,
      body: { url: 'https://localhost:1/first' },
    });
    expect(put.status, put.text).toBe(200);
    const added: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await app.request('POST', '/v1/webhooks/endpoints', {
        key,
        body: { url: `https://localhost:1/other-${i}` },
      });
      expect(res.status, res.text).toBe(201);
      added.push(res.body.data.url);
    }
    const config = await app.request('GET', '/v1/webhooks/config', { key });
    expect(config.body.data.url).toBe('https://localhost:1/first');
    const list = (await app.request('GET', '/v1/webhooks/endpoints', { key })).body.data as {
      url: string;
      created_at: string;
    }[];
    expect(list.map((endpoint) => endpoint.url)).toEqual(['https://localhost:1/first', ...added]);
    const times = list.map((endpoint) => Date.parse(endpoint.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);

    const updated = await app.request('PUT', '/v1/webhooks/config', {
      key,
      body: { url: 'https://localhost:1/moved' },
    });
    expect(updated.status, updated.text).toBe(200);
    const after = (await app.request('GET', '/v1/webhooks/endpoints', { key })).body.data as {
      url: string;
    }[];
    expect(after.map((endpoint) => endpoint.url)).toEqual(['https://localhost:1/moved', ...added]);
  });
});
