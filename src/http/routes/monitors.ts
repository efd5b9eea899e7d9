import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type QuotaState, quotaHeaders } from '../../accounts/quota.js';
import { limitsInWords } from '../../accounts/tiers.js';
import type { MonitorService } from '../../monitors/monitor-service.js';
import {
  Monitor,
  MonitorIntervalSchema,
  MonitorStatusSchema,
  type MonitorView,
} from '../../monitors/monitor-shape.js';
import { PAGE_QUERY, pageLimit } from '../paging.js';
import { type IdempotencyKeys, sendAnswer } from '../plugins/idempotency.js';
import {
  AUTH_ERRORS,
  answerHeaders,
  BODY_ERRORS,
  errorResponses,
  NoQuery,
  RequesterVatNumber,
  RequestMeta,
  VatNumberInput,
} from '../schemas/common.js';
import {
  MONITOR_BATCH_EXAMPLES,
  MONITOR_BATCH_REQUEST_EXAMPLES,
  MONITOR_CHECK_EXAMPLES,
  MONITOR_CREATE_REQUEST_EXAMPLES,
  MONITOR_CREATED_EXAMPLES,
  MONITOR_DELETED_EXAMPLES,
  MONITOR_EXAMPLES,
  MONITOR_EXISTING_EXAMPLES,
  MONITOR_LIST_EXAMPLES,
  MONITOR_PATCH_EXAMPLES,
} from '../schemas/monitor-examples.js';
import { Reference } from '../schemas/reference.js';
import { typed } from '../typed.js';

/** The most numbers one `POST /v1/monitors/batch` takes. */
export const MONITOR_BATCH_MAX = 1000;

const CreateBody = Type.Object(
  {
    vat_number: VatNumberInput,
    interval: MonitorIntervalSchema,
    reference: Type.Optional(Reference),
    requester_vat_number: Type.Optional(RequesterVatNumber),
  },
  { additionalProperties: false, 'x-examples': MONITOR_CREATE_REQUEST_EXAMPLES },
);
const BatchBody = Type.Object(
  {
    vat_numbers: Type.Array(VatNumberInput, { minItems: 1, maxItems: MONITOR_BATCH_MAX }),
    interval: MonitorIntervalSchema,
    reference: Type.Optional(Reference),
  },
  { additionalProperties: false, 'x-examples': MONITOR_BATCH_REQUEST_EXAMPLES },
);
const PatchBody = Type.Object(
  {
    interval: Type.Optional(MonitorIntervalSchema),
    status: Type.Optional(MonitorStatusSchema),
    reference: Type.Optional(Type.Union([Reference, Type.Null()], { description: 'null removes it' })),
  },
  { additionalProperties: false, minProperties: 1, 'x-examples': MONITOR_PATCH_EXAMPLES },
);
const ListQuery = Type.Object(
  {
    ...PAGE_QUERY,
    status: Type.Optional(MonitorStatusSchema),
    vat_number: Type.Optional(Type.String({ maxLength: 64, examples: ['DE123456704'] })),
    valid: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description: '`valid` of the last successful check',
      }),
    ),
    reference: Type.Optional(Type.String({ maxLength: 255, examples: ['customer-4711'] })),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A monitor id (`mon_…`)',
    examples: ['mon_4fQ8xY2kLp9Rt3Vw6Zb1'],
  }),
});
const OptionalBody = Type.Optional(
  Type.Object({}, { additionalProperties: false, description: 'None or {}', examples: [{}] }),
);

/** A monitor answer; the charging operations carry the quota headers, as a validation does. */
const one = (description: string, examples: Record<string, unknown>, options: { quota?: boolean } = {}) =>
  Type.Object(
    { data: Type.Ref(Monitor), meta: RequestMeta },
    { description, ...answerHeaders(options), 'x-examples': examples },
  );

const ERRORS = [...AUTH_ERRORS, 'tier_insufficient', 'validation_error'] as const;
const READ_ERRORS = [...AUTH_ERRORS, 'validation_error'] as const;
const QUOTA = { quota: true };

const TIERS_NOTE = `- **Tiers**: monitors per key mode, by default ${limitsInWords((limits) => limits.monitors)}; a tier without monitors gets 403 \`tier_insufficient\`. Live and test keys each have their own monitors and limit; test-mode monitors are answered from test mode (the magic numbers), with no registry call.`;

/** Reading monitors needs no tier: an account moved to a tier without monitors still sees its own. */
const READ_TIERS_NOTE = `- **Tiers**: any tier. Making monitors needs a tier with monitors, but an account moved to a tier without them still reads, pauses and removes the ones it has (they are not checked meanwhile). Live and test keys each have their own monitors; test-mode monitors are answered from test mode (the magic numbers), with no registry call.`;

const OTHER_NOTES = `- **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the \`X-RateLimit-*\` headers a validation has; with too few left, 429 \`rate_limit_exceeded\` (\`Retry-After\` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
- **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel \`monitor\`). A change of \`valid\`, the company name or its address is sent as a \`monitor.changed\` event when the key's mode has a webhook. A registry that cannot answer is never a change: \`last_error\` says so and the check is retried.`;

const NOTES = `${TIERS_NOTE}\n${OTHER_NOTES}`;
const READ_NOTES = `${READ_TIERS_NOTE}\n${OTHER_NOTES}`;

const CREATE_DESCRIPTION = `Starts monitoring a number: 201 with the new monitor, whose first check is queued at once. The same number again answers 200 with the existing monitor, unchanged.

${NOTES}
- **Worth knowing**: a malformed number is 422 \`invalid_vat_format\`; past the tier's limit, 403 \`monitor_limit_exceeded\`; the monthly quota used up, 429 \`rate_limit_exceeded\`. The number already monitored answers 200 and counts nothing.`;

const BATCH_DESCRIPTION = `Monitors up to ${MONITOR_BATCH_MAX} numbers at once. Malformed numbers are listed in \`rejected\`; numbers already monitored are returned as they are; the others become new monitors. A batch whose new monitors would pass the limit is refused whole (403 \`monitor_limit_exceeded\`), nothing is created. Each new monitor counts one validation (duplicates, rejected and existing numbers none), all or nothing: when fewer validations remain this month than new monitors, the whole batch is refused with 429 \`rate_limit_exceeded\` and nothing is created or counted.

${NOTES}`;

const LIST_DESCRIPTION = `The key mode's monitors, newest first, \`limit\` at a time (default 20). \`meta.next_cursor\` (when \`has_more\`) fetches the next page as \`cursor\`. Filter by \`status\`, \`vat_number\`, \`valid\` (of the last successful check) and \`reference\`.

${READ_NOTES}
- **Worth knowing**: \`limit\` outside 1–100, a cursor this list did not return for this key mode and these filters (another list's, account's, key mode's or filter's, or malformed), or an unknown query parameter is 422 \`validation_error\`.`;

const GET_DESCRIPTION = `One monitor: its schedule, the last successful check (\`last_result\`) and the last failure (\`last_error\`). 404 \`not_found\` for an id of another account or key mode.

${READ_NOTES}`;

const PATCH_DESCRIPTION = `Changes \`interval\`, \`status\` (\`active\` or \`paused\`: a paused monitor is not checked) or \`reference\` (null removes it). Any other member is 422 \`validation_error\`. A new interval counts from the last check. An account moved to a tier without monitors may still pause a monitor or change its reference; resuming one or a new interval is 403 \`tier_insufficient\`.

${NOTES}`;

const DELETE_DESCRIPTION = `Stops monitoring and removes the monitor; its records stay. 404 \`not_found\` for an id of another account or key mode. Any tier: an account moved to a tier without monitors can remove the ones it has (they are not checked meanwhile).

${READ_NOTES}`;

const CHECK_DESCRIPTION = `Queues a check now that asks the registry, never the cache, and answers 202 with the monitor; \`last_checked_at\` and \`last_result\` show the outcome when it is done. It counts one validation against the monthly quota (429 \`rate_limit_exceeded\` when used up: nothing is queued). It runs now: an earlier check waiting to be retried after a registry failure does not hold it back (this check takes its place), and the next scheduled check falls at least a quarter interval later. No body, or \`{}\`.

${NOTES}`;

const noBodyAsEmpty = async (request: FastifyRequest) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

/** POST, GET, PATCH and DELETE under /v1/monitors. */
export function monitorRoutes(scope: FastifyInstance, monitors: MonitorService, keys: IdempotencyKeys): void {
  const app = typed(scope);
  app.addSchema(Monitor);
  const tags = ['monitors'];
  // Gate order: the tier's monitor limit is checked before the body. Reads (list, get), removal
  // and changes (which check the limit themselves: pausing needs no tier) skip it, so an account
  // moved to a tier without monitors still sees, pauses and removes its own.
  const onRequest = async (request: FastifyRequest) => {
    monitors.limitOf(request.principal);
  };

  app.post(
    '/v1/monitors',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        operationId: 'createMonitor',
        tags,
        summary: 'Monitor a number',
        description: CREATE_DESCRIPTION,
        querystring: NoQuery,
        body: CreateBody,
        response: {
          201: one('Created; its first check is queued and counted', MONITOR_CREATED_EXAMPLES, QUOTA),
          200: one('The number was monitored already; nothing counted', MONITOR_EXISTING_EXAMPLES, QUOTA),
          ...errorResponses([
            ...BODY_ERRORS,
            ...ERRORS,
            'invalid_vat_format',
            'monitor_limit_exceeded',
            'rate_limit_exceeded',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { monitor, created, quota } = await monitors.create(request.principal, request.body, request.id);
      reply.code(created ? 201 : 200).headers(quotaHeaders(quota));
      return { data: monitor, meta: { request_id: request.id } };
    },
  );

  app.post(
    '/v1/monitors/batch',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        operationId: 'createMonitors',
        tags,
        summary: 'Monitor many numbers',
        description: BATCH_DESCRIPTION,
        querystring: NoQuery,
        body: BatchBody,
        response: {
          200: Type.Object(
            {
              data: Type.Object({
                monitors: Type.Array(Type.Ref(Monitor), {
                  description: 'One per well-formed number, new or existing, in input order',
                }),
                rejected: Type.Array(
                  Type.Object({
                    vat_number: Type.String({ description: 'The input as sent' }),
                    error: Type.Object({ code: Type.String(), message: Type.String() }),
                  }),
                  { description: 'Malformed numbers: no monitor' },
                ),
              }),
              meta: RequestMeta,
            },
            { description: 'The monitors', ...answerHeaders(QUOTA), 'x-examples': MONITOR_BATCH_EXAMPLES },
          ),
          ...errorResponses([...BODY_ERRORS, ...ERRORS, 'monitor_limit_exceeded', 'rate_limit_exceeded']),
        },
      },
    },
    async (request, reply) => {
      const { quota, ...data } = await monitors.createBatch(request.principal, request.body, request.id);
      reply.headers(quotaHeaders(quota));
      return { data, meta: { request_id: request.id } };
    },
  );

  app.get(
    '/v1/monitors',
    {
      schema: {
        operationId: 'listMonitors',
        tags,
        summary: 'Monitors, newest first, cursor pagination',
        description: LIST_DESCRIPTION,
        querystring: ListQuery,
        response: {
          200: Type.Object(
            {
              data: Type.Array(Type.Ref(Monitor)),
              meta: Type.Object({
                request_id: Type.String(),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                has_more: Type.Boolean(),
              }),
            },
            { description: 'A page of monitors', ...answerHeaders(), 'x-examples': MONITOR_LIST_EXAMPLES },
          ),
          ...errorResponses([...READ_ERRORS, 'invalid_vat_format']),
        },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query.limit);
      const page = await monitors.list(request.principal, { ...request.query, limit });
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );

  app.get(
    '/v1/monitors/:id',
    {
      schema: {
        operationId: 'getMonitor',
        tags,
        summary: 'One monitor',
        description: GET_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: one('The monitor', MONITOR_EXAMPLES),
          ...errorResponses([...READ_ERRORS, 'not_found']),
        },
      },
    },
    async (request) => ({
      data: await monitors.get(request.principal, request.params.id),
      meta: { request_id: request.id },
    }),
  );

  app.patch(
    '/v1/monitors/:id',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'updateMonitor',
        tags,
        summary: 'Change interval, status or reference',
        description: PATCH_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        body: PatchBody,
        response: {
          200: one('The monitor as changed', MONITOR_EXAMPLES),
          ...errorResponses([...BODY_ERRORS, ...ERRORS, 'not_found']),
        },
      },
    },
    async (request) => ({
      data: await monitors.update(request.principal, request.params.id, request.body),
      meta: { request_id: request.id },
    }),
  );

  app.delete(
    '/v1/monitors/:id',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'deleteMonitor',
        tags,
        summary: 'Remove a monitor',
        description: DELETE_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }), meta: RequestMeta },
            { description: 'Removed', ...answerHeaders(), 'x-examples': MONITOR_DELETED_EXAMPLES },
          ),
          ...errorResponses([...READ_ERRORS, 'not_found']),
        },
      },
    },
    async (request) => {
      await monitors.remove(request.principal, request.params.id);
      return { data: { id: request.params.id, deleted: true as const }, meta: { request_id: request.id } };
    },
  );

  app.post(
    '/v1/monitors/:id/check',
    {
      onRequest,
      config: { idempotent: true },
      preValidation: noBodyAsEmpty,
      schema: {
        operationId: 'checkMonitor',
        tags,
        summary: 'Check now',
        description: CHECK_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        body: OptionalBody,
        response: {
          202: one('The check is queued and counted', MONITOR_CHECK_EXAMPLES, QUOTA),
          ...errorResponses([...BODY_ERRORS, ...ERRORS, 'not_found', 'rate_limit_exceeded']),
        },
      },
    },
    async (request, reply) => {
      const answerOf = ({ monitor, quota }: { monitor: MonitorView; quota: QuotaState }) => ({
        status: 202,
        headers: quotaHeaders(quota),
        payload: { data: monitor, meta: { request_id: request.id } },
      });
      // With an Idempotency-Key, the answer is stored in the transaction that charges and queues
      // the check, and sent as stored: a check is never charged without the answer a retry is given.
      const answer = keys.answerInCommit(request, reply, answerOf);
      const outcome = await monitors.checkNow(request.principal, request.params.id, request.id, answer);
      return sendAnswer(reply as FastifyReply, answer, () => answerOf(outcome));
    },
  );
}
