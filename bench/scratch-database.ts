import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type Database, migrateToLatest, openDatabase } from '../src/store/database.js';
import type { Dialect } from './service.js';

/**
 * A migrated database of its own for a case that measures stores in the bench process, apart from
 * the service's: a SQLite file in the temp folder or a PostgreSQL schema, removed after `work`.
 */
export async function withScratchDatabase<T>(
  dialect: Dialect,
  postgresUrl: string,
  name: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const suffix = randomBytes(5).toString('hex');
  const file = join(tmpdir(), `vat-bench-${name}-${suffix}.sqlite`);
  const schema = `bench_${name}_${suffix}`;
  const database: Database =
    dialect === 'postgres' ? openDatabase(postgresUrl, { schema }) : openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(database, dialect === 'postgres' ? schema : undefined);
    return await work(database);
  } finally {
    if (dialect === 'postgres')
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
    await database.close();
    if (dialect !== 'postgres')
      for (const extra of ['', '-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
  }
}
