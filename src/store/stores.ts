import { type AccountStore, KyselyAccountStore } from './accounts.js';
import { type AsyncRequestStore, KyselyAsyncRequestStore } from './async-requests.js';
import { type BulkStore, KyselyBulkStore } from './bulk.js';
import { type CacheStore, SqlCacheStore } from './cache.js';
import { type ChargeStore, TransactionChargeStore } from './charges.js';
import type { Database, Executor } from './database.js';
import { BatchedDecisions, type DecisionStore, SqlDecisionStore } from './decisions.js';
import { type EvidenceStore, SqlEvidenceStore } from './evidence.js';
import { type IdempotencyStore, KyselyIdempotencyStore } from './idempotency.js';
import { type JobStore, KyselyJobStore } from './jobs.js';
import { KyselyMonitorStore, type MonitorStore } from './monitors.js';
import { BatchedCharges } from './postgres/batched-charges.js';
import { PostgresChargeStore } from './postgres/charges.js';
import { PostgresJobStore } from './postgres/jobs.js';
import { KyselyRateStore, type RateStore } from './rates.js';
import { type RecordReadStore, SqlRecordReadStore } from './record-reads.js';
import { type RecordStore, SqlRecordStore } from './records.js';
import { SqlRunner } from './sql.js';
import { GroupCommit } from './sqlite/group-commit.js';
import { SqlUsageStore, type UsageStore } from './usage.js';
import { KyselyWebhookStore, type WebhookStore } from './webhooks.js';

/**
 * One store per group of tables, each behind an interface. `transaction` hands the work a second
 * set of the same stores bound to one transaction, so a caller can write to several groups
 * atomically (async acceptance: quota, items and jobs) without knowing the dialect. Stores never
 * hold state of their own: two sets over one database see the same data.
 */
export interface Stores {
  readonly accounts: AccountStore;
  readonly usage: UsageStore;
  readonly charges: ChargeStore;
  readonly cache: CacheStore;
  readonly records: RecordStore;
  readonly recordReads: RecordReadStore;
  readonly evidence: EvidenceStore;
  readonly jobs: JobStore;
  readonly webhooks: WebhookStore;
  readonly asyncRequests: AsyncRequestStore;
  readonly idempotency: IdempotencyStore;
  readonly monitors: MonitorStore;
  readonly bulk: BulkStore;
  readonly rates: RateStore;
  readonly decisions: DecisionStore;
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}

export function createStores(database: Database): Stores {
  const { dialect, sqlite } = database;
  // Inside a transaction, `transaction` joins it: the work runs on the same stores.
  const joinedStores = new WeakMap<Executor, Stores>();
  const joined = (trx: Executor): Stores => {
    const existing = joinedStores.get(trx);
    if (existing) return existing;
    const sql = new SqlRunner(trx, dialect, sqlite && { statements: sqlite, inTransaction: true });
    const stores: Stores = storesOn(trx, sql, (work) => work(stores));
    joinedStores.set(trx, stores);
    return stores;
  };
  // SQLite commits are its writes' main cost: the transactions of one event-loop turn share one.
  const groupCommit = sqlite && new GroupCommit(database.transaction, sqlite);
  const sql = new SqlRunner(database.db, dialect, sqlite && { statements: sqlite, inTransaction: false });
  const stores = storesOn(database.db, sql, (work) =>
    groupCommit
      ? groupCommit.run((trx) => work(joined(trx)))
      : database.transaction((trx) => work(joined(trx))),
  );
  // Decisions go one statement at a time, those made meanwhile together; on SQLite inside a
  // transaction, so the statement shares the group commit.
  const decisions = new BatchedDecisions(stores.decisions, (rows) =>
    dialect === 'postgres'
      ? stores.decisions.insertMany(rows)
      : stores.transaction((joinedStores) => joinedStores.decisions.insertMany(rows)),
  );
  // PostgreSQL: the charges of one account go one statement at a time, those waiting together.
  if (dialect === 'postgres') return { ...stores, decisions, charges: new BatchedCharges(stores.charges) };
  return { ...stores, decisions };
}

/** Stores over `db`; the request path's run their SQL through `sql`. */
function storesOn(db: Executor, sql: SqlRunner, transaction: Stores['transaction']): Stores {
  const usage = new SqlUsageStore(sql);
  return {
    accounts: new KyselyAccountStore(db),
    usage,
    charges:
      sql.dialect === 'postgres'
        ? new PostgresChargeStore(sql, usage)
        : new TransactionChargeStore(transaction),
    cache: new SqlCacheStore(sql, usage),
    records: new SqlRecordStore(sql),
    recordReads: new SqlRecordReadStore(sql),
    evidence: new SqlEvidenceStore(sql),
    jobs: sql.dialect === 'postgres' ? new PostgresJobStore(db) : new KyselyJobStore(db),
    webhooks: new KyselyWebhookStore(db, sql.dialect),
    asyncRequests: new KyselyAsyncRequestStore(db),
    idempotency: new KyselyIdempotencyStore(db),
    monitors: new KyselyMonitorStore(db, sql.dialect),
    bulk: new KyselyBulkStore(db, sql.dialect),
    rates: new KyselyRateStore(db, sql.dialect),
    decisions: new SqlDecisionStore(sql),
    transaction,
  };
}
