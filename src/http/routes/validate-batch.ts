import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { quotaHeaders } from '../../domain/quota.js';
import type { ItemResult, ValidationService } from '../../domain/validation.js';
import { failureItem } from '../envelope.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { BatchSummary } from '../schemas/validation.js';

export const MAX_SYNC_BATCH = 50;

const Body = Type.Object({
  vat_numbers: Type.Array(Type.String(), {
    minItems: 1,
    maxItems: MAX_SYNC_BATCH,
    description: '1 to 50 numbers',
  }),
  requester_vat_number: Type.Optional(Type.String()),
  cache: Type.Optional(Type.Boolean({ default: true, description: '`false` skips the cache read' })),
});
type Body = Static<typeof Body>;

const Response200 = Type.Object({
  data: Type.Object({ results: Type.Array(Type.Ref('BatchItem')), summary: BatchSummary }),
  meta: Type.Object({
    request_id: Type.String(),
    request_duration_ms: Type.Integer(),
    mode: Type.Optional(Type.Literal('test')),
  }),
});

/** Renders batch results as spec 2.4 and decisions section 8 shape them. */
export function renderItems(docsBase: string, results: readonly ItemResult[]) {
  return results.map((item) =>
    item.ok
      ? { data: item.answer.data, meta: item.answer.meta }
      : failureItem(docsBase, item.input, item.error),
  );
}

/** POST /v1/validate/batch (spec 4.2). */
export function validateBatchRoutes(
  app: FastifyInstance,
  validation: ValidationService,
  docsBase: string,
): void {
  app.post<{ Body: Body }>(
    '/v1/validate/batch',
    {
      config: { feature: 'batch' },
      schema: {
        operationId: 'validateBatch',
        tags: ['validation'],
        summary: 'Validate 1 to 50 VAT numbers',
        body: Body,
        response: { 200: Response200, ...errorResponses([400, ...AUTH_ERRORS, 403, 413, 415, 422]) },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_numbers, requester_vat_number, cache } = request.body;
      const outcome = await validation.validateBatch(
        request.principal,
        request.id,
        vat_numbers,
        requester_vat_number,
        cache !== false,
      );
      if (outcome.quota) reply.headers(quotaHeaders(outcome.quota));
      return {
        data: { results: renderItems(docsBase, outcome.results), summary: outcome.summary },
        meta: {
          request_id: request.id,
          request_duration_ms: Math.round(performance.now() - started),
          ...(request.principal.mode === 'test' ? { mode: 'test' as const } : {}),
        },
      };
    },
  );
}
