import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestObserver } from '../../src/http/plugins/request-observer.js';

describe('RequestObserver (per-request bookkeeping from the log controller)', () => {
  it('sets X-Request-Id on every answer, 404s included, and runs each listener once per response', async () => {
    const observer = new RequestObserver();
    const seen: Array<[string, number]> = [];
    observer.onCompleted((request, reply) =>
      seen.push([request.routeOptions.url ?? 'not_found', reply.statusCode]),
    );
    const app = Fastify({ loggerInstance: pino({ level: 'silent' }), logController: observer });
    app.get('/ok', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const ok = await fetch(`${base}/ok`);
      const missing = await fetch(`${base}/missing`);
      expect(ok.headers.get('x-request-id')).toBeTruthy();
      expect(missing.headers.get('x-request-id')).toBeTruthy();
      await ok.text();
      await missing.text();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([
        ['/ok', 200],
        ['not_found', 404],
      ]);
    } finally {
      await app.close();
    }
  });

  it('keeps serving when a listener throws: the failure is logged, the next listener still runs', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const observer = new RequestObserver();
    let after = 0;
    observer.onCompleted(() => {
      throw new Error('listener broke');
    });
    observer.onCompleted(() => {
      after += 1;
    });
    const app = Fastify({ loggerInstance: logger, logController: observer });
    app.get('/ok', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/ok`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(after).toBe(3);
      expect(lines.filter((line) => line.msg === 'request completion listener failed')).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
