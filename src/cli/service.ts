import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase, startServer, startWorker } from '../main.js';
import type { Command } from './command.js';
import { untilStopped, withDatabase } from './lifecycle.js';

/** `serve`, `worker` and `migrate`: the service's own processes and its schema. */

const STOPS = 'Runs until SIGTERM or Ctrl-C, then finishes the requests and jobs in hand.';

export const serve: Command = {
  path: ['serve'],
  synopsis: '',
  summary: 'run the API (and a job worker unless WORKER=false)',
  details: [
    'Listens on HOST:PORT (default 0.0.0.0:3000) and migrates the database first.',
    STOPS,
    'On an empty database outside production it creates a local account and prints its keys.',
  ],
  json: 'accepted; the service logs JSON lines either way',
  examples: ['PORT=3001 WORKER=false vat-service serve'],
  async run({ env, io }) {
    const service = await startServer(loadConfig(env), { out: io.out });
    await untilStopped(io, () => service.close());
    return 0;
  },
};

export const worker: Command = {
  path: ['worker'],
  synopsis: '',
  summary: 'run background job workers only (async validation, webhook delivery)',
  details: [STOPS],
  json: 'accepted; the worker logs JSON lines either way',
  examples: ['WORKER_CONCURRENCY=50 vat-service worker'],
  async run({ env, io }) {
    const service = await startWorker(loadConfig(env));
    await untilStopped(io, () => service.close());
    return 0;
  },
};

export const migrate: Command = {
  path: ['migrate'],
  synopsis: '',
  summary: 'apply database migrations (serve and worker also do on start)',
  json: 'print { migrated, dialect }',
  examples: ['DATABASE_URL=postgres://vat@db/vat vat-service migrate'],
  run: ({ env, print }) =>
    withDatabase(env, async (database) => {
      print({ migrated: true, dialect: database.dialect }, `Database migrated (${database.dialect}).`);
      return 0;
    }),
};

export const check: Command = {
  path: ['check'],
  synopsis: '',
  summary: 'exit 0 when the configured database answers (a health check)',
  details: [
    'Asks the database a trivial query, as GET /ready does for the API, without migrating: the',
    "health check of a process without an HTTP port (the worker's container). Exit 1 when it does",
    'not answer, or on SQLite when the file does not exist (check never creates it).',
  ],
  json: 'print { ok, dialect }',
  examples: ['vat-service check', 'docker compose exec worker node dist/src/cli.js check'],
  async run({ env, print }) {
    const config = loadConfig(env);
    // Opening a SQLite path creates the file: a missing one (a volume not mounted, a mistyped
    // path) would be made empty here and reported as answering.
    const file = config.databaseUrl.startsWith('sqlite:')
      ? config.databaseUrl.slice('sqlite:'.length)
      : undefined;
    if (file !== undefined && file !== ':memory:' && !existsSync(file)) {
      print(
        { ok: false, dialect: 'sqlite' },
        `Database (sqlite) does not answer: no file at ${resolve(file)}.`,
      );
      return 1;
    }
    const database = openConfiguredDatabase(config);
    try {
      const ok = await database.ping();
      print(
        { ok, dialect: database.dialect },
        `Database (${database.dialect}) ${ok ? 'answers' : 'does not answer'}.`,
      );
      return ok ? 0 : 1;
    } finally {
      await database.close();
    }
  },
};
