import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { DeliveryService } from '../../webhooks/delivery-service.js';
import { deliverySummary } from '../../webhooks/delivery-views.js';
import { EVENT_TYPES } from '../../webhooks/events.js';
import { sampleEvent } from '../../webhooks/samples.js';
import { answerHeaders, BODY_ERRORS, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { TRIGGER_EXAMPLES, TRIGGER_REQUEST_EXAMPLES } from '../schemas/webhook-examples.js';
import { DeliverySummary } from '../schemas/webhooks.js';
import { typed } from '../typed.js';
import { WEBHOOK_ERRORS, WEBHOOK_NOTES } from './webhook-config.js';

const TriggerBody = Type.Object(
  {
    event: Type.String({
      minLength: 1,
      maxLength: 64,
      description: `The kind of event to send: ${EVENT_TYPES.join(', ')}. An unknown kind is 422 \`validation_error\` naming it.`,
      examples: ['batch.completed'],
    }),
  },
  { additionalProperties: false, 'x-examples': TRIGGER_REQUEST_EXAMPLES },
);

const TriggerAnswer = Type.Object(
  {
    data: Type.Object({
      event_id: Type.String({ description: 'The sample event: its `id`, and the `webhook-id` header' }),
      event: Type.String({ description: 'Its kind' }),
      deliveries: Type.Array(Type.Ref(DeliverySummary), {
        description:
          'One per enabled endpoint subscribed to the kind, oldest endpoint first, after its attempt',
      }),
    }),
    meta: RequestMeta,
  },
  { description: 'The sample and its deliveries', ...answerHeaders(), 'x-examples': TRIGGER_EXAMPLES },
);

const DESCRIPTION = `Sends a sample event of any kind now to every enabled test-mode endpoint subscribed to it, and answers once the attempts are over. Test mode cannot produce most events itself (asynchronous validation needs a live key), so this is how a handler of \`validation.failed\`, \`batch.completed\`, \`monitor.changed\` or \`bulk.completed\` is exercised before going live.

A sample is built by the code that builds the real event, from what test mode answers for its numbers (DE123456704 valid, DE999999903 with its registry unavailable, NL123456782B01 renamed), and is a normal test-mode event: the same envelope and schema, signed with the endpoint's secret. \`reference\` is \`"sample"\` wherever the kind has one, and the requests, batches, records, monitors and files it names exist only in it. A delivery that fails is retried on the normal schedule, and can be replayed.

${WEBHOOK_NOTES}
- **Test keys only**: a live key gets 403 \`forbidden\`.
- **Worth knowing**: an unknown kind is 422 \`validation_error\` naming it; 400 \`webhook_not_configured\` without an enabled test-mode endpoint subscribed to the kind.`;

export interface WebhookTriggerRouteDeps {
  deliveries: DeliveryService;
  clock: Clock;
  publicUrl: string;
}

/** POST /v1/webhooks/trigger: sample events for test keys (`vat-service webhooks trigger`). */
export function webhookTriggerRoutes(scope: FastifyInstance, deps: WebhookTriggerRouteDeps): void {
  const app = typed(scope);
  app.post(
    '/v1/webhooks/trigger',
    {
      config: { feature: 'webhooks', testOnly: true, idempotent: true },
      schema: {
        operationId: 'triggerWebhookEvent',
        tags: ['webhooks'],
        summary: 'Send a sample event of any kind (test keys)',
        description: DESCRIPTION,
        querystring: NoQuery,
        body: TriggerBody,
        response: {
          200: TriggerAnswer,
          ...errorResponses([...BODY_ERRORS, ...WEBHOOK_ERRORS, 'forbidden', 'webhook_not_configured']),
        },
      },
    },
    async (request) => {
      const event = sampleEvent(request.body.event, { now: deps.clock.now(), publicUrl: deps.publicUrl });
      const sent = await deps.deliveries.sendNow(request.principal, event);
      return {
        data: { event_id: sent.eventId, event: event.type, deliveries: sent.deliveries.map(deliverySummary) },
        meta: { request_id: request.id },
      };
    },
  );
}
