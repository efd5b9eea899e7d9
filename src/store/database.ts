import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { MIGRATIONS } from './migrations/index.js';
import { preparingPool } from './postgres/preparing-pool.js';
import type { Tables } from './tables.js';

export type DialectName = 'sqlite' | 'postgres';

/** A query executor: the database itself or one of its transactions. */
export type Executor = Kysely<Tables>;

export interface Database {
  db: Kysely<Tables>;
  dialect: DialectName;
  /**
   * Runs `work` in one transaction. SQLite: BEGIN IMMEDIATE, so the write lock is taken at the
   * start and two processes (an API and a worker) wait on busy_timeout instead of failing with
   * SQLITE_BUSY when a read transaction tries to upgrade. PostgreSQL: READ COMMITTED; a connection
   * lost during COMMIT throws CommitOutcomeUnknownError.
   */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
  /**
   * SQLite only: its one connection, for statements run without Kysely (src/store/sql.ts): inside
   * a transaction, which holds the connection for the work's whole length, and for reads when no
   * transaction is open on it (the driver is synchronous, so nothing can begin one meanwhile).
   */
  sqlite?: SqliteStatements;
  /** true when the database answers a trivial query (GET /ready). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL schema to use (created if missing); tests give each file its own. */
  schema?: string;
  poolSize?: number;
  /**
   * Most time one statement may take, in ms (DATABASE_STATEMENT_TIMEOUT_MS); past it the statement
   * fails as the database being unavailable. PostgreSQL: the wait for a pool connection, a new
   * connection's start, each statement's reply (client side, which holds when packets are dropped
   * and no reset ever comes), and on the server each statement and each session idle inside a
   * transaction; unset, none of these (migrations, tools). SQLite: the busy timeout, how long a
   * write waits for another connection's write lock (default 5000).
   */
  statementTimeoutMs?: number;
}

/** SQLite's page cache of a connection, in KiB (the driver builds with 16,000). */
const SQLITE_PAGE_CACHE_KIB = 4_000;

/** SQLite's busy timeout when none is given. */
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

/** Opens `sqlite:<path>` or `postgres://…`. Does not migrate: call migrateToLatest. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (url.startsWith('sqlite:'))
    return openSqlite(url.slice('sqlite:'.length), options.statementTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, options);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url.slice(0, 20)}…`);
}

/** Runs a statement on one SQLite connection, at once. */
export interface SqliteStatements {
  rows<R>(text: string, parameters: readonly unknown[]): R[];
  /** Whether a transaction is open on the connection. */
  inTransaction(): boolean;
}

/** Prepared statements kept per SQL text; Kysely's driver would otherwise prepare on every query. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Statements longer than this are the multi-row inserts of many rows at once (a bulk file's rows,
 * a batch of jobs, an async request's items): each row count is a text of its own, and a prepared
 * statement holds SQLite memory in proportion to its text (about 3 MB for 1,500 rows of a bulk
 * file). Kept like the others, a file's stages left one each, tens of MB after a few files; only
 * the last one is kept, for the next chunk of the same size.
 */
const LARGE_STATEMENT_CHARS = 20_000;

/** `prepare` for a connection, remembering the statement of each text it was asked for. */
function statementCache(connection: SQLite.Database): (text: string) => SQLite.Statement {
  const statements = new Map<string, SQLite.Statement>();
  let large: { text: string; statement: SQLite.Statement } | undefined;
  return (text) => {
    if (text.length > LARGE_STATEMENT_CHARS) {
      if (large?.text !== text) large = { text, statement: connection.prepare(text) };
      return large.statement;
    }
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = connection.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
    }
    return statement;
  };
}

function openSqlite(path: string, busyTimeoutMs: number): Database {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer; busy_timeout makes a second process (the CLI, a
  // worker) wait for the write lock instead of failing, and past it the write fails SQLITE_BUSY (a
  // 503); NORMAL sync is durable across process crashes. The driver is synchronous and in process,
  // so a statement cannot hang on a network: the lock is the only wait there is.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${Math.round(busyTimeoutMs)}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The journal of group commit's savepoints (sqlite/group-commit.ts) and sorts without an index
  // stay in memory instead of spilling to temporary files.
  sqlite.pragma('temp_store = MEMORY');
  // The page cache is held small: the file grows with every record, and a cache that grows with
  // it fills with pages no answer reads again, while the pages answers do use (the indexes' upper
  // levels and right-hand paths, the cache entries looked up) fit, and the rest comes from the
  // OS's file cache.
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  const prepare = statementCache(sqlite);
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: { prepare, close: () => sqlite.close() } }),
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite: {
      rows: <R>(text: string, parameters: readonly unknown[]) => {
        const statement = prepare(text);
        if (statement.reader) return statement.all(...parameters) as R[];
        statement.run(...parameters);
        return [];
      },
      inTransaction: () => sqlite.inTransaction,
    },
    // Kysely's connection is held for the work's length, so no other query runs on it meanwhile;
    // BEGIN, COMMIT and ROLLBACK themselves go straight to the driver's prepared statements, as
    // the statements inside do (sql.ts), without a trip through Kysely's query pipeline each.
    transaction: (work) =>
      db.connection().execute(async (connection) => {
        prepare('begin immediate').run();
        try {
          const result = await work(connection);
          prepare('commit').run();
          return result;
        } catch (error) {
          try {
            prepare('rollback').run();
          } catch {
            // No transaction left to roll back (SQLite ended it on the error).
          }
          throw error;
        }
      }),
    ping: () => pingWith(db),
    close: () => db.destroy(),
  };
}

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened: a service on SQLite never
 * holds it (nor a PostgreSQL one the SQLite driver's JavaScript, which is small).
 */
function loadPg(): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg;
}

/** BIGINT (int8) columns hold epoch milliseconds, far below 2^53: read them as numbers, not strings. */
const INT8_OID = 20;
function typesOf(driver: typeof pg): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID
        ? (value: string) => Number.parseInt(value, 10)
        : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
}

/** Wait for a pool connection (and a new connection's start) when no statement timeout is set. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/**
 * How much later than the server the client gives up on a statement: a server that is there
 * cancels it first (57014) and the connection stays usable; only when no answer comes at all (a
 * network that drops packets) does the client's own timeout end it, and the connection with it.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 250;
/** Idle time before TCP keepalive probes a pooled connection whose peer may be gone. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * The pg settings of a statement timeout. A server-side statement_timeout alone does not help when
 * packets are dropped (the server never hears of the statement, or its answer never arrives), so
 * the client times each statement out too (pg's query_timeout); a connection whose statement timed
 * out is then destroyed, not reused (postgres/preparing-pool.ts). On the server, statement_timeout
 * ends statements that wait on locks, and idle_in_transaction_session_timeout ends the sessions a
 * vanished client left inside a transaction, holding its row locks.
 */
function timeoutSettings(timeoutMs: number | undefined): pg.PoolConfig {
  if (timeoutMs === undefined) return { connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS };
  return {
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs,
  };
}

function openPostgres(url: string, options: OpenOptions): Database {
  const driver = loadPg();
  const pool = new driver.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...timeoutSettings(options.statementTimeoutMs),
    types: typesOf(driver),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // A client in use when the server goes away emits 'error' too; its query still fails on its own.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    dialect: 'postgres',
    transaction: async (work) => {
      let committing = false;
      try {
        return await db.transaction().execute(async (trx) => {
          const result = await work(trx);
          committing = true;
          return result;
        });
      } catch (error) {
        // Past `work` only COMMIT is left: a connection that broke there may have delivered it.
        if (committing && isDatabaseUnavailable(error)) throw new CommitOutcomeUnknownError(error);
        throw error;
      }
    },
    ping: () => pingWith(db, options.statementTimeoutMs),
    close: () => db.destroy(),
  };
}

/**
 * The connection to PostgreSQL broke after COMMIT was sent: the server may have committed the
 * transaction or not, and only a later read can tell. It wraps the connection error, so it is
 * still a database-unavailable failure (503) to the caller.
 */
export class CommitOutcomeUnknownError extends Error {
  override readonly name = 'CommitOutcomeUnknownError';
  constructor(cause: unknown) {
    super('The database connection broke during COMMIT: the transaction may or may not have committed.', {
      cause,
    });
  }
}

/**
 * Whether `select 1` is answered, within `deadlineMs` when given: a statement's own timeouts (the
 * wait for a connection, then the statement) may add up to twice that, and readiness must say no
 * within it.
 */
async function pingWith(db: Kysely<Tables>, deadlineMs?: number): Promise<boolean> {
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  if (deadlineMs === undefined) return answered;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

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

/** The migrations' names in the order they apply. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

/** Applies every pending migration; safe to run from several processes at once (Kysely's lock). */
export async function migrateToLatest(database: Database, requestedSchema?: string): Promise<string[]> {
  const schema = await migrationSchema(database, requestedSchema);
  if (await upToDate(database, schema)) return [];
  return migrate(database, schema, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to and including `target` only (tests of a migration's data). */
export async function migrateTo(
  database: Database,
  target: string,
  requestedSchema?: string,
): Promise<string[]> {
  const schema = await migrationSchema(database, requestedSchema);
  return migrate(database, schema, (migrator) => migrator.migrateTo(target));
}

/**
 * Kysely's migrator looks for its tables across every schema; name ours (a DATABASE_URL may pick
 * one with `options=-c search_path=…`), or another schema's migration tables would be found.
 */
async function migrationSchema(database: Database, requested?: string): Promise<string | undefined> {
  const schema =
    requested ??
    (database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined);
  if (schema && database.dialect === 'postgres') {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(database.db);
  }
  return schema;
}

async function migrate(
  database: Database,
  schema: string | undefined,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(schema && database.dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * PostgreSQL SQLSTATE classes and codes that mean the server is away or did not answer in time,
 * not that a query was wrong: connection exceptions, shutdown, too many connections, a statement
 * cancelled (statement_timeout) and a session ended for idling in a transaction.
 */
const PG_UNAVAILABLE = /^(08|57P0[1-3]|53300|57014|25P03)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLite result codes of a file that cannot be opened, written or locked in time. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOMEM)/;
const PG_CLIENT_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i;

/**
 * Whether `error` (or an error it wraps) says the database could not be reached or used, as
 * opposed to a query that is wrong: such requests are answered 503 `service_unavailable`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (PG_UNAVAILABLE.test(code) || NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))
    )
      return true;
    if (PG_CLIENT_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}
