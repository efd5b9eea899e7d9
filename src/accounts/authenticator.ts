import { timingSafeEqual } from 'node:crypto';
import type { AccountStore, KeyOwner } from '../store/accounts.js';
import type { KeyMode } from '../store/tables.js';
import { hashKey, KEY_PATTERN } from './keys.js';
import type { Tier } from './tiers.js';

/** What authentication resolves a key to. */
export interface Principal {
  keyId: string;
  accountId: string;
  tier: Tier;
  mode: KeyMode;
}

export interface AuthenticatorOptions {
  /** How long a resolved key is used before it is read again (default 1000 ms). */
  refreshMs?: number;
  /** How long a well-formed key that resolved to nothing is refused without a read (default 10,000 ms). */
  unknownMs?: number;
  /** Most keys remembered, known and unknown each; the oldest entry goes first (default 10,000). */
  maxEntries?: number;
  /** Monotonic milliseconds; tests may pass their own. */
  now?: () => number;
}

interface Entry {
  principal: Principal | undefined;
  readAt: number;
}

/**
 * Resolves presented API keys to principals through the account store, remembering each answer
 * briefly so that a request costs a SHA-256 and a Map lookup instead of a database read.
 *
 * - A known key is read again after `refreshMs`: a revocation or tier change made by another
 *   process (the CLI, another instance) shows within that time; `forget()` drops everything at
 *   once for changes made through this process.
 * - An unknown key is remembered as unknown for `unknownMs`, so repeating a wrong key cannot
 *   reach the database more than once per interval. Keys are random, so a key created meanwhile
 *   is never one that was presented before it existed.
 * - Concurrent lookups of one key share one read.
 */
export class Authenticator {
  private readonly known = new Map<string, Entry>();
  private readonly unknown = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<Principal | undefined>>();
  private readonly refreshMs: number;
  private readonly unknownMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by forget(): a read that started before it must not store what it found. */
  private generation = 0;

  constructor(
    private readonly accounts: AccountStore,
    options: AuthenticatorOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 1_000;
    this.unknownMs = options.unknownMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** The key's principal, or undefined for a malformed, unknown or revoked key. */
  async authenticate(presented: string): Promise<Principal | undefined> {
    if (!KEY_PATTERN.test(presented)) return undefined;
    return this.resolve(hashKey(presented));
  }

  /**
   * `authenticate` for a well-formed key already hashed (the request path hashes each key once):
   * the remembered answer while it is fresh, else one read shared by concurrent callers.
   */
  async resolve(keyHash: string): Promise<Principal | undefined> {
    const now = this.now();
    const known = this.fresh(keyHash, now);
    if (known) return known;
    const unknown = this.unknown.get(keyHash);
    if (unknown && now - unknown.readAt < this.unknownMs) return undefined;
    let read = this.reading.get(keyHash);
    if (!read) {
      read = this.read(keyHash, now).finally(() => this.reading.delete(keyHash));
      this.reading.set(keyHash, read);
    }
    return read;
  }

  /** The principal remembered for this key hash while it is fresh; no database read. */
  fresh(keyHash: string, now = this.now()): Principal | undefined {
    const known = this.known.get(keyHash);
    return known && now - known.readAt < this.refreshMs ? known.principal : undefined;
  }

  /**
   * Whether the key resolved to a principal when it was last read and is still remembered, however
   * long ago: it is a real key, though `authenticate` may read it again before answering.
   */
  isKnown(keyHash: string): boolean {
    return this.known.has(keyHash);
  }

  /** Forgets every answer: keys were revoked or tiers changed through this process. */
  forget(): void {
    this.generation += 1;
    this.known.clear();
    this.unknown.clear();
    this.reading.clear();
  }

  private async read(keyHash: string, startedAt: number): Promise<Principal | undefined> {
    const generation = this.generation;
    const owner = await this.accounts.findKey(keyHash);
    const principal = owner && sameHash(owner, keyHash) ? principalOf(owner) : undefined;
    if (generation === this.generation) {
      this.known.delete(keyHash);
      this.unknown.delete(keyHash);
      remember(
        principal ? this.known : this.unknown,
        keyHash,
        { principal, readAt: startedAt },
        this.maxEntries,
      );
    }
    return principal;
  }
}

function principalOf(owner: KeyOwner): Principal {
  return { keyId: owner.keyId, accountId: owner.accountId, tier: owner.tier, mode: owner.mode };
}

/** The lookup went by hash; the final comparison of the two hashes is constant-time. */
function sameHash(owner: KeyOwner, keyHash: string): boolean {
  return timingSafeEqual(Buffer.from(owner.keyHash, 'hex'), Buffer.from(keyHash, 'hex'));
}

function remember(map: Map<string, Entry>, key: string, entry: Entry, maxEntries: number): void {
  if (map.size >= maxEntries) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, entry);
}
