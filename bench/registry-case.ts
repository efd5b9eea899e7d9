import {
  authed,
  BATCH_SIZE,
  type BenchCase,
  type CaseContext,
  REGISTRY_LATENCY_MS,
  send,
  TARGETS,
} from './measure.js';
import { countByRegistry, generatedNumbers, spreadOverRegistries } from './numbers.js';
import { cpuMs } from './processes.js';
import type { Check, Row } from './report.js';
import { REGISTRY_IDS, type RunningService } from './service.js';

/**
 * The registry case: a sync batch of 50 uncached numbers over all five registries, every registry
 * call delayed 200 ms by the simulator. Target: under 1 s of wall time (a serial client needs 10 s).
 */

interface RegistryStats {
  calls: number;
  maxInFlight: number;
}

interface RegistryBatchRun {
  wallMs: number;
  /** CPU time the service spent on the batch: the part of the wall time the registries do not explain. */
  cpuMs: number | undefined;
  serviceMs: number;
  failed: string[];
  notLive: number;
  calls: string;
}

/** One sync batch with every registry answering after REGISTRY_LATENCY_MS; the simulator's counters around it. */
async function runRegistryBatch(
  ctx: CaseContext,
  service: RunningService,
  numbers: readonly string[],
): Promise<RegistryBatchRun> {
  const request = authed(service, '/v1/validate/batch', { method: 'POST', body: { vat_numbers: numbers } });
  await ctx.simulator.control('POST', 'reset-stats');
  await ctx.simulator.setLatency(REGISTRY_LATENCY_MS);
  let wallMs: number;
  let answer: Awaited<ReturnType<typeof send>>;
  const cpuBefore = cpuMs(service.pid);
  try {
    const started = performance.now();
    answer = await send(request);
    wallMs = performance.now() - started;
  } finally {
    await ctx.simulator.setLatency(0);
  }
  for (const number of numbers) ctx.cached.add(number);
  if (answer.status !== 200)
    throw new Error(`registry batch: HTTP ${answer.status} ${answer.bytes.toString('utf8').slice(0, 300)}`);
  const body = answer.json() as {
    data: { results: Array<{ meta: { cached?: boolean }; error?: { code: string; vat_number: string } }> };
    meta: { request_duration_ms: number };
  };
  const cpuAfter = cpuMs(service.pid);
  const stats = (await ctx.simulator.control('GET', 'stats')) as Record<string, RegistryStats>;
  return {
    wallMs,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    serviceMs: body.meta.request_duration_ms,
    failed: body.data.results.flatMap((item) =>
      item.error ? [`${item.error.vat_number}: ${item.error.code}`] : [],
    ),
    notLive: body.data.results.filter((item) => !item.error && item.meta.cached !== false).length,
    calls: Object.entries(stats)
      .map(([id, s]) => `${id} ${s.calls} calls, ${s.maxInFlight} at once`)
      .join('; '),
  };
}

function registryRow(
  ctx: CaseContext,
  name: string,
  numbers: readonly string[],
  run: RegistryBatchRun,
  withTarget: boolean,
  why: string,
): Row {
  const serialMs = BATCH_SIZE * REGISTRY_LATENCY_MS;
  const spread = Object.entries(countByRegistry(numbers))
    .map(([id, count]) => `${id} ${count}`)
    .join(', ');
  const checks: Check[] = [
    {
      label: `${run.failed.length} failed items${run.failed.length ? ` (${run.failed.join(', ')})` : ''}`,
      target: 'every item answered',
      met: run.failed.length === 0,
      gate: 'sanity',
    },
    {
      label: `${run.notLive} items not live`,
      target: 'every item live',
      met: run.notLive === 0,
      gate: 'sanity',
    },
  ];
  if (withTarget) {
    checks.push({
      label: 'wall time',
      target: `< ${TARGETS.registryWallMs} ms`,
      met: run.wallMs < TARGETS.registryWallMs,
      gate: 'absolute',
    });
  }
  return {
    kind: 'figure',
    name,
    dialect: ctx.dialect,
    tool: 'one request (fetch)',
    figure: `${Math.round(run.wallMs)} ms wall; ${(run.wallMs / serialMs).toFixed(3)} of the serial ${serialMs.toLocaleString('en-US')} ms (computed)`,
    checks,
    note:
      `${why} Numbers: ${spread}. Every registry call takes ${REGISTRY_LATENCY_MS} ms, so the longest chain is 2 calls ` +
      `(HMRC: token then lookup; UID: ValidateVatNumber then GetByUID for a valid number). The serial time ` +
      `${BATCH_SIZE} × ${REGISTRY_LATENCY_MS} ms is computed, not measured. <REGISTRY>_CONCURRENCY=50. ` +
      `Service-side request_duration_ms ${run.serviceMs}; service CPU time for the batch ${run.cpuMs === undefined ? '–' : `${Math.round(run.cpuMs)} ms`}. ` +
      `Simulator: ${run.calls}.`,
  };
}

export const registryBatch: BenchCase = {
  id: 'registry',
  title: 'POST /v1/validate/batch, 50 uncached numbers, 200 ms registries',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    // First batch: numbers no registry knows, ten per registry, through a process that has not
    // called a registry yet (cold connections, first HMRC token, registry code not yet optimised).
    const cold = generatedNumbers(BATCH_SIZE, REGISTRY_IDS, 500_000).filter(
      (number) => !ctx.cached.has(number),
    );
    const first = await runRegistryBatch(ctx, service, cold);
    // Second batch, the one the target is for: seeded companies (valid answers with names and
    // addresses, so UID makes both of its calls), every registry in the batch.
    const companies = (await ctx.simulator.control('GET', 'companies')) as Array<{ vatNumber: string }>;
    const seeded = spreadOverRegistries(
      companies.map((company) => company.vatNumber),
      BATCH_SIZE,
      ctx.cached,
    );
    const second = await runRegistryBatch(ctx, service, seeded);
    return [
      registryRow(
        ctx,
        `Registry batch: 50 uncached, ${REGISTRY_LATENCY_MS} ms per call`,
        seeded,
        second,
        true,
        'Seeded simulator companies, none cached, through a process that has made registry calls before (the steady state).',
      ),
      registryRow(
        ctx,
        'Registry batch, first after start (no target)',
        cold,
        first,
        false,
        'Numbers no registry knows (answered "not registered"), the first registry calls of the process: new connections, the first HMRC token, cold code.',
      ),
    ];
  },
};
