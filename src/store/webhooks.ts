import { randomBytes } from 'node:crypto';
import type { Executor } from './database.js';
import type {
  DeliveriesTable,
  DeliveryAttemptsTable,
  EventsTable,
  KeyMode,
  WebhooksTable,
} from './tables.js';

/**
 * Webhook configuration, events, deliveries and their attempts, each per account and key mode
 * (decisions section 7: a test key never reaches the live configuration or its deliveries).
 */

export type WebhookRow = WebhooksTable;
export type EventRow = EventsTable;
export type DeliveryRow = DeliveriesTable;
export type AttemptRow = DeliveryAttemptsTable;

/** Whose webhook: one account in one mode. */
export interface Owner {
  accountId: string;
  mode: KeyMode;
}

export interface DeliveryFilter {
  limit: number;
  /** The sort key of the last row of the previous page. */
  before?: string;
  status?: DeliveryRow['status'];
  event?: string;
}

export interface WebhookStore {
  getConfig(owner: Owner): Promise<WebhookRow | undefined>;
  /** Every account with an enabled webhook in `mode`: where an event for all accounts goes. */
  ownersWithWebhook(mode: KeyMode): Promise<Owner[]>;
  putConfig(row: WebhookRow): Promise<void>;
  deleteConfig(owner: Owner): Promise<boolean>;
  insertEvent(event: EventRow): Promise<void>;
  getEvent(id: string): Promise<EventRow | undefined>;
  insertDelivery(delivery: DeliveryRow): Promise<void>;
  /** The owner's delivery with this id. */
  getDelivery(owner: Owner, id: string): Promise<DeliveryRow | undefined>;
  /** Any delivery by id (the worker's view). */
  getDeliveryById(id: string): Promise<DeliveryRow | undefined>;
  updateDelivery(id: string, changes: Partial<DeliveryRow>): Promise<void>;
  /** Newest first; one row more than `limit` tells whether another page exists. */
  listDeliveries(owner: Owner, filter: DeliveryFilter): Promise<DeliveryRow[]>;
  insertAttempt(attempt: AttemptRow): Promise<void>;
  finishAttempt(
    id: string,
    outcome: Pick<AttemptRow, 'finished_at' | 'status_code' | 'duration_ms' | 'response_body' | 'error'>,
  ): Promise<void>;
  listAttempts(deliveryId: string): Promise<AttemptRow[]>;
}

/**
 * Pagination key: creation time, zero-padded, then random, so it sorts by time and is unique.
 * Newest first means `seq < cursor` for the next page: deliveries created meanwhile sort above the
 * first page and never shift later pages (no gaps, no repeats).
 */
export function deliverySeq(now: number): string {
  return `${String(now).padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
}

export class KyselyWebhookStore implements WebhookStore {
  constructor(private readonly db: Executor) {}

  getConfig({ accountId, mode }: Owner): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirst();
  }

  async ownersWithWebhook(mode: KeyMode): Promise<Owner[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .select('account_id')
      .where('mode', '=', mode)
      .where('enabled', '=', 1)
      .orderBy('account_id')
      .execute();
    return rows.map((row) => ({ accountId: row.account_id, mode }));
  }

  async putConfig(row: WebhookRow): Promise<void> {
    await this.db
      .insertInto('webhooks')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['account_id', 'mode']).doUpdateSet({
          url: row.url,
          enabled: row.enabled,
          signing_secret: row.signing_secret,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async deleteConfig({ accountId, mode }: Owner): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhooks')
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertEvent(event: EventRow): Promise<void> {
    await this.db.insertInto('events').values(event).execute();
  }

  getEvent(id: string): Promise<EventRow | undefined> {
    return this.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertDelivery(delivery: DeliveryRow): Promise<void> {
    await this.db.insertInto('deliveries').values(delivery).execute();
  }

  getDelivery({ accountId, mode }: Owner, id: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirst();
  }

  getDeliveryById(id: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateDelivery(id: string, changes: Partial<DeliveryRow>): Promise<void> {
    await this.db.updateTable('deliveries').set(changes).where('id', '=', id).execute();
  }

  listDeliveries({ accountId, mode }: Owner, filter: DeliveryFilter): Promise<DeliveryRow[]> {
    let query = this.db
      .selectFrom('deliveries')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .orderBy('seq', 'desc')
      .limit(filter.limit + 1);
    if (filter.before) query = query.where('seq', '<', filter.before);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.event) query = query.where('event_type', '=', filter.event);
    return query.execute();
  }

  async insertAttempt(attempt: AttemptRow): Promise<void> {
    await this.db.insertInto('delivery_attempts').values(attempt).execute();
  }

  async finishAttempt(
    id: string,
    outcome: Pick<AttemptRow, 'finished_at' | 'status_code' | 'duration_ms' | 'response_body' | 'error'>,
  ): Promise<void> {
    await this.db.updateTable('delivery_attempts').set(outcome).where('id', '=', id).execute();
  }

  listAttempts(deliveryId: string): Promise<AttemptRow[]> {
    return this.db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }
}
