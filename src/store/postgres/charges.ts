import { CACHE_COLUMNS, PUT_CONFLICT, SqlCacheStore } from '../cache.js';
import { type AnswerWrites, type ChargeStore, NO_WRITES, writeAnswers } from '../charges.js';
import { CommitOutcomeUnknownError, isDatabaseUnavailable } from '../database.js';
import { EVIDENCE_COLUMNS, SqlEvidenceStore } from '../evidence.js';
import { RECORD_COLUMNS, type ValidationRecord } from '../records.js';
import { Sql, type SqlRunner } from '../sql.js';
import { RESERVE, type Reservation, type ReserveResult, type UsageStore } from '../usage.js';

/** PostgreSQL types of the record columns, for the parameters of a VALUES list. */
const COLUMN_TYPES: Record<(typeof RECORD_COLUMNS)[number], string> = {
  id: 'text',
  account_id: 'text',
  mode: 'text',
  request_id: 'text',
  reference: 'text',
  channel: 'text',
  batch_id: 'text',
  bulk_id: 'text',
  monitor_id: 'text',
  vat_number: 'text',
  country_code: 'text',
  valid: 'integer',
  company_name: 'text',
  company_address: 'text',
  consultation_number: 'text',
  requester_vat_number: 'text',
  requested_at: 'bigint',
  match: 'text',
  source: 'text',
  source_status: 'text',
  cached: 'integer',
  cached_at: 'bigint',
  stale: 'integer',
  evidence_id: 'text',
  record_hash: 'text',
  seal_id: 'text',
  created_at: 'bigint',
};
const ROW = `(${RECORD_COLUMNS.map((column) => `?::${COLUMN_TYPES[column]}`).join(', ')})`;

const placeholders = (columns: number) => `(${Array(columns).fill('?').join(', ')})`;

/**
 * The charge statement of `records` records, after writing `evidence` evidence rows and `cache`
 * cache entries. Data-modifying CTEs run whether or not the reservation returns a row, so a
 * refused charge still keeps the evidence and the cache entry. Evidence already there (a group
 * of charges tried together, then one by one) is left alone.
 */
function chargeText(records: number, evidence = 0, cache = 0): string {
  const writes = [
    evidence > 0 &&
      `kept as (insert into evidence (${EVIDENCE_COLUMNS.join(', ')})
       values ${Array(evidence).fill(placeholders(EVIDENCE_COLUMNS.length)).join(', ')}
       on conflict (id) do nothing)`,
    cache > 0 &&
      `cached as (insert into validation_cache (${CACHE_COLUMNS.join(', ')})
       values ${Array(cache).fill(placeholders(CACHE_COLUMNS.length)).join(', ')}
       ${PUT_CONFLICT})`,
  ].filter(Boolean);
  return `with ${writes.map((write) => `${write}, `).join('')}reserved as (${RESERVE.text.sqlite})
   insert into validations (${RECORD_COLUMNS.join(', ')})
   select * from (values ${Array(records).fill(ROW).join(', ')}) as v
   where exists (select 1 from reserved)
   returning (select used from reserved) as used`;
}

/**
 * Charges of up to this many records are prepared statements, one per count: a charge carries the
 * requests of an account that came while its previous charge was out (batched-charges.ts), most
 * often a few. Larger ones (a sync batch's answers, many waiting charges) are planned each time.
 * So are those of uncached answers alone, each with its evidence and cache entry.
 */
const PREPARED_UP_TO = 8;
const PREPARED_CHARGES = Array.from(
  { length: PREPARED_UP_TO },
  (_, index) => new Sql(chargeText(index + 1), { prepare: true }),
);
const PREPARED_UNCACHED = Array.from(
  { length: PREPARED_UP_TO },
  (_, index) => new Sql(chargeText(index + 1, index + 1, index + 1), { prepare: true }),
);

function chargeOf(records: number, evidence: number, cache: number): Sql {
  if (evidence === 0 && cache === 0) return PREPARED_CHARGES[records - 1] ?? new Sql(chargeText(records));
  if (records === evidence && records === cache)
    return PREPARED_UNCACHED[records - 1] ?? new Sql(chargeText(records, evidence, cache));
  return new Sql(chargeText(records, evidence, cache));
}

/**
 * The cache entries to write in one statement: one per number (a statement's upsert may touch a
 * row once), the latest answer's.
 */
function latestPerNumber(entries: AnswerWrites['cache']): AnswerWrites['cache'] {
  if (entries.length < 2) return entries;
  const latest = new Map<string, AnswerWrites['cache'][number]>();
  for (const entry of entries) {
    const known = latest.get(entry.vat_number);
    if (!known || entry.fetched_at >= known.fetched_at) latest.set(entry.vat_number, entry);
  }
  return [...latest.values()];
}

/**
 * PostgreSQL charges in one statement: the answers' evidence and cache entries and the
 * reservation's upsert (usage.ts RESERVE) as CTEs, and the records inserted only when the
 * reservation returned a row. One round trip, and the account's usage row
 * is locked for that statement alone, not across a transaction's round trips: every charge of an
 * account goes through that one row.
 */
export class PostgresChargeStore implements ChargeStore {
  /** For answers' writes that come with no units to take. */
  private readonly writers: { evidence: SqlEvidenceStore; cache: SqlCacheStore };

  constructor(
    private readonly sql: SqlRunner,
    private readonly usage: UsageStore,
  ) {
    this.writers = { evidence: new SqlEvidenceStore(sql), cache: new SqlCacheStore(sql, usage) };
  }

  async charge(
    reservation: Reservation,
    records: readonly ValidationRecord[],
    writes: AnswerWrites = NO_WRITES,
  ): Promise<ReserveResult> {
    const { accountId, period, units, limit } = reservation;
    if (records.length === 0 || units <= 0 || units > limit) {
      await writeAnswers(this.writers, writes);
      return this.usage.reserve(reservation);
    }
    const cache = latestPerNumber(writes.cache);
    const statement = chargeOf(records.length, writes.evidence.length, cache.length);
    const parameters = [
      ...writes.evidence.flatMap((row) => EVIDENCE_COLUMNS.map((column) => row[column])),
      ...cache.flatMap((entry) => CACHE_COLUMNS.map((column) => entry[column])),
      accountId,
      period,
      units,
      limit,
      ...records.flatMap((record) => RECORD_COLUMNS.map((column) => record[column])),
    ];
    let rows: Array<{ used: number }>;
    try {
      rows = await this.sql.write<{ used: number }>(statement, parameters);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new CommitOutcomeUnknownError(error);
      throw error;
    }
    if (rows.length > 0) return { ok: true, used: Number(rows[0].used) };
    return { ok: false, used: await this.usage.used(accountId, period) };
  }
}
