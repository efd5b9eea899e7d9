import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { EndpointDeps } from '../../webhooks/endpoints.js';
import { putWebhookConfig, readWebhookConfig, removeWebhookConfig } from '../../webhooks/webhook-config.js';
import {
  AUTH_ERRORS,
  answerHeaders,
  BODY_ERRORS,
  errorResponses,
  NoQuery,
  RequestMeta,
} from '../schemas/common.js';
import {
  WEBHOOK_CONFIG_EXAMPLES,
  WEBHOOK_DELETED_EXAMPLES,
  WEBHOOK_PUT_EXAMPLES,
} from '../schemas/examples.js';
import { WebhookConfig } from '../schemas/webhooks.js';
import { typed } from '../typed.js';

const PutBody = Type.Object(
  {
    url: Type.String({ description: 'HTTPS URL; private, loopback and reserved targets are refused' }),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
    rotate_secret: Type.Optional(
      Type.Boolean({
        description:
          'true generates a new signing secret; for 24 hours deliveries are signed with the previous secret too',
      }),
    ),
  },
  { additionalProperties: false, 'x-examples': WEBHOOK_PUT_EXAMPLES },
);

/** Failures every webhook operation can answer; the routes add their own. */
export const WEBHOOK_ERRORS = [...AUTH_ERRORS, 'tier_insufficient', 'validation_error'] as const;
const ConfigAnswer = Type.Object(
  { data: Type.Ref(WebhookConfig), meta: RequestMeta },
  { description: 'The webhook configuration', ...answerHeaders(), 'x-examples': WEBHOOK_CONFIG_EXAMPLES },
);

/** What every webhook operation's description ends with (decisions section 7). */
export const WEBHOOK_NOTES = `- **Tiers**: Pro, Business and Scale (Free: 403 \`tier_insufficient\`). Not counted against the monthly quota.
- **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.`;

/** How the configuration relates to the endpoints, for the three operations below. */
const FIRST_ENDPOINT = `The configuration is the key mode's first webhook endpoint (its oldest permanent one; see \`/v1/webhooks/endpoints\` for up to ten, each with its own events and secret).`;

const PUT_DESCRIPTION = `Sets the URL that events are delivered to (see the \`webhooks\` section of this document for every kind). The first call creates the endpoint, subscribed to every event kind, and generates its signing secret (\`whsec_…\`, Standard Webhooks); later calls keep the secret and \`created_at\` unless \`rotate_secret\` is true (a new secret, answered here; for 24 hours deliveries also carry a signature with the previous one, so receivers keep verifying until they have the new one). \`enabled: false\` pauses deliveries: events are then recorded as failed deliveries, which can be replayed. ${FIRST_ENDPOINT}

${WEBHOOK_NOTES}
- **Worth knowing**: the URL must be HTTPS and must not resolve to a loopback, private, link-local or reserved address (422 \`validation_error\`); it is checked again at every delivery. Creating it when the key mode has ten endpoints already is 409 \`endpoint_limit_exceeded\`.`;

const GET_DESCRIPTION = `The webhook of the key's mode, with its signing secret. 404 \`not_found\` when none is configured. ${FIRST_ENDPOINT}

${WEBHOOK_NOTES}`;

const DELETE_DESCRIPTION = `Removes the webhook of the key's mode (its first endpoint; other endpoints stay). Events that no endpoint subscribes to afterwards are recorded as failed deliveries (\`failure_reason: webhook_not_configured\`) and can be replayed once a webhook exists again. 404 \`not_found\` when none is configured.

${WEBHOOK_NOTES}`;

export type WebhookConfigRouteDeps = EndpointDeps;

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
      config: { ...config, idempotent: true },
      schema: {
        operationId: 'putWebhookConfig',
        tags,
        summary: 'Create or update the webhook',
        description: PUT_DESCRIPTION,
        querystring: NoQuery,
        body: PutBody,
        response: {
          200: ConfigAnswer,
          ...errorResponses([...BODY_ERRORS, ...WEBHOOK_ERRORS, 'endpoint_limit_exceeded']),
        },
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
        description: GET_DESCRIPTION,
        querystring: NoQuery,
        response: { 200: ConfigAnswer, ...errorResponses([...WEBHOOK_ERRORS, 'not_found']) },
      },
    },
    async (request) => ({
      data: await readWebhookConfig(deps, request.principal),
      meta: { request_id: request.id },
    }),
  );

  app.delete(
    '/v1/webhooks/config',
    {
      config: { ...config, idempotent: true },
      schema: {
        operationId: 'deleteWebhookConfig',
        tags,
        summary: 'Remove the webhook',
        description: DELETE_DESCRIPTION,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Object({ deleted: Type.Literal(true) }), meta: RequestMeta },
            { description: 'Removed', ...answerHeaders(), 'x-examples': WEBHOOK_DELETED_EXAMPLES },
          ),
          ...errorResponses([...WEBHOOK_ERRORS, 'not_found']),
        },
      },
    },
    async (request) => {
      await removeWebhookConfig(deps, request.principal);
      return { data: { deleted: true as const }, meta: { request_id: request.id } };
    },
  );
}
