import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  MONTH_PATTERN,
  monthStart,
  UsageReport,
  type UsageReportDeps,
  usageReport,
} from '../../accounts/usage-report.js';
import type { Clock } from '../../clock.js';
import { USAGE_EXAMPLES } from '../schemas/account-examples.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, RequestMeta } from '../schemas/common.js';
import { typed } from '../typed.js';

const Query = Type.Object(
  {
    month: Type.Optional(
      Type.String({
        pattern: MONTH_PATTERN,
        description: 'Calendar month in UTC, YYYY-MM (default: the current month)',
        examples: ['2026-03'],
      }),
    ),
  },
  { additionalProperties: false },
);

const DESCRIPTION = `A month's usage: \`used\`, \`limit\` and \`remaining\` are the quota's own counter (what was charged, exactly what the \`X-RateLimit-*\` headers say), \`reset_at\` when the quota starts again. \`daily\` (every day of the month up to today) and \`by_source\` count the validation records of the month, by UTC day and by the \`meta.source\` the answer named (a cached answer counts under the registry that gave it). \`monitors\` is the key mode's monitored numbers and the tier's limit.

- **Charged and answered differ slightly**: an async number is charged when accepted and recorded when answered (one that failed through every retry has no record); duplicates in one batch share one record and one charge. A new monitor's first check and each "check now" are charged and recorded; scheduled monitor checks are recorded (channel \`monitor\`) and free.
- **Key mode**: \`daily\` and \`by_source\` count the records of the key's mode (a test key sees its test-mode records, under \`test\`, \`checksum\`, \`format\`); \`used\` and \`limit\` are always the account's live quota (test keys use none).
- **Free to read**: counts against no quota (the burst limit applies).
- **Worth knowing**: \`month\` not of the form YYYY-MM (1970-01 to 9999-12), or any other query parameter, is 422 \`validation_error\`. A month before the account existed, or one not begun, has zero figures.`;

/** GET /v1/usage. */
export function usageRoutes(scope: FastifyInstance, deps: UsageReportDeps & { clock: Clock }): void {
  const app = typed(scope);
  app.addSchema(UsageReport);
  app.get(
    '/v1/usage',
    {
      schema: {
        operationId: 'getUsage',
        tags: ['account'],
        summary: "A month's usage: quota, daily figures, sources, monitors",
        description: DESCRIPTION,
        querystring: Query,
        response: {
          200: Type.Object(
            { data: Type.Ref(UsageReport), meta: RequestMeta },
            { description: 'The month', ...answerHeaders(), 'x-examples': USAGE_EXAMPLES },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error']),
        },
      },
    },
    async (request) => {
      const now = deps.clock.now();
      const at = request.query.month === undefined ? now : monthStart(request.query.month)!;
      return { data: await usageReport(deps, request.principal, at, now), meta: { request_id: request.id } };
    },
  );
}
