import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/**
 * `connecting`: not yet connected since start; `up`: Redis answers; `down`: it failed or did not
 * answer in time, and is left aside until a probe answers.
 */
export type RedisState = 'connecting' | 'up' | 'down';

export interface RedisLinkOptions {
  url: string;
  /** Most time a command may take (REDIS_COMMAND_TIMEOUT_MS); past it Redis counts as down. */
  commandTimeoutMs: number;
  /** How often a link that is down asks Redis whether it answers again (default 1000 ms). */
  probeMs?: number;
  logger: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** How often a link that is down sends a probe, when not told. */
const DEFAULT_PROBE_MS = 1_000;

/**
 * The process's one connection to Redis, shared by everything that uses it (the burst limiter,
 * the registry rate limiter), and whether it may be used now.
 *
 * A Redis that is down or hangs must not hold requests up: no command waits in a queue for a
 * reconnect (ioredis's offline queue is off, so a command on a closed connection fails at once),
 * each command is given `commandTimeoutMs`, and the first failure or timeout marks the link down.
 * While it is down no command is sent: `attempt` answers at once and the caller uses its own
 * fallback (counting in memory, or in the database). A probe (PING) every `probeMs`, and the
 * connection becoming ready again after a reconnect, mark it up. So a request pays the timeout at
 * most once, when Redis has just gone, and each change is logged once, not per request.
 */
export class RedisLink {
  readonly client: Redis;
  private current: RedisState = 'connecting';
  private changedAt = Date.now();
  private lastFailure: string | undefined;
  private readonly probe: NodeJS.Timeout;
  private probing = false;
  private closing = false;

  constructor(private readonly options: RedisLinkOptions) {
    // The client library is loaded here, when a Redis is configured: a service without one never holds it.
    const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.client = new Client(options.url, {
      enableOfflineQueue: false,
      // A command in flight when the connection closes fails then; it is never sent again later
      // (a limit's script that ran but whose reply was lost would count twice).
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
    });
    // Failures are seen as commands that fail and as the connection closing; ioredis reconnects
    // by itself (backing off up to 2 s between attempts).
    this.client.on('error', (error: Error) => {
      this.lastFailure = error.message;
    });
    this.client.on('ready', () => this.mark('up'));
    this.client.on('close', () => this.mark('down', this.lastFailure ?? 'the connection closed'));
    this.probe = setInterval(() => void this.check(), options.probeMs ?? DEFAULT_PROBE_MS);
    this.probe.unref();
  }

  get state(): RedisState {
    return this.current;
  }

  /** When the state last changed (epoch ms, wall clock). */
  get since(): number {
    return this.changedAt;
  }

  /**
   * Runs `command` when Redis is up: `{ value }` with its result. `undefined` when Redis is not up,
   * at once, or when the command fails or times out, which marks it down: the caller then does
   * without it.
   */
  async attempt<T>(command: (client: Redis) => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.current !== 'up') return undefined;
    try {
      return { value: await this.timed(command(this.client)) };
    } catch (error) {
      this.mark('down', error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.probe);
    this.client.disconnect();
  }

  /**
   * A PING while down and connected: an answer within the timeout marks the link up. A Redis that
   * has not answered since start (it takes the connection and never replies) is marked down, and
   * logged, once the timeout has passed: until then it was only `connecting`, which nothing logs.
   */
  private async check(): Promise<void> {
    if (this.current === 'connecting' && Date.now() - this.changedAt >= this.options.commandTimeoutMs)
      this.mark('down', this.lastFailure ?? 'no answer since the service started');
    if (this.current === 'up' || this.probing || this.client.status !== 'ready') return;
    this.probing = true;
    try {
      await this.timed(this.client.ping());
      this.mark('up');
    } catch {
      // Still down; the next probe asks again.
    } finally {
      this.probing = false;
    }
  }

  /**
   * `reply`, or a rejection once `commandTimeoutMs` has passed without it. Not ioredis's own
   * commandTimeout: after the event loop was busy for longer than the timeout (a burst of requests,
   * a garbage collection), the timer runs before the socket is read, and a reply that came in time
   * would count as none, so a busy process would leave a healthy Redis aside. The verdict waits for
   * the loop's I/O phase (setImmediate runs after it): a reply already received settles first.
   */
  private timed<T>(reply: Promise<T>): Promise<T> {
    const { commandTimeoutMs } = this.options;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (settled) return;
            settled = true;
            reject(new Error(`Redis did not answer within ${commandTimeoutMs} ms`));
          }),
        commandTimeoutMs,
      );
      reply.then(
        (value) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  private mark(next: 'up' | 'down', reason?: string): void {
    if (this.closing || next === this.current) return;
    const previous = this.current;
    const downForMs = Date.now() - this.changedAt;
    this.current = next;
    this.changedAt = Date.now();
    if (next === 'down') {
      this.options.logger.warn(
        { redis: 'down', reason },
        'Redis does not answer: burst limits are counted per process and registry rate limits in the database until it does',
      );
    } else if (previous === 'down') {
      this.lastFailure = undefined;
      this.options.logger.info(
        { redis: 'up', down_ms: downForMs },
        'Redis answers again: burst and registry rate limits are shared through it again',
      );
    }
  }
}
