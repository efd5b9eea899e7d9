import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import { ApiError } from '../../errors.js';
import { traderFieldsOf, traderProperties } from '../../matching/trader-fields.js';
import { answerMetaProperties, recordMetaProperties, ValidationData } from '../../validation/answer.js';
import type { ValidationPipeline } from '../../validation/pipeline.js';
import {
  AUTH_ERRORS,
  answerHeaders,
  errorResponses,
  RequesterVatNumber,
  VatNumberInput,
} from '../schemas/common.js';
import { VALIDATE_EXAMPLES } from '../schemas/examples.js';
import { Reference, referenceOf } from '../schemas/reference.js';
import { typed } from '../typed.js';

const Query = Type.Object(
  {
    vat_number: VatNumberInput,
    requester_vat_number: Type.Optional(RequesterVatNumber),
    cache: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description: '`false` asks the registry even when a cached answer exists',
        examples: ['false'],
      }),
    ),
    reference: Type.Optional(Reference),
    ...traderProperties,
  },
  { additionalProperties: false },
);

const Response200 = Type.Object(
  {
    data: Type.Ref(ValidationData),
    meta: Type.Object({
      request_id: Type.String(),
      ...answerMetaProperties,
      ...recordMetaProperties,
      mode: Type.Optional(Type.Literal('test')),
    }),
  },
  {
    description: 'The validation result',
    ...answerHeaders({ quota: true }),
    'x-examples': VALIDATE_EXAMPLES,
  },
);

const DESCRIPTION = `Checks one VAT number with its country's registry (VIES for the EU and XI, HMRC for GB, the Swiss UID register, Brønnøysund for NO, ABN Lookup for AU) and answers whether it is registered, with the company's name and address when the registry gives them. Liechtenstein has no register to ask: LI numbers are answered from their format (\`meta.source_status: unverified\`).

- **Tiers**: all. A consultation number (\`requester_vat_number\`) needs Business or Scale; below that, or when the registry cannot use the requester, \`consultation_number\` is null.
- **Quota**: with a live key every 200 counts one validation, cached and check-digit answers included; 4xx and 503 answers do not. The \`X-RateLimit-*\` headers say what is left.
- **Cache**: answers are kept 24 hours (by default; \`meta.cached\`, \`meta.cached_at\`); \`cache=false\` asks the registry again. When the registry is down, an earlier answer (up to 30 days old) is served with \`meta.stale: true\`.
- **Test keys** (\`svc_test_…\`) never reach a registry and use no quota: the magic numbers on [/docs/test-mode](/docs/test-mode) give fixed answers, and \`meta.mode\` is \`test\`.
- **Records**: every 200 is kept as a validation record; \`meta.validation_id\` is its id. \`reference\` (your own id for the customer or order, 1–128 printable characters, trimmed) is stored on the record and returned in \`meta.reference\` (null when none was sent); an empty or blank one, or one with control characters, is 422 \`validation_error\`.
- **Name and address matching**: \`trader_name\`, \`trader_company_type\`, \`trader_street\`, \`trader_postcode\`, \`trader_city\` (each 1–200 printable characters with at least one letter or digit, trimmed) are compared with what the registry holds, in \`data.match\` (each field \`match\`, \`partial\`, \`mismatch\` or \`not_processed\`; \`method\` \`registry\` when the registry compared, \`computed\` when the service did); \`data.match\` is null when no trader field was sent. Trader fields always ask the registry (no cached answer); when it is down, a stale answer is compared by the service. With a test key the fields are compared with the magic number's company. A field too long, of punctuation alone or with control characters is 422 \`validation_error\`.
- **Worth knowing**: a well-formed number whose check digit is wrong is a 200 with \`valid: false\` and \`meta.source: checksum\`, not an error; a malformed one is 422 \`invalid_vat_format\` and the message names the rule. A registry that is down with nothing cached is 503 \`upstream_unavailable\` (\`upstream_error\` for GB) with Retry-After; retry later, it is not counted. A query parameter this operation does not take is 422 \`validation_error\` naming it.`;

/** GET /v1/validate (spec 4.1). */
export function validateRoutes(scope: FastifyInstance, pipeline: ValidationPipeline): void {
  typed(scope).get(
    '/v1/validate',
    {
      schema: {
        operationId: 'validate',
        tags: ['validation'],
        summary: 'Validate one VAT number',
        description: DESCRIPTION,
        querystring: Query,
        response: {
          200: Response200,
          ...errorResponses([
            'missing_parameter',
            ...AUTH_ERRORS,
            'invalid_vat_format',
            'validation_error',
            'rate_limit_exceeded',
            'upstream_unavailable',
            'upstream_error',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { vat_number, requester_vat_number, cache } = request.query;
      const reference = referenceOf(request.query.reference);
      if (vat_number.trim() === '')
        throw new ApiError('missing_parameter', "Query parameter 'vat_number' is empty.");
      const { principal } = request;
      const { answer, quota, validationId } = await pipeline.validateOne(principal, vat_number, {
        requestId: request.id,
        requester: requester_vat_number,
        useCache: cache !== 'false',
        reference,
        trader: traderFieldsOf(request.query),
      });
      reply.headers(quotaHeaders(quota));
      return {
        data: answer.data,
        meta: {
          request_id: request.id,
          ...answer.meta,
          validation_id: validationId,
          reference,
          ...(principal.mode === 'test' ? { mode: 'test' as const } : {}),
        },
      };
    },
  );
}
