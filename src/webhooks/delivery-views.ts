import { decodeCursor, pageOf } from '../cursors.js';
import { ApiError } from '../errors.js';
import { type DeliveryRow, type Owner, SEQ_SHAPE, type WebhookStore } from '../store/webhooks.js';
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
  const filters = { status: query.status, event: query.event, endpointId: query.endpoint_id };
  // A cursor pages on only the list, account, key mode and filters it was made for.
  const scope = { list: 'deliveries', ...owner, ...filters };
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, scope, SEQ_SHAPE);
  const rows = await webhooks.listDeliveries(owner, { limit: query.limit, before, ...filters });
  const { rows: shown, ...more } = pageOf(rows, query.limit, scope, (row) => row.seq);
  return { data: shown.map(deliverySummary), ...more };
}
