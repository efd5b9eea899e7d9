import { createHash } from 'node:crypto';
import { ApiError } from './errors.js';

/**
 * The cursors of every paged list. A cursor is opaque to callers and bound to what it was made
 * for: it carries the position of the last row shown and a fingerprint of its scope (the list,
 * the account, the key mode and the filters). Used with any other scope it is not a cursor this
 * list returned, and is refused with 422 `validation_error` rather than answered
 * with a page of the caller's own data from some position.
 */

/** What a cursor is bound to; members left undefined are not part of it. */
export type CursorScope = Readonly<Record<string, string | number | boolean | undefined>>;

/** 422 for a cursor the list did not return for this scope (or one past its end). */
export function notACursor(): ApiError {
  return new ApiError(
    'validation_error',
    'cursor: not a cursor this list returned for this key and these filters; start again without one.',
  );
}

/** 16 base64url characters of SHA-256 over the scope's members, sorted by name. */
function fingerprintOf(scope: CursorScope): string {
  const members = Object.entries(scope)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url').slice(0, 16);
}

/** The cursor of the page after `position` (which must not end in a fingerprint-like `.part`). */
export function encodeCursor(position: string, scope: CursorScope): string {
  return Buffer.from(`${position}.${fingerprintOf(scope)}`).toString('base64url');
}

/** The position a cursor of `scope` carries, when it matches `shape`; otherwise 422. */
export function decodeCursor(cursor: string, scope: CursorScope, shape: RegExp): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const dot = text.lastIndexOf('.');
  const position = text.slice(0, dot);
  if (dot < 0 || text.slice(dot + 1) !== fingerprintOf(scope) || !shape.test(position)) throw notACursor();
  return position;
}

export interface Page<R> {
  rows: R[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * A page from `rows`, read with one row more than `limit` to tell whether another page exists;
 * `next_cursor` names the last row shown, in `scope`.
 */
export function pageOf<R>(
  rows: readonly R[],
  limit: number,
  scope: CursorScope,
  positionOf: (row: R) => string,
): Page<R> {
  const shown = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    rows: shown,
    next_cursor: hasMore ? encodeCursor(positionOf(shown[shown.length - 1]), scope) : null,
    has_more: hasMore,
  };
}
