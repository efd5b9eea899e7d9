import { CompiledQuery } from 'kysely';
import type { DialectName, Executor } from './database.js';

/**
 * Hand-written SQL for the stores on every validation's path (usage, cache, records), run through
 * Kysely's executor (its connections, its transactions) without its query builder: one text per
 * statement serves both engines, written with `?` placeholders and numbered for PostgreSQL once.
 * The other stores use the builder; these run several times per request.
 */
export class Sql {
  private readonly text: Record<DialectName, string>;

  constructor(text: string) {
    let n = 0;
    this.text = { sqlite: text, postgres: text.replace(/\?/g, () => `$${++n}`) };
  }

  async rows<R>(db: Executor, dialect: DialectName, parameters: readonly unknown[]): Promise<R[]> {
    const result = await db.executeQuery<R>(CompiledQuery.raw(this.text[dialect], [...parameters]));
    return result.rows;
  }

  async first<R>(db: Executor, dialect: DialectName, parameters: readonly unknown[]): Promise<R | undefined> {
    return (await this.rows<R>(db, dialect, parameters))[0];
  }
}
