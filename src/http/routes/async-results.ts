import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AsyncBatchResult,
  AsyncBatchState,
  AsyncRequestState,
  type AsyncResults,
} from '../../validation/async-results.js';
import { PAGE_QUERY, PageMeta, pageLimit } from '../paging.js';
import {
  ASYNC_BATCH_RESULTS_EXAMPLES,
  ASYNC_BATCH_STATE_EXAMPLES,
  ASYNC_STATE_EXAMPLES,
} from '../schemas/account-examples.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { typed } from '../typed.js';

const id = (description: string, example: string) =>
  Type.String({ maxLength: 100, pattern: '^[\\x21-\\x7e]+$', description, examples: [example] });
const RequestParams = Type.Object({
  request_id: id('The `data.request_id` of the 202', '8e4b2a71-3c5d-4f60-9a1b-2c3d4e5f6a7b'),
});
const BatchParams = Type.Object({
  batch_id: id('The `data.batch_id` of the 202', '2d9f6c3a-7b8e-4d1f-8a2b-9c0d1e2f3a4b'),
});
const ResultsQuery = Type.Object(PAGE_QUERY, { additionalProperties: false });

const ERRORS = errorResponses([...AUTH_ERRORS, 'not_found', 'validation_error']);

const NOTES = `- **Polling**: an addition to the webhook, not a replacement: accepting async work still needs a configured webhook. Reads count against no quota (the burst limit applies).
- **Whose**: async work is made with live keys only; an id of another account, or any id asked for with a test key, is 404 \`not_found\`.`;

const REQUEST_DESCRIPTION = `The state of one number accepted by \`POST /v1/validate/async\`: \`pending\` while it waits for the registry (\`attempts\` so far, \`next_attempt_at\` when the next one is due), then \`completed\` with \`result\` (the answer as \`GET /v1/validate\` gives it, with \`meta.validation_id\`) or \`failed\` with \`error\` (the registry stayed unavailable through every retry). The same outcome as the \`validation.completed\` or \`validation.failed\` event.

${NOTES}`;

const BATCH_DESCRIPTION = `The progress of a batch accepted by \`POST /v1/validate/async/batch\`: \`pending\` until the first number is settled, \`processing\` until the last, then \`completed\` (when \`batch.completed\` is sent). \`processed\`, \`succeeded\` and \`failed\` count accepted positions (duplicates included, as in the event's summary); \`rejected\` counts the malformed items the 202 listed.

${NOTES}`;

const RESULTS_DESCRIPTION = `The items of \`batch.completed\`, each with its \`position\` (its 0-based index in the input as sent, rejected items included), in input order, \`limit\` at a time (default 20); \`meta.next_cursor\` (when \`has_more\`) fetches the next page as \`cursor\`. While the batch runs, a position whose number is not settled yet is \`{ position, status: "pending", meta: { vat_number } }\`: poll the batch until \`completed\` for the full set.

${NOTES}
- **Worth knowing**: \`limit\` outside 1–100, a cursor this list did not return for this batch (another batch's, another account's, or malformed), or an unknown query parameter is 422 \`validation_error\`.`;

/** GET /v1/validate/async/{request_id}, …/batch/{batch_id} and …/results. */
export function asyncResultRoutes(scope: FastifyInstance, results: AsyncResults): void {
  const app = typed(scope);
  app.addSchema(AsyncRequestState);
  app.addSchema(AsyncBatchState);
  app.addSchema(AsyncBatchResult);
  const tags = ['validation'];

  app.get(
    '/v1/validate/async/:request_id',
    {
      schema: {
        operationId: 'getAsyncRequest',
        tags,
        summary: 'The state and result of one async number',
        description: REQUEST_DESCRIPTION,
        params: RequestParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(AsyncRequestState), meta: RequestMeta },
            { description: 'The request', ...answerHeaders(), 'x-examples': ASYNC_STATE_EXAMPLES },
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ({
      data: await results.request(request.principal, request.params.request_id),
      meta: { request_id: request.id },
    }),
  );

  app.get(
    '/v1/validate/async/batch/:batch_id',
    {
      schema: {
        operationId: 'getAsyncBatch',
        tags,
        summary: 'The progress of an async batch',
        description: BATCH_DESCRIPTION,
        params: BatchParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(AsyncBatchState), meta: RequestMeta },
            { description: 'The batch', ...answerHeaders(), 'x-examples': ASYNC_BATCH_STATE_EXAMPLES },
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ({
      data: await results.batch(request.principal, request.params.batch_id),
      meta: { request_id: request.id },
    }),
  );

  app.get(
    '/v1/validate/async/batch/:batch_id/results',
    {
      schema: {
        operationId: 'listAsyncBatchResults',
        tags,
        summary: 'The results of an async batch, in input order, cursor pagination',
        description: RESULTS_DESCRIPTION,
        params: BatchParams,
        querystring: ResultsQuery,
        response: {
          200: Type.Object(
            {
              data: Type.Array(Type.Ref(AsyncBatchResult)),
              meta: PageMeta,
            },
            {
              description: 'A page of results',
              ...answerHeaders(),
              'x-examples': ASYNC_BATCH_RESULTS_EXAMPLES,
            },
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const page = await results.results(request.principal, request.params.batch_id, {
        limit: pageLimit(request.query.limit),
        cursor: request.query.cursor,
      });
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );
}
