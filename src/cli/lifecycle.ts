import { type Config, loadConfig } from '../config.js';
import { migrateConfigured, openConfiguredDatabase } from '../main.js';
import type { Database } from '../store/database.js';
import type { Io } from './command.js';

/** What the admin commands share: the configuration, a migrated database, and stopping on a signal. */

/** Runs `work` on the configured database, migrated first, and closes it afterwards. */
export async function withDatabase<T>(
  env: Readonly<Record<string, string | undefined>>,
  work: (database: Database, config: Readonly<Config>) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = openConfiguredDatabase(config);
  try {
    await migrateConfigured(config, database);
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/**
 * Resolves once SIGTERM, SIGINT or `io.signal` has stopped the command and `close` has finished
 * (for the service: drained requests, released jobs). A failing `close` still resolves: the
 * process is on its way out either way.
 */
export function untilStopped(io: Io, close: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      io.signal?.removeEventListener('abort', stop);
      close().then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop, { once: true });
  });
}
