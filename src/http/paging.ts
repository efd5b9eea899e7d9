import { Type } from '@sinclair/typebox';
import { ApiError } from '../errors.js';

/** Query members of every cursor-paged list: `limit` (1-100, default 20) and an opaque `cursor`. */
export const PAGE_QUERY = {
  limit: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,3}$', description: '1 to 100, default 20', examples: ['20'] }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        '`meta.next_cursor` of the previous page, with the same key mode and filters (any other cursor is 422 `validation_error`)',
    }),
  ),
};

/** The page size asked for, or 422 `validation_error` outside 1-100. */
export function pageLimit(limit: string | undefined): number {
  const value = limit === undefined ? 20 : Number(limit);
  if (!(value >= 1 && value <= 100))
    throw new ApiError('validation_error', `limit: must be from 1 to 100; got ${limit}.`);
  return value;
}

/** `meta` of a page of a list. */
export const PageMeta = Type.Object({
  request_id: Type.String(),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
  has_more: Type.Boolean(),
});
