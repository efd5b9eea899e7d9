import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import autocannon from 'autocannon';
import type { LoadPlan, LoadRequest, LoadStats } from './load-shapes.js';
import { tempDir } from './processes.js';
import { runSpreadLoad } from './spread-load.js';

/**
 * The load generators. autocannon runs in this process; on this 2-core machine it needs a whole core
 * above about 20k requests/s, so it caps the ceiling cases (the bare baseline most of all)
 * and makes ratios to the baseline look better than they are. wrk does not, so when the `wrk` binary
 * is on PATH the ceiling cases (GET requests) use it instead. Every figure says which tool made it.
 */

let wrkPath: string | null | undefined;

/** The wrk binary on PATH, or null. */
export function findWrk(): string | null {
  if (wrkPath === undefined) {
    wrkPath = null;
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      if (dir && existsSync(join(dir, 'wrk'))) {
        wrkPath = join(dir, 'wrk');
        break;
      }
    }
  }
  return wrkPath;
}

export function runLoad(request: LoadRequest, plan: LoadPlan): Promise<LoadStats> {
  if (plan.tool === 'spread' || plan.tool === 'paced') return runSpreadLoad(request, plan);
  if (plan.rate) throw new Error(`${plan.tool} does not offer a steady rate; use the paced tool`);
  if (plan.tool === 'wrk') return runWrk(request, plan);
  return runAutocannon(request, plan);
}

async function runAutocannon(request: LoadRequest, plan: LoadPlan): Promise<LoadStats> {
  const { paths } = request;
  let turn = 0;
  const result = await autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    connections: plan.connections,
    pipelining: 1,
    timeout: 10,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                turn += 1;
                return { ...req, path: paths[turn % paths.length] };
              },
            },
          ],
        }
      : {}),
    ...(plan.amount ? { amount: plan.amount } : { duration: plan.durationSec ?? 10 }),
  });
  const requests = result.requests.total;
  return {
    tool: 'autocannon',
    requests,
    seconds: result.duration,
    rps: result.duration > 0 ? requests / result.duration : 0,
    // autocannon records latencies in whole milliseconds.
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts timeouts among the errors.
    failures: result.errors + unexpectedAnswers(result, request.expectStatus),
    failureDetail: describeFailures(result, request.expectStatus),
  };
}

const statusCodes = (result: autocannon.Result) =>
  (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};

/** Answers other than the expected status (any non-2xx when none is given). */
function unexpectedAnswers(result: autocannon.Result, expectStatus: number | undefined): number {
  if (expectStatus === undefined) return result.non2xx;
  return Object.entries(statusCodes(result))
    .filter(([code]) => Number(code) !== expectStatus)
    .reduce((sum, [, { count }]) => sum + count, 0);
}

function describeFailures(result: autocannon.Result, expectStatus?: number): string {
  const parts: string[] = [];
  if (result.timeouts > 0) parts.push(`${result.timeouts} timeouts (10 s)`);
  if (result.errors > result.timeouts) parts.push(`${result.errors - result.timeouts} connection errors`);
  for (const [code, { count }] of Object.entries(statusCodes(result))) {
    const expected = expectStatus === undefined ? code.startsWith('2') : Number(code) === expectStatus;
    if (!expected) parts.push(`HTTP ${code} × ${count}`);
  }
  return parts.join(', ');
}

/** wrk's `done` hook prints one JSON line; latencies are in microseconds. */
const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"failures":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status + e.connect + e.read + e.write + e.timeout))
end
`;

async function runWrk(request: LoadRequest, plan: LoadPlan): Promise<LoadStats> {
  const wrk = findWrk();
  if (!wrk) throw new Error('wrk is not on PATH');
  if ((request.method ?? 'GET') !== 'GET' || plan.amount || request.paths || request.expectStatus)
    throw new Error('the wrk runner only does timed GET loads of one path answered 2xx');
  const script = join(tempDir(), 'wrk-report.lua');
  writeFileSync(script, WRK_SCRIPT);
  const headers = Object.entries(request.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const seconds = Math.max(1, Math.round(plan.durationSec ?? 10));
  // One thread: wrk's event loop drives 50 connections well past 50k requests/s, and leaves the
  // second core to the server.
  const args = [
    '-t1',
    `-c${plan.connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    ...headers,
    request.url,
  ];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(wrk, args, { timeout: (seconds + 30) * 1000 }, (error, out, err) => {
      if (error) reject(new Error(`wrk failed: ${err.trim() || error.message}`));
      else resolve(out);
    });
  });
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
  const report = JSON.parse(line.slice('WRK_JSON '.length)) as {
    requests: number;
    duration_us: number;
    p50_us: number;
    p99_us: number;
    failures: number;
  };
  const secondsRun = report.duration_us / 1e6;
  return {
    tool: 'wrk',
    requests: report.requests,
    seconds: secondsRun,
    rps: secondsRun > 0 ? report.requests / secondsRun : 0,
    p50Ms: report.p50_us / 1000,
    p99Ms: report.p99_us / 1000,
    failures: report.failures,
    failureDetail: report.failures > 0 ? `${report.failures} non-2xx answers or socket errors` : '',
  };
}
