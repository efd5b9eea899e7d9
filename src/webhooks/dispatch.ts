import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import { enqueue } from '../jobs/queue.js';
import { type Database, type Executor, inTransaction } from '../store/db.js';
import {
  type DeliveryRow,
  deliverySeq,
  getDeliveryById,
  getEvent,
  getWebhook,
  insertAttempt,
  insertDelivery,
  insertEvent,
  updateDelivery,
} from '../store/webhooks.js';
import type { AttemptRecord, WebhookSender } from './deliver.js';
import { nextAttemptDelay } from './retry-schedule.js';
import { webhookHeaders } from './sign.js';

export type EventType = 'validation.completed' | 'validation.failed' | 'batch.completed' | 'test';

export const DELIVER_JOB = 'deliver_webhook';

export interface DispatcherOptions {
  database: Database;
  clock: Clock;
  sender: WebhookSender;
  retryDelaysMs: readonly number[];
  random?: () => number;
  /** Called after jobs were enqueued, so an in-process worker can start at once. */
  onEnqueued?: () => void;
  /** Delivery outcomes, for metrics. */
  onAttempt?: (outcome: 'delivered' | 'retrying' | 'failed') => void;
}

/**
 * Events and their deliveries (decisions sections 6 and 7), in svix's stages: `emit` records the
 * event and a delivery in the caller's transaction; `attempt` makes one signed attempt, records
 * it, and says when to try again; the jobs table carries the retries.
 */
export class WebhookDispatcher {
  constructor(private readonly options: DispatcherOptions) {}

  /**
   * Records an event and its delivery inside `trx`. With an enabled webhook the delivery is pending
   * and a job will send it; without one (deleted or disabled) it is recorded as failed with the
   * reason, and can be replayed once a webhook exists.
   */
  async emit(
    trx: Executor,
    accountId: string,
    type: EventType,
    data: unknown,
  ): Promise<{ eventId: string; deliveryId: string }> {
    const now = this.options.clock.now();
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const payload = JSON.stringify({ id: eventId, type, created_at: new Date(now).toISOString(), data });
    await insertEvent(trx, { id: eventId, account_id: accountId, type, payload, created_at: now });
    const webhook = await getWebhook(trx, accountId);
    const reason = !webhook ? 'webhook_not_configured' : webhook.enabled ? null : 'webhook_disabled';
    const deliveryId = await this.createDelivery(
      trx,
      accountId,
      eventId,
      type,
      webhook?.url ?? null,
      reason,
      null,
      now,
    );
    return { eventId, deliveryId };
  }

  /** A new delivery of an existing event to the current URL (decisions section 7: replay). */
  async replay(accountId: string, original: DeliveryRow): Promise<DeliveryRow> {
    const now = this.options.clock.now();
    const webhook = await getWebhook(this.options.database.db, accountId);
    const id = await this.createDelivery(
      this.options.database.db,
      accountId,
      original.event_id,
      original.event_type,
      webhook?.url ?? null,
      !webhook ? 'webhook_not_configured' : webhook.enabled ? null : 'webhook_disabled',
      original.id,
      now,
      false,
    );
    return this.attemptAndSchedule(id);
  }

  /** POST /v1/webhooks/test: a `test` event sent now; the answer is the delivery record. */
  async sendTest(accountId: string): Promise<DeliveryRow> {
    const { deliveryId } = await inTransaction(this.options.database, async (trx) => {
      const now = this.options.clock.now();
      const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
      const payload = JSON.stringify({
        id: eventId,
        type: 'test',
        created_at: new Date(now).toISOString(),
        data: { message: 'This is a test event from the VAT validation API.' },
      });
      await insertEvent(trx, { id: eventId, account_id: accountId, type: 'test', payload, created_at: now });
      const webhook = await getWebhook(trx, accountId);
      const id = await this.createDelivery(
        trx,
        accountId,
        eventId,
        'test',
        webhook?.url ?? null,
        null,
        null,
        now,
        false,
      );
      return { deliveryId: id };
    });
    return this.attemptAndSchedule(deliveryId);
  }

  /**
   * One attempt for a pending delivery. Returns the time of the next attempt, or null when the
   * delivery is settled (delivered, or failed for good).
   */
  async attempt(deliveryId: string): Promise<{ delivery: DeliveryRow; retryAt: number | null }> {
    const { db } = this.options.database;
    const delivery = await getDeliveryById(db, deliveryId);
    if (delivery?.status !== 'pending') return { delivery: delivery!, retryAt: null };
    const [event, webhook] = await Promise.all([
      getEvent(db, delivery.event_id),
      getWebhook(db, delivery.account_id),
    ]);
    const now = this.options.clock.now();
    if (!event || !webhook?.enabled) {
      const reason = !webhook ? 'webhook_not_configured' : 'webhook_disabled';
      await updateDelivery(db, deliveryId, {
        status: 'failed',
        failure_reason: reason,
        next_attempt_at: null,
      });
      this.options.onAttempt?.('failed');
      return { delivery: (await getDeliveryById(db, deliveryId))!, retryAt: null };
    }

    // Signed afresh for every attempt: the timestamp is part of the signature; the id stays the event's.
    const headers = webhookHeaders(webhook.signing_secret, event.id, Math.floor(now / 1000), event.payload);
    const result = await this.options.sender.send(webhook.url, event.payload, headers);
    const attempts = delivery.attempts + 1;
    await insertAttempt(db, {
      id: randomUUID(),
      delivery_id: deliveryId,
      at: Date.parse(result.at),
      status_code: result.status_code,
      duration_ms: result.duration_ms,
      response_body: result.response_body,
      error: result.error,
    });

    const changes: Partial<DeliveryRow> = {
      attempts,
      url: webhook.url,
      last_status_code: result.status_code,
      request_headers: JSON.stringify(headers),
    };
    let retryAt: number | null = null;
    if (result.ok) {
      Object.assign(changes, {
        status: 'delivered',
        delivered_at: this.options.clock.now(),
        next_attempt_at: null,
        failure_reason: null,
      });
      this.options.onAttempt?.('delivered');
    } else {
      const delay = this.retriesAllowed(delivery) ? this.nextDelay(attempts, result) : null;
      if (delay === null) {
        Object.assign(changes, { status: 'failed', next_attempt_at: null, failure_reason: result.error });
        this.options.onAttempt?.('failed');
      } else {
        retryAt = this.options.clock.now() + delay;
        Object.assign(changes, { next_attempt_at: retryAt, failure_reason: result.error });
        this.options.onAttempt?.('retrying');
      }
    }
    await updateDelivery(db, deliveryId, changes);
    return { delivery: { ...delivery, ...changes } as DeliveryRow, retryAt };
  }

  /** Attempt now; when it fails and may be retried, a job carries the next attempt. */
  private async attemptAndSchedule(deliveryId: string): Promise<DeliveryRow> {
    const { delivery, retryAt } = await this.attempt(deliveryId);
    if (retryAt !== null) {
      await enqueue(
        this.options.database.db,
        [{ kind: DELIVER_JOB, payload: { deliveryId }, runAt: retryAt }],
        this.options.clock.now(),
      );
      this.options.onEnqueued?.();
    }
    return delivery;
  }

  private async createDelivery(
    trx: Executor,
    accountId: string,
    eventId: string,
    eventType: string,
    url: string | null,
    failureReason: string | null,
    replayOf: string | null,
    now: number,
    withJob = true,
  ): Promise<string> {
    const id = newId('dlv');
    await insertDelivery(trx, {
      id,
      account_id: accountId,
      event_id: eventId,
      event_type: eventType,
      url,
      status: failureReason ? 'failed' : 'pending',
      attempts: 0,
      last_status_code: null,
      next_attempt_at: failureReason ? null : now,
      failure_reason: failureReason,
      request_headers: null,
      replay_of: replayOf,
      seq: deliverySeq(now),
      created_at: now,
      delivered_at: null,
    });
    if (!failureReason && withJob) {
      await enqueue(trx, [{ kind: DELIVER_JOB, payload: { deliveryId: id }, runAt: now }], now);
    }
    return id;
  }

  /** Test events are sent once (they check the setup); event deliveries and replays follow the schedule. */
  private retriesAllowed(delivery: DeliveryRow): boolean {
    return delivery.event_type !== 'test';
  }

  private nextDelay(attempts: number, result: AttemptRecord): number | null {
    return nextAttemptDelay(attempts, this.options.retryDelaysMs, this.options.random, result.retry_after_ms);
  }
}
