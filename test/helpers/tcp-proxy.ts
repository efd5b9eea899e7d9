import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of one server (PostgreSQL in the fault tests), which a test can cut and
 * restore: the network between the service and its database failing, without touching the
 * database itself or any other test file's connections to it.
 *
 * - `cut()` destroys every open connection in both directions and refuses new ones (each is
 *   accepted and destroyed at once, as a reset looks to the client).
 * - `restore()` lets new connections through again; the old ones stay gone.
 * - `breakOn()` breaks the one connection that next sends a matching chunk, losing either that
 *   request or the server's reply to it (the other connections carry on).
 */
export interface TcpProxy {
  readonly host: string;
  readonly port: number;
  /** Connections currently passed through. */
  readonly open: number;
  cut(): void;
  restore(): void;
  /**
   * Arms a one-shot trap: the next client chunk that `match`es is dropped (`lose: 'request'`), or
   * delivered and the server's answer to it dropped (`lose: 'reply'`); either way that connection
   * is then destroyed on both sides. Resolves once it has happened.
   */
  breakOn(match: (chunk: Buffer) => boolean, lose: 'request' | 'reply'): Promise<void>;
  close(): Promise<void>;
}

interface Trap {
  match: (chunk: Buffer) => boolean;
  lose: 'request' | 'reply';
  sprung: () => void;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;
  let trap: Trap | undefined;

  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    let losingReply: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      const armed = trap;
      if (armed?.match(chunk)) {
        trap = undefined;
        if (armed.lose === 'request') {
          drop();
          armed.sprung();
          return;
        }
        losingReply = armed.sprung;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (losingReply) {
        drop();
        losingReply();
        return;
      }
      client.write(chunk);
    });
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(target.port, target.host);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');

  const cut = () => {
    refusing = true;
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    host: '127.0.0.1',
    port: address.port,
    get open() {
      return pairs.size;
    },
    cut,
    restore() {
      refusing = false;
    },
    breakOn(match, lose) {
      return new Promise<void>((sprung) => {
        trap = { match, lose, sprung };
      });
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `url` with its host and port replaced by the proxy's (the path, user and options kept). */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = proxy.host;
  parsed.port = String(proxy.port);
  return parsed.toString();
}
