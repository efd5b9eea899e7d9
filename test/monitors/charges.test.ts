import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AsyncStack,
  freshNumbers,
  setUsage,
  startAsyncStack,
  until,
  usageOf,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount, TestResponse } from '../helpers/harness.js';
import { expectError, quotaOf } from '../http/support.js';

/**
 * Monitors are no free validation service: a new monitor's first check and every "check now" are
 * charged as one validation each, under the monthly quota, refused with 429 as a validation is
 * (nothing created, nothing queued, no registry asked), exactly under concurrency; scheduled
 * checks stay free, deleting refunds nothing, test keys are never charged.
 */

const MONTHLY = 40;

describeEachDialect('monitor charges', (dialect) => {
  let stack: AsyncStack;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, {
      env: {
        TIER_LIMITS: JSON.stringify({ pro: { monthly: MONTHLY, burst_per_minute: 10_000 } }),
        // Due monitors are queued within a second, so a scheduled check follows quickly.
        MONITOR_SCHEDULE_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const post = (key: string, path: string, body?: unknown) => stack.app.request('POST', path, { key, body });
  const create = (key: string, vatNumber: string) =>
    post(key, '/v1/monitors', { vat_number: vatNumber, interval: 'daily' });
  const monitorRow = (id: string) => stack.app.stores.monitors.getById(id);
  const checked = (id: string) =>
    until(async () => (await monitorRow(id))?.last_result ?? undefined, 30_000, `check of ${id}`);
  const recordsOf = (id: string) =>
    stack.app.database.db.selectFrom('validations').select('id').where('monitor_id', '=', id).execute();
  const monitorCount = async (accountId: string) =>
    stack.app.stores.monitors.count({ accountId, mode: 'live' });
  const checkJobs = (id: string) =>
    stack.app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', [`monitor:${id}`, `monitor-now:${id}`])
      .execute();
  /** The simulator's own counters, read over its control API. */
  const lookups = async (vatNumbers: readonly string[]) => {
    const stats = (await (await fetch(`${stack.sim.baseUrl}/_sim/stats`)).json()) as {
      vies: { callsByNumber: Record<string, number> };
    };
    return vatNumbers.reduce((sum, number) => sum + (stats.vies.callsByNumber[number] ?? 0), 0);
  };
  /** The 429 a validation gets at the same moment, to compare the monitor refusals with. */
  const validationRefusal = (account: TestAccount) =>
    stack.app.request('GET', '/v1/validate?vat_number=LI12345', { key: account.live });
  const expectSameRefusal = (refused: TestResponse, reference: TestResponse) => {
    expectError(refused, 429, 'rate_limit_exceeded');
    expectError(reference, 429, 'rate_limit_exceeded');
    expect(quotaOf(refused)).toEqual(quotaOf(reference));
    expect(quotaOf(refused).remaining).toBe(0);
    const seconds = (res: TestResponse) => Number(res.headers.get('retry-after'));
    expect(Math.abs(seconds(refused) - seconds(reference))).toBeLessThanOrEqual(1);
    expect(refused.body.error.message).toBe(reference.body.error.message);
  };

  it('charges a new monitor one validation, shown in the usage figures; the same number again charges nothing', async () => {
    const account = await stack.app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const created = await create(account.live, number);
    expect(created.status, created.text).toBe(201);
    expect(quotaOf(created)).toMatchObject({ limit: MONTHLY, remaining: MONTHLY - 1 });
    const again = await create(account.live, number);
    expect(again.status).toBe(200);
    expect(quotaOf(again).remaining).toBe(MONTHLY - 1);
    expect(await usageOf(stack.app, account.id)).toBe(1);

    // The first check is a validation record like any other, of the request that paid for it.
    const { validation_id } = await checked(created.body.data.id).then((result) => JSON.parse(result));
    const record = await stack.app.request('GET', `/v1/validations/${validation_id}`, { key: account.live });
    expect(record.body.data).toMatchObject({
      channel: 'monitor',
      monitor_id: created.body.data.id,
      request_id: created.body.meta.request_id,
      vat_number: number,
    });
    const usage = (await stack.app.request('GET', '/v1/usage', { key: account.live })).body.data;
    expect(usage).toMatchObject({ used: 1, remaining: MONTHLY - 1, by_source: { vies: 1 } });
  });

  it('charges each "check now", not scheduled checks, and refunds nothing on delete', async () => {
    const account = await stack.app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const { id } = (await create(account.live, number)).body.data;
    const first = JSON.parse(await checked(id));

    const now = await post(account.live, `/v1/monitors/${id}/check`);
    expect(now.status, now.text).toBe(202);
    expect(quotaOf(now).remaining).toBe(MONTHLY - 2);
    await until(
      async () => JSON.parse((await monitorRow(id))!.last_result!).validation_id !== first.validation_id,
      30_000,
      'check now',
    );
    const afterCheck = JSON.parse((await monitorRow(id))!.last_result!);
    const record = await stack.app.request('GET', `/v1/validations/${afterCheck.validation_id}`, {
      key: account.live,
    });
    expect(record.body.data.request_id).toBe(now.body.meta.request_id);
    expect(await usageOf(stack.app, account.id)).toBe(2);

    // Due again: the scheduler queues it, it is checked and recorded, and nothing is charged.
    const before = (await monitorRow(id))!.last_checked_at!;
    await stack.app.stores.monitors.update(id, { next_check_at: stack.app.clock.now() - 1 });
    await until(async () => ((await monitorRow(id))!.last_checked_at ?? 0) > before, 30_000, 'scheduled');
    const scheduled = JSON.parse((await monitorRow(id))!.last_result!);
    const scheduledRecord = await stack.app.request('GET', `/v1/validations/${scheduled.validation_id}`, {
      key: account.live,
    });
    expect(scheduledRecord.body.data).toMatchObject({ channel: 'monitor', request_id: id });
    expect(await usageOf(stack.app, account.id)).toBe(2);

    expect((await stack.app.request('DELETE', `/v1/monitors/${id}`, { key: account.live })).status).toBe(200);
    expect(await usageOf(stack.app, account.id)).toBe(2);
    // Monitoring it again is a new monitor: charged again.
    expect((await create(account.live, number)).status).toBe(201);
    expect(await usageOf(stack.app, account.id)).toBe(3);
  });

  it('moved to a tier without monitors: scheduled checks stop, pausing and removing still work', async () => {
    const account = await stack.app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const { id } = (await create(account.live, number)).body.data;
    await checked(id);
    const recordsBefore = (await recordsOf(id)).length;
    expect(await stack.app.stores.accounts.setTier(account.id, 'free')).toBe(true);
    stack.app.services.authenticator.forget();

    // Due: the scheduler takes it, and it is put back to its next time without a check.
    const due = stack.app.clock.now() - 1;
    await stack.app.stores.monitors.update(id, { next_check_at: due });
    await until(
      async () => {
        const row = (await monitorRow(id))!;
        return row.queued_at === null && row.next_check_at > due;
      },
      30_000,
      'passed over',
    );
    expect((await recordsOf(id)).length).toBe(recordsBefore);
    expect(await usageOf(stack.app, account.id)).toBe(1);

    // Resuming or a new interval needs the tier; pausing and removing do not.
    const patch = (body: unknown) =>
      stack.app.request('PATCH', `/v1/monitors/${id}`, { key: account.live, body });
    expect((await patch({ status: 'active' })).status).toBe(403);
    expect((await patch({ interval: 'weekly' })).status).toBe(403);
    const paused = await patch({ status: 'paused', reference: 'old customer' });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', reference: 'old customer' });
    const removed = await stack.app.request('DELETE', `/v1/monitors/${id}`, { key: account.live });
    expect(removed.status, removed.text).toBe(200);
    expect(await monitorRow(id)).toBeUndefined();
  });

  it('charges a batch per new monitor, all or nothing', async () => {
    const account = await stack.app.account('pro');
    const numbers = freshNumbers('DE', 6);
    expect((await create(account.live, numbers[0])).status).toBe(201);
    const batch = await post(account.live, '/v1/monitors/batch', {
      vat_numbers: [numbers[0], numbers[1], numbers[1], 'DE12345', numbers[2]],
      interval: 'weekly',
    });
    expect(batch.status, batch.text).toBe(200);
    // Two new monitors: the existing one, the duplicate and the malformed number count nothing.
    expect(quotaOf(batch).remaining).toBe(MONTHLY - 3);
    expect(await usageOf(stack.app, account.id)).toBe(3);

    // Three new numbers with two validations left: refused whole, nothing created or looked up.
    await setUsage(stack.app, account.id, MONTHLY - 2);
    const refused = await post(account.live, '/v1/monitors/batch', {
      vat_numbers: numbers.slice(2),
      interval: 'weekly',
    });
    expectError(refused, 429, 'rate_limit_exceeded');
    expect(refused.body.error.message).toBe('This batch needs 3 validations but only 2 remain this month.');
    expect(quotaOf(refused).remaining).toBe(2);
    expect(await monitorCount(account.id)).toBe(3);
    expect(await usageOf(stack.app, account.id)).toBe(MONTHLY - 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lookups(numbers.slice(3))).toBe(0);
  });

  it('refuses a monitor, a batch and "check now" with the quota used up as a validation is refused: nothing created, queued or looked up', async () => {
    const account = await stack.app.account('pro');
    const numbers = freshNumbers('DE', 4);
    const { id } = (await create(account.live, numbers[0])).body.data;
    await checked(id);
    await setUsage(stack.app, account.id, MONTHLY);
    const reference = await validationRefusal(account);

    expectSameRefusal(await create(account.live, numbers[1]), reference);
    expectSameRefusal(
      await post(account.live, '/v1/monitors/batch', { vat_numbers: numbers.slice(2), interval: 'daily' }),
      reference,
    );
    const lookedUpBefore = await lookups([numbers[0]]);
    expectSameRefusal(await post(account.live, `/v1/monitors/${id}/check`), reference);

    expect(await monitorCount(account.id)).toBe(1);
    expect(await checkJobs(id)).toEqual([]);
    const list = await stack.app.request('GET', '/v1/monitors', { key: account.live });
    expect(list.body.data.map((monitor: { id: string }) => monitor.id)).toEqual([id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lookups(numbers.slice(1))).toBe(0);
    expect(await lookups([numbers[0]])).toBe(lookedUpBefore);
    expect(await usageOf(stack.app, account.id)).toBe(MONTHLY);
    // Reading monitors stays free.
    expect((await stack.app.request('GET', `/v1/monitors/${id}`, { key: account.live })).status).toBe(200);
  });

  it('never charges test keys, whatever the live quota', async () => {
    const account = await stack.app.account('pro');
    await setUsage(stack.app, account.id, MONTHLY);
    const created = await create(account.test, 'DE123456704');
    expect(created.status, created.text).toBe(201);
    const batch = await post(account.test, '/v1/monitors/batch', {
      vat_numbers: ['FR10123456717'],
      interval: 'daily',
    });
    expect(batch.status, batch.text).toBe(200);
    expect((await post(account.test, `/v1/monitors/${created.body.data.id}/check`)).status).toBe(202);
    expect(await usageOf(stack.app, account.id)).toBe(MONTHLY);
  });

  it('is exact under concurrency: N creations or checks racing for M validations get exactly M', async () => {
    const account = await stack.app.account('pro');
    const numbers = freshNumbers('DE', 12);
    await setUsage(stack.app, account.id, MONTHLY - 4);
    const creations = await Promise.all(numbers.map((number) => create(account.live, number)));
    const statuses = creations.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(4).fill(201), ...Array(8).fill(429)]);
    expect(await monitorCount(account.id)).toBe(4);
    expect(await usageOf(stack.app, account.id)).toBe(MONTHLY);

    const id = creations.find((res) => res.status === 201)!.body.data.id as string;
    await setUsage(stack.app, account.id, MONTHLY - 3);
    const checks = await Promise.all(
      Array.from({ length: 10 }, () => post(account.live, `/v1/monitors/${id}/check`)),
    );
    expect(checks.map((res) => res.status).sort()).toEqual([...Array(3).fill(202), ...Array(7).fill(429)]);
    expect(await usageOf(stack.app, account.id)).toBe(MONTHLY);
  });
});
