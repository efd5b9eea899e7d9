import { Agent, type Dispatcher, errors as undiciErrors } from 'undici';
import { RegistryError, type RegistryId } from './registry.js';

export interface RegistryHttpOptions {
  /** Whole-call budget in milliseconds: connect, headers and body. */
  timeoutMs: number;
  /** Keep-alive connections per origin. */
  connections?: number;
  /** Largest reply body read, in bytes; a longer reply is refused as malformed. */
  maxReplyBytes?: number;
}

/** 1 MiB: the registries' answers are a few kilobytes; nothing legitimate comes near it. */
export const DEFAULT_MAX_REPLY_BYTES = 1_048_576;

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  /** Full URL: the configured base URL with the protocol's path appended. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
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

  async send(call: HttpCall): Promise<HttpAnswer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
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
      return { status: response.statusCode, headers: response.headers, body };
    } catch (error) {
      throw this.toRegistryError(error, signal);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /**
   * The reply body as text, read chunk by chunk so a reply larger than `maxReplyBytes` is never
   * held in memory: a declared Content-Length above the cap is refused before reading, and a body
   * that grows past it is refused as soon as it does. Destroying the body aborts the request and
   * closes its socket, so the registry stops sending and the connection is not reused.
   */
  private async readBody(response: Dispatcher.ResponseData): Promise<string> {
    const body = response.body;
    if (declaredLength(response.headers) > this.maxReplyBytes) {
      discard(body);
      throw this.tooLarge();
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of body) {
      received += (chunk as Buffer).length;
      if (received > this.maxReplyBytes) {
        discard(body);
        throw this.tooLarge();
      }
      chunks.push(chunk as Buffer);
    }
    // TextDecoder drops a UTF-8 byte order mark, as undici's body.text() did.
    return new TextDecoder().decode(Buffer.concat(chunks, received));
  }

  private tooLarge(): RegistryError {
    return new RegistryError(
      this.registry,
      'malformed',
      `${this.registry} reply larger than ${this.maxReplyBytes} bytes`,
    );
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

/**
 * Aborts the request behind a reply body and closes its socket. The body then emits undici's
 * "request aborted" error, which is expected here: the listener keeps it from being unhandled.
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The Content-Length a reply declares, or 0 when it declares none (chunked) or an unreadable one. */
function declaredLength(headers: Dispatcher.ResponseData['headers']): number {
  const value = headers['content-length'];
  const length = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(length) ? length : 0;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Appends a protocol path to a configured base URL, keeping the base's own path (`/vies` + `/services/...`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
