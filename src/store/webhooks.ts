import type { ExpressionBuilder } from 'kysely';
import { lockAccountRow } from './accounts.js';
import type { DialectName, Executor } from './database.js';
import type {
  DeliveriesTable,
  DeliveryAttemptsTable,
  EventsTable,
  KeyMode,
  Tables,
  WebhookEndpointsTable,
} from './tables.js';

/**
 * Webhook endpoints, events, deliveries and their attempts, each per account and key mode
 * (decisions section 7: a test key never reaches the live endpoints or their deliveries).
 */

export type EndpointRow = WebhookEndpointsTable;
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
  endpointId?: string;
}

export interface WebhookStore {
  /**
   * Holds the owner's account row until the transaction ends (PostgreSQL; SQLite runs one write
   * transaction at a time), so racing creations cannot pass the endpoint limit together.
   */
  lockOwner(owner: Owner): Promise<void>;
  /** The owner's endpoints not expired at `now`, oldest first. */
  listEndpoints(owner: Owner, now: number): Promise<EndpointRow[]>;
  getEndpoint(owner: Owner, id: string, now: number): Promise<EndpointRow | undefined>;
  /** Any endpoint by id, unless expired at `now` (the worker's view). */
  getEndpointById(id: string, now: number): Promise<EndpointRow | undefined>;
  insertEndpoint(row: EndpointRow): Promise<void>;
  updateEndpoint(id: string, changes: Partial<EndpointRow>): Promise<void>;
  /** Removes the owner's endpoint unless it had expired already; false when there was none. */
  deleteEndpoint(owner: Owner, id: string, now: number): Promise<boolean>;
  /** Removes endpoints expired before `now`; returns how many. */
  deleteExpiredEndpoints(now: number): Promise<number>;
  /** Clears previous signing secrets whose overlap ended before `now`; returns how many. */
  forgetExpiredSecrets(now: number): Promise<number>;
  /** Every account with an endpoint in `mode` not expired at `now`: where an event for all accounts goes. */
  ownersWithEndpoints(mode: KeyMode, now: number): Promise<Owner[]>;
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
 * The shape of a delivery's `seq` (`timeOrderedKey` of its creation), as a list cursor carries it.
 * Newest first means `seq < cursor` for the next page: deliveries created meanwhile sort above the
 * first page and never shift later pages (no gaps, no repeats).
 */
export const SEQ_SHAPE = /^\d{15}-[0-9a-f]{12}$/;

/** Endpoints that have not expired by `now`: an expired one counts as removed, swept or not. */
function notExpired(now: number) {
  return (eb: ExpressionBuilder<Tables, 'webhook_endpoints'>) =>
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]);
}

export class KyselyWebhookStore implements WebhookStore {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  lockOwner({ accountId }: Owner): Promise<void> {
    return lockAccountRow(this.db, this.dialect, accountId);
  }

  async ownersWithEndpoints(mode: KeyMode, now: number): Promise<Owner[]> {
    const rows = await this.endpoints(now)
      .clearSelect()
      .select('account_id')
      .distinct()
      .where('mode', '=', mode)
      .orderBy('account_id')
      .execute();
    return rows.map((row) => ({ accountId: row.account_id, mode }));
  }

  private endpoints(now: number) {
    return this.db.selectFrom('webhook_endpoints').selectAll().where(notExpired(now));
  }

  listEndpoints({ accountId, mode }: Owner, now: number): Promise<EndpointRow[]> {
    return this.endpoints(now)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  getEndpoint({ accountId, mode }: Owner, id: string, now: number): Promise<EndpointRow | undefined> {
    return this.endpoints(now)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .executeTakeFirst();
  }

  getEndpointById(id: string, now: number): Promise<EndpointRow | undefined> {
    return this.endpoints(now).where('id', '=', id).executeTakeFirst();
  }

  async insertEndpoint(row: EndpointRow): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  async updateEndpoint(id: string, changes: Partial<EndpointRow>): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
  }

  async deleteEndpoint({ accountId, mode }: Owner, id: string, now: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhook_endpoints')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .where(notExpired(now))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteExpiredEndpoints(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_endpoints')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async forgetExpiredSecrets(now: number): Promise<number> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ previous_signing_secret: null, previous_secret_expires_at: null })
      .where('previous_secret_expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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
    if (filter.endpointId) query = query.where('endpoint_id', '=', filter.endpointId);
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
