import type { FastifyBaseLogger } from 'fastify';
import { Authenticator } from './accounts/authenticator.js';
import { Quota } from './accounts/quota.js';
import { BULK_SLICE_JOB, BulkAcceptance } from './bulk/acceptance.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { bulkSliceHandler } from './jobs/handlers/bulk-slice.js';
import { deliverWebhookHandler } from './jobs/handlers/deliver-webhook.js';
import { validateItemHandler } from './jobs/handlers/validate-item.js';
import { type JobHandler, Worker } from './jobs/worker.js';
import type { RegistryGateway } from './registries/gateway.js';
import type { Database } from './store/database.js';
import { createStores, type Stores } from './store/stores.js';
import { AsyncAcceptance, VALIDATE_JOB } from './validation/async-acceptance.js';
import { ValidationPipeline } from './validation/pipeline.js';
import { UnsettledCharges } from './validation/unsettled-charges.js';
import { DELIVER_JOB, DeliveryService } from './webhooks/delivery-service.js';
import { createWebhookSender } from './webhooks/send-attempt.js';
import type { TargetPolicy } from './webhooks/target-guard.js';

export interface ServiceDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  gateway: RegistryGateway;
  logger: FastifyBaseLogger;
}

export interface Services {
  stores: Stores;
  quota: Quota;
  authenticator: Authenticator;
  pipeline: ValidationPipeline;
  /** Charges answered 503 whose COMMIT may have happened, undone once the database is back. */
  unsettled: UnsettledCharges;
  asyncAcceptance: AsyncAcceptance;
  bulkAcceptance: BulkAcceptance;
  deliveries: DeliveryService;
  policy: TargetPolicy;
  /** Counters for /metrics, keyed `name:label`. */
  counters: Map<string, number>;
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
  /** Tasks run once per interval by whichever worker claims them (jobs/recurring.ts). */
  const recurring: Record<string, JobHandler> = {};

  return {
    stores,
    quota,
    authenticator: new Authenticator(stores.accounts, { now: () => clock.now() }),
    pipeline,
    unsettled,
    asyncAcceptance: new AsyncAcceptance({ stores, quota, clock, onEnqueued: nudge }),
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
    counters,
    createWorker() {
      const worker = new Worker({
        jobs: stores.jobs,
        clock,
        concurrency: config.worker.concurrency,
        pollMs: config.worker.pollMs,
        leaseMs: config.worker.leaseMs,
        logger,
        handlers: { ...handlers, ...recurring },
        recurring: Object.keys(recurring),
      });
      workers.add(worker);
      return worker;
    },
    async close() {
      await Promise.all([...workers].map((worker) => worker.stop()));
      unsettled.close();
      await sender.close();
    },
  };
}
