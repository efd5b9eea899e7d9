import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { WebhookStore } from '../../store/webhooks.js';
import type { TargetPolicy } from '../../webhooks/target-guard.js';
import { putWebhookConfig, readWebhookConfig, removeWebhookConfig } from '../../webhooks/webhook-config.js';
import { AUTH_ERRORS, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { WebhookConfig } from '../schemas/webhooks.js';
import { typed } from '../typed.js';

const PutBody = Type.Object(
  {
    url: Type.String({ description: 'HTTPS URL; private, loopback and reserved targets are refused' }),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
    rotate_secret: Type.Optional(Type.Boolean({ description: 'true generates a new signing secret' })),
  },
  { additionalProperties: false },
);

export const WEBHOOK_ERRORS = errorResponses([...AUTH_ERRORS, 403, 404, 422]);
const ConfigAnswer = Type.Object({ data: Type.Ref(WebhookConfig), meta: RequestMeta });

export interface WebhookConfigRouteDeps {
  webhooks: WebhookStore;
  clock: Clock;
  policy: TargetPolicy;
}

/**
 * PUT, GET and DELETE /v1/webhooks/config (spec 4.7, decisions section 7). Each key mode has its
 * own configuration: a test key reads and changes only the test-mode one.
 */
export function webhookConfigRoutes(scope: FastifyInstance, deps: WebhookConfigRouteDeps): void {
  const app = typed(scope);
  app.addSchema(WebhookConfig);
  const config = { feature: 'webhooks' as const };
  const tags = ['webhooks'];

  app.put(
    '/v1/webhooks/config',
    {
      config,
      schema: {
        operationId: 'putWebhookConfig',
        tags,
        summary: 'Create or update the webhook',
        querystring: NoQuery,
        body: PutBody,
        response: { 200: ConfigAnswer, ...WEBHOOK_ERRORS },
      },
    },
    async (request) => ({
      data: await putWebhookConfig(deps, request.principal, request.body),
      meta: { request_id: request.id },
    }),
  );

  app.get(
    '/v1/webhooks/config',
    {
      config,
      schema: {
        operationId: 'getWebhookConfig',
        tags,
        summary: 'The webhook configuration',
        querystring: NoQuery,
        response: { 200: ConfigAnswer, ...WEBHOOK_ERRORS },
      },
    },
    async (request) => ({
      data: await readWebhookConfig(deps.webhooks, request.principal),
      meta: { request_id: request.id },
    }),
  );

  app.delete(
    '/v1/webhooks/config',
    {
      config,
      schema: {
        operationId: 'deleteWebhookConfig',
        tags,
        summary: 'Remove the webhook',
        querystring: NoQuery,
        response: {
          200: Type.Object({ data: Type.Object({ deleted: Type.Literal(true) }), meta: RequestMeta }),
          ...WEBHOOK_ERRORS,
        },
      },
    },
    async (request) => {
      await removeWebhookConfig(deps.webhooks, request.principal);
      return { data: { deleted: true as const }, meta: { request_id: request.id } };
    },
  );
}
