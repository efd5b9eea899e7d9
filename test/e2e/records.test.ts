/**
 * End to end: every answer served with a live key (live, cached, stale, degraded, checksum,
 * format, batch) is recorded in `validations` with account, number, source and outcome; test keys
 * and answers never served (503, 422) record nothing.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { recordsOf, useLiveApp, validate, validateBatch } from './live.js';

const TTL_S = 3600;

describeEachDialect('e2e validation records', (dialect) => {
  const live = useLiveApp(dialect, { CACHE_TTL_SECONDS: String(TTL_S), CIRCUIT_FAILURE_THRESHOLD: '1000' });

  it('records every answer served with a live key, with its source and status', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const other = await app.account('business');
    const expected: Array<{
      vat_number: string;
      valid: number;
      source: string;
      source_status: string;
      request_id: string;
      created_at: number;
      channel: string;
    }> = [];
    const served = async (number: string, source: string, status: string, valid: boolean, query = {}) => {
      const res = await validate(app, account.live, number, query);
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toMatchObject({ source, source_status: status });
      expected.push({
        vat_number: res.body.data.vat_number,
        valid: valid ? 1 : 0,
        source,
        source_status: status,
        request_id: res.body.meta.request_id,
        created_at: app.clock.now(),
        channel: 'sync',
      });
    };

    await served('ATU12345675', 'vies', 'live', true);
    await served('NL123456782B01', 'vies', 'live', true);
    await served('at u12345675', 'vies', 'cached', true);
    await served('DE123456789', 'checksum', 'live', false);
    await served('LI12345', 'format', 'unverified', true);
    await served('GB700000629', 'hmrc', 'live', false);

    app.clock.advance((TTL_S + 1) * 1000);
    sim.setBehaviour('vies', { mode: 'down' });
    await served('ATU12345675', 'vies', 'unavailable', true);
    sim.setBehaviour('vies', { mode: 'up' });
    sim.removeCompany('NL123456782B01');
    await served('NL123456782B01', 'vies', 'degraded', true);

    // Not served: a 503 with nothing cached and a registry's 422 leave no record.
    sim.setBehaviour('abr', { mode: 'down' });
    expect((await validate(app, account.live, 'AU51824753556')).status).toBe(503);
    sim.setBehaviour('abr', { mode: 'fault', fault: 'invalid_abn' });
    expect((await validate(app, account.live, 'AU51824753556')).status).toBe(422);

    const rows = await recordsOf(app, account.id);
    const byRequest = (a: { request_id: string }, b: { request_id: string }) =>
      a.request_id.localeCompare(b.request_id);
    expect(
      rows
        .map(({ vat_number, valid, source, source_status, request_id, created_at, channel }) => ({
          vat_number,
          valid: Number(valid),
          source,
          source_status,
          request_id,
          created_at: Number(created_at),
          channel,
        }))
        .sort(byRequest),
    ).toEqual(expected.sort(byRequest));
    for (const row of rows) expect(row.account_id).toBe(account.id);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(await recordsOf(app, other.id)).toEqual([]);
  });

  it('records each unique answered number of a live batch once, and none of its failures', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    await validate(app, account.live, 'EL123456709');
    sim.setBehaviour('uid', { mode: 'down' });
    const res = await validateBatch(app, account.live, [
      'NO900000006MVA',
      'EL123456709',
      'no 900000006 mva',
      'CHE100000006MWST',
      'AU53004085616',
      'bad input',
      'DE123456789',
    ]);
    expect(res.status, res.text).toBe(200);
    const rows = (await recordsOf(app, account.id)).filter((row) => row.channel === 'batch');
    const byNumber = Object.fromEntries(rows.map((row) => [row.vat_number, row]));
    expect(Object.keys(byNumber).sort()).toEqual([
      'AU53004085616',
      'DE123456789',
      'EL123456709',
      'NO900000006MVA',
    ]);
    expect(rows).toHaveLength(4);
    expect(byNumber.NO900000006MVA).toMatchObject({ source: 'brreg', source_status: 'live' });
    expect(byNumber.EL123456709).toMatchObject({ source: 'vies', source_status: 'cached' });
    expect(byNumber.AU53004085616).toMatchObject({ source: 'abr', source_status: 'live' });
    expect(Number(byNumber.AU53004085616.valid)).toBe(0);
    expect(byNumber.DE123456789).toMatchObject({ source: 'checksum', source_status: 'live' });
    for (const row of rows) {
      expect(row.account_id).toBe(account.id);
      expect(row.request_id).toBe(res.body.meta.request_id);
    }
  });

  it('records test keys apart: test-mode records, no evidence, no registry call (wave-2 A1)', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const single = await validate(app, account.test, 'DE123456704');
    expect(single.status, single.text).toBe(200);
    expect(single.body.meta.mode).toBe('test');
    const checksum = await validate(app, account.test, 'DE123456789');
    expect(checksum.status, checksum.text).toBe(200);
    const batch = await validateBatch(app, account.test, ['DE123456704', 'GB123456727', 'LI12345']);
    expect(batch.status, batch.text).toBe(200);
    const rows = await recordsOf(app, account.id);
    // One record per answer: two singles and three unique batch numbers.
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.mode).toBe('test');
      expect(row.evidence_id).toBeNull();
      expect(row.id).toMatch(/^val_[0-9a-f]{32}$/);
    }
    expect(rows.filter((row) => row.mode === 'live')).toEqual([]);
    for (const id of ['vies', 'hmrc', 'uid', 'brreg', 'abr'] as const) expect(sim.statsOf(id).calls).toBe(0);
  });
});
