import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import type { AsyncAcceptance } from '../../validation/async-acceptance.js';
import { AUTH_ERRORS, errorResponses, NoQuery } from '../schemas/common.js';
import { typed } from '../typed.js';

const SingleBody = Type.Object(
  {
    vat_number: Type.String({ minLength: 1 }),
    requester_vat_number: Type.Optional(Type.String()),
    cache: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

const BatchBody = Type.Object(
  {
    vat_numbers: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      maxItems: 1000,
      description: 'At most 200 (Pro) or 1000 (Business, Scale)',
    }),
    requester_vat_number: Type.Optional(Type.String()),
    cache: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

const Meta = Type.Object({ request_id: Type.String(), request_duration_ms: Type.Integer() });
const ASYNC_ERRORS = errorResponses([400, ...AUTH_ERRORS, 403, 413, 415, 422]);

const Accepted = Type.Object({
  data: Type.Object({
    request_id: Type.String(),
    status: Type.Literal('pending'),
    vat_number: Type.String(),
  }),
  meta: Meta,
});

const BatchAccepted = Type.Object({
  data: Type.Object({
    batch_id: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
    total: Type.Integer(),
    accepted: Type.Integer(),
    rejected: Type.Array(
      Type.Object({
        vat_number: Type.String(),
        error: Type.Object({ code: Type.String(), message: Type.String() }),
      }),
    ),
  }),
  meta: Meta,
});

/** POST /v1/validate/async and /v1/validate/async/batch (spec 4.3, 4.4, decisions section 6). */
export function validateAsyncRoutes(scope: FastifyInstance, acceptance: AsyncAcceptance): void {
  const app = typed(scope);
  const gate = { feature: 'async' as const, liveOnly: true };

  app.post(
    '/v1/validate/async',
    {
      config: gate,
      schema: {
        operationId: 'validateAsync',
        tags: ['validation'],
        summary: 'Queue one VAT number; the result arrives by webhook',
        querystring: NoQuery,
        body: SingleBody,
        response: { 202: Accepted, ...ASYNC_ERRORS },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_number, requester_vat_number, cache } = request.body;
      const { data, quota } = await acceptance.acceptOne(request.principal, vat_number, {
        requester: requester_vat_number,
        useCache: cache !== false,
      });
      reply.code(202).headers(quotaHeaders(quota));
      return {
        data,
        meta: { request_id: request.id, request_duration_ms: Math.round(performance.now() - started) },
      };
    },
  );

  app.post(
    '/v1/validate/async/batch',
    {
      config: gate,
      schema: {
        operationId: 'validateAsyncBatch',
        tags: ['validation'],
        summary: 'Queue many VAT numbers; one batch.completed event carries every result',
        querystring: NoQuery,
        body: BatchBody,
        response: { 202: BatchAccepted, ...ASYNC_ERRORS },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_numbers, requester_vat_number, cache } = request.body;
      const { data, quota } = await acceptance.acceptBatch(request.principal, vat_numbers, {
        requester: requester_vat_number,
        useCache: cache !== false,
      });
      reply.code(202).headers(quotaHeaders(quota));
      return {
        data,
        meta: { request_id: request.id, request_duration_ms: Math.round(performance.now() - started) },
      };
    },
  );
}
