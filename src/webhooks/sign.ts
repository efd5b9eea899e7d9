import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (decisions 6): the secret is `whsec_` + base64 of 32 random bytes, the
 * signature is `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the decoded secret.
 * Same algorithm as standard-webhooks' `libraries/javascript/src/index.ts`; tests verify our
 * deliveries with that package, never with this file.
 */

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export const WEBHOOK_USER_AGENT = 'vat-service-webhooks/1';

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  if (!Number.isSafeInteger(timestampSeconds)) {
    throw new RangeError(`webhook timestamp must be whole Unix seconds, got ${timestampSeconds}`);
  }
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new RangeError('webhook signing secret is empty');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers of one attempt. With several secrets (an endpoint whose secret was rotated lately),
 * `webhook-signature` holds one signature per secret, separated by spaces, in the order given;
 * a receiver accepts the delivery when any of them verifies with its secret.
 */
export function webhookHeaders(
  secrets: string | readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) =>
    signWebhook(secret, id, timestampSeconds, body),
  );
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
    'user-agent': WEBHOOK_USER_AGENT,
  };
}
