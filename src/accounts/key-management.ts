import { type Static, Type } from '@sinclair/typebox';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { KeyRow, KeySummary } from '../store/accounts.js';
import type { Stores } from '../store/stores.js';
import type { KeyMode } from '../store/tables.js';
import { IsoTime, iso, Nullable } from '../validation/answer.js';
import type { Principal } from './authenticator.js';
import { issueKey } from './keys.js';

/**
 * An account's keys over the API: listed without the key, created with the key shown
 * once, revoked. The account's last live key cannot be revoked (409 `conflict`): the check and the
 * revocation run under the account's row lock, so two revocations racing for the last two live
 * keys cannot both pass. A revoked key stops authenticating at once on this instance (the
 * authenticator forgets what it knew) and within the authenticator's refresh interval (one
 * second) on every other.
 */

/** Unrevoked keys an account may hold, so a leaked live key cannot mint keys without end. */
export const MAX_ACTIVE_KEYS = 100;

export const ApiKey = Type.Object(
  {
    id: Type.String({ description: 'The key id (key_…), for DELETE /v1/keys/{id}' }),
    name: Nullable(Type.String({ description: 'The name given at creation' })),
    prefix: Type.String({
      description: 'The first 13 characters of the key (svc_live_ + 4), to tell keys apart',
    }),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    created_at: IsoTime,
    last_used_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When a request last authenticated with it; updated at most once a minute',
      }),
    ),
    revoked_at: Nullable(IsoTime),
  },
  { $id: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKey>;

export function keyView(row: KeySummary): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    mode: row.mode,
    created_at: iso(Number(row.created_at)),
    last_used_at: row.last_used_at === null ? null : iso(Number(row.last_used_at)),
    revoked_at: row.revoked_at === null ? null : iso(Number(row.revoked_at)),
  };
}

/** Printable characters, at most 100, trimmed; empty or only spaces is refused. */
export function keyName(name: string | undefined): string | null {
  if (name === undefined) return null;
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100 || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(trimmed))
    throw new ApiError(
      'validation_error',
      'name: 1 to 100 printable characters (not only spaces, no control characters).',
    );
  return trimmed;
}

export interface KeyManagementDeps {
  stores: Stores;
  clock: Clock;
  /** Called after a revocation, so this instance refuses the key at once. */
  onRevoked: () => void;
}

export class KeyManagement {
  constructor(private readonly deps: KeyManagementDeps) {}

  async list(principal: Principal): Promise<ApiKey[]> {
    return (await this.deps.stores.accounts.listKeys(principal.accountId)).map(keyView);
  }

  async create(
    principal: Principal,
    mode: KeyMode,
    name: string | undefined,
  ): Promise<ApiKey & { key: string }> {
    const cleanName = keyName(name);
    const now = this.deps.clock.now();
    const created = await this.deps.stores.transaction(async (stores) => {
      await stores.accounts.lockAccount(principal.accountId);
      if ((await stores.accounts.countActiveKeys(principal.accountId)) >= MAX_ACTIVE_KEYS) return undefined;
      return issueKey(stores.accounts, principal.accountId, mode, now, cleanName);
    });
    if (!created)
      throw new ApiError(
        'conflict',
        `The account has ${MAX_ACTIVE_KEYS} unrevoked keys, the most it may hold; revoke one first.`,
      );
    return { ...keyView(created.row), key: created.issued.key };
  }

  /** Revokes one of the account's keys; a key already revoked is answered as it is. */
  async revoke(principal: Principal, keyId: string): Promise<ApiKey> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.stores.transaction(
      async (stores): Promise<{ key?: KeyRow; lastLive?: boolean }> => {
        await stores.accounts.lockAccount(principal.accountId);
        const key = await stores.accounts.getKey(principal.accountId, keyId);
        if (!key || key.revoked_at !== null) return { key };
        if (key.mode === 'live' && (await stores.accounts.countActiveKeys(principal.accountId, 'live')) <= 1)
          return { key, lastLive: true };
        await stores.accounts.revokeKey(key.id, now);
        return { key: { ...key, revoked_at: now } };
      },
    );
    if (!outcome.key) throw new ApiError('not_found', `No key '${keyId.slice(0, 64)}' for this account.`);
    if (outcome.lastLive)
      throw new ApiError(
        'conflict',
        'This is the account’s last live key: create another live key before revoking it.',
      );
    this.deps.onRevoked();
    return keyView(outcome.key);
  }
}

/**
 * `last_used_at` without a write per request: each instance writes a key's time at most once per
 * `intervalMs` (a minute), after the request, never delaying it. A failed write is tried again on
 * the key's next request.
 */
export class KeyUsage {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly deps: {
      stores: Stores;
      clock: Clock;
      intervalMs?: number;
      onError?: (error: unknown) => void;
    },
  ) {}

  touch(keyId: string): void {
    const now = this.deps.clock.now();
    const last = this.written.get(keyId);
    if (last !== undefined && now - last < (this.deps.intervalMs ?? 60_000)) return;
    // Bounded memory: forgetting every key costs one write per key in the next minute.
    if (this.written.size >= 100_000) this.written.clear();
    this.written.set(keyId, now);
    this.deps.stores.accounts.touchKey(keyId, now).catch((error: unknown) => {
      this.written.delete(keyId);
      this.deps.onError?.(error);
    });
  }
}
