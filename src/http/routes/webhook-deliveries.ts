import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { WebhookStore } from '../../store/webhooks.js';
import type { DeliveryService } from '../../webhooks/delivery-service.js';
import {
  deliveryDetail,
  deliverySummary,
  findDelivery,
  pageOfDeliveries,
} from '../../webhooks/delivery-views.js';
import { errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { DeliveryDetail, DeliverySummary } from '../schemas/webhooks.js';
import { typed } from '../typed.js';
import { WEBHOOK_ERRORS } from './webhook-config.js';

const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: '1 to 100, default 20' })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'next_cursor of the previous page' })),
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    ),
    event: Type.Optional(Type.String({ maxLength: 64, pattern: '^[\\x21-\\x7e]+$' })),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ maxLength: 100, pattern: '^[\\x21-\\x7e]+$' }) });
const OptionalBody = Type.Optional(
  Type.Object({}, { additionalProperties: false, description: 'None or {}' }),
);

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
      config,
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'sendTestWebhook',
        tags,
        summary: 'Send a test event now',
        querystring: NoQuery,
        body: OptionalBody,
        response: {
          200: Type.Object({ data: Type.Ref(DeliverySummary), meta: RequestMeta }),
          ...errorResponses([400]),
          ...WEBHOOK_ERRORS,
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
        querystring: ListQuery,
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref(DeliverySummary)),
            meta: Type.Object({
              request_id: Type.String(),
              next_cursor: Type.Union([Type.String(), Type.Null()]),
              has_more: Type.Boolean(),
            }),
          }),
          ...WEBHOOK_ERRORS,
        },
      },
    },
    async (request) => {
      const limit = request.query.limit === undefined ? 20 : Number(request.query.limit);
      if (!(limit >= 1 && limit <= 100)) {
        throw new ApiError('validation_error', `limit: must be from 1 to 100; got ${request.query.limit}.`);
      }
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
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object({ data: Type.Ref(DeliveryDetail), meta: RequestMeta }),
          ...WEBHOOK_ERRORS,
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
      config,
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Send the same event again to the current URL',
        params: IdParams,
        querystring: NoQuery,
        body: OptionalBody,
        response: {
          200: Type.Object({ data: Type.Ref(DeliveryDetail), meta: RequestMeta }),
          ...WEBHOOK_ERRORS,
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
