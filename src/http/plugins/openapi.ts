import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { ErrorObject } from '../../errors.js';
import { AnswerMeta, ValidationData } from '../../validation/answer.js';
import { BatchItem } from '../../validation/batch-item.js';
import { EVENT_SCHEMAS } from '../../webhooks/events.js';
import { ErrorEnvelope } from '../schemas/common.js';
import { EXAMPLE_PUBLIC_URL } from '../schemas/examples.js';
import { IDEMPOTENCY_PARAMETERS, referenceIdempotencyKey } from './idempotency.js';
import { SIGNATURE_PARAMETERS, webhooksSection } from './openapi-webhooks.js';

export const API_TITLE = 'VAT validation and rates API';

const DESCRIPTION = `Validates VAT numbers against the official registries (VIES, HMRC, the Swiss UID register, Brønnøysund, ABN Lookup) and serves effective-dated VAT rates.

Every \`/v1\` request needs \`Authorization: Bearer <key>\`. Live keys (\`svc_live_…\`) ask the registries and count against the monthly quota; test keys (\`svc_test_…\`) answer the [test-mode numbers](/docs/test-mode) without either. Every failure is \`{ "error": { "code", "message", "docs_url" }, "meta": { "request_id" } }\`; the codes and what to do about each are on [/docs/errors](/docs/errors). Asynchronous results arrive by webhook: the events are under **Webhooks**.`;

/**
 * The OpenAPI 3.1 document at /openapi.json and the reference page at /docs, generated from the
 * routes' own TypeBox schemas and the event schemas of webhooks/events.ts: the document cannot
 * drift from what is validated and sent. Each route states whether it needs a key (the gates set
 * `security` on every route they guard), so there is no document-wide requirement.
 */
export async function registerOpenApi(fastify: FastifyInstance, config: Readonly<Config>): Promise<void> {
  const { publicUrl } = config;
  for (const schema of [
    ErrorObject,
    ErrorEnvelope,
    ValidationData,
    AnswerMeta,
    BatchItem,
    ...Object.values(EVENT_SCHEMAS),
  ])
    fastify.addSchema(schema);
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: API_TITLE, version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'svc_live_… or svc_test_…' },
        },
        parameters: { ...SIGNATURE_PARAMETERS, ...IDEMPOTENCY_PARAMETERS },
      },
      tags: [
        { name: 'validation', description: 'VAT number validation' },
        { name: 'rates', description: 'VAT rates' },
        { name: 'history', description: 'Validation records: the list, the CSV export, one record' },
        { name: 'decisions', description: 'The VAT treatment of a sale: decided, recorded and proven' },
        { name: 'bulk', description: 'CSV files of VAT numbers, validated in the background' },
        { name: 'webhooks', description: 'Webhook endpoints, deliveries and sample events' },
        { name: 'account', description: 'Usage figures and API keys' },
        { name: 'monitors', description: 'Numbers re-checked on a schedule, with change events' },
        { name: 'events', description: 'What the service sends to your webhook' },
        { name: 'operations', description: 'Health, readiness and registry status' },
      ],
      webhooks: webhooksSection({
        retryDelaysMs: config.webhook.retryDelaysMs,
        timeoutMs: config.webhook.timeoutMs,
        asyncRetryDelaysMs: config.asyncRetryDelaysMs,
      }),
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Examples are written with a stand-in for PUBLIC_URL (in docs_url): this instance's goes in.
    transformObject: (document) => {
      const { openapiObject } = document as { openapiObject: Parameters<typeof referenceIdempotencyKey>[0] };
      referenceIdempotencyKey(openapiObject);
      return JSON.parse(JSON.stringify(openapiObject).replaceAll(EXAMPLE_PUBLIC_URL, jsonText(publicUrl)));
    },
  });
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    theme: { title: API_TITLE },
    uiConfig: { validatorUrl: null, deepLinking: true },
    // Everything the page needs is served from here (the plugin's bundle, its CSS, the document):
    // the policy lets the browser load nothing from another host, and call only the service itself.
    // (The plugin's own policy, `staticCSP: true`, allows fonts and styles from any https: host and
    // images from validator.swagger.io, and its upgrade-insecure-requests breaks the page's own
    // assets when it is served over plain HTTP on an internal address.)
    staticCSP: [
      "default-src 'self'",
      "base-uri 'self'",
      `connect-src 'self' ${new URL(publicUrl).origin}`,
      "font-src 'self' data:",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self'",
    ].join('; '),
  });
  fastify.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
}

/** `text` as it appears inside a JSON string. */
function jsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
