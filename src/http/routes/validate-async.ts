import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import { asyncBatchLimit } from '../../accounts/tiers.js';
import { traderFieldsOf, traderProperties } from '../../matching/trader-fields.js';
import type { AcceptanceOutcome, AsyncAcceptance } from '../../validation/async-acceptance.js';
import { type IdempotencyKeys, sendAnswer } from '../plugins/idempotency.js';
import {
  AUTH_ERRORS,
  answerHeaders,
  BODY_ERRORS,
  errorResponses,
  NoQuery,
  Nullable,
  RequesterVatNumber,
  VatNumberInput,
} from '../schemas/common.js';
import {
  ASYNC_ACCEPTED_EXAMPLES,
  ASYNC_BATCH_ACCEPTED_EXAMPLES,
  ASYNC_BATCH_REQUEST_EXAMPLES,
  ASYNC_REQUEST_EXAMPLES,
} from '../schemas/examples.js';
import { batchEntries, batchEntry, Reference, referenceOf } from '../schemas/reference.js';
import { typed } from '../typed.js';

/** The async batch sizes by tier, as the route descriptions state them. */
const ASYNC_BATCH_LIMITS = `${asyncBatchLimit('pro')} (Pro) or ${asyncBatchLimit('business')} (Business, Scale)`;

const requester = Type.Optional(RequesterVatNumber);
const cache = Type.Optional(
  Type.Boolean({ default: true, description: '`false` asks the registry even when a cached answer exists' }),
);

const SingleBody = Type.Object(
  {
    vat_number: VatNumberInput,
    requester_vat_number: requester,
    cache,
    reference: Type.Optional(Reference),
    ...traderProperties,
  },
  { additionalProperties: false, 'x-examples': ASYNC_REQUEST_EXAMPLES },
);

const BatchBody = Type.Object(
  {
    vat_numbers: Type.Array(batchEntry(VatNumberInput), {
      minItems: 1,
      maxItems: 1000,
      description: `At most ${ASYNC_BATCH_LIMITS}: a string, or \`{ vat_number, reference, trader_name, … }\` for a number with its own reference and trader fields to compare (\`data.match\`)`,
    }),
    requester_vat_number: requester,
    cache,
    reference: Type.Optional(Reference),
  },
  { additionalProperties: false, 'x-examples': ASYNC_BATCH_REQUEST_EXAMPLES },
);

const Meta = Type.Object({ request_id: Type.String(), request_duration_ms: Type.Integer() });
const ASYNC_ERRORS = errorResponses([
  ...BODY_ERRORS,
  'webhook_not_configured',
  ...AUTH_ERRORS,
  'tier_insufficient',
  'forbidden',
  'invalid_vat_format',
  'rate_limit_exceeded',
]);

const Accepted = Type.Object(
  {
    data: Type.Object({
      request_id: Type.String({ description: 'Also `data.request_id` of the event that follows' }),
      status: Type.Literal('pending'),
      vat_number: Type.String({ description: 'The normalised number' }),
      reference: Nullable(Type.String(), {
        description: 'The `reference` sent (trimmed), or null; the event carries it too',
      }),
    }),
    meta: Meta,
  },
  { description: 'Queued', ...answerHeaders({ quota: true }), 'x-examples': ASYNC_ACCEPTED_EXAMPLES },
);

const BatchAccepted = Type.Object(
  {
    data: Type.Object({
      batch_id: Type.Union([Type.String(), Type.Null()], {
        description: 'Also `data.batch_id` of the batch.completed event; null when every item was rejected',
      }),
      status: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
      total: Type.Integer({ description: 'Items sent' }),
      accepted: Type.Integer({ description: 'Items queued (positions, duplicates included)' }),
      rejected: Type.Array(
        Type.Object({
          vat_number: Type.String({ description: 'The input as sent' }),
          error: Type.Object({ code: Type.String(), message: Type.String() }),
        }),
        { description: 'Malformed items: never queued, not counted' },
      ),
      reference: Nullable(Type.String(), {
        description:
          'The top-level `reference` sent (trimmed), or null; items sent with their own have it in their result',
      }),
    }),
    meta: Meta,
  },
  { description: 'Queued', ...answerHeaders({ quota: true }), 'x-examples': ASYNC_BATCH_ACCEPTED_EXAMPLES },
);

const COMMON = `- **Tiers**: Pro, Business and Scale (Free: 403 \`tier_insufficient\`), with a **live key**: test keys get 403 \`forbidden\`, since this makes real registry calls and sends real events.
- **Webhook**: results arrive only by webhook, so an enabled endpoint of the key's mode must subscribe to each event the request can end with (\`validation.completed\` and \`validation.failed\` for a number, \`batch.completed\` for a batch; \`PUT /v1/webhooks/config\` makes one that subscribes to every event); otherwise 400 \`webhook_not_configured\`, naming the events without one.
- **Reference**: \`reference\` (your own id for the customer or order, 1–128 printable characters, trimmed) is kept on the validation record and comes back in the 202 and in the event; an empty or blank one, or one with control characters, is 422 \`validation_error\`.
- **Retries**: a registry that is down is retried in the background (by default 5 times over about 4 hours); the result waits for it.`;

const SINGLE_DESCRIPTION = `Accepts one VAT number and answers 202 at once; the result follows as a \`validation.completed\` event (the answer \`GET /v1/validate\` would give, plus \`request_id\`, the record's \`validation_id\` and your \`reference\`), or \`validation.failed\` when the registry stayed unavailable through every retry. See the \`webhooks\` section of this document for the event bodies and signature.

${COMMON}
- **Quota**: the number counts one validation when it is accepted, whatever the outcome.
- **Worth knowing**: a malformed number is 422 \`invalid_vat_format\` at once and never queued.`;

const BATCH_DESCRIPTION = `Accepts up to ${ASYNC_BATCH_LIMITS} numbers and answers 202 at once. Malformed numbers are listed in \`rejected\` and never queued; the others are validated in the background, and one \`batch.completed\` event carries every result, one item per accepted position in input order (as \`POST /v1/validate/batch\` shapes them: each success item with its record's \`meta.validation_id\`, shared by duplicates, and the \`meta.reference\` that applied to it). A top-level \`reference\` applies to every item; an item sent as \`{ "vat_number": "…", "reference": "…" }\` has its own, which wins. When every item is rejected, the answer has \`batch_id: null\` and \`status: completed\`, and no event follows.

${COMMON}
- **Quota**: the unique accepted numbers count at acceptance (duplicates once); 429 \`rate_limit_exceeded\` when fewer validations remain this month.`;

/**
 * The 202 of an acceptance. With an Idempotency-Key it is stored in the transaction that accepts
 * the work and sent as stored: no work is accepted (and charged) without the answer a retry is given.
 */
function accepted(request: FastifyRequest, started: number) {
  return ({ data, quota }: AcceptanceOutcome<unknown>) => ({
    status: 202,
    headers: quotaHeaders(quota),
    payload: {
      data,
      meta: { request_id: request.id, request_duration_ms: Math.round(performance.now() - started) },
    },
  });
}

/** POST /v1/validate/async and /v1/validate/async/batch (spec 4.3, 4.4, decisions section 6). */
export function validateAsyncRoutes(
  scope: FastifyInstance,
  acceptance: AsyncAcceptance,
  keys: IdempotencyKeys,
): void {
  const app = typed(scope);
  const gate = { feature: 'async' as const, liveOnly: true, idempotent: true };

  app.post(
    '/v1/validate/async',
    {
      config: gate,
      schema: {
        operationId: 'validateAsync',
        tags: ['validation'],
        summary: 'Queue one VAT number; the result arrives by webhook',
        description: SINGLE_DESCRIPTION,
        querystring: NoQuery,
        body: SingleBody,
        response: { 202: Accepted, ...ASYNC_ERRORS },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_number, requester_vat_number, cache, reference } = request.body;
      const answerOf = accepted(request, started);
      const answer = keys.answerInCommit(request, reply, answerOf);
      const outcome = await acceptance.acceptOne(
        request.principal,
        vat_number,
        {
          requester: requester_vat_number,
          useCache: cache !== false,
          reference: referenceOf(reference),
          trader: traderFieldsOf(request.body),
        },
        answer,
      );
      return sendAnswer(reply as FastifyReply, answer, () => answerOf(outcome));
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
        description: BATCH_DESCRIPTION,
        querystring: NoQuery,
        body: BatchBody,
        response: { 202: BatchAccepted, ...ASYNC_ERRORS },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { vat_numbers, requester_vat_number, cache, reference } = request.body;
      const { inputs, references, traders } = batchEntries(vat_numbers, reference);
      const answerOf = accepted(request, started);
      const answer = keys.answerInCommit(request, reply, answerOf);
      const outcome = await acceptance.acceptBatch(
        request.principal,
        inputs,
        {
          requester: requester_vat_number,
          useCache: cache !== false,
          reference: referenceOf(reference),
          references,
          traders,
        },
        answer,
      );
      return sendAnswer(reply as FastifyReply, answer, () => answerOf(outcome));
    },
  );
}
