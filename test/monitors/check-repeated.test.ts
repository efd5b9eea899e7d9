import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../helpers/dialects.js';
import { until } from '../helpers/processes.js';
import { type ProxiedApp, startProxiedApp } from '../http/outage-load.js';
import { checksumFailures } from '../http/support.js';

/**
 * A monitor check whose job runs again: the worker loses its connection as it deletes the
 * finished job (as if it crashed there), so the job is claimed again. When the check's record
 * was already in, the second run wrote a second one (and asked the registry again); the job's
 * row now goes in the check's own transaction, so the check settles exactly once.
 */

const suite = POSTGRES_URL ? describe : describe.skip;
/** The statement that deletes a finished job (store/jobs.ts `complete`). */
const isJobCompletion = (chunk: Buffer) =>
  chunk.includes('delete from "jobs" where "id" = $1 and "locked_by"');

suite(`a monitor check whose job runs again${POSTGRES_URL ? '' : ' [TEST_POSTGRES_URL not set]'}`, () => {
  let stack: ProxiedApp;
  beforeAll(async () => {
    stack = await startProxiedApp({ worker: true });
  });
  afterAll(() => stack?.close());

  const db = () => stack.owner.database.db;
  const recordsOf = async (monitorId: string) =>
    (await db().selectFrom('validations').select('id').where('monitor_id', '=', monitorId).execute()).length;
  const job = (id: string) => db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  /** A monitor of a new Business account; its first check charged and queued. */
  const createMonitor = async (start: number) => {
    const account = await stack.app.account('business');
    const [number] = checksumFailures(1, start);
    const res = await stack.app.request('POST', '/v1/monitors', {
      key: account.live,
      body: { vat_number: number, interval: 'daily' },
    });
    expect(res.status, res.text).toBe(201);
    return { key: account.live, id: res.body.data.id as string };
  };

  /** Loses the completion of the next job to finish, then lets that job run again until it is done. */
  const runTwice = async (
    jobId: () => string,
    records: () => Promise<number>,
    start: () => Promise<void>,
  ) => {
    const { app, proxy } = stack;
    const broken = proxy.breakOn(isJobCompletion, 'request');
    await start();
    await broken;
    await until(async () => (await job(jobId()))?.locked_by === null, 30_000, 'the job back in the table');
    app.clock.advance(5 * 60_000);
    app.worker?.nudge();
    await until(async () => (await job(jobId())) === undefined, 30_000, 'the job run again and done');
    return records();
  };

  it("writes one record for a monitor's first check whose job's completion was lost", async () => {
    let id = '';
    const records = await runTwice(
      () => `monitor:${id}`,
      () => recordsOf(id),
      async () => {
        ({ id } = await createMonitor(230_000_000));
      },
    );
    expect(records).toBe(1);
  });

  it(`writes one record for a "check now" whose job's completion was lost`, async () => {
    const { id, key } = await createMonitor(235_000_000);
    await until(async () => (await job(`monitor:${id}`)) === undefined, 30_000, 'the first check done');
    expect(await recordsOf(id)).toBe(1);
    const records = await runTwice(
      () => `monitor-now:${id}`,
      () => recordsOf(id),
      async () => {
        const res = await stack.app.request('POST', `/v1/monitors/${id}/check`, { key });
        expect(res.status, res.text).toBe(202);
      },
    );
    expect(records).toBe(2);
  });
});
