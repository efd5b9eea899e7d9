import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  addEndpoint,
  changeEndpoint,
  DESCRIPTION_MAX_LENGTH,
  type EndpointDeps,
  EXPIRES_IN_MAX_S,
  EXPIRES_IN_MIN_S,
  endpointView,
  findEndpoint,
  listEndpoints,
  MAX_ENDPOINTS_PER_MODE,
  removeEndpoint,
} from '../../webhooks/endpoints.js';
import { EVENT_TYPES } from '../../webhooks/events.js';
import { answerHeaders, BODY_ERRORS, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import {
  ENDPOINT_CREATE_REQUEST_EXAMPLES,
  ENDPOINT_CREATED_EXAMPLES,
  ENDPOINT_DELETED_EXAMPLES,
  ENDPOINT_EXAMPLES,
  ENDPOINT_LIST_EXAMPLES,
  ENDPOINT_PATCH_REQUEST_EXAMPLES,
  ENDPOINT_PATCHED_EXAMPLES,
} from '../schemas/webhook-examples.js';
import { WebhookEndpoint } from '../schemas/webhooks.js';
import { typed } from '../typed.js';
import { WEBHOOK_ERRORS, WEBHOOK_NOTES } from './webhook-config.js';

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'HTTPS URL; private, loopback and reserved targets are refused, at creation and at every delivery',
});
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: 32,
  description: `Event kinds to receive (${EVENT_TYPES.join(', ')}), or ["*"] for every kind, those added later included. An unknown kind is 422 \`validation_error\` naming it.`,
  examples: [['validation.completed', 'batch.completed']],
});
const Description = Type.Union([Type.String({ maxLength: DESCRIPTION_MAX_LENGTH }), Type.Null()], {
  description: `Your own note, up to ${DESCRIPTION_MAX_LENGTH} characters with no control characters; null for none`,
});
const ExpiresIn = Type.Integer({
  minimum: EXPIRES_IN_MIN_S,
  maximum: EXPIRES_IN_MAX_S,
  description: `Makes the endpoint temporary: removed this many seconds from now (${EXPIRES_IN_MIN_S} to ${EXPIRES_IN_MAX_S}) unless renewed with PATCH`,
  examples: [60],
});

const CreateBody = Type.Object(
  {
    url: Url,
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
    expires_in: Type.Optional(ExpiresIn),
  },
  { additionalProperties: false, 'x-examples': ENDPOINT_CREATE_REQUEST_EXAMPLES },
);
const PatchBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean()),
    rotate_secret: Type.Optional(
      Type.Boolean({
        description:
          'true generates a new signing secret, shown in the answer; for 24 hours deliveries are signed with the previous secret too',
      }),
    ),
    expires_in: Type.Optional(
      Type.Union([ExpiresIn, Type.Null()], {
        description: 'Renews a temporary endpoint; null makes it permanent',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1, 'x-examples': ENDPOINT_PATCH_REQUEST_EXAMPLES },
);
const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A webhook endpoint id (`we_…`)',
    examples: ['we_9cD3eF7gH1jK5mN8pQ2r'],
  }),
});

const one = (description: string, examples: Record<string, unknown>) =>
  Type.Object(
    { data: Type.Ref(WebhookEndpoint), meta: RequestMeta },
    { description, ...answerHeaders(), 'x-examples': examples },
  );

const NOTES = `${WEBHOOK_NOTES}
- **Endpoints**: up to ${MAX_ENDPOINTS_PER_MODE} per key mode, temporary ones included. Every event goes to every enabled endpoint subscribed to its kind, each delivery naming its \`endpoint_id\` (\`GET /v1/webhooks/deliveries?endpoint_id=…\`); a replay goes to the same endpoint. \`/v1/webhooks/config\` manages the first one (the oldest that is not temporary).`;

const LIST_DESCRIPTION = `The key mode's webhook endpoints, oldest first, without their secrets. A temporary endpoint past its \`expires_at\` is gone from here (and from deliveries) at once.

${NOTES}`;

const CREATE_DESCRIPTION = `Adds an endpoint: 201 with it and its new signing secret (\`whsec_…\`, Standard Webhooks), shown here and on rotation only. \`events\` defaults to \`["*"]\`. With \`expires_in\` it is temporary: removed that many seconds from now unless renewed (\`vat-service webhooks listen\` keeps its session's endpoint this way, so one left by a stopped process goes by itself).

${NOTES}
- **Worth knowing**: the URL must be HTTPS and must not resolve to a loopback, private, link-local or reserved address (422 \`validation_error\`); an unknown event kind is 422 naming it; an eleventh endpoint is 409 \`endpoint_limit_exceeded\`.`;

const GET_DESCRIPTION = `One endpoint, without its secret (\`PATCH\` with \`rotate_secret: true\` makes and shows a new one). 404 \`not_found\` for an id of another account or key mode, or a temporary endpoint that has expired.

${NOTES}`;

const PATCH_DESCRIPTION = `Changes the members sent: \`url\` (checked as at creation), \`events\`, \`description\`, \`enabled\`, \`rotate_secret: true\` (the answer shows the new secret; for 24 hours deliveries also carry a signature with the previous one, so receivers keep verifying until they have the new one; a rotation within those 24 hours drops the secret before the previous one at once) and \`expires_in\` (renews a temporary endpoint; null makes it permanent). Deliveries waiting for a retry follow the endpoint as it is at each attempt: sent to its current URL, signed with its current secrets; disabled, or no longer subscribed to their kind, they fail at that attempt without being sent (\`webhook_disabled\`, \`webhook_unsubscribed\`).

${NOTES}`;

const DELETE_DESCRIPTION = `Removes the endpoint. Its deliveries stay listed with its \`endpoint_id\`; pending ones fail (\`webhook_not_configured\`), and a replay goes to the key mode's first endpoint if that one subscribes to the event.

${NOTES}`;

const ERRORS = [...WEBHOOK_ERRORS];

/** GET/POST /v1/webhooks/endpoints and GET/PATCH/DELETE /v1/webhooks/endpoints/{id}, per key mode. */
export function webhookEndpointRoutes(scope: FastifyInstance, deps: EndpointDeps): void {
  const app = typed(scope);
  app.addSchema(WebhookEndpoint);
  const config = { feature: 'webhooks' as const };
  const tags = ['webhooks'];

  app.get(
    '/v1/webhooks/endpoints',
    {
      config,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags,
        summary: "The key mode's webhook endpoints",
        description: LIST_DESCRIPTION,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Array(Type.Ref(WebhookEndpoint)), meta: RequestMeta },
            {
              description: 'Every endpoint, oldest first',
              ...answerHeaders(),
              'x-examples': ENDPOINT_LIST_EXAMPLES,
            },
          ),
          ...errorResponses(ERRORS),
        },
      },
    },
    async (request) => ({
      data: await listEndpoints(deps, request.principal),
      meta: { request_id: request.id },
    }),
  );

  app.post(
    '/v1/webhooks/endpoints',
    {
      config: { ...config, idempotent: true },
      schema: {
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Add a webhook endpoint',
        description: CREATE_DESCRIPTION,
        querystring: NoQuery,
        body: CreateBody,
        response: {
          201: one('The new endpoint, with its signing secret', ENDPOINT_CREATED_EXAMPLES),
          ...errorResponses([...BODY_ERRORS, ...ERRORS, 'endpoint_limit_exceeded']),
        },
      },
    },
    async (request, reply) => {
      const row = await addEndpoint(deps, request.principal, request.body);
      reply.code(201);
      return { data: endpointView(row, true), meta: { request_id: request.id } };
    },
  );

  app.get(
    '/v1/webhooks/endpoints/:id',
    {
      config,
      schema: {
        operationId: 'getWebhookEndpoint',
        tags,
        summary: 'One webhook endpoint',
        description: GET_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: one('The endpoint', ENDPOINT_EXAMPLES),
          ...errorResponses([...ERRORS, 'not_found']),
        },
      },
    },
    async (request) => ({
      data: endpointView(await findEndpoint(deps, request.principal, request.params.id)),
      meta: { request_id: request.id },
    }),
  );

  app.patch(
    '/v1/webhooks/endpoints/:id',
    {
      config: { ...config, idempotent: true },
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags,
        summary: 'Change a webhook endpoint, rotate its secret or renew it',
        description: PATCH_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        body: PatchBody,
        response: {
          200: one('The endpoint as changed', ENDPOINT_PATCHED_EXAMPLES),
          ...errorResponses([...BODY_ERRORS, ...ERRORS, 'not_found']),
        },
      },
    },
    async (request) => ({
      data: await changeEndpoint(deps, request.principal, request.params.id, request.body),
      meta: { request_id: request.id },
    }),
  );

  app.delete(
    '/v1/webhooks/endpoints/:id',
    {
      config: { ...config, idempotent: true },
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Remove a webhook endpoint',
        description: DELETE_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }), meta: RequestMeta },
            { description: 'Removed', ...answerHeaders(), 'x-examples': ENDPOINT_DELETED_EXAMPLES },
          ),
          ...errorResponses([...ERRORS, 'not_found']),
        },
      },
    },
    async (request) => {
      await removeEndpoint(deps, request.principal, request.params.id);
      return { data: { id: request.params.id, deleted: true as const }, meta: { request_id: request.id } };
    },
  );
}
