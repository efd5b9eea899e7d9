import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../src/store/database.js';
import { createStores } from '../src/store/stores.js';
import type { LoadRequest, LoadStats, Tool } from './load-shapes.js';
import {
  authed,
  BATCH_SIZE,
  type BenchCase,
  type CaseContext,
  expectOk,
  type Measured,
  measureWarm,
  noFailures,
  send,
  TARGETS,
  warmUp,
} from './measure.js';
import { MEMBER_STATES_WITH_CANDIDATES, memberStateNumbers } from './numbers.js';
import type { Check, FigureRow } from './report.js';
import { type RunningService, startBaseline } from './service.js';

/**
 * The registry-resilience cases: a sync batch spread over ten VIES member states with VIES slow
 * (the per-member-state queue), answers while a member state's breaker is open, and the public
 * status endpoint. The latency figures run in interleaved rounds with a bare node:http stand-in
 * answering the same bytes under the same load generator, so each round shows what the machine
 * itself allowed at that moment.
 */

/** VIES's shipped limits, named so the figures do not depend on the bench's raised concurrency. */
const VIES_DEFAULTS = { VIES_CONCURRENCY: '20', VIES_MEMBER_STATE_CONCURRENCY: '4' };
const VIES_LATENCY_MS = 300;
const MEMBER_STATES = MEMBER_STATES_WITH_CANDIDATES.slice(0, 10);
const PER_MEMBER_STATE = BATCH_SIZE / MEMBER_STATES.length;

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

// ---------------------------------------------------------------------------------------------
// 1. A batch over ten member states, VIES at 300 ms

interface ViesStats {
  calls: number;
  maxInFlight: number;
  maxInFlightByCountry: Record<string, number>;
}

interface BatchRun {
  wallMs: number;
  serviceMs: number;
  failed: string[];
  notLive: number;
  stats: ViesStats;
}

async function viesBatch(
  ctx: CaseContext,
  env: Record<string, string>,
  numbers: readonly string[],
): Promise<BatchRun> {
  const service = await ctx.service({ accessLog: false, env });
  const request = authed(service, '/v1/validate/batch', { method: 'POST', body: { vat_numbers: numbers } });
  await ctx.simulator.control('POST', 'reset-stats');
  await ctx.simulator.control('PUT', 'registries/vies', { latencyMs: VIES_LATENCY_MS });
  let wallMs: number;
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    const started = performance.now();
    answer = await send(request);
    wallMs = performance.now() - started;
  } finally {
    await ctx.simulator.control('PUT', 'registries/vies', { latencyMs: 0 });
  }
  for (const number of numbers) ctx.cached.add(number);
  if (answer.status !== 200)
    throw new Error(`VIES batch: HTTP ${answer.status} ${answer.bytes.toString('utf8').slice(0, 300)}`);
  const body = answer.json() as {
    data: { results: Array<{ meta: { cached?: boolean }; error?: { code: string; vat_number: string } }> };
    meta: { request_duration_ms: number };
  };
  const stats = (await ctx.simulator.control('GET', 'stats')) as Record<string, ViesStats>;
  return {
    wallMs,
    serviceMs: body.meta.request_duration_ms,
    failed: body.data.results.flatMap((item) =>
      item.error ? [`${item.error.vat_number}: ${item.error.code}`] : [],
    ),
    notLive: body.data.results.filter((item) => !item.error && item.meta.cached !== false).length,
    stats: stats.vies,
  };
}

/** Numbers for the next batch: new to the simulator and to this database. */
let batchesMade = 0;
function freshBatch(ctx: CaseContext): string[] {
  batchesMade += 1;
  return memberStateNumbers(MEMBER_STATES, PER_MEMBER_STATE, 1_000_000 + batchesMade * 10_000).filter(
    (number) => !ctx.cached.has(number),
  );
}

/** One cold batch (the process's first registry calls), then `count` measured ones, with `env`. */
async function batchRow(
  ctx: CaseContext,
  env: Record<string, string>,
  count: number,
  withTarget: boolean,
): Promise<FigureRow> {
  const cold = await viesBatch(ctx, env, freshBatch(ctx));
  const runs: BatchRun[] = [];
  for (let index = 0; index < count; index += 1) runs.push(await viesBatch(ctx, env, freshBatch(ctx)));
  const walls = runs.map((run) => run.wallMs);
  const failed = runs.flatMap((run) => run.failed);
  const notLive = runs.reduce((sum, run) => sum + run.notLive, 0);
  const perState = Math.max(...runs.flatMap((run) => Object.values(run.stats.maxInFlightByCountry)));
  const inFlight = Math.max(...runs.map((run) => run.stats.maxInFlight));
  const calls = runs.map((run) => run.stats.calls);
  const registryLimit = Number(env.VIES_CONCURRENCY);
  // Each member state needs ceil(5 / 4) rounds; the registry-wide limit may need more.
  const rounds = Math.max(
    Math.ceil(PER_MEMBER_STATE / Number(env.VIES_MEMBER_STATE_CONCURRENCY)),
    Math.ceil(BATCH_SIZE / registryLimit),
  );
  const checks: Check[] = [
    {
      label: `${failed.length} failed items${failed.length ? ` (${failed.slice(0, 5).join(', ')})` : ''}`,
      target: 'every item answered',
      met: failed.length === 0,
      gate: 'sanity',
    },
    { label: `${notLive} items not live`, target: 'every item live', met: notLive === 0, gate: 'sanity' },
    {
      label: `${perState} calls at once to one member state`,
      target: 'at most 4 per member state',
      met: perState <= 4,
      gate: 'sanity',
    },
  ];
  if (withTarget) {
    checks.push({
      label: 'slowest batch',
      target: `every batch < ${TARGETS.viesBatchWallMs.toLocaleString('en-US')} ms`,
      met: Math.max(...walls) < TARGETS.viesBatchWallMs,
      gate: 'absolute',
    });
  }
  return {
    kind: 'figure',
    name: `Batch of 50 uncached over 10 VIES member states, VIES ${VIES_LATENCY_MS} ms, VIES_CONCURRENCY=${registryLimit}`,
    dialect: ctx.dialect,
    tool: 'one request at a time (fetch)',
    figure:
      `median ${ms(median(walls))} ms, slowest ${ms(Math.max(...walls))} ms over ${count} batches ` +
      `(${walls.map(ms).join(' / ')}); first batch of the process ${ms(cold.wallMs)} ms; ` +
      `least possible ${rounds} × ${VIES_LATENCY_MS} = ${rounds * VIES_LATENCY_MS} ms (computed); ` +
      `at most ${perState} calls at once to one member state, ${inFlight} to VIES in all`,
    checks,
    note:
      `${PER_MEMBER_STATE} numbers in each of ${MEMBER_STATES.join(', ')}, checksum-valid and never seen by the ` +
      `simulator (answered "not registered", live), new ones for every batch. The simulator answers every VIES ` +
      `call after ${VIES_LATENCY_MS} ms. VIES_MEMBER_STATE_CONCURRENCY=4 (the default) lets 4 calls per member ` +
      `state go at once, 40 for the ten; VIES_CONCURRENCY (calls to VIES at once from one process, default 20) ` +
      `is the tighter limit until it reaches 40. Least possible: the rounds of ${VIES_LATENCY_MS} ms calls the ` +
      `tighter limit needs. Simulator calls per batch: ${calls.join(' / ')}. Service-side request_duration_ms: ` +
      `${runs.map((run) => run.serviceMs).join(' / ')}.`,
  };
}

export const viesMemberStateBatch: BenchCase = {
  id: 'vies-batch',
  title: `POST /v1/validate/batch, 50 uncached numbers over 10 VIES member states, VIES at ${VIES_LATENCY_MS} ms`,
  quick: true,
  async run(ctx) {
    const count = ctx.settings.quick ? 3 : 5;
    // The shipped defaults last, so the next cases go on in the same process.
    const raised = await batchRow(ctx, { ...VIES_DEFAULTS, VIES_CONCURRENCY: '40' }, count, false);
    const defaults = await batchRow(ctx, VIES_DEFAULTS, count, true);
    return [defaults, raised];
  },
};

// ---------------------------------------------------------------------------------------------
// Interleaved latency rounds against a bare stand-in

interface Contender {
  label: string;
  pid: number;
  request: LoadRequest;
  tool: Tool;
  /** The service's /metrics, read around each round for its event-loop delay. */
  metricsUrl?: string;
}

/** A run's figures, with the service's longest event-loop delay while it ran. */
interface Run extends Measured {
  loopDelayMaxMs?: number;
}

/**
 * One contender's runs in a round: at the offered rate (the latency the targets speak of) and as
 * fast as it answers (the closed loop, which finds the ceiling: there every answer waits behind
 * the other connections' requests, and p99 measures throughput more than latency).
 */
interface Round {
  offered: Run;
  saturated: Run;
}

/**
 * Requests a second that the 50 connections offer together in the latency targets' runs: 10 a
 * second each, about half of what the PostgreSQL configuration carries on this 2-core machine
 * (the service, PostgreSQL and the load generator share the cores; at 1,000 a second its answers
 * queued, p50 37-57 ms), a quarter of what SQLite's does.
 */
export const OFFERED_RATE = 500;

/**
 * nodejs_eventloop_lag_max_seconds from the service's /metrics, in ms: prom-client resets the
 * histogram behind it on every scrape, so a scrape right after a round gives that round's maximum.
 */
async function loopDelayMaxMs(metricsUrl: string): Promise<number | undefined> {
  const answer = await send({ url: metricsUrl });
  const line = answer.bytes
    .toString('utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('nodejs_eventloop_lag_max_seconds '));
  return line === undefined ? undefined : Number(line.split(' ')[1]) * 1000;
}

/** One measured run of a warm contender, at `rate` or as fast as it answers. */
async function runOnce(ctx: CaseContext, contender: Contender, label: string, rate?: number): Promise<Run> {
  if (contender.metricsUrl) await loopDelayMaxMs(contender.metricsUrl);
  const measured: Run = await measureWarm(
    ctx.settings,
    contender.pid,
    contender.request,
    contender.tool,
    rate,
  );
  if (contender.metricsUrl) measured.loopDelayMaxMs = await loopDelayMaxMs(contender.metricsUrl);
  const delay =
    measured.loopDelayMaxMs === undefined ? '' : `, event-loop delay max ${ms(measured.loopDelayMaxMs)} ms`;
  ctx.progress(
    `    ${label}: p50 ${ms(measured.stats.p50Ms)} ms, p99 ${ms(measured.stats.p99Ms)} ms, ` +
      `${Math.round(measured.stats.rps).toLocaleString('en-US')} req/s, ${Math.round(measured.cpuUsPerRequest ?? 0)} µs CPU/req${delay}, ${measured.stats.failures} failures`,
  );
  return measured;
}

/**
 * Warms each contender, then measures them in turn, `rounds` times over, each at OFFERED_RATE and
 * then as fast as it answers, so a neighbour's burst on the machine falls on all of them alike.
 * Returns each contender's rounds in order.
 */
async function interleaved(ctx: CaseContext, contenders: readonly Contender[]): Promise<Round[][]> {
  const rounds = ctx.settings.quick ? 1 : 3;
  for (const contender of contenders) await warmUp(ctx.settings, contender.request, contender.tool, 1);
  const results = contenders.map((): Round[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, contender] of contenders.entries()) {
      const name = `round ${round + 1}, ${contender.label}`;
      results[index].push({
        offered: await runOnce(
          ctx,
          { ...contender, tool: contender.tool === 'spread' ? 'spread' : 'paced' },
          `${name}, ${OFFERED_RATE.toLocaleString('en-US')} req/s offered`,
          OFFERED_RATE,
        ),
        saturated: await runOnce(ctx, contender, `${name}, as fast as answered`),
      });
    }
  }
  return results;
}

/** All runs' failures together, as the sanity check of a row. */
function noFailuresIn(rounds: readonly Round[]): Check {
  const runs = rounds.flatMap((round) => [round.offered, round.saturated]);
  const failures = runs.reduce((sum, run) => sum + run.stats.failures, 0);
  const detail = runs
    .map((run) => run.stats.failureDetail)
    .filter(Boolean)
    .join('; ');
  return noFailures({ failures, failureDetail: detail });
}

/** `p99 9.1 ms (rounds 9.1 / 8.7 / 12.0); p50 …; req/s …; CPU µs/req …; bare stand-in p99 …`. */
function runsFigure(runs: readonly Run[], standIn: readonly Run[]): string {
  const p99s = runs.map((run) => run.stats.p99Ms);
  const stat = (pick: (stats: LoadStats) => number) => median(runs.map((run) => pick(run.stats)));
  const cpu = runs.flatMap((run) => (run.cpuUsPerRequest === undefined ? [] : [run.cpuUsPerRequest]));
  const delays = runs.flatMap((run) => (run.loopDelayMaxMs === undefined ? [] : [run.loopDelayMaxMs]));
  return (
    `p99 ${ms(median(p99s))} ms (median of ${runs.length} round${runs.length > 1 ? 's' : ''}: ${p99s.map(ms).join(' / ')}); ` +
    `p50 ${ms(stat((s) => s.p50Ms))} ms; ${Math.round(stat((s) => s.rps)).toLocaleString('en-US')} req/s` +
    `${cpu.length ? `; ${Math.round(median(cpu))} µs CPU/req` : ''}` +
    `${delays.length ? `; longest event-loop delay ${delays.map(ms).join(' / ')} ms` : ''}; ` +
    `bare node:http in the same rounds: p99 ${standIn.map((run) => ms(run.stats.p99Ms)).join(' / ')} ms, ` +
    `${standIn.map((run) => Math.round(run.stats.rps).toLocaleString('en-US')).join(' / ')} req/s`
  );
}

/** The offered-rate runs (the target's), then the closed-loop ones (the ceiling) for context. */
function latencyFigure(rounds: readonly Round[], standIn: readonly Round[]): string {
  const pick = (which: keyof Round) => (list: readonly Round[]) => list.map((round) => round[which]);
  const [offered, saturated] = [pick('offered'), pick('saturated')];
  return (
    `at ${OFFERED_RATE.toLocaleString('en-US')} req/s offered: ${runsFigure(offered(rounds), offered(standIn))}. ` +
    `As fast as answered (closed loop): ${runsFigure(saturated(rounds), saturated(standIn))}`
  );
}

function p99Check(rounds: readonly Round[], targetMs: number): Check {
  return {
    label: 'p99',
    target: `p99 < ${targetMs} ms at ${OFFERED_RATE.toLocaleString('en-US')} req/s offered`,
    met: median(rounds.map((round) => round.offered.stats.p99Ms)) < targetMs,
    gate: 'absolute',
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Answers while a member state's breaker is open

/** The message of a 503 the breaker gave (the registry was not called). */
const BREAKER_REFUSAL = 'not called until a probe succeeds';
const DAY_MS = 86_400_000;

/**
 * Cache entries two days old (past CACHE_TTL_SECONDS, within STALE_MAX_AGE_SECONDS), written
 * straight into the service's database as an earlier registry answer would have left them.
 */
async function seedExpired(ctx: CaseContext, numbers: readonly string[]): Promise<void> {
  const database = openDatabase(ctx.database.url);
  try {
    const { cache } = createStores(database);
    const fetchedAt = Date.now() - 2 * DAY_MS;
    for (const number of numbers) {
      await cache.put({
        vat_number: number,
        valid: 1,
        company_name: `Bench GmbH ${number.slice(-4)}`,
        company_address: 'Hauptstraße 1\n10115 Berlin',
        source: 'vies',
        fetched_at: fetchedAt,
        evidence_id: null,
      });
    }
  } finally {
    await database.close();
  }
}

/**
 * Validates `numbers` through sync batches until each has a cached answer: an item can fail when
 * the member state's queue estimates a wait past the budget (its average call time still carries
 * an earlier case's slow VIES), and is sent again in the next batch.
 */
async function cacheAll(
  ctx: CaseContext,
  service: RunningService,
  numbers: readonly string[],
): Promise<void> {
  let left = [...numbers];
  for (let attempt = 0; left.length > 0; attempt += 1) {
    if (attempt === 5)
      throw new Error(`${left.length} numbers could not be cached: ${left.slice(0, 3).join(', ')}`);
    const failed: string[] = [];
    for (let i = 0; i < left.length; i += BATCH_SIZE) {
      const body = { vat_numbers: left.slice(i, i + BATCH_SIZE) };
      const answer = (await expectOk(
        authed(service, '/v1/validate/batch', { method: 'POST', body }),
        'caching German numbers',
      )) as { data: { results: Array<{ error?: { code: string; message: string } }> } };
      answer.data.results.forEach((item, index) => {
        if (item.error) failed.push(body.vat_numbers[index]);
      });
      const first = answer.data.results.find((item) => item.error)?.error;
      if (first)
        ctx.progress(`    caching: ${failed.length} items failed, e.g. ${first.code}: ${first.message}`);
    }
    left = failed;
  }
}

/**
 * Switches Germany up again and waits until its breaker has closed: a validation of `probe` (never
 * cached) is sent every second until the breaker's probe goes out and is answered. The breaker is
 * shared through the database, so a service the next case starts would otherwise meet it open
 * for the rest of its cooldown (CIRCUIT_COOLDOWN_MS, 30 s) and refuse German numbers.
 */
async function untilGermanyBack(ctx: CaseContext, service: RunningService, probe: string): Promise<void> {
  await ctx.simulator.control('PUT', 'vies/countries/DE', { mode: 'up' });
  const deadline = performance.now() + 60_000;
  for (;;) {
    const answer = await send(authed(service, `/v1/validate?vat_number=${probe}`));
    if (answer.status === 200) return;
    if (performance.now() > deadline)
      throw new Error(`the DE breaker did not close within 60 s (HTTP ${answer.status})`);
    await sleep(1000);
  }
}

export const breakerOpen: BenchCase = {
  id: 'breaker-open',
  title: "GET /v1/validate while Germany's VIES breaker is open",
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false, env: VIES_DEFAULTS });
    const germans = memberStateNumbers(['DE'], 621, 2_000_000).filter((number) => !ctx.cached.has(number));
    const [fresh, expired, neverCached, trips] = [0, 200, 400, 600].map((from) =>
      germans.slice(from, from + (from === 600 ? 20 : 200)),
    );
    const probe = germans[620];
    for (const number of germans) ctx.cached.add(number);
    const path = (number: string) => `/v1/validate?vat_number=${number}`;
    const load = (numbers: readonly string[], expectStatus?: number): LoadRequest => ({
      ...authed(service, path(numbers[0])),
      paths: numbers.map(path),
      expectStatus,
    });

    // Fresh answers cached while Germany is up; answers from two days ago written as stored.
    await ctx.simulator.control('PUT', 'vies/countries/DE', { mode: 'up' });
    await cacheAll(ctx, service, fresh);
    await seedExpired(ctx, expired);

    await ctx.simulator.control('PUT', 'vies/countries/DE', { mode: 'down' });
    let tripped = 0;
    try {
      for (const number of trips) {
        const answer = await send(authed(service, path(number)));
        tripped += 1;
        if (answer.status === 503 && answer.bytes.toString('utf8').includes(BREAKER_REFUSAL)) break;
        if (tripped === trips.length)
          throw new Error(`the DE breaker did not open after ${tripped} failures`);
      }
      const refused = await send(authed(service, path(neverCached[0])));
      if (refused.status !== 503) throw new Error(`expected 503 while open, got ${refused.status}`);
      const stale = (await expectOk(authed(service, path(expired[0])), 'stale answer')) as {
        meta: { stale?: boolean; source_status?: string };
      };
      if (stale.meta.stale !== true) throw new Error('the expired answer was not served stale while open');
      const hit = (await expectOk(authed(service, path(fresh[0])), 'cached answer')) as {
        meta: { cached?: boolean; stale?: boolean };
      };
      if (hit.meta.cached !== true || hit.meta.stale) throw new Error('the fresh answer was not a cache hit');

      const standIn = await startBaseline(ctx.paths, refused.bytes);
      try {
        await ctx.simulator.control('POST', 'reset-stats');
        const metricsUrl = `${service.url}/metrics`;
        const [bare, cachedHits, served, unavailable] = await interleaved(ctx, [
          {
            label: 'bare node:http',
            pid: standIn.pid,
            request: { url: `${standIn.url}/` },
            tool: 'autocannon',
          },
          { label: 'cached hit', pid: service.pid, request: load(fresh), tool: 'autocannon', metricsUrl },
          {
            label: 'stale 200 while open',
            pid: service.pid,
            request: load(expired),
            tool: 'autocannon',
            metricsUrl,
          },
          {
            label: '503 while open',
            pid: service.pid,
            request: load(neverCached, 503),
            tool: 'autocannon',
            metricsUrl,
          },
        ]);
        const stats = (await ctx.simulator.control('GET', 'stats')) as Record<string, { calls: number }>;
        const note =
          `Germany switched down in the simulator (MS_UNAVAILABLE); its breaker opened after ${tripped} validations ` +
          `(CIRCUIT_FAILURE_THRESHOLD=5; the last one refused by the breaker). Three sets of 200 German numbers, ` +
          `each request the next number of its set: cached an hour before (a cache hit, no registry wanted: the ` +
          `reference), cached two days before (past the TTL: served stale), never cached (503 with Retry-After). ` +
          `autocannon, 50 connections offering ${OFFERED_RATE.toLocaleString('en-US')} requests a second together (the target's runs), then as fast as answered, ` +
          `in interleaved rounds with a bare node:http stand-in answering the 503's bytes. ` +
          `VIES calls during the load: ${stats.vies.calls} (the breaker's probes, one per CIRCUIT_COOLDOWN_MS of 30 s). ` +
          `Event-loop delay: the longest of the service's event loop in each round (prom-client, /metrics).`;
        const row = (name: string, rounds: Round[], target?: number): FigureRow => ({
          kind: 'figure',
          name,
          dialect: ctx.dialect,
          tool: 'autocannon, interleaved rounds',
          figure: latencyFigure(rounds, bare),
          checks: [noFailuresIn(rounds), ...(target === undefined ? [] : [p99Check(rounds, target)])],
          note,
        });
        return [
          row('Breaker open: 503 for a number never cached', unavailable, TARGETS.breakerOpenP99Ms),
          row('Breaker open: stale 200 for a number cached 2 days before', served, TARGETS.breakerOpenP99Ms),
          row('Same rounds: cached hit (no registry wanted)', cachedHits),
        ];
      } finally {
        await standIn.stop();
      }
    } finally {
      await untilGermanyBack(ctx, service, probe);
    }
  },
};

// ---------------------------------------------------------------------------------------------
// 3. GET /v1/status

export const status: BenchCase = {
  id: 'status',
  title: 'GET /v1/status',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false, env: VIES_DEFAULTS });
    const request: LoadRequest = { url: `${service.url}/v1/status` };
    const first = await send(request);
    if (first.status !== 200) throw new Error(`GET /v1/status answered ${first.status}`);
    const standIn = await startBaseline(ctx.paths, first.bytes);
    try {
      const [bare, measured] = await interleaved(ctx, [
        {
          label: 'bare node:http',
          pid: standIn.pid,
          request: { url: `${standIn.url}/v1/status` },
          tool: 'spread',
        },
        {
          label: 'GET /v1/status',
          pid: service.pid,
          request,
          tool: 'spread',
          metricsUrl: `${service.url}/metrics`,
        },
      ]);
      return [
        {
          kind: 'figure',
          name: 'GET /v1/status',
          dialect: ctx.dialect,
          tool: 'node:http, one address per 50 requests, interleaved rounds',
          figure: latencyFigure(measured, bare),
          checks: [noFailuresIn(measured), p99Check(measured, TARGETS.statusP99Ms)],
          note:
            `GET /v1/status is limited to 60 requests a minute per client address, so the load comes from many: ` +
            `50 connections, each from its own loopback address for 50 requests, then a fresh address, offering ` +
            `${OFFERED_RATE.toLocaleString('en-US')} requests a second together (the target's runs), then as fast as answered ` +
            `(bench/spread-load.ts). The answer is ${first.bytes.length.toLocaleString('en-US')} bytes; the bare ` +
            `node:http stand-in answers the same bytes under the same generator in the same rounds.`,
        },
      ];
    } finally {
      await standIn.stop();
    }
  },
};
