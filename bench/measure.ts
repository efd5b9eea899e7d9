import { runLoad } from './load.js';
import type { LoadRequest, LoadStats, Tool } from './load-shapes.js';
import { cpuMs, PeakRss } from './processes.js';
import type { Check, Row, ThroughputRow } from './report.js';
import type { BenchDatabase, Dialect, Paths, RunningService, Simulator } from './service.js';

/**
 * What every bench case works with: the context the runner hands it, the targets, and the shared
 * steps (an authenticated request, a warmed-up measurement, the checks and rows built from it).
 */

export interface BenchSettings {
  quick: boolean;
  connections: number;
  /** Warm-up: at least this long and this many requests, but never longer than warmupMaxSec. */
  warmupSec: number;
  warmupRequests: number;
  warmupMaxSec: number;
  measureSec: number;
  /** Requests in each of the memory case's three blocks. */
  memoryBlock: number;
  /** wrk when it is installed, else autocannon: used for the GET ceiling cases. */
  ceilingTool: Tool;
}

export interface ServiceRequest {
  accessLog: boolean;
  /** A new process even when one with the same settings is running (for counts from zero). */
  fresh?: boolean;
  /** More settings (the async case will need WORKER=true and WEBHOOK_ALLOWED_HOSTS). */
  env?: Record<string, string>;
}

export interface CaseContext {
  settings: BenchSettings;
  dialect: Dialect;
  /** The database the service runs on (its URL, for cases that seed it). */
  database: BenchDatabase;
  /** The PostgreSQL server's URL, for cases that make a database of their own. */
  postgresUrl: string;
  simulator: Simulator;
  /** The scripts of the run, for cases that start a stand-in of their own (startBaseline). */
  paths: Paths;
  /** Requests/s of the bare node:http baseline, measured earlier in this run. */
  baselineRps: number;
  /** CPU µs per request of the baseline, measured with it. */
  baselineCpuUs: number | undefined;
  /** The service with these settings: the running one when they match, else a new process (the old one stops). */
  service(request: ServiceRequest): Promise<RunningService>;
  /** Numbers this dialect's database has cached so far; a case that needs uncached numbers avoids them. */
  cached: Set<string>;
  progress(line: string): void;
}

export interface BenchCase {
  id: string;
  title: string;
  /** Also run by --quick. */
  quick: boolean;
  run(ctx: CaseContext): Promise<Row[]>;
}

export const RATES_PATH = '/v1/rates/DE';
/** Seeded in the VIES simulator with a name and an address: a full cached answer. */
export const CACHED_NUMBER = 'ATU12345675';
export const BATCH_SIZE = 50;
export const REGISTRY_LATENCY_MS = 200;

export const TARGETS = {
  ratesRatio: 0.65,
  /** Cached GET /v1/validate at 50 connections, as a share of the bare baseline's req/s. */
  cachedRatio: { sqlite: 0.3, postgres: 0.2 },
  cachedP99Ms: 20,
  registryWallMs: 1000,
  /** 50 uncached numbers over 10 VIES member states, VIES at 300 ms, 4 per member state. */
  viesBatchWallMs: 1500,
  breakerOpenP99Ms: 20,
  statusP99Ms: 10,
  rssMb: 200,
  rssGrowth: 0.05,
} as const;

// ---------------------------------------------------------------------------------------------
// Helpers shared by the cases

export function authed(
  service: RunningService,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): LoadRequest {
  return {
    url: `${service.url}${path}`,
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${service.key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  };
}

/** One request outside the load, for warming and checking answers. */
export async function send(
  request: LoadRequest,
): Promise<{ status: number; bytes: Buffer; json: () => unknown }> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

export interface Measured {
  stats: LoadStats;
  peakRssMb: number | undefined;
  /** CPU time the measured process spent per request (user + system, all threads). */
  cpuUsPerRequest: number | undefined;
}

/**
 * Load until the process is warm. Time alone is not enough: a fresh service serves its first
 * thousand or so requests at a fifth of its later rate (measured here: ~1.5-2.4 ms of CPU per
 * GET /v1/rates/DE for the first ~1,300 requests, then ~0.35 ms) while V8 optimises the hot paths.
 */
export async function warmUp(
  settings: BenchSettings,
  request: LoadRequest,
  tool: Tool,
  weight: number,
): Promise<void> {
  const started = performance.now();
  const wanted = settings.warmupRequests / weight;
  let requests = 0;
  for (;;) {
    const seconds = (performance.now() - started) / 1000;
    if (seconds >= settings.warmupMaxSec) return;
    if (seconds >= settings.warmupSec && requests >= wanted) return;
    const stats = await runLoad(request, { connections: settings.connections, durationSec: 1, tool });
    requests += stats.requests;
  }
}

/**
 * Warm-up, then the measured run with the process's peak RSS and CPU time tracked. `weight` is the
 * lookups one request makes (50 for a batch), which warm the hot paths as fast as 50 requests.
 */
export async function measure(
  settings: BenchSettings,
  pid: number,
  request: LoadRequest,
  tool: Tool,
  weight = 1,
): Promise<Measured> {
  await warmUp(settings, request, tool, weight);
  return measureWarm(settings, pid, request, tool);
}

/** The measured run alone, for a process warmed up already (interleaved rounds). */
export async function measureWarm(
  settings: BenchSettings,
  pid: number,
  request: LoadRequest,
  tool: Tool,
  rate?: number,
): Promise<Measured> {
  const peak = new PeakRss(pid);
  const cpuBefore = cpuMs(pid);
  const stats = await runLoad(request, {
    connections: settings.connections,
    durationSec: settings.measureSec,
    tool,
    rate,
  });
  const cpuAfter = cpuMs(pid);
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || stats.requests === 0
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / stats.requests;
  return { stats, peakRssMb: peak.stop(), cpuUsPerRequest };
}

export function noFailures(stats: Pick<LoadStats, 'failures' | 'failureDetail'>): Check {
  return {
    label: `${stats.failures} error answers${stats.failureDetail ? `: ${stats.failureDetail}` : ''}`,
    target: 'no errors',
    met: stats.failures === 0,
    gate: 'sanity',
  };
}

export function ratioCheck(ratio: number, minimum: number): Check {
  return {
    label: 'ratio',
    target: `≥ ${minimum.toFixed(2)} × baseline`,
    met: ratio >= minimum,
    gate: 'ratio',
  };
}

export function throughputRow(
  ctx: { dialect: string } & Pick<CaseContext, 'baselineRps' | 'baselineCpuUs'>,
  name: string,
  result: Measured,
  checks: (ratio: number) => Check[],
  note?: string,
): ThroughputRow {
  const ratio = result.stats.rps / ctx.baselineRps;
  return {
    kind: 'throughput',
    name,
    dialect: ctx.dialect,
    stats: result.stats,
    peakRssMb: result.peakRssMb,
    cpuUsPerRequest: result.cpuUsPerRequest,
    ratio,
    cpuRatio:
      ctx.baselineCpuUs === undefined || !result.cpuUsPerRequest
        ? undefined
        : ctx.baselineCpuUs / result.cpuUsPerRequest,
    checks: [noFailures(result.stats), ...checks(ratio)],
    note,
  };
}

export async function expectOk(request: LoadRequest, what: string): Promise<Record<string, unknown>> {
  const answer = await send(request);
  if (answer.status !== 200)
    throw new Error(`${what}: HTTP ${answer.status} ${answer.bytes.toString('utf8').slice(0, 300)}`);
  return answer.json() as Record<string, unknown>;
}
