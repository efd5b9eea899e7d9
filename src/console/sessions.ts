import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Authenticator, Principal } from '../accounts/authenticator.js';
import { hashKey, KEY_PATTERN } from '../accounts/keys.js';
import type { Clock } from '../clock.js';
import { type AuthFailureLimiter, checkKey, type KeyCheck } from '../limits/auth-failures.js';
import type { ActiveSession, ConsoleSessionStore, LiveBounds } from '../store/console-sessions.js';

/** The session cookie's name over plain HTTP (`npm start`'s http://localhost). */
export const COOKIE_NAME = 'console_session';
/**
 * Its name over HTTPS. Browsers take a `__Host-` cookie only with Secure, Path=/ and no Domain, so
 * neither a page of a sibling subdomain nor one sent over plain HTTP can set or replace it (and
 * sign a browser in to an attacker's session).
 */
export const SECURE_COOKIE_NAME = `__Host-${COOKIE_NAME}`;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
  /** Most sessions one account keeps; a sign-in past it ends the session seen least recently. */
  perAccount: number;
}

/** What a session must be within to be live at `now` (see ConsoleSessionStore.findActive). */
export function liveBounds(times: SessionTimes, now: number): LiveBounds {
  return { now, idleSince: now - times.idleMs, createdSince: now - times.absoluteMs };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A sign-in's outcome: a session's cookie token, a wrong key, or the address refused for now. */
export type SignIn =
  | { outcome: 'signed_in'; token: string; principal: Principal }
  | Exclude<KeyCheck, { outcome: 'known' }>;

/**
 * Console sign-in: an API key is exchanged for a random session token, sent to the
 * browser as an HttpOnly cookie; the server keeps only the token's SHA-256, the key's id and the
 * session's CSRF token. The key itself goes no further than this exchange.
 */
export class ConsoleSessions {
  constructor(
    private readonly store: ConsoleSessionStore,
    private readonly authenticator: Authenticator,
    /** The API's limit of unknown keys per client address: wrong keys at sign-in count against it. */
    private readonly failures: AuthFailureLimiter,
    private readonly clock: Clock,
    private readonly times: SessionTimes,
  ) {}

  /**
   * A new session for a valid key presented from `address`. A wrong key is refused as the API
   * refuses it: a malformed one without a lookup, an unknown or revoked one counted against the
   * address, and every key but one known in memory refused unread while the address is over its limit.
   * `replacing`, the browser's session token before, is ended first, so one browser holds one
   * session and its own old one, not another's, makes room under the account's cap.
   */
  async signIn(apiKey: string, address: string, replacing?: string): Promise<SignIn> {
    const key = apiKey.trim();
    if (!KEY_PATTERN.test(key)) return { outcome: 'unknown' };
    const check = await checkKey(this.authenticator, this.failures, address, hashKey(key));
    if (check.outcome !== 'known') return check;
    const { principal } = check;
    await this.signOut(replacing);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const session = {
      id: sha256(token),
      account_id: principal.accountId,
      key_id: principal.keyId,
      mode: principal.mode,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.times.absoluteMs,
    };
    await this.store.insertWithin(session, this.times.perAccount, liveBounds(this.times, now));
    return { outcome: 'signed_in', token, principal };
  }

  /** The live session of a cookie token, its idle time restarted; undefined when there is none. */
  async resume(token: string | undefined): Promise<ActiveSession | undefined> {
    if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
    const now = this.clock.now();
    const session = await this.store.findActive(sha256(token), liveBounds(this.times, now));
    if (session) await this.store.touch(session.id, now);
    return session;
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token !== undefined && TOKEN_PATTERN.test(token)) await this.store.delete(sha256(token));
  }

  /** Drops sessions past either end or of revoked keys (run now and then; reads ignore them anyway). */
  async sweep(): Promise<number> {
    return this.store.deleteExpired(liveBounds(this.times, this.clock.now()));
  }
}

/** Whether a submitted `_csrf` is the session's token (constant-time). */
export function csrfMatches(session: ActiveSession, submitted: unknown): boolean {
  if (typeof submitted !== 'string') return false;
  const a = Buffer.from(submitted);
  const b = Buffer.from(session.csrf_token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The session cookie: HttpOnly and SameSite=Strict always. Over HTTPS (`secure`) it is
 * `__Host-console_session`, Secure, Path=/; over plain HTTP it is `console_session`, Path=/console,
 * without Secure, which browsers would not keep from a plain-HTTP address other than localhost.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return secure
    ? `${SECURE_COOKIE_NAME}=${token}; Path=/; HttpOnly; SameSite=Strict; Secure`
    : `${COOKIE_NAME}=${token}; Path=/console; HttpOnly; SameSite=Strict`;
}

export function clearedCookie(secure: boolean): string {
  return `${sessionCookie('', secure)}; Max-Age=0`;
}

/**
 * The session token from a Cookie header: over HTTPS the `__Host-` cookie's only, so a
 * `console_session` cookie that another page managed to set is never read there.
 */
export function tokenFromCookies(header: string | undefined, secure: boolean): string | undefined {
  if (!header) return undefined;
  const wanted = secure ? SECURE_COOKIE_NAME : COOKIE_NAME;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) return rest.join('=');
  }
  return undefined;
}
