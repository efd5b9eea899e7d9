import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import { ApiError } from '../../errors.js';
import { answerMetaProperties, ValidationData } from '../../validation/answer.js';
import type { ValidationPipeline } from '../../validation/pipeline.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { typed } from '../typed.js';

const Query = Type.Object(
  {
    vat_number: Type.String({ description: 'VAT number with its country prefix, e.g. DE123456704' }),
    requester_vat_number: Type.Optional(
      Type.String({ description: "Caller's own VAT number, for a consultation number (Business tier)" }),
    ),
    cache: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description: '`false` skips the cache read',
      }),
    ),
  },
  { additionalProperties: false },
);

const Response200 = Type.Object({
  data: Type.Ref(ValidationData),
  meta: Type.Object({
    request_id: Type.String(),
    ...answerMetaProperties,
    mode: Type.Optional(Type.Literal('test')),
  }),
});

/** GET /v1/validate (spec 4.1). */
export function validateRoutes(scope: FastifyInstance, pipeline: ValidationPipeline): void {
  typed(scope).get(
    '/v1/validate',
    {
      schema: {
        operationId: 'validate',
        tags: ['validation'],
        summary: 'Validate one VAT number',
        querystring: Query,
        response: { 200: Response200, ...errorResponses([400, ...AUTH_ERRORS, 422, 503]) },
      },
    },
    async (request, reply) => {
      const { vat_number, requester_vat_number, cache } = request.query;
      if (vat_number.trim() === '')
        throw new ApiError('missing_parameter', "Query parameter 'vat_number' is empty.");
      const { principal } = request;
      const { answer, quota } = await pipeline.validateOne(principal, vat_number, {
        requestId: request.id,
        requester: requester_vat_number,
        useCache: cache !== 'false',
      });
      reply.headers(quotaHeaders(quota));
      return {
        data: answer.data,
        meta: {
          request_id: request.id,
          ...answer.meta,
          ...(principal.mode === 'test' ? { mode: 'test' as const } : {}),
        },
      };
    },
  );
}
