import type { LoadStats } from './load-shapes.js';
import {
  authed,
  type BenchCase,
  expectOk,
  type Measured,
  measureWarm,
  RATES_PATH,
  throughputRow,
  warmUp,
} from './measure.js';
import type { Row } from './report.js';

/**
 * GET /v1/rates/DE/categories against GET /v1/rates/DE, on one service process: categories are
 * served as rates are (frozen lists from the rates table, each one's JSON rendered once), so a
 * category lookup should cost about what a rate lookup costs. Target: at least 0.8 × the rate
 * lookup's requests per second. Germany's list is one of the longest (40 entries, its import rates
 * with their notes: about 14 KB against the record's 4 KB). The two are measured in alternating
 * rounds, so load from elsewhere on the machine weighs on both alike; the ratio is of their
 * requests summed over the rounds.
 */

export const CATEGORIES_PATH = '/v1/rates/DE/categories';
const TARGET = 0.8;
const ROUNDS = 2;

/** Requests per second over several measured runs of one request. */
function rpsOf(runs: readonly Measured[]): number {
  const requests = runs.reduce((sum, run) => sum + run.stats.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.stats.seconds, 0);
  return seconds > 0 ? requests / seconds : 0;
}

/** One figure for several runs: their summed requests over their summed time, the worst p99. */
function combined(runs: readonly Measured[]): Measured {
  const stats: LoadStats = {
    ...runs[0].stats,
    requests: runs.reduce((sum, run) => sum + run.stats.requests, 0),
    seconds: runs.reduce((sum, run) => sum + run.stats.seconds, 0),
    rps: rpsOf(runs),
    p50Ms: Math.max(...runs.map((run) => run.stats.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.stats.p99Ms)),
    failures: runs.reduce((sum, run) => sum + run.stats.failures, 0),
    failureDetail: runs
      .map((run) => run.stats.failureDetail)
      .filter(Boolean)
      .join('; '),
  };
  const cpu = runs.map((run) => run.cpuUsPerRequest);
  return {
    stats,
    peakRssMb: Math.max(...runs.map((run) => run.peakRssMb ?? 0)) || undefined,
    cpuUsPerRequest: cpu.every((value) => value !== undefined)
      ? cpu.reduce((sum, value, i) => sum + value! * runs[i].stats.requests, 0) / stats.requests
      : undefined,
  };
}

export const rateCategories: BenchCase = {
  id: 'rate-categories',
  title: 'GET /v1/rates/DE/categories against GET /v1/rates/DE',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    const tool = ctx.settings.ceilingTool;
    const rates = authed(service, RATES_PATH);
    const categories = authed(service, CATEGORIES_PATH);
    const list = (await expectOk(categories, 'GET /v1/rates/DE/categories')) as { data: unknown[] };
    if (list.data.length === 0) throw new Error('GET /v1/rates/DE/categories answered no category');
    await warmUp(ctx.settings, rates, tool, 1);
    await warmUp(ctx.settings, categories, tool, 1);
    const runs: { rates: Measured[]; categories: Measured[] } = { rates: [], categories: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.rates.push(await measureWarm(ctx.settings, service.pid, rates, tool));
      runs.categories.push(await measureWarm(ctx.settings, service.pid, categories, tool));
    }
    const ratio = rpsOf(runs.categories) / rpsOf(runs.rates);
    const rows: Row[] = [
      throughputRow(ctx, 'GET /v1/rates/DE (beside the categories)', combined(runs.rates), () => []),
      throughputRow(
        ctx,
        'GET /v1/rates/DE/categories',
        combined(runs.categories),
        () => [
          {
            label: `${ratio.toFixed(2)} × GET /v1/rates/DE`,
            target: `≥ ${TARGET.toFixed(2)} × GET /v1/rates/DE`,
            met: ratio >= TARGET,
            gate: 'ratio',
          },
        ],
        `Measured in ${ROUNDS} alternating rounds with GET /v1/rates/DE on the same process: ${ratio.toFixed(2)} × its requests per second.`,
      ),
    ];
    return rows;
  },
};
