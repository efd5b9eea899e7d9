import { CACHE_COLUMNS, PUT_CONFLICT, SqlCacheStore } from '../cache.js';
import { type AnswerWrites, type ChargeStore, NO_WRITES, writeAnswers } from '../charges.js';
import { CommitOutcomeUnknownError, isDatabaseUnavailable } from '../database.js';
import { DECISION_COLUMNS } from '../decisions.js';
import { EVIDENCE_COLUMNS, SqlEvidenceStore } from '../evidence.js';
import { RECORD_COLUMNS, type ValidationRecord } from '../records.js';
import { Sql, type SqlRunner } from '../sql.js';
import type { DecisionsTable } from '../tables.js';
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

/** The same for the decision columns: all text but the time. */
const DECISION_ROW = `(${DECISION_COLUMNS.map((column) => (column === 'created_at' ? '?::bigint' : '?::text')).join(', ')})`;

const placeholders = (columns: number) => `(${Array(columns).fill('?').join(', ')})`;

/** How many rows of each kind one charge statement writes. */
interface ChargeShape {
  records: number;
  evidence: number;
  cache: number;
  decisions: number;
}

/**
 * The charge statement of a shape: the evidence rows and cache entries, then the reservation,
 * then the records and the decisions resting on them. Data-modifying CTEs run whether or not the
 * reservation returns a row, so a refused charge still keeps the evidence and the cache entry;
 * the records and decisions are inserted only when it returned one. Evidence already there (a
 * group of charges tried together, then one by one) is left alone.
 */
function chargeText({ records, evidence, cache, decisions }: ChargeShape): string {
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
  const decided =
    decisions > 0
      ? `, decided as (insert into decisions (${DECISION_COLUMNS.join(', ')})
       select * from (values ${Array(decisions).fill(DECISION_ROW).join(', ')}) as d
       where exists (select 1 from reserved))`
      : '';
  return `with ${writes.map((write) => `${write}, `).join('')}reserved as (${RESERVE.text.sqlite})${decided}
   insert into validations (${RECORD_COLUMNS.join(', ')})
   select * from (values ${Array(records).fill(ROW).join(', ')}) as v
   where exists (select 1 from reserved)
   returning (select used from reserved) as used`;
}

/**
 * Charges of up to this many records are prepared statements, one per shape: a charge carries the
 * requests of an account that came while its previous charge was out (batched-charges.ts), most
 * often a few, each with or without its evidence, cache entry and decision. Other shapes (a sync
 * batch's answers, many waiting charges, a mix) are planned each time.
 */
const PREPARED_UP_TO = 8;
const PREPARED = new Map<string, Sql>();

function chargeOf(shape: ChargeShape): Sql {
  const { records, evidence, cache, decisions } = shape;
  const regular =
    records <= PREPARED_UP_TO &&
    [evidence, cache, decisions].every((count) => count === 0 || count === records);
  if (!regular) return new Sql(chargeText(shape));
  const key = `${records}/${evidence}/${cache}/${decisions}`;
  let statement = PREPARED.get(key);
  if (!statement) {
    statement = new Sql(chargeText(shape), { prepare: true });
    PREPARED.set(key, statement);
  }
  return statement;
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
    decisions: readonly DecisionsTable[] = [],
  ): Promise<ReserveResult> {
    const { accountId, period, units, limit } = reservation;
    if (records.length === 0 || units <= 0 || units > limit) {
      await writeAnswers(this.writers, writes);
      return this.usage.reserve(reservation);
    }
    const cache = latestPerNumber(writes.cache);
    const statement = chargeOf({
      records: records.length,
      evidence: writes.evidence.length,
      cache: cache.length,
      decisions: decisions.length,
    });
    const parameters = [
      ...writes.evidence.flatMap((row) => EVIDENCE_COLUMNS.map((column) => row[column])),
      ...cache.flatMap((entry) => CACHE_COLUMNS.map((column) => entry[column])),
      accountId,
      period,
      units,
      limit,
      ...decisions.flatMap((row) => DECISION_COLUMNS.map((column) => row[column])),
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
