import { Agent, request as httpRequest } from 'node:http';
import { authed, type CaseContext, send } from './measure.js';
import { generatedNumbers } from './numbers.js';
import { cpuMs } from './processes.js';
import type { Check, Row } from './report.js';
import { type RunningService, startBaseline } from './service.js';

/**
 * CPU per answer: what one uncached and one cached GET /v1/validate cost the service in CPU, as a
 * multiple of what a bare node:http server costs to answer the same client in the same run. Both
 * processes' CPU (user + system) is read from /proc around each block, so the figure holds on a
 * busy machine and compares across machines. Every block: 1,000 requests, 4 in flight, the
 * simulator answering at once. The rounds interleave bare, uncached and cached blocks so drift in
 * the machine's load falls on all three alike; each multiple is the rounds' total CPU over the
 * bare total.
 */

const NUMBERS = 1_000;
const IN_FLIGHT = 4;
/** Far from the other cases' numbers: every number of a round is a registry call. */
const NUMBER_OFFSET = 300_000;
/**
 * Numbers of the warm-up, each asked uncached then cached. A service runs for days: what is
 * measured is its steady state, once V8 has compiled its hot code. After 2,000 numbers the JIT
 * compiler still took a fifth of a cached answer's CPU (Linux perf, PROFILE=perf in
 * profile-answer.ts); after 10,000, a twentieth.
 */
const WARMUP_NUMBERS = 10_000;
/**
 * Bare answers per service answer in a round's bare block: a bare answer costs a few tens of µs,
 * and a block of only 1,000 of them is a few ticks of the /proc clock (10 ms each).
 */
const BARE_PER_ANSWER = 4;

/** The targets: uncached and cached CPU per answer, as multiples of a bare answer. */
export const CPU_TARGETS = {
  sqlite: { uncached: 4, cached: 1.5 },
  postgres: { uncached: 6, cached: 2.5 },
} as const;

/** `paths` in turn over `IN_FLIGHT` keep-alive connections; throws on any answer but 200. */
export async function drive(
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
  check?: (body: string, path: string) => void,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const url = new URL(base);
  let next = 0;
  const one = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest({ agent, host: url.hostname, port: url.port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200)
            reject(new Error(`${path}: HTTP ${res.statusCode} ${body.slice(0, 200)}`));
          else {
            try {
              check?.(body, path);
              resolve();
            } catch (error) {
              reject(error);
            }
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const worker = async () => {
    while (next < paths.length) await one(paths[next++]);
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    agent.destroy();
  }
}

/** CPU ms the process `pid` spent on `work`. */
export async function cpuOf(pid: number, work: () => Promise<void>): Promise<number> {
  const before = cpuMs(pid);
  await work();
  const after = cpuMs(pid);
  if (before === undefined || after === undefined) throw new Error(`no CPU time for pid ${pid} (/proc)`);
  return after - before;
}

const cachedIs = (expected: boolean) => (body: string, path: string) => {
  const cached = (JSON.parse(body) as { meta: { cached?: boolean } }).meta.cached === true;
  if (cached !== expected) throw new Error(`${path} was ${cached ? '' : 'not '}answered from the cache`);
};

/** GET /v1/validate for each of `numbers`, IN_FLIGHT at a time; each answer cached or not as `cached`. */
export function driveAnswers(service: RunningService, numbers: readonly string[], cached: boolean) {
  return drive(
    service.url,
    numbers.map((n) => `/v1/validate?vat_number=${n}`),
    { authorization: `Bearer ${service.key}` },
    cachedIs(cached),
  );
}

/** The CPU rows of the `answers` case (cases.ts), which adds the cached throughput at 50 connections. */
export async function answerCpu(ctx: CaseContext): Promise<Row[]> {
  {
    const service = await ctx.service({ accessLog: false });
    const headers = { authorization: `Bearer ${service.key}` };
    const rates = await send(authed(service, '/v1/rates/DE'));
    const bare = await startBaseline(ctx.paths, rates.bytes);
    const rounds = ctx.settings.quick ? 1 : 3;
    const sets = Array.from({ length: rounds + 1 }, (_, round) =>
      generatedNumbers(
        round === 0 ? WARMUP_NUMBERS : NUMBERS,
        ['vies'],
        NUMBER_OFFSET + round * 20_000,
      ).filter((number) => !ctx.cached.has(number)),
    );
    const pathsOf = (numbers: readonly string[]) => numbers.map((n) => `/v1/validate?vat_number=${n}`);
    const barePaths = Array(NUMBERS * BARE_PER_ANSWER).fill('/v1/rates/DE');
    try {
      // Warm-up: both processes see the load they are measured under before any figure is taken.
      await drive(bare.url, Array(WARMUP_NUMBERS).fill('/v1/rates/DE'), headers);
      await drive(service.url, pathsOf(sets[0]), headers, cachedIs(false));
      await drive(service.url, pathsOf(sets[0]), headers, cachedIs(true));
      const totals = { bare: 0, uncached: 0, cached: 0, bareN: 0, uncachedN: 0, cachedN: 0 };
      for (const numbers of sets.slice(1)) {
        for (const number of numbers) ctx.cached.add(number);
        totals.bare += await cpuOf(bare.pid, () => drive(bare.url, barePaths, headers));
        totals.bareN += barePaths.length;
        totals.uncached += await cpuOf(service.pid, () =>
          drive(service.url, pathsOf(numbers), headers, cachedIs(false)),
        );
        totals.uncachedN += numbers.length;
        totals.cached += await cpuOf(service.pid, () =>
          drive(service.url, pathsOf(numbers), headers, cachedIs(true)),
        );
        totals.cachedN += numbers.length;
      }
      const bareUs = (totals.bare * 1000) / totals.bareN;
      const uncachedUs = (totals.uncached * 1000) / totals.uncachedN;
      const cachedUs = (totals.cached * 1000) / totals.cachedN;
      const targets = CPU_TARGETS[ctx.dialect];
      const row = (kind: 'uncached' | 'cached', us: number): Row => {
        const multiple = us / bareUs;
        const check: Check = {
          label: `${kind} CPU`,
          target: `≤ ${targets[kind]} × bare CPU`,
          met: multiple <= targets[kind],
          gate: 'ratio',
        };
        return {
          kind: 'figure',
          name: `CPU per ${kind} answer (GET /v1/validate)`,
          dialect: ctx.dialect,
          tool: `/proc, ${rounds} × ${NUMBERS.toLocaleString('en-US')} requests, ${IN_FLIGHT} in flight`,
          figure: `${Math.round(us)} µs = ${multiple.toFixed(2)} × bare (${Math.round(bareUs)} µs)`,
          checks: [check],
          note:
            'CPU (user + system, /proc/PID/stat) of the service per answer over that of a bare node:http server answering ' +
            'GET /v1/rates/DE bytes to the same client in the same run, blocks interleaved (bare, uncached, cached) per round, ' +
            `after a warm-up of ${WARMUP_NUMBERS.toLocaleString('en-US')} numbers; the bare block is ${BARE_PER_ANSWER} answers per service answer. ` +
            `Uncached: ${NUMBERS.toLocaleString('en-US')} distinct numbers new to the cache, each one VIES call answered at once ` +
            '(evidence kept, cache written, charged and recorded); cached: the same numbers again.',
        };
      };
      return [row('uncached', uncachedUs), row('cached', cachedUs)];
    } finally {
      await bare.stop();
    }
  }
}
