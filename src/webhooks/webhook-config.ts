import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { Owner, WebhookRow, WebhookStore } from '../store/webhooks.js';
import { iso } from '../validation/answer.js';
import { generateSigningSecret } from './sign.js';
import { checkWebhookUrl, type TargetPolicy } from './target-guard.js';

/** The webhook configuration of one account and key mode (spec 4.7, decisions sections 6 and 7). */

export interface WebhookConfigView {
  url: string;
  signing_secret: string;
  enabled: boolean;
  created_at: string;
}

function view(row: WebhookRow): WebhookConfigView {
  return {
    url: row.url,
    signing_secret: row.signing_secret,
    enabled: row.enabled === 1,
    created_at: iso(row.created_at),
  };
}

/**
 * The one rule for "a webhook is configured" (decisions section 6): it exists and is enabled.
 * Asynchronous validation and test events need one; a disabled webhook counts as none.
 */
export async function requireWebhook(webhooks: WebhookStore, owner: Owner): Promise<WebhookRow> {
  const webhook = await webhooks.getConfig(owner);
  if (!webhook) throw new ApiError('webhook_not_configured');
  if (!webhook.enabled)
    throw new ApiError(
      'webhook_not_configured',
      'The webhook is disabled; enable it with PUT /v1/webhooks/config.',
    );
  return webhook;
}

/**
 * PUT /v1/webhooks/config: HTTPS only, and no target that resolves to a private, loopback,
 * link-local or reserved address (422). The first creation makes the secret; updates keep it and
 * `created_at` unless `rotate_secret` is true.
 */
export async function putWebhookConfig(
  deps: { webhooks: WebhookStore; clock: Clock; policy: TargetPolicy },
  owner: Owner,
  body: { url: string; enabled?: boolean; rotate_secret?: boolean },
): Promise<WebhookConfigView> {
  const check = await checkWebhookUrl(body.url, deps.policy);
  if (!check.ok) throw new ApiError('validation_error', `url: ${check.message}`);
  const now = deps.clock.now();
  const existing = await deps.webhooks.getConfig(owner);
  const row: WebhookRow = {
    account_id: owner.accountId,
    mode: owner.mode,
    url: check.url.toString(),
    signing_secret: !existing || body.rotate_secret ? generateSigningSecret() : existing.signing_secret,
    enabled: (body.enabled ?? true) ? 1 : 0,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  await deps.webhooks.putConfig(row);
  return view(row);
}

export async function readWebhookConfig(webhooks: WebhookStore, owner: Owner): Promise<WebhookConfigView> {
  const row = await webhooks.getConfig(owner);
  if (!row) throw new ApiError('not_found', 'No webhook is configured for this account.');
  return view(row);
}

export async function removeWebhookConfig(webhooks: WebhookStore, owner: Owner): Promise<void> {
  if (!(await webhooks.deleteConfig(owner)))
    throw new ApiError('not_found', 'No webhook is configured for this account.');
}
