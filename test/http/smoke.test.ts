import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';

describeEachDialect('smoke', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  it('answers a magic number in test mode', async () => {
    const account = await app.account('business');
    const res = await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: account.test });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.mode).toBe('test');
  });
});
