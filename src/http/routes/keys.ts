import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiKey, type KeyManagement, MAX_ACTIVE_KEYS } from '../../accounts/key-management.js';
import { ApiError } from '../../errors.js';
import {
  KEY_CREATE_EXAMPLES,
  KEY_CREATED_EXAMPLES,
  KEY_LIST_EXAMPLES,
  KEY_REVOKED_EXAMPLES,
} from '../schemas/account-examples.js';
import {
  AUTH_ERRORS,
  answerHeaders,
  BODY_ERRORS,
  errorResponses,
  NoQuery,
  RequestMeta,
} from '../schemas/common.js';
import { typed } from '../typed.js';

/** The longest key name, in characters. */
export const KEY_NAME_MAX_LENGTH = 100;

const CreateBody = Type.Object(
  {
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')], {
      description: '`live` (registries, quota) or `test` (magic numbers, no quota)',
    }),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: KEY_NAME_MAX_LENGTH,
        description: `What you call the key (1 to ${KEY_NAME_MAX_LENGTH} printable characters, trimmed)`,
      }),
    ),
  },
  { additionalProperties: false, 'x-examples': KEY_CREATE_EXAMPLES },
);
const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A key id (`key_…`), not the key',
    examples: ['key_7Hq2xLm3Pw9sT4vB'],
  }),
});

const NOTES = `- **Live keys only**: a test key gets 403 \`forbidden\` (a test key leaks more easily; it must not be able to mint live keys).
- **Never the key**: keys are stored only as their SHA-256; listings show the first 13 characters (\`prefix\`).`;

const LIST_DESCRIPTION = `Every key of the account, live and test, revoked ones included, oldest first. \`last_used_at\` is when a request last authenticated with the key, to within a minute (it is written at most once a minute, not on every request).

${NOTES}`;

const CREATE_DESCRIPTION = `Creates a key and answers 201 with it in \`key\`: **the only time it is shown**; store it at once. An account holds at most ${MAX_ACTIVE_KEYS} unrevoked keys (409 \`conflict\` beyond).

${NOTES}`;

const REVOKE_DESCRIPTION = `Revokes a key: from then on it is refused (401) by this instance at once and by every other instance within one second. Revoking a key already revoked answers it as it is. The account's last unrevoked live key cannot be revoked (409 \`conflict\`): create another first. Another account's key, or an id that does not exist, is 404 \`not_found\`.

${NOTES}`;

/** Test keys manage no keys (after the gates of decisions section 4, before the body is read). */
const liveKeysOnly = async (request: FastifyRequest) => {
  if (request.principal.mode === 'test')
    throw new ApiError('forbidden', 'Test keys cannot manage API keys: use a live key.');
};

/** GET /v1/keys, POST /v1/keys, DELETE /v1/keys/{id}. */
export function keyRoutes(scope: FastifyInstance, keys: KeyManagement): void {
  const app = typed(scope);
  app.addSchema(ApiKey);
  const tags = ['account'];
  const errors = [...AUTH_ERRORS, 'forbidden'] as const;

  app.get(
    '/v1/keys',
    {
      onRequest: liveKeysOnly,
      schema: {
        operationId: 'listKeys',
        tags,
        summary: "The account's API keys, never the keys themselves",
        description: LIST_DESCRIPTION,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Array(Type.Ref(ApiKey)), meta: RequestMeta },
            { description: 'The keys', ...answerHeaders(), 'x-examples': KEY_LIST_EXAMPLES },
          ),
          ...errorResponses([...errors, 'validation_error']),
        },
      },
    },
    async (request) => ({ data: await keys.list(request.principal), meta: { request_id: request.id } }),
  );

  app.post(
    '/v1/keys',
    {
      onRequest: liveKeysOnly,
      config: { idempotent: true },
      schema: {
        operationId: 'createKey',
        tags,
        summary: 'Create an API key (shown once)',
        description: CREATE_DESCRIPTION,
        querystring: NoQuery,
        body: CreateBody,
        response: {
          201: Type.Object(
            {
              data: Type.Intersect([
                Type.Ref(ApiKey),
                Type.Object({
                  key: Type.String({ description: 'The key itself: shown only in this answer' }),
                }),
              ]),
              meta: RequestMeta,
            },
            { description: 'The new key', ...answerHeaders(), 'x-examples': KEY_CREATED_EXAMPLES },
          ),
          ...errorResponses([...BODY_ERRORS, ...errors, 'conflict']),
        },
      },
    },
    async (request, reply) => {
      const created = await keys.create(request.principal, request.body.mode, request.body.name);
      reply.code(201);
      return { data: created, meta: { request_id: request.id } };
    },
  );

  app.delete(
    '/v1/keys/:id',
    {
      onRequest: liveKeysOnly,
      config: { idempotent: true },
      schema: {
        operationId: 'revokeKey',
        tags,
        summary: 'Revoke an API key',
        description: REVOKE_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(ApiKey), meta: RequestMeta },
            { description: 'The key, revoked', ...answerHeaders(), 'x-examples': KEY_REVOKED_EXAMPLES },
          ),
          ...errorResponses([...errors, 'not_found', 'conflict', 'validation_error']),
        },
      },
    },
    async (request) => ({
      data: await keys.revoke(request.principal, request.params.id),
      meta: { request_id: request.id },
    }),
  );
}
