import { ApiError } from '../errors.js';
import type { EndpointRow, Owner } from '../store/webhooks.js';
import { iso } from '../validation/answer.js';
import { checkedUrl, type EndpointDeps, EVERY_EVENT, insertWithinLimit, rotatedSecret } from './endpoints.js';

/**
 * The webhook configuration of one account and key mode (spec 4.7, decisions sections 6 and 7),
 * kept as it was before there were several endpoints: it is the mode's first endpoint, the oldest
 * one that is not temporary. The one PUT creates subscribes to every kind (`["*"]`); PUT never
 * changes an endpoint's subscription.
 */

export interface WebhookConfigView {
  url: string;
  signing_secret: string;
  enabled: boolean;
  created_at: string;
}

function view(row: EndpointRow): WebhookConfigView {
  return {
    url: row.url,
    signing_secret: row.signing_secret,
    enabled: row.enabled === 1,
    created_at: iso(row.created_at),
  };
}

/** The mode's first endpoint: the oldest that is not temporary (a listener's never stands in for it). */
function firstOf(endpoints: readonly EndpointRow[]): EndpointRow | undefined {
  return endpoints.find((endpoint) => endpoint.expires_at === null);
}

async function firstEndpoint(deps: EndpointDeps, owner: Owner): Promise<EndpointRow | undefined> {
  return firstOf(await deps.stores.webhooks.listEndpoints(owner, deps.clock.now()));
}

const NONE = 'No webhook is configured for this account.';

/**
 * PUT /v1/webhooks/config: HTTPS only, and no target that resolves to a private, loopback,
 * link-local or reserved address (422). Creating makes the secret; updates keep it and
 * `created_at` unless `rotate_secret` is true (rotatedSecret: the old one signs too for a day).
 * Under the owner's lock, so racing first PUTs make one endpoint, not two.
 */
export async function putWebhookConfig(
  deps: EndpointDeps,
  owner: Owner,
  body: { url: string; enabled?: boolean; rotate_secret?: boolean },
): Promise<WebhookConfigView> {
  const url = await checkedUrl(body.url, deps.policy);
  const row = await deps.stores.transaction(async (stores) => {
    await stores.webhooks.lockOwner(owner);
    const now = deps.clock.now();
    const existing = firstOf(await stores.webhooks.listEndpoints(owner, now));
    if (!existing) {
      const fields = { url, enabled: body.enabled, events: [EVERY_EVENT] };
      return insertWithinLimit(stores.webhooks, owner, fields, now);
    }
    const changes = {
      url,
      enabled: (body.enabled ?? true) ? 1 : 0,
      ...(body.rotate_secret ? rotatedSecret(existing, now) : {}),
      updated_at: now,
    };
    await stores.webhooks.updateEndpoint(existing.id, changes);
    return { ...existing, ...changes };
  });
  return view(row);
}

export async function readWebhookConfig(deps: EndpointDeps, owner: Owner): Promise<WebhookConfigView> {
  const row = await firstEndpoint(deps, owner);
  if (!row) throw new ApiError('not_found', NONE);
  return view(row);
}

export async function removeWebhookConfig(deps: EndpointDeps, owner: Owner): Promise<void> {
  const row = await firstEndpoint(deps, owner);
  if (!row || !(await deps.stores.webhooks.deleteEndpoint(owner, row.id, deps.clock.now())))
    throw new ApiError('not_found', NONE);
}
