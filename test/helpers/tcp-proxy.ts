import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of one server (PostgreSQL in the fault tests), which a test can cut,
 * blackhole and restore: the network between the service and its database failing, without
 * touching the database itself or any other test file's connections to it.
 *
 * - `cut()` destroys every open connection in both directions and refuses new ones (each is
 *   accepted and destroyed at once, as a reset looks to the client).
 * - `blackhole()` stops forwarding without closing anything, as a network that drops packets: the
 *   open connections carry nothing either way and neither end hears the other close; new ones
 *   are accepted and then hear nothing (their handshake never completes).
 * - `restore()` ends either. After a blackhole, TCP resends what was held: a connection whose
 *   ends are both still open gets the held bytes delivered and carries on; one whose client went
 *   away meanwhile stays silent, its server end open (the server never hears of it, as a server
 *   waiting for its client's next statement sends nothing that could draw a reset); a connection
 *   accepted during the blackhole stays dead. After a cut, new connections pass again.
 * - `breakOn()` breaks the one connection that next sends a matching chunk, losing either that
 *   request or the server's reply to it (the other connections carry on), by a reset or silently.
 */
export interface TcpProxy {
  readonly host: string;
  readonly port: number;
  /** Connections currently passed through (silenced and orphaned ones not counted). */
  readonly open: number;
  cut(): void;
  blackhole(): void;
  restore(): void;
  /**
   * Arms a one-shot trap: the next client chunk that `match`es is dropped (`lose: 'request'`), or
   * delivered and the server's answer to it dropped (`lose: 'reply'`). Then that connection is
   * destroyed on both sides (`how: 'reset'`, the default) or goes silent for good, nothing closed
   * (`how: 'silence'`: the server keeps its session, the client hears nothing more). Resolves once
   * it has happened.
   */
  breakOn(
    match: (chunk: Buffer) => boolean,
    lose: 'request' | 'reply',
    how?: 'reset' | 'silence',
  ): Promise<void>;
  close(): Promise<void>;
}

interface Trap {
  match: (chunk: Buffer) => boolean;
  lose: 'request' | 'reply';
  how: 'reset' | 'silence';
  sprung: () => void;
}

/** One client connection and its upstream connection. */
interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** Forwards nothing, ever again; closes are not passed on. */
  silenced: boolean;
  /** Bytes held while blackholed, each way. */
  towardServer: Buffer[];
  towardClient: Buffer[];
  clientClosed: boolean;
  upstreamClosed: boolean;
  /** The next reply is to be lost (a sprung `lose: 'reply'` trap). */
  losingReply?: Trap;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let refusing = false;
  let blackholed = false;
  let trap: Trap | undefined;

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };
  const holding = (pair: Pair) => pair.silenced || blackholed;
  const spring = (pair: Pair, armed: Trap) => {
    if (armed.how === 'reset') destroy(pair);
    else pair.silenced = true;
    armed.sprung();
  };

  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const pair: Pair = {
      client,
      upstream: undefined,
      silenced: blackholed,
      towardServer: [],
      towardClient: [],
      clientClosed: false,
      upstreamClosed: false,
    };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.clientClosed = true;
      if (!holding(pair)) destroy(pair);
    });
    // Accepted during a blackhole: the server is never reached.
    if (pair.silenced) return;

    const upstream = new Socket();
    pair.upstream = upstream;
    client.on('data', (chunk: Buffer) => {
      if (pair.silenced) return;
      const armed = trap;
      if (armed?.match(chunk)) {
        trap = undefined;
        if (armed.lose === 'request') {
          spring(pair, armed);
          return;
        }
        pair.losingReply = armed;
      }
      if (blackholed) pair.towardServer.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.silenced) return;
      if (pair.losingReply) {
        spring(pair, pair.losingReply);
        return;
      }
      if (blackholed) pair.towardClient.push(chunk);
      else client.write(chunk);
    });
    upstream.on('error', () => undefined);
    upstream.on('close', () => {
      pair.upstreamClosed = true;
      if (!holding(pair)) destroy(pair);
    });
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
    blackholed = false;
    for (const pair of pairs) destroy(pair);
  };
  /** The end of a blackhole: what TCP would resend is delivered, what it could not is not. */
  const reopen = () => {
    for (const pair of pairs) {
      if (pair.silenced) continue;
      if (pair.clientClosed) {
        // The server never hears that its client is gone.
        pair.silenced = true;
        continue;
      }
      for (const chunk of pair.towardServer.splice(0)) pair.upstream?.write(chunk);
      for (const chunk of pair.towardClient.splice(0)) pair.client.write(chunk);
      if (pair.upstreamClosed) {
        pairs.delete(pair);
        pair.client.end();
      }
    }
  };
  return {
    host: '127.0.0.1',
    port: address.port,
    get open() {
      return [...pairs].filter((pair) => !pair.silenced && !pair.clientClosed).length;
    },
    cut,
    blackhole() {
      blackholed = true;
    },
    restore() {
      refusing = false;
      if (!blackholed) return;
      blackholed = false;
      reopen();
    },
    breakOn(match, lose, how = 'reset') {
      return new Promise<void>((sprung) => {
        trap = { match, lose, how, sprung };
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
