import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadPlan, LoadRequest, LoadStats } from './load-shapes.js';

/**
 * A node:http load generator, the `spread` and `paced` tools.
 *
 * `spread`, for endpoints limited per client address (GET /v1/status: 60 a minute per address),
 * which one address could not load past a few requests: each connection comes from its own
 * loopback address (127.1.0.1 onwards; Linux answers the whole of 127/8), makes `PER_ADDRESS`
 * requests on one keep-alive connection and then moves to a fresh address, so no address reaches
 * the limit and none is used twice in a bench run. `paced`: each connection keeps one address.
 *
 * Without a rate, a closed loop like autocannon: `connections` requests in flight at all times.
 * With `rate`, each connection sends on a schedule of its own (rate / connections a second, the
 * connections' turns staggered), waits for its next turn, and never catches up on missed ones.
 * Latencies are taken in this process with `performance.now()` around each request, until the
 * last byte of the answer.
 */

/** Requests per address: under the per-address limit of 60 a minute. */
const PER_ADDRESS = 50;

/** The next unused loopback address of this bench run. */
let addressCount = 1 << 16;
function nextAddress(): string {
  addressCount += 1;
  const n = addressCount;
  if (n >= 1 << 24) throw new Error('loopback addresses used up');
  return `127.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

interface Sample {
  ms: number;
  status: number;
}

function once(
  agent: Agent,
  url: URL,
  load: LoadRequest,
  localAddress: string | undefined,
  path = `${url.pathname}${url.search}`,
): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: load.method ?? 'GET',
        headers: load.headers,
        localAddress,
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end(load.body);
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runSpreadLoad(load: LoadRequest, plan: LoadPlan): Promise<LoadStats> {
  if (plan.tool === 'paced' && !plan.rate) throw new Error('the paced tool needs a rate');
  const url = new URL(load.url);
  // `paced`: each connection keeps its one address (the default) for the whole run.
  const spread = plan.tool === 'spread';
  let turn = 0;
  const nextPath = () => load.paths?.[turn++ % load.paths.length];
  const durationMs = (plan.durationSec ?? 10) * 1000;
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  // Milliseconds between one connection's requests when a rate is offered.
  const interval = plan.rate ? (plan.connections * 1000) / plan.rate : 0;
  const worker = async (_: unknown, index: number) => {
    let due = started + (interval * index) / plan.connections;
    while (performance.now() - started < durationMs) {
      const address = spread ? nextAddress() : undefined;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; (!spread || i < PER_ADDRESS) && performance.now() - started < durationMs; i += 1) {
          if (interval > 0) {
            const wait = due - performance.now();
            if (wait > 0) await sleep(wait);
            due = Math.max(due + interval, performance.now());
          }
          const sample = await once(agent, url, load, address, nextPath());
          latencies.push(sample.ms);
          const ok =
            load.expectStatus === undefined
              ? sample.status >= 200 && sample.status < 300
              : sample.status === load.expectStatus;
          if (!ok) {
            const what = sample.status === 0 ? 'socket errors' : `HTTP ${sample.status}`;
            failures.set(what, (failures.get(what) ?? 0) + 1);
          }
        }
      } finally {
        agent.destroy();
      }
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
  return {
    tool: plan.tool,
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures: failed,
    failureDetail: [...failures].map(([what, count]) => `${what} × ${count}`).join(', '),
  };
}
