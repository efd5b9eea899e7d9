import { iso } from '../domain/answers.js';
import { ApiError } from '../domain/errors.js';
import type { Executor } from '../store/db.js';
import { type DeliveryRow, getDelivery, getEvent, listAttempts, listDeliveries } from '../store/webhooks.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** A delivery as the API shows it (decisions section 7). */
export function deliverySummary(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    event: row.event_type,
    status: row.status,
    url: row.url,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    next_attempt_at: row.status === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    created_at: iso(row.created_at),
    delivered_at: isoOrNull(row.delivered_at),
    failure_reason: row.failure_reason,
    replay_of: row.replay_of,
  };
}

export async function deliveryDetail(db: Executor, row: DeliveryRow) {
  const [event, attempts] = await Promise.all([getEvent(db, row.event_id), listAttempts(db, row.id)]);
  return {
    ...deliverySummary(row),
    payload: event?.payload ?? '',
    request_headers: row.request_headers ? (JSON.parse(row.request_headers) as Record<string, string>) : null,
    attempt_log: attempts.map((attempt) => ({
      at: iso(attempt.at),
      status_code: attempt.status_code,
      duration_ms: attempt.duration_ms,
      response_body: attempt.response_body,
      error: attempt.error,
    })),
  };
}

export async function findDelivery(db: Executor, accountId: string, id: string): Promise<DeliveryRow> {
  const row = await getDelivery(db, accountId, id);
  if (!row) throw new ApiError('not_found', `No delivery '${id.slice(0, 64)}' for this account.`);
  return row;
}

/** The cursor is opaque to callers: base64url of the last row's sort key. */
function decodeCursor(cursor: string): string {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{15}-[0-9a-f]{12}$/.test(seq))
    throw new ApiError('validation_error', 'cursor: not a cursor this API returned.');
  return seq;
}

export async function pageOfDeliveries(
  db: Executor,
  accountId: string,
  query: { limit: number; cursor?: string; status?: string; event?: string },
) {
  const rows = await listDeliveries(db, {
    accountId,
    limit: query.limit,
    before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    status: query.status,
    event: query.event,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    data: page.map(deliverySummary),
    next_cursor: hasMore ? Buffer.from(page[page.length - 1].seq).toString('base64url') : null,
    has_more: hasMore,
  };
}
