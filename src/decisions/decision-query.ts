import { type Static, Type } from '@sinclair/typebox';
import type { Principal } from '../accounts/authenticator.js';
import { decodeCursor, pageOf } from '../cursors.js';
import { ApiError } from '../errors.js';
import { parseInstant } from '../records/record-query.js';
import { parseReference } from '../records/reference.js';
import type { DecisionFilter, DecisionPosition, DecisionStore } from '../store/decisions.js';
import { decisionCountry } from './decision-request.js';
import { type DecisionView, decisionView } from './decision-shape.js';
import { TREATMENTS } from './types.js';

/**
 * The decision list's filters as the API takes them, checked and turned into a store filter, and
 * one page of decisions with its opaque cursor, bound to the account, key mode and filters as
 * every list's cursor is (src/cursors.ts).
 */

export const DECISION_LIST_QUERY = Type.Object(
  {
    treatment: Type.Optional(
      Type.Union(
        TREATMENTS.map((treatment) => Type.Literal(treatment)),
        { description: 'Only decisions with this treatment', examples: ['reverse_charge'] },
      ),
    ),
    buyer_country: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{2}$',
        description: "The buyer's country (GR or EL for Greece)",
        examples: ['FR'],
      }),
    ),
    reference: Type.Optional(
      Type.String({
        maxLength: 256,
        description: 'Your reference, as sent',
        examples: ['invoice-2026-0042'],
      }),
    ),
    from: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Decisions made at or after this instant (ISO 8601 date or date-time with a time zone)',
        examples: ['2026-03-01'],
      }),
    ),
    to: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Decisions made before this instant (exclusive)',
        examples: ['2026-04-01'],
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: 20,
        description: 'Decisions per page, 1 to 100 (default 20)',
        examples: [20],
      }),
    ),
    cursor: Type.Optional(
      Type.String({
        maxLength: 300,
        description: '`meta.next_cursor` of the previous page, with the same filters',
      }),
    ),
  },
  { additionalProperties: false },
);

type ListFilters = Omit<Static<typeof DECISION_LIST_QUERY>, 'limit' | 'cursor'>;

/** The store filter of the query's filters within the principal's account and key mode; 422 for a bad one. */
export function decisionFilterOf(
  owner: Pick<Principal, 'accountId' | 'mode'>,
  query: ListFilters,
): DecisionFilter {
  const filter: DecisionFilter = { accountId: owner.accountId, mode: owner.mode };
  if (query.treatment !== undefined) filter.treatment = query.treatment;
  if (query.buyer_country !== undefined)
    filter.buyerCountry = decisionCountry('buyer_country', query.buyer_country);
  if (query.reference !== undefined) filter.reference = parseReference(query.reference);
  if (query.from !== undefined) filter.from = parseInstant('from', query.from);
  if (query.to !== undefined) filter.to = parseInstant('to', query.to);
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to)
    throw new ApiError('validation_error', 'from: must be earlier than to.');
  return filter;
}

/** A decision's place in the list: its `created_at` and id. */
const POSITION = /^(\d{1,15})\.(dec_[0-9a-f]{32})$/;

export interface DecisionPage {
  data: DecisionView[];
  next_cursor: string | null;
  has_more: boolean;
}

/** One page of the principal's decisions matching `query`, newest first, after `cursor`. */
export async function pageOfDecisions(
  store: DecisionStore,
  owner: Pick<Principal, 'accountId' | 'mode'>,
  query: ListFilters,
  page: { limit: number; cursor?: string },
): Promise<DecisionPage> {
  const filter = decisionFilterOf(owner, query);
  const scope = { list: 'decisions', ...filter };
  let after: DecisionPosition | undefined;
  if (page.cursor !== undefined) {
    const [createdAt, id] = decodeCursor(page.cursor, scope, POSITION).split('.');
    after = { createdAt: Number(createdAt), id };
  }
  const rows = await store.list(filter, { limit: page.limit + 1, after });
  const { rows: shown, ...more } = pageOf(rows, page.limit, scope, (row) => `${row.created_at}.${row.id}`);
  return {
    data: shown.map((row) =>
      decisionView(row, row.sealed_at === null ? undefined : { sealed_at: row.sealed_at }),
    ),
    ...more,
  };
}
