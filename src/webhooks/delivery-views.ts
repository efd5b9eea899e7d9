import { ApiError } from '../errors.js';
import type { DeliveryRow, Owner, WebhookStore } from '../store/webhooks.js';
import { iso } from '../validation/answer.js';

/** Deliveries as the API shows them (decisions section 7). */

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** Shown for an attempt whose outcome was never recorded. */
const INTERRUPTED =
  'No outcome was recorded: the attempt was cut short (the process stopped while sending) or is still running.';

export function deliverySummary(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    event: row.event_type,
    endpoint_id: row.endpoint_id,
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

export async function deliveryDetail(webhooks: WebhookStore, row: DeliveryRow) {
  const [event, attempts] = await Promise.all([
    webhooks.getEvent(row.event_id),
    webhooks.listAttempts(row.id),
  ]);
  return {
    ...deliverySummary(row),
    payload: event?.payload ?? '',
    request_headers: row.request_headers ? (JSON.parse(row.request_headers) as Record<string, string>) : null,
    attempt_log: attempts.map((attempt) => ({
      at: iso(attempt.at),
      status_code: attempt.status_code,
      duration_ms: attempt.duration_ms,
      response_body: attempt.response_body,
      error: attempt.finished_at === null ? INTERRUPTED : attempt.error,
    })),
  };
}

export async function findDelivery(webhooks: WebhookStore, owner: Owner, id: string): Promise<DeliveryRow> {
  const row = await webhooks.getDelivery(owner, id);
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
  webhooks: WebhookStore,
  owner: Owner,
  query: {
    limit: number;
    cursor?: string;
    status?: DeliveryRow['status'];
    event?: string;
    endpoint_id?: string;
  },
) {
  const rows = await webhooks.listDeliveries(owner, {
    limit: query.limit,
    before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    status: query.status,
    event: query.event,
    endpointId: query.endpoint_id,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    data: page.map(deliverySummary),
    next_cursor: hasMore ? Buffer.from(page[page.length - 1].seq).toString('base64url') : null,
    has_more: hasMore,
  };
}
