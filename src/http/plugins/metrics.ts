import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../../clock.js';
import { queueDepth } from '../../jobs/queue.js';
import type { RegistryGateway } from '../../registries/gateway.js';
import type { Database } from '../../store/db.js';

export interface MetricsDeps {
  database: Database;
  clock: Clock;
  gateway: RegistryGateway;
  /** Service counters keyed `name:label` (answers by source status, webhook outcomes). */
  counters: ReadonlyMap<string, number>;
}

/**
 * Prometheus metrics at GET /metrics (no key: scrape it from inside your network, and do not
 * expose the path publicly). Request counts and latencies are observed per request; registry,
 * cache, queue and webhook figures are read from their owners at scrape time, so the hot path
 * pays for one histogram observation and one counter increment.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
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

  // The label children are looked up once per route, method and status, not hashed per request.
  const requestChildren = new Map<string, ReturnType<typeof requests.labels>>();
  const latencyChildren = new Map<string, ReturnType<typeof latency.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'not_found';
    const key = `${route} ${request.method} ${reply.statusCode}`;
    let counter = requestChildren.get(key);
    if (!counter) {
      counter = requests.labels(route, request.method, String(reply.statusCode));
      requestChildren.set(key, counter);
    }
    counter.inc();
    let histogram = latencyChildren.get(route);
    if (!histogram) {
      histogram = latency.labels(route);
      latencyChildren.set(route, histogram);
    }
    histogram.observe(reply.elapsedTime / 1000);
    done();
  });

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
    try {
      const depth = await queueDepth(deps.database, deps.clock.now());
      queueDue.set(depth.due);
      queueAge.set(depth.oldestDueMs / 1000);
    } catch {
      // Database away: the other figures are still worth scraping.
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
