import { Sql, type SqlRunner } from './sql.js';
import type { ValidationCacheTable } from './tables.js';
import type { UsageStore } from './usage.js';

/** The latest registry answer per normalised number, shared by all accounts (decisions section 2). */

/** An entry as read, with the SHA-256 of the reply its evidence kept (null without evidence). */
export type CacheEntry = ValidationCacheTable & { evidence_sha256: string | null };

/** A cache read with an account's usage beside it: `entry` undefined when the number is not cached. */
export interface CacheEntryWithUsage {
  entry: CacheEntry | undefined;
  used: number;
}

export interface CacheStore {
  get(vatNumber: string): Promise<CacheEntry | undefined>;
  /**
   * `get`, with an account's usage of a month (0 before its first unit), in one statement on
   * PostgreSQL: while no registry can be asked, the pipeline needs both before it answers.
   */
  getWithUsage(vatNumber: string, usage: { accountId: string; period: string }): Promise<CacheEntryWithUsage>;

  /** Stores the entry, replacing the number's previous one. */
  put(entry: ValidationCacheTable): Promise<void>;
}

// The evidence hash as a scalar subquery rather than a left join: on SQLite the join was the larger
// part of the read's cost even for entries without evidence; the subquery is one key lookup.
const GET = new Sql(
  `select c.vat_number, c.valid, c.company_name, c.company_address, c.source, c.fetched_at, c.evidence_id,
     (select e.response_sha256 from evidence e where e.id = c.evidence_id) as evidence_sha256
   from validation_cache c where c.vat_number = ?`,
  { prepare: true },
);
// PostgreSQL: one row whether or not the number is cached, the usage from a one-row subquery, the entry joined.
const GET_WITH_USAGE = new Sql(
  `select u.used, c.vat_number, c.valid, c.company_name, c.company_address, c.source, c.fetched_at, c.evidence_id,
     (select e.response_sha256 from evidence e where e.id = c.evidence_id) as evidence_sha256
   from (select coalesce((select used from usage where account_id = ? and period = ?), 0) as used) u
   left join validation_cache c on c.vat_number = ?`,
  { prepare: true },
);
export const CACHE_COLUMNS = [
  'vat_number',
  'valid',
  'company_name',
  'company_address',
  'source',
  'fetched_at',
  'evidence_id',
] as const satisfies ReadonlyArray<keyof ValidationCacheTable>;
/** What a put does to the number's entry already there: the new one replaces it. */
export const PUT_CONFLICT = `on conflict (vat_number) do update set valid = excluded.valid, company_name = excluded.company_name,
     company_address = excluded.company_address, source = excluded.source, fetched_at = excluded.fetched_at,
     evidence_id = excluded.evidence_id`;
const PUT = new Sql(
  `insert into validation_cache (${CACHE_COLUMNS.join(', ')})
   values (${CACHE_COLUMNS.map(() => '?').join(', ')})
   ${PUT_CONFLICT}`,
  { prepare: true },
);

export class SqlCacheStore implements CacheStore {
  constructor(
    private readonly sql: SqlRunner,
    private readonly usage: Pick<UsageStore, 'used'>,
  ) {}

  async get(vatNumber: string): Promise<CacheEntry | undefined> {
    return (await this.sql.read<CacheEntry>(GET, [vatNumber]))[0];
  }

  async getWithUsage(
    vatNumber: string,
    { accountId, period }: { accountId: string; period: string },
  ): Promise<CacheEntryWithUsage> {
    // SQLite runs in this process, with no round trip to save: its two plain reads cost about a
    // tenth of the joined one.
    if (this.sql.dialect === 'sqlite')
      return { entry: await this.get(vatNumber), used: await this.usage.used(accountId, period) };
    const [row] = await this.sql.read<CacheEntry & { used: number | string }>(GET_WITH_USAGE, [
      accountId,
      period,
      vatNumber,
    ]);
    const { used, ...entry } = row;
    return { entry: entry.vat_number === null ? undefined : entry, used: Number(used) };
  }

  async put(entry: ValidationCacheTable): Promise<void> {
    await this.sql.write(
      PUT,
      CACHE_COLUMNS.map((column) => entry[column]),
    );
  }
}
