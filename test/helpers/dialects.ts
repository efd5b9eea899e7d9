import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, it } from 'vitest';
import {
  type Database,
  type DialectName,
  migrateTo,
  migrateToLatest,
  openDatabase,
} from '../../src/store/database.js';

/**
 * One test body, every dialect (kysely's habit): SQLite always, PostgreSQL when TEST_POSTGRES_URL
 * is set. Without it the PostgreSQL variant is reported as skipped, never silently dropped.
 */
export interface TestDialect {
  name: DialectName;
}

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL;

export function describeEachDialect(title: string, body: (dialect: TestDialect) => void): void {
  describe(`${title} [sqlite]`, () => body({ name: 'sqlite' }));
  if (POSTGRES_URL) describe(`${title} [postgres]`, () => body({ name: 'postgres' }));
  else
    describe.skip(`${title} [postgres: TEST_POSTGRES_URL not set]`, () =>
      it('runs on PostgreSQL', () => undefined));
}

export interface TestDatabase {
  database: Database;
  /** A DATABASE_URL that reaches the same database (and schema) from another process. */
  url: string;
  /** Applies the migrations not applied yet (after `migratedTo`). */
  migrateToLatest(): Promise<string[]>;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: a temp SQLite file, or a PostgreSQL schema of its own. With
 * `migratedTo`, only the migrations up to that one have run (to test a later one on old data).
 */
export async function createTestDatabase(
  dialect: TestDialect,
  options: { poolSize?: number; migratedTo?: string } = {},
): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString('hex');
  const migrate = (database: Database, schema?: string) =>
    options.migratedTo === undefined
      ? migrateToLatest(database, schema)
      : migrateTo(database, options.migratedTo, schema);
  if (dialect.name === 'sqlite') {
    const file = join(tmpdir(), `vat-test-${suffix}.sqlite`);
    const database = openDatabase(`sqlite:${file}`);
    await migrate(database);
    return {
      database,
      url: `sqlite:${file}`,
      migrateToLatest: () => migrateToLatest(database),
      drop: async () => {
        await database.close().catch(() => undefined);
        for (const extra of ['', '-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
      },
    };
  }
  if (!POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const schema = `t_${suffix}`;
  const database = openDatabase(POSTGRES_URL, { schema, poolSize: options.poolSize ?? 20 });
  await oneSchemaChangeAtATime(() => migrate(database, schema));
  const url = withSearchPath(POSTGRES_URL, schema);
  return {
    database,
    url,
    migrateToLatest: () => oneSchemaChangeAtATime(() => migrateToLatest(database, schema)),
    drop: async () => {
      await oneSchemaChangeAtATime(() =>
        sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db),
      ).catch(() => undefined);
      await database.close().catch(() => undefined);
    },
  };
}

/** The advisory lock the test files' schema migrations and drops take (any constant works). */
const SCHEMA_LOCK = 7_318_021;

/**
 * Runs `change` while holding a session advisory lock shared by every test worker. Kysely's
 * Migrator looks for its table by introspecting every schema of the database; a schema another
 * worker drops during that scan fails it with 'schema "t_…" does not exist', naming the other
 * schema. Migrations and drops of the test schemas therefore go one at a time.
 */
async function oneSchemaChangeAtATime<T>(change: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await change();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A connection string whose sessions use `schema` (libpq `options`), for child processes. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}
