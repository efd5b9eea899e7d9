import { answerCpu } from './answer-cpu-case.js';
import { asyncBatch } from './async-case.js';
import { bulkFile } from './bulk-case.js';
import { decisionCached } from './decision-case.js';
import { evidenceOverhead } from './evidence-case.js';
import { history } from './history-case.js';
import { ledgerVerify } from './ledger-verify.js';
import { matchingCost } from './matching-case.js';
import {
  authed,
  BATCH_SIZE,
  type BenchCase,
  CACHED_NUMBER,
  expectOk,
  measure,
  RATES_PATH,
  ratioCheck,
  TARGETS,
  throughputRow,
} from './measure.js';
import { memory } from './memory-case.js';
import { generatedNumbers } from './numbers.js';
import { rateCategories } from './rate-categories-case.js';
import { registryBatch } from './registry-case.js';
import { breakerOpen, status, viesMemberStateBatch } from './resilience-case.js';

/**
 * The bench cases, one function each, run in list order for every dialect. To add a case, write a
 * `BenchCase` and put it in CASES: it gets the simulator, the baseline figure and a service started
 * with the settings it asks for, and returns rows for the final table.
 */

const rates: BenchCase = {
  id: 'rates',
  title: 'GET /v1/rates/DE',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    const result = await measure(
      ctx.settings,
      service.pid,
      authed(service, RATES_PATH),
      ctx.settings.ceilingTool,
    );
    return [
      // The ratio floors are set on SQLite, the embedded default; PostgreSQL is held to p99.
      throughputRow(ctx, 'GET /v1/rates/DE', result, (ratio) =>
        ctx.dialect === 'sqlite' ? [ratioCheck(ratio, TARGETS.ratesRatio)] : [],
      ),
    ];
  },
};

const ratesWithAccessLog: BenchCase = {
  id: 'rates-access-log',
  title: 'GET /v1/rates/DE with ACCESS_LOG=true',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: true });
    const result = await measure(
      ctx.settings,
      service.pid,
      authed(service, RATES_PATH),
      ctx.settings.ceilingTool,
    );
    return [
      throughputRow(
        ctx,
        'GET /v1/rates/DE, ACCESS_LOG=true',
        result,
        () => [],
        'ACCESS_LOG=true (the configuration default): one pino line per request, written to a log file. No floor of its own; the rates floor applies with ACCESS_LOG=false.',
      ),
    ];
  },
};

/** The cached answer's throughput at 50 connections against the bare baseline's, with its p99. */
const cachedValidation: BenchCase = {
  id: 'cached',
  title: 'GET /v1/validate, cached hit',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    const request = authed(service, `/v1/validate?vat_number=${CACHED_NUMBER}`);
    await expectOk(request, 'warming the cache');
    const second = (await expectOk(request, 'cached lookup')) as { meta: { cached?: boolean } };
    if (second.meta.cached !== true)
      throw new Error(`${CACHED_NUMBER} was not served from the cache on the second request`);
    ctx.cached.add(CACHED_NUMBER);
    const result = await measure(ctx.settings, service.pid, request, ctx.settings.ceilingTool);
    return [
      throughputRow(ctx, 'GET /v1/validate (cached hit)', result, (ratio) => [
        ratioCheck(ratio, TARGETS.cachedRatio[ctx.dialect]),
        {
          label: 'p99',
          target: `p99 < ${TARGETS.cachedP99Ms} ms`,
          met: result.stats.p99Ms < TARGETS.cachedP99Ms,
          gate: 'absolute',
        },
      ]),
    ];
  },
};

/**
 * What one answer costs: CPU per uncached and cached answer as multiples of a bare answer's
 * (answer-cpu-case.ts), then the cached answer's throughput at 50 connections. `--only answers`
 * runs it alone.
 */
const answers: BenchCase = {
  id: 'answers',
  title: 'CPU per uncached and cached answer; cached throughput at 50 connections',
  quick: true,
  async run(ctx) {
    return [...(await answerCpu(ctx)), ...(await cachedValidation.run(ctx))];
  },
};

const cachedBatch: BenchCase = {
  id: 'batch-cached',
  title: 'POST /v1/validate/batch, 50 cached numbers',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    const numbers = generatedNumbers(BATCH_SIZE);
    const request = authed(service, '/v1/validate/batch', { method: 'POST', body: { vat_numbers: numbers } });
    await expectOk(request, 'warming the cache');
    for (const number of numbers) ctx.cached.add(number);
    const warm = (await expectOk(request, 'cached batch')) as {
      data: { results: Array<{ meta: { cached?: boolean } }> };
    };
    const uncached = warm.data.results.filter((item) => item.meta.cached !== true).length;
    if (uncached > 0)
      throw new Error(`${uncached} of ${BATCH_SIZE} batch items were not served from the cache`);
    const result = await measure(ctx.settings, service.pid, request, 'autocannon', BATCH_SIZE);
    const perSecond = Math.round(result.stats.rps * BATCH_SIZE).toLocaleString('en-US');
    return [
      throughputRow(
        ctx,
        'POST /v1/validate/batch (50 cached)',
        result,
        () => [],
        `Sync batch of 50 distinct cached numbers (VIES answers "not registered", cached like any other): ${perSecond} numbers/s on ${ctx.dialect}. No target; the ratio compares requests, each worth 50 lookups.`,
      ),
    ];
  },
};

/**
 * Every case, in run order. The rates case with access logs comes after the registry case so the
 * first service process serves every case that shares its settings before it is replaced.
 *
 * The async case is asyncBatch (bench/async-case.ts): acceptance time of a 1000-item
 * POST /v1/validate/async/batch and the time until its batch.completed webhook arrives, through a
 * service started with a worker and a local HTTPS receiver (`ctx.service({ …, env })`). A new case
 * follows the same shape: its own file, a `BenchCase`, listed here.
 */
export const CASES: readonly BenchCase[] = [
  rates,
  rateCategories,
  answers,
  cachedBatch,
  registryBatch,
  viesMemberStateBatch,
  status,
  breakerOpen,
  evidenceOverhead,
  asyncBatch,
  bulkFile,
  ratesWithAccessLog,
  memory,
  history,
  ledgerVerify,
  matchingCost,
  decisionCached,
];
