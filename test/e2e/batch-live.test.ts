/**
 * End to end: the synchronous batch in live mode. Input order kept, duplicates looked up
 * and counted once, quota reserved for the unique numbers and given back for those that got no
 * answer, lookups in parallel across and within registries.
 */
import { expect, it } from 'vitest';
import type { RegistryId } from '../../src/registries/registry.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { remaining, usedUnits, useLiveApp, validate, validateBatch } from './live.js';

const LIMIT = 50_000; // Business monthly quota (decisions section 4)
const REGISTRIES: RegistryId[] = ['vies', 'hmrc', 'uid', 'brreg', 'abr'];

describeEachDialect('e2e live batch', (dialect) => {
  const live = useLiveApp(dialect, { CIRCUIT_FAILURE_THRESHOLD: '1000' });

  it('answers a batch mixing registries and duplicates in input order, looking each number up once', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const inputs = [
      'ATU12345675',
      'GB123456727',
      'at u 1234 5675',
      'CHE100000006MWST',
      'NO900000006MVA',
      'AU51824753556',
      'not a number',
      'DE123456704',
      'ATU12345675',
      'FR10123456717',
      'DE123456789',
      'LI12345',
      'NO 900 000 006 MVA',
    ];
    const res = await validateBatch(app, account.live, inputs);
    expect(res.status, res.text).toBe(200);
    const results = res.body.data.results;
    expect(results).toHaveLength(inputs.length);
    const expected: Array<[string, boolean, string, string | null] | 'error'> = [
      ['ATU12345675', true, 'vies', 'Alpenblick Handels GmbH'],
      ['GB123456727', true, 'hmrc', 'Simulated Widgets Ltd'],
      ['ATU12345675', true, 'vies', 'Alpenblick Handels GmbH'],
      ['CHE100000006MWST', true, 'uid', 'Muster AG'],
      ['NO900000006MVA', true, 'brreg', 'NORSK TESTBEDRIFT AS'],
      ['AU51824753556', true, 'abr', 'SOUTHERN CROSS TRADING PARTNERS'],
      'error',
      ['DE123456704', true, 'vies', 'Musterfirma Handels GmbH'],
      ['ATU12345675', true, 'vies', 'Alpenblick Handels GmbH'],
      ['FR10123456717', false, 'vies', null],
      ['DE123456789', false, 'checksum', null],
      ['LI12345', true, 'format', null],
      ['NO900000006MVA', true, 'brreg', 'NORSK TESTBEDRIFT AS'],
    ];
    expected.forEach((item, index) => {
      const result = results[index];
      if (item === 'error') {
        expect(result.error).toMatchObject({ code: 'invalid_vat_format', vat_number: inputs[index] });
        return;
      }
      const [number, valid, source, name] = item;
      expect(result.data, `item ${index}`).toMatchObject({ vat_number: number, valid });
      expect(result.data.company?.name ?? null, `item ${index}`).toBe(name);
      expect(result.meta.source, `item ${index}`).toBe(source);
    });
    expect(res.body.data.summary).toEqual({ total: 13, succeeded: 12, failed: 1 });

    // Duplicates were looked up once.
    expect(sim.statsOf('vies').callsByNumber).toEqual({ ATU12345675: 1, DE123456704: 1, FR10123456717: 1 });
    expect(sim.statsOf('brreg').callsByNumber).toEqual({ NO900000006MVA: 1 });
    expect(sim.statsOf('hmrc').callsByNumber).toEqual({ GB123456727: 1 });
    expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 2 });
    expect(sim.statsOf('abr').callsByNumber).toEqual({ AU51824753556: 1 });
    // Nine unique well-formed numbers, counted once each.
    expect(remaining(res)).toBe(LIMIT - 9);
    expect(await usedUnits(app, account.id)).toBe(9);
  });

  it('answers numbers of a registry that is down as inline failures and gives their units back', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    sim.setBehaviour('brreg', { mode: 'down' });
    const inputs = ['NO900000006MVA', 'ATU12345675', 'NO900000022MVA', 'GB123456727', 'NO900000006MVA'];
    const res = await validateBatch(app, account.live, inputs);
    expect(res.status, res.text).toBe(200);
    const results = res.body.data.results;
    for (const index of [0, 2, 4]) {
      expect(results[index].error).toMatchObject({ code: 'upstream_unavailable', vat_number: inputs[index] });
      expect(results[index].meta).toEqual({ vat_number: inputs[index] });
    }
    expect(results[1].data).toMatchObject({ vat_number: 'ATU12345675', valid: true });
    expect(results[3].data).toMatchObject({ vat_number: 'GB123456727', valid: true });
    expect(res.body.data.summary).toEqual({ total: 5, succeeded: 2, failed: 3 });
    // Four unique numbers reserved, the two unanswered ones released.
    expect(remaining(res)).toBe(LIMIT - 2);
    expect(await usedUnits(app, account.id)).toBe(2);
    expect(sim.statsOf('brreg').callsByNumber).toEqual({ NO900000006MVA: 1, NO900000022MVA: 1 });
  });

  it('answers GB numbers inline as upstream_error when HMRC is down', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    sim.setBehaviour('hmrc', { mode: 'fault', fault: '503' });
    const res = await validateBatch(app, account.live, ['GB123456727', 'EL123456709']);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.results[0].error).toMatchObject({
      code: 'upstream_error',
      vat_number: 'GB123456727',
    });
    expect(res.body.data.results[1].data).toMatchObject({ vat_number: 'EL123456709', valid: true });
    expect(remaining(res)).toBe(10_000 - 1);
  });

  it('serves cached and stale items, and cache=false asks the registries again', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    await validate(app, account.live, 'ATU12345675');
    const cached = await validateBatch(app, account.live, ['ATU12345675', 'SE556058115801']);
    expect(cached.body.data.results[0].meta).toMatchObject({
      cached: true,
      source: 'vies',
      source_status: 'cached',
    });
    expect(cached.body.data.results[0].data).not.toHaveProperty('consultation_number');
    expect(cached.body.data.results[1].meta).toMatchObject({ cached: false, source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber).toEqual({ ATU12345675: 1, SE556058115801: 1 });

    const fresh = await validateBatch(app, account.live, ['ATU12345675', 'SE556058115801'], { cache: false });
    for (const item of fresh.body.data.results)
      expect(item.meta).toMatchObject({ cached: false, source_status: 'live' });
    expect(sim.statsOf('vies').callsByNumber).toEqual({ ATU12345675: 2, SE556058115801: 2 });

    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    const stale = await validateBatch(app, account.live, ['ATU12345675'], { cache: false });
    expect(stale.body.data.results[0].meta).toMatchObject({
      cached: true,
      stale: true,
      source_status: 'unavailable',
    });
    expect(await usedUnits(app, account.id)).toBe(1 + 2 + 2 + 1);
  });

  it('gives consultation numbers per item for Business with a requester', async () => {
    const { app } = live;
    const account = await app.account('business');
    const res = await validateBatch(app, account.live, ['DE123456704', 'GB123456727', 'NO900000006MVA'], {
      requester_vat_number: 'ATU12345675',
    });
    expect(res.status, res.text).toBe(200);
    const [de, gb, no] = res.body.data.results;
    expect(de.data.consultation_number).toMatch(/^WAPI[0-9A-Za-z]{12}$/);
    expect(gb.data.consultation_number).toBeNull();
    expect(no.data.consultation_number).toBeNull();
  });

  it('runs lookups in parallel across and within registries', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    // Warm the HMRC token so its fetch is not part of the timing.
    expect((await validate(app, account.live, 'GB600000539')).status).toBe(200);
    for (const id of REGISTRIES) sim.setBehaviour(id, { latencyMs: 500 });
    const numbers = [
      'ATU12345675',
      'NL123456782B01',
      'EL123456709',
      'XI123456727',
      'FR04409414364',
      'GB123456727',
      'GB500000491001',
      'CHE100000012MWST',
      'NO900000006MVA',
      'AU51824753556',
    ];
    const started = performance.now();
    const res = await validateBatch(app, account.live, numbers);
    const elapsed = performance.now() - started;
    expect(res.status, res.text).toBe(200);
    for (const item of res.body.data.results) expect(item.data?.valid, JSON.stringify(item)).toBe(true);
    // A serial client needs 11 lookups x 500 ms (UID asks twice); the batch needs about two. The
    // bound is half the serial time, so a busy machine cannot break it; the in-flight counts
    // below are the direct proof.
    expect(elapsed).toBeLessThan(11 * 500 * 0.5);
    expect(sim.statsOf('vies').maxInFlight).toBeGreaterThanOrEqual(5);
    expect(sim.statsOf('hmrc').maxInFlight).toBe(2);
  });
});
