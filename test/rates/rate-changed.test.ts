import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { ManualClock } from '../../src/clock.js';
import { recurringJobId } from '../../src/jobs/worker.js';
import { RATES_SYNC_JOB } from '../../src/rates/sync-schedule.js';
import { configureWebhook, headersOf, PUBLIC_URL, WEBHOOK_RETRY_DELAYS } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

/**
 * The daily sync and `rate.changed` end to end: the job waits for RATES_SYNC_AT (starting never
 * calls TEDB), runs on one worker, applies an announced change, and each account's live webhook
 * receives one event per change, verified with the Standard Webhooks package; test-mode webhooks
 * and accounts without one get none, and a later sync sends nothing again. The outcome shows in
 * /v1/status and /metrics.
 */

const DAY = 86_400_000;
/**
 * The sync's time: two whole minutes ahead of the real clock, so the deliveries' signatures carry
 * times a receiver accepts (Standard Webhooks refuses those five minutes off its own clock).
 */
const SLOT = (Math.floor(Date.now() / 60_000) + 2) * 60_000;
const SYNC_AT = new Date(SLOT).toISOString().slice(11, 16);
/** A day well after the slot, whatever the real date. */
const CHANGE_DAY = new Date(SLOT + 60 * DAY).toISOString().slice(0, 10);

describeEachDialect('the daily rates sync and rate.changed', (dialect) => {
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let app: TestApp;
  const clock = new ManualClock(SLOT - 60_000);
  const secrets: Record<string, string> = {};
  let changes = 0;

  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
    app = await startTestApp(dialect, {
      clock,
      worker: true,
      env: {
        ...sim.env(),
        RATES_SYNC: 'apply',
        RATES_SYNC_AT: SYNC_AT,
        RATES_TEDB_RETRY_DELAYS_MS: '',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        WEBHOOK_RETRY_DELAYS_MS: WEBHOOK_RETRY_DELAYS.join(','),
        WORKER_POLL_MS: '20',
        PUBLIC_URL,
      },
    });
    const shop = await app.account('business');
    const other = await app.account('pro');
    await app.account('business'); // no webhook: no event
    secrets.shop = (await configureWebhook(app, shop.live, `${receiver.url}/shop`)).signing_secret;
    secrets.other = (await configureWebhook(app, other.live, `${receiver.url}/other`)).signing_secret;
    await configureWebhook(app, shop.test, `${receiver.url}/shop-test`);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await sim?.close();
  });

  const syncJob = () =>
    app.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', recurringJobId(RATES_SYNC_JOB))
      .executeTakeFirst();

  it('schedules the sync for RATES_SYNC_AT, without calling TEDB at start', async () => {
    const job = await until(syncJob, 30_000, 'the daily sync job');
    expect(Number(job.run_at)).toBe(SLOT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sim.statsOf('tedb').calls).toBe(0);
    const status = await app.request('GET', '/v1/status');
    expect(status.body.data.rates).toEqual({ last_sync_at: null, result: null, pending_differences: 0 });
    // Before the first sync /metrics has no last sync: not a 0 that reads as "ok, in 1970".
    const metrics = await app.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^rates_pending_differences 0$/m);
    expect(metrics.text).not.toMatch(/^rates_last_sync_(result|timestamp_seconds) /m);
  });

  it("runs at RATES_SYNC_AT, applies TEDB's change and sends one rate.changed per change to each live webhook", async () => {
    sim.announceTedbChange({
      memberState: 'DE',
      situationOn: CHANGE_DAY,
      standard: 21,
      categories: { FOODSTUFFS: { type: 'REDUCED_RATE', value: 5 } },
    });
    clock.set(SLOT);
    await until(
      async () => Number((await syncJob())?.run_at) === SLOT + DAY,
      30_000,
      'the next day scheduled',
    );
    expect(sim.statsOf('tedb').calls).toBe(1);
    const applied = await app.services.stores.rates.listChanges();
    changes = applied.length;
    expect(applied.map((change) => change.kind)).toEqual(['standard', 'reduced', 'category']);

    const received = await receiver.waitFor((requests) => requests.length >= changes * 2, 20_000);
    const byPath = (path: string) =>
      received.filter((request) => request.path === new URL(`${receiver.url}${path}`).pathname);
    expect(byPath('/shop')).toHaveLength(changes);
    expect(byPath('/other')).toHaveLength(changes);
    expect(byPath('/shop-test')).toEqual([]);
    for (const [path, secret] of [
      ['/shop', secrets.shop],
      ['/other', secrets.other],
    ]) {
      const events = byPath(path).map(
        (request) =>
          new Webhook(secret).verify(request.body, headersOf(request)) as {
            id: string;
            type: string;
            data: Record<string, unknown>;
          },
      );
      expect(new Set(events.map((event) => event.id)).size).toBe(changes);
      expect(events.every((event) => event.type === 'rate.changed')).toBe(true);
      const standard = events.find((event) => event.data.kind === 'standard')!;
      expect(standard.data).toEqual({
        country_code: 'DE',
        effective_from: CHANGE_DAY,
        kind: 'standard',
        category: null,
        before: [{ rate: 19, type: 'standard', note: null }],
        after: [{ rate: 21, type: 'standard', note: null }],
        source: {
          kind: 'tedb',
          retrieved_at: expect.any(String),
          reply_sha256: applied[0].source.reply_sha256,
        },
      });
      expect(events.find((event) => event.data.kind === 'category')!.data).toMatchObject({
        category: { id: 'foodstuffs' },
        after: [{ rate: 5, type: 'reduced', note: null }],
      });
    }

    const rates = await app.request('GET', `/v1/rates/DE?date=${CHANGE_DAY}`, {
      key: (await app.account('free')).test,
    });
    expect(rates.body.data).toMatchObject({ standard_rate: 21, source: { kind: 'tedb' } });
  });

  it('shows the last sync in /v1/status and as gauges in /metrics', async () => {
    const status = await app.request('GET', '/v1/status');
    expect(status.status, status.text).toBe(200);
    expect(status.body.data.rates).toEqual({
      last_sync_at: new Date(SLOT).toISOString(),
      result: 'ok',
      pending_differences: 0,
    });
    const metrics = await app.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^rates_last_sync_result 0$/m);
    expect(metrics.text).toMatch(/^rates_pending_differences 0$/m);
    expect(metrics.text).toContain(`rates_last_sync_timestamp_seconds ${SLOT / 1000}`);
  });

  it('sends nothing again when a later sync finds the change applied', async () => {
    const report = await app.services.ratesSync.run({ apply: true, trigger: 'cli' });
    expect(report).toMatchObject({ result: 'ok', differences: [], applied: 0, events: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests).toHaveLength(changes * 2);
  });
});
