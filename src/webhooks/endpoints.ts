import { type Clock, createdAfter } from '../clock.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import type { Stores } from '../store/stores.js';
import type { EndpointRow, Owner, WebhookStore } from '../store/webhooks.js';
import { iso } from '../validation/answer.js';
import { EVENT_TYPES, type EventType } from './events.js';
import { generateSigningSecret } from './sign.js';
import { checkWebhookUrl, type TargetPolicy } from './target-guard.js';

/**
 * Webhook endpoints: up to ten per account and key mode, each with its URL, its own signing
 * secret and the event kinds it subscribes to (`["*"]`: every kind, those added later included).
 * An endpoint given `expires_in` is temporary: from its `expires_at` on it is treated as removed
 * everywhere (lists, deliveries, the limit), and a recurring sweep deletes its row. `webhooks
 * listen` keeps its own endpoint alive that way, so one left by a CLI that died goes by itself.
 */

export const MAX_ENDPOINTS_PER_MODE = 10;
/**
 * How long after a rotation deliveries are still signed with the secret it replaced, besides the
 * new one (Standard Webhooks allows several signatures): receivers keep verifying with the old
 * secret until they have the new one. Fixed, and documented as a day.
 */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const EVERY_EVENT = '*';
/** The longest `description` of an endpoint, in characters. */
export const DESCRIPTION_MAX_LENGTH = 256;
/** Bounds of `expires_in`, in seconds: a lease the caller renews, up to a day. */
export const EXPIRES_IN_MIN_S = 30;
export const EXPIRES_IN_MAX_S = 86_400;

export interface EndpointView {
  id: string;
  url: string;
  enabled: boolean;
  events: string[];
  description: string | null;
  /** Only when the endpoint is created and when its secret is rotated. */
  signing_secret?: string;
  created_at: string;
  expires_at: string | null;
}

export interface EndpointDeps {
  stores: Stores;
  clock: Clock;
  policy: TargetPolicy;
}

export interface EndpointFields {
  url: string;
  events?: readonly string[];
  description?: string | null;
  enabled?: boolean;
  expires_in?: number;
}

export interface EndpointChanges {
  url?: string;
  events?: readonly string[];
  description?: string | null;
  enabled?: boolean;
  rotate_secret?: boolean;
  expires_in?: number | null;
}

export function endpointView(row: EndpointRow, withSecret = false): EndpointView {
  return {
    id: row.id,
    url: row.url,
    enabled: row.enabled === 1,
    events: eventsOf(row),
    description: row.description,
    ...(withSecret ? { signing_secret: row.signing_secret } : {}),
    created_at: iso(row.created_at),
    expires_at: row.expires_at === null ? null : iso(row.expires_at),
  };
}

/**
 * A new signing secret for the endpoint: the one it replaces keeps signing as well for
 * SECRET_OVERLAP_MS; the secret it replaced in turn, if still signing, is dropped.
 */
export function rotatedSecret(
  row: EndpointRow,
  now: number,
): Pick<EndpointRow, 'signing_secret' | 'previous_signing_secret' | 'previous_secret_expires_at'> {
  return {
    signing_secret: generateSigningSecret(),
    previous_signing_secret: row.signing_secret,
    previous_secret_expires_at: now + SECRET_OVERLAP_MS,
  };
}

/** The secrets an attempt at `now` is signed with: the current one, then the previous one until it expires. */
export function signingSecrets(row: EndpointRow, now: number): string[] {
  const previous = row.previous_signing_secret;
  const expiresAt = row.previous_secret_expires_at;
  return previous !== null && expiresAt !== null && expiresAt > now
    ? [row.signing_secret, previous]
    : [row.signing_secret];
}

export function eventsOf(row: EndpointRow): string[] {
  return JSON.parse(row.events) as string[];
}

export function subscribes(row: EndpointRow, kind: string): boolean {
  const events = eventsOf(row);
  return events.includes(EVERY_EVENT) || events.includes(kind);
}

/**
 * The subscription as sent: `["*"]`, or kinds of EVENT_TYPES (repeats dropped, order kept).
 * Anything else is 422 naming the kinds it does not know.
 */
export function parseEvents(events: readonly string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.includes(EVERY_EVENT)) {
    if (unique.length > 1) {
      throw new ApiError(
        'validation_error',
        'events: "*" stands for every kind and cannot be listed with others; send ["*"] alone.',
      );
    }
    return unique;
  }
  const unknown = unique.filter((kind) => !isEventType(kind));
  if (unknown.length > 0) throw unknownKinds('events', unknown, ', or ["*"] for every kind');
  return unique;
}

export function isEventType(kind: string): kind is EventType {
  return (EVENT_TYPES as readonly string[]).includes(kind);
}

/** 422 naming the kinds of `field` that are not event kinds, and the kinds there are. */
export function unknownKinds(field: string, unknown: readonly string[], alternatives = ''): ApiError {
  const names = unknown.map((kind) => JSON.stringify(kind.slice(0, 64))).join(', ');
  return new ApiError(
    'validation_error',
    `${field}: unknown event ${unknown.length > 1 ? 'kinds' : 'kind'} ${names}; the kinds are ${EVENT_TYPES.join(', ')}${alternatives}.`,
  );
}

/** The URL as stored, or 422 when the target guard refuses it. */
export async function checkedUrl(url: string, policy: TargetPolicy): Promise<string> {
  const check = await checkWebhookUrl(url, policy);
  if (!check.ok) throw new ApiError('validation_error', `url: ${check.message}`);
  return check.url.toString();
}

/**
 * The description as stored, or 422: no control or format character and no line or paragraph
 * separator (as a key's name), so a note is kept as sent on both databases (PostgreSQL text cannot
 * hold NUL) and shows as it reads. Empty stays allowed, as it always was.
 */
export function checkedDescription(description: string | null): string | null {
  if (description !== null && /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(description))
    throw new ApiError(
      'validation_error',
      'description: must have no control or format characters (NUL, line breaks, direction marks).',
    );
  return description;
}

function expiresAt(now: number, expiresIn: number | null | undefined): number | null {
  return expiresIn === undefined || expiresIn === null ? null : now + expiresIn * 1000;
}

/**
 * Adds an endpoint within the owner's limit. The count and the insert run in one transaction
 * under the owner's lock, so racing requests cannot make an eleventh.
 */
export async function addEndpoint(
  deps: EndpointDeps,
  owner: Owner,
  fields: EndpointFields,
): Promise<EndpointRow> {
  const url = await checkedUrl(fields.url, deps.policy);
  const events = parseEvents(fields.events ?? [EVERY_EVENT]);
  const description = checkedDescription(fields.description ?? null);
  return deps.stores.transaction(async (stores) => {
    await stores.webhooks.lockOwner(owner);
    const now = deps.clock.now();
    return insertWithinLimit(stores.webhooks, owner, { ...fields, url, events, description }, now);
  });
}

/** The insert of addEndpoint, for a caller that holds the owner's lock and checked the fields. */
export async function insertWithinLimit(
  webhooks: WebhookStore,
  owner: Owner,
  fields: EndpointFields & { events: readonly string[] },
  now: number,
): Promise<EndpointRow> {
  const existing = await webhooks.listEndpoints(owner, now);
  if (existing.length >= MAX_ENDPOINTS_PER_MODE) {
    throw new ApiError(
      'endpoint_limit_exceeded',
      `This key mode has ${existing.length} webhook endpoints, the most it may have; remove one (DELETE /v1/webhooks/endpoints/{id}) first.`,
    );
  }
  const row: EndpointRow = {
    id: newId('we'),
    account_id: owner.accountId,
    mode: owner.mode,
    url: fields.url,
    description: fields.description ?? null,
    events: JSON.stringify(fields.events),
    signing_secret: generateSigningSecret(),
    previous_signing_secret: null,
    previous_secret_expires_at: null,
    enabled: (fields.enabled ?? true) ? 1 : 0,
    expires_at: expiresAt(now, fields.expires_in),
    created_at: createdAfter(existing, now),
    updated_at: now,
  };
  await webhooks.insertEndpoint(row);
  return row;
}

export async function listEndpoints(deps: EndpointDeps, owner: Owner): Promise<EndpointView[]> {
  const rows = await deps.stores.webhooks.listEndpoints(owner, deps.clock.now());
  return rows.map((row) => endpointView(row));
}

export async function findEndpoint(deps: EndpointDeps, owner: Owner, id: string): Promise<EndpointRow> {
  const row = await deps.stores.webhooks.getEndpoint(owner, id, deps.clock.now());
  if (!row) throw notFound(id);
  return row;
}

/**
 * PATCH: the members sent change; `rotate_secret: true` makes a new secret, shown in the answer
 * (rotatedSecret). The fields are checked first; the row is read and written under the owner's
 * lock, so two rotations at once each replace the secret the other left.
 */
export async function changeEndpoint(
  deps: EndpointDeps,
  owner: Owner,
  id: string,
  patch: EndpointChanges,
): Promise<EndpointView> {
  await findEndpoint(deps, owner, id);
  const checked: Partial<EndpointRow> = {};
  if (patch.url !== undefined) checked.url = await checkedUrl(patch.url, deps.policy);
  if (patch.events !== undefined) checked.events = JSON.stringify(parseEvents(patch.events));
  if (patch.description !== undefined) checked.description = checkedDescription(patch.description);
  if (patch.enabled !== undefined) checked.enabled = patch.enabled ? 1 : 0;
  const changed = await deps.stores.transaction(async (stores) => {
    await stores.webhooks.lockOwner(owner);
    const now = deps.clock.now();
    const row = await stores.webhooks.getEndpoint(owner, id, now);
    if (!row) return undefined;
    const changes: Partial<EndpointRow> = { ...checked, updated_at: now };
    if (patch.rotate_secret) Object.assign(changes, rotatedSecret(row, now));
    if (patch.expires_in !== undefined) changes.expires_at = expiresAt(now, patch.expires_in);
    await stores.webhooks.updateEndpoint(row.id, changes);
    return { ...row, ...changes };
  });
  if (!changed) throw notFound(id);
  return endpointView(changed, patch.rotate_secret === true);
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook endpoint '${id.slice(0, 64)}' in this key mode.`);
}

export async function removeEndpoint(deps: EndpointDeps, owner: Owner, id: string): Promise<void> {
  if (!(await deps.stores.webhooks.deleteEndpoint(owner, id, deps.clock.now()))) throw notFound(id);
}

/**
 * The one rule for "an event has somewhere to go" (decisions section 6, now per endpoint): each
 * kind needs an enabled endpoint of the owner's mode subscribed to it. Asynchronous requests need
 * it for the events they end with, the test event and triggered samples for theirs; otherwise 400
 * `webhook_not_configured`, saying what is missing. Returns the enabled endpoints subscribed to
 * any of the kinds, oldest first.
 */
export async function requireSubscribers(
  webhooks: WebhookStore,
  owner: Owner,
  kinds: readonly string[],
  now: number,
): Promise<EndpointRow[]> {
  const endpoints = await webhooks.listEndpoints(owner, now);
  if (endpoints.length === 0) throw new ApiError('webhook_not_configured');
  const enabled = endpoints.filter((endpoint) => endpoint.enabled === 1);
  const missing = kinds.filter((kind) => !enabled.some((endpoint) => subscribes(endpoint, kind)));
  if (missing.length > 0) {
    const names = missing.join(' and ');
    const disabledOnly = missing.every((kind) => endpoints.some((endpoint) => subscribes(endpoint, kind)));
    throw new ApiError(
      'webhook_not_configured',
      disabledOnly
        ? `Every webhook endpoint of this key mode that subscribes to ${names} is disabled; enable one (PUT /v1/webhooks/config for the first, PATCH /v1/webhooks/endpoints/{id} for any).`
        : `No enabled webhook endpoint of this key mode subscribes to ${names}; add it to an endpoint's events (PATCH /v1/webhooks/endpoints/{id}) or add an endpoint (POST /v1/webhooks/endpoints).`,
    );
  }
  return enabled.filter((endpoint) => kinds.some((kind) => subscribes(endpoint, kind)));
}

/**
 * The recurring `webhooks.sweep`: deletes the rows of temporary endpoints past their expiry and
 * forgets previous secrets past theirs (signing ignores both already); returns how many rows changed.
 */
export async function sweepWebhookEndpoints(webhooks: WebhookStore, now: number): Promise<number> {
  return (await webhooks.deleteExpiredEndpoints(now)) + (await webhooks.forgetExpiredSecrets(now));
}
