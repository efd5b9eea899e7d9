import type { Clock } from '../clock.js';
import { newId, timeOrderedKey, timeOrderedUuid } from '../ids.js';
import type { JobStore } from '../store/jobs.js';
import type { Stores } from '../store/stores.js';
import type { DeliveryRow, EndpointRow, EventRow, Owner, WebhookStore } from '../store/webhooks.js';
import { requireSubscribers, signingSecrets, subscribes } from './endpoints.js';
import { eventPayload, type NewEvent, newEventId, testEvent } from './events.js';
import { nextAttemptDelay } from './retry-schedule.js';
import type { AttemptOutcome, WebhookSender } from './send-attempt.js';
import { webhookHeaders } from './sign.js';

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
  /**
   * Queued attempts to one endpoint under way at once in this process; a queued delivery past it
   * waits its turn. Unlimited when not given.
   */
  endpointConcurrency?: number;
  /** One attempt's timeout (WEBHOOK_TIMEOUT_MS): the longest a delivery waits for its turn at once. */
  attemptTimeoutMs?: number;
}

/** A queued delivery's first wait for its endpoint's turn; each later one doubles, up to the timeout. */
const FIRST_TURN_WAIT_MS = 500;

/** The stores an event is recorded through: the caller's transaction's, so it commits with its cause. */
type EventStores = { webhooks: WebhookStore; jobs: JobStore };

/**
 * Why a delivery of `eventType` cannot be sent to its endpoint as the endpoint is now, or null when
 * it can: checked when a delivery is made and again before every attempt, retries and replays
 * included, so a change to the endpoint applies to what is already pending. A removed (or expired)
 * endpoint is `webhook_not_configured`, a disabled one `webhook_disabled`, one no longer
 * subscribed to the kind `webhook_unsubscribed`.
 */
function refusalOf(endpoint: EndpointRow | undefined, eventType: string): string | null {
  if (!endpoint) return 'webhook_not_configured';
  if (endpoint.enabled !== 1) return 'webhook_disabled';
  return subscribes(endpoint, eventType) ? null : 'webhook_unsubscribed';
}

/**
 * Events and their deliveries (decisions sections 6 and 7), in svix's stages: `emit` records an
 * event and one delivery per endpoint subscribed to it; `attempt` records an attempt, sends it,
 * completes the record and says when to try again; the jobs table carries the retries.
 */
export class DeliveryService {
  /** Attempts under way per endpoint id, in this process. */
  private readonly underWay = new Map<string, number>();

  constructor(private readonly deps: DeliveryServiceDeps) {}

  /**
   * Records an event and its deliveries through `stores`: one per endpoint of the owner's mode
   * subscribed to its kind. An enabled endpoint's delivery is pending and a job will send it; a
   * disabled one's is recorded as failed (`webhook_disabled`) and can be replayed. With no
   * endpoint subscribed, one failed delivery without an endpoint (`webhook_not_configured`) keeps
   * the event replayable, unless `onlyIfSubscribed`: then nothing is recorded (null), for events a
   * mode gets only when it asked for them (monitor changes, bulk files).
   */
  async emit(
    stores: EventStores,
    owner: Owner,
    event: NewEvent,
    options: { onlyIfSubscribed?: boolean } = {},
  ): Promise<{ eventId: string; deliveryIds: string[] } | null> {
    const now = this.deps.clock.now();
    const endpoints = (await stores.webhooks.listEndpoints(owner, now)).filter((endpoint) =>
      subscribes(endpoint, event.type),
    );
    if (endpoints.length === 0 && options.onlyIfSubscribed) return null;
    const eventId = await this.recordEvent(stores.webhooks, owner, event, now);
    const targets = endpoints.length > 0 ? endpoints : [undefined];
    const deliveryIds: string[] = [];
    const jobs = [];
    for (const endpoint of targets) {
      const failureReason = refusalOf(endpoint, event.type);
      const id = await this.createDelivery(stores.webhooks, owner, {
        eventId,
        eventType: event.type,
        endpoint,
        failureReason,
        replayOf: null,
        now,
      });
      deliveryIds.push(id);
      if (failureReason === null) jobs.push(deliverJob(id, now));
    }
    if (jobs.length > 0) await stores.jobs.enqueue(jobs, now);
    return { eventId, deliveryIds };
  }

  /**
   * An event sent now to every enabled endpoint of the owner's mode subscribed to it (400
   * `webhook_not_configured` without one): `POST /v1/webhooks/test` and triggered samples. Each
   * delivery is attempted at once; the answer comes once every attempt is over, oldest endpoint's
   * delivery first.
   */
  async sendNow(owner: Owner, event: NewEvent): Promise<{ eventId: string; deliveries: DeliveryRow[] }> {
    const now = this.deps.clock.now();
    const endpoints = await requireSubscribers(this.deps.stores.webhooks, owner, [event.type], now);
    const recorded = await this.deps.stores.transaction(async (stores) => {
      const eventId = await this.recordEvent(stores.webhooks, owner, event, now);
      const ids: string[] = [];
      for (const endpoint of endpoints) {
        ids.push(
          await this.createDelivery(stores.webhooks, owner, {
            eventId,
            eventType: event.type,
            endpoint,
            failureReason: null,
            replayOf: null,
            now,
          }),
        );
      }
      return { eventId, ids };
    });
    const deliveries = await Promise.all(recorded.ids.map((id) => this.attemptAndSchedule(id)));
    return { eventId: recorded.eventId, deliveries };
  }

  /** POST /v1/webhooks/test: a `test` event sent now; the delivery to the oldest endpoint subscribed. */
  async sendTest(owner: Owner): Promise<DeliveryRow> {
    return (await this.sendNow(owner, testEvent())).deliveries[0];
  }

  /**
   * A new delivery of an existing event, sent now (decisions section 7: replay), to the endpoint
   * the original was for. When that endpoint is gone (or the original had none), to the mode's
   * first endpoint, the one `PUT /v1/webhooks/config` manages, if it subscribes to the kind: the
   * webhook's current URL, as before there were several. Without one the replay is recorded as
   * failed (`webhook_not_configured`); to a disabled endpoint, or one no longer subscribed to the
   * kind, likewise (`webhook_disabled`, `webhook_unsubscribed`).
   */
  async replay(owner: Owner, original: DeliveryRow): Promise<DeliveryRow> {
    const { webhooks } = this.deps.stores;
    const now = this.deps.clock.now();
    const endpoints = await webhooks.listEndpoints(owner, now);
    const first = endpoints.find((candidate) => candidate.expires_at === null);
    const endpoint =
      endpoints.find((candidate) => candidate.id === original.endpoint_id) ??
      (first && subscribes(first, original.event_type) ? first : undefined);
    const id = await this.createDelivery(webhooks, owner, {
      eventId: original.event_id,
      eventType: original.event_type,
      endpoint,
      failureReason: refusalOf(endpoint, original.event_type),
      replayOf: original.id,
      now,
    });
    return this.attemptAndSchedule(id);
  }

  /**
   * One attempt of a pending delivery: the attempt is recorded before the request is sent and
   * completed after it, so one cut short by a crash stays in the log. Returns the time of the next
   * attempt, or null when the delivery is settled (delivered, or failed for good).
   *
   * `queued` (the job worker's attempts, with the times its job was claimed): when the endpoint
   * already has `endpointConcurrency` attempts under way here, nothing is sent or recorded and
   * `waitUntil` says when to look again. A receiver that never answers holds a worker slot for the
   * whole timeout; without this, a backlog for one such endpoint takes every slot and every other
   * endpoint (and every other job) waits behind it.
   */
  async attempt(
    deliveryId: string,
    queued?: { claims: number },
  ): Promise<{ delivery: DeliveryRow; retryAt: number | null; waitUntil?: number }> {
    const { webhooks } = this.deps.stores;
    const delivery = await webhooks.getDeliveryById(deliveryId);
    if (delivery?.status !== 'pending') return { delivery: delivery!, retryAt: null };
    const [event, endpoint] = await Promise.all([
      webhooks.getEvent(delivery.event_id),
      delivery.endpoint_id === null
        ? undefined
        : webhooks.getEndpointById(delivery.endpoint_id, this.deps.clock.now()),
    ]);
    const refusal = refusalOf(endpoint, delivery.event_type);
    if (!event || !endpoint || refusal !== null) {
      const failure_reason = refusal ?? 'webhook_not_configured';
      await webhooks.updateDelivery(deliveryId, { status: 'failed', failure_reason, next_attempt_at: null });
      this.deps.onAttempt?.('failed');
      return { delivery: (await webhooks.getDeliveryById(deliveryId))!, retryAt: null };
    }

    const now = this.deps.clock.now();
    const limit = this.deps.endpointConcurrency ?? Number.POSITIVE_INFINITY;
    const busy = this.underWay.get(endpoint.id) ?? 0;
    if (queued && busy >= limit) {
      return { delivery, retryAt: null, waitUntil: now + this.turnWait(queued.claims) };
    }
    // Counted before the first await, so attempts claimed together cannot all pass the limit.
    this.underWay.set(endpoint.id, busy + 1);
    try {
      return await this.send(delivery, event, endpoint, now);
    } finally {
      const left = (this.underWay.get(endpoint.id) ?? 1) - 1;
      if (left > 0) this.underWay.set(endpoint.id, left);
      else this.underWay.delete(endpoint.id);
    }
  }

  /** How long a queued delivery waits for its endpoint's turn, jittered ±20 % so waiters spread out. */
  private turnWait(claims: number): number {
    const cap = this.deps.attemptTimeoutMs ?? FIRST_TURN_WAIT_MS;
    const base = Math.min(cap, FIRST_TURN_WAIT_MS * 2 ** Math.min(Math.max(claims - 1, 0), 16));
    return Math.round(base * (0.8 + 0.4 * Math.random()));
  }

  private async send(
    delivery: DeliveryRow,
    event: EventRow,
    endpoint: EndpointRow,
    now: number,
  ): Promise<{ delivery: DeliveryRow; retryAt: number | null }> {
    const { webhooks } = this.deps.stores;
    const deliveryId = delivery.id;
    // Signed afresh for every attempt, with the endpoint's secrets at that time (the previous one
    // too within a day of a rotation): the timestamp is part of the signature; the id stays the event's.
    const secrets = signingSecrets(endpoint, now);
    const headers = webhookHeaders(secrets, event.id, Math.floor(now / 1000), event.payload);
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
      url: endpoint.url,
      request_headers: JSON.stringify(headers),
    });

    const result = await this.deps.sender.send(endpoint.url, event.payload, headers);
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
        url: endpoint.url,
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
      endpoint: EndpointRow | undefined;
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
      endpoint_id: delivery.endpoint?.id ?? null,
      url: delivery.endpoint?.url ?? null,
      status: failureReason ? 'failed' : 'pending',
      attempts: 0,
      last_status_code: null,
      next_attempt_at: failureReason ? null : now,
      failure_reason: failureReason,
      request_headers: null,
      replay_of: delivery.replayOf,
      seq: timeOrderedKey(now),
      created_at: now,
      delivered_at: null,
    });
    return id;
  }
}

function deliverJob(deliveryId: string, runAt: number) {
  return { kind: DELIVER_JOB, payload: { deliveryId }, runAt };
}
