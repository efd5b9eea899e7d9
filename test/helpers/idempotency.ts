import type { TestApp } from './harness.js';

/**
 * The first request with `key` made to look as if it were still running (claimed `agoMs` ago,
 * its answer taken out of the row); `answer()` puts the answer back, as the first request
 * finishing would.
 */
export async function stillRunning(
  app: Pick<TestApp, 'database' | 'clock'>,
  key: string,
  agoMs = 0,
): Promise<{ answer(): Promise<void> }> {
  const { db } = app.database;
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('idempotency_keys')
    .set({ status: null, headers: null, body: null, created_at: app.clock.now() - agoMs })
    .where('key', '=', key)
    .execute();
  return {
    async answer() {
      await db
        .updateTable('idempotency_keys')
        .set({ status: row.status, headers: row.headers, body: row.body })
        .where('key', '=', key)
        .execute();
    },
  };
}
