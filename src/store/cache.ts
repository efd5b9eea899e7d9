import { Sql, type SqlRunner } from './sql.js';
import type { ValidationCacheTable } from './tables.js';

/** The latest registry answer per normalised number, shared by all accounts (decisions section 2). */

export type CacheEntry = ValidationCacheTable;

export interface CacheStore {
  get(vatNumber: string): Promise<CacheEntry | undefined>;
  /** Stores the entry, replacing the number's previous one. */
  put(entry: CacheEntry): Promise<void>;
}

const GET = new Sql(
  'select vat_number, valid, company_name, company_address, source, fetched_at from validation_cache where vat_number = ?',
);
const PUT = new Sql(
  `insert into validation_cache (vat_number, valid, company_name, company_address, source, fetched_at)
   values (?, ?, ?, ?, ?, ?)
   on conflict (vat_number) do update set valid = excluded.valid, company_name = excluded.company_name,
     company_address = excluded.company_address, source = excluded.source, fetched_at = excluded.fetched_at`,
);

export class SqlCacheStore implements CacheStore {
  constructor(private readonly sql: SqlRunner) {}

  async get(vatNumber: string): Promise<CacheEntry | undefined> {
    return (await this.sql.read<CacheEntry>(GET, [vatNumber]))[0];
  }

  async put(entry: CacheEntry): Promise<void> {
    await this.sql.write(PUT, [
      entry.vat_number,
      entry.valid,
      entry.company_name,
      entry.company_address,
      entry.source,
      entry.fetched_at,
    ]);
  }
}
