import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createAccount, createKey } from '../src/accounts/keys.js';
import type { PrimaryRegistryId as RegistryId } from '../src/registries/registry.js';
import { type Database, migrateToLatest, openDatabase } from '../src/store/database.js';
import { createStores } from '../src/store/stores.js';
import {
  firstLine,
  freePort,
  onCleanup,
  spawnNode,
  stopChild,
  tailOf,
  tempDir,
  waitForHttp,
} from './processes.js';

/**
 * The processes the bench drives: the registry simulator, the service (`vat-service serve`) on a
 * fresh SQLite file or PostgreSQL schema, and the bare baseline server. All run as children of the
 * bench, unpinned (the same for all), with their output in log files of the run's temp directory.
 */

export type Dialect = 'sqlite' | 'postgres';

export const REGISTRY_IDS: readonly RegistryId[] = ['vies', 'hmrc', 'uid', 'brreg', 'abr'];

export interface Paths {
  cli: string;
  baselineServer: string;
  floorServer: string;
}

/** The environment every child starts from: nothing of ours leaks in except PATH and HOME. */
function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tempDir(), NODE_ENV: 'production' };
}

export interface Simulator {
  url: string;
  env: Record<string, string>;
  control(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<unknown>;
  setLatency(ms: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startSimulator(paths: Paths): Promise<Simulator> {
  const logFile = join(tempDir(), 'simulator.log');
  const child = spawnNode(paths.cli, ['simulator', '--port', '0', '--json'], {
    env: baseEnv(),
    stdout: 'pipe',
    logFile,
  });
  let line: string;
  try {
    line = await firstLine(child);
  } catch (error) {
    throw new Error(`simulator did not start: ${(error as Error).message}\n${tailOf(logFile)}`);
  }
  const { url, env } = JSON.parse(line) as { url: string; env: Record<string, string> };
  const control = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${url}/_sim/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`simulator ${method} ${path}: HTTP ${response.status}`);
    return response.json();
  };
  return {
    url,
    env,
    control,
    setLatency: async (ms) => {
      await Promise.all(REGISTRY_IDS.map((id) => control('PUT', `registries/${id}`, { latencyMs: ms })));
    },
    stop: () => stopChild(child),
  };
}

export interface BenchDatabase {
  dialect: Dialect;
  /** DATABASE_URL for the service and the CLI. */
  url: string;
  /** A live key of a Business account, shown once by `keys create`. */
  key: string;
}

/**
 * A fresh database with one Business account and its live key. PostgreSQL gets a schema of its own (search_path in the connection string), dropped at the end.
 */
export async function createDatabase(dialect: Dialect, postgresUrl: string): Promise<BenchDatabase> {
  if (dialect === 'sqlite') {
    const url = `sqlite:${join(tempDir(), 'bench.sqlite')}`;
    return seed(dialect, url, openDatabase(url));
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await client.end();
    }
  });
  const separator = postgresUrl.includes('?') ? '&' : '?';
  const url = `${postgresUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  // Migrated with the schema named, as the tests do: Kysely's migrator, when not told the schema,
  // looks for its tables in every schema of the database and, finding another schema's, skips
  // creating its own (the service then finds this schema migrated and does not migrate again).
  return seed(dialect, url, openDatabase(postgresUrl, { schema }), schema);
}

/**
 * Migrates and creates the Business account and its live key with the CLI's own functions
 * (`accounts create`, `keys create --mode live`), in-process: two CLI runs cost 2-10 s of Node
 * start-up on this machine, a fifth of the --quick budget.
 */
async function seed(
  dialect: Dialect,
  url: string,
  database: Database,
  schema?: string,
): Promise<BenchDatabase> {
  try {
    await migrateToLatest(database, schema);
    const now = Date.now();
    const { accounts } = createStores(database);
    const account = await createAccount(accounts, 'bench', 'business', now);
    const created = await createKey(accounts, account.id, 'live', now);
    return { dialect, url, key: created.key };
  } finally {
    await database.close();
  }
}

export interface ServiceOptions {
  accessLog: boolean;
  /** More settings, for cases that need them (the async case will want WORKER=true). */
  env?: Record<string, string>;
  /** Node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

export interface RunningService {
  url: string;
  pid: number;
  key: string;
  logFile: string;
  /** From spawn to the first answer of /health: start-up work a profile should leave out. */
  startupMs: number;
  /** When the process was spawned, epoch ms (a profile's clock starts about then). */
  spawnedAt: number;
  stop(): Promise<void>;
}

/** Limits raised far above what a bench can spend, so quota and burst never answer 429. */
const BENCH_TIER_LIMITS = JSON.stringify({
  business: { monthly: 100_000_000, burst_per_minute: 100_000_000 },
});

/** 50 registry lookups at once: the sync batch's size, so the registry case is not queued. */
const REGISTRY_CONCURRENCY = '50';

let serviceCount = 0;

export async function startService(
  paths: Paths,
  database: BenchDatabase,
  simulator: Simulator,
  options: ServiceOptions,
): Promise<RunningService> {
  const port = await freePort();
  serviceCount += 1;
  const logFile = join(tempDir(), `service-${database.dialect}-${serviceCount}.log`);
  const env: Record<string, string> = {
    ...baseEnv(),
    ...simulator.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKER: 'false',
    BOOTSTRAP: 'false',
    ACCESS_LOG: String(options.accessLog),
    LOG_LEVEL: 'info',
    TIER_LIMITS: BENCH_TIER_LIMITS,
    ...Object.fromEntries(
      REGISTRY_IDS.map((id) => [`${id.toUpperCase()}_CONCURRENCY`, REGISTRY_CONCURRENCY]),
    ),
    // The registries' own rate limits (HMRC 3 a second, the Swiss register 20 a minute) would make
    // the registry and async cases measure those limits instead of the service; they are measured
    // apart (test/e2e/resilience.test.ts), and the resilience cases name the VIES limits they use.
    HMRC_RATE_LIMIT: 'none',
    UID_RATE_LIMIT: 'none',
    ...options.env,
  };
  const spawnedAt = Date.now();
  const child: ChildProcess = spawnNode(paths.cli, ['serve'], {
    env,
    stdout: 'file',
    logFile,
    nodeArgs: [...startNodeArgs(paths.cli), ...(options.nodeArgs ?? [])],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health`, child);
  } catch (error) {
    await stopChild(child);
    throw new Error(`service did not start: ${(error as Error).message}\n${tailOf(logFile)}`);
  }
  const profiling = (options.nodeArgs ?? []).some((arg) => arg.startsWith('--cpu-prof'));
  return {
    url,
    pid: child.pid!,
    key: database.key,
    logFile,
    startupMs: Date.now() - spawnedAt,
    spawnedAt,
    // Writing a CPU profile at exit takes a few seconds for a long run.
    stop: () => stopChild(child, profiling ? 30_000 : 5_000),
  };
}

export interface Baseline {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The bare node:http baseline, or with `floorKey` the minimal Fastify floor (bench/floor-server.ts). */
export async function startBaseline(paths: Paths, body: Buffer, floorKey?: string): Promise<Baseline> {
  const logFile = join(tempDir(), floorKey === undefined ? 'baseline.log' : 'floor.log');
  const script = floorKey === undefined ? paths.baselineServer : paths.floorServer;
  const child = spawnNode(script, [], {
    env: {
      ...baseEnv(),
      BASELINE_BODY_B64: body.toString('base64'),
      ...(floorKey === undefined ? {} : { FLOOR_KEY: floorKey }),
    },
    stdout: 'pipe',
    logFile,
  });
  let line: string;
  try {
    line = await firstLine(child);
  } catch (error) {
    throw new Error(`baseline server did not start: ${(error as Error).message}\n${tailOf(logFile)}`);
  }
  const { url } = JSON.parse(line) as { url: string };
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * The Node.js flags of `npm start` (package.json), so the service is measured as it is run:
 * what stands between `node` and the CLI in the start script, with paths made absolute.
 */
function startNodeArgs(cli: string): string[] {
  const root = join(cli, '..', '..', '..');
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = scripts.start.split(/\s+/);
  const args = words.slice(
    words.indexOf('node') + 1,
    words.findIndex((word) => word.endsWith('cli.js')),
  );
  return args.map((arg) => (arg.startsWith('./') ? join(root, arg) : arg));
}
