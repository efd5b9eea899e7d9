import type { DeliveryService } from '../../webhooks/delivery-service.js';
import type { JobHandler } from '../worker.js';

/**
 * The `deliver_webhook` job: one attempt of a delivery; a failed one is retried on the schedule.
 * A delivery whose endpoint already has its share of attempts under way is put back unsent (no
 * attempt used) until its turn.
 */
export function deliverWebhookHandler(deliveries: DeliveryService): JobHandler {
  return async (job) => {
    const { deliveryId } = JSON.parse(job.payload) as { deliveryId: string };
    const { retryAt, delivery, waitUntil } = await deliveries.attempt(deliveryId, { claims: job.attempts });
    if (waitUntil !== undefined) {
      return { retryAt: waitUntil, error: 'waiting: its endpoint has its share of attempts under way' };
    }
    return retryAt === null
      ? { done: true }
      : { retryAt, error: delivery.failure_reason ?? 'delivery failed' };
  };
}
