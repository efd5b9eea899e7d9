import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AsyncStack,
  configureWebhook,
  freshNumbers,
  matching,
  startAsyncStack,
  until,
  usageOf,
  waitForEvent,
} from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount } from '../helpers/harness.js';

/**
 * Monitor checks against the simulator (wave-2 D3): records with channel `monitor`, exactly one
 * `monitor.changed` per change, none for an outage (kept in last_error), test keys answered from
 * test mode and never charged.
 */
describeEachDialect('monitor checks', (dialect) => {
  let stack: AsyncStack;
  let account: TestAccount;
  beforeAll(async () => {
    stack = await startAsyncStack(dialect, {
      env: { TIER_LIMITS: '{"pro":{"burst_per_minute":1000}}', ASYNC_RETRY_DELAYS_MS: '10,20' },
    });
    account = await stack.app.account('pro');
    await configureWebhook(stack.app, account.live, stack.receiver.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const monitorRow = (id: string) => stack.app.stores.monitors.getById(id);
  const create = async (key: string, vatNumber: string) => {
    const res = await stack.app.request('POST', '/v1/monitors', {
      key,
      body: { vat_number: vatNumber, interval: 'daily', reference: 'cust-9' },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as string;
  };
  /** Runs "check now" and waits until the monitor was checked after it. */
  const checkNow = async (id: string) => {
    const before = (await monitorRow(id))!.last_checked_at ?? 0;
    const res = await stack.app.request('POST', `/v1/monitors/${id}/check`, { key: account.live });
    expect(res.status).toBe(202);
    await until(async () => ((await monitorRow(id))!.last_checked_at ?? 0) > before, 30_000, 'checked');
    return (await monitorRow(id))!;
  };
  const recordsOf = (id: string) =>
    stack.app.database.db.selectFrom('validations').selectAll().where('monitor_id', '=', id).execute();

  it('checks at once, then sends exactly one monitor.changed when the registered name changes', async () => {
    const [number] = freshNumbers('DE', 1);
    stack.sim.addCompany({
      vatNumber: number,
      name: 'Alt GmbH',
      addressLines: ['Weg 1', '10115 Berlin'],
      vatRegistered: true,
    });
    const id = await create(account.live, number);
    await until(async () => (await monitorRow(id))!.last_result !== null, 30_000, 'first check');
    const first = JSON.parse((await monitorRow(id))!.last_result!);
    expect(first).toMatchObject({ valid: true, company: { name: 'Alt GmbH' }, source: 'vies' });

    stack.sim.addCompany({
      vatNumber: number,
      name: 'Neu GmbH',
      addressLines: ['Weg 1', '10115 Berlin'],
      vatRegistered: true,
    });
    const checked = await checkNow(id);
    const { event } = await waitForEvent(
      stack.receiver,
      (e) => e.type === 'monitor.changed' && e.data.monitor_id === id,
    );
    const second = JSON.parse(checked.last_result!);
    expect(event.data).toEqual({
      monitor_id: id,
      vat_number: number,
      reference: 'cust-9',
      changes: [{ field: 'company.name', from: 'Alt GmbH', to: 'Neu GmbH' }],
      previous_validation_id: first.validation_id,
      validation_id: second.validation_id,
      result: expect.objectContaining({ valid: true, vat_number: number }),
    });

    // No change: no event. Every check is a record of channel `monitor` with its evidence.
    await checkNow(id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      matching(stack.receiver, (e) => e.type === 'monitor.changed' && e.data.monitor_id === id),
    ).toHaveLength(1);
    const records = await recordsOf(id);
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record).toMatchObject({ channel: 'monitor', mode: 'live', reference: 'cust-9', source: 'vies' });
      expect(record.evidence_id).not.toBeNull();
    }
    // The first check and each "check now" counted one validation (test/monitors/charges.test.ts).
    expect(await usageOf(stack.app, account.id)).toBe(3);
  });

  it('reports a deregistration as `valid` only', async () => {
    const [number] = freshNumbers('DE', 1);
    stack.sim.addCompany({
      vatNumber: number,
      name: 'Weg AG',
      addressLines: ['Platz 2'],
      vatRegistered: true,
    });
    const id = await create(account.live, number);
    await until(async () => (await monitorRow(id))!.last_result !== null, 30_000, 'first check');
    stack.sim.addCompany({
      vatNumber: number,
      name: 'Weg AG',
      addressLines: ['Platz 2'],
      vatRegistered: false,
    });
    await checkNow(id);
    const { event } = await waitForEvent(
      stack.receiver,
      (e) => e.type === 'monitor.changed' && e.data.monitor_id === id,
    );
    expect(event.data.changes).toEqual([{ field: 'valid', from: true, to: false }]);
    expect(event.data.result.company).toBeNull();
  });

  it('an outage is no change: last_error is kept, the check retried, no event', async () => {
    const [number] = freshNumbers('DE', 1);
    stack.sim.addCompany({
      vatNumber: number,
      name: 'Stabil KG',
      addressLines: ['Ring 3'],
      vatRegistered: true,
    });
    const id = await create(account.live, number);
    await until(async () => (await monitorRow(id))!.last_result !== null, 30_000, 'first check');
    const before = (await monitorRow(id))!.last_result;
    stack.sim.resetStats();
    stack.sim.setBehaviour('vies', { mode: 'down' });
    try {
      await stack.app.request('POST', `/v1/monitors/${id}/check`, { key: account.live });
      // One call and two retries, then the job is over.
      await until(() => (stack.sim.statsOf('vies').callsByNumber[number] ?? 0) >= 3, 30_000, 'retries');
      await until(
        async () =>
          (
            await stack.app.database.db
              .selectFrom('jobs')
              .select('id')
              .where('id', '=', `monitor-now:${id}`)
              .execute()
          ).length === 0,
        30_000,
        'check job over',
      );
    } finally {
      stack.sim.setBehaviour('vies', { mode: 'up' });
    }
    const row = (await monitorRow(id))!;
    expect(JSON.parse(row.last_error!)).toMatchObject({ code: 'upstream_unavailable' });
    expect(row.last_result).toBe(before);
    expect(
      matching(stack.receiver, (e) => e.type === 'monitor.changed' && e.data.monitor_id === id),
    ).toHaveLength(0);
    expect(await recordsOf(id)).toHaveLength(1);

    // Once the registry answers again the error is cleared.
    expect((await checkNow(id)).last_error).toBeNull();
  });

  it('answers test-mode monitors from test mode: no registry, no quota, magic failures in last_error', async () => {
    stack.sim.resetStats();
    const used = await usageOf(stack.app, account.id);
    const ok = await create(account.test, 'DE123456704');
    const failing = await create(account.test, 'DE999999903');
    await until(async () => (await monitorRow(ok))!.last_result !== null, 30_000, 'test check');
    await until(async () => (await monitorRow(failing))!.last_error !== null, 30_000, 'test failure');
    expect(JSON.parse((await monitorRow(ok))!.last_result!)).toMatchObject({
      valid: true,
      source: 'test',
      company: { name: 'Musterfirma Test GmbH' },
    });
    expect(JSON.parse((await monitorRow(failing))!.last_error!).code).toBe('upstream_unavailable');
    expect(stack.sim.statsOf('vies').calls).toBe(0);
    const [record] = await recordsOf(ok);
    expect(record).toMatchObject({ mode: 'test', channel: 'monitor', source: 'test' });
    expect(await usageOf(stack.app, account.id)).toBe(used);
  });
});
