import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebhookStore } from '../../store/webhooks.js';
import type { DeliveryService } from '../../webhooks/delivery-service.js';
import {
  deliveryDetail,
  deliverySummary,
  findDelivery,
  pageOfDeliveries,
} from '../../webhooks/delivery-views.js';
import { PAGE_QUERY, PageMeta, pageLimit } from '../paging.js';
import { answerHeaders, BODY_ERRORS, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import {
  DELIVERY_DETAIL_EXAMPLES,
  DELIVERY_LIST_EXAMPLES,
  REPLAY_EXAMPLES,
  TEST_DELIVERY_EXAMPLES,
} from '../schemas/examples.js';
import { DeliveryDetail, DeliverySummary } from '../schemas/webhooks.js';
import { typed } from '../typed.js';
import { WEBHOOK_ERRORS, WEBHOOK_NOTES } from './webhook-config.js';

const ListQuery = Type.Object(
  {
    ...PAGE_QUERY,
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
        examples: ['failed'],
      }),
    ),
    event: Type.Optional(
      Type.String({
        maxLength: 64,
        pattern: '^[\\x21-\\x7e]+$',
        description: 'Event type, e.g. batch.completed',
        examples: ['batch.completed'],
      }),
    ),
    endpoint_id: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: '^[\\x21-\\x7e]+$',
        description: 'Only the deliveries for this endpoint (`we_…`), removed ones included',
        examples: ['we_5hJ2kL9mN3pQ7rS1tV4w'],
      }),
    ),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A delivery id (`dlv_…`)',
    examples: ['dlv_3kT9vXq2LmN8pR4sW7yZ'],
  }),
});
const OptionalBody = Type.Optional(
  Type.Object({}, { additionalProperties: false, description: 'None or {}', examples: [{}] }),
);

const TEST_DESCRIPTION = `Sends a \`test\` event now to every enabled webhook endpoint of the key's mode subscribed to \`test\` (the configuration's endpoint subscribes to every kind) and answers once the attempts are over, with the delivery to the oldest of them: \`status\` and \`last_status_code\` say what the receiver answered (the others are in the deliveries list). Use it to check the URL and your signature verification. A failed test delivery is not retried. No body, or \`{}\`.

${WEBHOOK_NOTES}
- **Worth knowing**: 400 \`webhook_not_configured\` without an enabled endpoint subscribed to \`test\`. Samples of every other kind: \`POST /v1/webhooks/trigger\` (test keys).`;

const LIST_DESCRIPTION = `Deliveries of the key's mode, newest first, \`limit\` at a time (default 20). \`meta.next_cursor\` (when \`has_more\`) fetches the next page as \`cursor\`. Filter by \`status\`, by \`event\` type and by \`endpoint_id\`.

${WEBHOOK_NOTES}
- **Worth knowing**: \`limit\` outside 1–100, a cursor this list did not return for this key mode and these filters (another list's, account's, key mode's or filter's, or malformed), or a query parameter this operation does not take is 422 \`validation_error\`.`;

const GET_DESCRIPTION = `One delivery with the exact body sent (\`payload\`), the request headers of its last attempt (signature included) and every attempt: time, status code, duration, the first 4 KiB of the response and the error. 404 \`not_found\` for an id that does not exist or belongs to another account or key mode.

${WEBHOOK_NOTES}`;

const REPLAY_DESCRIPTION = `Sends the delivery's event again, as a new delivery to the same endpoint at its current URL: the same body and \`webhook-id\` (receivers can deduplicate on it), signed afresh with the endpoint's secret (and its previous one within a day of a rotation). \`replay_of\` names the original. When that endpoint was removed (or the event had none), the replay goes to the key mode's first endpoint (the configuration's) if it subscribes to the event; without one it is recorded as failed (\`webhook_not_configured\`). A replay to an endpoint that is disabled or no longer subscribes to the event's kind is recorded as failed without an attempt (\`webhook_disabled\`, \`webhook_unsubscribed\`). A replay that fails is retried on the normal schedule. No body, or \`{}\`.

${WEBHOOK_NOTES}`;

/** decisions 7: test and replay take no body or `{}`; Fastify validates a missing body as `undefined`. */
const noBodyAsEmpty = async (request: FastifyRequest) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

export interface WebhookDeliveryRouteDeps {
  webhooks: WebhookStore;
  deliveries: DeliveryService;
}

/**
 * POST /v1/webhooks/test, the deliveries list, one delivery and its replay (decisions section 7),
 * each within the key's mode: a test key sees and replays only test-mode deliveries.
 */
export function webhookDeliveryRoutes(scope: FastifyInstance, deps: WebhookDeliveryRouteDeps): void {
  const app = typed(scope);
  app.addSchema(DeliverySummary);
  app.addSchema(DeliveryDetail);
  const config = { feature: 'webhooks' as const };
  const tags = ['webhooks'];

  app.post(
    '/v1/webhooks/test',
    {
      config: { ...config, idempotent: true },
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'sendTestWebhook',
        tags,
        summary: 'Send a test event now',
        description: TEST_DESCRIPTION,
        querystring: NoQuery,
        body: OptionalBody,
        response: {
          200: Type.Object(
            { data: Type.Ref(DeliverySummary), meta: RequestMeta },
            {
              description: 'The delivery, after its attempt',
              ...answerHeaders(),
              'x-examples': TEST_DELIVERY_EXAMPLES,
            },
          ),
          ...errorResponses([...BODY_ERRORS, 'webhook_not_configured', ...WEBHOOK_ERRORS]),
        },
      },
    },
    async (request) => ({
      data: deliverySummary(await deps.deliveries.sendTest(request.principal)),
      meta: { request_id: request.id },
    }),
  );

  app.get(
    '/v1/webhooks/deliveries',
    {
      config,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'Deliveries, newest first, cursor pagination',
        description: LIST_DESCRIPTION,
        querystring: ListQuery,
        response: {
          200: Type.Object(
            {
              data: Type.Array(Type.Ref(DeliverySummary)),
              meta: PageMeta,
            },
            { description: 'A page of deliveries', ...answerHeaders(), 'x-examples': DELIVERY_LIST_EXAMPLES },
          ),
          ...errorResponses([...WEBHOOK_ERRORS]),
        },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query.limit);
      const page = await pageOfDeliveries(deps.webhooks, request.principal, { ...request.query, limit });
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );

  app.get(
    '/v1/webhooks/deliveries/:id',
    {
      config,
      schema: {
        operationId: 'getWebhookDelivery',
        tags,
        summary: 'One delivery with payload, headers and attempts',
        description: GET_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(DeliveryDetail), meta: RequestMeta },
            { description: 'The delivery', ...answerHeaders(), 'x-examples': DELIVERY_DETAIL_EXAMPLES },
          ),
          ...errorResponses([...WEBHOOK_ERRORS, 'not_found']),
        },
      },
    },
    async (request) => {
      const row = await findDelivery(deps.webhooks, request.principal, request.params.id);
      return { data: await deliveryDetail(deps.webhooks, row), meta: { request_id: request.id } };
    },
  );

  app.post(
    '/v1/webhooks/deliveries/:id/replay',
    {
      config: { ...config, idempotent: true },
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Send the same event again to its endpoint',
        description: REPLAY_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        body: OptionalBody,
        response: {
          200: Type.Object(
            { data: Type.Ref(DeliveryDetail), meta: RequestMeta },
            {
              description: 'The new delivery, after its attempt',
              ...answerHeaders(),
              'x-examples': REPLAY_EXAMPLES,
            },
          ),
          ...errorResponses([...BODY_ERRORS, ...WEBHOOK_ERRORS, 'not_found']),
        },
      },
    },
    async (request) => {
      const original = await findDelivery(deps.webhooks, request.principal, request.params.id);
      const delivery = await deps.deliveries.replay(request.principal, original);
      return { data: await deliveryDetail(deps.webhooks, delivery), meta: { request_id: request.id } };
    },
  );
}
