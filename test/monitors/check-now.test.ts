import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AsyncStack,
  freshNumbers,
  startAsyncStack,
  until,
  untilSettled,
  usageOf,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount } from '../helpers/harness.js';
import { answeredOnce, withAnswerRefused } from '../helpers/idempotency.js';

/**
 * "Check now" runs now: a check of the same monitor waiting for its retry after a registry failure
 * does not hold it back. The retries here wait a minute, far longer than any wait below, so a
 * check now that waited for them would time out.
 */
describeEachDialect('check now after a registry failure', (dialect) => {
  let stack: AsyncStack;
  let account: TestAccount;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, {
      env: { TIER_LIMITS: '{"pro":{"burst_per_minute":1000}}', ASYNC_RETRY_DELAYS_MS: '60000,60000' },
    });
    account = await stack.app.account('pro');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const monitorRow = async (id: string) => (await stack.app.stores.monitors.getById(id))!;
  const job = (id: string) =>
    stack.app.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  const lookups = (number: string) => stack.sim.statsOf('vies').callsByNumber[number] ?? 0;
  /** Waits until the check job `jobId` failed and waits for its retry, `last_error` kept. */
  const waitingForRetry = (jobId: string, monitorId: string) =>
    until(
      async () => {
        const row = await job(jobId);
        const waiting = row && row.locked_by === null && Number(row.run_at) > stack.app.clock.now();
        return waiting && (await monitorRow(monitorId)).last_error !== null;
      },
      30_000,
      `${jobId} waiting for its retry`,
    );
  const checkNow = async (id: string) => {
    const res = await stack.app.request('POST', `/v1/monitors/${id}/check`, { key: account.live });
    expect(res.status, res.text).toBe(202);
  };
  const recovered = (id: string) =>
    until(async () => (await monitorRow(id)).last_error === null, 30_000, 'the check now');

  it('replaces the wait of an earlier "check now" that failed: the new one runs at once', async () => {
    const [number] = freshNumbers('DE', 1);
    stack.sim.addCompany({
      vatNumber: number,
      name: 'Eilig GmbH',
      addressLines: ['Weg 1'],
      vatRegistered: true,
    });
    const created = await stack.app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: number, interval: 'daily' },
    });
    const { id } = created.body.data;
    await until(async () => (await monitorRow(id)).last_result !== null, 30_000, 'first check');

    stack.sim.setBehaviour('vies', { mode: 'down' });
    try {
      await checkNow(id);
      await waitingForRetry(`monitor-now:${id}`, id);
    } finally {
      stack.sim.setBehaviour('vies', { mode: 'up' });
    }
    const calls = lookups(number);
    await checkNow(id);
    await recovered(id);
    expect(lookups(number)).toBe(calls + 1);
    const monitor = await monitorRow(id);
    expect(JSON.parse(monitor.last_result!)).toMatchObject({ valid: true, company: { name: 'Eilig GmbH' } });
    // Done: no retry of the failed check is left to ask the registry again.
    await until(async () => (await job(`monitor-now:${id}`)) === undefined, 30_000, 'job done');
  });

  it('takes the place of a scheduled check waiting for its retry: the check runs at once, the retry is dropped', async () => {
    const [number] = freshNumbers('DE', 1);
    stack.sim.setBehaviour('vies', { mode: 'down' });
    let id: string;
    try {
      const created = await stack.app.request('POST', '/v1/monitors', {
        key: account.live,
        body: { vat_number: number, interval: 'weekly' },
      });
      expect(created.status, created.text).toBe(201);
      id = created.body.data.id;
      // The first check failed and waits for its retry.
      await waitingForRetry(`monitor:${id}`, id);
    } finally {
      stack.sim.setBehaviour('vies', { mode: 'up' });
    }
    await checkNow(id);
    expect(await job(`monitor:${id}`)).toBeUndefined();
    await recovered(id);
    const monitor = await monitorRow(id);
    expect(JSON.parse(monitor.last_result!)).toMatchObject({ valid: false });
    // The scheduler may queue the monitor again once due; the next check is a quarter interval away.
    expect(monitor.queued_at).toBeNull();
    expect(monitor.next_check_at).toBeGreaterThan(stack.app.clock.now() + (7 * 86_400_000) / 4 - 60_000);
    expect(lookups(number)).toBe(2);
  });

  it('leaves a first check not tried yet to run beside the check now: both were asked for', async () => {
    const [number] = freshNumbers('DE', 1);
    const created = await stack.app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: number, interval: 'daily' },
    });
    const { id } = created.body.data;
    const now = await stack.app.request('POST', `/v1/monitors/${id}/check`, { key: account.live });
    expect(now.status, now.text).toBe(202);
    const requestIds = async () =>
      (
        await stack.app.database.db
          .selectFrom('validations')
          .select('request_id')
          .where('monitor_id', '=', id)
          .execute()
      )
        .map((record) => record.request_id)
        .sort();
    await until(async () => (await requestIds()).length === 2, 30_000, 'both checks recorded');
    expect(await requestIds()).toEqual([created.body.meta.request_id, now.body.meta.request_id].sort());
  });
});

describeEachDialect('check now with an Idempotency-Key', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, { env: { TIER_LIMITS: '{"pro":{"burst_per_minute":1000}}' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('the check, its charge and its stored answer commit together: when the answer cannot be stored, nothing is charged', async () => {
    const { app } = stack;
    const account = await app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const created = await app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: number, interval: 'daily' },
    });
    expect(created.status, created.text).toBe(201);
    const { id } = created.body.data;
    const key = `check-${dialect.name}-${Date.now()}`;
    const send = () =>
      app.request('POST', `/v1/monitors/${id}/check`, {
        key: account.live,
        headers: { 'idempotency-key': key },
      });
    await withAnswerRefused(app, key, async () => {
      const refused = await send();
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(500);
      expect(await usageOf(app, account.id)).toBe(1);
      expect((await app.stores.monitors.getById(id))!.last_check_request_id).toBeNull();
    });
    await answeredOnce(send, 202);
    expect(await usageOf(app, account.id)).toBe(2);
    await untilSettled(app, account.id);
  });
});
