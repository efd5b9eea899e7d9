import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CommitOutcomeUnknownError,
  type Database,
  isDatabaseUnavailable,
  openDatabase,
} from '../../src/store/database.js';
import { StatementTimeoutError } from '../../src/store/postgres/preparing-pool.js';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from '../helpers/dialects.js';
import { startTcpProxy, type TcpProxy, throughProxy } from '../helpers/tcp-proxy.js';

/**
 * The statement timeout on PostgreSQL (DATABASE_STATEMENT_TIMEOUT_MS) when the database stops
 * answering without closing anything: packets dropped, so no reset and no error ever arrive. The
 * database is reached through a TCP proxy that silences one connection (tcp-proxy.ts); the direct
 * connection of the test database is left alone.
 */

const TIMEOUT_MS = 1_000;
/** Generous: the statement timeout plus the wait for a connection, on a busy machine. */
const ANSWERED_WITHIN_MS = 15_000;

const suite = POSTGRES_URL ? describe : describe.skip;

suite(`PostgreSQL statement timeout through a silent connection${POSTGRES_URL ? '' : ' [TEST_POSTGRES_URL not set]'}`, () => {
  let owner: TestDatabase;
  let proxy: TcpProxy;
  const opened: Database[] = [];

  beforeAll(async () => {
    owner = await createTestDatabase({ name: 'postgres' });
    const target = new URL(POSTGRES_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await sql`create table lock_probe (id integer primary key, n integer not null)`.execute(
      owner.database.db,
    );
    await sql`insert into lock_probe values (1, 0)`.execute(owner.database.db);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await proxy?.close();
    await owner?.drop();
  });

  const open = (poolSize: number) => {
    const database = openDatabase(throughProxy(owner.url, proxy), {
      poolSize,
      statementTimeoutMs: TIMEOUT_MS,
    });
    opened.push(database);
    return database;
  };
  const marked = (marker: string) => (chunk: Buffer) => chunk.includes(marker);

  it('fails a statement whose reply never comes as the database being unavailable, and never reuses its connection', async () => {
    // One connection in the pool: a timed-out client handed back to it would be the next one used.
    const database = open(1);
    expect((await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows).toEqual([{ n: 1 }]);

    const silenced = proxy.breakOn(marked('unanswered-statement'), 'reply', 'silence');
    const started = Date.now();
    const error = await sql`select 'unanswered-statement' as marker`.execute(database.db).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    await silenced;
    expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(error).toBeInstanceOf(StatementTimeoutError);
    expect(isDatabaseUnavailable(error)).toBe(true);

    // The next statements go out on a new connection and are answered.
    for (let n = 2; n <= 4; n += 1)
      expect((await sql<{ n: number }>`select ${n}::int as n`.execute(database.db)).rows).toEqual([{ n }]);
  });

  it('says not ready within the timeout while the only connection is silent', async () => {
    const database = open(1);
    expect(await database.ping()).toBe(true);
    const silenced = proxy.breakOn(marked('holding-the-pool'), 'reply', 'silence');
    // The pool's one connection is taken by a statement that gets no answer; the ping waits for it.
    const holding = sql`select 'holding-the-pool'`.execute(database.db).catch(() => undefined);
    await silenced;
    const started = Date.now();
    expect(await database.ping()).toBe(false);
    expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    await holding;
    expect(await database.ping()).toBe(true);
  });

  it('rolls back a transaction whose connection went silent, and frees the rows it locked', async () => {
    const database = open(2);
    const silenced = proxy.breakOn(marked('after-the-update'), 'request', 'silence');
    const error = await database
      .transaction(async (trx) => {
        await sql`update lock_probe set n = n + 1 where id = 1`.execute(trx);
        await sql`select 'after-the-update'`.execute(trx);
      })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    await silenced;
    expect(isDatabaseUnavailable(error)).toBe(true);

    // The server still holds that session inside its transaction (it never heard the client go),
    // with the row locked; it ends it after the timeout, so the row can be written again.
    await sql`update lock_probe set n = n + 10 where id = 1`.execute(database.db);
    expect(await probeValue(owner)).toBe(10);
  });

  it('takes a COMMIT whose reply never came for an unknown outcome, which a later read settles', async () => {
    const database = open(2);
    const before = await probeValue(owner);
    // The COMMIT reaches the server, which commits; its reply is lost and nothing more comes.
    const silenced = proxy.breakOn((chunk) => chunk.includes('commit'), 'reply', 'silence');
    const error = await database
      .transaction(async (trx) => {
        await sql`update lock_probe set n = n + 100 where id = 1`.execute(trx);
      })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    await silenced;
    expect(error).toBeInstanceOf(CommitOutcomeUnknownError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await probeValue(owner)).toBe(before + 100);
  });

  it('answers a statement that waits on a lock held elsewhere with the database being unavailable', async () => {
    const database = open(1);
    const holder = await openHolder(owner);
    try {
      const started = Date.now();
      const error = await sql`update lock_probe set n = n + 1 where id = 1`.execute(database.db).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      // Cancelled by the server's statement_timeout (57014), or by the client's a moment later
      // when the machine is slow to read the cancellation.
      expect(['57014', 'ETIMEDOUT']).toContain((error as { code?: string }).code);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await holder.release();
    }
    expect((await sql<{ n: number }>`select 5 as n`.execute(database.db)).rows).toEqual([{ n: 5 }]);
  });
});

/** The probe row's value, read over the direct connection. */
async function probeValue(owner: TestDatabase): Promise<number> {
  const rows = await sql<{ n: number }>`select n from lock_probe where id = 1`.execute(owner.database.db);
  return rows.rows[0].n;
}

/** A transaction on the direct connection that locks the probe row until released. */
async function openHolder(owner: TestDatabase): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = owner.database.db.transaction().execute(async (trx) => {
    await sql`select n from lock_probe where id = 1 for update`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return {
    async release() {
      release();
      await done;
    },
  };
}
