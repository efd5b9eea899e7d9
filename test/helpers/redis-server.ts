import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort, until } from './processes.js';

/**
 * A redis-server of the test's own (the binary on PATH), on a free port, without persistence, so
 * a test can kill it (SIGKILL), hang it (SIGSTOP, then SIGCONT) and start it again on the same
 * port, without touching the Redis other test files share.
 */
export interface TestRedis {
  readonly url: string;
  /** SIGKILL: the process dies, its connections are reset. */
  kill(): Promise<void>;
  /** SIGSTOP: the process stays, its connections stay open, nothing is answered. */
  hang(): void;
  /** SIGCONT after `hang`. */
  resume(): void;
  /** A new server on the same port (after `kill`), answering once this resolves. */
  start(): Promise<void>;
  /** A command sent straight to the server (not through the service). */
  command(...args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let direct: Redis | undefined;
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return true;
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };

  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    await until(answers, 30_000, `redis-server on port ${port} answering`);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url,
    kill,
    hang: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    start,
    async command(...args) {
      direct ??= new Redis(url, { maxRetriesPerRequest: 1 });
      const [name, ...rest] = args;
      return direct.call(name, ...rest);
    },
    async close() {
      direct?.disconnect();
      child?.kill('SIGCONT');
      await kill();
    },
  };
}
