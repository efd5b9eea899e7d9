import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { quotaHeaders } from '../../domain/quota.js';
import type { ValidationService } from '../../domain/validation.js';
import { AUTH_ERRORS, errorResponses } from '../schemas/common.js';
import { AnswerMetaProperties } from '../schemas/validation.js';

const Query = Type.Object({
  vat_number: Type.String({ description: 'VAT number with its country prefix, e.g. DE123456704' }),
  requester_vat_number: Type.Optional(
    Type.String({ description: "Caller's own VAT number, for a consultation number (Business tier)" }),
  ),
  cache: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: '`false` skips the cache read',
    }),
  ),
});
type Query = Static<typeof Query>;

const Response200 = Type.Object({
  data: Type.Ref('ValidationData'),
  meta: Type.Object({
    request_id: Type.String(),
    ...AnswerMetaProperties,
    mode: Type.Optional(Type.Literal('test')),
  }),
});

/** GET /v1/validate (spec 4.1). */
export function validateRoutes(app: FastifyInstance, validation: ValidationService): void {
  app.get<{ Querystring: Query }>(
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
      const principal = request.principal;
      const { answer, quota } = await validation.validateOne(
        principal,
        request.id,
        vat_number,
        requester_vat_number,
        cache !== 'false',
      );
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
