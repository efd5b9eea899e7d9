import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import { BatchItem, BatchSummary, failureItem, successItem } from '../../validation/batch-item.js';
import type { BatchOutcome, ValidationPipeline } from '../../validation/pipeline.js';
import { type IdempotencyKeys, sendAnswer } from '../plugins/idempotency.js';
import {
  AUTH_ERRORS,
  answerHeaders,
  BODY_ERRORS,
  errorResponses,
  NoQuery,
  RequesterVatNumber,
  VatNumberInput,
} from '../schemas/common.js';
import { BATCH_REQUEST_EXAMPLES, BATCH_RESPONSE_EXAMPLES } from '../schemas/examples.js';
import { batchEntries, batchEntry, Reference } from '../schemas/reference.js';
import { typed } from '../typed.js';

export const MAX_SYNC_BATCH = 50;

const Body = Type.Object(
  {
    vat_numbers: Type.Array(batchEntry(VatNumberInput), {
      minItems: 1,
      maxItems: MAX_SYNC_BATCH,
      description:
        '1 to 50 numbers, each with its country prefix: a string, or `{ vat_number, reference, trader_name, … }` for a number with its own reference and trader fields to compare (`data.match`)',
    }),
    requester_vat_number: Type.Optional(RequesterVatNumber),
    cache: Type.Optional(
      Type.Boolean({
        default: true,
        description: '`false` asks the registries even when cached answers exist',
      }),
    ),
    reference: Type.Optional(Reference),
  },
  { additionalProperties: false, 'x-examples': BATCH_REQUEST_EXAMPLES },
);

const Response200 = Type.Object(
  {
    data: Type.Object({ results: Type.Array(Type.Ref(BatchItem)), summary: BatchSummary }),
    meta: Type.Object({
      request_id: Type.String(),
      request_duration_ms: Type.Integer(),
      mode: Type.Optional(Type.Literal('test')),
    }),
  },
  {
    description: 'One result per input, in input order',
    ...answerHeaders({ quota: true }),
    'x-examples': BATCH_RESPONSE_EXAMPLES,
  },
);

const DESCRIPTION = `Validates 1 to 50 numbers in one request, each with its own country's registry. \`results\` has one item per input, in input order: the answer as \`GET /v1/validate\` gives it (\`data\`, \`meta\`), or a failure item (\`error\`, and \`meta.vat_number\` with the input as sent). A malformed number or a registry that is down fails its item, not the request: the status stays 200, so check \`summary.failed\` and each item.

- **Tiers**: Pro, Business and Scale (Free: 403 \`tier_insufficient\`). Consultation numbers need Business or Scale.
- **Quota**: each unique number that got an answer counts once; duplicates share one answer. When fewer validations remain this month than unique well-formed numbers, the whole batch is refused with 429 \`rate_limit_exceeded\` and nothing is counted.
- **Test keys**: the magic numbers of [/docs/test-mode](/docs/test-mode), no registry, no quota, \`meta.mode: test\`.
- **Records**: each unique number that got an answer is one validation record; its success items carry its id in \`meta.validation_id\` (duplicates share it). \`reference\` (1–128 printable characters, trimmed) applies to every item; an item sent as \`{ "vat_number": "…", "reference": "…" }\` has its own, which wins. Each success item returns the reference that applied to it in \`meta.reference\` (null when none); the record keeps the one of the number's first position. An empty or blank reference, or one with control characters, is 422 \`validation_error\`.
- **Worth knowing**: an empty array, more than 50 items or a body member this operation does not take (it is named) is 422 \`validation_error\`; a malformed \`requester_vat_number\` is 422 \`invalid_vat_format\`.`;

/** POST /v1/validate/batch (spec 4.2). */
export function validateBatchRoutes(
  scope: FastifyInstance,
  pipeline: ValidationPipeline,
  docsBase: string,
  keys: IdempotencyKeys,
): void {
  typed(scope).post(
    '/v1/validate/batch',
    {
      config: { feature: 'batch', idempotent: true },
      schema: {
        operationId: 'validateBatch',
        tags: ['validation'],
        summary: 'Validate 1 to 50 VAT numbers',
        description: DESCRIPTION,
        querystring: NoQuery,
        body: Body,
        response: {
          200: Response200,
          ...errorResponses([
            ...BODY_ERRORS,
            ...AUTH_ERRORS,
            'tier_insufficient',
            'invalid_vat_format',
            'rate_limit_exceeded',
          ]),
        },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_numbers, requester_vat_number, cache, reference } = request.body;
      const { inputs, references, traders } = batchEntries(vat_numbers, reference);
      const answerOf = (outcome: BatchOutcome) => ({
        status: 200,
        headers: quotaHeaders(outcome.quota),
        payload: {
          data: {
            results: outcome.results.map((item, index) =>
              item.ok
                ? successItem(item.answer, item.validationId, references[index])
                : failureItem(docsBase, item.input, item.error),
            ),
            summary: outcome.summary,
          },
          meta: {
            request_id: request.id,
            request_duration_ms: Math.round(performance.now() - started),
            ...(request.principal.mode === 'test' ? { mode: 'test' as const } : {}),
          },
        },
      });
      // With an Idempotency-Key, the answer is stored in the transaction that charges the numbers
      // and sent as stored: the batch is never charged without the answer a retry is given.
      const answer = keys.answerInCommit(request, reply, answerOf);
      const outcome = await pipeline.validateBatch(
        request.principal,
        inputs,
        {
          requestId: request.id,
          requester: requester_vat_number,
          useCache: cache !== false,
          references,
          traders,
        },
        answer,
      );
      return sendAnswer(reply as FastifyReply, answer, () => answerOf(outcome));
    },
  );
}
