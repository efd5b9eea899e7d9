import type { DeliveryService } from '../../webhooks/delivery-service.js';
import type { JobHandler } from '../worker.js';

/** The `deliver_webhook` job: one attempt of a delivery; a failed one is retried on the schedule. */
export function deliverWebhookHandler(deliveries: DeliveryService): JobHandler {
  return async (job) => {
    const { deliveryId } = JSON.parse(job.payload) as { deliveryId: string };
    const { retryAt, delivery } = await deliveries.attempt(deliveryId);
    return retryAt === null
      ? { done: true }
      : { retryAt, error: delivery.failure_reason ?? 'delivery failed' };
  };
}
