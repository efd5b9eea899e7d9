import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptHashes } from '../../src/records/evidence-integrity.js';
import { EXPORT_COLUMNS } from '../../src/records/record-export.js';
import type { EvidenceTable, KeyMode, ValidationsTable } from '../../src/store/tables.js';
import { newRecordId } from '../../src/validation/record.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { PROJECT_ROOT } from '../helpers/processes.js';
import { recordRow as recordOf } from '../helpers/records.js';
import { checksumFailures, expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * The validation history (wave-2 A3-A5): GET /v1/validations with its filters and cursor pages,
 * GET /v1/validations/{id} with evidence and ledger state, and the CSV export, on each engine.
 * Records come from real validations where the API can make them (check-digit answers, test
 * keys); the others (channels, references, monitors, bulk files, evidence, seals this branch does
 * not write yet) are written through the record store as the pipeline writes them.
 */

const T0 = Date.parse('2026-11-20T08:00:00.000Z');
const MINUTE = 60_000;

/** A record row of `account` as the pipeline writes it. */
const recordRow = (
  account: TestAccount,
  fields: Partial<ValidationsTable> & { created_at: number },
  mode?: KeyMode,
) => recordOf(account.id, fields, mode);

const VIES_REPLY =
  '<checkVatResponse><valid>true</valid><name>ACME GMBH</name><requesterVatNumber>136695976</requesterVatNumber>' +
  '<requestIdentifier>WAPIAAAAW7q1XyZk</requestIdentifier></checkVatResponse>';

const VIES_REQUEST =
  '<checkVatApprox><vatNumber>123456704</vatNumber><requesterVatNumber>136695976</requesterVatNumber></checkVatApprox>';

function evidenceRow(owner: TestAccount, id: string): EvidenceTable {
  return {
    id,
    registry: 'vies',
    url: 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService',
    method: 'POST',
    requested_at: T0,
    duration_ms: 120,
    request: VIES_REQUEST,
    response_status: 200,
    response_content_type: 'text/xml',
    response_body: VIES_REPLY,
    response_encoding: 'utf8',
    truncated: 0,
    response_sha256: createHash('sha256').update(VIES_REPLY).digest('hex'),
    ...keptHashes(VIES_REQUEST, Buffer.from(VIES_REPLY), false),
    account_id: owner.id,
    requester_vat_number: 'DE136695976',
    consultation_number: 'WAPIAAAAW7q1XyZk',
    created_at: T0,
  };
}

describeEachDialect('validation history', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterAll(() => app?.close());

  const insert = (...rows: ValidationsTable[]) => app.stores.records.insert(rows);
  const list = (key: string, query = '') =>
    app.request('GET', `/v1/validations${query ? `?${query}` : ''}`, { key });
  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((record) => record.id);

  /** Every page of a list, following next_cursor. */
  async function walk(key: string, query: string, between?: () => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(key, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...ids(res.body));
      expect(res.body.meta.has_more).toBe(res.body.meta.next_cursor !== null);
      cursor = res.body.meta.next_cursor;
      await between?.();
    } while (cursor);
    return seen;
  }

  describe('GET /v1/validations', () => {
    it('lists the records of real validations newest first, as summaries', async () => {
      const account = await app.account('pro');
      const numbers = checksumFailures(3, 200_000_000);
      const requestIds: string[] = [];
      for (const number of numbers) {
        app.clock.advance(1_000);
        const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
        expect(res.status, res.text).toBe(200);
        requestIds.push(res.body.meta.request_id);
      }
      const res = await list(account.live);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.map((record: { vat_number: string }) => record.vat_number)).toEqual(
        [...numbers].reverse(),
      );
      const [newest] = res.body.data;
      expect(newest).toMatchObject({
        account_id: account.id,
        mode: 'live',
        request_id: requestIds[2],
        channel: 'sync',
        valid: false,
        company: null,
        source: 'checksum',
        source_status: 'live',
        cached: false,
        stale: false,
        created_at: new Date(app.clock.now()).toISOString(),
        ledger: { record_hash: expect.stringMatching(/^[0-9a-f]{64}$/), seal_id: null, sealed_at: null },
      });
      expect(newest.id).toMatch(/^val_[0-9a-f]{32}$/);
      expect(newest).not.toHaveProperty('evidence');
      expect(res.body.meta).toEqual({
        request_id: res.headers.get('x-request-id'),
        next_cursor: null,
        has_more: false,
      });
      // Reading history uses no quota.
      expect(await app.stores.usage.used(account.id, '2026-11')).toBe(3);
    });

    it('filters by every A4 filter, each alone and combined', async () => {
      const account = await app.account('business');
      const at = (minutes: number) => T0 + minutes * MINUTE;
      const rows = {
        vies: recordRow(account, {
          created_at: at(0),
          vat_number: 'ATU12345675',
          country_code: 'AT',
          valid: 1,
          company_name: 'ACME GMBH',
          source: 'vies',
          reference: 'order-1',
        }),
        cached: recordRow(account, {
          created_at: at(1),
          vat_number: 'ATU12345675',
          country_code: 'AT',
          valid: 1,
          source: 'vies',
          source_status: 'cached',
          cached: 1,
          cached_at: at(0),
          channel: 'batch',
          batch_id: 'batch-1',
        }),
        checksum: recordRow(account, { created_at: at(2), reference: 'order-2' }),
        monitor: recordRow(account, {
          created_at: at(3),
          vat_number: 'NL123456782B01',
          country_code: 'NL',
          valid: 1,
          source: 'vies',
          channel: 'monitor',
          monitor_id: 'mon_1',
        }),
        bulk: recordRow(account, {
          created_at: at(4),
          vat_number: 'GB123456727',
          country_code: 'GB',
          source: 'hmrc',
          channel: 'bulk',
          bulk_id: 'blk_1',
          reference: 'order-1',
        }),
      };
      await insert(...Object.values(rows));
      const expectIds = async (query: string, expected: ValidationsTable[]) => {
        const res = await list(account.live, query);
        expect(res.status, `${query}: ${res.text}`).toBe(200);
        expect(ids(res.body), query).toEqual(expected.map((row) => row.id));
      };
      await expectIds('', [rows.bulk, rows.monitor, rows.checksum, rows.cached, rows.vies]);
      await expectIds('vat_number=at%20u%2012345675', [rows.cached, rows.vies]);
      await expectIds('vat_number=ATU12345675&channel=batch', [rows.cached]);
      await expectIds('country_code=nl', [rows.monitor]);
      await expectIds('valid=true', [rows.monitor, rows.cached, rows.vies]);
      await expectIds('valid=false', [rows.bulk, rows.checksum]);
      await expectIds('source=vies', [rows.monitor, rows.cached, rows.vies]);
      await expectIds('source=vies&valid=true&country_code=AT', [rows.cached, rows.vies]);
      await expectIds('channel=bulk', [rows.bulk]);
      await expectIds('reference=order-1', [rows.bulk, rows.vies]);
      await expectIds('reference=%20order-2%20', [rows.checksum]);
      await expectIds('monitor_id=mon_1', [rows.monitor]);
      await expectIds('bulk_id=blk_1', [rows.bulk]);
      await expectIds('bulk_id=blk_2', []);
      // from inclusive, to exclusive, on created_at.
      await expectIds(`from=${new Date(at(1)).toISOString()}&to=${new Date(at(3)).toISOString()}`, [
        rows.checksum,
        rows.cached,
      ]);
      await expectIds('from=2026-11-20T09:01:00%2B01:00', [
        rows.bulk,
        rows.monitor,
        rows.checksum,
        rows.cached,
      ]);
      // An unencoded + arrives as a space; before an offset it can only have meant +.
      await expectIds('to=2026-11-20T09:01:00+01:00', [rows.vies]);
      await expectIds('from=2026-11-21', []);
      await expectIds('to=2026-11-20', []);
    });

    it('pages with limit and cursor without gaps or repeats while records arrive', async () => {
      const account = await app.account('pro');
      // Twelve records, two of them written in the same millisecond (ordered by id).
      const rows = Array.from({ length: 12 }, (_, i) =>
        recordRow(account, { created_at: T0 + Math.min(i, 10) * 1_000 }),
      );
      await insert(...rows);
      const expected = [...rows]
        .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
        .map((row) => row.id);
      const first = await list(account.live, 'limit=5');
      expect(ids(first.body)).toEqual(expected.slice(0, 5));
      expect(first.body.meta.has_more).toBe(true);
      expect(first.body.meta.next_cursor).toEqual(expect.any(String));

      let arrived = 0;
      const seen = await walk(account.live, 'limit=5', async () => {
        // New records (newer than anything listed) arrive between pages.
        arrived += 1;
        await insert(recordRow(account, { created_at: T0 + 3_600_000 + arrived }));
      });
      expect(seen).toEqual(expected);
      const everything = await walk(account.live, 'limit=100');
      expect(everything).toHaveLength(12 + arrived);
      expect(new Set(everything).size).toBe(everything.length);

      const page = await list(account.live, 'limit=100');
      expect(page.body.data).toHaveLength(12 + arrived);
      // Without limit, 20 at a time.
      await insert(...Array.from({ length: 10 }, (_, i) => recordRow(account, { created_at: T0 - i - 1 })));
      const byDefault = await list(account.live);
      expect(byDefault.body.data).toHaveLength(20);
      expect(byDefault.body.meta.has_more).toBe(true);
    });

    it('pages with filters: the cursor carries on in the filtered list', async () => {
      const account = await app.account('pro');
      const rows = Array.from({ length: 9 }, (_, i) =>
        recordRow(account, { created_at: T0 + i * 1_000, valid: i % 3 === 0 ? 1 : 0 }),
      );
      await insert(...rows);
      const valid = rows.filter((row) => row.valid === 1).reverse();
      expect(await walk(account.live, 'valid=true&limit=1')).toEqual(valid.map((row) => row.id));
    });

    it('shows no account another account’s records, and each key mode only its own', async () => {
      const owner = await app.account('business');
      const other = await app.account('business');
      const live = recordRow(owner, { created_at: T0 });
      await insert(live);
      // A test key's answer is a test-mode record (wave-2 A1).
      const testAnswer = await app.request('GET', '/v1/validate?vat_number=DE123456704', { key: owner.test });
      expect(testAnswer.status, testAnswer.text).toBe(200);

      expect(ids((await list(owner.live)).body)).toEqual([live.id]);
      const testRecords = (await list(owner.test)).body.data;
      expect(testRecords).toHaveLength(1);
      expect(testRecords[0]).toMatchObject({ mode: 'test', source: 'test', vat_number: 'DE123456704' });
      expect((await list(other.live)).body.data).toEqual([]);
      expect((await list(other.test)).body.data).toEqual([]);
      expect((await list(other.live, 'vat_number=DE123456789')).body.data).toEqual([]);

      expectError(
        await app.request('GET', `/v1/validations/${live.id}`, { key: other.live }),
        404,
        'not_found',
      );
      expectError(
        await app.request('GET', `/v1/validations/${live.id}`, { key: owner.test }),
        404,
        'not_found',
      );
      expectError(
        await app.request('GET', `/v1/validations/${testRecords[0].id}`, { key: owner.live }),
        404,
        'not_found',
      );
      const own = await app.request('GET', `/v1/validations/${testRecords[0].id}`, { key: owner.test });
      expect(own.status, own.text).toBe(200);
      expect(own.body.data).toMatchObject({ id: testRecords[0].id, mode: 'test', evidence: null });
    });

    it('answers 422 validation_error for each bad filter, limit and cursor', async () => {
      const account = await app.account('pro');
      const other = await app.account('pro');
      await insert(...Array.from({ length: 3 }, (_, i) => recordRow(account, { created_at: T0 + i })));
      const cursorOf = async (key: string, query: string) => (await list(key, query)).body.meta.next_cursor;
      const cursor = await cursorOf(account.live, 'limit=1');
      await insert(...Array.from({ length: 3 }, (_, i) => recordRow(other, { created_at: T0 + i })));
      const foreign = await cursorOf(other.live, 'limit=1');
      const filtered = await cursorOf(account.live, 'limit=1&valid=false');
      expect([cursor, foreign, filtered].every((value) => typeof value === 'string')).toBe(true);

      const bad = [
        'vat_number=XX123',
        'vat_number=DE12',
        'vat_number=',
        'country_code=ZZ',
        'country_code=D',
        'country_code=DEU',
        'valid=yes',
        'valid=true&valid=false',
        'source=registry',
        'channel=email',
        'reference=',
        'reference=%20%20',
        'reference=a%01b',
        `reference=${'r'.repeat(129)}`,
        'from=yesterday',
        'from=2026-02-30',
        'from=2026-11-20T08:00:00',
        'to=2026-13-01',
        'to=2026-11-20T25:00:00Z',
        'from=2026-11-21&to=2026-11-20',
        'from=2026-11-20&to=2026-11-20',
        'monitor_id=a%20b',
        'bulk_id=',
        'limit=0',
        'limit=101',
        'limit=-1',
        'limit=ten',
        // Whole numbers as digits alone: no exponent, sign, point, hex or padding space.
        'limit=1e1',
        'limit=%2B5',
        'limit=1.5',
        'limit=0x10',
        'limit=%205',
        'limit=',
        'limit=5&limit=6',
        'cursor=',
        'cursor=not-a-cursor',
        `cursor=${Buffer.from('1700000000000.val_x.abcdefghijklmnop').toString('base64url')}`,
        // A deliveries list cursor is not one of this list.
        `cursor=${Buffer.from('001700000000000-3f9a0c1b2d4e').toString('base64url')}`,
        `cursor=${foreign}`,
        `limit=1&valid=true&cursor=${filtered}`,
        'order=asc',
      ];
      for (const query of bad) {
        const res = await list(account.live, query);
        expectError(res, 422, 'validation_error');
      }
      // The same cursor with its own filters goes on.
      expect((await list(account.live, `limit=1&cursor=${cursor}`)).status).toBe(200);
      expect((await list(account.live, `limit=1&valid=false&cursor=${filtered}`)).status).toBe(200);
      // The test key of the same account cannot use the live key's cursor.
      expectError(await list(account.test, `limit=1&cursor=${cursor}`), 422, 'validation_error');
      // Without a key: 401, as on every /v1 route.
      expectError(await app.request('GET', '/v1/validations'), 401, 'unauthorized');
    });
  });

  describe('GET /v1/validations/{id}', () => {
    it('shows the record with its own evidence in full and its seal', async () => {
      const account = await app.account('business');
      const evidence = evidenceRow(account, 'evd_own0000000000000000000000000001');
      await app.stores.evidence.insert(evidence);
      await app.database.db
        .insertInto('seals')
        .values({
          id: 'seal_history_1',
          seq: 1_000 + Math.floor(Math.random() * 1_000_000),
          previous_hash: null,
          root: 'cd'.repeat(32),
          count: 1,
          from_at: T0,
          to_at: T0 + MINUTE,
          hash: 'ef'.repeat(32),
          sealed_at: T0 + MINUTE,
          pruned_at: null,
        })
        .execute();
      const row = recordRow(account, {
        created_at: T0,
        vat_number: 'DE123456704',
        valid: 1,
        company_name: 'ACME GMBH',
        company_address: 'HAUPTSTR. 1, 10115 BERLIN',
        consultation_number: 'WAPIAAAAW7q1XyZk',
        requester_vat_number: 'DE136695976',
        source: 'vies',
        reference: 'customer-4711',
        evidence_id: evidence.id,
        seal_id: 'seal_history_1',
      });
      await insert(row);
      const res = await app.request('GET', `/v1/validations/${row.id}`, { key: account.live });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        data: {
          id: row.id,
          account_id: account.id,
          mode: 'live',
          request_id: row.request_id,
          reference: 'customer-4711',
          channel: 'sync',
          batch_id: null,
          bulk_id: null,
          monitor_id: null,
          vat_number: 'DE123456704',
          country_code: 'DE',
          valid: true,
          company: { name: 'ACME GMBH', address: 'HAUPTSTR. 1, 10115 BERLIN' },
          consultation_number: 'WAPIAAAAW7q1XyZk',
          requested_at: new Date(T0).toISOString(),
          requester_vat_number: 'DE136695976',
          match: null,
          source: 'vies',
          source_status: 'live',
          cached: false,
          cached_at: null,
          stale: false,
          created_at: new Date(T0).toISOString(),
          evidence: {
            id: evidence.id,
            registry: 'vies',
            url: evidence.url,
            method: 'POST',
            requested_at: new Date(T0).toISOString(),
            duration_ms: 120,
            request: evidence.request,
            response: {
              status: 200,
              content_type: 'text/xml',
              body: VIES_REPLY,
              encoding: 'utf8',
              truncated: false,
            },
            response_sha256: evidence.response_sha256,
            integrity: 'ok',
          },
          ledger: {
            record_hash: row.record_hash,
            seal_id: 'seal_history_1',
            sealed_at: new Date(T0 + MINUTE).toISOString(),
          },
        },
        meta: { request_id: res.headers.get('x-request-id') },
      });
      // The summary in the list carries the same ledger state.
      const listed = (await list(account.live)).body.data[0];
      expect(listed.ledger).toEqual(res.body.data.ledger);
    });

    it("redacts another account's requester and consultation numbers from a shared exchange", async () => {
      const first = await app.account('business');
      const second = await app.account('business');
      const evidence = evidenceRow(first, 'evd_foreign000000000000000000000001');
      await app.stores.evidence.insert(evidence);
      // The second account's answer came from the cache the first account's exchange filled.
      const row = recordRow(second, {
        created_at: T0,
        vat_number: 'DE123456704',
        valid: 1,
        source: 'vies',
        source_status: 'cached',
        cached: 1,
        cached_at: T0,
        evidence_id: evidence.id,
      });
      await insert(row);
      const res = await app.request('GET', `/v1/validations/${row.id}`, { key: second.live });
      expect(res.status, res.text).toBe(200);
      const shown = res.body.data.evidence;
      expect(shown.redacted).toBe(true);
      expect(shown.id).toBe(evidence.id);
      expect(shown.response_sha256).toBe(evidence.response_sha256);
      const text = JSON.stringify(shown);
      for (const secret of ['DE136695976', '136695976', 'WAPIAAAAW7q1XyZk'])
        expect(text).not.toContain(secret);
      expect(shown.response.body).toContain('<requestIdentifier>[redacted]</requestIdentifier>');
      expect(shown.request).toContain('<requesterVatNumber>[redacted]</requesterVatNumber>');
    });

    it('answers 404 for an unknown id and 422 for a malformed one', async () => {
      const account = await app.account('pro');
      expectError(
        await app.request('GET', `/v1/validations/${newRecordId(T0)}`, { key: account.live }),
        404,
        'not_found',
      );
      expectError(await app.request('GET', '/v1/validations/nope', { key: account.live }), 404, 'not_found');
      expectError(
        await app.request('GET', `/v1/validations/${'v'.repeat(101)}`, { key: account.live }),
        422,
        'validation_error',
      );
      expectError(
        await app.request('GET', `/v1/validations/${newRecordId(T0)}?x=1`, { key: account.live }),
        422,
        'validation_error',
      );
    });
  });

  describe('GET /v1/validations/export', () => {
    const exportOf = (key: string, query = '') =>
      app.request('GET', `/v1/validations/export${query ? `?${query}` : ''}`, { key });

    it('streams the filtered records as RFC 4180 CSV with formula cells neutralised', async () => {
      const account = await app.account('pro');
      const tricky = recordRow(account, {
        created_at: T0 + 2_000,
        vat_number: 'DE123456704',
        valid: 1,
        company_name: '=HYPERLINK("http://evil.example","click")',
        company_address: 'Hauptstr. 1,\n10115 "Mitte" Berlin',
        source: 'vies',
        reference: '+49 30 1234',
      });
      const minus = recordRow(account, { created_at: T0 + 1_000, reference: '-2+3' });
      const at = recordRow(account, { created_at: T0, reference: '@SUM(A1)', channel: 'batch' });
      await insert(tricky, minus, at);

      const res = await exportOf(account.live);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="validations.csv"');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.text.split('\r\n')[0]).toBe(EXPORT_COLUMNS.map((column) => column.name).join(','));
      expect(res.text.endsWith('\r\n')).toBe(true);
      expect(res.text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
      const [header, ...rows] = parse(res.text) as string[][];
      expect(header).toEqual(EXPORT_COLUMNS.map((column) => column.name));
      const records = rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
      expect(records.map((record) => record.id)).toEqual([tricky.id, minus.id, at.id]);
      expect(records[0]).toMatchObject({
        created_at: new Date(T0 + 2_000).toISOString(),
        vat_number: 'DE123456704',
        country_code: 'DE',
        valid: 'true',
        company_name: `'=HYPERLINK("http://evil.example","click")`,
        company_address: 'Hauptstr. 1,\n10115 "Mitte" Berlin',
        reference: "'+49 30 1234",
        source: 'vies',
        cached: 'false',
        cached_at: '',
        stale: 'false',
        seal_id: '',
        sealed_at: '',
        record_hash: tricky.record_hash,
      });
      expect(records[1]).toMatchObject({ reference: "'-2+3", valid: 'false', company_name: '' });
      expect(records[2]).toMatchObject({ reference: "'@SUM(A1)", channel: 'batch' });

      const filtered = parse((await exportOf(account.live, 'channel=batch')).text) as string[][];
      expect(filtered.slice(1).map((cells) => cells[0])).toEqual([at.id]);
      const empty = await exportOf(account.live, 'from=2030-01-01');
      expect(empty.status).toBe(200);
      expect(empty.text).toBe(`${header.join(',')}\r\n`);
    });

    it('pages through the store: more records than one read, each once, newest first', async () => {
      const account = await app.account('business');
      const rows = Array.from({ length: 2_345 }, (_, i) =>
        recordRow(account, { created_at: T0 + Math.floor(i / 3), vat_number: `DE${100_000_000 + i}` }),
      );
      await insert(...rows);
      const res = await exportOf(account.live);
      expect(res.status).toBe(200);
      const [, ...cells] = parse(res.text) as string[][];
      const expected = [...rows]
        .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
        .map((row) => row.id);
      expect(cells.map((row) => row[0])).toEqual(expected);
    });

    it('exports only the key’s own records, and refuses Free and bad filters', async () => {
      const pro = await app.account('pro');
      const other = await app.account('pro');
      await insert(recordRow(pro, { created_at: T0 }), recordRow(pro, { created_at: T0 }, 'test'));
      await insert(recordRow(other, { created_at: T0 }));
      const liveRows = parse((await exportOf(pro.live)).text) as string[][];
      const testRows = parse((await exportOf(pro.test)).text) as string[][];
      expect(liveRows).toHaveLength(2);
      expect(testRows).toHaveLength(2);
      expect(liveRows[1][0]).not.toBe(testRows[1][0]);

      const free = await app.account('free');
      await insert(recordRow(free, { created_at: T0 }));
      expectError(await exportOf(free.live), 403, 'tier_insufficient');
      expectError(await exportOf(free.test), 403, 'tier_insufficient');
      // The list stays open to Free.
      expect((await list(free.live)).body.data).toHaveLength(1);

      for (const query of ['valid=maybe', 'from=2026-02-30', 'vat_number=XX1', 'limit=10', 'cursor=abc'])
        expectError(await exportOf(pro.live, query), 422, 'validation_error');
    });
  });
});

describe('docs/records.md', () => {
  it('lists the export columns the code writes, in order', () => {
    const page = readFileSync(join(PROJECT_ROOT, 'docs/records.md'), 'utf8');
    const section = page.slice(page.indexOf('Columns, in this order'));
    const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented).toEqual(EXPORT_COLUMNS.map((column) => column.name));
  });
});
