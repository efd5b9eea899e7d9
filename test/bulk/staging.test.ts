import { expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS } from '../../src/accounts/tiers.js';
import { RECEIVING_EXPIRES_MS, STAGE_ROWS, sweepReceiving } from '../../src/bulk/acceptance.js';
import { type BulkFile, NO_RESULT } from '../../src/store/bulk.js';
import { freshNumbers, setUsage, usageOf, useAsyncStack } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestApp } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';
import { bulkFileCount, resultsOf, upload, waitForCompletion } from './support.js';

/**
 * Files larger than STAGE_ROWS are written while they are read, under a file that stays
 * `receiving` until the acceptance transaction opens it: a file refused after rows were staged
 * (a bad line, the quota) leaves no file and no row; a receiving file is seen by no reader; the
 * sweep removes those an upload left behind when its process stopped.
 */
describeEachDialect('bulk files staged while read', (dialect) => {
  const stack = useAsyncStack(dialect);

  const ROWS = STAGE_ROWS * 2 + 500;
  const rowCount = async (app: TestApp, bulkId?: string) => {
    let query = app.database.db.selectFrom('bulk_rows').select((eb) => eb.fn.countAll<number>().as('n'));
    if (bulkId) query = query.where('bulk_id', '=', bulkId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const csvOf = (numbers: readonly string[]) =>
    `vat_number,note\n${numbers.map((n) => `${n},x`).join('\n')}\n`;
  /** The file in pieces of 16 KiB a moment apart, so the service reads it in many chunks. */
  const chunked = (csv: string) =>
    new ReadableStream<Uint8Array>({
      async start(controller) {
        const bytes = Buffer.from(csv);
        for (let at = 0; at < bytes.length; at += 16_384) {
          controller.enqueue(bytes.subarray(at, at + 16_384));
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        controller.close();
      },
    });

  it('a file of several stages: rows written while it is read, then accepted whole in input order', async () => {
    const account = await stack.app.account('business');
    const numbers = freshNumbers('DE', ROWS);
    const csv = csvOf(numbers);
    // The first three fifths, then a pause until the service has staged rows under a receiving
    // file (seen by no reader meanwhile), then the rest.
    const half = csv.indexOf('\n', Math.floor(csv.length * 0.6)) + 1;
    let staged: { id: string; rows: number } | undefined;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(Buffer.from(csv.slice(0, half)));
        await until(async () => {
          const file = await stack.app.database.db
            .selectFrom('bulk_files')
            .select('id')
            .where('account_id', '=', account.id)
            .where('status', '=', 'receiving')
            .executeTakeFirst();
          if (file) staged = { id: file.id, rows: await rowCount(stack.app, file.id) };
          return (staged?.rows ?? 0) > 0;
        }, 20_000);
        controller.enqueue(Buffer.from(csv.slice(half)));
        controller.close();
      },
    });
    const res = await upload(stack.app, account.test, body);
    expect(staged!.rows).toBeLessThan(ROWS);
    expect(res.status, res.text).toBe(202);
    expect(res.body.data.bulk_id).toBe(staged!.id);
    expect(res.body.data).toMatchObject({ status: 'pending', total: ROWS, accepted: ROWS, rejected: 0 });
    const listed = await stack.app.request('GET', '/v1/bulk', { key: account.test });
    expect(listed.body.data.map((file: { bulk_id: string }) => file.bulk_id)).toContain(
      res.body.data.bulk_id,
    );
    await waitForCompletion(stack.app, account.test, res.body.data.bulk_id, 60_000);
    const { rows } = await resultsOf(stack.app, account.test, res.body.data.bulk_id);
    expect(rows.slice(1).map((row) => row[0])).toEqual(numbers);
  });

  it('a file of exactly two stages: every row written once, under one file, nothing left for the last write', async () => {
    const account = await stack.app.account('business');
    const numbers = freshNumbers('DE', STAGE_ROWS * 2);
    const res = await upload(stack.app, account.test, chunked(csvOf(numbers)));
    expect(res.status, res.text).toBe(202);
    const id = res.body.data.bulk_id;
    expect(res.body.data).toMatchObject({
      status: 'pending',
      total: numbers.length,
      accepted: numbers.length,
    });
    expect(await rowCount(stack.app, id)).toBe(numbers.length);
    const files = await stack.app.database.db
      .selectFrom('bulk_files')
      .select(['id', 'status'])
      .where('account_id', '=', account.id)
      .execute();
    expect(files.map((file) => file.id)).toEqual([id]);
    expect(files[0].status).not.toBe('receiving');
  });

  it('a bad line after rows were staged: 422 naming it, no file and no row left', async () => {
    const account = await stack.app.account('business');
    const [files, rows] = [await bulkFileCount(stack.app), await rowCount(stack.app)];
    const lines = freshNumbers('DE', ROWS).map((n) => `${n},x`);
    lines[ROWS - 100] = `${lines[ROWS - 100]},extra`;
    const res = await upload(stack.app, account.live, chunked(`vat_number,note\n${lines.join('\n')}\n`));
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('invalid_csv');
    expect(res.body.error.message).toContain(`line ${ROWS - 100 + 2}:`);
    expect(await bulkFileCount(stack.app)).toBe(files);
    expect(await rowCount(stack.app)).toBe(rows);
    expect(await usageOf(stack.app, account.id)).toBe(0);
  });

  it('over the quota after rows were staged: 429, no file and no row left, nothing counted', async () => {
    const account = await stack.app.account('business');
    const monthly = DEFAULT_TIER_LIMITS.business.monthly;
    await setUsage(stack.app, account.id, monthly - STAGE_ROWS);
    const [files, rows] = [await bulkFileCount(stack.app), await rowCount(stack.app)];
    const res = await upload(stack.app, account.live, chunked(csvOf(freshNumbers('DE', ROWS))));
    expect(res.status, res.text).toBe(429);
    expect(res.body.error.code).toBe('rate_limit_exceeded');
    expect(await bulkFileCount(stack.app)).toBe(files);
    expect(await rowCount(stack.app)).toBe(rows);
    expect(await usageOf(stack.app, account.id)).toBe(monthly - STAGE_ROWS);
  });

  it('rows are stored exactly as given: awkward text, nulls, and more rows than one statement takes', async () => {
    const { app } = stack;
    const account = await app.account('business');
    const bulkId = `blk_${'e'.repeat(32)}`;
    await app.stores.bulk.insertFile({
      id: bulkId,
      account_id: account.id,
      mode: 'test',
      status: 'receiving',
      total: 0,
      accepted: 0,
      rejected: 0,
      unique_count: 0,
      processed: 0,
      succeeded: 0,
      failed: 0,
      columns: '["vat_number","note"]',
      delimiter: ',',
      reference: null,
      use_cache: 1,
      created_at: Date.now(),
      started_at: null,
      completed_at: null,
    });
    // What an array literal or a values list could get wrong: quotes, backslashes, braces,
    // commas, the word NULL, empty text, line breaks and characters outside ASCII.
    const awkward = [
      '"quoted"',
      'back\\slash',
      '{a,b}',
      'NULL',
      '',
      'two\nlines',
      'Müller 🧾 Straße',
      "it's",
    ];
    const rows = Array.from({ length: 1_600 }, (_, position) => {
      const text = awkward[position % awkward.length];
      return {
        bulk_id: bulkId,
        position,
        line: position + 2,
        input: JSON.stringify(['DE123456704', text]),
        vat_number: text,
        normalised: position % 3 === 0 ? null : 'DE123456704',
        unit: position % 5 === 0 ? null : position,
        reference: position % 2 === 0 ? text : null,
        status: 'pending' as const,
        ...NO_RESULT,
        error_code: position % 7 === 0 ? text : null,
      };
    });
    await app.stores.bulk.insertRows(rows);
    const stored = await app.stores.bulk.rowsAfter(bulkId, -1, 2_000);
    expect(stored).toEqual(rows);
    await app.stores.bulk.deleteReceiving(bulkId);
  });

  it('a receiving file is seen by no reader, and the sweep removes it once expired', async () => {
    const { app } = stack;
    const account = await app.account('business');
    const now = Date.now();
    const file = (id: string, status: BulkFile['status'], createdAt: number): BulkFile => ({
      id,
      account_id: account.id,
      mode: 'test',
      status,
      total: 1,
      accepted: 1,
      rejected: 0,
      unique_count: 1,
      processed: 0,
      succeeded: 0,
      failed: 0,
      columns: '["vat_number"]',
      delimiter: ',',
      reference: null,
      use_cache: 1,
      created_at: createdAt,
      started_at: null,
      completed_at: null,
    });
    const id = (n: number) => `blk_${n.toString(16).padStart(32, '0')}`;
    const old = now - RECEIVING_EXPIRES_MS - 1_000;
    await app.stores.bulk.insertFile(file(id(1), 'receiving', old));
    await app.stores.bulk.insertFile(file(id(2), 'receiving', now));
    await app.stores.bulk.insertFile(file(id(3), 'pending', old));
    await app.stores.bulk.insertRows([
      {
        bulk_id: id(1),
        position: 0,
        line: 2,
        input: '["DE123456704"]',
        vat_number: 'DE123456704',
        normalised: 'DE123456704',
        unit: 0,
        reference: null,
        status: 'pending',
        ...NO_RESULT,
      },
    ]);

    for (const receiving of [id(1), id(2)]) {
      const read = await app.request('GET', `/v1/bulk/${receiving}`, { key: account.test });
      expect(read.status, read.text).toBe(404);
    }
    const listed = await app.request('GET', '/v1/bulk', { key: account.test });
    expect(listed.body.data.map((entry: { bulk_id: string }) => entry.bulk_id)).toEqual([id(3)]);

    expect(await sweepReceiving(app.stores, now)).toBe(1);
    const left = await app.database.db
      .selectFrom('bulk_files')
      .select('id')
      .where('account_id', '=', account.id)
      .orderBy('id')
      .execute();
    expect(left.map((entry) => entry.id)).toEqual([id(2), id(3)]);
    const orphans = await app.database.db
      .selectFrom('bulk_rows')
      .select('bulk_id')
      .where('bulk_id', '=', id(1))
      .execute();
    expect(orphans).toEqual([]);
  });
});
