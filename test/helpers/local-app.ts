import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A developer's app on this machine, as `webhooks listen --forward-to` reaches it: plain HTTP on
 * 127.0.0.1, recording every request's raw bytes and headers, answering the status it is told.
 */

export interface LocalRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received. */
  body: Buffer;
}

export interface LocalApp {
  /** http://127.0.0.1:PORT/webhooks */
  readonly url: string;
  readonly requests: readonly LocalRequest[];
  respondWith(status: number, body?: string): void;
  close(): Promise<void>;
}

export async function startLocalApp(): Promise<LocalApp> {
  const requests: LocalRequest[] = [];
  let answer = { status: 200, body: '{"ok":true}' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    requests,
    respondWith(status, body = '{"ok":false}') {
      answer = { status, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
