import { escapeXml } from './xml.js';

/**
 * What a registry exchange records of the request it made: the URL as
 * scheme, host and path, and the request text (the body, or a GET's query string), with every
 * credential and token replaced by `[redacted]`. The reply is kept as received (http.ts).
 */

export const REDACTED = '[redacted]';

/** The first 64 KiB of a reply are kept as evidence; the hash covers every byte. */
export const EVIDENCE_BODY_BYTES = 65_536;

/**
 * Query or form parameters that carry credentials whatever the caller declares, by name, compared
 * in lower case without `_` or `-`: ABR's `guid` (au-abr.md 1) and its XML service's
 * `authenticationGuid`, OAuth's `client_secret` and `access_token`, and the usual API-key and
 * password spellings. Names ending in one of the words count too (`apiKey`, `subscription-key`).
 */
const CREDENTIAL_PARAM =
  /^(?:auth|authorization|pass|pwd|sig|.*(?:guid|key|token|secret|password|passwd|signature|credentials?))$/;

export interface RequestToRecord {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  secrets?: readonly string[];
}

/**
 * Scheme, host and path. User info (`user:password@`) is dropped with the query string and the
 * fragment, and a declared secret in the path is redacted as anywhere else.
 */
export function evidenceUrl(call: RequestToRecord): string {
  const url = new URL(call.url);
  return redactSecrets(`${url.protocol}//${url.host}${url.pathname}`, call.secrets);
}

/**
 * The request as sent: a GET's query string without `?` (as URL normalises it, which is what goes
 * on the wire), else the body. Credential parameters are redacted in query strings and in form
 * bodies; declared secrets everywhere. Our POSTs carry no query string, so a POST records its body.
 */
export function evidenceRequest(call: RequestToRecord): string {
  if (call.method === 'GET') {
    return redactSecrets(redactCredentialParams(new URL(call.url).search.slice(1)), call.secrets);
  }
  const body = call.body ?? '';
  const text = isForm(call.headers) ? redactCredentialParams(body) : body;
  return redactSecrets(text, call.secrets);
}

/**
 * Replaces each `name=value` whose name looks like a credential by `name=[redacted]`, leaving every
 * other byte of the string as it was (order, encoding, empty parameters).
 */
export function redactCredentialParams(query: string): string {
  if (query === '') return query;
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = part.slice(0, equals);
      return isCredentialName(name) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
}

/**
 * Replaces every declared secret by `[redacted]`, in each spelling it can take in a request: as is,
 * percent-encoded (a path or query), form-encoded (`+` for spaces, URLSearchParams' stricter set)
 * and XML-escaped (a SOAP body). Longer spellings go first so a shorter one cannot split them.
 * Empty secrets are skipped: an unset credential would otherwise redact between every character.
 */
export function redactSecrets(text: string, secrets: readonly string[] | undefined): string {
  if (!secrets || secrets.length === 0) return text;
  const spellings = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    const percent = encodeURIComponent(secret);
    spellings.add(secret);
    spellings.add(percent);
    spellings.add(percent.replace(/%20/g, '+'));
    spellings.add(new URLSearchParams({ s: secret }).toString().slice(2));
    spellings.add(escapeXml(secret));
  }
  if (spellings.size === 0) return text;
  // One pass over the text: a replacement is never searched again for a shorter secret.
  const alternatives = [...spellings].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return text.replace(new RegExp(alternatives.join('|'), 'g'), REDACTED);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isCredentialName(raw: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    name = raw;
  }
  return CREDENTIAL_PARAM.test(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

function isForm(headers: Record<string, string> | undefined): boolean {
  const contentType = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
  return /^application\/x-www-form-urlencoded\b/i.test(contentType?.[1] ?? '');
}
