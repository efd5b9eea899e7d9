import { VatServiceError, WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

/**
 * Verification of the service's webhooks as Standard Webhooks specifies them, with WebCrypto only
 * (Node.js, Deno, Bun, browsers): HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`,
 * keyed with the base64 part of the `whsec_…` secret; `webhook-signature` holds one or more
 * `v1,<base64>` signatures separated by spaces (several while a secret is rotated), and one must
 * match; the timestamp must be within the tolerance of this clock, so an old delivery cannot be
 * replayed.
 */

/** Headers as `fetch` (a Headers) or Node.js (`req.headers`) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Largest difference between the delivery's timestamp and this clock, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** This clock, in milliseconds (for tests). Default `Date.now`. */
  now?: () => number;
}

type Subtle = NonNullable<typeof globalThis.crypto>['subtle'];
type HmacKey = Awaited<ReturnType<Subtle['importKey']>>;

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

/**
 * The event, once its signature and timestamp verify against the raw body exactly as received
 * (a string, or its bytes); else a WebhookVerificationError saying why.
 */
export async function verifyWebhook(
  body: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d{1,15}$/.test(timestamp))
    refuse(`webhook-timestamp '${timestamp.slice(0, 20)}' is not Unix seconds.`);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = (options.now ?? Date.now)() / 1000 - Number(timestamp);
  if (age > tolerance) refuse(`The delivery was signed ${Math.round(age)} s ago, more than ${tolerance} s.`);
  if (age < -tolerance)
    refuse(`The delivery is signed ${Math.round(-age)} s in the future, more than ${tolerance} s.`);

  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body);
  const key = await hmacKey(secret);
  const signed = concat(new TextEncoder().encode(`${id}.${timestamp}.`), bytes);
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',', 2);
    const mac = version === 'v1' && signature ? base64Bytes(signature) : undefined;
    if (mac && (await subtle().verify('HMAC', key, mac, signed))) return eventOf(bytes);
  }
  return refuse('No signature in webhook-signature matches the body and the secret.');
}

async function hmacKey(secret: string): Promise<HmacKey> {
  const raw = base64Bytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (!raw || raw.length === 0)
    throw new VatServiceError({
      code: 'invalid_options',
      message: 'The signing secret must be the `whsec_…` value the service showed (base64 after the prefix).',
    });
  return subtle().importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

function subtle(): Subtle {
  const found = globalThis.crypto?.subtle;
  if (!found)
    throw new VatServiceError({
      code: 'invalid_options',
      message:
        'Verifying webhooks needs WebCrypto (globalThis.crypto.subtle): Node.js 19+, Deno, Bun or a browser.',
    });
  return found;
}

function header(headers: WebhookHeaders, name: string): string {
  const value =
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get(name)
      : Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const text = Array.isArray(value) ? value.join(' ') : value;
  if (!text) refuse(`The ${name} header is missing.`);
  return text;
}

function eventOf(bytes: Uint8Array): WebhookEvent {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as WebhookEvent;
  } catch (cause) {
    throw new WebhookVerificationError({
      code: 'webhook_verification_failed',
      message: 'The signed body is not JSON.',
      cause,
    });
  }
}

function base64Bytes(text: string) {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function concat(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function refuse(message: string): never {
  throw new WebhookVerificationError({ code: 'webhook_verification_failed', message });
}
