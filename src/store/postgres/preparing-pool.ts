import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { preparedName } from '../prepared-names.js';

/**
 * The pg pool as Kysely's PostgreSQL driver sees it, with one change: a query whose text is a
 * prepared statement's (`new Sql(text, { prepare: true })`, sql.ts) goes by the statement's name,
 * so each connection parses and plans it on first use only and then just binds and runs it. Every
 * other query, and every cursor, goes as before.
 *
 * The statements on a validation's path (cache read, quota read, charge) are small: parsing and
 * planning them was most of PostgreSQL's work for each.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client: the driver keeps its connection objects keyed by the client it got.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** pg's error for a statement whose reply did not come within its `query_timeout`. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * A statement the database did not answer within the statement timeout. Its code is a network
 * code, so it counts as the database being unavailable (store/database.ts), a 503; a charge that
 * fails this way may still have committed, as with a connection that broke.
 */
export class StatementTimeoutError extends Error {
  override readonly name = 'StatementTimeoutError';
  readonly code = 'ETIMEDOUT';
}

function wrap(client: pg.PoolClient): PostgresPoolClient {
  // Set once a statement on this checkout timed out. The connection may be dead (packets dropped)
  // or still busy with that statement, and pg would queue the next one (the transaction's ROLLBACK)
  // behind it for another timeout: nothing more is sent, and on release pg-pool destroys it, so the
  // next request does not inherit the dead socket.
  let abandoned: StatementTimeoutError | undefined;

  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string')
      return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    if (abandoned)
      return Promise.reject(
        new StatementTimeoutError('The connection was given up after a statement on it timed out.', {
          cause: abandoned,
        }),
      );
    const name = preparedName(sqlOrCursor);
    const values = [...parameters];
    const result = name
      ? client.query({ name, text: sqlOrCursor, values })
      : client.query(sqlOrCursor, values);
    return result.catch((error: unknown) => {
      if (error instanceof Error && error.message === READ_TIMEOUT_MESSAGE) {
        abandoned = new StatementTimeoutError('The database did not answer the statement in time.', {
          cause: error,
        });
        throw abandoned;
      }
      throw error;
    }) as unknown as Promise<PostgresQueryResult<R>>;
  }
  return {
    query,
    release: () => {
      const error = abandoned;
      abandoned = undefined;
      client.release(error);
    },
  };
}
