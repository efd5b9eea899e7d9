import { Agent, type Dispatcher, errors as undiciErrors } from 'undici';
import { RegistryError, type RegistryId } from './registry.js';

export interface RegistryHttpOptions {
  /** Whole-call budget in milliseconds: connect, headers and body. */
  timeoutMs: number;
  /** Keep-alive connections per origin. */
  connections?: number;
}

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

  constructor(
    private readonly registry: RegistryId,
    private readonly options: RegistryHttpOptions,
  ) {
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
      const body = await response.body.text();
      return { status: response.statusCode, headers: response.headers, body };
    } catch (error) {
      throw this.toRegistryError(error, signal);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
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

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Appends a protocol path to a configured base URL, keeping the base's own path (`/vies` + `/services/...`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
