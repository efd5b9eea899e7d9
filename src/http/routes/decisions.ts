import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { quotaHeaders } from '../../accounts/quota.js';
import { DECISION_LIST_QUERY, pageOfDecisions } from '../../decisions/decision-query.js';
import { DecisionRequest } from '../../decisions/decision-request.js';
import type { DecisionOutcome, DecisionService } from '../../decisions/decision-service.js';
import { Decision, decisionView } from '../../decisions/decision-shape.js';
import { TREATMENTS } from '../../decisions/types.js';
import { ApiError } from '../../errors.js';
import type { RatesTable } from '../../rates/rates-table.js';
import { parseReference } from '../../records/reference.js';
import type { DecisionStore } from '../../store/decisions.js';
import { PageMeta, pageLimit } from '../paging.js';
import { type IdempotencyKeys, sendAnswer } from '../plugins/idempotency.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, NoQuery, RequestMeta } from '../schemas/common.js';
import { decisionExamples } from '../schemas/decision-examples.js';
import { typed } from '../typed.js';

export const DecisionIdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A decision id (`dec_…`)',
    examples: ['dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'],
  }),
});

const TREATMENT_LIST = TREATMENTS.map((treatment) => `\`${treatment}\``).join(', ');

const CREATE_DESCRIPTION = `How to invoice a sale: whether to charge VAT, whose VAT and at which rate, with the note the invoice needs and the articles it rests on. Send the seller's and the buyer's countries, the kind of supply (and a rate category, where the goods or services are taxed at a reduced rate), and the buyer's VAT number when it has one: the number is checked as on GET /v1/validate, and the decision points at that check's record (\`buyer_validation.validation_id\`).

Treatments: ${TREATMENT_LIST}. The rules, one case per row with an example each, are on the *Decisions* page of the documentation.

- **Fails closed**: a buyer number that is invalid, malformed or cannot be checked now never gives \`reverse_charge\` or \`intra_community_supply\`; \`reasons\` says why. An answer kept while the registry is down is used when it is younger than \`DECISION_STALE_MAX_DAYS\` (30 days by default) and flagged in \`buyer_validation.source_status\`; a degraded answer never counts as valid.
- **Amounts**: \`amount.net\` (a JSON number or a decimal string) and \`amount.currency\` (ISO 4217) give \`amount.vat\` and \`amount.gross\`, computed in decimal and rounded half up to the currency's minor unit; null when no rate is given.
- **Tiers**: Pro and above. **Quota**: the check of the buyer's number counts one validation (with a live key); a decision without a buyer number, or with one that fails its format, counts nothing.
- **Retrying safely**: with an \`Idempotency-Key\` header, a retry with the same body gets the first decision again, checked and charged once.
- **Test keys** answer from test mode: the buyer's number is answered by the test numbers of /docs/test-mode (valid, invalid, registry down), no registry is asked.
- **Bad input** is 422 \`validation_error\` naming the member: an unknown member, a country the service does not decide for (EU member states, GR or EL for Greece, XI, GB, CH, LI, NO, AU), an unknown kind or rate category, a negative or non-finite amount, a currency that is not ISO 4217, a date before 2021-07-01 or that does not exist. A category with several rates in the country whose VAT applies is 422 \`category_ambiguous\`, listing them.`;

const LIST_DESCRIPTION = `Decisions made for this account's key mode, newest first (by \`created_at\`, then id). \`limit\` at a time (1-100, default 20); when \`meta.has_more\`, pass \`meta.next_cursor\` as \`cursor\` with the same filters for the next page.

Filters, all optional and combined with AND: \`treatment\`, \`buyer_country\` (GR or EL for Greece), \`reference\`, \`from\` (inclusive) and \`to\` (exclusive) on \`created_at\`. A filter that cannot match anything as written, or a cursor from another list, other filters or another key, is 422 \`validation_error\`. Any tier: making decisions needs Pro or above, but those already made stay readable after the account moves to a lower tier.`;

const GET_DESCRIPTION =
  'One decision with its place in the tamper-evident ledger (`ledger`). 404 `not_found` for an id that does not exist or belongs to another account or key mode. Any tier: making decisions needs Pro or above, but those already made stay readable after the account moves to a lower tier.';

export interface DecisionRouteDeps {
  service: DecisionService;
  /** The Idempotency-Key answers stored with the decisions they answer. */
  idempotency: IdempotencyKeys;
  decisions: DecisionStore;
  rates: RatesTable;
}

/** POST /v1/decisions, GET /v1/decisions/{id}, GET /v1/decisions. */
export function decisionRoutes(scope: FastifyInstance, deps: DecisionRouteDeps): void {
  const app = typed(scope);
  app.addSchema(Decision);
  const tags = ['decisions'];
  const examples = decisionExamples(deps.rates);

  app.post(
    '/v1/decisions',
    {
      config: { feature: 'decisions', idempotent: true },
      // The decision is built member by member from its schema (decision-shape.ts); a compiled
      // serializer would test each of its many nullable members against the schema again.
      serializerCompiler: () => (answer) => JSON.stringify(answer),
      schema: {
        operationId: 'createDecision',
        tags,
        summary: 'Decide the VAT treatment of a sale',
        description: CREATE_DESCRIPTION,
        querystring: NoQuery,
        body: DecisionRequest,
        response: {
          200: Type.Object(
            { data: Type.Ref(Decision), meta: RequestMeta },
            {
              description: 'The decision',
              ...answerHeaders({ quota: true }),
              'x-examples': examples.created,
            },
          ),
          ...errorResponses([
            ...AUTH_ERRORS,
            'invalid_json',
            'tier_insufficient',
            'validation_error',
            'category_ambiguous',
            'rate_limit_exceeded',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const reference = body.reference === undefined ? null : parseReference(body.reference);
      const answerOf = ({ decision, quota }: DecisionOutcome) => ({
        status: 200,
        headers: quota ? quotaHeaders(quota) : {},
        payload: { data: decision, meta: { request_id: request.id } },
      });
      // With an Idempotency-Key, the answer is stored in the unit of work that keeps the decision
      // and charges its buyer's check, and sent as stored.
      const answer = deps.idempotency.answerInCommit(request, reply, answerOf);
      const outcome = await deps.service.decide(
        request.principal,
        body,
        { requestId: request.id, reference },
        answer,
      );
      return sendAnswer(reply as FastifyReply, answer, () => answerOf(outcome));
    },
  );

  app.get(
    '/v1/decisions',
    {
      // Reads need no tier (POST does): a downgraded account keeps what it was given.
      serializerCompiler: () => (page) => JSON.stringify(page),
      schema: {
        operationId: 'listDecisions',
        tags,
        summary: 'Decisions, newest first, filtered, cursor pagination',
        description: LIST_DESCRIPTION,
        querystring: DECISION_LIST_QUERY,
        response: {
          200: Type.Object(
            { data: Type.Array(Type.Ref(Decision)), meta: PageMeta },
            { description: 'A page of decisions', ...answerHeaders(), 'x-examples': examples.list },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error']),
        },
      },
    },
    async (request) => {
      const { limit, cursor, ...filters } = request.query;
      const page = await pageOfDecisions(deps.decisions, request.principal, filters, {
        limit: pageLimit(limit),
        cursor,
      });
      return {
        data: page.data,
        meta: { request_id: request.id, next_cursor: page.next_cursor, has_more: page.has_more },
      };
    },
  );

  app.get(
    '/v1/decisions/:id',
    {
      serializerCompiler: () => (answer) => JSON.stringify(answer),
      schema: {
        operationId: 'getDecision',
        tags,
        summary: 'One decision with its ledger state',
        description: GET_DESCRIPTION,
        params: DecisionIdParams,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(Decision), meta: RequestMeta },
            { description: 'The decision', ...answerHeaders(), 'x-examples': examples.one },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error', 'not_found']),
        },
      },
    },
    async (request) => {
      const row = await deps.decisions.get(request.principal, request.params.id);
      if (!row)
        throw new ApiError('not_found', `No decision '${request.params.id.slice(0, 64)}' for this key.`);
      const view = decisionView(row, row.sealed_at === null ? undefined : { sealed_at: row.sealed_at });
      return { data: view, meta: { request_id: request.id } };
    },
  );
}
