import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../helpers/dialects.js';
import type { TestApp } from '../helpers/harness.js';
import type { TcpProxy } from '../helpers/tcp-proxy.js';
import {
  expectDatabaseUnavailable,
  HOOK_URL,
  isChargeStatement,
  label,
  OPERATIONS,
  OutcomeLog,
  type ProxiedApp,
  startLoad,
  startProxiedApp,
  watchReadiness,
} from './outage-load.js';
import { checksumFailures } from './support.js';

/**
 * PostgreSQL that stops answering without closing anything (packets dropped: no reset, no error,
 * no reply), through a TCP proxy in blackhole mode. Every statement has a timeout
 * (DATABASE_STATEMENT_TIMEOUT_MS, 1.5 s here), so requests already on pooled connections and
 * /ready are answered 503 `service_unavailable` with Retry-After within a generous bound instead
 * of waiting for the outage to end; nothing stored is lost or half-written, a 503 costs no unit,
 * and the service (its job worker included) recovers by itself once packets flow again.
 */

const TIMEOUT_MS = 1_500;
/** Generous: a request's statements time out after TIMEOUT_MS, its wait for a connection too. */
const ANSWERED_WITHIN_MS = 15_000;

const suite = POSTGRES_URL ? describe : describe.skip;

suite(`PostgreSQL dropping packets${POSTGRES_URL ? '' : ' [TEST_POSTGRES_URL not set]'}`, () => {
  let stack: ProxiedApp;
  let proxy: TcpProxy;
  let app: TestApp;
  let charges: ProxiedApp['charges'];

  beforeAll(async () => {
    stack = await startProxiedApp({ statementTimeoutMs: TIMEOUT_MS, worker: true });
    ({ proxy, app, charges } = stack);
  });
  afterAll(() => stack?.close());

  it('gives back a charge whose reply never came (its statement committed), once the database answers', async () => {
    const account = await app.account('business');
    const [number, next] = checksumFailures(2, 400_000_000);
    const silenced = proxy.breakOn(isChargeStatement, 'reply', 'silence');
    const started = Date.now();
    const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
    await silenced;
    expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    expectDatabaseUnavailable(res);
    // The server committed: a unit taken and a record written for an answer nobody received...
    expect(await charges(account.id)).toEqual({ used: 1, records: 1 });
    // ...which is given back, the database being there for every other connection.
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: 0, records: 0 });

    // The silent connection is not reused: the next validations are answered and charged.
    for (const number of [next, ...checksumFailures(4, 410_000_000)]) {
      const served = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: account.live });
      expect(served.status, served.text).toBe(200);
    }
    expect(await charges(account.id)).toEqual({ used: 5, records: 5 });
  });

  it('answers requests on pooled connections and /ready 503 while blackholed, loses nothing, and recovers', async () => {
    const account = await app.account('business');
    const hook = await app.request('PUT', '/v1/webhooks/config', {
      key: account.live,
      body: { url: HOOK_URL },
    });
    expect(hook.status, hook.text).toBe(200);
    const log = new OutcomeLog();
    const load = startLoad(log, app, account);
    const readiness = watchReadiness(app);
    await sleep(600);

    // Ten requests sent as the packets start being dropped: their statements go out on the
    // pooled connections and get no answer.
    const blackholedAt = Date.now();
    const caught = Array.from({ length: 10 }, (_, round) =>
      log.send(app, account, OPERATIONS[round % 6], 50_000 + round),
    );
    proxy.blackhole();
    const caughtOutcomes = await Promise.all(caught);
    // What needs no database is served as usual meanwhile.
    const rates = await app.request('GET', '/v1/rates/DE', { key: account.live });
    expect(rates.status, rates.text).toBe(200);
    await sleep(2 * TIMEOUT_MS);
    const restoredAt = Date.now();
    proxy.restore();
    const readyAgainAt = await readiness.readyAgain(restoredAt, ANSWERED_WITHIN_MS);
    await sleep(700);
    await Promise.all([load.stop(), readiness.stop()]);
    const { outcomes } = log;

    // Every request was answered, none later than the bound: 200, or 503 in the envelope.
    log.expectAllAnswered();
    const slowest = Math.max(...outcomes.map((outcome) => outcome.endedAt - outcome.startedAt));
    expect(slowest).toBeLessThan(ANSWERED_WITHIN_MS);
    // The ten caught by the blackhole: refused, not left waiting for the outage to end.
    for (const outcome of caughtOutcomes) expectDatabaseUnavailable(outcome.res!);

    const during = outcomes.filter(
      (outcome) => outcome.startedAt >= blackholedAt && outcome.endedAt < restoredAt,
    );
    expect(during.filter((outcome) => outcome.needsDatabase).length).toBeGreaterThan(10);
    for (const operation of OPERATIONS) {
      const answers = during.filter((outcome) => outcome.name === operation.name).map((o) => o.res!.status);
      for (const status of answers) expect(status, operation.name).toBe(operation.needsDatabase ? 503 : 200);
    }

    // /ready: not ready within the bound of the packets being dropped, and 503 until restored.
    const probes = readiness.probes;
    expect(probes.every((probe) => probe.endedAt - probe.startedAt < ANSWERED_WITHIN_MS)).toBe(true);
    const firstNotReady = probes.find((probe) => probe.startedAt >= blackholedAt && probe.status === 503);
    expect(firstNotReady, 'a probe said 503').toBeDefined();
    expect(firstNotReady!.endedAt - blackholedAt).toBeLessThan(ANSWERED_WITHIN_MS);
    const readyDuring = probes.filter(
      (probe) => probe.startedAt >= blackholedAt && probe.endedAt < restoredAt,
    );
    expect(new Set(readyDuring.map((probe) => probe.status))).toEqual(new Set([503]));

    // Recovered without a restart: every request after /ready turned 200 succeeded.
    const after = outcomes.filter((outcome) => outcome.startedAt >= readyAgainAt);
    expect(after.filter((outcome) => outcome.res!.status !== 200).map(label)).toEqual([]);
    expect(after.length).toBeGreaterThan(0);

    // Exact quota: what is stored is what the 200s were charged, each unit with its record; a
    // charge whose reply was dropped is given back once the database answers.
    await app.services.unsettled.settle();
    expect(app.services.unsettled.size).toBe(0);
    expect(await charges(account.id)).toEqual({ used: log.charged, records: log.charged });

    // The job worker lived through it: asynchronous work accepted now is done.
    const numbers = checksumFailures(3, 420_000_000);
    const accepted = await app.request('POST', '/v1/validate/async/batch', {
      key: account.live,
      body: { vat_numbers: numbers },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const batch = accepted.body.data.batch_id;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const polled = await app.request('GET', `/v1/validate/async/batch/${batch}`, { key: account.live });
      if (polled.body?.data?.status === 'completed') break;
      expect(Date.now(), `batch ${batch} completed: ${polled.text.slice(0, 200)}`).toBeLessThan(deadline);
      await sleep(100);
    }
  });
});
