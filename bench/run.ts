import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CASES } from './cases.js';
import { findWrk } from './load.js';
import {
  type BenchCase,
  type BenchSettings,
  type CaseContext,
  measure,
  noFailures,
  type ServiceRequest,
  send,
  throughputRow,
} from './measure.js';
import { cleanupAll, installCleanupHandlers } from './processes.js';
import { formatSummary, summariseProfile } from './profile-summary.js';
import {
  failedChecks,
  loadAverage,
  markdownReport,
  progressLine,
  type Row,
  type ThroughputRow,
} from './report.js';
import {
  type BenchDatabase,
  createDatabase,
  type Dialect,
  type Paths,
  type RunningService,
  type Simulator,
  startBaseline,
  startService,
  startSimulator,
} from './service.js';

/**
 * `npm run bench [-- --quick]`: the service against a bare node:http baseline measured in the same
 * run, on SQLite and PostgreSQL, then the registry and memory cases (issues 3 and 5). Prints progress
 * to stderr and a Markdown report to stdout. Exit code 0 when every target is met, 1 when one is
 * missed (in --quick only ratio targets count), 2 when the bench itself failed.
 */

const USAGE = `Usage: node dist/bench/run.js [options]
  --quick              short run (SQLite only, 3 s per figure, no memory case); exits 1 on a missed ratio target
  --only a,b           run only these cases: ${CASES.map((c) => c.id).join(', ')}
  --dialects a,b       sqlite, postgres (default: both; --quick: sqlite)
  --cpu-prof           run the service under --cpu-prof and summarise each profile (kept in a temp folder)
Environment: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test)`;

const here = dirname(fileURLToPath(import.meta.url));
const paths: Paths = {
  cli: join(here, '..', 'src', 'cli.js'),
  baselineServer: join(here, 'baseline-server.js'),
  floorServer: join(here, 'floor-server.js'),
};

interface Options {
  settings: BenchSettings;
  cases: BenchCase[];
  dialects: Dialect[];
  profileDir?: string;
  postgresUrl: string;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean' },
      only: { type: 'string' },
      dialects: { type: 'string' },
      'cpu-prof': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const quick = values.quick === true;
  const wanted = values.only?.split(',').map((id) => id.trim());
  const unknown = wanted?.filter((id) => !CASES.some((c) => c.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown case ${unknown.join(', ')}\n${USAGE}`);
  const cases = CASES.filter((c) => (wanted ? wanted.includes(c.id) : !quick || c.quick));
  const dialects = (values.dialects?.split(',').map((d) => d.trim()) ??
    (quick ? ['sqlite'] : ['sqlite', 'postgres'])) as Dialect[];
  for (const dialect of dialects) {
    if (dialect !== 'sqlite' && dialect !== 'postgres')
      throw new Error(`unknown dialect ${dialect}\n${USAGE}`);
  }
  let profileDir: string | undefined;
  if (values['cpu-prof']) {
    profileDir = join(tmpdir(), `vat-bench-profiles-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(profileDir, { recursive: true });
  }
  return {
    settings: {
      quick,
      connections: 50,
      warmupSec: quick ? 1 : 3,
      warmupRequests: quick ? 3_000 : 10_000,
      warmupMaxSec: quick ? 6 : 20,
      measureSec: quick ? 3 : 10,
      memoryBlock: 50_000,
      ceilingTool: findWrk() ? 'wrk' : 'autocannon',
    },
    cases,
    dialects,
    profileDir,
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

const runStarted = performance.now();
/** Progress on stderr, each line stamped with the seconds since the run started. */
const progress = (line: string) => {
  const seconds = ((performance.now() - runStarted) / 1000).toFixed(1).padStart(5);
  process.stderr.write(`${line.startsWith('\n') ? '\n' : ''}${seconds}s ${line.replace(/^\n/, '')}\n`);
};

/** One dialect's database and the service process currently serving it. */
class DialectRun implements CaseContext {
  readonly cached = new Set<string>();
  baselineRps = Number.NaN;
  baselineCpuUs: number | undefined;
  private current: { key: string; service: RunningService; label: string; cases: Set<string> } | undefined;
  currentCase = '';
  readonly progress = progress;
  readonly paths = paths;

  constructor(
    readonly settings: BenchSettings,
    readonly dialect: Dialect,
    readonly simulator: Simulator,
    readonly database: BenchDatabase,
    readonly postgresUrl: string,
    private readonly profileDir: string | undefined,
  ) {}

  async service(request: ServiceRequest): Promise<RunningService> {
    const key = JSON.stringify({ accessLog: request.accessLog, env: request.env ?? {} });
    if (this.current && this.current.key === key && !request.fresh) {
      this.current.cases.add(this.currentCase);
      return this.current.service;
    }
    await this.stopService();
    const nodeArgs = this.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${this.profileDir}`] : [];
    const service = await startService(paths, this.database, this.simulator, { ...request, nodeArgs });
    const label = `${this.dialect}, ACCESS_LOG=${request.accessLog}${request.env ? `, ${JSON.stringify(request.env)}` : ''}`;
    progress(`  service pid ${service.pid} up (${label})`);
    this.current = { key, service, label, cases: new Set([this.currentCase]) };
    return service;
  }

  async stopService(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    await current.service.stop();
    if (this.profileDir) {
      const label = `${current.label}; cases ${[...current.cases].join(', ')}`;
      summariseProfiles(this.profileDir, current.service, label);
    }
  }
}

function summariseProfiles(dir: string, service: RunningService, label: string): void {
  const { pid, startupMs } = service;
  for (const file of readdirSync(dir).filter(
    (name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.`),
  )) {
    progress(
      `\nCPU profile of service pid ${pid} (${label}), start-up (${startupMs} ms) left out: ${join(dir, file)}`,
    );
    progress(formatSummary(summariseProfile(join(dir, file), 20, startupMs)));
  }
}

/**
 * Starts a stand-in answering the service's exact GET /v1/rates/DE bytes (the bare node:http
 * baseline, or with `floorKey` the Fastify floor), checks that it does, and measures it.
 */
async function measureStandIn(settings: BenchSettings, service: RunningService, floorKey?: string) {
  const request = { url: `${service.url}/v1/rates/DE`, headers: { authorization: `Bearer ${service.key}` } };
  const answer = await send(request);
  if (answer.status !== 200) throw new Error(`GET /v1/rates/DE answered ${answer.status}`);
  const standIn = await startBaseline(paths, answer.bytes, floorKey);
  try {
    const target = { ...request, url: `${standIn.url}/v1/rates/DE` };
    const check = await send(target);
    if (!check.bytes.equals(answer.bytes))
      throw new Error(`the ${floorKey ? 'floor' : 'baseline'} does not answer the same bytes as the service`);
    const result = await measure(settings, standIn.pid, target, settings.ceilingTool);
    return { result, bytes: answer.bytes.length };
  } finally {
    await standIn.stop();
  }
}

/** The baseline: a bare node:http child answering the service's exact GET /v1/rates/DE bytes. */
async function measureBaseline(
  settings: BenchSettings,
  service: RunningService,
  dialect: Dialect,
): Promise<ThroughputRow> {
  const { result, bytes } = await measureStandIn(settings, service);
  return {
    kind: 'throughput',
    name: 'Baseline: bare node:http, same bytes',
    dialect: `– (before ${dialect})`,
    stats: result.stats,
    peakRssMb: result.peakRssMb,
    cpuUsPerRequest: result.cpuUsPerRequest,
    ratio: 1,
    cpuRatio: 1,
    checks: [noFailures(result.stats)],
    note: `A bare node:http server in its own process answering the exact ${bytes} bytes of the service's GET /v1/rates/DE answer; the ratios of the rows below it (same dialect) divide by its req/s.`,
  };
}

/**
 * The floor: a minimal Fastify route with a SHA-256 key lookup and an in-memory counter
 * (bench/floor-server.ts), answering the same bytes. No target: it shows what the framework and
 * those two steps cost here, so the gap between it and the service is the service's own.
 */
async function measureFloor(
  settings: BenchSettings,
  service: RunningService,
  baseline: ThroughputRow,
): Promise<ThroughputRow> {
  const { result } = await measureStandIn(settings, service, service.key);
  const reference = {
    dialect: baseline.dialect,
    baselineRps: baseline.stats.rps,
    baselineCpuUs: baseline.cpuUsPerRequest,
  };
  return throughputRow(
    reference,
    'Floor: Fastify route, SHA-256 key lookup, counter',
    result,
    () => [],
    'The least any authenticated GET needs, "a SHA-256 key lookup and an in-memory counter": Fastify 5 with one route and one onRequest hook, no logger, no metrics, no request id, the same bytes (bench/floor-server.ts). No target; the rows below it compare with the baseline, and their distance from this row is what the service\'s own features cost.',
  );
}

function errorRow(dialect: string, name: string, error: unknown): Row {
  const message = (error as Error).message.split('\n')[0];
  return {
    kind: 'figure',
    name,
    dialect,
    tool: '–',
    figure: `failed: ${message}`,
    checks: [{ label: 'case failed', target: 'runs', met: false, gate: 'sanity' }],
  };
}

async function main(): Promise<number> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  const options = parseOptions(process.argv.slice(2));
  const { settings } = options;
  installCleanupHandlers();
  const tools =
    settings.ceilingTool === 'wrk'
      ? 'wrk (1 thread) for baseline, rates and cached-validation figures, autocannon for the rest'
      : 'autocannon for every figure (wrk not on PATH)';
  progress(`bench: ${settings.quick ? 'quick' : 'full'} mode; ${options.dialects.join(' and ')}; ${tools}`);
  const rows: Row[] = [];
  // The simulator starts while the databases are migrated and seeded.
  const [simulator, ...databases] = await Promise.all([
    startSimulator(paths),
    ...options.dialects.map((dialect) =>
      createDatabase(dialect, options.postgresUrl).catch((error: unknown) => error as Error),
    ),
  ]);
  for (const [index, dialect] of options.dialects.entries()) {
    progress(`\n[${dialect}]`);
    const database = databases[index];
    if (database instanceof Error) {
      rows.push(errorRow(dialect, 'database setup', database));
      progress(`  ${dialect} unavailable: ${database.message}`);
      continue;
    }
    const run = new DialectRun(
      settings,
      dialect,
      simulator,
      database,
      options.postgresUrl,
      options.profileDir,
    );
    try {
      // The baseline again for every dialect: a full run lasts many minutes, and what else the machine
      // runs drifts; each dialect's ratios divide by a baseline measured just before them.
      run.currentCase = 'baseline';
      const baseline = await measureBaseline(settings, await run.service({ accessLog: false }), dialect);
      rows.push(baseline);
      progress(progressLine(baseline));
      run.baselineRps = baseline.stats.rps;
      run.baselineCpuUs = baseline.cpuUsPerRequest;
      try {
        const floor = await measureFloor(settings, await run.service({ accessLog: false }), baseline);
        rows.push(floor);
        progress(progressLine(floor));
      } catch (error) {
        rows.push(errorRow(dialect, 'Floor: Fastify route, SHA-256 key lookup, counter', error));
      }
      for (const benchCase of options.cases) {
        run.currentCase = benchCase.id;
        progress(`  ${benchCase.title}…`);
        try {
          for (const row of await benchCase.run(run)) {
            rows.push(row);
            progress(progressLine(row));
          }
        } catch (error) {
          const row = errorRow(dialect, benchCase.title, error);
          rows.push(row);
          progress(`  ${benchCase.id} FAILED: ${(error as Error).message}`);
        }
      }
    } finally {
      await run.stopService();
    }
  }
  await simulator.stop();

  const warmUp = `warm-up ≥ ${settings.warmupSec} s and ≥ ${settings.warmupRequests.toLocaleString('en-US')} requests (at most ${settings.warmupMaxSec} s)`;
  const mode = `${settings.quick ? '--quick' : 'full'} (${warmUp}, then ${settings.measureSec} s per figure)`;
  const toolFacts =
    settings.ceilingTool === 'wrk' ? 'wrk 1 thread + autocannon 8' : 'autocannon 8 (wrk not installed)';
  process.stdout.write(
    `\n${markdownReport(rows, { mode, tools: toolFacts, load: [loadAtStart, loadAverage()] })}\n`,
  );
  const failed = failedChecks(rows, settings.quick);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed.length === 0) {
    progress(`\nbench: every ${settings.quick ? 'ratio ' : ''}target met (${seconds} s)`);
    return 0;
  }
  progress(
    `\nbench: ${failed.length} target(s) missed: ${failed.map((check) => `${check.label} (${check.target})`).join('; ')} (${seconds} s)`,
  );
  return 1;
}

main()
  .catch((error: unknown) => {
    progress(`bench failed: ${(error as Error).stack ?? String(error)}`);
    return 2;
  })
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  });
