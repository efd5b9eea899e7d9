import { type AccountStore, KyselyAccountStore } from './accounts.js';
import { type AsyncRequestStore, KyselyAsyncRequestStore } from './async-requests.js';
import { type CacheStore, SqlCacheStore } from './cache.js';
import type { Database, DialectName, Executor } from './database.js';
import { type JobStore, KyselyJobStore } from './jobs.js';
import { PostgresJobStore } from './postgres/jobs.js';
import { type RecordStore, SqlRecordStore } from './records.js';
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
  readonly cache: CacheStore;
  readonly records: RecordStore;
  readonly jobs: JobStore;
  readonly webhooks: WebhookStore;
  readonly asyncRequests: AsyncRequestStore;
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}

export function createStores(database: Database): Stores {
  // Inside a transaction, `transaction` joins it: the work runs on the same stores.
  const joined = (trx: Executor): Stores => {
    const stores: Stores = { ...storesOn(trx, database.dialect), transaction: (work) => work(stores) };
    return stores;
  };
  // SQLite commits are its writes' main cost: the transactions of one event-loop turn share one.
  const groupCommit = database.dialect === 'sqlite' ? new GroupCommit(database.transaction) : undefined;
  return {
    ...storesOn(database.db, database.dialect),
    transaction: (work) =>
      groupCommit
        ? groupCommit.run((trx) => work(joined(trx)))
        : database.transaction((trx) => work(joined(trx))),
  };
}

function storesOn(db: Executor, dialect: DialectName): Omit<Stores, 'transaction'> {
  return {
    accounts: new KyselyAccountStore(db),
    usage: new SqlUsageStore(db, dialect),
    cache: new SqlCacheStore(db, dialect),
    records: new SqlRecordStore(db, dialect),
    jobs: dialect === 'postgres' ? new PostgresJobStore(db) : new KyselyJobStore(db),
    webhooks: new KyselyWebhookStore(db),
    asyncRequests: new KyselyAsyncRequestStore(db),
  };
}
