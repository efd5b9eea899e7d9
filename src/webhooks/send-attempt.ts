import { StringDecoder } from 'node:string_decoder';
import { Agent, type Dispatcher } from 'undici';
import { readReplyPrefix } from '../http-client/capped-reply.js';
import { checkWebhookUrl, guardedLookup, type TargetPolicy } from './target-guard.js';

/**
 * One delivery attempt (decisions 6 and 7): POST the signed body, no redirects, 2xx = delivered,
 * anything else (3xx included) is a failed attempt. The caller stores the record and asks
 * retry-schedule.ts when to try again; this module never throws and never retries.
 */

/** Delivery timeout for one attempt: DNS, connect, TLS, headers and the first 4 KiB of body. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/** Bytes of the receiver's answer kept in the attempt log ("first 4 KiB", decisions 6). */
export const RESPONSE_BODY_LIMIT_BYTES = 4 * 1024;

export interface AttemptOutcome {
  /** When the attempt started, ISO 8601. */
  at: string;
  /** Null when no HTTP answer arrived (refused target, connection error, timeout). */
  status_code: number | null;
  duration_ms: number;
  /** First 4 KiB of the answer body (UTF-8, cut on a character boundary); null when no answer. */
  response_body: string | null;
  /** Why the attempt failed, in English; null when delivered. */
  error: string | null;
  ok: boolean;
  /** The receiver's Retry-After, in milliseconds, when a failed answer carried one. */
  retry_after_ms?: number;
}

export interface WebhookSenderOptions {
  /** Hard limit for the whole attempt, milliseconds. Default 10 000. */
  timeoutMs?: number;
  policy: TargetPolicy;
  /**
   * Extra trusted CA for tests. It replaces Node's default roots for this sender; in production
   * leave it unset and use NODE_EXTRA_CA_CERTS for private CAs.
   */
  ca?: string | Buffer;
}

export interface WebhookSender {
  send(url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome>;
  close(): Promise<void>;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const agent = new Agent({
    connect: {
      // Every new connection resolves through the guard, so a name re-pointed at a private
      // address after configuration is refused here (keep-alive reuses only guarded sockets).
      lookup: guardedLookup(options.policy),
      ca: options.ca,
      timeout: timeoutMs,
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });

  async function send(url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> {
    const at = new Date().toISOString();
    const started = performance.now();
    const signal = AbortSignal.timeout(timeoutMs);
    const finish = (fields: Omit<AttemptOutcome, 'at' | 'duration_ms'>): AttemptOutcome => ({
      at,
      duration_ms: Math.round(performance.now() - started),
      ...fields,
    });

    try {
      const check = await untilAborted(checkWebhookUrl(url, options.policy), signal);
      if (!check.ok) {
        return finish({ status_code: null, response_body: null, error: check.message, ok: false });
      }
      const response = await agent.request({
        origin: check.url.origin,
        path: `${check.url.pathname}${check.url.search}`,
        method: 'POST',
        headers,
        body,
        signal,
      } as Dispatcher.RequestOptions);
      const status = response.statusCode;
      // The first 4 KiB through the shared reader; the rest is never read (the socket is closed).
      // StringDecoder holds back a character split at the cut instead of emitting U+FFFD.
      const kept = await readReplyPrefix(response.body, RESPONSE_BODY_LIMIT_BYTES, signal);
      const responseBody = new StringDecoder('utf8').write(kept);
      const ok = status >= 200 && status < 300;
      const record = finish({
        status_code: status,
        response_body: responseBody,
        error: ok ? null : describeStatus(status, response.headers),
        ok,
      });
      const retryAfter = ok ? undefined : parseRetryAfter(response.headers['retry-after']);
      if (retryAfter !== undefined) record.retry_after_ms = retryAfter;
      return record;
    } catch (error) {
      return finish({
        status_code: null,
        response_body: null,
        error: describeError(error, signal, timeoutMs),
        ok: false,
      });
    }
  }

  let closing: Promise<void> | undefined;
  // Idempotent: the worker and its shutdown hook may both close the sender.
  return { send, close: () => (closing ??= agent.close()) };
}

function describeStatus(status: number, headers: Dispatcher.ResponseData['headers']): string {
  if (status >= 300 && status < 400) {
    const location = firstHeader(headers.location);
    const where = location ? ` to ${location}` : '';
    return `The receiver answered HTTP ${status} (a redirect${where}); redirects are not followed.`;
  }
  return `The receiver answered HTTP ${status}.`;
}

function describeError(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `No answer within ${timeoutMs} ms (timeout).`;
  const code = (error as { code?: unknown })?.code;
  if (code === 'ERR_WEBHOOK_TARGET_FORBIDDEN') return (error as Error).message;
  const message = messageOf(error);
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return `No answer within ${timeoutMs} ms (timeout).`;
  }
  if (code === 'ECONNREFUSED') return `The connection was refused (${message}).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `The webhook host could not be resolved (${message}).`;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') {
    return `The receiver closed the connection before answering (${message}).`;
  }
  if (typeof code === 'string' && /CERT|^ERR_TLS_|^ERR_SSL_|^UNABLE_TO_|SELF_SIGNED/.test(code)) {
    return `The TLS connection failed: ${message} (${code}).`;
  }
  return typeof code === 'string' ? `${message} (${code}).` : `${message}.`;
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    // Happy eyeballs tried several addresses; each one failed.
    return error.errors.map(messageOf).join('; ');
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** Retry-After as delta-seconds or an HTTP date (RFC 9110 section 10.2.3), in milliseconds. */
function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = firstHeader(value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - Date.now());
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Settles with `promise`, or rejects once `signal` aborts (a DNS lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
