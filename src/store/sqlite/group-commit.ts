import type { Executor, SqliteStatements } from '../database.js';

type Work = (trx: Executor) => Promise<unknown>;

interface Pending {
  work: Work;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite: the transactions asked for within one event-loop turn run inside one
 * database transaction, each in a savepoint of its own, so they share one commit (one WAL write)
 * instead of paying one each. A work that throws is rolled back to its savepoint alone; every
 * caller hears its outcome only once the shared transaction has committed, and all of them hear
 * the error when it does not. Works run one after another: SQLite has a single writer anyway.
 */
export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly transaction: (work: (trx: Executor) => Promise<void>) => Promise<void>,
    /** The connection the transaction holds, for the savepoints. */
    private readonly writer: SqliteStatements,
  ) {}

  run<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const outcomes: Array<() => void> = [];
    try {
      await this.transaction(async (trx) => {
        for (const { work, resolve, reject } of batch) {
          this.writer.rows('savepoint work', []);
          try {
            const value = await work(trx);
            this.writer.rows('release work', []);
            outcomes.push(() => resolve(value));
          } catch (error) {
            this.writer.rows('rollback to work', []);
            this.writer.rows('release work', []);
            outcomes.push(() => reject(error));
          }
        }
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    for (const settle of outcomes) settle();
  }
}
