import type { LoadRequest, LoadStats, Tool } from './load.js';
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
import { startBaseline } from './service.js';

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

async function viesBatch(ctx: CaseContext, numbers: readonly string[]): Promise<BatchRun> {
  const service = await ctx.service({ accessLog: false, env: VIES_DEFAULTS });
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

export const viesMemberStateBatch: BenchCase = {
  id: 'vies-batch',
  title: `POST /v1/validate/batch, 50 uncached numbers over 10 VIES member states, VIES at ${VIES_LATENCY_MS} ms`,
  quick: true,
  async run(ctx) {
    const batches = ctx.settings.quick ? 3 : 5;
    const fresh = (index: number) =>
      memberStateNumbers(MEMBER_STATES, PER_MEMBER_STATE, 1_000_000 + index * 10_000).filter(
        (number) => !ctx.cached.has(number),
      );
    // The first batch of the process goes first and apart: new connections to VIES, cold code.
    const cold = await viesBatch(ctx, fresh(0));
    const runs: BatchRun[] = [];
    for (let index = 1; index <= batches; index += 1) runs.push(await viesBatch(ctx, fresh(index)));
    const walls = runs.map((run) => run.wallMs);
    const failed = runs.flatMap((run) => run.failed);
    const notLive = runs.reduce((sum, run) => sum + run.notLive, 0);
    const perState = Math.max(...runs.flatMap((run) => Object.values(run.stats.maxInFlightByCountry)));
    const inFlight = Math.max(...runs.map((run) => run.stats.maxInFlight));
    const calls = runs.map((run) => run.stats.calls);
    const rounds = Math.ceil(PER_MEMBER_STATE / Number(VIES_DEFAULTS.VIES_MEMBER_STATE_CONCURRENCY));
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
      {
        label: 'slowest batch',
        target: `every batch < ${TARGETS.viesBatchWallMs.toLocaleString('en-US')} ms`,
        met: Math.max(...walls) < TARGETS.viesBatchWallMs,
        gate: 'absolute',
      },
    ];
    const row: FigureRow = {
      kind: 'figure',
      name: `Batch of 50 uncached over 10 VIES member states, VIES ${VIES_LATENCY_MS} ms, 4 per member state`,
      dialect: ctx.dialect,
      tool: 'one request at a time (fetch)',
      figure:
        `median ${ms(median(walls))} ms, slowest ${ms(Math.max(...walls))} ms over ${batches} batches ` +
        `(${walls.map(ms).join(' / ')} ms); first batch of the process ${ms(cold.wallMs)} ms; ` +
        `least possible ${rounds * VIES_LATENCY_MS} ms (computed)`,
      checks,
      note:
        `${PER_MEMBER_STATE} numbers in each of ${MEMBER_STATES.join(', ')}: checksum-valid, never seen by the simulator ` +
        `(answered "not registered", live), new ones for every batch. The simulator answers every VIES call after ` +
        `${VIES_LATENCY_MS} ms; the service runs with VIES_MEMBER_STATE_CONCURRENCY=4 and VIES_CONCURRENCY=20 (the ` +
        `shipped defaults), so each member state takes ${rounds} rounds of calls: ${rounds} × ${VIES_LATENCY_MS} ms ` +
        `is the least a batch can take. Seen by the simulator: ${calls.join(' / ')} VIES calls per batch, at most ` +
        `${perState} at once for one member state and ${inFlight} at once in all. Service-side ` +
        `request_duration_ms: ${runs.map((run) => run.serviceMs).join(' / ')}.`,
    };
    return [row];
  },
};

// ---------------------------------------------------------------------------------------------
// Interleaved latency rounds against a bare stand-in

interface Contender {
  label: string;
  pid: number;
  request: LoadRequest;
  tool: Tool;
}

/**
 * Warms each contender, then measures them in turn, `rounds` times over, so a neighbour's burst on
 * the machine falls on all of them alike. Returns each contender's rounds in order.
 */
async function interleaved(ctx: CaseContext, contenders: readonly Contender[]): Promise<Measured[][]> {
  const rounds = ctx.settings.quick ? 1 : 3;
  for (const contender of contenders) await warmUp(ctx.settings, contender.request, contender.tool, 1);
  const results = contenders.map((): Measured[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, contender] of contenders.entries()) {
      const measured = await measureWarm(ctx.settings, contender.pid, contender.request, contender.tool);
      ctx.progress(
        `    round ${round + 1}, ${contender.label}: p50 ${ms(measured.stats.p50Ms)} ms, p99 ${ms(measured.stats.p99Ms)} ms, ` +
          `${Math.round(measured.stats.rps).toLocaleString('en-US')} req/s, ${measured.stats.failures} failures`,
      );
      results[index].push(measured);
    }
  }
  return results;
}

/** All rounds' failures together, as the sanity check of a row. */
function noFailuresIn(rounds: readonly Measured[]): Check {
  const failures = rounds.reduce((sum, round) => sum + round.stats.failures, 0);
  const detail = rounds
    .map((round) => round.stats.failureDetail)
    .filter(Boolean)
    .join('; ');
  return noFailures({ failures, failureDetail: detail });
}

/** `p99 9.1 ms (rounds 9.1 / 8.7 / 12.0), p50 …, req/s …, CPU µs/req …; bare stand-in p99 …`. */
function latencyFigure(rounds: readonly Measured[], standIn: readonly Measured[]): string {
  const p99s = rounds.map((round) => round.stats.p99Ms);
  const stat = (pick: (stats: LoadStats) => number) => median(rounds.map((round) => pick(round.stats)));
  const cpu = rounds.flatMap((round) => (round.cpuUsPerRequest === undefined ? [] : [round.cpuUsPerRequest]));
  return (
    `p99 ${ms(median(p99s))} ms (median of ${rounds.length} round${rounds.length > 1 ? 's' : ''}: ${p99s.map(ms).join(' / ')}); ` +
    `p50 ${ms(stat((s) => s.p50Ms))} ms; ${Math.round(stat((s) => s.rps)).toLocaleString('en-US')} req/s` +
    `${cpu.length ? `; ${Math.round(median(cpu))} µs CPU/req` : ''}; ` +
    `bare node:http in the same rounds: p99 ${standIn.map((round) => ms(round.stats.p99Ms)).join(' / ')} ms, ` +
    `${standIn.map((round) => Math.round(round.stats.rps).toLocaleString('en-US')).join(' / ')} req/s`
  );
}

function p99Check(rounds: readonly Measured[], targetMs: number): Check {
  return {
    label: 'p99',
    target: `p99 < ${targetMs} ms`,
    met: median(rounds.map((round) => round.stats.p99Ms)) < targetMs,
    gate: 'absolute',
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Answers while a member state's breaker is open

/** The message of a 503 the breaker gave (the registry was not called). */
const BREAKER_REFUSAL = 'not called until a probe succeeds';

export const breakerOpen: BenchCase = {
  id: 'breaker-open',
  title: "GET /v1/validate while Germany's VIES breaker is open",
  quick: true,
  async run(ctx) {
    // A one-second TTL, so answers cached a moment ago are served stale (not fresh) while open.
    const service = await ctx.service({
      accessLog: false,
      env: { ...VIES_DEFAULTS, CACHE_TTL_SECONDS: '1' },
    });
    const germans = memberStateNumbers(['DE'], 420, 2_000_000).filter((number) => !ctx.cached.has(number));
    const [neverCached, cachedBefore, trips] = [
      germans.slice(0, 200),
      germans.slice(200, 400),
      germans.slice(400),
    ];
    const path = (number: string) => `/v1/validate?vat_number=${number}`;

    await ctx.simulator.control('PUT', 'vies/countries/DE', { mode: 'up' });
    for (let i = 0; i < cachedBefore.length; i += BATCH_SIZE) {
      const body = { vat_numbers: cachedBefore.slice(i, i + BATCH_SIZE) };
      await expectOk(
        authed(service, '/v1/validate/batch', { method: 'POST', body }),
        'caching German numbers',
      );
    }
    for (const number of [...cachedBefore, ...neverCached, ...trips]) ctx.cached.add(number);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

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
      const stale = (await expectOk(authed(service, path(cachedBefore[0])), 'stale answer')) as {
        meta: { stale?: boolean };
      };
      if (stale.meta.stale !== true) throw new Error('the cached answer was not served stale while open');

      const standIn = await startBaseline(ctx.paths, refused.bytes);
      try {
        await ctx.simulator.control('POST', 'reset-stats');
        const [bare, unavailable, served] = await interleaved(ctx, [
          {
            label: 'bare node:http',
            pid: standIn.pid,
            request: { url: `${standIn.url}/` },
            tool: 'autocannon',
          },
          {
            label: '503 while open',
            pid: service.pid,
            request: {
              ...authed(service, path(neverCached[0])),
              paths: neverCached.map(path),
              expectStatus: 503,
            },
            tool: 'autocannon',
          },
          {
            label: 'stale 200 while open',
            pid: service.pid,
            request: { ...authed(service, path(cachedBefore[0])), paths: cachedBefore.map(path) },
            tool: 'autocannon',
          },
        ]);
        const stats = (await ctx.simulator.control('GET', 'stats')) as Record<string, { calls: number }>;
        const probes = `VIES calls during the load: ${stats.vies.calls} (the breaker's probes, one per CIRCUIT_COOLDOWN_MS of 30 s)`;
        const note =
          `Germany switched down in the simulator (MS_UNAVAILABLE), the breaker opened by ${tripped} failed validations ` +
          `(CIRCUIT_FAILURE_THRESHOLD=5; the last one answered by the breaker). Load: autocannon, 50 connections, ` +
          `each request a different number of 200 in turn; the bare node:http stand-in answers the bytes of the 503 ` +
          `and is loaded by the same autocannon settings in the same rounds. ${probes}.`;
        return [
          {
            kind: 'figure',
            name: 'Breaker open: 503 for a number never cached',
            dialect: ctx.dialect,
            tool: 'autocannon, interleaved rounds',
            figure: latencyFigure(unavailable, bare),
            checks: [noFailuresIn(unavailable), p99Check(unavailable, TARGETS.breakerOpenP99Ms)],
            note,
          },
          {
            kind: 'figure',
            name: 'Breaker open: stale 200 for a number cached before',
            dialect: ctx.dialect,
            tool: 'autocannon, interleaved rounds',
            figure: latencyFigure(served, bare),
            checks: [noFailuresIn(served), p99Check(served, TARGETS.breakerOpenP99Ms)],
            note,
          },
        ];
      } finally {
        await standIn.stop();
      }
    } finally {
      await ctx.simulator.control('PUT', 'vies/countries/DE', { mode: 'up' });
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
        { label: 'GET /v1/status', pid: service.pid, request, tool: 'spread' },
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
            `50 connections, each from its own loopback address for 50 requests, then a fresh address ` +
            `(bench/spread-load.ts). The answer is ${first.bytes.length.toLocaleString('en-US')} bytes; the bare ` +
            `node:http stand-in answers the same bytes under the same generator in the same rounds.`,
        },
      ];
    } finally {
      await standIn.stop();
    }
  },
};
