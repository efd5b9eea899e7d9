import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/accounts/keys.js';
import { loadConfig } from '../../src/config.js';
import { sealLedger } from '../../src/ledger/sealer.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { openConfiguredDatabase } from '../../src/main.js';
import type { Database } from '../../src/store/database.js';
import { LedgerStore } from '../../src/store/ledger.js';
import { upload } from '../bulk/support.js';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';
import type { TcpProxy } from '../helpers/tcp-proxy.js';
import {
  expectDatabaseUnavailable,
  HOOK_URL,
  isChargeStatement,
  label,
  OPERATIONS,
  OUTAGE_ENV,
  OutcomeLog,
  type ProxiedApp,
  startLoad,
  startProxiedApp,
  watchReadiness,
} from './outage-load.js';
import { checksumFailures, storedUsage } from './support.js';

/**
 * A transaction's COMMIT, as the driver sends it: a simple query message (`Q`, its length, the
 * text). Matched whole, so a statement whose parameters contain the word is not taken for it.
 */
const COMMIT_MESSAGE = Buffer.from('Q\0\0\0\x0bcommit\0', 'latin1');
const isCommit = (chunk: Buffer) => chunk.includes(COMMIT_MESSAGE);

/**
 * The service's own database failing (`service_unavailable`): every route that
 * needs it answers 503 with Retry-After in the envelope, never 500 `internal_error`; routes that
 * need no database keep answering; GET /ready says 503 while it lasts; the service recovers by
 * itself; and a 503 charges nothing, so the stored usage is exactly what the 200s were charged.
 */

const suite = POSTGRES_URL ? describe : describe.skip;

suite(`PostgreSQL unreachable under load (a TCP proxy cut for 2 s)${POSTGRES_URL ? '' : ' [TEST_POSTGRES_URL not set]'}`, () => {
  let stack: ProxiedApp;
  let proxy: TcpProxy;
  let app: TestApp;
  let charges: ProxiedApp['charges'];

  beforeAll(async () => {
    stack = await startProxiedApp();
    ({ proxy, app, charges } = stack);
  });
  afterAll(() => stack?.close());

  /** A Business account whose live key has a webhook, which async work asks for. */
  const businessWithWebhook = async () => {
    const account = await app.account('business');
    const hook = await app.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: HOOK_URL },
    });
    expect(hook.status, hook.text).toBe(200);
    return account;
  };

  it('gives back a charge whose statement committed but whose reply was lost, once the database answers', async () => {
    const account = await app.account('business');
    const [number, next] = checksumFailures(2, 200_000_000);
    const broken = proxy.breakOn(isChargeStatement, 'reply');
    const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
    await broken;
    expectDatabaseUnavailable(res);
    // The server committed: a unit taken and a record written for an answer nobody received.
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
    expect(app.services.unsettled.size).toBe(1);

    // While the database is away the charge stays pending...
    proxy.cut();
    try {
      await app.services.unsettled.settle();
      expect(app.services.unsettled.size).toBe(1);
    } finally {
      proxy.restore();
    }
    // ...and once it answers, the record goes and the unit comes back.
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: 0, records: 0 });

    const served = await app.request('GET', `/v1/validate?vat_number=${next}`, { key: account.live });
    expect(served.status, served.text).toBe(200);
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
  });

  it('keeps a charge whose records another process sealed before the database answered again', async () => {
    const account = await app.account('business');
    const [number] = checksumFailures(1, 207_000_000);
    const broken = proxy.breakOn(isChargeStatement, 'reply');
    const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
    await broken;
    expectDatabaseUnavailable(res);
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });

    // While this process cannot reach the database, a worker elsewhere seals the ledger.
    proxy.cut();
    try {
      await app.services.unsettled.settle();
      const ledger = new LedgerStore(stack.owner.database);
      const later = { now: () => app.clock.now() + 10 * 60_000 };
      expect(await sealLedger({ ledger, clock: later, intervalMs: 60_000 })).not.toBeNull();
    } finally {
      proxy.restore();
    }
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    // A sealed record cannot go without breaking the chain: the charge stands, records and units
    // in agreement, and the answer is in the account's records.
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
    expect((await verifyLedger(new LedgerStore(stack.owner.database))).breaks).toEqual([]);
  });

  it('gives back the decision written with such a charge too', async () => {
    const account = await app.account('business');
    const [number] = checksumFailures(1, 205_000_000);
    const broken = proxy.breakOn(isChargeStatement, 'reply');
    const res = await app.request('POST', '/v1/decisions', {
      key: account.live,
      body: {
        seller: { country_code: 'FR' },
        buyer: { country_code: number.slice(0, 2), vat_number: number, is_business: true },
        supply: { kind: 'services' },
      },
    });
    await broken;
    expectDatabaseUnavailable(res);
    const decisions = () =>
      stack.owner.database.db
        .selectFrom('decisions')
        .select('validation_id')
        .where('account_id', '=', account.id)
        .execute();
    // The server committed the decision with the charge and the record it rests on...
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
    expect(await decisions()).toHaveLength(1);
    // ...and all three go once the database answers.
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: 0, records: 0 });
    expect(await decisions()).toEqual([]);
  });

  it('accepts async work, a bulk file and monitors whose COMMIT reply was lost, once found committed', async () => {
    const account = await businessWithWebhook();
    const numbers = checksumFailures(6, 215_000_000);
    const db = stack.owner.database.db;

    // An async batch: the server committed its units, items and jobs; the caller gets its 202.
    let broken = proxy.breakOn(isCommit, 'reply');
    const batch = {
      key: account.live,
      body: { vat_numbers: numbers.slice(0, 2) },
      headers: { 'idempotency-key': 'async-lost-reply' },
    };
    const accepted = await app.request('POST', '/v1/validate/async/batch', batch);
    await broken;
    expect(accepted.status, accepted.text).toBe(202);
    const items = await db
      .selectFrom('async_items')
      .select('id')
      .where('batch_id', '=', accepted.body.data.batch_id)
      .execute();
    expect(items).toHaveLength(2);
    expect((await charges(account.id)).used).toBe(2);
    // Its retry is the first answer again: charged once.
    const retry = await app.request('POST', '/v1/validate/async/batch', batch);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.batch_id).toBe(accepted.body.data.batch_id);
    expect((await charges(account.id)).used).toBe(2);

    // A bulk file.
    broken = proxy.breakOn(isCommit, 'reply');
    const file = await upload(app, account.live, `vat_number\n${numbers[2]}\n${numbers[3]}\n`);
    await broken;
    expect(file.status, file.text).toBe(202);
    const bulk = await db
      .selectFrom('bulk_files')
      .select('status')
      .where('id', '=', file.body.data.bulk_id)
      .execute();
    expect(bulk).toEqual([{ status: 'pending' }]);
    expect((await charges(account.id)).used).toBe(4);

    // A monitor, its first check charged and queued.
    broken = proxy.breakOn(isCommit, 'reply');
    const monitor = await app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: numbers[4], interval: 'daily' },
    });
    await broken;
    expect(monitor.status, monitor.text).toBe(201);
    expect((await charges(account.id)).used).toBe(5);
    const again = await app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: numbers[4], interval: 'daily' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.id).toBe(monitor.body.data.id);
    expect((await charges(account.id)).used).toBe(5);
  });

  /** A monitor of a new Business account, its first check charged: one unit used. */
  const monitored = async (start: number) => {
    const account = await app.account('business');
    const [number] = checksumFailures(1, start);
    const created = await app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: number, interval: 'daily' },
    });
    expect(created.status, created.text).toBe(201);
    expect((await charges(account.id)).used).toBe(1);
    return { account, id: created.body.data.id as string };
  };
  const checkJob = (db: ProxiedApp['owner']['database']['db'], monitorId: string) =>
    db.selectFrom('jobs').selectAll().where('id', '=', `monitor-now:${monitorId}`);

  it('answers a "check now" whose COMMIT reply was lost as accepted, once found committed, even with its job gone', async () => {
    const { account, id } = await monitored(220_000_000);
    const db = stack.owner.database.db;
    const check = { key: account.live, headers: { 'idempotency-key': 'check-lost-reply' } };
    const broken = proxy.breakOn(isCommit, 'reply');
    const pending = app.request('POST', `/v1/monitors/${id}/check`, check);
    await broken;
    // The server committed the check's job; it may run and be deleted before the service looks (a
    // second after the break), which must not make the charged check a 503: here it is deleted as
    // soon as it is seen.
    let job: { payload: string } | undefined;
    await until(
      async () => {
        job = await checkJob(db, id).executeTakeFirst();
        return job !== undefined;
      },
      10_000,
      'the check job committed',
    );
    await db.deleteFrom('jobs').where('id', '=', `monitor-now:${id}`).execute();
    const accepted = await pending;
    expect(accepted.status, accepted.text).toBe(202);
    expect(JSON.parse(job!.payload)).toMatchObject({
      monitorId: id,
      fresh: true,
      requestId: accepted.body.meta.request_id,
    });
    // The answer a 202 gives: the monitor as the check left it, the quota after its unit.
    const shown = await app.request('GET', `/v1/monitors/${id}`, { key: account.live });
    expect(accepted.body.data).toEqual(shown.body.data);
    const limit = Number(accepted.headers.get('x-ratelimit-limit'));
    expect(accepted.headers.get('x-ratelimit-remaining')).toBe(String(limit - 2));
    expect((await charges(account.id)).used).toBe(2);
    // Its retry is the first answer again: charged once.
    const retry = await app.request('POST', `/v1/monitors/${id}/check`, check);
    expect(retry.status, retry.text).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(accepted.body);
    expect((await charges(account.id)).used).toBe(2);
  });

  it('answers 503 and charges nothing for a "check now" whose COMMIT never reached the database', async () => {
    const { account, id } = await monitored(222_000_000);
    const db = stack.owner.database.db;
    const check = { key: account.live, headers: { 'idempotency-key': 'check-never-sent' } };
    const broken = proxy.breakOn(isCommit, 'request');
    const res = await app.request('POST', `/v1/monitors/${id}/check`, check);
    await broken;
    expectDatabaseUnavailable(res);
    expect((await charges(account.id)).used).toBe(1);
    expect(await checkJob(db, id).execute()).toEqual([]);
    // Its retry is carried out and charged, once.
    const retry = await app.request('POST', `/v1/monitors/${id}/check`, check);
    expect(retry.status, retry.text).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await charges(account.id)).used).toBe(2);
    expect(await checkJob(db, id).execute()).toHaveLength(1);
  });

  it('answers 503 and charges nothing for async work whose COMMIT never reached the database', async () => {
    const account = await businessWithWebhook();
    const [number] = checksumFailures(1, 218_000_000);
    const broken = proxy.breakOn(isCommit, 'request');
    const res = await app.request('POST', '/v1/validate/async', {
      key: account.live,
      body: { vat_number: number },
    });
    await broken;
    expectDatabaseUnavailable(res);
    expect((await charges(account.id)).used).toBe(0);
    const items = await stack.owner.database.db
      .selectFrom('async_items')
      .select('id')
      .where('account_id', '=', account.id)
      .execute();
    expect(items).toEqual([]);
  });

  it('charges nothing when the charging statement never reached the database', async () => {
    const account = await app.account('business');
    const [number] = checksumFailures(1, 210_000_000);
    const broken = proxy.breakOn(isChargeStatement, 'request');
    const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
    await broken;
    expectDatabaseUnavailable(res);
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: 0, records: 0 });
  });

  it('answers 503 service_unavailable with Retry-After while cut, never 500, and recovers by itself', async () => {
    const account = await app.account('business');
    // Keys whose first use is during the cut: authentication itself then needs the database.
    const coldKeys: string[] = [];
    for (let i = 0; i < 40; i += 1)
      coldKeys.push((await createKey(app.stores.accounts, account.id, 'test', app.clock.now())).key);
    const hook = await app.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: HOOK_URL },
    });
    expect(hook.status, hook.text).toBe(200);

    // Both keys known before the cut: a key first seen during it needs the database (the cold lane).
    for (const key of [account.live, account.test])
      expect((await app.request('GET', '/v1/rates/DE', { key })).status).toBe(200);
    const log = new OutcomeLog();
    const load = startLoad(log, app, account);
    const readiness = watchReadiness(app);
    // One client with keys the service has not seen yet: it moves to the next key once one works.
    let stopped = false;
    const coldLane = (async () => {
      let next = 0;
      while (!stopped && next < coldKeys.length) {
        const outcome = await log.run(
          'GET /v1/rates/DE (key not yet known)',
          true,
          () => app.request('GET', '/v1/rates/DE', { key: coldKeys[next] }),
          () => 0,
        );
        if (outcome.res?.status === 200) next += 1;
        await sleep(40);
      }
    })();

    await sleep(600);
    const cutAt = Date.now();
    proxy.cut();
    await sleep(2_000);
    const restoredAt = Date.now();
    proxy.restore();
    const readyAgainAt = await readiness.readyAgain(restoredAt, 5_000);
    // Load on until every kind of request, a key not seen before included, was sent after it.
    await until(
      () => {
        const sent = new Set(log.outcomes.filter((o) => o.startedAt >= readyAgainAt).map((o) => o.name));
        return OPERATIONS.every((operation) => sent.has(operation.name)) && sent.size > OPERATIONS.length;
      },
      30_000,
      'every kind of request sent after recovery',
    );
    stopped = true;
    await Promise.all([load.stop(), coldLane, readiness.stop()]);
    const { outcomes } = log;

    // Every request got an answer: a 200, or a 503 service_unavailable in the envelope. Never a 500.
    log.expectAllAnswered();

    const before = outcomes.filter((outcome) => outcome.endedAt < cutAt);
    const during = outcomes.filter((outcome) => outcome.startedAt >= cutAt && outcome.endedAt < restoredAt);
    const after = outcomes.filter((outcome) => outcome.startedAt >= readyAgainAt);
    expect(before.filter((outcome) => outcome.res!.status !== 200).map(label)).toEqual([]);
    // While cut: whatever needs the database is refused, the rest is served as usual.
    for (const operation of OPERATIONS) {
      const answers = during.filter((outcome) => outcome.name === operation.name).map((o) => o.res!.status);
      expect(answers.length, operation.name).toBeGreaterThan(0);
      expect(new Set(answers), operation.name).toEqual(new Set([operation.needsDatabase ? 503 : 200]));
    }
    const coldDuring = during.filter((outcome) => outcome.name.includes('not yet known'));
    expect(coldDuring.length).toBeGreaterThan(0);
    expect(coldDuring.every((outcome) => outcome.res!.status === 503)).toBe(true);
    // Answers come promptly: a refused connection fails fast, nothing waits for a timeout.
    expect(Math.max(...outcomes.map((outcome) => outcome.endedAt - outcome.startedAt))).toBeLessThan(2_000);

    // Recovered without a restart: every request after /ready turned 200 succeeded, a key never
    // seen before included.
    expect(after.filter((outcome) => outcome.res!.status !== 200).map(label)).toEqual([]);
    for (const operation of OPERATIONS)
      expect(
        after.some((outcome) => outcome.name === operation.name),
        operation.name,
      ).toBe(true);
    expect(after.some((outcome) => outcome.name.includes('not yet known'))).toBe(true);

    // /ready: 503 throughout the cut, 200 once the database is back and from then on.
    const readyDuring = readiness.probes.filter(
      (probe) => probe.startedAt >= cutAt && probe.endedAt < restoredAt,
    );
    expect(readyDuring.length).toBeGreaterThan(0);
    expect(new Set(readyDuring.map((probe) => probe.status))).toEqual(new Set([503]));
    expect(
      readiness.probes.filter((probe) => probe.endedAt < cutAt).every((probe) => probe.status === 200),
    ).toBe(true);
    expect(
      readiness.probes
        .filter((probe) => probe.startedAt >= readyAgainAt)
        .every((probe) => probe.status === 200),
    ).toBe(true);

    // Exact quota: what is stored is what the 200s were charged, and each unit has its record. A
    // charge whose COMMIT reply was lost in the cut is given back once the database answers.
    const charged = log.charged;
    expect(charged).toBeGreaterThan(0);
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: charged, records: charged });
  });
});

/**
 * On SQLite the failure that reaches requests is the write lock: moving, deleting or overwriting
 * the file under a running service raises no error at all (the open connection keeps its file
 * descriptors), but another writer holding the lock past the busy timeout (the statement timeout,
 * DATABASE_STATEMENT_TIMEOUT_MS, here 1 s) fails a write with SQLITE_BUSY. better-sqlite3 waits
 * synchronously, so this test spends that second once.
 */
describe('SQLite write lock held by another connection past the statement timeout', () => {
  const BUSY_TIMEOUT_MS = 1_000;
  let created: TestDatabase;
  let database: Database;
  let app: TestApp;

  beforeAll(async () => {
    created = await createTestDatabase({ name: 'sqlite' });
    const env = { ...OUTAGE_ENV, DATABASE_STATEMENT_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) };
    database = openConfiguredDatabase(loadConfig({ ...env, DATABASE_URL: created.url }));
    app = await startTestApp({ name: 'sqlite' }, { env, database: { database, url: created.url } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await created?.drop();
  });

  it('answers a write 503 service_unavailable (nothing charged), keeps serving reads, and recovers', async () => {
    const account = await app.account('business');
    const [first, second, third] = checksumFailures(3, 300_000_000);
    expect((await app.request('GET', `/v1/validate?vat_number=${first}`, { key: account.live })).status).toBe(
      200,
    );
    expect(
      (await app.request('PUT', '/v1/webhooks/config', { key: account.live, body: { url: HOOK_URL } }))
        .status,
    ).toBe(200);

    // Another connection to the file takes the write lock and keeps it, as a CLI run or a backup
    // tool in another process would.
    const other = new SQLite(created.url.slice('sqlite:'.length));
    other.exec('begin immediate');
    try {
      const started = Date.now();
      const refused = await app.request('GET', `/v1/validate?vat_number=${second}`, { key: account.live });
      expectDatabaseUnavailable(refused);
      // It waited for the lock as long as the setting says, not the 5 s default.
      expect(Date.now() - started).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(4_000);
      // Reads do not need the write lock (WAL): they are answered as usual.
      expect((await app.request('GET', '/v1/webhooks/config', { key: account.live })).status).toBe(200);
      expect((await app.request('GET', '/v1/rates/DE', { key: account.test })).status).toBe(200);
      expect((await app.request('GET', '/ready')).status).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }

    const again = await app.request('GET', `/v1/validate?vat_number=${third}`, { key: account.live });
    expect(again.status, again.text).toBe(200);
    expect(await storedUsage(app, account.id)).toBe(2);
  });
});
