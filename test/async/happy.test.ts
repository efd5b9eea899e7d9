import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RegistrySimulator } from '../../simulator/server.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describeEachDialect('async validation happy path', (dialect) => {
  let sim: RegistrySimulator;
  let app: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
    app = await startTestApp(dialect, {
      clock: 'system',
      worker: true,
      env: {
        ...sim.env(),
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        WORKER_POLL_MS: '20',
        ASYNC_RETRY_DELAYS_MS: '10,20,40,80,160',
        WEBHOOK_RETRY_DELAYS_MS: '10,20,40',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
    await sim.close();
  });

  it('delivers validation.completed, signed', async () => {
    const account = await app.account('business');
    const put = await app.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: receiver.url },
    });
    expect(put.status, put.text).toBe(200);
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: 'NL123456782B01' },
    });
    expect(res.status, res.text).toBe(202);
    const got = await receiver.waitFor(
      (r) => r.some((x) => x.body.includes(res.body.data.request_id)),
      10_000,
    );
    const req = got.find((x) => x.body.includes(res.body.data.request_id))!;
    const wh = new Webhook(put.body.data.signing_secret);
    const event = wh.verify(req.body, req.headers as Record<string, string>) as {
      type: string;
      data: { valid: boolean };
    };
    expect(event.type).toBe('validation.completed');
    expect(event.data.valid).toBe(true);
  });

  it('delivers batch.completed', async () => {
    const account = await app.account('pro');
    await app.request('PUT', '/v1/webhooks/config', { key: account.live, body: { url: receiver.url } });
    const res = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: ['NL123456782B01', 'DE123456704', 'DE123456704', 'XX1', 'DE123456705'] },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'pending', total: 5, accepted: 4 });
    const got = await receiver.waitFor((r) => r.some((x) => x.body.includes(res.body.data.batch_id)), 10_000);
    const body = JSON.parse(got.find((x) => x.body.includes(res.body.data.batch_id))!.body);
    expect(body.type).toBe('batch.completed');
    expect(body.data.summary).toEqual({ total: 4, succeeded: 4, failed: 0 });
  });
});
