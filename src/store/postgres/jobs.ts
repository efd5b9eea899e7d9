import { KyselyJobStore } from '../jobs.js';

/**
 * PostgreSQL claims with FOR UPDATE SKIP LOCKED, so any number of workers share the table without
 * waiting on each other's claims (graphile-worker's `getJobs`).
 */
export class PostgresJobStore extends KyselyJobStore {
  protected override dueIds(limit: number, now: number) {
    return super.dueIds(limit, now).forUpdate().skipLocked();
  }
}
