import { createAccount } from '../src/accounts/keys.js';
import type { RegistryExchange } from '../src/registries/registry.js';
import { createStores } from '../src/store/stores.js';
import type { ValidationAnswer } from '../src/validation/answer.js';
import { keepEvidence } from '../src/validation/evidence.js';
import { recordAnswers } from '../src/validation/record.js';
import { authed, type BenchCase, type CaseContext, send } from './measure.js';
import { generatedNumbers } from './numbers.js';
import { cpuMs } from './processes.js';
import type { Row } from './report.js';
import { withScratchDatabase } from './scratch-database.js';
import type { Dialect, RunningService } from './service.js';

/**
 * The evidence case: what keeping the evidence and the record costs an uncached validation
 * (target: at most 15% over the same request without them). The service has no switch that
 * leaves them out, and the bench adds none: a second code path would measure itself. So the
 * service is measured whole (uncached GET /v1/validate against the simulator, its CPU per request
 * and latency), and the two writes the pipeline adds for evidence and record (`keepEvidence` with
 * the exchange the service kept for one of those answers, `recordAnswers` with its answer) are
 * run alone through the same stores on a fresh database of the same engine. Their cost divided by
 * the rest of the request is the overhead.
 */

const TARGET_OVERHEAD = 0.15;
const WARMUP = 200;
const REQUESTS = 1_000;
const CONCURRENCY = 4;
const WRITES = 1_000;

/** Far from the other cases' numbers: every one is a registry call. */
const NUMBER_OFFSET = 700_000;

interface ServiceSide {
  cpuUs: number | undefined;
  wallMs: number;
  recordId: string;
}

/** `numbers` through uncached GET /v1/validate, CONCURRENCY at a time; service CPU per request. */
async function validateAll(service: RunningService, numbers: readonly string[]): Promise<ServiceSide> {
  let next = 0;
  let recordId = '';
  const latencies: number[] = [];
  const worker = async () => {
    while (next < numbers.length) {
      const number = numbers[next++];
      const started = performance.now();
      const answer = await send(authed(service, `/v1/validate?vat_number=${number}`));
      latencies.push(performance.now() - started);
      if (answer.status !== 200)
        throw new Error(
          `GET /v1/validate ${number}: HTTP ${answer.status} ${answer.bytes.toString().slice(0, 200)}`,
        );
      const body = answer.json() as { meta: { cached?: boolean; validation_id: string } };
      if (body.meta.cached) throw new Error(`${number} was answered from the cache`);
      recordId = body.meta.validation_id;
    }
  };
  const before = cpuMs(service.pid);
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const after = cpuMs(service.pid);
  latencies.sort((a, b) => a - b);
  return {
    cpuUs:
      before === undefined || after === undefined ? undefined : ((after - before) * 1000) / numbers.length,
    wallMs: latencies[Math.floor(latencies.length / 2)],
    recordId,
  };
}

interface Kept {
  exchange: RegistryExchange;
  answer: ValidationAnswer;
}

/** The exchange and answer behind one of the service's records, read back over the API. */
async function keptFor(service: RunningService, recordId: string): Promise<Kept> {
  const response = await send(authed(service, `/v1/validations/${recordId}`));
  if (response.status !== 200) throw new Error(`GET /v1/validations/${recordId}: HTTP ${response.status}`);
  const { data } = response.json() as {
    data: {
      vat_number: string;
      country_code: string;
      valid: boolean;
      requested_at: string;
      source: string;
      evidence: {
        registry: RegistryExchange['registry'];
        url: string;
        method: RegistryExchange['method'];
        duration_ms: number;
        request: string;
        response: { status: number; content_type: string | null; body: string; truncated: boolean };
        response_sha256: string;
      } | null;
    };
  };
  const { evidence } = data;
  if (!evidence) throw new Error(`record ${recordId} has no evidence`);
  return {
    exchange: {
      registry: evidence.registry,
      url: evidence.url,
      method: evidence.method,
      requestedAt: Date.now(),
      durationMs: evidence.duration_ms,
      request: evidence.request,
      status: evidence.response.status,
      contentType: evidence.response.content_type,
      body: Buffer.from(evidence.response.body, 'utf8'),
      truncated: evidence.response.truncated,
      sha256: evidence.response_sha256,
    },
    answer: {
      data: {
        valid: data.valid,
        vat_number: data.vat_number,
        country_code: data.country_code,
        company: null,
        consultation_number: null,
        requested_at: data.requested_at,
      },
      meta: { cached: false, source: data.source, source_status: 'live' },
    } as ValidationAnswer,
  };
}

interface WriteCost {
  /** keepEvidence: the exchange's row. */
  evidenceCpuUs: number;
  evidenceWallUs: number;
  /** recordAnswers: the record's hash and its row, in a statement of its own. */
  recordCpuUs: number;
  recordWallUs: number;
}

/** CPU and wall µs per call of `work`, WRITES calls one after another after a fifth as many to warm. */
async function perCall(work: (n: number) => Promise<unknown>): Promise<{ cpuUs: number; wallUs: number }> {
  for (let n = 0; n < WRITES / 5; n++) await work(n);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let n = 0; n < WRITES; n++) await work(n);
  const wallUs = ((performance.now() - started) * 1000) / WRITES;
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / WRITES, wallUs };
}

/**
 * `keepEvidence` and `recordAnswers`, as the pipeline calls them for a registry answer, each
 * WRITES times one after another through createStores on a fresh database of the engine.
 */
async function writeCost(dialect: Dialect, postgresUrl: string, kept: Kept): Promise<WriteCost> {
  return withScratchDatabase(dialect, postgresUrl, 'evidence', async (database) => {
    const stores = createStores(database);
    const account = await createAccount(stores.accounts, 'Bench', 'business', Date.now());
    const evidence = await perCall(() => keepEvidence(stores.evidence, kept.exchange, undefined, Date.now()));
    const reference = await keepEvidence(stores.evidence, kept.exchange, undefined, Date.now());
    const record = await perCall((n) =>
      recordAnswers(
        stores.records,
        [{ ...kept.answer, evidence: reference }],
        { accountId: account.id, mode: 'live', requestId: `bench-${n}`, channel: 'sync' },
        Date.now(),
      ),
    );
    return {
      evidenceCpuUs: evidence.cpuUs,
      evidenceWallUs: evidence.wallUs,
      recordCpuUs: record.cpuUs,
      recordWallUs: record.wallUs,
    };
  });
}

/** What `part` adds to a request costing `whole` that includes it: part ÷ (whole − part). */
const added = (part: number, whole: number) => part / (whole - part);
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

function overheadRow(ctx: CaseContext, service: ServiceSide, writes: WriteCost): Row {
  const cpu = service.cpuUs ?? Number.NaN;
  const wallUs = service.wallMs * 1000;
  const evidenceCpu = added(writes.evidenceCpuUs, cpu);
  const bothCpu = added(writes.evidenceCpuUs + writes.recordCpuUs, cpu);
  const evidenceWall = added(writes.evidenceWallUs, wallUs);
  const bothWall = added(writes.evidenceWallUs + writes.recordWallUs, wallUs);
  return {
    kind: 'figure',
    name: 'Evidence and record on an uncached GET /v1/validate',
    dialect: ctx.dialect,
    tool: 'fetch + in-process',
    figure:
      `request ${cpu.toFixed(0)} µs CPU, p50 ${service.wallMs.toFixed(1)} ms; ` +
      `evidence write ${writes.evidenceCpuUs.toFixed(0)} µs CPU, ${(writes.evidenceWallUs / 1000).toFixed(2)} ms ` +
      `(+${pct(evidenceCpu)} CPU, +${pct(evidenceWall)} latency); ` +
      `with the record in a statement of its own ${(writes.evidenceCpuUs + writes.recordCpuUs).toFixed(0)} µs CPU, ` +
      `${((writes.evidenceWallUs + writes.recordWallUs) / 1000).toFixed(2)} ms (+${pct(bothCpu)} CPU, +${pct(bothWall)} latency)`,
    checks: [
      {
        label: 'evidence overhead',
        target: `≤ ${TARGET_OVERHEAD * 100} % CPU`,
        met: evidenceCpu <= TARGET_OVERHEAD,
        gate: 'absolute',
      },
    ],
    note: `${REQUESTS.toLocaleString('en-US')} distinct uncached numbers (${CONCURRENCY} at a time, the simulator answering at once), the service's CPU per request from /proc and the median latency; then, with the exchange the service kept for one of them, keepEvidence and recordAnswers ${WRITES.toLocaleString('en-US')} times each, one after another, through the same stores on a fresh ${ctx.dialect} database (CPU of the bench process). Overhead = their cost ÷ (the request's − their cost). The target is on the evidence; the record's figure is an upper bound: the pipeline writes a live key's record in the statement that charges the unit, not in one of its own.`,
  };
}

export const evidenceOverhead: BenchCase = {
  id: 'evidence',
  title: 'Evidence and record cost on an uncached validation',
  quick: false,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    await ctx.simulator.setLatency(0);
    const numbers = generatedNumbers(WARMUP + REQUESTS, ['vies'], NUMBER_OFFSET).filter(
      (number) => !ctx.cached.has(number),
    );
    for (const number of numbers) ctx.cached.add(number);
    await validateAll(service, numbers.slice(0, WARMUP));
    const measured = await validateAll(service, numbers.slice(WARMUP));
    const kept = await keptFor(service, measured.recordId);
    const writes = await writeCost(ctx.dialect, ctx.postgresUrl, kept);
    return [overheadRow(ctx, measured, writes)];
  },
};
