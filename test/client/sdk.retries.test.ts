import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/errors.js';
import { errorBody } from '../../src/http/envelope.js';
import { recordsOf, usedUnits, useLiveApp } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { freePort, until } from '../helpers/processes.js';
import { type FlakyProxy, type ProxyFailure, startFlakyProxy } from './flaky-proxy.js';
import { useInstalledSdk } from './packed.js';

/**
 * Retries of the SDK installed from its tarball, through a proxy in front of the real service
 * that fails the attempts it is told to: a reset connection, a reply lost after the work was done,
 * a 503 or 429 with Retry-After, an attempt that never answers. A POST keeps one Idempotency-Key
 * across its attempts, so the service does the work once; refusals and a used-up quota are not
 * retried.
 */
describeEachDialect('SDK retries', (dialect) => {
  const suite = useLiveApp(dialect);
  const sdk = useInstalledSdk();
  let proxy: FlakyProxy;
  beforeAll(async () => {
    proxy = await startFlakyProxy(suite.app.url);
  });
  afterAll(() => proxy?.close());
  afterEach(() => proxy.clear());

  const client = async (options: { maxRetries?: number; timeoutMs?: number } = {}) => {
    const account = await suite.app.account('pro');
    return { account, vat: new sdk.VatClient({ apiKey: account.live, baseUrl: proxy.url, ...options }) };
  };

  /** An answer of the proxy's own, in the service's envelope. */
  const answer = (code: ErrorCode, status: number, retryAfter?: number): ProxyFailure => ({
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    body: JSON.stringify(errorBody('http://localhost:3000/docs', randomUUID(), code)),
  });

  const keysOf = (method: string) =>
    proxy.requests
      .filter((request) => request.method === method)
      .map((request) => request.headers['idempotency-key']);

  it('retries a POST after a 503, waiting its Retry-After, with the same Idempotency-Key', async () => {
    const { vat } = await client();
    proxy.failNext(answer('upstream_unavailable', 503, 1));
    const started = performance.now();
    const result = await vat.validations.batch({ vat_numbers: ['ATU12345675'] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.data.summary.succeeded).toBe(1);
    expect(result.response.attempts).toBe(2);
    const keys = keysOf('POST');
    expect(keys).toEqual([result.response.idempotencyKey, result.response.idempotencyKey]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a POST whose connection was reset, with the same key and a key of the caller', async () => {
    const { vat } = await client();
    proxy.failNext('reset');
    const result = await vat.validations.batch(
      { vat_numbers: ['ATU12345675'] },
      { idempotencyKey: 'order-4711' },
    );
    expect(result.response).toMatchObject({ attempts: 2, idempotencyKey: 'order-4711', replayed: false });
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['reset', 'forwarded']);
    expect(keysOf('POST')).toEqual(['order-4711', 'order-4711']);
  });

  it('gets the first answer again when the reply was lost after the work was done: charged once', async () => {
    const { vat, account } = await client();
    proxy.failNext('loseReply');
    const result = await vat.validations.batch({ vat_numbers: ['ATU12345675', 'NL123456782B01'] });
    expect(result.response).toMatchObject({ attempts: 2, replayed: true, status: 200 });
    expect(result.data.summary.total).toBe(2);
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['loseReply', 'forwarded']);
    expect(new Set(keysOf('POST')).size).toBe(1);
    expect(await usedUnits(suite.app, account.id)).toBe(2);
    expect(await recordsOf(suite.app, account.id)).toHaveLength(2);
  });

  it('answers a DELETE whose reply was lost with the first answer, not a 404 for what it removed', async () => {
    const { vat } = await client();
    const monitor = await vat.monitors.create({ vat_number: 'ATU12345675', interval: 'daily' });
    proxy.clear();
    proxy.failNext('loseReply');
    const removed = await vat.monitors.delete(monitor.data.id);
    expect(removed.data).toEqual({ id: monitor.data.id, deleted: true });
    expect(removed.response).toMatchObject({ attempts: 2, replayed: true, status: 200 });
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['loseReply', 'forwarded']);
    const keys = keysOf('DELETE');
    expect(keys).toEqual([removed.response.idempotencyKey, removed.response.idempotencyKey]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Removed once: a new call (a new key) is told it is not there.
    const again = await vat.monitors.delete(monitor.data.id).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(sdk.NotFoundError);
  });

  it('retries a GET after a 502 and a burst 429, without an Idempotency-Key', async () => {
    const { vat } = await client();
    proxy.failNext({ status: 502, body: '<html>Bad gateway</html>' }, answer('burst_limit_exceeded', 429, 0));
    const result = await vat.rates.get('DE');
    expect(result.data.standard_rate).toBe(19);
    expect(result.response.attempts).toBe(3);
    expect(keysOf('GET')).toEqual([undefined, undefined, undefined]);
  });

  it('gives up after maxRetries with the last failure as its typed error', async () => {
    const { vat } = await client({ maxRetries: 2 });
    proxy.failNext(...Array.from({ length: 3 }, () => answer('upstream_unavailable', 503, 0)));
    const error = await vat.validations.validate('ATU12345675').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(sdk.UpstreamError);
    expect(error).toMatchObject({ code: 'upstream_unavailable', status: 503, retryAfter: 0 });
    expect(proxy.requests).toHaveLength(3);
  });

  it('does not retry a refusal, nor a 429 that asks to wait longer than a minute', async () => {
    const { vat } = await client({ maxRetries: 3 });
    const refused = await vat.validations.validate('XX1').catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(sdk.ValidationError);
    expect(proxy.requests).toHaveLength(1);

    proxy.failNext(answer('rate_limit_exceeded', 429, 3 * 86_400));
    const limited = await vat.validations.validate('ATU12345675').catch((caught: unknown) => caught);
    expect(limited).toBeInstanceOf(sdk.RateLimitError);
    expect(limited).toMatchObject({ retryAfter: 3 * 86_400 });
    expect(proxy.requests).toHaveLength(2);
  });

  it('times out an attempt that does not answer, and tries again', async () => {
    const once = await client({ timeoutMs: 500, maxRetries: 0 });
    proxy.failNext('hang');
    const error = await once.vat.rates.get('DE').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(sdk.ConnectionError);
    expect(error).toMatchObject({ code: 'timeout', status: undefined });

    // Long enough for the second attempt to be answered on a busy machine.
    const twice = await client({ timeoutMs: 5_000, maxRetries: 1 });
    proxy.failNext('hang');
    const result = await twice.vat.monitors.create({ vat_number: 'ATU12345675', interval: 'daily' });
    expect(result.response.attempts).toBe(2);
    expect(new Set(keysOf('POST')).size).toBe(1);
  });

  it('stops at once when the caller aborts', async () => {
    const { vat } = await client({ maxRetries: 3 });
    proxy.failNext('hang');
    const controller = new AbortController();
    const call = vat.rates
      .get('DE', undefined, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await until(() => proxy.requests.length === 1);
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(sdk.ConnectionError);
    expect(error).toMatchObject({ code: 'aborted' });
    expect(proxy.requests).toHaveLength(1);
  });

  it('reports a service it cannot reach as a ConnectionError after its retries', async () => {
    const closed = await freePort();
    const vat = new sdk.VatClient({
      apiKey: 'svc_live_x',
      baseUrl: `http://127.0.0.1:${closed}`,
      maxRetries: 1,
    });
    const error = await vat.rates.get('DE').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(sdk.ConnectionError);
    expect(error).toMatchObject({ code: 'connection_error' });
    expect((error as Error).message).toMatch(/ECONNREFUSED|fetch failed/);
  });
});
