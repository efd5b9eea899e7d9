import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '../../src/errors.js';
import { errorBody } from '../../src/http/envelope.js';
import { type Sdk, useInstalledSdk } from './packed.js';

/**
 * Every code of the service's error catalogue (src/errors.ts, walked here) reaches the caller of
 * the SDK as its typed error: the class of its family, with `code`, `status`, `requestId`,
 * `docsUrl` and `retryAfter`; never a bare Error. The answers are the service's own envelope
 * (`errorBody`) with the catalogue's status, served by a small server for the codes the service
 * cannot be made to answer on demand (an internal error, a registry's); test/client/sdk.test.ts
 * gets the others from the real service.
 */
describe('SDK errors', () => {
  const sdk = useInstalledSdk();
  let server: Server;
  let baseUrl: string;
  /** What the server answers next: status, headers, body. */
  let next: { status: number; headers: Record<string, string>; body: string };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(next.status, next.headers).end(next.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  /** The class a code's family calls for: by status, registries' 503 apart. */
  const expectedClass = (code: ErrorCode, status: number) => {
    const byStatus: Record<number, Sdk['VatServiceError']> = {
      400: sdk.ValidationError,
      401: sdk.AuthenticationError,
      403: sdk.PermissionError,
      404: sdk.NotFoundError,
      409: sdk.ConflictError,
      413: sdk.ValidationError,
      415: sdk.ValidationError,
      422: sdk.ValidationError,
      429: sdk.RateLimitError,
    };
    if (status === 503 && code.startsWith('upstream_')) return sdk.UpstreamError;
    return byStatus[status] ?? sdk.VatServiceError;
  };

  const thrown = async (answer: typeof next) => {
    next = answer;
    const vat = new sdk.VatClient({ apiKey: 'svc_live_x', baseUrl, maxRetries: 0 });
    const error = await vat.rates.get('DE').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(sdk.VatServiceError);
    return error as InstanceType<Sdk['VatServiceError']>;
  };

  it('maps every code of the catalogue, and no other, to a class', () => {
    expect(Object.keys(sdk.ERROR_CLASSES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES)('throws %s as the typed error of its family', async (code) => {
    const { status } = ERROR_CATALOGUE[code];
    const requestId = randomUUID();
    const retryAfter: Record<string, string> = status === 429 || status >= 500 ? { 'retry-after': '7' } : {};
    const error = await thrown({
      status,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-burst-limit': '60',
        ...retryAfter,
      },
      body: JSON.stringify(errorBody('http://localhost:3000/docs', requestId, code)),
    });
    expect(error.constructor).toBe(expectedClass(code, status));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: expectedClass(code, status).name,
      code,
      status,
      requestId,
      message: ERROR_CATALOGUE[code].message,
      docsUrl: `http://localhost:3000/docs/errors/${code}`,
      retryAfter: status === 429 || status >= 500 ? 7 : undefined,
    });
    expect(error.rateLimit.burstLimit).toBe(60);
    if (error instanceof sdk.ValidationError) expect(error).toHaveProperty('param');
  });

  it('gives a code newer than the SDK the class of its status', async () => {
    const error = await thrown({
      status: 409,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        error: { code: 'endpoint_limit_exceeded', message: 'Ten endpoints.', docs_url: 'x' },
        meta: { request_id: 'r' },
      }),
    });
    expect(error).toBeInstanceOf(sdk.ConflictError);
    expect(error).toMatchObject({ code: 'endpoint_limit_exceeded', status: 409, requestId: 'r' });
  });

  it("reports an answer without the service's envelope as unexpected_response", async () => {
    const gateway = await thrown({
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<h1>Bad gateway</h1>',
    });
    expect(gateway.constructor).toBe(sdk.VatServiceError);
    expect(gateway).toMatchObject({ code: 'unexpected_response', status: 502 });
    expect(gateway.message).toContain('Bad gateway');
    const missing = await thrown({ status: 404, headers: {}, body: '' });
    expect(missing).toBeInstanceOf(sdk.NotFoundError);
    const garbled = await thrown({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"data":',
    });
    expect(garbled).toMatchObject({ code: 'unexpected_response', status: 200 });
  });

  it('refuses options it cannot work with', () => {
    for (const options of [
      { baseUrl: 'ftp://example.com' },
      { timeoutMs: 0 },
      { maxRetries: -1 },
      { maxRetries: 1.5 },
    ]) {
      expect(() => new sdk.VatClient(options), JSON.stringify(options)).toThrow(sdk.VatServiceError);
    }
  });
});
