import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Database } from '../../store/db.js';
import {
  putWebhookConfig,
  readWebhookConfig,
  removeWebhookConfig,
  requireWebhookConfig,
} from '../../webhooks/config.js';
import {
  deliveryDetail,
  deliverySummary,
  findDelivery,
  pageOfDeliveries,
} from '../../webhooks/deliveries.js';
import type { WebhookDispatcher } from '../../webhooks/dispatch.js';
import type { TargetPolicy } from '../../webhooks/target-guard.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { DeliveryDetail, DeliverySummary, WebhookConfig } from '../schemas/webhooks.js';

const PutBody = Type.Object({
  url: Type.String({ description: 'HTTPS URL; private, loopback and reserved targets are refused' }),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
  rotate_secret: Type.Optional(Type.Boolean({ description: 'true generates a new signing secret' })),
});
type PutBody = Static<typeof PutBody>;

const ListQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: '1 to 100, default 20' })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'next_cursor of the previous page' })),
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  ),
  event: Type.Optional(Type.String({ maxLength: 64, pattern: '^[\\x21-\\x7e]+$' })),
});
type ListQuery = Static<typeof ListQuery>;
const IdParams = Type.Object({ id: Type.String({ maxLength: 100, pattern: '^[\\x21-\\x7e]+$' }) });
type IdParams = Static<typeof IdParams>;
const OptionalBody = Type.Optional(Type.Object({}, { description: 'None or {}' }));
/** decisions 7: test and replay take no body or `{}`; Fastify validates a missing body as `undefined`. */
const noBodyAsEmpty = async (request: FastifyRequest) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

const meta = (id: string) => ({ request_id: id });
const Meta = Type.Object({ request_id: Type.String() });
const ok = (data: unknown) => ({ 200: Type.Object({ data: data as never, meta: Meta }) });
const ERRORS = errorResponses([...AUTH_ERRORS, 403, 404, 422]);

export interface WebhookRouteDeps {
  database: Database;
  clock: Clock;
  policy: TargetPolicy;
  dispatcher: WebhookDispatcher;
}

/** Webhook configuration, test event, deliveries, detail and replay (spec 4.7, decisions section 7). */
export function webhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps): void {
  const { db } = deps.database;
  app.addSchema(WebhookConfig);
  app.addSchema(DeliverySummary);
  app.addSchema(DeliveryDetail);
  const gate = { feature: 'webhooks' as const };
  const tags = ['webhooks'];

  app.put<{ Body: PutBody }>(
    '/v1/webhooks/config',
    {
      config: gate,
      schema: {
        operationId: 'putWebhookConfig',
        tags,
        summary: 'Create or update the webhook',
        body: PutBody,
        response: { ...ok(Type.Ref('WebhookConfig')), ...ERRORS },
      },
    },
    async (request) => ({
      data: await putWebhookConfig(db, deps.clock, deps.policy, request.principal.accountId, request.body),
      meta: meta(request.id),
    }),
  );

  app.get(
    '/v1/webhooks/config',
    {
      config: gate,
      schema: {
        operationId: 'getWebhookConfig',
        tags,
        summary: 'The webhook configuration',
        response: { ...ok(Type.Ref('WebhookConfig')), ...ERRORS },
      },
    },
    async (request) => ({
      data: await readWebhookConfig(db, request.principal.accountId),
      meta: meta(request.id),
    }),
  );

  app.delete(
    '/v1/webhooks/config',
    {
      config: gate,
      schema: {
        operationId: 'deleteWebhookConfig',
        tags,
        summary: 'Remove the webhook',
        response: { ...ok(Type.Object({ deleted: Type.Literal(true) })), ...ERRORS },
      },
    },
    async (request) => {
      await removeWebhookConfig(db, request.principal.accountId);
      return { data: { deleted: true as const }, meta: meta(request.id) };
    },
  );

  app.post(
    '/v1/webhooks/test',
    {
      config: gate,
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'sendTestWebhook',
        tags,
        summary: 'Send a test event now',
        body: OptionalBody,
        response: { ...ok(Type.Ref('DeliverySummary')), ...errorResponses([400]), ...ERRORS },
      },
    },
    async (request) => {
      await requireWebhookConfig(db, request.principal.accountId);
      const delivery = await deps.dispatcher.sendTest(request.principal.accountId);
      return { data: deliverySummary(delivery), meta: meta(request.id) };
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/v1/webhooks/deliveries',
    {
      config: gate,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'Deliveries, newest first, cursor pagination',
        querystring: ListQuery,
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('DeliverySummary')),
            meta: Type.Object({
              request_id: Type.String(),
              next_cursor: Type.Union([Type.String(), Type.Null()]),
              has_more: Type.Boolean(),
            }),
          }),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const limit = request.query.limit === undefined ? 20 : Number(request.query.limit);
      if (!(limit >= 1 && limit <= 100)) {
        throw new ApiError('validation_error', `limit: must be from 1 to 100; got ${request.query.limit}.`);
      }
      const page = await pageOfDeliveries(db, request.principal.accountId, { ...request.query, limit });
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );

  app.get<{ Params: IdParams }>(
    '/v1/webhooks/deliveries/:id',
    {
      config: gate,
      schema: {
        operationId: 'getWebhookDelivery',
        tags,
        summary: 'One delivery with payload, headers and attempts',
        params: IdParams,
        response: { ...ok(Type.Ref('DeliveryDetail')), ...ERRORS },
      },
    },
    async (request) => {
      const row = await findDelivery(db, request.principal.accountId, request.params.id);
      return { data: await deliveryDetail(db, row), meta: meta(request.id) };
    },
  );

  app.post<{ Params: IdParams }>(
    '/v1/webhooks/deliveries/:id/replay',
    {
      config: gate,
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Send the same event again to the current URL',
        params: IdParams,
        body: OptionalBody,
        response: { ...ok(Type.Ref('DeliveryDetail')), ...ERRORS },
      },
    },
    async (request) => {
      const original = await findDelivery(db, request.principal.accountId, request.params.id);
      const delivery = await deps.dispatcher.replay(request.principal.accountId, original);
      return { data: await deliveryDetail(db, delivery), meta: meta(request.id) };
    },
  );
}
