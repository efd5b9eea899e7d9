import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const CREDENTIAL_HEADER = 'x-console-credential';
const KEY_HEADER = 'x-console-key-hash';

/**
 * How the console's in-process requests (fastify.inject) authenticate as a session's key without
 * the key: a random secret made when the process starts, never written anywhere or sent to a
 * browser, plus the SHA-256 of the session's key as stored in api_keys. The auth gate accepts the
 * pair in place of `Authorization: Bearer <key>` and resolves the hash exactly as it resolves a
 * presented key, so revocation, tier, mode, burst and every later gate apply unchanged.
 */
export class InternalCredential {
  private readonly secret = randomBytes(32);

  headers(keyHash: string): Record<string, string> {
    return { [CREDENTIAL_HEADER]: this.secret.toString('base64url'), [KEY_HEADER]: keyHash };
  }

  /** The key hash of a request carrying this process's credential; undefined for any other. */
  keyHashOf(headers: IncomingHttpHeaders): string | undefined {
    const presented = headers[CREDENTIAL_HEADER];
    const keyHash = headers[KEY_HEADER];
    if (typeof presented !== 'string' || typeof keyHash !== 'string') return undefined;
    const candidate = Buffer.from(presented, 'base64url');
    if (candidate.length !== this.secret.length || !timingSafeEqual(candidate, this.secret)) return undefined;
    return /^[0-9a-f]{64}$/.test(keyHash) ? keyHash : undefined;
  }
}
