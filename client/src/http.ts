import { ConnectionError, errorOfAnswer, retryAfterOf, VatServiceError } from './errors.js';
import { type RateLimit, rateLimitOf } from './rate-limit.js';
import { backoffMs, retryDelayMs, sleep } from './retry.js';

/**
 * One call to the service over `fetch`, as every resource makes it: the key, a timeout per
 * attempt, retries (retry.ts) with one `Idempotency-Key` per POST, PUT, PATCH or DELETE across its
 * attempts, the answer
 * read whole, a failure thrown as its typed error (errors.ts), and the rate-limit headers and
 * request id beside the body of a success.
 */

export interface ClientOptions {
  /** An API key (`svc_live_…` or `svc_test_…`); default: the `VAT_SERVICE_API_KEY` environment variable. */
  apiKey?: string;
  /** Default: `VAT_SERVICE_BASE_URL`, else `http://localhost:3000`. */
  baseUrl?: string;
  /** Longest wait for one attempt's whole answer, in milliseconds. Default 60,000. */
  timeoutMs?: number;
  /** Attempts after the first for network errors, 429 and 5xx. Default 2; 0 turns retries off. */
  maxRetries?: number;
  /** The `fetch` to call (a proxying or instrumented one); default the global `fetch`. */
  fetch?: typeof fetch;
}

/** Per-call settings; `timeoutMs` and `maxRetries` override the client's. */
export interface RequestOptions {
  /**
   * The `Idempotency-Key` of a POST, PUT, PATCH or DELETE (1-255 visible ASCII characters); default
   * a new UUID per call.
   */
  idempotencyKey?: string;
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
}

/** How the answer came: beside the body of every result. */
export interface ResponseInfo {
  status: number;
  headers: Headers;
  /** `X-Request-Id`, the same as `meta.request_id`. */
  requestId: string | undefined;
  /** The key a POST, PUT, PATCH or DELETE was sent with, on every attempt; undefined for a GET. */
  idempotencyKey: string | undefined;
  /** True when the service repeated the first answer to this key (`Idempotent-Replayed`). */
  replayed: boolean;
  /** Attempts made, retries included. */
  attempts: number;
}

/** A success: the answer's body, with its rate-limit headers and response details beside it (not enumerable). */
export type ApiResult<T> = T & { readonly rateLimit: RateLimit; readonly response: ResponseInfo };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  method: Method;
  /** The path, its parameters already in place (`path`\``/v1/…/${id}`\`` encodes them). */
  path: string;
  query?: object;
  /** A JSON body. */
  json?: unknown;
  /** A body of another media type (a CSV file). */
  body?: { content: string | Blob | Uint8Array; type: string };
  /** Default `application/json`. */
  accept?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  bytes: ArrayBuffer;
}

const DEFAULT_BASE_URL = 'http://localhost:3000';
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 2;

export class Transport {
  private readonly apiKey: string | undefined;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly fetch: typeof fetch;

  constructor(options: ClientOptions = {}) {
    this.apiKey = options.apiKey ?? environmentVariable('VAT_SERVICE_API_KEY');
    this.baseUrl = (
      options.baseUrl ??
      environmentVariable('VAT_SERVICE_BASE_URL') ??
      DEFAULT_BASE_URL
    ).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/i.test(this.baseUrl))
      throw invalidOption(`baseUrl must be an http:// or https:// URL; got '${this.baseUrl}'.`);
    this.timeoutMs = wholeNumber('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1);
    this.maxRetries = wholeNumber('maxRetries', options.maxRetries ?? DEFAULT_MAX_RETRIES, 0);
    const fetchFunction = options.fetch ?? globalThis.fetch;
    if (typeof fetchFunction !== 'function') throw invalidOption('no global fetch: pass options.fetch.');
    this.fetch = fetchFunction;
  }

  async json<T>(call: Call, options?: RequestOptions): Promise<ApiResult<T>> {
    const { answer, info } = await this.send(call, options);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(answer.bytes));
    } catch (cause) {
      throw new VatServiceError({
        code: 'unexpected_response',
        message: `HTTP ${answer.status} whose body is not JSON.`,
        status: answer.status,
        requestId: info.requestId,
        headers: answer.headers,
        cause,
      });
    }
    return withResponse(body as T & object, answer, info);
  }

  async text(call: Call, options?: RequestOptions): Promise<ApiResult<{ data: string }>> {
    const { answer, info } = await this.send(call, options);
    return withResponse({ data: new TextDecoder().decode(answer.bytes) }, answer, info);
  }

  async blob(call: Call, options?: RequestOptions): Promise<ApiResult<{ data: Blob }>> {
    const { answer, info } = await this.send(call, options);
    const type = answer.headers.get('content-type') ?? 'application/octet-stream';
    return withResponse({ data: new Blob([answer.bytes], { type }) }, answer, info);
  }

  private async send(
    call: Call,
    options: RequestOptions = {},
  ): Promise<{ answer: Answer; info: ResponseInfo }> {
    const maxRetries = wholeNumber('maxRetries', options.maxRetries ?? this.maxRetries, 0);
    const timeoutMs = wholeNumber('timeoutMs', options.timeoutMs ?? this.timeoutMs, 1);
    // Every call that changes something carries one key across its attempts: a retry after a lost
    // answer gets the first answer again instead of doing the work twice (a POST) or being told
    // 404 for a deletion that happened (a DELETE whose first attempt succeeded).
    const idempotencyKey =
      call.method === 'GET' ? undefined : (options.idempotencyKey ?? newIdempotencyKey());
    const url = this.url(call);
    const init: RequestInit = {
      method: call.method,
      headers: this.headers(call, idempotencyKey),
      // A string, a Blob or bytes: each can be sent again as it is on a retry.
      body: call.json !== undefined ? JSON.stringify(call.json) : (call.body?.content as RequestInit['body']),
    };
    for (let attempt = 0; ; attempt++) {
      let answer: Answer;
      try {
        answer = await this.exchange(url, init, timeoutMs, options.signal);
      } catch (error) {
        const final =
          !(error instanceof ConnectionError) || error.code === 'aborted' || attempt >= maxRetries;
        if (final) throw error;
        await this.pause(backoffMs(attempt), options.signal);
        continue;
      }
      if (answer.status < 300) {
        return {
          answer,
          info: {
            status: answer.status,
            headers: answer.headers,
            requestId: answer.headers.get('x-request-id') ?? undefined,
            idempotencyKey,
            replayed: answer.headers.get('idempotent-replayed') === 'true',
            attempts: attempt + 1,
          },
        };
      }
      const wait = retryDelayMs(
        {
          status: answer.status,
          retryAfter: retryAfterOf(answer.headers),
          keyedRetry: idempotencyKey !== undefined && attempt > 0,
        },
        attempt,
      );
      if (wait === undefined || attempt >= maxRetries)
        throw errorOfAnswer(answer.status, answer.headers, new TextDecoder().decode(answer.bytes));
      await this.pause(wait, options.signal);
    }
  }

  /** One attempt: the request and its whole answer, within `timeoutMs`. */
  private async exchange(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.fetch(url, { ...init, signal: controller.signal });
      const bytes = await response.arrayBuffer();
      return { status: response.status, headers: response.headers, bytes };
    } catch (cause) {
      if (signal?.aborted) throw aborted(cause);
      if (timedOut)
        throw new ConnectionError({ code: 'timeout', message: `No answer within ${timeoutMs} ms.`, cause });
      throw new ConnectionError({
        code: 'connection_error',
        message: `Could not reach ${this.baseUrl}: ${describe(cause)}`,
        cause,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (cause) {
      throw aborted(cause);
    }
  }

  private url(call: Call): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined && value !== null) query.append(name, String(value));
    }
    const search = query.toString();
    return `${this.baseUrl}${call.path}${search ? `?${search}` : ''}`;
  }

  private headers(call: Call, idempotencyKey: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { accept: call.accept ?? 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    else if (call.body) headers['content-type'] = call.body.type;
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    return headers;
  }
}

/** `strings` with each value URI-encoded: `path\`/v1/monitors/${id}\``. */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce(
    (out, text, i) => out + text + (i < values.length ? encodeURIComponent(values[i]) : ''),
    '',
  );
}

function withResponse<T extends object>(body: T, answer: Answer, info: ResponseInfo): ApiResult<T> {
  return Object.defineProperties(body, {
    rateLimit: { value: rateLimitOf(answer.headers), enumerable: false },
    response: { value: info, enumerable: false },
  }) as ApiResult<T>;
}

function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A variable of the environment where there is one (Node.js, Bun, Deno with --allow-env); never in a browser. */
function environmentVariable(name: string): string | undefined {
  const scope = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get(name: string): string | undefined } };
  };
  try {
    return scope.process?.env?.[name] || scope.Deno?.env?.get(name) || undefined;
  } catch {
    // Deno without permission to read the environment.
    return undefined;
  }
}

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min)
    throw invalidOption(`${name} must be a whole number of at least ${min}; got ${value}.`);
  return value;
}

function invalidOption(message: string): VatServiceError {
  return new VatServiceError({ code: 'invalid_options', message });
}

function aborted(cause: unknown): ConnectionError {
  return new ConnectionError({ code: 'aborted', message: 'The request was aborted.', cause });
}

function describe(cause: unknown): string {
  const error = cause as { message?: string; cause?: { code?: string; message?: string } };
  return (
    [error?.message, error?.cause?.code ?? error?.cause?.message].filter(Boolean).join(': ') || String(cause)
  );
}
