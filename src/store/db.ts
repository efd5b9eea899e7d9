import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import * as core from './migrations/0001-core.js';
import * as jobs from './migrations/0002-jobs-webhooks.js';
import type { Tables } from './tables.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  dialect: DialectName;
  /** The driver's own handle, for the prepared statements of the request path (request-store.ts). */
  raw: { dialect: 'sqlite'; sqlite: SQLite.Database } | { dialect: 'postgres'; pool: pg.Pool };
  /** true when the database answers a trivial query (for GET /ready). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL schema to use (created if missing); tests give each file its own. */
  schema?: string;
  poolSize?: number;
}

// BIGINT (int8) columns hold epoch milliseconds, far below 2^53: read them as numbers, not strings.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** Opens `sqlite:<path>` or `postgres://…`. Does not migrate: call migrateToLatest. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, options);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url.slice(0, 20)}…`);
}

function openSqlite(path: string): Database {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer; busy_timeout makes a second process (the CLI, a
  // worker) wait for the write lock instead of failing; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    raw: { dialect: 'sqlite', sqlite },
    ping: async () => {
      try {
        sqlite.prepare('select 1').get();
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // A client in use when the server goes away emits 'error' too; its query still fails on its own.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    raw: { dialect: 'postgres', pool },
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

const MIGRATIONS: Record<string, Migration> = {
  '0001-core': core,
  '0002-jobs-webhooks': jobs,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * True when every migration is recorded in this schema's migration table. Checked first because
 * Kysely's migrator looks for its tables across every schema of the database, which is slow with
 * many schemas and fails if another process drops a schema during that scan.
 */
async function upToDate(database: Database, schema?: string): Promise<boolean> {
  const table =
    schema && database.dialect === 'postgres'
      ? sql`${sql.id(schema)}.kysely_migration`
      : sql`kysely_migration`;
  try {
    const rows = await sql<{ name: string }>`select name from ${table}`.execute(database.db);
    const applied = new Set(rows.rows.map((row) => row.name));
    return Object.keys(MIGRATIONS).every((name) => applied.has(name));
  } catch {
    return false; // no migration table yet
  }
}

/** Applies every pending migration; safe to run from several processes at once (Kysely's lock). */
export async function migrateToLatest(database: Database, requestedSchema?: string): Promise<string[]> {
  // Kysely's migrator looks for its tables across every schema; name ours (a DATABASE_URL may pick
  // one with `options=-c search_path=…`), or another schema's migration tables would be found.
  const schema =
    requestedSchema ??
    (database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined);
  if (schema && database.dialect === 'postgres') {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(database.db);
  }
  if (await upToDate(database, schema)) return [];
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(schema && database.dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export type Executor = Kysely<Tables>;

/**
 * Runs `work` in one transaction. On SQLite it is BEGIN IMMEDIATE: the write lock is taken at the
 * start, so two processes (an API and a worker) wait on busy_timeout instead of failing with
 * SQLITE_BUSY when a read transaction tries to upgrade. On PostgreSQL, a normal READ COMMITTED one.
 */
export async function inTransaction<T>(database: Database, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') return database.db.transaction().execute(work);
  return database.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
