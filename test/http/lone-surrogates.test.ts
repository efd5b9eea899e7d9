import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';

/**
 * A JSON string may escape half a surrogate pair on its own (`"\ud800"`): no text, which neither
 * database can store (UTF-8 has no form for it; both kept U+FFFD in its place while the answer
 * echoed the escape) and which has no canonical JSON form (a decision, or the hash of an
 * Idempotency-Key's request, failed with a 500). Such a body is 422 validation_error naming the
 * member, wherever it is, and nothing is stored.
 */
describeEachDialect('a lone surrogate in a JSON body', (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { WEBHOOK_ALLOWED_HOSTS: 'localhost' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Sends `body` (JSON text with the escapes as written) and expects the 422 naming `where`. */
  async function refused(
    method: string,
    path: string,
    key: string,
    body: string,
    where: string,
    headers = {},
  ) {
    const res = await app.request(method, path, { key, body, headers });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message).toBe(
      `${where}: holds a lone UTF-16 surrogate (an escape such as \\ud800 without its pair), which is not text.`,
    );
  }

  it('a decision naming a seller or buyer number with one: 422, no decision stored', async () => {
    const { test } = await app.account('business');
    const decision = (seller: string, buyer: string) =>
      `{"seller":{"country_code":"DE","vat_number":"${seller}"},"buyer":{"country_code":"NL","vat_number":"${buyer}"},"supply":{"kind":"goods"}}`;
    await refused(
      'POST',
      '/v1/decisions',
      test,
      decision('DE\\ud800', 'NL123456782B01'),
      'seller.vat_number',
    );
    await refused('POST', '/v1/decisions', test, decision('DE123456704', '\\udfffNL'), 'buyer.vat_number');
    expect((await app.request('GET', '/v1/decisions', { key: test })).body.data).toEqual([]);
  });

  it('with an Idempotency-Key, in a batch item: 422, and the key stays free for the corrected request', async () => {
    const { test } = await app.account('business');
    const headers = { 'idempotency-key': 'lone-surrogate-batch' };
    const path = '/v1/validate/batch';
    await refused(
      'POST',
      path,
      test,
      '{"vat_numbers":["DE123456704","DE\\ud800"]}',
      'vat_numbers.1',
      headers,
    );
    const fixed = await app.request('POST', path, {
      key: test,
      body: { vat_numbers: ['DE123456704'] },
      headers,
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a webhook endpoint description or a key name: 422, and what is stored reads back as sent', async () => {
    const { live } = await app.account('business');
    const url = 'https://localhost/hook';
    await refused(
      'POST',
      '/v1/webhooks/endpoints',
      live,
      `{"url":"${url}","description":"a\\ud800"}`,
      'description',
    );
    await refused('POST', '/v1/keys', live, '{"mode":"test","name":"\\udc00 key"}', 'name');
    expect((await app.request('GET', '/v1/webhooks/endpoints', { key: live })).body.data).toEqual([]);
    const keys = (await app.request('GET', '/v1/keys', { key: live })).body.data;
    expect(keys.map((key: { name: string | null }) => key.name)).not.toContain('\ufffd key');

    // A pair escaped as two halves is text: kept and read back as sent.
    const added = await app.request('POST', '/v1/webhooks/endpoints', {
      key: live,
      body: `{"url":"${url}","description":"Receipts \\ud83e\\uddfe"}`,
    });
    expect(added.status, added.text).toBe(201);
    const read = await app.request('GET', `/v1/webhooks/endpoints/${added.body.data.id}`, { key: live });
    expect(read.body.data.description).toBe('Receipts 🧾');
  });

  it('in a member name, or deep inside a member no route takes: 422 naming where it is', async () => {
    const { test } = await app.account('business');
    await refused(
      'POST',
      '/v1/validate/batch',
      test,
      '{"vat_numbers":["DE123456704"],"\\ud800":1}',
      'body (a member name)',
    );
    const deep = `{"vat_numbers":["DE123456704"],"x":${'['.repeat(5_000)}"\\ud800"${']'.repeat(5_000)}}`;
    const res = await app.request('POST', '/v1/validate/batch', { key: test, body: deep });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.message).toMatch(/^x\.0\.0\.0.*…: holds a lone UTF-16 surrogate/);
  });
});
