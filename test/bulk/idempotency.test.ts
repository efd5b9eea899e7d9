import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import {
  type AsyncStack,
  asyncEnv,
  configureWebhook,
  freshNumbers,
  matching,
  setUsage,
  startAsyncStack,
  untilSettled,
  usageOf,
  waitForEvent,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';
import { stillRunning, withAnswerRefused } from '../helpers/idempotency.js';
import { multipartBody, upload, waitForCompletion } from './support.js';

/**
 * Idempotent bulk uploads (wave-2 K on E1): the file is streamed, so the same request is the same
 * query and the same file's bytes, hashed as they are read, whether sent as text/csv or as the
 * file of a multipart form. A client retrying an upload (after a lost connection, say) gets the
 * first 202 again: one file, one charge, one set of jobs, one bulk.completed. The key is claimed
 * once the file is read and found readable, before anything is committed.
 */

/** A retry does not wait long for a first upload that is still being accepted. */
const WAIT_MS = 400;

describeEachDialect('Idempotency-Key on bulk uploads', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, { env: { IDEMPOTENCY_WAIT_MS: String(WAIT_MS) } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  let serial = 0;
  const newKey = () => `bulk-${dialect.name}-${Date.now()}-${++serial}`;
  const send = (
    account: string,
    key: string,
    csv: string | Buffer,
    options: { query?: string; contentType?: string; app?: TestApp } = {},
  ) => upload(options.app ?? stack.app, account, csv, { ...options, headers: { 'idempotency-key': key } });
  const csvOf = (numbers: string[]) => `vat_number,row\n${numbers.map((n, i) => `${n},${i}`).join('\n')}\n`;

  function expectReplayOf(replay: TestResponse, first: TestResponse): void {
    expect(replay.status, replay.text).toBe(first.status);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
  }

  const filesOf = async (accountId: string) =>
    (
      await stack.app.database.db
        .selectFrom('bulk_files')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()
    ).map((row) => row.id);
  const keyRows = (key: string) =>
    stack.app.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

  it('the same file sent twice: one file, one charge, one set of jobs, one bulk.completed', async () => {
    const { app, receiver, sim } = stack;
    const account = await app.account('business');
    await configureWebhook(app, account.live, `${receiver.url}/same`);
    const key = newKey();
    const numbers = freshNumbers('DE', 3);
    const csv = csvOf([...numbers, numbers[0], 'DE12']);

    const first = await send(account.live, key, csv);
    expect(first.status, first.text).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data).toMatchObject({ status: 'pending', total: 5, accepted: 4, rejected: 1 });
    const again = await send(account.live, key, csv);
    expectReplayOf(again, first);
    // `cache=true` is the default: the same query as none.
    expectReplayOf(await send(account.live, key, csv, { query: '?cache=true' }), first);

    const id = first.body.data.bulk_id as string;
    expect(await filesOf(account.id)).toEqual([id]);
    expect(await usageOf(app, account.id)).toBe(3);
    await waitForCompletion(app, account.live, id);
    await waitForEvent(receiver, (event) => event.data?.bulk_id === id);
    // Everything queued has run, so a second file's jobs and event would have shown by now.
    await untilSettled(app, account.id);
    expect(matching(receiver, (_event, request) => request.path === '/hook/same')).toHaveLength(1);
    for (const number of numbers) expect(sim.statsOf('vies').callsByNumber[number]).toBe(1);

    // A retry after the file completed still gets the acceptance, nothing more.
    const late = await send(account.live, key, csv);
    expectReplayOf(late, first);
    expect(await filesOf(account.id)).toEqual([id]);
    expect(await usageOf(app, account.id)).toBe(3);
  });

  it('the same file as text/csv, then as multipart with any boundary, is the same request', async () => {
    const account = await stack.app.account('pro');
    const key = newKey();
    const csv = csvOf(freshNumbers('DE', 2));
    const first = await send(account.live, key, csv);
    expect(first.status, first.text).toBe(202);
    for (const boundary of ['XyZ-boundary-42', 'another-one']) {
      const { body, contentType } = multipartBody(csv, boundary);
      expectReplayOf(await send(account.live, key, body, { contentType }), first);
    }
    expect(await filesOf(account.id)).toEqual([first.body.data.bulk_id]);
    expect(await usageOf(stack.app, account.id)).toBe(2);
  });

  it('another file or another query under the same key: 422 idempotency_key_reused, nothing kept', async () => {
    const account = await stack.app.account('pro');
    const key = newKey();
    const numbers = freshNumbers('DE', 2);
    const first = await send(account.live, key, csvOf(numbers));
    expect(first.status, first.text).toBe(202);
    const refusals = [
      await send(account.live, key, csvOf([...numbers, ...freshNumbers('DE', 1)])),
      // The same numbers, one byte apart (no final line break).
      await send(account.live, key, csvOf(numbers).trimEnd()),
      await send(account.live, key, csvOf(numbers), { query: '?reference=import-2' }),
      await send(account.live, key, csvOf(numbers), { query: '?cache=false' }),
    ];
    for (const res of refusals) {
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('idempotency_key_reused');
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await filesOf(account.id)).toEqual([first.body.data.bulk_id]);
    expect(await usageOf(stack.app, account.id)).toBe(2);
  });

  it('a malformed key: 422 validation_error before the file is read, and the answer gets through', async () => {
    const account = await stack.app.account('business');
    // About 2 MB: more than the socket buffers hold, so the answer comes while the body is still sent.
    const large = `vat_number\n${'DE123456704\n'.repeat(170_000)}`;
    for (const bad of ['', 'has space', 'x'.repeat(256)]) {
      const res = await send(account.live, bad, large);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.message).toMatch(/Idempotency-Key/);
    }
    expect(await filesOf(account.id)).toEqual([]);
    // The connections are fine for the next upload.
    const ok = await send(account.live, newKey(), csvOf(freshNumbers('DE', 1)));
    expect(ok.status, ok.text).toBe(202);
  });

  it('an unreadable file is refused as such and keeps nothing: the corrected file may use the key', async () => {
    // A file that cannot be read is a malformed body, refused before the key is claimed, as a
    // body failing its schema is on the other routes: not kept, so the same file is refused
    // again (not replayed), and the corrected file with the same key is accepted once.
    const account = await stack.app.account('pro');
    const key = newKey();
    const [number] = freshNumbers('DE', 1);
    const broken = `vat_number,row\n${number},1,2\n`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await send(account.live, key, broken);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_csv');
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      expect(await keyRows(key)).toEqual([]);
    }
    const fixed = await send(account.live, key, `vat_number,row\n${number},1\n`);
    expect(fixed.status, fixed.text).toBe(202);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expectReplayOf(await send(account.live, key, `vat_number,row\n${number},1\n`), fixed);
    expect(await filesOf(account.id)).toEqual([fixed.body.data.bulk_id]);
    expect(await usageOf(stack.app, account.id)).toBe(1);
  });

  it('a file refused for the quota (429) leaves the key free: the retry is accepted once', async () => {
    const { app } = stack;
    const account = await app.account('pro');
    const key = newKey();
    const csv = csvOf(freshNumbers('DE', 2));
    await setUsage(app, account.id, 9_999);
    const refused = await send(account.live, key, csv);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(await keyRows(key)).toEqual([]);
    await setUsage(app, account.id, 0);
    const accepted = await send(account.live, key, csv);
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.headers.get('idempotent-replayed')).toBeNull();
    expectReplayOf(await send(account.live, key, csv), accepted);
    expect(await filesOf(account.id)).toEqual([accepted.body.data.bulk_id]);
    expect(await usageOf(app, account.id)).toBe(2);
  });

  it('the file and its stored answer commit together: when the answer cannot be stored, nothing is accepted', async () => {
    // A trigger refuses to store the answer of this one key, as a database failing (or the
    // process dying) right after the file committed would. Were the answer written after the
    // file's commit, the upload would be accepted with no answer kept, and the retry would
    // accept and charge the file a second time.
    const { app } = stack;
    const account = await app.account('business');
    const key = newKey();
    const numbers = freshNumbers('DE', 3);
    const csv = csvOf(numbers);
    await withAnswerRefused(app, key, async () => {
      const refused = await send(account.live, key, csv);
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(500);
      expect(await filesOf(account.id)).toEqual([]);
      expect(await usageOf(app, account.id)).toBe(0);
      expect(await keyRows(key)).toEqual([]);
    });
    const accepted = await send(account.live, key, csv);
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.headers.get('idempotent-replayed')).toBeNull();
    expectReplayOf(await send(account.live, key, csv), accepted);
    expect(await filesOf(account.id)).toEqual([accepted.body.data.bulk_id]);
    expect(await usageOf(app, account.id)).toBe(3);
  });

  it('a retry while the first upload is being accepted waits for its answer, or gets 409 after the wait', async () => {
    const { app } = stack;
    const account = await app.account('pro');
    const key = newKey();
    const csv = csvOf(freshNumbers('DE', 1));
    const first = await send(account.live, key, csv);
    expect(first.status, first.text).toBe(202);
    const running = await stillRunning(app, key);
    const retry = send(account.live, key, csv);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 3));
    await running.answer();
    expectReplayOf(await retry, first);

    await stillRunning(app, key);
    const started = Date.now();
    const waited = await send(account.live, key, csv);
    expect(waited.status, waited.text).toBe(409);
    expect(waited.body.error.code).toBe('conflict');
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
    expect(await filesOf(account.id)).toEqual([first.body.data.bulk_id]);
    expect(await usageOf(app, account.id)).toBe(1);
  });

  it('two instances on one database, uploads racing with one key: exactly one file', async () => {
    const { app } = stack;
    const second = await startTestApp(dialect, {
      clock: 'system',
      env: asyncEnv(stack.sim, { IDEMPOTENCY_WAIT_MS: '5000' }),
      // Its own connection (pool) to the same database, as another instance would have.
      database: { database: openDatabase(app.databaseUrl, {}), url: app.databaseUrl },
    });
    try {
      const account = await app.account('business');
      const key = newKey();
      const csv = csvOf(freshNumbers('DE', 50));
      const form = multipartBody(csv);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 3 === 0
            ? send(account.live, key, form.body, { contentType: form.contentType, app: second })
            : send(account.live, key, csv, { app: i % 2 === 0 ? app : second }),
        ),
      );
      const ran = answers.filter((res) => res.status === 202 && !res.headers.get('idempotent-replayed'));
      expect(ran).toHaveLength(1);
      for (const res of answers) {
        if (res === ran[0]) continue;
        if (res.status === 409) expect(res.body.error.code).toBe('conflict');
        else expectReplayOf(res, ran[0]);
      }
      expect(await filesOf(account.id)).toEqual([ran[0].body.data.bulk_id]);
      expect(await usageOf(app, account.id)).toBe(50);
    } finally {
      await second.close();
      await second.database.close();
    }
  });
});
