import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { RegistryStatus, StatusBoard } from '../../availability/status.js';
import type { Clock } from '../../clock.js';
import type { RedisLink } from '../../limits/redis-link.js';
import type { RatesSyncStatusReader } from '../../rates/live-rates.js';
import type { RegistryGateway } from '../../registries/gateway.js';
import type { JobStore } from '../../store/jobs.js';

/** Upper bounds (seconds) of the latency histogram's buckets. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

interface RouteSeries {
  /** Requests by `method status`. */
  counts: Map<string, { method: string; status: number; count: number }>;
  /** Requests per latency bucket, not cumulative; the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, observed once per answered request.
 * The figures are plain maps and arrays, handed to prom-client's registry as two metrics of the
 * shape it renders (`get()`), so a request costs two map lookups and a few additions instead of
 * prom-client's label hashing, which happens per observation.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly routes = new Map<string, RouteSeries>();

  constructor() {
    this.registry.registerMetric(this.requestsMetric() as never);
    this.registry.registerMetric(this.latencyMetric() as never);
  }

  /** One answered request; `elapsedMs` from Fastify's reply.elapsedTime. */
  observe(route: string, method: string, status: number, elapsedMs: number): void {
    let series = this.routes.get(route);
    if (!series) {
      series = {
        counts: new Map(),
        buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.routes.set(route, series);
    }
    const key = `${method} ${status}`;
    const counted = series.counts.get(key);
    if (counted) counted.count += 1;
    else series.counts.set(key, { method, status, count: 1 });
    const seconds = elapsedMs / 1000;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]) bucket += 1;
    series.buckets[bucket] += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** Every metric of the registry in the Prometheus text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  private requestsMetric() {
    const routes = this.routes;
    return {
      name: 'http_requests_total',
      get: () => ({
        name: 'http_requests_total',
        help: 'HTTP requests by route, method and status',
        type: 'counter',
        values: [...routes].flatMap(([route, series]) =>
          [...series.counts.values()].map(({ method, status, count }) => ({
            labels: { route, method, status },
            value: count,
          })),
        ),
        aggregator: 'sum',
      }),
      reset: () => routes.clear(),
    };
  }

  private latencyMetric() {
    const routes = this.routes;
    const name = 'http_request_duration_seconds';
    return {
      name,
      get: () => ({
        name,
        help: 'HTTP request latency by route',
        type: 'histogram',
        values: [...routes].flatMap(([route, series]) => {
          let cumulative = 0;
          const buckets = LATENCY_BUCKETS.map((le, i) => {
            cumulative += series.buckets[i];
            return { metricName: `${name}_bucket`, labels: { le, route }, value: cumulative };
          });
          return [
            ...buckets,
            { metricName: `${name}_bucket`, labels: { le: '+Inf', route }, value: series.count },
            { metricName: `${name}_sum`, labels: { route }, value: series.sum },
            { metricName: `${name}_count`, labels: { route }, value: series.count },
          ];
        }),
        aggregator: 'sum',
      }),
      reset: () => routes.clear(),
    };
  }
}

/**
 * prom-client's default process and Node.js metrics (CPU, memory, handles, event-loop lag, GC),
 * collected once per process. They describe the process, not an app, and the collector starts an
 * event-loop delay monitor and a GC observer that it never stops: run per app, as tests build many
 * apps in one process, each would add another that outlives its app. Each app's registry
 * registers these same metric objects (once: prom-client refuses a name twice), so a scrape of
 * any app reads the current figures.
 */
let processMetrics: Registry | undefined;

function processMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export interface MetricsDeps {
  clock: Clock;
  gateway: RegistryGateway;
  jobs: JobStore;
  /** Service counters keyed `name:label` (answers by source status, webhook outcomes). */
  counters: ReadonlyMap<string, number>;
  /** Registry availability across instances, exported as gauges. */
  status?: StatusBoard;
  /** The rates' last sync with TEDB, exported as gauges. */
  ratesStatus?: RatesSyncStatusReader;
  /** This process's link to Redis, when one is configured. */
  redis?: RedisLink;
}

const SYNC_RESULT_VALUES = { ok: 0, failed: 1, refused: 2 } as const;

const STATE_VALUES = { operational: 0, degraded: 1, down: 2 } as const;
const BREAKER_VALUES = { closed: 0, half_open: 1, open: 2 } as const;

/**
 * Prometheus metrics at GET /metrics (no key: scrape it from inside your network, and do not
 * expose the path publicly). Request counts and latencies are observed per request; registry,
 * cache, queue and webhook figures are read from their owners at scrape time; the process and
 * Node.js figures are prom-client's defaults.
 */
export function registerMetrics(app: FastifyInstance, http: HttpMetrics, deps: MetricsDeps): void {
  const registry = http.registry;
  const defaults = processMetricsRegistry();
  for (const { name } of defaults.getMetricsAsArray())
    registry.registerMetric(defaults.getSingleMetric(name)!);
  const registryCalls = new Counter({
    name: 'registry_calls_total',
    help: 'Registry calls made by this process, by registry and outcome (valid, invalid or failure kind)',
    labelNames: ['registry', 'outcome'],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'validation_answers_total',
    help: 'Validation answers served by this process, by source_status (cached = cache hit)',
    labelNames: ['source_status'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered, retrying, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const queueDue = new Gauge({
    name: 'jobs_due',
    help: 'Jobs due and not yet finished',
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'jobs_oldest_due_age_seconds',
    help: 'Age of the oldest due job',
    registers: [registry],
  });

  const labelNames = ['registry', 'member_state'] as const;
  const registryState = new Gauge({
    name: 'registry_state',
    help: 'Registry state across instances: 0 operational, 1 degraded, 2 down (member_state "" for the registry)',
    labelNames,
    registers: [registry],
  });
  const registryBreaker = new Gauge({
    name: 'registry_breaker_state',
    help: 'Registry breaker: 0 closed, 1 half-open, 2 open',
    labelNames,
    registers: [registry],
  });
  const registryAvailability = new Gauge({
    name: 'registry_availability_24h_percent',
    help: 'Percent of registry calls answered over the last 24 h, all instances',
    labelNames,
    registers: [registry],
  });
  const registryLatency = new Gauge({
    name: 'registry_latency_24h_ms',
    help: 'Registry latency of answered calls over the last 24 h (bucket upper bound), all instances',
    labelNames: [...labelNames, 'quantile'],
    registers: [registry],
  });

  // These two are in the registry only once a sync has run: a gauge without labels always
  // renders a value, and 0 would claim a sync in 1970 that succeeded.
  const ratesLastSync = new Gauge({
    name: 'rates_last_sync_timestamp_seconds',
    help: 'When the last rates sync with TEDB ended (Unix seconds); absent before the first',
    registers: [],
  });
  const ratesResult = new Gauge({
    name: 'rates_last_sync_result',
    help: 'Outcome of the last rates sync: 0 ok, 1 failed (TEDB did not answer), 2 refused (reply not applied); absent before the first',
    registers: [],
  });
  const ratesPending = new Gauge({
    name: 'rates_pending_differences',
    help: 'Differences from TEDB found by the last sync and not applied (RATES_SYNC=report)',
    registers: [registry],
  });
  const redis = deps.redis;
  if (redis) {
    new Gauge({
      name: 'redis_up',
      help: 'Whether this process uses Redis for the shared limits: 1 it answers, 0 it is down (limits kept per process and in the database)',
      registers: [registry],
      collect() {
        this.set(redis.state === 'up' ? 1 : 0);
      },
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    // Counters (the `_total` figures only grow), copied from their owners' running totals.
    registryCalls.reset();
    for (const [key, value] of deps.gateway.calls) {
      const [registryId, outcome] = key.split(':');
      registryCalls.inc({ registry: registryId, outcome }, value);
    }
    answers.reset();
    deliveries.reset();
    for (const [key, value] of deps.counters) {
      const [name, label] = key.split(':');
      if (name === 'answers') answers.inc({ source_status: label }, value);
      if (name === 'webhook_deliveries') deliveries.inc({ outcome: label }, value);
    }
    if (deps.status) {
      for (const gauge of [registryState, registryBreaker, registryAvailability, registryLatency])
        gauge.reset();
      try {
        const view = await deps.status.read();
        const { member_states, ...vies } = view.registries.vies;
        const entries: Array<[string, string, RegistryStatus]> = [
          ['vies', '', vies],
          ...Object.entries(member_states).map(([code, status]): [string, string, RegistryStatus] => [
            'vies',
            code,
            status,
          ]),
          ...(['hmrc', 'uid', 'brreg', 'abr'] as const).map((id): [string, string, RegistryStatus] => [
            id,
            '',
            view.registries[id],
          ]),
        ];
        for (const [id, memberState, status] of entries) {
          const labels = { registry: id, member_state: memberState };
          registryState.set(labels, STATE_VALUES[status.state]);
          registryBreaker.set(labels, BREAKER_VALUES[status.breaker]);
          if (status.availability_24h !== null) registryAvailability.set(labels, status.availability_24h);
          for (const [quantile, value] of [
            ['0.5', status.latency_ms_24h.p50],
            ['0.95', status.latency_ms_24h.p95],
          ] as const)
            if (value !== null) registryLatency.set({ ...labels, quantile }, value);
        }
      } catch {
        // Database away: the other figures are still worth scraping.
      }
    }
    if (deps.ratesStatus) {
      ratesPending.reset();
      let synced = false;
      try {
        const rates = await deps.ratesStatus.read();
        ratesPending.set(rates.pending_differences);
        if (rates.last_sync_at && rates.result) {
          ratesLastSync.set(Date.parse(rates.last_sync_at) / 1000);
          ratesResult.set(SYNC_RESULT_VALUES[rates.result]);
          synced = true;
        }
      } catch {
        // Database away: the other figures are still worth scraping.
      }
      for (const [name, gauge] of [
        ['rates_last_sync_timestamp_seconds', ratesLastSync],
        ['rates_last_sync_result', ratesResult],
      ] as const) {
        const shown = registry.getSingleMetric(name) !== undefined;
        if (synced && !shown) registry.registerMetric(gauge);
        if (!synced && shown) registry.removeSingleMetric(name);
      }
    }
    try {
      const depth = await deps.jobs.depth(deps.clock.now());
      queueDue.set(depth.due);
      queueAge.set(depth.oldestDueMs / 1000);
    } catch {
      // Database away: the other figures are still worth scraping.
    }
    reply.type(registry.contentType);
    return http.render();
  });
}
