import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount } from '../../src/accounts/keys.js';
import { ManualClock } from '../../src/clock.js';
import { resourcePath } from '../../src/paths.js';
import { RatesRefresher, RatesSyncStatusReader } from '../../src/rates/live-rates.js';
import { RatesTable, TEDB_SNAPSHOT_FILE } from '../../src/rates/rates-table.js';
import { RatesSync } from '../../src/rates/sync.js';
import { TedbClient } from '../../src/rates/tedb-client.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import { DeliveryService } from '../../src/webhooks/delivery-service.js';
import { createWebhookSender } from '../../src/webhooks/send-attempt.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * The sync with TEDB (docs/rates.md) on a real database of each dialect against the simulator's
 * TEDB: report and apply, an announced future change answered only from its day, Romania's change
 * of 2025-08-01 replayed from data that predates it, every dangerous reply refused with nothing
 * applied, and two instances syncing at once storing each change once; a future change TEDB moves
 * or withdraws set back, one it states again after altering it stored again, and one it states late
 * (dated before the last sync) found.
 */

const NOW = '2026-11-22T12:00:00.000Z';
const DATASET_SOURCE = { kind: 'dataset', retrieved_at: '2026-11-22T00:00:00.000Z', reply_sha256: null };
const std = (rate: number) => ({ rate, type: 'standard', note: null });
const red = (rate: number) => ({ rate, type: 'reduced', note: null });
const plain = (entries: ReadonlyArray<{ rate: number; type: string; note: string | null }>) =>
  entries.map(({ rate, type, note }) => ({ rate, type, note }));

let sim: RegistrySimulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), 'rates-sync-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Data from before Romania's change of 2025-08-01, as the service had it then: the hand-kept data
 * without Romania's periods from that day (cut-off 2025-07-27), and TEDB's snapshot without
 * Romania's situation of that day.
 */
function dataBeforeRomaniasChange(): RatesTable {
  const dataset = JSON.parse(readFileSync(resourcePath('vat-rates.json'), 'utf8'));
  dataset.as_of = '2025-07-27';
  const romania = dataset.countries.find((country: { code: string }) => country.code === 'RO');
  romania.periods = romania.periods.filter(
    (period: { effective_from: string }) => period.effective_from < '2025-08-01',
  );
  const snapshot = JSON.parse(readFileSync(resourcePath(TEDB_SNAPSHOT_FILE), 'utf8'));
  snapshot.vatRateResults = snapshot.vatRateResults.filter(
    (result: { memberState: string; situationOn: string }) =>
      !(result.memberState === 'RO' && result.situationOn === '2025-08-01'),
  );
  writeFileSync(join(dir, 'vat-rates.json'), JSON.stringify(dataset));
  writeFileSync(join(dir, 'tedb.json'), JSON.stringify(snapshot));
  return RatesTable.load(join(dir, 'vat-rates.json'), { tedbSnapshot: join(dir, 'tedb.json') });
}

/** A live endpoint of the account subscribed to every kind, as `PUT /v1/webhooks/config` makes one. */
async function addLiveEndpoint(stores: Stores, accountId: string, now: number): Promise<void> {
  await stores.webhooks.insertEndpoint({
    id: `we_${accountId.slice(-16)}`,
    account_id: accountId,
    mode: 'live',
    url: 'https://example.com/hook',
    description: null,
    events: '["*"]',
    signing_secret: 'whsec_dGVzdA==',
    previous_signing_secret: null,
    previous_secret_expires_at: null,
    enabled: 1,
    expires_at: null,
    created_at: now,
    updated_at: now,
  });
}

describeEachDialect('rates sync', (dialect) => {
  let testDb: TestDatabase;
  let stores: Stores;
  let clock: ManualClock;
  const closers: Array<() => Promise<void>> = [];

  /** A sync as one instance runs it: its own table, client and delivery service. */
  function instance(options: { table?: RatesTable; database?: Database; timeoutMs?: number } = {}) {
    const own = options.database ? createStores(options.database) : stores;
    const table = options.table ?? RatesTable.load();
    const client = new TedbClient({
      url: sim.env().RATES_TEDB_URL,
      timeoutMs: options.timeoutMs ?? 20_000,
      retryDelaysMs: [],
    });
    const sender = createWebhookSender({
      timeoutMs: 1_000,
      policy: { allowedHosts: [], allowLocalHttp: false },
    });
    closers.push(
      () => client.close(),
      () => sender.close(),
    );
    const deliveries = new DeliveryService({ stores: own, clock, sender, retryDelaysMs: [1_000] });
    return { table, sync: new RatesSync({ stores: own, table, client, clock, deliveries }) };
  }

  const status = () => new RatesSyncStatusReader(stores.rates, clock, 0).read();
  const stored = async () => (await stores.rates.listChanges()).length;

  beforeEach(async () => {
    testDb = await createTestDatabase(dialect);
    stores = createStores(testDb.database);
    clock = new ManualClock(Date.parse(NOW));
    sim.reset();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await testDb.drop();
  });

  it("starts from the rates data's cut-off and finds TEDB agreeing with what the service answers", async () => {
    const { sync } = instance();
    const report = await sync.run({ apply: false, trigger: 'cli' });
    expect(report).toMatchObject({
      result: 'ok',
      mode: 'report',
      from: '2026-11-22',
      differences: [],
      applied: 0,
    });
    expect(sim.exchanges('tedb')[0].body).toContain('<t:from>2026-11-21</t:from>');
    expect(report.reply_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await status()).toEqual({ last_sync_at: NOW, result: 'ok', pending_differences: 0 });
    expect((await stores.rates.lastOkSync())?.next_from).toBe('2026-11-22');
  });

  it('reports an announced change without applying it; --apply applies it, answered only from its day', async () => {
    sim.announceTedbChange({
      memberState: 'DE',
      situationOn: '2027-01-01',
      standard: 21,
      categories: { FOODSTUFFS: { type: 'REDUCED_RATE', value: 5 } },
    });
    const { sync, table } = instance();
    const foodBefore = table
      .category('DE', 'foodstuffs', '2027-01-01')!
      .map(({ rate, type, note }) => ({ rate, type, note }));
    const expected = [
      {
        country_code: 'DE',
        effective_from: '2027-01-01',
        kind: 'standard',
        category: null,
        before: [std(19)],
        after: [std(21)],
      },
      {
        country_code: 'DE',
        effective_from: '2027-01-01',
        kind: 'reduced',
        category: null,
        before: [red(7)],
        after: [red(7), red(5)],
      },
      {
        country_code: 'DE',
        effective_from: '2027-01-01',
        kind: 'category',
        category: { id: 'foodstuffs', name: table.categoryName('foodstuffs') },
        before: foodBefore,
        after: [red(5)],
      },
    ];

    const report = await sync.run({ apply: false, trigger: 'cli' });
    expect(report.differences).toEqual(expected);
    expect(report.applied).toBe(0);
    expect(await stored()).toBe(0);
    expect(table.get('DE', '2027-01-01')!.standard_rate).toBe(19);
    expect(await status()).toMatchObject({ result: 'ok', pending_differences: 3 });

    const applied = await sync.run({ apply: true, trigger: 'cli' });
    expect(applied).toMatchObject({ result: 'ok', mode: 'apply', applied: 3, differences: expected });
    expect(await stored()).toBe(3);
    expect(await status()).toMatchObject({ result: 'ok', pending_differences: 0 });
    const source = { kind: 'tedb', retrieved_at: applied.retrieved_at, reply_sha256: applied.reply_sha256 };
    expect(table.get('DE', '2026-12-31')).toMatchObject({ standard_rate: 19, source: DATASET_SOURCE });
    expect(table.get('DE', '2027-01-01')).toMatchObject({
      standard_rate: 21,
      other_rates: [{ rate: 7 }, { rate: 5 }, { rate: 0 }],
      updated_at: '2027-01-01T00:00:00.000Z',
      source,
    });
    expect(table.category('DE', 'foodstuffs', '2027-01-01')).toEqual([
      { id: 'foodstuffs', name: table.categoryName('foodstuffs'), ...red(5), since: '2027-01-01' },
    ]);
    const five = table.get('DE', '2027-01-01')!.other_rates[1];
    expect(five.categories.map((category) => category.id)).toEqual(['foodstuffs']);

    // Nothing left to apply; another instance answers the change once it has read it.
    expect((await sync.run({ apply: true, trigger: 'cli' })).differences).toEqual([]);
    const other = RatesTable.load();
    const refresher = new RatesRefresher({ table: other, store: stores.rates, everyMs: 60_000 });
    expect(other.get('DE', '2027-01-01')!.standard_rate).toBe(19);
    expect(await refresher.refresh()).toBe(true);
    expect(other.get('DE', '2027-01-01')).toEqual(table.get('DE', '2027-01-01'));
    expect(await refresher.refresh()).toBe(false);
  });

  it("replays Romania's change of 2025-08-01 as a new change, from data that predates it", async () => {
    const { sync, table } = instance({ table: dataBeforeRomaniasChange() });
    expect(table.get('RO', '2025-08-15')).toMatchObject({
      standard_rate: 19,
      other_rates: [{ rate: 9 }, { rate: 5 }],
    });
    // An account with a live webhook: a change that took effect before today sends no event.
    const account = await createAccount(stores.accounts, 'Shop', 'business', clock.now());
    await addLiveEndpoint(stores, account.id, clock.now());

    const report = await sync.run({ apply: true, trigger: 'cli' });
    expect(report).toMatchObject({ result: 'ok', from: '2025-07-27', events: 0 });
    const changes = report.differences;
    expect(new Set(changes.map((change) => `${change.country_code} ${change.effective_from}`))).toEqual(
      new Set(['RO 2025-08-01']),
    );
    expect(changes.filter((change) => change.kind !== 'category')).toEqual([
      {
        country_code: 'RO',
        effective_from: '2025-08-01',
        kind: 'standard',
        category: null,
        before: [std(19)],
        after: [std(21)],
      },
      {
        country_code: 'RO',
        effective_from: '2025-08-01',
        kind: 'reduced',
        category: null,
        before: [red(9), red(5)],
        after: [red(11)],
      },
    ]);
    const category = (id: string) => changes.find((change) => change.category?.id === id);
    // Each of Romania's food rates with its note on what it covers (resources/rate-categories.json).
    expect(category('foodstuffs')).toMatchObject({
      before: [{ ...red(9), note: expect.stringMatching(/cozonac and biscuits/) }],
      after: [{ ...red(11), note: expect.stringMatching(/Codul fiscal art\. 291\(2\)\(b\)/) }],
    });
    expect(category('loan_libraries')).toMatchObject({ before: [red(5)], after: [red(11)] });
    expect(category('sporting_events')).toMatchObject({ before: [red(9)], after: [] });
    expect(report.applied).toBe(changes.length);

    expect(table.get('RO', '2025-07-31')).toMatchObject({
      standard_rate: 19,
      other_rates: [{ rate: 9 }, { rate: 5 }],
    });
    expect(table.get('RO', '2025-08-15')).toMatchObject({
      standard_rate: 21,
      other_rates: [{ rate: 11 }],
      updated_at: '2025-08-01T00:00:00.000Z',
      source: { kind: 'tedb', reply_sha256: report.reply_sha256 },
    });
    // The same answers as the shipped data, which has the change: categories included.
    const shipped = RatesTable.load();
    expect(table.categories('RO', '2025-08-15')).toEqual(shipped.categories('RO', '2025-08-15'));
    expect(table.get('RO', '2025-08-15')!.other_rates[0]).toEqual(
      shipped.get('RO', '2025-08-15')!.other_rates[0],
    );
    expect(await testDb.database.db.selectFrom('events').selectAll().execute()).toEqual([]);
  });

  it('from a date, compares that day on: with the shipped data only the transitional 9 % differs', async () => {
    const { sync } = instance();
    const report = await sync.run({ apply: false, from: '2025-07-27', trigger: 'cli' });
    expect(report.differences).toEqual([
      {
        country_code: 'RO',
        effective_from: '2025-08-01',
        kind: 'reduced',
        category: null,
        before: [red(11), red(9)],
        after: [red(11)],
      },
    ]);
  });

  it('asks again for a difference left pending, even once its day has passed', async () => {
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-01-01', standard: 21 });
    const { sync } = instance();
    await sync.run({ apply: false, trigger: 'job' });
    clock.set('2027-02-01T06:00:00.000Z');
    const again = await sync.run({ apply: false, trigger: 'job' });
    expect(again.from).toBe('2026-11-22');
    expect(again.differences.map((change) => change.kind)).toEqual(['standard']);
    await sync.run({ apply: true, trigger: 'job' });
    expect((await stores.rates.lastOkSync())?.next_from).toBe('2027-02-01');
  });

  it('sets back a future change TEDB withdraws, with a rate.changed, and moves one TEDB moves to another day', async () => {
    const account = await createAccount(stores.accounts, 'Shop', 'business', clock.now());
    await addLiveEndpoint(stores, account.id, clock.now());
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-01-01', standard: 21 });
    const { sync, table } = instance();
    expect((await sync.run({ apply: true, trigger: 'job' })).applied).toBe(1);

    // The next day TEDB states it from 2027-02-01 instead.
    sim.reset();
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-02-01', standard: 21 });
    clock.set('2026-11-23T06:00:00.000Z');
    const moved = await sync.run({ apply: true, trigger: 'job' });
    expect(moved).toMatchObject({ result: 'ok', from: '2026-11-22', applied: 2, events: 2 });
    expect(
      moved.differences.map(({ effective_from, kind, before, after }) => ({
        effective_from,
        kind,
        before,
        after,
      })),
    ).toEqual([
      { effective_from: '2027-01-01', kind: 'standard', before: [std(21)], after: [std(19)] },
      { effective_from: '2027-02-01', kind: 'standard', before: [std(19)], after: [std(21)] },
    ]);
    expect(table.get('DE', '2027-01-15')).toMatchObject({ standard_rate: 19, source: { kind: 'tedb' } });
    expect(table.get('DE', '2027-02-01')!.standard_rate).toBe(21);

    // Then withdraws it.
    sim.reset();
    clock.set('2026-11-24T06:00:00.000Z');
    const withdrawn = await sync.run({ apply: true, trigger: 'job' });
    expect(withdrawn.differences).toMatchObject([
      { effective_from: '2027-02-01', kind: 'standard', before: [std(21)], after: [std(19)] },
    ]);
    expect(table.get('DE', '2027-03-01')!.standard_rate).toBe(19);
    expect((await sync.run({ apply: true, trigger: 'job' })).differences).toEqual([]);
    const events = await testDb.database.db.selectFrom('events').selectAll().execute();
    expect(events).toHaveLength(4);
  });

  it('stores a change TEDB states again after a later reply altered it', async () => {
    const { sync, table } = instance();
    for (const [standard, before] of [
      [21, 19],
      [22, 21],
      [21, 22],
    ]) {
      sim.reset();
      sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-01-01', standard });
      const report = await sync.run({ apply: true, trigger: 'cli' });
      expect(report.differences).toMatchObject([
        { kind: 'standard', before: [std(before)], after: [std(standard)] },
      ]);
      expect(report.applied).toBe(1);
      expect(table.get('DE', '2027-01-01')!.standard_rate).toBe(standard);
    }
    // The first and third replies are the same bytes: each change is stored, the last one holds.
    const changes = await stores.rates.listChanges();
    expect(changes[0].source.reply_sha256).toBe(changes[2].source.reply_sha256);
    expect((await sync.run({ apply: true, trigger: 'cli' })).differences).toEqual([]);
  });

  it('finds a change TEDB states late, dated before the last sync, and applies it without an event', async () => {
    const account = await createAccount(stores.accounts, 'Shop', 'business', clock.now());
    await addLiveEndpoint(stores, account.id, clock.now());
    const { sync, table } = instance();
    await sync.run({ apply: true, trigger: 'job' });
    clock.set('2026-12-10T06:00:00.000Z');
    await sync.run({ apply: true, trigger: 'job' });
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2026-12-01', standard: 20 });
    clock.set('2026-12-11T06:00:00.000Z');
    const report = await sync.run({ apply: true, trigger: 'job' });
    expect(report).toMatchObject({ from: '2026-11-22', applied: 1, events: 0 });
    expect(report.differences).toMatchObject([
      { country_code: 'DE', effective_from: '2026-12-01', kind: 'standard', after: [std(20)] },
    ]);
    expect(table.get('DE', '2026-12-05')!.standard_rate).toBe(20);
    expect(table.get('DE', '2026-11-30')!.standard_rate).toBe(19);
  });

  it('keeps the hand-kept amendments of a category TEDB changes after them, in answers and in rate.changed', async () => {
    const account = await createAccount(stores.accounts, 'Shop', 'business', clock.now());
    await addLiveEndpoint(stores, account.id, clock.now());
    // Austria's 4.9 % on staple foods (added from 2026-07-01), the Dutch camping note on the 9 %
    // (2026-01-01) and Lithuania's books moved from 9 to 5 % (2026-01-01): TEDB restates each
    // category from 2027-01-01 without knowing of them.
    sim.announceTedbChange({
      memberState: 'AT',
      situationOn: '2027-01-01',
      categories: { FOODSTUFFS: { type: 'REDUCED_RATE', value: 10 } },
    });
    for (const [memberState, category] of [
      ['NL', 'ACCOMMODATION'],
      ['LT', 'LOAN_LIBRARIES'],
    ]) {
      sim.announceTedbChange({
        memberState,
        situationOn: '2027-01-01',
        categories: {
          [category]: [
            { type: 'REDUCED_RATE', value: 9 },
            { type: 'EXEMPTED', value: 0 },
          ],
        },
      });
    }
    const { sync, table } = instance();
    const entries = (code: string, id: string, date: string) => plain(table.category(code, id, date)!);
    const staple = entries('AT', 'foodstuffs', '2026-12-31').find((entry) => entry.rate === 4.9)!;
    expect(staple).toMatchObject({ type: 'super_reduced', note: expect.stringContaining('staple foods') });
    const [camping] = entries('NL', 'accommodation', '2026-12-31');
    expect(camping).toMatchObject({ rate: 9, note: expect.stringContaining('Camping sites only') });
    expect(entries('LT', 'loan_libraries', '2026-12-31')).toEqual([red(5)]);
    const exempt = { rate: 0, type: 'exempt', note: null };

    const report = await sync.run({ apply: true, trigger: 'job' });
    const expected = {
      AT: [red(10), staple],
      NL: [camping, exempt],
      LT: [red(5), exempt],
    };
    expect(
      report.differences.map(({ country_code, effective_from, kind, category, after }) => ({
        country_code,
        effective_from,
        kind,
        category: category?.id,
        after,
      })),
    ).toEqual([
      {
        country_code: 'AT',
        effective_from: '2027-01-01',
        kind: 'category',
        category: 'foodstuffs',
        after: expected.AT,
      },
      {
        country_code: 'LT',
        effective_from: '2027-01-01',
        kind: 'category',
        category: 'loan_libraries',
        after: expected.LT,
      },
      {
        country_code: 'NL',
        effective_from: '2027-01-01',
        kind: 'category',
        category: 'accommodation',
        after: expected.NL,
      },
    ]);
    expect(entries('AT', 'foodstuffs', '2027-01-01')).toEqual(expected.AT);
    expect(entries('NL', 'accommodation', '2027-01-01')).toEqual(expected.NL);
    expect(entries('LT', 'loan_libraries', '2027-01-01')).toEqual(expected.LT);
    expect(table.get('AT', '2027-01-01')!.other_rates.find((rate) => rate.rate === 4.9)).toBeDefined();
    // Each event says what the service answers from the day on: the amendments included.
    const events = await testDb.database.db.selectFrom('events').select('payload').execute();
    expect(
      events.map((event) => JSON.parse(event.payload).data).map((data) => [data.country_code, data.after]),
    ).toEqual(expect.arrayContaining(Object.entries(expected)));
    expect(events).toHaveLength(3);
    // TEDB states the same the next day: nothing left to apply, the answers unchanged.
    clock.set('2026-11-23T06:00:00.000Z');
    expect((await sync.run({ apply: true, trigger: 'job' })).differences).toEqual([]);
    const fresh = RatesTable.load();
    fresh.apply(await stores.rates.listChanges());
    expect(fresh.categories('AT', '2027-01-01')).toEqual(table.categories('AT', '2027-01-01'));
    // TEDB withdraws the situation: set back to what the service answered without it.
    const answered = (code: string, id: string) => entries(code, id, '2026-12-31');
    const unchanged = { AT: answered('AT', 'foodstuffs'), NL: answered('NL', 'accommodation') };
    sim.reset();
    clock.set('2026-11-24T06:00:00.000Z');
    const withdrawn = await sync.run({ apply: true, trigger: 'job' });
    expect(withdrawn.differences.map((change) => [change.country_code, change.after])).toEqual([
      ['AT', unchanged.AT],
      ['LT', [red(5)]],
      ['NL', unchanged.NL],
    ]);
    expect(entries('AT', 'foodstuffs', '2027-01-01')).toEqual(unchanged.AT);
    expect((await sync.run({ apply: true, trigger: 'job' })).differences).toEqual([]);
  });

  it('restates, in the next sync, a category TEDB changed whose amendment a release edited', async () => {
    sim.announceTedbChange({
      memberState: 'AT',
      situationOn: '2027-01-01',
      categories: { FOODSTUFFS: { type: 'REDUCED_RATE', value: 10 } },
    });
    await instance().sync.run({ apply: true, trigger: 'job' });
    const kept = JSON.parse(readFileSync(resourcePath('rate-categories.json'), 'utf8'));
    kept.amendments.AT[0].note = 'Staple foods of Annex 2a only';
    writeFileSync(join(dir, 'rate-categories.json'), JSON.stringify(kept));
    const table = RatesTable.load(undefined, { handKeptCategories: join(dir, 'rate-categories.json') });
    table.apply(await stores.rates.listChanges());
    const staple = { rate: 4.9, type: 'super_reduced', note: 'Staple foods of Annex 2a only' };

    clock.set('2026-11-23T06:00:00.000Z');
    const report = await instance({ table }).sync.run({ apply: true, trigger: 'job' });
    expect(report.differences).toMatchObject([
      { country_code: 'AT', category: { id: 'foodstuffs' }, after: [red(10), staple] },
    ]);
    expect(plain(table.category('AT', 'foodstuffs', '2027-01-01')!)).toEqual([red(10), staple]);
    expect(plain(table.category('AT', 'foodstuffs', '2026-12-31')!)).toContainEqual(staple);
  });

  it('answers once an entry TEDB comes to state that an amendment adds or moves to', async () => {
    // Austria's 4.9 % and Belgium's accommodation at 12 % (from 2026-03-01) stated by TEDB from
    // 2027-01-01, Belgium's with part of it still at 6 %: TEDB's entries hold over the amendments.
    sim.announceTedbChange({
      memberState: 'AT',
      situationOn: '2027-01-01',
      categories: {
        FOODSTUFFS: [
          { type: 'REDUCED_RATE', value: 13 },
          { type: 'REDUCED_RATE', value: 10 },
          { type: 'SUPER_REDUCED_RATE', value: 4.9, comment: 'Staple foods listed in Annex 2a' },
          { type: 'EXEMPTED', value: 0 },
        ],
      },
    });
    sim.announceTedbChange({
      memberState: 'BE',
      situationOn: '2027-01-01',
      categories: {
        ACCOMMODATION: [
          { type: 'REDUCED_RATE', value: 12 },
          { type: 'REDUCED_RATE', value: 6, comment: 'Camping sites' },
        ],
      },
    });
    const { sync, table } = instance();
    expect(plain(table.category('BE', 'accommodation', '2026-12-31')!)).toEqual([red(12)]);
    const report = await sync.run({ apply: true, trigger: 'job' });
    const after = {
      AT: [
        red(13),
        red(10),
        { rate: 4.9, type: 'super_reduced', note: null },
        { rate: 0, type: 'exempt', note: null },
      ],
      BE: [red(12), red(6)],
    };
    expect(
      report.differences
        .filter((change) => change.kind === 'category')
        .map((change) => [change.country_code, change.after]),
    ).toEqual(Object.entries(after));
    expect(plain(table.category('AT', 'foodstuffs', '2027-01-01')!)).toEqual(after.AT);
    expect(plain(table.category('BE', 'accommodation', '2027-01-01')!)).toEqual(after.BE);
    clock.set('2026-11-23T06:00:00.000Z');
    expect((await sync.run({ apply: true, trigger: 'job' })).differences).toEqual([]);
  });

  it("keeps a rate of the hand-kept data TEDB does not list when TEDB changes that kind of rate (Ireland's 4.8 %)", async () => {
    sim.announceTedbChange({
      memberState: 'IE',
      situationOn: '2027-01-01',
      categories: { SOLAR_PANELS: { type: 'SUPER_REDUCED_RATE', value: 4 } },
    });
    const { sync, table } = instance();
    expect(table.get('IE', '2027-01-01')!.other_rates.map((rate) => rate.rate)).toEqual([13.5, 9, 4.8, 0]);
    const report = await sync.run({ apply: true, trigger: 'job' });
    expect(report.differences.find((change) => change.kind === 'super_reduced')).toMatchObject({
      before: [{ rate: 4.8, type: 'super_reduced', note: null }],
      after: [
        { rate: 4.8, type: 'super_reduced', note: null },
        { rate: 4, type: 'super_reduced', note: null },
      ],
    });
    expect(table.get('IE', '2027-01-01')!.other_rates.map((rate) => rate.rate)).toEqual([13.5, 9, 4.8, 4, 0]);
    clock.set('2026-11-23T06:00:00.000Z');
    expect((await sync.run({ apply: true, trigger: 'job' })).differences).toEqual([]);
    // TEDB withdraws it: set back to the hand-kept rates, not to TEDB's list without 4.8 %.
    sim.reset();
    clock.set('2026-11-24T06:00:00.000Z');
    const withdrawn = await sync.run({ apply: true, trigger: 'job' });
    expect(withdrawn.differences.find((change) => change.kind === 'super_reduced')).toMatchObject({
      after: [{ rate: 4.8, type: 'super_reduced', note: null }],
    });
    expect(table.get('IE', '2027-01-01')!.other_rates.map((rate) => rate.rate)).toEqual([13.5, 9, 4.8, 0]);
  });

  it('never asks TEDB for, nor changes, the countries outside it (GB, CH, LI, NO)', async () => {
    for (const memberState of ['GB', 'CH', 'LI', 'NO', 'DE']) {
      sim.announceTedbChange({
        memberState,
        situationOn: '2027-01-01',
        standard: 21,
        categories: { FOODSTUFFS: { type: 'REDUCED_RATE', value: 3 }, BOOKS: null },
      });
    }
    const { sync, table } = instance();
    const report = await sync.run({ apply: true, trigger: 'job' });
    expect(new Set(report.differences.map((change) => change.country_code))).toEqual(new Set(['DE']));
    const asked = sim.exchanges('tedb')[0].body;
    for (const code of ['GB', 'CH', 'LI', 'NO']) {
      expect(asked).not.toContain(`>${code}<`);
      const shipped = RatesTable.load();
      expect(table.get(code, '2027-01-01')).toEqual(shipped.get(code, '2027-01-01'));
      expect(table.categories(code, '2027-01-01')).toEqual(shipped.categories(code, '2027-01-01'));
    }
  });

  it.each([
    [
      'a reply without a member state',
      () => sim.announceTedbChange({ memberState: 'MT', situationOn: '2026-11-22', withdrawn: true }),
      'refused',
      "TEDB's reply has no rates for MT: applying it would remove the country",
    ],
    [
      'a standard rate moving by more than 10 points',
      () => sim.announceTedbChange({ memberState: 'FR', situationOn: '2027-01-01', standard: 35 }),
      'refused',
      "FR's standard rate would move from 20 to 35 on 2027-01-01, more than 10 points",
    ],
    [
      'a malformed reply',
      () => sim.setBehaviour('tedb', { mode: 'malformed' }),
      'refused',
      "TEDB's reply is not XML",
    ],
    [
      'a reply whose member state has two standard rates',
      () =>
        sim.announceTedbChange({
          memberState: 'AT',
          situationOn: '2027-01-01',
          categories: { FOODSTUFFS: { type: 'DEFAULT', value: 18 } },
        }),
      'refused',
      'AT on 2027-01-01: 2 different standard rates (20, 18)',
    ],
    ['TEDB down', () => sim.setBehaviour('tedb', { mode: 'down' }), 'failed', 'TEDB answered HTTP 503'],
    [
      'TEDB slow',
      () => sim.setBehaviour('tedb', { latencyMs: 5_000 }),
      'failed',
      'TEDB did not answer within 1000 ms',
    ],
  ] as const)('refuses %s: nothing applied, the reason recorded', async (_name, arrange, result, reason) => {
    // A good change in the same reply is not applied either.
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-01-01', standard: 21 });
    arrange();
    // A slow TEDB meets a short timeout; the others' 1.8 MB replies get the time a busy machine needs.
    const { sync, table } = instance({
      timeoutMs: result === 'failed' && reason.includes('within') ? 1_000 : 30_000,
    });
    const report = await sync.run({ apply: true, trigger: 'cli' });
    expect(report.result).toBe(result);
    expect(report.reason).toContain(reason);
    expect(report).toMatchObject({ applied: 0, events: 0, differences: [] });
    expect(await stored()).toBe(0);
    expect(table.get('DE', '2027-01-01')!.standard_rate).toBe(19);
    expect(await status()).toEqual({ last_sync_at: NOW, result, pending_differences: 0 });
    const row = await stores.rates.lastSync();
    expect(row).toMatchObject({ result, reason: report.reason, applied: 0, next_from: null });
  });

  it('applies each change once when two instances sync at once, and records one event per change and account', async () => {
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-01-01', standard: 21, rates: { '7': 8 } });
    const account = await createAccount(stores.accounts, 'Shop', 'business', clock.now());
    await addLiveEndpoint(stores, account.id, clock.now());
    const second = openDatabase(testDb.url);
    closers.push(() => second.close());
    const [a, b] = [instance(), instance({ database: second })];
    const reports = await Promise.all([
      a.sync.run({ apply: true, trigger: 'job' }),
      b.sync.run({ apply: true, trigger: 'cli' }),
    ]);

    expect(reports.map((report) => report.result)).toEqual(['ok', 'ok']);
    const changes = await stores.rates.listChanges();
    expect(
      changes.map((change) => `${change.kind}${change.category ? ` ${change.category.id}` : ''}`).sort(),
    ).toEqual(
      [
        ...new Set(
          reports.flatMap((report) =>
            report.differences.map((d) => `${d.kind}${d.category ? ` ${d.category.id}` : ''}`),
          ),
        ),
      ].sort(),
    );
    expect(reports[0].applied + reports[1].applied).toBe(changes.length);
    expect(Math.min(reports[0].applied, reports[1].applied)).toBe(0);
    const events = await testDb.database.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'rate.changed')
      .execute();
    expect(events).toHaveLength(changes.length);
    expect(new Set(events.map((event) => event.account_id))).toEqual(new Set([account.id]));
    for (const table of [a.table, b.table]) table.apply(changes);
    expect(a.table.get('DE', '2027-01-01')).toMatchObject({
      standard_rate: 21,
      other_rates: [{ rate: 8 }, { rate: 0 }],
    });
  });
});
