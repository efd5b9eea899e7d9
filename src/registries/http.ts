import { createHash } from 'node:crypto';
import { Agent, type Dispatcher, errors as undiciErrors } from 'undici';
import {
  DEFAULT_MAX_REPLY_BYTES,
  type ReplyLog,
  ReplyTooLargeError,
  readCappedReply,
} from '../http-client/capped-reply.js';
import { EVIDENCE_BODY_BYTES, evidenceRequest, evidenceUrl } from './evidence.js';
import { RegistryError, type RegistryExchange, type RegistryId } from './registry.js';

export interface RegistryHttpOptions {
  /** Whole-call budget in milliseconds: connect, headers and body. */
  timeoutMs: number;
  /** Keep-alive connections per origin. */
  connections?: number;
  /** Largest reply body read, in bytes; a longer reply is refused as malformed. */
  maxReplyBytes?: number;
  /** The clock for `exchange.requestedAt`, epoch ms (the application's clock; Date.now by default). */
  now?: () => number;
  /** Where a reply refused for its size is reported, once per reply. */
  log?: ReplyLog;
}

/** What every registry client is built from: its pool, and the root URL its protocol's paths go below. */
export interface RegistryPoolOptions extends RegistryHttpOptions {
  /** The service root (the real one by default, or the simulator's `http://127.0.0.1:4010/<id>`). */
  baseUrl: string;
}

export { DEFAULT_MAX_REPLY_BYTES, type ReplyLog };

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The call as evidence: what was sent (secrets redacted) and the reply's bytes as received. */
  exchange: RegistryExchange;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  /** Full URL: the configured base URL with the protocol's path appended. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Values that must never reach the exchange's `url` or `request` (a GUID, a client secret, a
   * token): each is replaced by `[redacted]`. Headers are not recorded at all, and credential-named
   * query and form parameters are redacted without being declared (evidence.ts).
   */
  secrets?: readonly string[];
}

/** A reply body read whole: the text for the client, and what the exchange keeps of its bytes. */
interface ReplyBody {
  text: string;
  evidence: Buffer;
  truncated: boolean;
  sha256: string;
}

/**
 * One keep-alive pool per registry client, and the one place where network failures become
 * RegistryError kinds (`unreachable`, `timeout`), so every client reports them alike.
 */
export class RegistryHttp {
  private readonly agent: Agent;
  private readonly maxReplyBytes: number;

  constructor(
    private readonly registry: RegistryId,
    private readonly options: RegistryHttpOptions,
  ) {
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    this.agent = new Agent({
      connections: options.connections ?? 16,
      keepAliveTimeout: 10_000,
      connectTimeout: options.timeoutMs,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /**
   * One call, answered with its exchange. `requestedAt` is read from the given clock
   * when the request is handed to undici; the duration runs on the monotonic clock until the last
   * byte of the reply is read, so a clock set by a test cannot make it negative.
   */
  async send(call: HttpCall): Promise<HttpAnswer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const requestedAt = (this.options.now ?? Date.now)();
    const started = performance.now();
    try {
      const response = await this.agent.request({
        origin: new URL(call.url).origin,
        path: pathOf(call.url),
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal,
      } as Dispatcher.RequestOptions);
      const body = await this.readBody(response);
      const exchange: RegistryExchange = {
        registry: this.registry,
        url: evidenceUrl(call),
        method: call.method,
        requestedAt,
        durationMs: Math.round(performance.now() - started),
        request: evidenceRequest(call),
        status: response.statusCode,
        contentType: headerText(response.headers['content-type']),
        body: body.evidence,
        truncated: body.truncated,
        sha256: body.sha256,
      };
      return { status: response.statusCode, headers: response.headers, body: body.text, exchange };
    } catch (error) {
      throw this.toRegistryError(error, signal);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /**
   * The reply body through the shared capped reader (http-client/capped-reply.ts): a reply larger
   * than `maxReplyBytes` is never held in memory and fails as `malformed`, which the breaker counts like
   * any unusable reply. The SHA-256 covers exactly the bytes received.
   */
  private async readBody(response: Dispatcher.ResponseData): Promise<ReplyBody> {
    let bytes: Buffer;
    try {
      bytes = await readCappedReply(response, this.maxReplyBytes);
    } catch (error) {
      if (!(error instanceof ReplyTooLargeError)) throw error;
      this.options.log?.warn(
        { registry: this.registry, limit: error.limit, declared: error.declared },
        `${this.registry} reply refused: ${error.message}`,
      );
      throw new RegistryError(
        this.registry,
        'malformed',
        `${this.registry} reply larger than ${this.maxReplyBytes} bytes`,
        undefined,
        { cause: error },
      );
    }
    const truncated = bytes.length > EVIDENCE_BODY_BYTES;
    return {
      // TextDecoder drops a UTF-8 byte order mark, as undici's body.text() did; the evidence keeps it.
      text: new TextDecoder().decode(bytes),
      // A copy when truncated, so the exchange does not hold the whole reply alive behind its slice.
      evidence: truncated ? Buffer.from(bytes.subarray(0, EVIDENCE_BODY_BYTES)) : bytes,
      truncated,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }

  private toRegistryError(error: unknown, signal: AbortSignal): RegistryError {
    if (error instanceof RegistryError) return error;
    const code = (error as { code?: string }).code ?? '';
    const timedOut =
      signal.aborted ||
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      error instanceof undiciErrors.ConnectTimeoutError ||
      code === 'UND_ERR_CONNECT_TIMEOUT';
    if (timedOut) {
      return new RegistryError(
        this.registry,
        'timeout',
        `${this.registry} did not answer within ${this.options.timeoutMs} ms`,
        undefined,
        { cause: error },
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    return new RegistryError(
      this.registry,
      'unreachable',
      `${this.registry} unreachable: ${code || message}`,
      code,
      {
        cause: error,
      },
    );
  }
}

/** A header's value as one string (repeated headers joined as HTTP folds them), or null when absent. */
function headerText(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Appends a protocol path to a configured base URL, keeping the base's own path (`/vies` + `/services/...`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
