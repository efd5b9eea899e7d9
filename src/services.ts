import type { FastifyBaseLogger } from 'fastify';
import { Authenticator } from './accounts/authenticator.js';
import { KeyManagement, KeyUsage } from './accounts/key-management.js';
import { Quota } from './accounts/quota.js';
import { StatusBoard } from './availability/status.js';
import { pollViesStatus } from './availability/vies-status.js';
import { BULK_SLICE_JOB, BulkAcceptance, sweepReceiving } from './bulk/acceptance.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { liveBounds } from './console/sessions.js';
import { DecisionService } from './decisions/decision-service.js';
import { bulkSliceHandler } from './jobs/handlers/bulk-slice.js';
import { checkMonitorHandler } from './jobs/handlers/check-monitor.js';
import { deliverWebhookHandler } from './jobs/handlers/deliver-webhook.js';
import {
  EXPIRE_IDEMPOTENCY_KEYS_JOB,
  expireIdempotencyKeysHandler,
} from './jobs/handlers/expire-idempotency-keys.js';
import { queueDueMonitors, SCHEDULE_MONITORS_JOB } from './jobs/handlers/schedule-monitors.js';
import { validateItemHandler } from './jobs/handlers/validate-item.js';
import { recurringHandler } from './jobs/recurring.js';
import { type JobHandler, Worker } from './jobs/worker.js';
import { pruneLedger, sealLedger } from './ledger/sealer.js';
import { RedisLink } from './limits/redis-link.js';
import { CHECK_MONITOR_JOB, MonitorService } from './monitors/monitor-service.js';
import { RatesRefresher, RatesSyncStatusReader } from './rates/live-rates.js';
import { RatesTable } from './rates/rates-table.js';
import { RatesSync } from './rates/sync.js';
import { nextSyncAt, RATES_SYNC_JOB, ratesSyncHandler, ratesSyncJob } from './rates/sync-schedule.js';
import { TedbClient } from './rates/tedb-client.js';
import type { RegistryGateway } from './registries/gateway.js';
import { databaseRateLimiter, redisRateLimiter } from './registries/limits.js';
import { KyselyAvailabilityStore } from './store/availability.js';
import { KyselyConsoleSessionStore } from './store/console-sessions.js';
import type { Database } from './store/database.js';
import { LedgerStore } from './store/ledger.js';
import { createStores, type Stores } from './store/stores.js';
import { AsyncAcceptance, VALIDATE_JOB } from './validation/async-acceptance.js';
import { ValidationPipeline } from './validation/pipeline.js';
import { UnsettledCharges } from './validation/unsettled-charges.js';
import { DELIVER_JOB, DeliveryService } from './webhooks/delivery-service.js';
import { sweepWebhookEndpoints } from './webhooks/endpoints.js';
import { createWebhookSender } from './webhooks/send-attempt.js';
import type { TargetPolicy } from './webhooks/target-guard.js';

export interface ServiceDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  gateway: RegistryGateway;
  logger: FastifyBaseLogger;
  /** The rates data; default: the shipped files (tests give their own). */
  rates?: RatesTable;
}

export interface Services {
  stores: Stores;
  quota: Quota;
  authenticator: Authenticator;
  /** Keys over the API: list, create, revoke. */
  keys: KeyManagement;
  /** Writes keys' last_used_at, at most once a minute per key. */
  keyUsage: KeyUsage;
  pipeline: ValidationPipeline;
  /** POST /v1/decisions: the buyer's check through `pipeline`, the rules, the rate, the record. */
  decisions: DecisionService;
  /** Charges answered 503 whose COMMIT may have happened, undone once the database is back. */
  unsettled: UnsettledCharges;
  asyncAcceptance: AsyncAcceptance;
  monitors: MonitorService;
  bulkAcceptance: BulkAcceptance;
  deliveries: DeliveryService;
  policy: TargetPolicy;
  /** Seals, the sealing and verify queries, records with their seals for proofs. */
  ledger: LedgerStore;
  /** Counters for /metrics, keyed `name:label`. */
  counters: Map<string, number>;
  /** Registry availability across instances (GET /v1/status, /status, /metrics). */
  status: StatusBoard;
  /** The rates and categories answered, kept current with the changes syncs applied. */
  rates: RatesTable;
  /** Rebuilds `rates` when a sync on any instance applied changes. */
  ratesRefresher: RatesRefresher;
  /** The sync with TEDB (`vat-service rates sync`, the daily job). */
  ratesSync: RatesSync;
  /** The last sync's outcome (GET /v1/status, /metrics). */
  ratesStatus: RatesSyncStatusReader;
  /** The connection to Redis when REDIS_URL is set: shared limits, and whether Redis answers. */
  redis: RedisLink | undefined;
  /** A job worker over this database; `serve` runs one unless WORKER=false, `worker` runs only that. */
  createWorker(): Worker;
  close(): Promise<void>;
}

/**
 * The composition root of the domain: every service built once per process from configuration,
 * shared by the HTTP app and the job worker. Wiring only; the rules live in the modules it wires.
 */
export function createServices(deps: ServiceDeps): Services {
  const { config, database, clock, logger, gateway } = deps;
  const stores = createStores(database);
  const counters = new Map<string, number>();
  const count = (key: string) => counters.set(key, (counters.get(key) ?? 0) + 1);
  const workers = new Set<Worker>();
  const nudge = () => {
    for (const worker of workers) worker.nudge();
  };
  const policy: TargetPolicy = {
    allowedHosts: config.webhook.allowedHosts,
    allowLocalHttp: config.webhook.allowLocalHttp,
  };
  const sender = createWebhookSender({ timeoutMs: config.webhook.timeoutMs, policy });
  const quota = new Quota(stores.usage, config.tierLimits);
  const unsettled = new UnsettledCharges({ stores, logger });
  const pipeline = new ValidationPipeline({
    stores,
    quota,
    gateway,
    clock,
    settings: config,
    logger,
    unsettled,
    onAnswer: (answer) => count(`answers:${answer.meta.source_status}`),
  });
  const deliveries = new DeliveryService({
    stores,
    clock,
    sender,
    retryDelaysMs: config.webhook.retryDelaysMs,
    onEnqueued: nudge,
    onAttempt: (outcome) => count(`webhook_deliveries:${outcome}`),
    // A quarter of the worker's slots at most for one endpoint, so a receiver that never answers
    // cannot hold them all for its timeout while the other endpoints and jobs wait.
    endpointConcurrency: Math.max(1, Math.floor(config.worker.concurrency / 4)),
    attemptTimeoutMs: config.webhook.timeoutMs,
  });
  const handlers = {
    [VALIDATE_JOB]: validateItemHandler({
      stores,
      pipeline,
      deliveries,
      clock,
      retryDelaysMs: config.asyncRetryDelaysMs,
      docsBase: `${config.publicUrl}/docs`,
      onSettled: nudge,
    }),
    [DELIVER_JOB]: deliverWebhookHandler(deliveries),
    [CHECK_MONITOR_JOB]: checkMonitorHandler({
      stores,
      pipeline,
      deliveries,
      clock,
      retryDelaysMs: config.asyncRetryDelaysMs,
      cacheTtlSeconds: config.cacheTtlSeconds,
      limits: config.tierLimits,
      onSettled: nudge,
    }),
    // Recurring, but its row is added with the first monitor (monitor-service.ts), not at start.
    [SCHEDULE_MONITORS_JOB]: recurringHandler(clock, config.monitors.scheduleMs, async () => {
      if ((await queueDueMonitors({ stores, clock, slice: config.monitors.slice })) > 0) nudge();
    }),
    [BULK_SLICE_JOB]: bulkSliceHandler({
      stores,
      pipeline,
      deliveries,
      clock,
      retryDelaysMs: config.asyncRetryDelaysMs,
      publicUrl: config.publicUrl,
      onSettled: nudge,
    }),
  };
  // Registry availability and limits shared by every instance: through the database, rate
  // limits through Redis when one is configured (and through the database while it is down).
  const redis = config.redisUrl
    ? new RedisLink({ url: config.redisUrl, commandTimeoutMs: config.redisCommandTimeoutMs, logger })
    : undefined;
  const availability = new KyselyAvailabilityStore(database);
  const databaseSlots = databaseRateLimiter(availability);
  gateway.attach({
    store: availability,
    rateLimiter: redis ? redisRateLimiter(redis, databaseSlots) : databaseSlots,
    refreshMs: config.availability.refreshMs,
    onError: (error) => logger.warn({ err: error }, 'registry availability could not be shared'),
  });
  const status = new StatusBoard({ store: availability, gateway, clock, maxAgeMs: 1_000, redis });

  // Rates: the table every instance answers from, refreshed when any instance's sync applied
  // changes; the sync itself, run daily by one worker (RATES_SYNC) or by `vat-service rates sync`.
  const rates = deps.rates ?? RatesTable.load();
  const tedb = new TedbClient({ ...config.rates.tedb, now: () => clock.now() });
  const ratesSync = new RatesSync({
    stores,
    table: rates,
    client: tedb,
    clock,
    deliveries,
    logger,
    onEnqueued: nudge,
  });
  const ratesRefresher = new RatesRefresher({
    table: rates,
    store: stores.rates,
    everyMs: config.rates.refreshMs,
    onError: (error) =>
      logger.warn({ err: error }, 'rate changes could not be read; answering from the last ones read'),
  });
  ratesRefresher.start();
  const ratesSyncMinutes = config.rates.syncAtMinutes;
  const ratesStatus = new RatesSyncStatusReader(stores.rates, clock);

  /** Tasks run once per interval by whichever worker claims them (jobs/recurring.ts). */
  const recurring: Record<string, JobHandler> = {
    [RATES_SYNC_JOB]: ratesSyncHandler({
      sync: ratesSync,
      mode: config.rates.sync,
      minutes: ratesSyncMinutes,
      clock,
    }),
    [EXPIRE_IDEMPOTENCY_KEYS_JOB]: expireIdempotencyKeysHandler(stores.idempotency, clock),
    // A failed poll is logged, not retried sooner: the next one is a minute away anyway.
    'vies-status': recurringHandler(clock, config.availability.viesStatusPollMs, async () => {
      try {
        await pollViesStatus({
          baseUrl: config.registries.vies.url,
          timeoutMs: config.registries.vies.timeoutMs,
          maxReplyBytes: config.registryMaxReplyBytes,
          store: availability,
          clock,
        });
        await gateway.refresh();
      } catch (error) {
        logger.warn({ err: error }, 'VIES availability report (check-status) could not be read');
      }
    }),
  };

  const ledger = new LedgerStore(database);
  const sealEveryMs = config.ledger.sealSeconds * 1000;
  recurring['ledger.seal'] = recurringHandler(clock, sealEveryMs, () =>
    sealLedger({ ledger, clock, intervalMs: sealEveryMs }),
  );
  recurring['ledger.prune'] = recurringHandler(clock, 86_400_000, () =>
    pruneLedger({ ledger, clock, retentionDays: config.ledger.retentionDays }),
  );
  // Console sessions past their idle or absolute expiry, or of revoked keys: reads ignore them
  // already; the hourly sweep only reclaims their rows.
  const consoleSessions = new KyselyConsoleSessionStore(database);
  recurring['console.sweep'] = recurringHandler(clock, 3_600_000, async () => {
    await consoleSessions.deleteExpired(liveBounds(config.console, clock.now()));
  });

  // Temporary webhook endpoints past their expiry (a `webhooks listen` that stopped without
  // removing its own): reads and deliveries ignore them already; the sweep reclaims their rows.
  // Previous signing secrets past their overlap are forgotten likewise.
  recurring['webhooks.sweep'] = recurringHandler(clock, 300_000, () =>
    sweepWebhookEndpoints(stores.webhooks, clock.now()),
  );

  // Bulk files left `receiving` by an upload whose process stopped mid-file (bulk/acceptance.ts).
  recurring['bulk.sweep'] = recurringHandler(clock, 3_600_000, () => sweepReceiving(stores, clock.now()));

  const authenticator = new Authenticator(stores.accounts, { now: () => clock.now() });

  return {
    stores,
    quota,
    authenticator,
    keys: new KeyManagement({ stores, clock, onRevoked: () => authenticator.forget() }),
    keyUsage: new KeyUsage({
      stores,
      clock,
      onError: (error) => logger.warn({ err: error }, 'could not record when a key was last used'),
    }),
    pipeline,
    decisions: new DecisionService({
      pipeline,
      stores,
      rates,
      clock,
      staleMaxDays: config.decisionStaleMaxDays,
    }),
    unsettled,
    asyncAcceptance: new AsyncAcceptance({ stores, quota, clock, onEnqueued: nudge }),
    monitors: new MonitorService({ stores, clock, limits: config.tierLimits, onEnqueued: nudge }),
    bulkAcceptance: new BulkAcceptance({
      stores,
      quota,
      clock,
      deliveries,
      publicUrl: config.publicUrl,
      onEnqueued: nudge,
    }),
    deliveries,
    policy,
    ledger,
    counters,
    status,
    rates,
    ratesRefresher,
    ratesSync,
    ratesStatus,
    redis,
    createWorker() {
      const worker = new Worker({
        jobs: stores.jobs,
        clock,
        concurrency: config.worker.concurrency,
        pollMs: config.worker.pollMs,
        leaseMs: config.worker.leaseMs,
        logger,
        handlers: { ...handlers, ...recurring },
        recurring: Object.keys(recurring).filter((kind) => kind !== RATES_SYNC_JOB),
      });
      workers.add(worker);
      // The daily sync's one row is first due at the next RATES_SYNC_AT, so a start never calls TEDB.
      if (config.rates.sync !== 'off') {
        const now = clock.now();
        stores.jobs
          .enqueue([ratesSyncJob(nextSyncAt(now, ratesSyncMinutes))], now)
          .catch((error) => logger.warn({ err: error }, 'adding the daily rates sync job failed'));
      }
      return worker;
    },
    async close() {
      await Promise.all([...workers].map((worker) => worker.stop()));
      unsettled.close();
      ratesRefresher.close();
      await Promise.all([sender.close(), tedb.close()]);
      await redis?.close();
    },
  };
}
