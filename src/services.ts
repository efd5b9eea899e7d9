import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { AsyncValidationService, VALIDATE_JOB } from './domain/async-validation.js';
import { ValidationService } from './domain/validation.js';
import { Worker } from './jobs/worker.js';
import type { RegistryGateway } from './registries/gateway.js';
import type { Database } from './store/db.js';
import { createRequestStore } from './store/request-store.js';
import { createWebhookSender, type WebhookSender } from './webhooks/deliver.js';
import { DELIVER_JOB, WebhookDispatcher } from './webhooks/dispatch.js';
import type { TargetPolicy } from './webhooks/target-guard.js';

export interface ServiceDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  gateway: RegistryGateway;
  logger: FastifyBaseLogger;
}

export interface Services {
  validation: ValidationService;
  asyncValidation: AsyncValidationService;
  dispatcher: WebhookDispatcher;
  policy: TargetPolicy;
  /** Counters for /metrics. */
  counters: Map<string, number>;
  /** A job worker over this database; `serve` runs one unless WORKER=false, `worker` runs only that. */
  createWorker(): Worker;
  close(): Promise<void>;
}

/**
 * The domain services, built once per process from configuration and shared by the HTTP app and
 * the job worker (STYLE habit 4: plain modules that get their dependencies passed in).
 */
export function createServices(deps: ServiceDeps): Services {
  const { config, database, clock, logger } = deps;
  const counters = new Map<string, number>();
  const count = (key: string) => counters.set(key, (counters.get(key) ?? 0) + 1);
  const workers = new Set<Worker>();
  const nudge = () => {
    for (const worker of workers) worker.nudge();
  };
  const policy: TargetPolicy = { allowedHosts: config.webhook.allowedHosts };
  const sender: WebhookSender = createWebhookSender({ timeoutMs: config.webhook.timeoutMs, policy });
  const validation = new ValidationService({
    db: database.db,
    requests: createRequestStore(database),
    clock,
    gateway: deps.gateway,
    settings: config,
    limits: config.tierLimits,
    logger,
    onAnswer: (answer) => count(`answers:${answer.meta.source_status}`),
  });
  const dispatcher = new WebhookDispatcher({
    database,
    clock,
    sender,
    retryDelaysMs: config.webhook.retryDelaysMs,
    onEnqueued: nudge,
    onAttempt: (outcome) => count(`webhook_deliveries:${outcome}`),
  });
  const asyncValidation = new AsyncValidationService({
    database,
    clock,
    validation,
    dispatcher,
    retryDelaysMs: config.asyncRetryDelaysMs,
    docsBase: `${config.publicUrl}/docs`,
    onEnqueued: nudge,
  });

  return {
    validation,
    asyncValidation,
    dispatcher,
    policy,
    counters,
    createWorker() {
      const worker = new Worker({
        database,
        clock,
        concurrency: config.worker.concurrency,
        pollMs: config.worker.pollMs,
        leaseMs: config.worker.leaseMs,
        logger,
        handlers: {
          [VALIDATE_JOB]: (job) => asyncValidation.process(job),
          [DELIVER_JOB]: async (job) => {
            const { deliveryId } = JSON.parse(job.payload) as { deliveryId: string };
            const { retryAt, delivery } = await dispatcher.attempt(deliveryId);
            return retryAt === null
              ? { done: true }
              : { retryAt, error: delivery.failure_reason ?? 'delivery failed' };
          },
        },
      });
      workers.add(worker);
      return worker;
    },
    async close() {
      await Promise.all([...workers].map((worker) => worker.stop()));
      await sender.close();
    },
  };
}
