import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import { BatchItem, BatchSummary, failureItem, successItem } from '../../validation/batch-item.js';
import type { ValidationPipeline } from '../../validation/pipeline.js';
import { AUTH_ERRORS, errorResponses, NoQuery } from '../schemas/common.js';
import { typed } from '../typed.js';

export const MAX_SYNC_BATCH = 50;

const Body = Type.Object(
  {
    vat_numbers: Type.Array(Type.String(), {
      minItems: 1,
      maxItems: MAX_SYNC_BATCH,
      description: '1 to 50 numbers',
    }),
    requester_vat_number: Type.Optional(Type.String()),
    cache: Type.Optional(Type.Boolean({ default: true, description: '`false` skips the cache read' })),
  },
  { additionalProperties: false },
);

const Response200 = Type.Object({
  data: Type.Object({ results: Type.Array(Type.Ref(BatchItem)), summary: BatchSummary }),
  meta: Type.Object({
    request_id: Type.String(),
    request_duration_ms: Type.Integer(),
    mode: Type.Optional(Type.Literal('test')),
  }),
});

/** POST /v1/validate/batch (spec 4.2). */
export function validateBatchRoutes(
  scope: FastifyInstance,
  pipeline: ValidationPipeline,
  docsBase: string,
): void {
  typed(scope).post(
    '/v1/validate/batch',
    {
      config: { feature: 'batch' },
      schema: {
        operationId: 'validateBatch',
        tags: ['validation'],
        summary: 'Validate 1 to 50 VAT numbers',
        querystring: NoQuery,
        body: Body,
        response: { 200: Response200, ...errorResponses([400, ...AUTH_ERRORS, 403, 413, 415, 422]) },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_numbers, requester_vat_number, cache } = request.body;
      const outcome = await pipeline.validateBatch(request.principal, vat_numbers, {
        requestId: request.id,
        requester: requester_vat_number,
        useCache: cache !== false,
      });
      reply.headers(quotaHeaders(outcome.quota));
      const results = outcome.results.map((item) =>
        item.ok ? successItem(item.answer) : failureItem(docsBase, item.input, item.error),
      );
      return {
        data: { results, summary: outcome.summary },
        meta: {
          request_id: request.id,
          request_duration_ms: Math.round(performance.now() - started),
          ...(request.principal.mode === 'test' ? { mode: 'test' as const } : {}),
        },
      };
    },
  );
}
