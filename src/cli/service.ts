import { loadConfig } from '../config.js';
import { startServer, startWorker } from '../main.js';
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
