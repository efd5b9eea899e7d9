import { type HttpAnswer, joinUrl, type RegistryHttp } from './http.js';
import { RegistryError, type RegistryFailureKind } from './registry.js';

/** HMRC's OAuth 2.0 client-credentials tokens (hmrc.md §3) and the JSON helpers of its client. */

const TOKEN_PATH = 'oauth/token';

export interface TokenOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The clock for token expiry and the exchanges' `requestedAt` (Date.now by default). */
  now?: () => number;
  /** refresh this many ms before the token expires (default 60_000) */
  tokenRefreshMarginMs?: number;
}

/**
 * Client-credentials tokens (hmrc.md §3): cached until `tokenRefreshMarginMs` before `expires_in` runs
 * out (but kept for at least half their life, so a short-lived token cannot cause a fetch per lookup);
 * lookups that need a token while one is being fetched wait for that same fetch.
 */
export class AccessTokens {
  private current: { value: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly http: RegistryHttp,
    private readonly options: TokenOptions,
  ) {}

  get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return Promise.resolve(this.current.value);
    this.pending ??= this.fetch().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forgets a token the API refused, unless another lookup has already replaced it. */
  drop(value: string): void {
    if (this.current?.value === value) this.current = undefined;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async fetch(): Promise<string> {
    const { clientId, clientSecret, baseUrl } = this.options;
    if (!clientId || !clientSecret) {
      throw failure(
        'auth',
        'HMRC client credentials are not configured (HMRC_CLIENT_ID, HMRC_CLIENT_SECRET)',
      );
    }
    const startedAt = this.now();
    // The token exchange is never evidence and is dropped here; its secret is declared all the same,
    // so the record of this call is safe wherever it might end up.
    const answer = await this.http.send({
      method: 'POST',
      url: joinUrl(baseUrl, TOKEN_PATH),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: tokenRequestBody(clientId, clientSecret),
      secrets: [clientSecret],
    });
    const { value, lifetimeMs } = readToken(answer);
    const margin = this.options.tokenRefreshMarginMs ?? 60_000;
    this.current = { value, refreshAt: startedAt + Math.max(lifetimeMs - margin, lifetimeMs / 2) };
    return value;
  }
}

/** hmrc.md §3 and fixtures/hmrc/oauth-token-request-body.form: parameters in the body, scope `read:vat`. */
function tokenRequestBody(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `grant_type=client_credentials&client_id=${encode(clientId)}&client_secret=${encode(clientSecret)}&scope=read:vat`;
}

function readToken(answer: HttpAnswer): { value: string; lifetimeMs: number } {
  if (answer.status !== 200) throw tokenFailure(answer);
  const body = parseJsonObject(answer.body);
  const value = body?.access_token;
  const expiresIn = Number(body?.expires_in);
  const type = body?.token_type;
  // hmrc.md §3: token_type is lowercase `bearer` in captures; compare without case as RFC 6749 §5.1 asks.
  if (
    typeof value !== 'string' ||
    value === '' ||
    typeof type !== 'string' ||
    type.toLowerCase() !== 'bearer'
  ) {
    throw failure('malformed', 'HMRC token answer lacks a bearer access_token');
  }
  if (!Number.isFinite(expiresIn) || expiresIn <= 0)
    throw failure('malformed', 'HMRC token answer lacks expires_in');
  return { value, lifetimeMs: expiresIn * 1000 };
}

/** RFC 6749 §5.2 errors (hmrc.md §3): 400/401/403 mean our credentials or grant were refused. */
function tokenFailure(answer: HttpAnswer): RegistryError {
  const body = parseJsonObject(answer.body);
  const code = typeof body?.error === 'string' ? body.error : String(answer.status);
  const said = `HMRC token endpoint answered ${answer.status} ${code}`;
  if (answer.status === 429) return failure('throttled', said, code);
  if (answer.status >= 500) return failure('server_error', said, code);
  if ([400, 401, 403].includes(answer.status)) return failure('auth', said, code);
  return failure('server_error', said, code);
}

export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function failure(kind: RegistryFailureKind, message: string, upstreamCode?: string): RegistryError {
  return new RegistryError('hmrc', kind, message, upstreamCode);
}
