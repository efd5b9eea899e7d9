import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ActiveSession } from '../store/console-sessions.js';
import type { InternalCredential } from './internal-credential.js';

/** The error member of the standard envelope (src/errors.ts). */
export interface ApiErrorBody {
  code: string;
  message: string;
  docs_url: string;
}

/** A JSON answer of the API, rendered by the page that asked for it (its shape is the API's schema). */
// biome-ignore lint/suspicious/noExplicitAny: one alias for every page's view of the API's JSON
export type Json = any;

export interface ApiAnswer {
  status: number;
  body: Json;
  raw: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
  ok: boolean;
  error?: ApiErrorBody;
}

export interface CallOptions {
  json?: unknown;
  payload?: Buffer | string;
  contentType?: string;
  /** Headers of the call beside the credential's, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * The console's only way to read or change anything: the service's own API, called in-process
 * (fastify.inject) as the session's key. Every rule (tiers, modes, quota, limits, validation of
 * input) is therefore the API's, and the console renders its JSON answer or its error.
 */
export class ConsoleApi {
  constructor(
    private readonly app: FastifyInstance,
    private readonly credential: InternalCredential,
  ) {}

  /** Whether the API has this route (some arrive later than the console: their pages say so). */
  has(method: HTTPMethods, url: string): boolean {
    return this.app.hasRoute({ method, url });
  }

  async call(session: ActiveSession, method: HTTPMethods, url: string, options: CallOptions = {}) {
    const headers: Record<string, string> = {
      ...options.headers,
      ...this.credential.headers(session.key_hash),
    };
    let payload: Buffer | string | undefined = options.payload;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.contentType) headers['content-type'] = options.contentType;
    const response = await this.app.inject({ method, url, headers, payload });
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    const body = isJson && response.body ? JSON.parse(response.body) : undefined;
    const ok = response.statusCode < 400;
    return {
      status: response.statusCode,
      body,
      raw: response.rawPayload,
      headers: response.headers,
      ok,
      error: ok
        ? undefined
        : (body?.error ?? { code: 'internal_error', message: response.body, docs_url: '' }),
    } satisfies ApiAnswer;
  }
}
