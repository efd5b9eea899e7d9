import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { type LocalApp, startLocalApp } from '../helpers/local-app.js';
import { runWebhooks } from './support.js';

/**
 * `vat-service webhooks trigger KIND` against the real app: a sample event sent to the test-mode
 * endpoints subscribed to it, each delivery printed. (As a child process next to `listen
 * --forward-to`: test/cli/webhooks-listen.test.ts.)
 */

describe('vat-service webhooks trigger', () => {
  let app: TestApp;
  let local: LocalApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp(
      { name: 'sqlite' },
      { clock: 'system', env: { WEBHOOK_ALLOW_LOCAL_HTTP: 'true' } },
    );
    local = await startLocalApp();
    account = await app.account('pro');
  });
  afterAll(async () => {
    await app?.close();
    await local?.close();
  });
  const trigger = (argv: string[], key = account.test) =>
    runWebhooks(['trigger', ...argv, '--url', app.url, '--key', key]);

  it('without a subscribed endpoint: exit 1 and the service’s reason', async () => {
    const result = await trigger(['batch.completed']);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain('answered 400 webhook_not_configured');
  });

  it('prints the sample and each delivery: endpoint, URL, status and the answer', async () => {
    const first = await app.request('POST', '/v1/webhooks/endpoints', {
      key: account.test,
      body: { url: local.url },
    });
    const result = await trigger(['monitor.changed']);
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(result.out).toHaveLength(1);
    expect(result.out[0]).toMatch(
      new RegExp(
        `^Sent a sample monitor\\.changed \\(evt_[0-9a-f]{32}\\) to 1 endpoint:\\n {2}${first.body.data.id} {2}${local.url} {2}delivered {2}200$`,
      ),
    );
    const body = JSON.parse(local.requests.at(-1)!.body.toString('utf8'));
    expect(body).toMatchObject({ type: 'monitor.changed', data: { reference: 'sample' } });

    local.respondWith(503);
    try {
      const json = await trigger(['validation.completed', '--json']);
      expect(json.code).toBe(0);
      const data = JSON.parse(json.out[0]);
      expect(data).toEqual({
        event_id: expect.stringMatching(/^evt_/),
        event: 'validation.completed',
        deliveries: [
          expect.objectContaining({
            endpoint_id: first.body.data.id,
            status: 'pending',
            last_status_code: 503,
          }),
        ],
      });
      const text = await trigger(['test']);
      expect(text.out[0]).toMatch(/ {2}failed {2}503$/);
    } finally {
      local.respondWith(200, '{"ok":true}');
    }
  });

  it('an unknown kind: exit 1 naming it and the kinds there are', async () => {
    const result = await trigger(['invoice.paid']);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(
      /answered 422 validation_error: event: unknown event kind "invoice\.paid"; the kinds are validation\.completed, .*test/,
    );
  });

  it.each([
    [
      ['batch.completed', '--key', `svc_live_${'B'.repeat(32)}`],
      'samples go to test mode only; use a test key',
    ],
    [['--key', `svc_test_${'C'.repeat(32)}`], 'KIND is required'],
    [['test', 'extra', '--key', `svc_test_${'C'.repeat(32)}`], "Unexpected argument 'extra'"],
    [['test'], '--key is required'],
  ])('bad arguments %j: exit 2 with the usage line', async (argv, message) => {
    const result = await runWebhooks(['trigger', ...argv], {});
    expect(result.code).toBe(2);
    const text = result.err.join('\n');
    expect(text).toContain(message);
    expect(text).toContain('Usage: vat-service webhooks trigger KIND [--key KEY] [--url URL] [--json]');
    expect(text).not.toContain('B'.repeat(32));
  });
});
