import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AsyncStack, configureWebhook, startAsyncStack, waitForEvent } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount, TestApp } from '../helpers/harness.js';
import { VALIDATION_ID } from '../helpers/record-meta.js';
import { expectError } from './support.js';

/**
 * Wave-2 A1 and A2 (rulings L2, L3): every answer names its validation record, the one really
 * stored (read here from the validations table), and echoes the caller's reference, which the
 * record keeps: on the single answer, each item of a sync batch (duplicates share one record), the
 * async 202s and their events. A bad reference is 422 wherever it is sent. Registries are the
 * simulator; async runs through the in-process worker and a real webhook receiver.
 */

describeEachDialect('validation records and references', (dialect) => {
  let stack: AsyncStack;
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect);
    app = stack.app;
    account = await app.account('business');
    await configureWebhook(app, account.live, `${stack.receiver.url}/records`);
  });
  afterAll(() => stack.close());

  function validate(key: string, query: Record<string, string>) {
    return app.request('GET', `/v1/validate?${new URLSearchParams(query)}`, { key });
  }

  const post = (path: string, key: string, body: unknown) => app.request('POST', path, { key, body });

  async function record(id: string) {
    return app.database.db.selectFrom('validations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function recordCount(): Promise<number> {
    const row = await app.database.db
      .selectFrom('validations')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function recordsOfRequest(requestId: string) {
    return app.database.db
      .selectFrom('validations')
      .selectAll()
      .where('request_id', '=', requestId)
      .execute();
  }

  it('names the stored record in meta.validation_id and keeps the trimmed reference (GET /v1/validate)', async () => {
    const res = await validate(account.live, { vat_number: 'NL123456782B01', reference: '  order 4711/ä  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.validation_id).toMatch(VALIDATION_ID);
    expect(res.body.meta.reference).toBe('order 4711/ä');
    const stored = await record(res.body.meta.validation_id);
    expect(stored).toMatchObject({
      account_id: account.id,
      mode: 'live',
      channel: 'sync',
      request_id: res.body.meta.request_id,
      reference: 'order 4711/ä',
      vat_number: 'NL123456782B01',
      source: 'vies',
    });
    expect(await recordsOfRequest(res.body.meta.request_id)).toHaveLength(1);
  });

  it('answers meta.reference null and stores none when no reference is sent', async () => {
    const res = await validate(account.live, { vat_number: 'DE123456705' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.reference).toBeNull();
    expect(await record(res.body.meta.validation_id)).toMatchObject({ reference: null, source: 'checksum' });
  });

  it('gives a test key its test-mode record, with its id and reference', async () => {
    const res = await validate(account.test, { vat_number: 'DE123456704', reference: 'sandbox-1' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ mode: 'test', reference: 'sandbox-1' });
    const stored = await record(res.body.meta.validation_id);
    expect(stored).toMatchObject({ mode: 'test', reference: 'sandbox-1', evidence_id: null, source: 'test' });

    const batch = await post('/v1/validate/batch', account.test, {
      vat_numbers: ['FR10123456717', { vat_number: 'DE123456704', reference: 'own' }],
      reference: 'all',
    });
    expect(batch.status, batch.text).toBe(200);
    const [first, second] = batch.body.data.results;
    expect(await record(first.meta.validation_id)).toMatchObject({ mode: 'test', reference: 'all' });
    expect(await record(second.meta.validation_id)).toMatchObject({ mode: 'test', reference: 'own' });
  });

  it('sync batch: one record per unique number, shared by its duplicates; the item reference wins', async () => {
    const res = await post('/v1/validate/batch', account.live, {
      vat_numbers: [
        'DE123456705',
        { vat_number: 'LI12345', reference: ' item-2 ' },
        'de 123 456 705',
        { vat_number: 'DE123456789' },
        'DE12',
      ],
      reference: 'top',
    });
    expect(res.status, res.text).toBe(200);
    const results = res.body.data.results;
    expect(results.map((item: { meta: { reference?: string } }) => item.meta.reference)).toEqual([
      'top',
      'item-2',
      'top',
      'top',
      undefined, // a failure item: the input as sent, no record
    ]);
    expect(results[0].meta.validation_id).toBe(results[2].meta.validation_id);
    expect(
      new Set(results.slice(0, 4).map((item: { meta: { validation_id: string } }) => item.meta.validation_id))
        .size,
    ).toBe(3);

    const rows = await recordsOfRequest(res.body.meta.request_id);
    expect(rows).toHaveLength(3);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    for (const item of results.slice(0, 4)) {
      expect(byId[item.meta.validation_id]).toMatchObject({
        channel: 'batch',
        vat_number: item.data.vat_number,
        mode: 'live',
      });
    }
    expect(byId[results[0].meta.validation_id].reference).toBe('top');
    expect(byId[results[1].meta.validation_id].reference).toBe('item-2');
  });

  it('sync batch: duplicates with their own references share the record, which keeps the first', async () => {
    const res = await post('/v1/validate/batch', account.live, {
      vat_numbers: [
        { vat_number: 'DE123456705', reference: 'first' },
        { vat_number: 'DE 123456705', reference: 'second' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const [first, second] = res.body.data.results;
    expect(first.meta.reference).toBe('first');
    expect(second.meta.reference).toBe('second');
    expect(second.meta.validation_id).toBe(first.meta.validation_id);
    expect(await record(first.meta.validation_id)).toMatchObject({ reference: 'first' });
  });

  it('async single: the 202 and validation.completed carry the reference; the event names the stored record', async () => {
    const res = await post('/v1/validate/async', account.live, {
      vat_number: 'ATU12345675',
      reference: ' async-1 ',
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data.reference).toBe('async-1');
    const { event } = await waitForEvent(
      stack.receiver,
      (candidate) => candidate.data?.request_id === res.body.data.request_id,
    );
    expect(event.type).toBe('validation.completed');
    expect(event.data.reference).toBe('async-1');
    expect(await record(event.data.validation_id)).toMatchObject({
      channel: 'async',
      mode: 'live',
      reference: 'async-1',
      vat_number: 'ATU12345675',
    });
  });

  it('async batch: the top-level reference in the 202, each success item with its record and reference', async () => {
    const res = await post('/v1/validate/async/batch', account.live, {
      vat_numbers: [
        'NL123456782B01',
        { vat_number: 'DE123456705', reference: 'item' },
        'XX1',
        'nl 123456782 b01',
      ],
      reference: 'batch-top',
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ reference: 'batch-top', accepted: 3, total: 4 });
    const { event } = await waitForEvent(
      stack.receiver,
      (candidate) => candidate.data?.batch_id === res.body.data.batch_id,
    );
    const results = event.data.results;
    expect(results.map((item: { meta: { reference: string } }) => item.meta.reference)).toEqual([
      'batch-top',
      'item',
      'batch-top',
    ]);
    expect(results[2].meta.validation_id).toBe(results[0].meta.validation_id);
    const nl = await record(results[0].meta.validation_id);
    const de = await record(results[1].meta.validation_id);
    expect(nl).toMatchObject({ channel: 'async', reference: 'batch-top', batch_id: res.body.data.batch_id });
    expect(de).toMatchObject({ channel: 'async', reference: 'item', vat_number: 'DE123456705' });
  });

  const BAD: Array<[string, unknown]> = [
    ['empty', ''],
    ['only spaces', '   '],
    ['a tab', 'a\tb'],
    ['a line feed', 'order\n1'],
    ['a NUL', 'a\u0000'],
    ['an escape sequence', '\u001b[31mred'],
    ['a zero-width space', 'a\u200bb'],
    ['129 characters', 'x'.repeat(129)],
    // What the portable pattern of the OpenAPI document lets through, the service still refuses.
    ['a line separator', 'a\u2028b'],
    ['a private-use character', 'a\ue000b'],
    ['an unassigned code point', 'a\u{e0080}b'],
    ['129 emoji', '🙂'.repeat(129)],
  ];

  it.each(BAD)(
    'refuses a reference with %s: 422 validation_error everywhere, nothing recorded',
    async (_, bad) => {
      const before = await recordCount();
      const attempts = [
        validate(account.live, { vat_number: 'DE123456705', reference: String(bad) }),
        post('/v1/validate/batch', account.live, { vat_numbers: ['DE123456705'], reference: bad }),
        post('/v1/validate/batch', account.live, {
          vat_numbers: [{ vat_number: 'DE123456705', reference: bad }],
        }),
        post('/v1/validate/async', account.live, { vat_number: 'DE123456705', reference: bad }),
        post('/v1/validate/async/batch', account.live, { vat_numbers: ['DE123456705'], reference: bad }),
        post('/v1/validate/async/batch', account.live, {
          vat_numbers: ['DE123456705', { vat_number: 'DE123456705', reference: bad }],
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expectError(res, 422, 'validation_error');
        expect(res.body.error.message).toMatch(/reference: must be 1 to 128 printable characters/);
      }
      const after = await recordCount();
      expect(after).toBe(before);
    },
  );

  it('refuses a reference that is not a string, and an unknown member of an object item', async () => {
    for (const body of [
      { vat_numbers: ['DE123456705'], reference: 42 },
      { vat_numbers: [{ vat_number: 'DE123456705', reference: null }] },
      { vat_numbers: [{ vat_number: 'DE123456705', ref: 'x' }] },
      { vat_numbers: [{ reference: 'x' }] },
    ]) {
      const res = await post('/v1/validate/batch', account.live, body);
      expectError(res, 422, 'validation_error');
    }
    const unknown = await post('/v1/validate/batch', account.live, {
      vat_numbers: [{ vat_number: 'DE123456705', ref: 'x' }],
    });
    expect(unknown.body.error.message).toMatch(/vat_numbers\.0: has an unknown member 'ref'/);
    const missing = await post('/v1/validate/batch', account.live, { vat_numbers: [{ reference: 'x' }] });
    expect(missing.body.error.message).toMatch(/vat_number/);
  });

  it('takes 128 characters once trimmed, and printable Unicode', async () => {
    const long = 'x'.repeat(128);
    // Characters, not UTF-16 units: 128 emoji are 256 units.
    for (const reference of [` ${long} `, 'Kunde Müller / 注文 #7 ✓', '🙂'.repeat(128)]) {
      const res = await validate(account.live, { vat_number: 'DE123456705', reference });
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta.reference).toBe(reference.trim());
      expect(await record(res.body.meta.validation_id)).toMatchObject({ reference: reference.trim() });
    }
  });
});
