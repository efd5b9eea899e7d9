import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { SAFE_CELLS_RULE } from '../../csv/safe-cells.js';
import { ApiError } from '../../errors.js';
import { EXPORT_COLUMNS, exportRecords } from '../../records/record-export.js';
import { FilterQuery, filterOf, filterParameters, pageOfRecords } from '../../records/record-query.js';
import {
  Evidence,
  evidenceView,
  RecordSummary,
  recordView,
  ValidationRecord,
} from '../../records/record-shape.js';
import type { Stores } from '../../store/stores.js';
import { PageLimit, pageLimit } from '../paging.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { EXPORT_CSV_EXAMPLE, RECORD_EXAMPLES, RECORD_LIST_EXAMPLES } from '../schemas/record-examples.js';
import { typed } from '../typed.js';

const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A record id (`val_…`), as in `meta.validation_id` of the answer',
    examples: ['val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'],
  }),
});

const NOTES = `- **Keys**: a live key sees the live records of its account, a test key the test-mode records (answers to test keys); no key sees another account's.
- **Quota**: reading history never counts against the monthly quota.`;

const FILTER_NOTES = `Filters, all optional and combined with AND: \`vat_number\` (normalised first, so \`de 123 456 704\` finds \`DE123456704\`), \`country_code\`, \`valid\`, \`source\`, \`channel\`, \`reference\`, \`from\` (inclusive) and \`to\` (exclusive) on the time the record was written (\`created_at\`), \`monitor_id\`, \`bulk_id\`. A filter that cannot match anything as written (a malformed number, an unknown country, a date that does not exist, \`from\` not before \`to\`) or a query parameter this operation does not take is 422 \`validation_error\` naming it.`;

const LIST_DESCRIPTION = `Records of validations answered to this account, newest first (by \`created_at\`, then id), as summaries: every member of the record but \`evidence\`. \`limit\` at a time (1-100, default 20); when \`meta.has_more\`, pass \`meta.next_cursor\` as \`cursor\` with the same filters for the next page. Records written while you page sort above the first page: later pages neither skip nor repeat a record.

${FILTER_NOTES} A cursor from another list, other filters or another key is 422 \`validation_error\` too.

${NOTES}`;

const GET_DESCRIPTION = `One record: the answer as it was given (number, validity, company, consultation number, source and cache state), where it came from (channel, request, batch, bulk file or monitor, your reference), the registry exchange it rests on (\`evidence\`: URL, the request sent with credentials removed, the reply's exact bytes up to 64 KiB and their SHA-256) and its place in the tamper-evident ledger (\`ledger\`: the record hash, and the seal once sealed).

A cached or stale answer's evidence is the exchange that filled the cache; when that exchange was made for another account, its requester and consultation numbers are shown as \`[redacted]\` and \`evidence.redacted\` is true. Check-digit, format and test-key answers have \`evidence: null\`. 404 \`not_found\` for an id that does not exist or belongs to another account or key mode.

${NOTES}`;

const EXPORT_COLUMNS_TEXT = EXPORT_COLUMNS.map((column) => `\`${column.name}\` (${column.description})`).join(
  ', ',
);

const EXPORT_DESCRIPTION = `Every record matching the filters as one CSV file, newest first, streamed as it is read: any number of rows, with memory that stays flat. One header row, then one row per record; RFC 4180 (comma, CRLF, fields quoted when they hold a comma, a quote or a line break, quotes doubled), UTF-8. ${SAFE_CELLS_RULE} Empty cells stand for null; \`valid\`, \`cached\` and \`stale\` are \`true\` or \`false\`; times are ISO 8601 UTC.

Columns, in order: ${EXPORT_COLUMNS_TEXT}.

${FILTER_NOTES}

- **Tiers**: Pro, Business and Scale (Free: 403 \`tier_insufficient\`).
${NOTES}`;

export interface ValidationRouteDeps {
  stores: Pick<Stores, 'recordReads' | 'evidence'>;
}

const ListQuery = Type.Object(
  {
    ...filterParameters,
    limit: PageLimit(),
    cursor: Type.Optional(
      Type.String({
        maxLength: 300,
        description: '`meta.next_cursor` of the previous page, with the same filters',
        examples: [
          'MTc3MjQ0MzgwMDAwMC52YWxfMDE5YjdhMmU0YzFkN2YzYTliMmM0ZDZlOGYwYTFiMmMuNGYzYzFhOWIwZTJkN2M1YQ',
        ],
      }),
    ),
  },
  { additionalProperties: false },
);

/** The validation history: the list, the CSV export and one record. */
export function validationRoutes(scope: FastifyInstance, deps: ValidationRouteDeps): void {
  const app = typed(scope);
  app.addSchema(Evidence);
  app.addSchema(ValidationRecord);
  app.addSchema(RecordSummary);
  const tags = ['history'];
  const { recordReads, evidence } = deps.stores;

  app.get(
    '/v1/validations',
    {
      // The page is built member by member from the record's schema (recordSummary), so the schema
      // has nothing left to drop; a compiled serializer re-checks every nullable member against its
      // schema, at twice the cost of JSON.stringify for a page.
      serializerCompiler: () => (page) => JSON.stringify(page),
      schema: {
        operationId: 'listValidations',
        tags,
        summary: 'Validation records, newest first, filtered, cursor pagination',
        description: LIST_DESCRIPTION,
        querystring: ListQuery,
        response: {
          200: Type.Object(
            {
              data: Type.Array(Type.Ref(RecordSummary)),
              meta: Type.Object({
                request_id: Type.String(),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                has_more: Type.Boolean(),
              }),
            },
            { description: 'A page of records', ...answerHeaders(), 'x-examples': RECORD_LIST_EXAMPLES },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error']),
        },
      },
    },
    async (request) => {
      const { limit, cursor, ...filters } = request.query;
      const size = pageLimit(limit);
      const page = await pageOfRecords(recordReads, filterOf(request.principal, filters), {
        limit: size,
        cursor,
      });
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );

  app.get(
    '/v1/validations/export',
    {
      config: { feature: 'export' },
      schema: {
        operationId: 'exportValidations',
        tags,
        summary: 'Validation records as CSV, streamed',
        description: EXPORT_DESCRIPTION,
        querystring: FilterQuery,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The records as CSV',
            ...answerHeaders(),
            content: {
              'text/csv': {
                schema: {
                  type: 'string',
                  contentMediaType: 'text/csv',
                  description: 'UTF-8 CSV, one row per record',
                },
                examples: { two: { summary: 'Two records', value: EXPORT_CSV_EXAMPLE } },
              },
            },
          },
          ...errorResponses([...AUTH_ERRORS, 'tier_insufficient', 'validation_error']),
        },
      },
    },
    async (request, reply) => {
      const csv = await exportRecords(recordReads, filterOf(request.principal, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="validations.csv"')
        .send(csv);
    },
  );

  app.get(
    '/v1/validations/:id',
    {
      schema: {
        operationId: 'getValidation',
        tags,
        summary: 'One validation record with its evidence and ledger state',
        description: GET_DESCRIPTION,
        params: IdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(ValidationRecord), meta: RequestMeta },
            { description: 'The record', ...answerHeaders(), 'x-examples': RECORD_EXAMPLES },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error', 'not_found']),
        },
      },
    },
    async (request) => {
      const { principal } = request;
      const row = await recordReads.get(principal, request.params.id);
      if (!row)
        throw new ApiError(
          'not_found',
          `No validation record '${request.params.id.slice(0, 64)}' for this key.`,
        );
      const exchange = row.evidence_id === null ? undefined : await evidence.get(row.evidence_id);
      const view = recordView(
        row,
        exchange ? evidenceView(exchange, principal.accountId) : null,
        row.sealed_at === null ? undefined : { sealed_at: row.sealed_at },
      );
      return { data: view, meta: { request_id: request.id } };
    },
  );
}
