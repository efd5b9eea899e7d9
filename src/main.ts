import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { createAccount, createKey } from './accounts/keys.js';
import { type Clock, systemClock } from './clock.js';
import { type Config, configWarnings } from './config.js';
import { buildApp } from './http/app.js';
import { type BurstLimiter, createMemoryBurstLimiter, createRedisBurstLimiter } from './limits/burst.js';
import type { RedisLink } from './limits/redis-link.js';
import { createLogger } from './logger.js';
import { createRegistryGateway } from './registries/index.js';
import { createServices } from './services.js';
import type { AccountStore } from './store/accounts.js';
import { type Database, migrateToLatest, openDatabase } from './store/database.js';

/**
 * Process entry points: open the database, migrate, and run the API, a worker, or both.
 * Everything is built from the frozen Config; nothing here reads process.env.
 */

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

export function openConfiguredDatabase(config: Readonly<Config>): Database {
  return openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
}

/**
 * Applies pending migrations to the configured database. On PostgreSQL they run over connections
 * of their own without the statement timeout: a migration may rewrite a large table, and a process
 * starting beside another waits on that one's migration lock for as long as it takes. SQLite
 * migrates on `database` itself (an in-memory database exists on its one connection only).
 */
export async function migrateConfigured(config: Readonly<Config>, database: Database): Promise<string[]> {
  if (database.dialect === 'sqlite') return migrateToLatest(database);
  const unbounded = openDatabase(config.databaseUrl, { poolSize: 2 });
  try {
    return await migrateToLatest(unbounded);
  } finally {
    await unbounded.close();
  }
}

/** Through the services' Redis when REDIS_URL is set (in memory while it is down), else in memory. */
export function createBurstLimiter(redis: RedisLink | undefined, clock: Clock): BurstLimiter {
  return redis ? createRedisBurstLimiter({ redis, clock }) : createMemoryBurstLimiter(clock);
}

/** Both processes check webhook targets (the API at configuration, the worker at delivery). */
function warnAboutConfig(config: Readonly<Config>, logger: Logger): void {
  for (const warning of configWarnings(config)) logger.warn(warning);
}

/** On an empty database (not in production), a local Business account with one live and one test key. */
async function bootstrap(
  config: Readonly<Config>,
  accounts: AccountStore,
  clock: Clock,
  out: (line: string) => void,
) {
  if (!config.bootstrap || config.nodeEnv === 'production') return;
  if ((await accounts.countAccounts()) > 0) return;
  const now = clock.now();
  const account = await createAccount(accounts, 'Local account', 'business', now);
  const live = await createKey(accounts, account.id, 'live', now);
  const test = await createKey(accounts, account.id, 'test', now);
  out(
    [
      '',
      `Created account ${account.id} (business tier) on this empty database. Its keys, shown once:`,
      `  live: ${live.key}`,
      `  test: ${test.key}`,
      'Try:',
      `  curl -H "Authorization: Bearer ${test.key}" "http://localhost:${config.port}/v1/validate?vat_number=DE123456704"`,
      'More keys: npx vat-service keys create --account <id> --mode live|test',
      '',
    ].join('\n'),
  );
}

export async function startServer(
  config: Readonly<Config>,
  options: { clock?: Clock; out?: (line: string) => void } = {},
): Promise<RunningService> {
  const clock = options.clock ?? systemClock;
  const logger = createLogger(config.logLevel);
  warnAboutConfig(config, logger);
  const database = openConfiguredDatabase(config);
  await migrateConfigured(config, database);
  const gateway = createRegistryGateway(config, clock, logger);
  const services = createServices({ config, database, clock, gateway, logger: logger as FastifyBaseLogger });
  // The first answers already carry the rate changes applied before this start.
  await services.ratesRefresher.refresh();
  await bootstrap(
    config,
    services.stores.accounts,
    clock,
    options.out ?? ((line) => process.stdout.write(`${line}\n`)),
  );
  const burst = createBurstLimiter(services.redis, clock);
  const fastify = await buildApp({
    config,
    database,
    clock,
    burst,
    gateway,
    services,
    logger: logger as FastifyBaseLogger,
  });
  const address = await fastify.listen({ port: config.port, host: config.host });
  const worker = config.worker.enabled ? services.createWorker() : undefined;
  worker?.start();
  logger.info(
    {
      address,
      database: database.dialect,
      burst: config.redisUrl ? 'redis' : 'memory',
      worker: Boolean(worker),
    },
    'listening',
  );

  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: () => {
      closing ??= (async () => {
        // fastify.close() stops accepting and waits for the requests in flight, but then also for
        // their keep-alive connections, which clients (and load balancers) keep open for up to
        // keepAliveTimeout: close each connection as soon as its last answer is sent.
        const closeIdle = setInterval(() => fastify.server.closeIdleConnections(), 50);
        try {
          await fastify.close();
        } finally {
          clearInterval(closeIdle);
        }
        await services.close(); // finishes or releases the jobs in hand
        await gateway.close();
        await burst.close();
        await database.close();
      })();
      return closing;
    },
  };
}

/** `vat-service worker`: background jobs only, no HTTP. */
export async function startWorker(
  config: Readonly<Config>,
  options: { clock?: Clock } = {},
): Promise<RunningService> {
  const clock = options.clock ?? systemClock;
  const logger = createLogger(config.logLevel);
  warnAboutConfig(config, logger);
  const database = openConfiguredDatabase(config);
  await migrateConfigured(config, database);
  const gateway = createRegistryGateway(config, clock, logger);
  const services = createServices({ config, database, clock, gateway, logger: logger as FastifyBaseLogger });
  const worker = services.createWorker();
  worker.start();
  logger.info(
    { worker: worker.id, database: database.dialect, concurrency: config.worker.concurrency },
    'worker started',
  );
  let closing: Promise<void> | undefined;
  return {
    url: '',
    close: () => {
      closing ??= (async () => {
        await services.close();
        await gateway.close();
        await database.close();
      })();
      return closing;
    },
  };
}
