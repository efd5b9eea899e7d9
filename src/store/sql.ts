import { CompiledQuery } from 'kysely';
import type { DialectName, Executor, SqliteStatements } from './database.js';
import { nameForPrepared } from './prepared-names.js';

/**
 * Hand-written SQL for the stores on every validation's path (usage, cache, records), run through
 * Kysely's executor (its connections, its transactions) without its query builder: one text per
 * statement serves both engines, written with `?` placeholders and numbered for PostgreSQL once.
 * The other stores use the builder; these run several times per request.
 */
export class Sql {
  readonly text: Record<DialectName, string>;

  /**
   * `prepare`: a statement of fixed text run many times (never a text built per call, and none
   * returning a table's `*`, whose result type a later migration could change). On PostgreSQL
   * each connection then parses and plans it once and runs it by name (postgres/preparing-pool.ts);
   * on SQLite every statement is prepared once per text anyway.
   */
  constructor(text: string, options: { prepare?: boolean } = {}) {
    let n = 0;
    this.text = { sqlite: text, postgres: text.replace(/\?/g, () => `$${++n}`) };
    if (options.prepare) nameForPrepared(this.text.postgres);
  }
}

/**
 * Where a store's statements run: through Kysely (its connections and transactions), except on
 * SQLite, whose driver is synchronous: inside a transaction (`inTransaction`), which holds the
 * connection, straight on it; outside one, reads straight on it too while no transaction is open.
 */
export class SqlRunner {
  constructor(
    private readonly db: Executor,
    readonly dialect: DialectName,
    private readonly sqlite?: { statements: SqliteStatements; inTransaction: boolean },
  ) {}

  /** A statement that only reads. */
  async read<R>(statement: Sql, parameters: readonly unknown[]): Promise<R[]> {
    const sqlite = this.sqlite;
    if (sqlite && (sqlite.inTransaction || !sqlite.statements.inTransaction()))
      return sqlite.statements.rows<R>(statement.text.sqlite, parameters);
    return this.viaKysely<R>(statement, parameters);
  }

  async write<R>(statement: Sql, parameters: readonly unknown[]): Promise<R[]> {
    if (this.sqlite?.inTransaction) return this.sqlite.statements.rows<R>(statement.text.sqlite, parameters);
    return this.viaKysely<R>(statement, parameters);
  }

  private async viaKysely<R>(statement: Sql, parameters: readonly unknown[]): Promise<R[]> {
    const query = CompiledQuery.raw(statement.text[this.dialect], [...parameters]);
    return (await this.db.executeQuery<R>(query)).rows;
  }
}
