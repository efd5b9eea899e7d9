#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createAccount, createKey, type KeyMode } from './accounts/keys.js';
import { isTier, TIERS } from './accounts/tiers.js';
import { systemClock } from './clock.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase, type RunningService, startServer, startWorker } from './main.js';
import type { AccountStore } from './store/accounts.js';
import { type Database, migrateToLatest } from './store/database.js';
import { createStores } from './store/stores.js';

const USAGE = `Usage: vat-service <command> [options]

  serve                                   run the API (and a worker unless WORKER=false)
  worker                                  run background workers only
  migrate                                 apply database migrations
  accounts create --name N --tier T       T: free|pro|business|scale
  accounts list
  accounts set-tier ID TIER
  keys create --account ID --mode live|test
  keys list --account ID
  keys revoke KEY_ID
  simulator [--port N] [--host H]         run the registry simulator
  check                                   exit 0 if the database answers (a health check)

Every command takes --json (one JSON object on stdout). Configuration comes from the environment
and an optional .env file; see the README.`;

class UsageError extends Error {}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; returns the exit code. Long-running commands resolve when they stop. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    // --json promises one JSON object even when the arguments themselves cannot be parsed.
    const message = (error as Error).message;
    io.err(argv.includes('--json') ? JSON.stringify({ error: message }) : `${message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, sub, ...rest] = positionals;
  const json = values.json === true;
  const print = (object: Record<string, unknown>, text: string) =>
    io.out(json ? JSON.stringify(object) : text);

  try {
    if (!command || values.help) {
      io.out(USAGE);
      return command || values.help ? 0 : 2;
    }
    if (command === 'simulator') return await runSimulator(values, io, json);
    const config = loadConfig(env);
    if (command === 'serve' || command === 'worker') {
      const service =
        command === 'worker' ? await startWorker(config) : await startServer(config, { out: io.out });
      await waitForSignal(service);
      return 0;
    }
    if (command === 'check') return await checkDatabase(config, print);
    const database = openConfiguredDatabase(config);
    try {
      await migrateToLatest(database);
      return await runAdmin(database, command, sub, rest, values, print);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(json ? JSON.stringify({ error: error.message }) : `${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(json ? JSON.stringify({ error: error.message }) : error.message);
      return 1;
    }
    io.err(json ? JSON.stringify({ error: (error as Error).message }) : `Error: ${(error as Error).message}`);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      name: { type: 'string' },
      tier: { type: 'string' },
      account: { type: 'string' },
      mode: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
    },
  });
}

type Values = ReturnType<typeof parse>['values'];

async function runAdmin(
  database: Database,
  command: string,
  sub: string | undefined,
  rest: string[],
  values: Values,
  print: (object: Record<string, unknown>, text: string) => void,
): Promise<number> {
  const accounts: AccountStore = createStores(database).accounts;
  const now = systemClock.now();
  const key = `${command} ${sub ?? ''}`.trim();
  switch (key) {
    case 'migrate': {
      print({ migrated: true, dialect: database.dialect }, `Database migrated (${database.dialect}).`);
      return 0;
    }
    case 'accounts create': {
      const name = required(values.name, '--name');
      const tier = tierOf(required(values.tier, '--tier'));
      if (name.trim() === '') throw new UsageError('--name must not be empty');
      const account = await createAccount(accounts, name, tier, now);
      print(
        { id: account.id, name: account.name, tier: account.tier },
        `Created account ${account.id} (${account.name}, ${account.tier}).`,
      );
      return 0;
    }
    case 'accounts list': {
      const rows = (await accounts.listAccounts()).map((a) => ({
        id: a.id,
        name: a.name,
        tier: a.tier,
        created_at: new Date(a.created_at).toISOString(),
      }));
      print(
        { accounts: rows },
        rows.length ? rows.map((a) => `${a.id}  ${a.tier.padEnd(8)}  ${a.name}`).join('\n') : 'No accounts.',
      );
      return 0;
    }
    case 'accounts set-tier': {
      const [id, tierName] = rest;
      const tier = tierOf(required(tierName, 'TIER'));
      if (!(await accounts.setTier(required(id, 'ID'), tier))) throw new Error(`No account ${id}.`);
      const account = (await accounts.getAccount(id))!;
      print(
        { id: account.id, name: account.name, tier: account.tier },
        `Account ${account.id} is now on ${account.tier}.`,
      );
      return 0;
    }
    case 'keys create': {
      const accountId = required(values.account, '--account');
      const mode = required(values.mode, '--mode');
      if (mode !== 'live' && mode !== 'test') throw new UsageError('--mode must be live or test');
      if (!(await accounts.getAccount(accountId))) throw new Error(`No account ${accountId}.`);
      const created = await createKey(accounts, accountId, mode as KeyMode, now);
      print(
        { ...created },
        `Created ${mode} key ${created.id} for ${accountId}. The key, shown only now:\n${created.key}`,
      );
      return 0;
    }
    case 'keys list': {
      const accountId = required(values.account, '--account');
      const keys = (await accounts.listKeys(accountId)).map((k) => ({
        id: k.id,
        mode: k.mode,
        prefix: k.key_prefix,
        created_at: new Date(k.created_at).toISOString(),
        revoked_at: k.revoked_at === null ? null : new Date(k.revoked_at).toISOString(),
      }));
      print(
        { keys },
        keys.length
          ? keys
              .map(
                (k) =>
                  `${k.id}  ${k.mode}  ${k.prefix}…  ${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`,
              )
              .join('\n')
          : 'No keys.',
      );
      return 0;
    }
    case 'keys revoke': {
      const keyId = required(sub === 'revoke' ? rest[0] : undefined, 'KEY_ID');
      if (!(await accounts.revokeKey(keyId, now))) throw new Error(`No key ${keyId}.`);
      print({ id: keyId, revoked: true }, `Key ${keyId} revoked.`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command: ${key}`);
  }
}

async function runSimulator(values: Values, io: Io, json: boolean): Promise<number> {
  const { startSimulator } = await import('../simulator/server.js');
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0-65535');
  const simulator = await startSimulator({ port, host: values.host ?? '127.0.0.1' });
  const env = simulator.env();
  if (json) io.out(JSON.stringify({ url: simulator.baseUrl, env }));
  else {
    io.out(`Registry simulator on ${simulator.baseUrl} (VIES, HMRC, UID, Brønnøysund, ABN Lookup).`);
    io.out('Point the service at it with:');
    for (const [name, value] of Object.entries(env)) io.out(`${name}=${value}`);
    io.out(
      `Control API: ${simulator.baseUrl}/_sim/stats, PUT /_sim/registries/{id} {"mode":"down"}, POST /_sim/reset`,
    );
  }
  await waitForSignal({ close: () => simulator.close() });
  return 0;
}

/**
 * `check`: whether the configured database answers a trivial query, as GET /ready does for the API.
 * The health check of a process without an HTTP port (the worker's container); it does not migrate.
 */
async function checkDatabase(
  config: Readonly<Config>,
  print: (object: Record<string, unknown>, text: string) => void,
): Promise<number> {
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
}

function required(value: string | undefined, name: string): string {
  if (value === undefined) throw new UsageError(`${name} is required`);
  return value;
}

function tierOf(value: string) {
  if (!isTier(value)) throw new UsageError(`tier must be one of ${TIERS.join(', ')}; got '${value}'`);
  return value;
}

/** Resolves after SIGTERM or SIGINT has closed the service (drained requests, released jobs). */
function waitForSignal(service: Pick<RunningService, 'close'>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      service.close().then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

const isEntry =
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').slice(-3).join('/'));
if (isEntry || process.argv[1]?.endsWith('vat-service')) {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // No .env file: the environment alone configures the service.
  }
  runCli(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}
