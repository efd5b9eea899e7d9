import type { Executor } from './database.js';
import type { ValidationCacheTable } from './tables.js';

/** The latest registry answer per normalised number, shared by all accounts (decisions section 2). */

export type CacheEntry = ValidationCacheTable;

export interface CacheStore {
  get(vatNumber: string): Promise<CacheEntry | undefined>;
  /** Stores the entry, replacing the number's previous one. */
  put(entry: CacheEntry): Promise<void>;
}

export class KyselyCacheStore implements CacheStore {
  constructor(private readonly db: Executor) {}

  get(vatNumber: string): Promise<CacheEntry | undefined> {
    return this.db
      .selectFrom('validation_cache')
      .selectAll()
      .where('vat_number', '=', vatNumber)
      .executeTakeFirst();
  }

  async put(entry: CacheEntry): Promise<void> {
    await this.db
      .insertInto('validation_cache')
      .values(entry)
      .onConflict((oc) =>
        oc.column('vat_number').doUpdateSet({
          valid: entry.valid,
          company_name: entry.company_name,
          company_address: entry.company_address,
          source: entry.source,
          fetched_at: entry.fetched_at,
        }),
      )
      .execute();
  }
}
