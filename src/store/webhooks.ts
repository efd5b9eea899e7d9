import { randomBytes } from 'node:crypto';
import type { Executor } from './db.js';
import type { DeliveriesTable, DeliveryAttemptsTable, EventsTable, WebhooksTable } from './tables.js';

export type WebhookConfig = WebhooksTable;
export type EventRow = EventsTable;
export type DeliveryRow = DeliveriesTable;
export type AttemptRow = DeliveryAttemptsTable;

export async function getWebhook(db: Executor, accountId: string): Promise<WebhookConfig | undefined> {
  return db.selectFrom('webhooks').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function upsertWebhook(db: Executor, row: WebhookConfig): Promise<void> {
  await db
    .insertInto('webhooks')
    .values(row)
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({
        url: row.url,
        enabled: row.enabled,
        signing_secret: row.signing_secret,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteWebhook(db: Executor, accountId: string): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertEvent(db: Executor, event: EventRow): Promise<void> {
  await db.insertInto('events').values(event).execute();
}

export async function getEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Pagination key: creation time, zero-padded, then random, so it sorts by time and is unique.
 * Newest first means `seq < cursor` for the next page: deliveries created meanwhile sort above the
 * first page and never shift later pages (no gaps, no repeats).
 */
export function deliverySeq(now: number): string {
  return `${String(now).padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
}

export async function insertDelivery(db: Executor, delivery: DeliveryRow): Promise<void> {
  await db.insertInto('deliveries').values(delivery).execute();
}

export async function getDelivery(
  db: Executor,
  accountId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export async function getDeliveryById(db: Executor, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateDelivery(db: Executor, id: string, changes: Partial<DeliveryRow>): Promise<void> {
  await db.updateTable('deliveries').set(changes).where('id', '=', id).execute();
}

export interface DeliveryFilter {
  accountId: string;
  limit: number;
  before?: string;
  status?: string;
  event?: string;
}

/** Newest first; one row more than `limit` tells whether another page exists. */
export async function listDeliveries(db: Executor, filter: DeliveryFilter): Promise<DeliveryRow[]> {
  let query = db
    .selectFrom('deliveries')
    .selectAll()
    .where('account_id', '=', filter.accountId)
    .orderBy('seq', 'desc')
    .limit(filter.limit + 1);
  if (filter.before) query = query.where('seq', '<', filter.before);
  if (filter.status) query = query.where('status', '=', filter.status as DeliveryRow['status']);
  if (filter.event) query = query.where('event_type', '=', filter.event);
  return query.execute();
}

export async function insertAttempt(db: Executor, attempt: AttemptRow): Promise<void> {
  await db.insertInto('delivery_attempts').values(attempt).execute();
}

export async function listAttempts(db: Executor, deliveryId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('delivery_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
