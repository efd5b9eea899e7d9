import { afterAll, beforeAll, expect, it } from 'vitest';
import { recurringJobId } from '../../src/jobs/worker.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * The service's worker runs the ledger's recurring jobs: `ledger.seal` seals the records of the
 * last full interval once the clock has passed it, `ledger.prune` is scheduled daily.
 */
describeEachDialect('ledger jobs in the worker', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {
      env: { ...OFFLINE_REGISTRIES, WORKER_POLL_MS: '20', LEDGER_SEAL_SECONDS: '60' },
      worker: true,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('seals the records of a past interval without being asked', async () => {
    // The worker runs the seal job once at start, with nothing to seal. That run must be over
    // before the clock moves: one that read the time before the move would schedule its next run
    // an interval after the new time, and the test's clock would never reach it.
    const firstRunOver = async () => {
      const job = await app.database.db
        .selectFrom('jobs')
        .select(['run_at', 'locked_by'])
        .where('id', '=', recurringJobId('ledger.seal'))
        .executeTakeFirst();
      return job !== undefined && job.locked_by === null && Number(job.run_at) > app.clock.now();
    };
    // How long to wait for the worker, not a figure: generous, as other files share the cores.
    await until(firstRunOver, 20_000, "the worker's first run of the seal job");

    const account = await app.account('business');
    const res = await app.request('GET', '/v1/validate?vat_number=ATU12345675', { key: account.test });
    expect(res.status, res.text).toBe(200);
    const sealOf = async () =>
      (
        await app.database.db
          .selectFrom('validations')
          .select('seal_id')
          .where('account_id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).seal_id;
    expect(await sealOf()).toBeNull();

    app.clock.advance(2 * 60_000);
    app.worker?.nudge();
    const deadline = Date.now() + 20_000;
    while ((await sealOf()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await sealOf()).toBe('seal_000000000001');

    const jobs = await app.database.db.selectFrom('jobs').select(['id', 'run_at']).orderBy('id').execute();
    expect(jobs.map((job) => job.id)).toEqual(
      expect.arrayContaining([
        recurringJobId('ledger.prune'),
        recurringJobId('ledger.seal'),
        recurringJobId('console.sweep'),
      ]),
    );
    const prune = jobs.find((job) => job.id === recurringJobId('ledger.prune'));
    expect(Number(prune?.run_at) % 86_400_000).toBe(0);
  });
});
