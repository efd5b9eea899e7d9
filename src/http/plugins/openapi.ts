import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorObject } from '../../errors.js';
import { AnswerMeta, ValidationData } from '../../validation/answer.js';
import { BatchItem } from '../../validation/batch-item.js';
import { ErrorEnvelope } from '../schemas/common.js';
import { EXAMPLE_PUBLIC_URL } from '../schemas/examples.js';

/**
 * The OpenAPI 3.1 document at /openapi.json and the reference page at /docs, generated from the
 * routes' own TypeBox schemas: the document cannot drift from what is validated and sent.
 */
export async function registerOpenApi(fastify: FastifyInstance, publicUrl: string): Promise<void> {
  for (const schema of [ErrorObject, ErrorEnvelope, ValidationData, AnswerMeta, BatchItem])
    fastify.addSchema(schema);
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'VAT validation and rates API',
        version: '1.0.0',
        description:
          'Validates VAT numbers against the official registries (VIES, HMRC, the Swiss UID register, Brønnøysund, ABN Lookup) and serves effective-dated VAT rates.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'svc_live_… or svc_test_…' },
        },
      },
      security: [{ bearer: [] }],
      tags: [
        { name: 'validation', description: 'VAT number validation' },
        { name: 'rates', description: 'VAT rates' },
        { name: 'webhooks', description: 'Webhook configuration and deliveries' },
        { name: 'operations', description: 'Health and readiness' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Examples are written with a stand-in for PUBLIC_URL (in docs_url): this instance's goes in.
    transformObject: (document) => {
      const { openapiObject } = document as { openapiObject: object };
      return JSON.parse(JSON.stringify(openapiObject).replaceAll(EXAMPLE_PUBLIC_URL, jsonText(publicUrl)));
    },
  });
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: true,
  });
  fastify.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
}

/** `text` as it appears inside a JSON string. */
function jsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
