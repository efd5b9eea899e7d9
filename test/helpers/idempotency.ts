import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp, TestResponse } from './harness.js';

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

let triggers = 0;

/**
 * Runs `body` while a trigger refuses to store the answer of `key`, as a database failing (or the
 * process dying) right after a request's work committed would: were the answer written after the
 * work's commit, the work would be done and charged with no answer kept, and a retry would do it
 * again.
 */
export async function withAnswerRefused(
  app: Pick<TestApp, 'database'>,
  key: string,
  body: () => Promise<void>,
): Promise<void> {
  const { db, dialect } = app.database;
  const trigger = `refuse_answer_${process.pid}_${++triggers}`;
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger ${trigger} before update on idempotency_keys when new.key = '${key}' and new.status is not null begin select raise(abort, 'answer refused by the test'); end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'answer refused by the test'; end $$; ` +
          `create trigger ${trigger} before update on idempotency_keys for each row when (new.key = '${key}' and new.status is not null) execute function ${trigger}()`,
      )
      .execute(db);
  }
  try {
    await body();
  } finally {
    await sql.raw(`drop trigger ${trigger}${dialect === 'sqlite' ? '' : ' on idempotency_keys'}`).execute(db);
    if (dialect === 'postgres') await sql.raw(`drop function ${trigger}()`).execute(db);
  }
}

/**
 * Sends a request twice under its key: the first runs (`status`), the second is its replay, the
 * same bytes and quota headers. Returns the first answer.
 */
export async function answeredOnce(send: () => Promise<TestResponse>, status: number): Promise<TestResponse> {
  const first = await send();
  expect(first.status, first.text).toBe(status);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const again = await send();
  expect(again.status, again.text).toBe(status);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.text).toBe(first.text);
  expect(again.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
  return first;
}
