import type { Clock } from '../clock.js';
import { iso } from '../domain/answers.js';
import { ApiError } from '../domain/errors.js';
import type { Executor } from '../store/db.js';
import { deleteWebhook, getWebhook, upsertWebhook, type WebhookConfig } from '../store/webhooks.js';
import { generateSigningSecret } from './sign.js';
import { checkWebhookUrl, type TargetPolicy } from './target-guard.js';

export interface WebhookConfigView {
  url: string;
  signing_secret: string;
  enabled: boolean;
  created_at: string;
}

function view(row: WebhookConfig): WebhookConfigView {
  return {
    url: row.url,
    signing_secret: row.signing_secret,
    enabled: row.enabled === 1,
    created_at: iso(row.created_at),
  };
}

/**
 * PUT /v1/webhooks/config (spec 4.7, decisions sections 6 and 7): HTTPS only, and no target that
 * resolves to a private, loopback, link-local or reserved address (422). The first creation makes
 * the secret; updates keep it and `created_at` unless `rotate_secret` is true.
 */
export async function putWebhookConfig(
  db: Executor,
  clock: Clock,
  policy: TargetPolicy,
  accountId: string,
  body: { url: string; enabled?: boolean; rotate_secret?: boolean },
): Promise<WebhookConfigView> {
  const check = await checkWebhookUrl(body.url, policy);
  if (!check.ok) throw new ApiError('validation_error', `url: ${check.message}`);
  const now = clock.now();
  const existing = await getWebhook(db, accountId);
  const row: WebhookConfig = {
    account_id: accountId,
    url: check.url.toString(),
    signing_secret: !existing || body.rotate_secret ? generateSigningSecret() : existing.signing_secret,
    enabled: (body.enabled ?? true) ? 1 : 0,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  await upsertWebhook(db, row);
  return view(row);
}

export async function readWebhookConfig(db: Executor, accountId: string): Promise<WebhookConfigView> {
  const row = await getWebhook(db, accountId);
  if (!row) throw new ApiError('not_found', 'No webhook is configured for this account.');
  return view(row);
}

export async function removeWebhookConfig(db: Executor, accountId: string): Promise<void> {
  if (!(await deleteWebhook(db, accountId)))
    throw new ApiError('not_found', 'No webhook is configured for this account.');
}

export async function requireWebhookConfig(db: Executor, accountId: string): Promise<void> {
  if (!(await getWebhook(db, accountId))) throw new ApiError('webhook_not_configured');
}
