import { type Static, Type } from '@sinclair/typebox';
import type { Principal } from '../accounts/authenticator.js';
import { decodeCursor as decodeListCursor, encodeCursor as encodeListCursor, pageOf } from '../cursors.js';
import { ApiError } from '../errors.js';
import { checkVatNumber, VAT_COUNTRY_CODES } from '../numbers/index.js';
import type { RecordFilter, RecordPosition, RecordReadStore, RecordRow } from '../store/record-reads.js';
import { SOURCES } from '../validation/answer.js';
import { type RecordSummaryView, recordSummary } from './record-shape.js';
import { parseReference } from './reference.js';

/**
 * The history filters as the API takes them, checked and turned into a store filter;
 * the opaque page cursor; one page of record summaries. Shared by the list, the export and the CLI.
 */

const CHANNELS = ['sync', 'batch', 'async', 'bulk', 'monitor'] as const;
const VISIBLE_ID = '^[\\x21-\\x7e]{1,100}$';

/** Query parameters both the list and the export take; each narrows the records to those matching. */
export const filterParameters = {
  vat_number: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'A VAT number with its country prefix, normalised as on /v1/validate before matching',
      examples: ['DE 123 456 704'],
    }),
  ),
  country_code: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2}$',
      description: 'The country code of the number as answered (`EL` for Greece, `XI` for Northern Ireland)',
      examples: ['DE'],
    }),
  ),
  valid: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: 'Only valid, or only invalid, answers',
      examples: ['true'],
    }),
  ),
  source: Type.Optional(
    Type.Union(
      SOURCES.map((source) => Type.Literal(source)),
      { description: '`meta.source` of the answer', examples: ['vies'] },
    ),
  ),
  channel: Type.Optional(
    Type.Union(
      CHANNELS.map((channel) => Type.Literal(channel)),
      { description: 'How the number was sent', examples: ['sync'] },
    ),
  ),
  reference: Type.Optional(
    Type.String({
      maxLength: 256,
      description: 'Your reference, as sent with the validation (1-128 printable characters)',
      examples: ['customer-4711'],
    }),
  ),
  from: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'Records written at or after this instant (`created_at`), ISO 8601: a date (`2026-03-01`, midnight UTC) or a date and time with `Z` or an offset',
      examples: ['2026-03-01T00:00:00Z'],
    }),
  ),
  to: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'Records written before this instant (exclusive), ISO 8601 as `from`',
      examples: ['2026-04-01'],
    }),
  ),
  monitor_id: Type.Optional(
    Type.String({ pattern: VISIBLE_ID, description: 'Checks made by one monitor', examples: ['mon_7Qx2'] }),
  ),
  bulk_id: Type.Optional(
    Type.String({ pattern: VISIBLE_ID, description: 'Rows of one bulk file', examples: ['blk_4Kd9'] }),
  ),
};

export const FilterQuery = Type.Object(filterParameters, { additionalProperties: false });
export type FilterQueryValue = Static<typeof FilterQuery>;

const bad = (message: string) => new ApiError('validation_error', message);

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Epoch ms of an ISO 8601 date (midnight UTC) or date-time with `Z` or an offset. A `+` sent
 * unencoded in a query string arrives as a space: before an offset it can only have meant `+`.
 */
export function parseInstant(name: string, raw: string): number {
  const text = raw.trim().replace(/ (\d{2}:\d{2})$/, '+$1');
  const match = ISO_INSTANT.exec(text);
  const ms = match ? Date.parse(text) : Number.NaN;
  if (match && !Number.isNaN(ms)) {
    const [, year, month, day] = match.map(Number);
    // Date.parse rolls 2026-02-30 over into March; a calendar date must exist as written.
    if (day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()) return ms;
  }
  throw bad(
    `${name}: must be an ISO 8601 date or date-time with a time zone (e.g. 2026-03-01 or 2026-03-01T09:30:00Z); got '${raw.slice(0, 40)}'.`,
  );
}

/**
 * The store filter of the query's filters within one account's key mode (the API always gives
 * both; an operator may leave either out); 422 for a bad filter.
 */
export function filterOf(
  owner: Partial<Pick<Principal, 'accountId' | 'mode'>>,
  query: FilterQueryValue,
): RecordFilter {
  const filter: RecordFilter = {};
  if (owner.accountId !== undefined) filter.accountId = owner.accountId;
  if (owner.mode !== undefined) filter.mode = owner.mode;
  if (query.vat_number !== undefined) {
    const check = checkVatNumber(query.vat_number);
    if (check.kind === 'syntax_error') throw bad(`vat_number: ${check.message}`);
    filter.vatNumber = check.number.vatNumber;
  }
  if (query.country_code !== undefined) {
    const code = query.country_code.toUpperCase();
    if (!(VAT_COUNTRY_CODES as readonly string[]).includes(code))
      throw bad(`country_code: '${query.country_code}' is not a country this service answers for.`);
    filter.countryCode = code;
  }
  if (query.valid !== undefined) filter.valid = query.valid === 'true';
  if (query.source !== undefined) filter.source = query.source;
  if (query.channel !== undefined) filter.channel = query.channel;
  if (query.reference !== undefined) filter.reference = parseReference(query.reference);
  if (query.from !== undefined) filter.from = parseInstant('from', query.from);
  if (query.to !== undefined) filter.to = parseInstant('to', query.to);
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to)
    throw bad('from: must be earlier than to.');
  if (query.monitor_id !== undefined) filter.monitorId = query.monitor_id;
  if (query.bulk_id !== undefined) filter.bulkId = query.bulk_id;
  return filter;
}

/** A record's place in the list: its `created_at` and id (record-reads.ts orders by both). */
const POSITION = /^(\d{1,15})\.(val_[0-9a-f]{32}|[0-9a-f-]{36})$/;

/** The cursor of the page below `position`, bound to the account, key mode and filters of `filter`. */
export function encodeCursor(position: RecordPosition, filter: RecordFilter): string {
  return encodeListCursor(`${position.createdAt}.${position.id}`, { ...filter });
}

export function decodeCursor(cursor: string, filter: RecordFilter): RecordPosition {
  const [createdAt, id] = decodeListCursor(cursor, { ...filter }, POSITION).split('.');
  return { createdAt: Number(createdAt), id };
}

export function summaryOf(row: RecordRow): RecordSummaryView {
  return recordSummary(row, row.sealed_at === null ? undefined : { sealed_at: row.sealed_at });
}

export interface RecordPage {
  data: RecordSummaryView[];
  next_cursor: string | null;
  has_more: boolean;
}

/** One page of `filter`'s records, newest first, after `cursor` when one is given. */
export async function pageOfRecords(
  store: RecordReadStore,
  filter: RecordFilter,
  page: { limit: number; cursor?: string },
): Promise<RecordPage> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, filter);
  // One row more than asked tells whether another page exists.
  const rows = await store.list(filter, { limit: page.limit + 1, after });
  const { rows: shown, ...more } = pageOf(
    rows,
    page.limit,
    { ...filter },
    (row) => `${row.created_at}.${row.id}`,
  );
  return { data: shown.map(summaryOf), ...more };
}
