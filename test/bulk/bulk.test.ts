import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AsyncStack,
  configureWebhook,
  freshNumbers,
  matching,
  setUsage,
  startAsyncStack,
  usageOf,
  verified,
  waitForEvent,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { bulkFileCount, multipartBody, resultsOf, upload, waitForCompletion } from './support.js';

/**
 * Bulk files over real HTTP with an in-process worker and the registry simulator: acceptance and
 * its counts, the quota by unique numbers, progress, the results file in input order, the event,
 * test keys, listing, and every kind of bad input refused whole.
 */
describeEachDialect('bulk files', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('Free accounts get 403 tier_insufficient', async () => {
    const account = await stack.app.account('free');
    const res = await upload(stack.app, account.live, 'vat_number\nDE123456704\n');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('tier_insufficient');
  });

  it('accepts a ;-file with BOM, quotes, duplicates and a malformed row; answers every row in input order', async () => {
    const { app, receiver } = stack;
    const account = await app.account('pro');
    const hook = await configureWebhook(app, account.live, receiver.url);
    const [a, b, c] = freshNumbers('DE', 3);
    const csv =
      '\uFEFFreference;vat_number;note\n' +
      `r1;${a};"Alpha; GmbH"\n` +
      `;${b};=HYPERLINK("x")\n` +
      `r3;DE12345;Broken\n` +
      `r4;${a.slice(0, 2)} ${a.slice(2)};"Dup\nline"\n` +
      `r5;${c};Gamma\n`;
    const res = await upload(app, account.live, csv, { query: '?reference=import-1' });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'pending', total: 5, accepted: 4, rejected: 1 });
    expect(res.body.data.bulk_id).toMatch(/^blk_[0-9a-f]{32}$/);
    // Quota by unique numbers at acceptance: a, b, c.
    expect(await usageOf(app, account.id)).toBe(3);
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10_000 - 3));
    const id = res.body.data.bulk_id as string;

    const progress = await waitForCompletion(app, account.live, id);
    expect(progress).toMatchObject({
      status: 'completed',
      total: 5,
      accepted: 4,
      rejected: 1,
      processed: 4,
      succeeded: 4,
      failed: 0,
      eta_seconds: 0,
    });
    expect(progress.completed_at).not.toBeNull();

    const { rows, headers } = await resultsOf(app, account.live, id, ';');
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    // No trader column: the result columns only, no match_* columns.
    expect(rows[0]).toEqual([
      'reference',
      'vat_number',
      'note',
      'normalised_vat_number',
      'valid',
      'company_name',
      'company_address',
      'source',
      'source_status',
      'consultation_number',
      'validation_id',
      'error_code',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['r1', a, 'Alpha; GmbH', a, 'false'],
      ['', b, `'=HYPERLINK("x")`, b, 'false'],
      ['r3', 'DE12345', 'Broken', '', ''],
      ['r4', `${a.slice(0, 2)} ${a.slice(2)}`, 'Dup\nline', a, 'false'],
      ['r5', c, 'Gamma', c, 'false'],
    ]);
    expect(rows[3][11]).toBe('invalid_vat_format');
    expect(rows[1][7]).toBe('vies');
    // Duplicates share one record; the registry was asked once per unique number.
    expect(rows[1][10]).toMatch(/^val_[0-9a-f]{32}$/);
    expect(rows[4][10]).toBe(rows[1][10]);
    expect(stack.sim.statsOf('vies').callsByNumber[a]).toBe(1);

    const records = await app.database.db
      .selectFrom('validations')
      .select(['id', 'channel', 'bulk_id', 'reference', 'vat_number'])
      .where('bulk_id', '=', id)
      .orderBy('vat_number')
      .execute();
    expect(records).toHaveLength(3);
    expect(records.every((record) => record.channel === 'bulk')).toBe(true);
    expect(records.find((record) => record.vat_number === b)?.reference).toBe('import-1');
    expect(records.find((record) => record.vat_number === a)?.reference).toBe('r1');

    const { event, request } = await waitForEvent(receiver, (e) => e.data?.bulk_id === id);
    expect(verified(hook.signing_secret, request).type).toBe('bulk.completed');
    expect(event.data).toMatchObject({
      status: 'completed',
      total: 5,
      accepted: 4,
      rejected: 1,
      succeeded: 4,
      failed: 0,
    });
    expect(event.data.results_url).toBe(`http://localhost:3000/v1/bulk/${id}/results`);
  });

  it('accepts a multipart upload with one file part', async () => {
    const account = await stack.app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const { body, contentType } = multipartBody(`vat_number,company\n${number},Acme\n`);
    const res = await upload(stack.app, account.live, body, { contentType });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ total: 1, accepted: 1, rejected: 0 });
    await waitForCompletion(stack.app, account.live, res.body.data.bulk_id);
    const { rows } = await resultsOf(stack.app, account.live, res.body.data.bulk_id);
    expect(rows[1].slice(0, 4)).toEqual([number, 'Acme', number, 'false']);
    // No webhook configured: no event, no delivery recorded.
    expect(matching(stack.receiver, (e) => e.data?.bulk_id === res.body.data.bulk_id)).toHaveLength(0);
  });

  it('test keys are answered from test mode: magic numbers, no registry, no quota, test-only listing', async () => {
    const { app, sim } = stack;
    const account = await app.account('pro');
    const before = sim.statsOf('vies').calls;
    const res = await upload(app, account.test, 'vat_number\nDE123456704\nFR10123456717\nDE999999903\n');
    expect(res.status, res.text).toBe(202);
    const id = res.body.data.bulk_id;
    const progress = await waitForCompletion(app, account.test, id);
    expect(progress).toMatchObject({ succeeded: 2, failed: 1 });
    const { rows } = await resultsOf(app, account.test, id);
    expect(rows.slice(1).map((row) => [row[2], row[3], row[5], row[6], row[9]])).toEqual([
      ['true', 'Musterfirma Test GmbH', 'test', 'live', ''],
      ['false', '', 'test', 'live', ''],
      ['', '', '', '', 'upstream_unavailable'],
    ]);
    expect(sim.statsOf('vies').calls).toBe(before);
    expect(await usageOf(app, account.id)).toBe(0);
    // Test files are not visible to live keys and the reverse.
    expect((await app.request('GET', `/v1/bulk/${id}`, { key: account.live })).status).toBe(404);
    const list = await app.request('GET', '/v1/bulk', { key: account.live });
    expect(list.body.data).toEqual([]);
  });

  it('lists files newest first with cursor pagination; other accounts see nothing', async () => {
    const { app } = stack;
    const account = await app.account('business');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(app, account.test, `vat_number\nDE12345678${i}\n`);
      expect(res.status, res.text).toBe(202);
      ids.push(res.body.data.bulk_id);
    }
    const first = await app.request('GET', '/v1/bulk?limit=2', { key: account.test });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((file: { bulk_id: string }) => file.bulk_id)).toEqual([ids[2], ids[1]]);
    expect(first.body.meta.has_more).toBe(true);
    const second = await app.request('GET', `/v1/bulk?limit=2&cursor=${first.body.meta.next_cursor}`, {
      key: account.test,
    });
    expect(second.body.data.map((file: { bulk_id: string }) => file.bulk_id)).toEqual([ids[0]]);
    expect(second.body.meta).toMatchObject({ has_more: false, next_cursor: null });
    const other = await app.account('pro');
    expect((await app.request('GET', `/v1/bulk/${ids[0]}`, { key: other.test })).status).toBe(404);
    expect((await app.request('GET', `/v1/bulk/${ids[0]}/results`, { key: other.test })).status).toBe(404);
    expect((await app.request('GET', '/v1/bulk?limit=0', { key: account.test })).status).toBe(422);
    expect((await app.request('GET', '/v1/bulk?cursor=bogus', { key: account.test })).body.error.code).toBe(
      'validation_error',
    );
  });

  it('refuses a file over the quota whole (429): nothing accepted, nothing counted', async () => {
    const { app } = stack;
    const account = await app.account('pro');
    await setUsage(app, account.id, 9_999);
    const files = await bulkFileCount(app);
    const numbers = freshNumbers('DE', 2);
    const res = await upload(app, account.live, `vat_number\n${numbers.join('\n')}\n`);
    expect(res.status, res.text).toBe(429);
    expect(res.body.error.code).toBe('rate_limit_exceeded');
    expect(await usageOf(app, account.id)).toBe(9_999);
    expect(await bulkFileCount(app)).toBe(files);
    // Duplicates count once: one unique number fits.
    const ok = await upload(app, account.live, `vat_number\n${numbers[0]}\n${numbers[0]}\n`);
    expect(ok.status, ok.text).toBe(202);
    expect(await usageOf(app, account.id)).toBe(10_000);
  });

  it('a file whose every row is rejected is completed at once, counting nothing', async () => {
    const account = await stack.app.account('pro');
    const res = await upload(stack.app, account.live, 'vat_number\nDE1\nXX\n');
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'completed', total: 2, accepted: 0, rejected: 2 });
    expect(await usageOf(stack.app, account.id)).toBe(0);
    const { rows } = await resultsOf(stack.app, account.live, res.body.data.bulk_id);
    expect(rows.slice(1).map((row) => row[row.length - 1])).toEqual([
      'invalid_vat_format',
      'invalid_vat_format',
    ]);
  });

  describe('bad input: 422 invalid_csv (or 413, 415) naming the line, nothing accepted', () => {
    const cases: Array<[string, string | Buffer, number, string, string]> = [
      ['an empty file', '', 422, 'invalid_csv', 'line 1: the file is empty'],
      [
        'no vat_number column',
        'name,city\nAcme,Berlin\n',
        422,
        'invalid_csv',
        'line 1: the header row has no vat_number',
      ],
      [
        'a binary file',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        422,
        'invalid_csv',
        'line 1',
      ],
      [
        'a row with too many fields',
        'vat_number,a\nDE123456704,1\nDE123456704,1,2\n',
        422,
        'invalid_csv',
        'line 3: the row has a different number of fields',
      ],
      [
        'a row with too few fields',
        'vat_number,a\nDE123456704\n',
        422,
        'invalid_csv',
        'line 2: the row has a different number of fields',
      ],
      [
        'an unclosed quote',
        'vat_number\n"DE123456704\n',
        422,
        'invalid_csv',
        'line 2: a quoted field is never closed',
      ],
      ['a blank reference parameter', 'vat_number\nDE123456704\n', 422, 'validation_error', 'reference'],
    ];
    it.each(cases)('%s', async (_name, body, status, code, message) => {
      const account = await stack.app.account('pro');
      const files = await bulkFileCount(stack.app);
      const query = code === 'validation_error' ? '?reference=%20%20' : undefined;
      const res = await upload(stack.app, account.live, body, { query });
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toContain(message);
      expect(await bulkFileCount(stack.app)).toBe(files);
      expect(await usageOf(stack.app, account.id)).toBe(0);
    });

    it('a file over the tier row limit (Pro: 10,000)', async () => {
      const account = await stack.app.account('pro');
      const res = await upload(stack.app, account.test, `vat_number\n${'DE123456704\n'.repeat(10_001)}`);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_csv');
      expect(res.body.error.message).toContain(
        'line 10002: more than 10,000 rows, the limit of the pro tier',
      );
    });

    it('a 50 MB body is 413 payload_too_large', async () => {
      const account = await stack.app.account('business');
      const res = await upload(stack.app, account.test, Buffer.alloc(50 * 1024 * 1024, 'a'));
      expect(res.status, res.text).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });

    it('a body of another type is 415 unsupported_media_type saying what the route takes; nothing stored', async () => {
      const account = await stack.app.account('pro');
      const csv = 'vat_number\nDE123456704\n';
      for (const [contentType, body] of [
        ['application/json', '{"vat_number":"DE123456704"}'],
        // Not JSON either: told what the route takes, not that the JSON is malformed.
        ['application/json', csv],
        // Told to send CSV, not (as before) to send JSON.
        ['text/plain', csv],
        ['application/x-www-form-urlencoded', 'vat_number=DE123456704'],
        ['application/octet-stream', csv],
      ]) {
        const res = await upload(stack.app, account.test, body, { contentType });
        expect(res.status, `${contentType} ${res.text}`).toBe(415);
        expect(res.body.error).toMatchObject({
          code: 'unsupported_media_type',
          message: 'POST /v1/bulk takes the file as `text/csv`, or as `multipart/form-data` with one file.',
        });
      }
      expect((await stack.app.request('GET', '/v1/bulk', { key: account.test })).body.data).toEqual([]);
    });

    it('multipart without a file part, and without a boundary', async () => {
      const account = await stack.app.account('pro');
      const noFile = await upload(
        stack.app,
        account.test,
        '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
        { contentType: 'multipart/form-data; boundary=b' },
      );
      expect(noFile.status, noFile.text).toBe(422);
      expect(noFile.body.error.message).toContain('no file part');
      const noBoundary = await upload(stack.app, account.test, 'x', { contentType: 'multipart/form-data' });
      expect(noBoundary.status, noBoundary.text).toBe(422);
      expect(noBoundary.body.error.code).toBe('invalid_csv');
      // A large one too: its rest is read and dropped, so the answer reaches the client.
      const large = await upload(stack.app, account.test, Buffer.alloc(4 * 1024 * 1024, 'a'), {
        contentType: 'multipart/form-data',
      });
      expect(large.status, large.text).toBe(422);
      expect(large.body.error.code).toBe('invalid_csv');
    });
  });
});
