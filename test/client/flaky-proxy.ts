import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP proxy in front of the service that fails the requests it is told to fail, the way a
 * network or a load balancer does, and records every request that reached it. Not a test file.
 *
 * - `reset`: the connection is destroyed before anything is forwarded (the service never saw it).
 * - `loseReply`: forwarded and answered by the service, then the connection is destroyed instead of
 *   passing the answer on (the work was done, the client does not know).
 * - `hang`: nothing is forwarded or answered until the proxy closes.
 * - `{ status, headers, body }`: answered by the proxy itself (a 503 or 429 of its own).
 */
export type ProxyFailure =
  | 'reset'
  | 'loseReply'
  | 'hang'
  | { status: number; headers?: Record<string, string>; body?: string };

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** How the proxy treated it: a failure, or `forwarded`. */
  outcome: 'forwarded' | 'reset' | 'loseReply' | 'hang' | number;
}

export interface FlakyProxy {
  readonly url: string;
  readonly requests: readonly ProxiedRequest[];
  /** The next requests, one per failure given, fail as told; later ones pass. */
  failNext(...failures: ProxyFailure[]): void;
  /** Forgets the requests recorded so far. */
  clear(): void;
  close(): Promise<void>;
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const { hostname, port } = new URL(target);
  const requests: ProxiedRequest[] = [];
  const planned: ProxyFailure[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const failure = planned.shift();
    const record: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      outcome: failure === undefined ? 'forwarded' : typeof failure === 'string' ? failure : failure.status,
    };
    requests.push(record);
    if (failure === 'reset') return req.socket.destroy();
    if (failure === 'hang') return;
    if (typeof failure === 'object') {
      req.resume();
      res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
      return res.end(failure.body ?? '');
    }
    const upstream = forward(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (failure === 'loseReply') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    failNext: (...failures) => planned.push(...failures),
    clear: () => requests.splice(0),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
