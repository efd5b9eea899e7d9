import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { preparedName } from '../sql.js';

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

function wrap(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string')
      return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const name = preparedName(sqlOrCursor);
    const values = [...parameters];
    const result = name
      ? client.query({ name, text: sqlOrCursor, values })
      : client.query(sqlOrCursor, values);
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }
  return { query, release: () => client.release() };
}
