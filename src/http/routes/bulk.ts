import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type QuotaState, quotaHeaders } from '../../accounts/quota.js';
import {
  BULK_MAX_BYTES,
  type BulkAcceptance,
  type BulkAccepted,
  bulkRowLimit,
} from '../../bulk/acceptance.js';
import { boundaryOf, multipartFile } from '../../bulk/multipart.js';
import { BulkProgress, pageOfFiles, progressOf } from '../../bulk/progress.js';
import { resultsCsv } from '../../bulk/results.js';
import type { Clock } from '../../clock.js';
import { SAFE_CELLS_RULE } from '../../csv/safe-cells.js';
import { ApiError } from '../../errors.js';
import { printableText } from '../../printable-text.js';
import { REFERENCE_MAX_LENGTH, REFERENCE_PATTERN } from '../../records/reference.js';
import type { BulkFile, BulkStore } from '../../store/bulk.js';
import { PAGE_QUERY, pageLimit } from '../paging.js';
import { type IdempotencyKeys, IdempotentReplay, replay, sendAnswer } from '../plugins/idempotency.js';
import {
  BULK_ACCEPTED_EXAMPLES,
  BULK_CSV_EXAMPLE,
  BULK_LIST_EXAMPLES,
  BULK_PROGRESS_EXAMPLES,
  BULK_RESULTS_EXAMPLE,
} from '../schemas/bulk-examples.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { typed } from '../typed.js';

export interface BulkRouteDeps {
  acceptance: BulkAcceptance;
  bulk: BulkStore;
  clock: Clock;
  publicUrl: string;
  /** The upload's Idempotency-Key, claimed once the file is read. */
  idempotency: IdempotencyKeys;
}

const UploadQuery = Type.Object(
  {
    reference: Type.Optional(
      Type.String({
        ...printableText(REFERENCE_PATTERN),
        description: `Your own id, kept on the record of every row whose \`reference\` cell is empty; 1–${REFERENCE_MAX_LENGTH} printable characters, as every reference`,
        examples: ['import-2026-03'],
      }),
    ),
    cache: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        default: 'true',
        description: '`false` asks the registry for every number even when a cached answer exists',
      }),
    ),
  },
  { additionalProperties: false },
);

const ListQuery = Type.Object(PAGE_QUERY, { additionalProperties: false });

const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A bulk file id (`blk_…`)',
    examples: ['blk_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'],
  }),
});

const CSV_BODY = Type.String({
  description:
    'UTF-8 CSV, `,` or `;` separated, with a header row naming at least `vat_number`; optionally `reference` and any other columns (echoed in the results)',
  contentMediaType: 'text/csv',
  examples: [BULK_CSV_EXAMPLE],
});

const UploadBody = {
  content: {
    'text/csv': { schema: CSV_BODY },
    'multipart/form-data': {
      schema: Type.Object(
        { file: Type.Optional(Type.String({ contentMediaType: 'text/csv', description: 'The CSV file' })) },
        { description: 'One file part (named `file`, or any part with a filename)' },
      ),
    },
  },
};

const Accepted = Type.Object(
  {
    data: Type.Object({
      bulk_id: Type.String({ pattern: '^blk_[0-9a-f]{32}$' }),
      status: Type.Union([Type.Literal('pending'), Type.Literal('completed')], {
        description: '`completed` at once when every row was rejected',
      }),
      total: Type.Integer({ description: 'Data rows in the file' }),
      accepted: Type.Integer({ description: 'Rows queued, duplicates included' }),
      rejected: Type.Integer({
        description: 'Rows with a malformed number or reference; their `error_code` is in the results',
      }),
    }),
    meta: Type.Object({ request_id: Type.String(), request_duration_ms: Type.Integer() }),
  },
  { description: 'Accepted', ...answerHeaders({ quota: true }), 'x-examples': BULK_ACCEPTED_EXAMPLES },
);

const UPLOAD_NOTES = `- **Tiers**: Pro, Business and Scale (Free: 403 \`tier_insufficient\`). Test keys are answered from [test mode](/docs/test-mode): no registry, no quota, test-mode records and webhook.
- **Files**: a key sees only the files uploaded with keys of its mode.`;

/** Reads of files already accepted need no tier: a downgraded account still gets the rows it paid for. */
const NOTES = `- **Tiers**: any tier. Uploading needs Pro, Business or Scale, but a file already accepted stays readable after the account moves to a lower tier.
- **Files**: a key sees only the files uploaded with keys of its mode.`;

const UPLOAD_DESCRIPTION = `Uploads a CSV file of VAT numbers and answers 202 once the whole file is read and queued; the numbers are then validated in the background, as fast as the registries allow. Follow it with \`GET /v1/bulk/{id}\`, fetch the results with \`GET /v1/bulk/{id}/results\`; with a webhook configured, \`bulk.completed\` is sent at the end.

Send the file as the body (\`Content-Type: text/csv\`) or as the one file of a \`multipart/form-data\` form. The first line names the columns: \`vat_number\` is required; \`reference\` (your own id per row; the \`reference\` query parameter applies to rows without one) and any other columns are kept and echoed in the results. Trader columns (\`trader_name\`, \`trader_company_type\`, \`trader_street\`, \`trader_postcode\`, \`trader_city\`) are compared with what the registry holds, as on \`GET /v1/validate\`: a row with any of them is asked of the registry (never answered from the cache), and the results add the comparison; an empty cell counts as not sent. \`,\` or \`;\` separators (whichever the header line uses), quoted fields, a UTF-8 BOM and blank lines are fine.

${UPLOAD_NOTES}
- **Rows**: up to ${bulkRowLimit('pro').toLocaleString('en')} (Pro) or ${bulkRowLimit('business').toLocaleString('en')} (Business, Scale); bodies up to ${BULK_MAX_BYTES / 1024 / 1024} MiB (413 \`payload_too_large\` beyond).
- **Quota**: the file's unique well-formed numbers count when it is accepted (duplicates once, rejected rows not at all; the same number with other trader fields is another lookup and counts again); 429 \`rate_limit_exceeded\` refuses the whole file when fewer validations remain this month.
- **Rejected rows**: a malformed number, reference or trader cell does not refuse the file: the row is counted in \`rejected\` and its \`error_code\` is in the results (\`validation_error\` for a reference or trader cell with control characters, or longer than 128 or 200 characters once trimmed: the limits of \`reference\` and the trader fields on every other operation).
- **Retrying**: with an \`Idempotency-Key\`, a retry of the same upload (the same query and the same bytes of the file, sent as \`text/csv\` or as the file of a form) gets the first 202 again with \`Idempotent-Replayed: true\`, and the file is accepted, counted and queued once; another file or query under the key is 422 \`idempotency_key_reused\`. The key is claimed once the whole file is read and found readable: a file refused for its content (\`invalid_csv\`, \`payload_too_large\`) or for the quota (429) leaves the key free for the retry, corrected or not.
- **Worth knowing**: a file that cannot be read is 422 \`invalid_csv\` naming the line and the reason (empty, no \`vat_number\` column, not UTF-8, binary, a row with more or fewer fields than the header, an unclosed quote, more rows than the tier allows); nothing of it is accepted or counted.`;

const GET_DESCRIPTION = `The progress of a bulk file: counts so far and \`eta_seconds\` at the pace so far. 404 \`not_found\` for an id that does not exist or belongs to another account or key mode.

${NOTES}`;

const RESULTS_DESCRIPTION = `The results as CSV, one line per data row of the file in input order, with the separator the file used: the input columns as given, then \`normalised_vat_number, valid, company_name, company_address, source, source_status, consultation_number, validation_id, error_code\`. \`valid\` is \`true\`/\`false\`, empty for a row without an answer (rejected, failed, or not yet answered while the file is processing). When the file has trader columns, \`match_name, match_company_type, match_street, match_postcode, match_city, match_method\` follow: the row's \`data.match\` (\`match\`, \`partial\`, \`mismatch\` or \`not_processed\`; method \`registry\` or \`computed\`), empty for a row without an answer or without trader fields; a file without trader columns has none of them. Every name in the header is distinct, compared trimmed and without case: the result columns keep these names, an input column named like one of them is renamed \`<name>_input\` (\`valid_input\`), two or more blank input names become \`column_<position>\` (from 1), and a new name the file already uses takes \`_2\`, \`_3\`…; any other header is echoed as given. Every \`validation_id\` is a record (\`GET /v1/validations/{id}\`, with the same \`match\`); duplicates of a number with the same trader fields share one. ${SAFE_CELLS_RULE}

${NOTES}`;

const LIST_DESCRIPTION = `The account's bulk files of the key's mode, newest first, \`limit\` at a time (default 20). \`meta.next_cursor\` (when \`has_more\`) fetches the next page as \`cursor\`.

${NOTES}
- **Worth knowing**: \`limit\` outside 1–100, or a cursor this list did not return for this key mode (another list's, account's or key mode's, or malformed), is 422 \`validation_error\`.`;

/** The request bodies of POST /v1/bulk, kept apart from `request.body` so schema validation skips them. */
const uploads = new WeakMap<FastifyRequest, unknown>();

/** POST /v1/bulk, GET /v1/bulk, GET /v1/bulk/{id} and its results. */
export async function bulkRoutes(scope: FastifyInstance, deps: BulkRouteDeps): Promise<void> {
  // The file is read as it arrives: these parsers hand the request stream on unread.
  for (const type of ['text/csv', 'multipart/form-data']) {
    scope.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
  // Any other body (JSON included) is refused saying what this route takes, not that it takes JSON.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('*', (_request, _payload, done) => done(notAFile(), undefined));
  const app = typed(scope);
  app.addSchema(BulkProgress);
  const tags = ['bulk'];

  app.post(
    '/v1/bulk',
    {
      config: { feature: 'batch', idempotent: 'streamed' },
      preValidation: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > BULK_MAX_BYTES) {
          throw new ApiError(
            'payload_too_large',
            `A bulk file may be at most ${BULK_MAX_BYTES / 1024 / 1024} MiB; split it into several files.`,
            { connection: 'close' },
          );
        }
        uploads.set(request, request.body);
        request.body = isMultipart(request) ? {} : '';
      },
      schema: {
        operationId: 'uploadBulkFile',
        tags,
        summary: 'Upload a CSV file of VAT numbers to validate in the background',
        description: UPLOAD_DESCRIPTION,
        querystring: UploadQuery,
        body: UploadBody,
        response: {
          202: Accepted,
          ...errorResponses([
            'invalid_csv',
            'payload_too_large',
            'unsupported_media_type',
            'validation_error',
            ...AUTH_ERRORS,
            'tier_insufficient',
            'rate_limit_exceeded',
          ]),
        },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const raw = uploads.get(request);
      if (!isStream(raw)) throw notAFile();
      // Read without destroying the request on a refusal, so the error answer still reaches the client.
      const body = raw.iterator({ destroyOnReturn: false });
      try {
        // A multipart body without a boundary is refused here, inside the try: its rest is drained too.
        const source = isMultipart(request)
          ? multipartFile(body, boundaryOf(request.headers['content-type']!))
          : body;
        // With an Idempotency-Key, the same request is the same query and the same file's bytes
        // (as text/csv or as the file of any multipart body), claimed once the file is read.
        const key = deps.idempotency.keyOf(request);
        const answerOf = ({ data, quota }: { data: BulkAccepted; quota: QuotaState }) => ({
          status: 202,
          headers: quotaHeaders(quota),
          payload: {
            data,
            meta: { request_id: request.id, request_duration_ms: Math.round(performance.now() - started) },
          },
        });
        // With a key, the answer is stored in the transaction that accepts the file, and sent as
        // stored: the file is never accepted without the answer a retry is given.
        const answer = key?.answerInCommit(reply as FastifyReply, answerOf);
        const accepted = await deps.acceptance.accept(request.principal, key ? key.hashing(source) : source, {
          reference: request.query.reference,
          useCache: request.query.cache !== 'false',
          beforeCommit: key?.claim,
          answer,
        });
        return sendAnswer(reply as FastifyReply, answer, () => answerOf(accepted));
      } catch (error) {
        // The file was read to its end before the claim found the first answer.
        if (error instanceof IdempotentReplay) return replay(reply, error.answer);
        // The rest of a refused body is read and dropped, then the connection closed.
        raw.resume();
        reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.get(
    '/v1/bulk',
    {
      schema: {
        operationId: 'listBulkFiles',
        tags,
        summary: 'Bulk files, newest first, cursor pagination',
        description: LIST_DESCRIPTION,
        querystring: ListQuery,
        response: {
          200: Type.Object(
            {
              data: Type.Array(Type.Ref(BulkProgress)),
              meta: Type.Object({
                request_id: Type.String(),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                has_more: Type.Boolean(),
              }),
            },
            { description: 'A page of bulk files', ...answerHeaders(), 'x-examples': BULK_LIST_EXAMPLES },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error']),
        },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query.limit);
      const page = await pageOfFiles(
        deps.bulk,
        request.principal,
        { limit, cursor: request.query.cursor },
        {
          now: deps.clock.now(),
          publicUrl: deps.publicUrl,
        },
      );
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );

  app.get(
    '/v1/bulk/:id',
    {
      schema: {
        operationId: 'getBulkFile',
        tags,
        summary: "A bulk file's progress",
        description: GET_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(BulkProgress), meta: RequestMeta },
            { description: 'The progress', ...answerHeaders(), 'x-examples': BULK_PROGRESS_EXAMPLES },
          ),
          ...errorResponses([...AUTH_ERRORS, 'not_found']),
        },
      },
    },
    async (request) => {
      const file = await ownFile(deps.bulk, request.principal, request.params.id);
      return { data: progressOf(file, deps.clock.now(), deps.publicUrl), meta: { request_id: request.id } };
    },
  );

  app.get(
    '/v1/bulk/:id/results',
    {
      schema: {
        operationId: 'getBulkResults',
        tags,
        summary: "A bulk file's results as CSV, in input order",
        produces: ['text/csv'],
        description: RESULTS_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: {
            description: 'The results file',
            ...answerHeaders(),
            content: {
              'text/csv': {
                schema: {
                  type: 'string',
                  contentMediaType: 'text/csv',
                  description: 'UTF-8 CSV: the input columns, then the result columns',
                },
                examples: {
                  three: {
                    summary: 'Three rows with trader names: two compared, one rejected',
                    value: BULK_RESULTS_EXAMPLE,
                  },
                },
              },
            },
          },
          ...errorResponses([...AUTH_ERRORS, 'not_found']),
        },
      },
    },
    async (request, reply) => {
      const file = await ownFile(deps.bulk, request.principal, request.params.id);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.id}-results.csv"`);
      return reply.send(resultsCsv(deps.bulk, file));
    },
  );
}

function notAFile(): ApiError {
  return new ApiError(
    'unsupported_media_type',
    'POST /v1/bulk takes the file as `text/csv`, or as `multipart/form-data` with one file.',
  );
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
}

function isStream(value: unknown): value is Readable {
  return typeof (value as Readable | undefined)?.iterator === 'function';
}

async function ownFile(
  bulk: BulkStore,
  owner: { accountId: string; mode: string },
  id: string,
): Promise<BulkFile> {
  const file = /^blk_[0-9a-f]{32}$/.test(id) ? await bulk.getFile(id) : undefined;
  if (!file || file.account_id !== owner.accountId || file.mode !== owner.mode) {
    throw new ApiError('not_found', `No bulk file ${id}.`);
  }
  return file;
}
