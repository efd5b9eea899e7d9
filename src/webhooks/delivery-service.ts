import type { Clock } from '../clock.js';
import { newId, timeOrderedUuid } from '../ids.js';
import type { JobStore } from '../store/jobs.js';
import type { Stores } from '../store/stores.js';
import { type DeliveryRow, deliverySeq, type Owner, type WebhookStore } from '../store/webhooks.js';
import { eventPayload, type NewEvent, newEventId, testEvent } from './events.js';
import { nextAttemptDelay } from './retry-schedule.js';
import type { AttemptOutcome, WebhookSender } from './send-attempt.js';
import { webhookHeaders } from './sign.js';
import { requireWebhook } from './webhook-config.js';

export const DELIVER_JOB = 'deliver_webhook';

export interface DeliveryServiceDeps {
  stores: Stores;
  clock: Clock;
  sender: WebhookSender;
  retryDelaysMs: readonly number[];
  random?: () => number;
  /** Called after jobs were enqueued, so an in-process worker can start at once. */
  onEnqueued?: () => void;
  /** Delivery outcomes, for metrics. */
  onAttempt?: (outcome: 'delivered' | 'retrying' | 'failed') => void;
}

/** The stores an event is recorded through: the caller's transaction's, so it commits with its cause. */
type EventStores = { webhooks: WebhookStore; jobs: JobStore };

/**
 * Events and their deliveries (decisions sections 6 and 7), in svix's stages: `emit` records an
 * event and its delivery; `attempt` records an attempt, sends it, completes the record and says
 * when to try again; the jobs table carries the retries.
 */
export class DeliveryService {
  constructor(private readonly deps: DeliveryServiceDeps) {}

  /**
   * Records an event and its delivery through `stores`. With an enabled webhook the delivery is
   * pending and a job will send it; without one (deleted or disabled) it is recorded as failed
   * with the reason, and can be replayed once a webhook exists.
   */
  async emit(
    stores: EventStores,
    owner: Owner,
    event: NewEvent,
  ): Promise<{ eventId: string; deliveryId: string }> {
    const now = this.deps.clock.now();
    const eventId = await this.recordEvent(stores.webhooks, owner, event, now);
    const webhook = await stores.webhooks.getConfig(owner);
    const reason = !webhook ? 'webhook_not_configured' : webhook.enabled ? null : 'webhook_disabled';
    const deliveryId = await this.createDelivery(stores.webhooks, owner, {
      eventId,
      eventType: event.type,
      url: webhook?.url ?? null,
      failureReason: reason,
      replayOf: null,
      now,
    });
    if (reason === null) await stores.jobs.enqueue([deliverJob(deliveryId, now)], now);
    return { eventId, deliveryId };
  }

  /** POST /v1/webhooks/test: a `test` event sent now to the owner's configured webhook. */
  async sendTest(owner: Owner): Promise<DeliveryRow> {
    const { webhooks } = this.deps.stores;
    const webhook = await requireWebhook(webhooks, owner);
    const now = this.deps.clock.now();
    const deliveryId = await this.deps.stores.transaction(async (stores) => {
      const eventId = await this.recordEvent(stores.webhooks, owner, testEvent(), now);
      return this.createDelivery(stores.webhooks, owner, {
        eventId,
        eventType: 'test',
        url: webhook.url,
        failureReason: null,
        replayOf: null,
        now,
      });
    });
    return this.attemptAndSchedule(deliveryId);
  }

  /** A new delivery of an existing event to the current URL, sent now (decisions section 7: replay). */
  async replay(owner: Owner, original: DeliveryRow): Promise<DeliveryRow> {
    const { webhooks } = this.deps.stores;
    const now = this.deps.clock.now();
    const webhook = await webhooks.getConfig(owner);
    const id = await this.createDelivery(webhooks, owner, {
      eventId: original.event_id,
      eventType: original.event_type,
      url: webhook?.url ?? null,
      failureReason: !webhook ? 'webhook_not_configured' : webhook.enabled ? null : 'webhook_disabled',
      replayOf: original.id,
      now,
    });
    return this.attemptAndSchedule(id);
  }

  /**
   * One attempt of a pending delivery: the attempt is recorded before the request is sent and
   * completed after it, so one cut short by a crash stays in the log. Returns the time of the next
   * attempt, or null when the delivery is settled (delivered, or failed for good).
   */
  async attempt(deliveryId: string): Promise<{ delivery: DeliveryRow; retryAt: number | null }> {
    const { webhooks } = this.deps.stores;
    const delivery = await webhooks.getDeliveryById(deliveryId);
    if (delivery?.status !== 'pending') return { delivery: delivery!, retryAt: null };
    const owner = { accountId: delivery.account_id, mode: delivery.mode };
    const [event, webhook] = await Promise.all([
      webhooks.getEvent(delivery.event_id),
      webhooks.getConfig(owner),
    ]);
    if (!event || !webhook?.enabled) {
      const failure_reason = !webhook ? 'webhook_not_configured' : 'webhook_disabled';
      await webhooks.updateDelivery(deliveryId, { status: 'failed', failure_reason, next_attempt_at: null });
      this.deps.onAttempt?.('failed');
      return { delivery: (await webhooks.getDeliveryById(deliveryId))!, retryAt: null };
    }

    const now = this.deps.clock.now();
    // Signed afresh for every attempt: the timestamp is part of the signature; the id stays the event's.
    const headers = webhookHeaders(webhook.signing_secret, event.id, Math.floor(now / 1000), event.payload);
    const attemptId = timeOrderedUuid(now);
    const attempts = delivery.attempts + 1;
    await webhooks.insertAttempt({
      id: attemptId,
      delivery_id: deliveryId,
      at: now,
      finished_at: null,
      status_code: null,
      duration_ms: 0,
      response_body: null,
      error: null,
    });
    await webhooks.updateDelivery(deliveryId, {
      attempts,
      url: webhook.url,
      request_headers: JSON.stringify(headers),
    });

    const result = await this.deps.sender.send(webhook.url, event.payload, headers);
    await webhooks.finishAttempt(attemptId, {
      finished_at: this.deps.clock.now(),
      status_code: result.status_code,
      duration_ms: result.duration_ms,
      response_body: result.response_body,
      error: result.error,
    });
    const { changes, retryAt } = this.settle(delivery, attempts, result);
    await webhooks.updateDelivery(deliveryId, changes);
    return {
      delivery: {
        ...delivery,
        attempts,
        url: webhook.url,
        request_headers: JSON.stringify(headers),
        ...changes,
      },
      retryAt,
    };
  }

  /** What an attempt's outcome makes of the delivery: delivered, retried later, or failed for good. */
  private settle(
    delivery: DeliveryRow,
    attempts: number,
    result: AttemptOutcome,
  ): { changes: Partial<DeliveryRow>; retryAt: number | null } {
    const base = { last_status_code: result.status_code };
    if (result.ok) {
      this.deps.onAttempt?.('delivered');
      const changes = {
        ...base,
        status: 'delivered' as const,
        delivered_at: this.deps.clock.now(),
        next_attempt_at: null,
        failure_reason: null,
      };
      return { changes, retryAt: null };
    }
    // Test events are sent once (they check the setup); event deliveries and replays follow the schedule.
    const delay =
      delivery.event_type === 'test'
        ? null
        : nextAttemptDelay(attempts, this.deps.retryDelaysMs, this.deps.random, result.retry_after_ms);
    if (delay === null) {
      this.deps.onAttempt?.('failed');
      return {
        changes: { ...base, status: 'failed', next_attempt_at: null, failure_reason: result.error },
        retryAt: null,
      };
    }
    this.deps.onAttempt?.('retrying');
    const retryAt = this.deps.clock.now() + delay;
    return { changes: { ...base, next_attempt_at: retryAt, failure_reason: result.error }, retryAt };
  }

  /** Attempt now; when it fails and may be retried, a job carries the next attempt. */
  private async attemptAndSchedule(deliveryId: string): Promise<DeliveryRow> {
    const { delivery, retryAt } = await this.attempt(deliveryId);
    if (retryAt !== null) {
      await this.deps.stores.jobs.enqueue([deliverJob(deliveryId, retryAt)], this.deps.clock.now());
      this.deps.onEnqueued?.();
    }
    return delivery;
  }

  private async recordEvent(
    webhooks: WebhookStore,
    owner: Owner,
    event: NewEvent,
    now: number,
  ): Promise<string> {
    const id = newEventId();
    await webhooks.insertEvent({
      id,
      account_id: owner.accountId,
      mode: owner.mode,
      type: event.type,
      payload: eventPayload(id, event, now),
      created_at: now,
    });
    return id;
  }

  private async createDelivery(
    webhooks: WebhookStore,
    owner: Owner,
    delivery: {
      eventId: string;
      eventType: string;
      url: string | null;
      failureReason: string | null;
      replayOf: string | null;
      now: number;
    },
  ): Promise<string> {
    const id = newId('dlv');
    const { now, failureReason } = delivery;
    await webhooks.insertDelivery({
      id,
      account_id: owner.accountId,
      mode: owner.mode,
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      url: delivery.url,
      status: failureReason ? 'failed' : 'pending',
      attempts: 0,
      last_status_code: null,
      next_attempt_at: failureReason ? null : now,
      failure_reason: failureReason,
      request_headers: null,
      replay_of: delivery.replayOf,
      seq: deliverySeq(now),
      created_at: now,
      delivered_at: null,
    });
    return id;
  }
}

function deliverJob(deliveryId: string, runAt: number) {
  return { kind: DELIVER_JOB, payload: { deliveryId }, runAt };
}
