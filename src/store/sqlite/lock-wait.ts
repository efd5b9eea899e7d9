import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * SQLite's wait for another connection's write lock, without holding up the process. SQLite's own
 * busy timeout sleeps inside the synchronous driver, so a statement waiting on a lock held by
 * another process (a CLI run, a backup tool, a second worker) stopped the whole event loop for up
 * to the timeout, and the waits of queued statements added up: reads and `/ready` went unanswered
 * for several timeouts in a row. Here the connection's busy timeout is 0, and a statement that
 * starts a write refused SQLITE_BUSY is tried again after a pause, until its deadline: the
 * statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) from when it was issued, its wait for the
 * connection included. Past it the SQLITE_BUSY error stands (a 503). A statement that reaches the
 * connection after its deadline is still tried once: when the lock is free it runs.
 *
 * The one connection is Kysely's (its driver lets one user at a time have it). A statement waiting
 * for the lock gives it back during each pause, so reads, which need no lock (WAL), go on
 * meanwhile instead of queueing behind the wait. Only statements outside a transaction are tried
 * again (BEGIN IMMEDIATE, and statements on their own): a refused one did nothing. Inside a
 * transaction the write lock is already held, and the connection is kept from BEGIN to its end.
 */

/** Pauses between tries: doubled from the first up to the last, in ms. */
const FIRST_PAUSE_MS = 1;
const LONGEST_PAUSE_MS = 25;

/** Whether `error` is SQLite refusing for a lock another connection holds (SQLITE_BUSY and its extended codes). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

export const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

/**
 * The SQLite dialect whose statements wait for the write lock as above. `inTransaction` tells
 * whether the one connection is inside a transaction now.
 */
export class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly timeoutMs: number,
    private readonly inTransaction: () => boolean,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(super.createDriver(), this.timeoutMs, this.inTransaction);
  }
}

/**
 * Kysely's SQLite driver, whose connections are handed out as LockWaitingConnections: one taken
 * from the driver only when its first statement runs, and given back while it waits for the lock.
 */
class LockWaitingDriver implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly timeoutMs: number,
    private readonly inTransaction: () => boolean,
  ) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LockWaitingConnection(
      this.driver,
      Date.now() + this.timeoutMs,
      this.timeoutMs,
      this.inTransaction,
    );
  }

  /** Kysely's transactions (the migrator's) take the write lock at BEGIN, as the stores' do. */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(BEGIN_IMMEDIATE);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(connection);
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) =>
    this.driver.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.driver.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.driver.releaseSavepoint!(connection, name, compile);

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as LockWaitingConnection).release();
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

class LockWaitingConnection implements DatabaseConnection {
  /** The driver's connection while this one has it. */
  private held: DatabaseConnection | undefined;

  constructor(
    private readonly driver: Driver,
    /** The first statement's deadline: its wait for the connection counts. */
    private firstDeadline: number | undefined,
    private readonly timeoutMs: number,
    private readonly inTransaction: () => boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = this.firstDeadline ?? Date.now() + this.timeoutMs;
    this.firstDeadline = undefined;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      this.held ??= await this.driver.acquireConnection();
      const inTransaction = this.inTransaction();
      try {
        return await this.held.executeQuery<R>(query);
      } catch (error) {
        const left = deadline - Date.now();
        if (inTransaction || !isBusy(error) || left <= 0) throw error;
      }
      // Refused for the lock, outside a transaction: nothing ran. The connection goes back for
      // the pause, so statements that need no lock run meanwhile.
      await this.release();
      await sleep(Math.min(pause, deadline - Date.now()));
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.stream<R>(query, chunkSize);
  }

  /** Gives the driver's connection back, if this one has it. */
  async release(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (held) await this.driver.releaseConnection(held);
  }

  private async *stream<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.held ??= await this.driver.acquireConnection();
    yield* this.held.streamQuery<R>(query, chunkSize);
  }
}
