import { Type } from '@sinclair/typebox';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * `limit` of a cursor-paged list: an integer from 1 to 100, default 20. Sent as digits in the
 * query string, it reaches the schema as a number (plugins/query-integers.ts); anything else is
 * 422 `validation_error`.
 */
export function PageLimit(
  description = `Items per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
) {
  return Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description,
      examples: [DEFAULT_PAGE_SIZE],
    }),
  );
}

/** Query members of every cursor-paged list: `limit` and an opaque `cursor`. */
export const PAGE_QUERY = {
  limit: PageLimit(),
  cursor: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        '`meta.next_cursor` of the previous page, with the same key mode and filters (any other cursor is 422 `validation_error`)',
    }),
  ),
};

/** The page size asked for (the schema has checked its range). */
export function pageLimit(limit: number | undefined): number {
  return limit ?? DEFAULT_PAGE_SIZE;
}

/** `meta` of a page of a list. */
export const PageMeta = Type.Object({
  request_id: Type.String(),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
  has_more: Type.Boolean(),
});
