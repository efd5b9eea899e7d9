/**
 * The PostgreSQL statements run by name: `Sql` registers a fixed text made with `prepare`, and
 * each pooled connection (postgres/preparing-pool.ts) parses it once and runs it by that name.
 */
const PREPARED = new Map<string, string>();

/** Registers `postgresText` as a prepared statement (once) and gives its name. */
export function nameForPrepared(postgresText: string): string {
  let name = PREPARED.get(postgresText);
  if (name === undefined) {
    name = `vat_${PREPARED.size + 1}`;
    PREPARED.set(postgresText, name);
  }
  return name;
}

/** The name a PostgreSQL connection runs this text under, when it is a prepared statement's. */
export function preparedName(postgresText: string): string | undefined {
  return PREPARED.get(postgresText);
}
