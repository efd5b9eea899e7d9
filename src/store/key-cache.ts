import type { Kysely } from 'kysely';
import { authenticateKey, hashKey, KEY_PATTERN, onKeysChanged, type Principal } from './accounts.js';
import type { Tables } from './tables.js';

/**
 * Keys resolved in the last second, in memory, so that a request with a known key costs a SHA-256
 * and a Map lookup instead of a database round trip (issue 5: the per-request key lookup was half
 * of a GET /v1/rates/DE request). Only keys that resolved are kept: a key created by another process
 * works on its first request.
 *
 * Revocations and tier changes made in this process (store/accounts.ts) empty the cache at once.
 * Those of other processes (the CLI run from a shell, other instances) are seen within `refreshMs`:
 * an entry older than that is read again from the database before it is used, and the requests
 * that need it meanwhile share that one read.
 */

export interface KeyCacheOptions {
  /** How long a resolved key is used before it is read again (default 1000 ms). */
  refreshMs?: number;
  /** Most keys kept; the oldest entry goes first (default 10,000). */
  maxEntries?: number;
  /** Monotonic milliseconds; tests may pass their own. */
  now?: () => number;
}

interface Entry {
  principal: Principal;
  readAt: number;
}

export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<Principal | undefined>>();
  private readonly lastOnConnection = new WeakMap<object, { presented: string; hash: string }>();
  private readonly refreshMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly unsubscribe: () => void;
  /** Bumped by clear(): a read that started before it must not store what it found. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Tables>,
    options: KeyCacheOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 1_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? (() => performance.now());
    this.unsubscribe = onKeysChanged(() => this.clear());
  }

  /**
   * The key's principal: at once when cached and fresh, else after one database read. `connection`
   * (the request's socket) lets a keep-alive client, which sends the same key on every request, skip
   * the SHA-256 after its first request: the connection remembers the last key it presented and that
   * key's hash, and a key equal to it (compared in constant time: a proxy may carry several
   * customers' requests over one connection) reuses the hash. Everything after the hash, freshness
   * and revocation included, is the same as without it.
   */
  resolve(presented: string, connection?: object): Principal | undefined | Promise<Principal | undefined> {
    let hash: string;
    const last = connection === undefined ? undefined : this.lastOnConnection.get(connection);
    if (last !== undefined && sameKey(last.presented, presented)) hash = last.hash;
    else {
      if (!KEY_PATTERN.test(presented)) return undefined;
      hash = hashKey(presented);
      if (connection !== undefined) this.lastOnConnection.set(connection, { presented, hash });
    }
    const entry = this.entries.get(hash);
    if (entry && this.now() - entry.readAt < this.refreshMs) return entry.principal;
    const running = this.reading.get(hash);
    if (running) return running;
    const generation = this.generation;
    const startedAt = this.now();
    const read = authenticateKey(this.db, presented)
      .then((principal) => {
        if (generation === this.generation) this.store(hash, principal, startedAt);
        return principal;
      })
      .finally(() => {
        if (this.reading.get(hash) === read) this.reading.delete(hash);
      });
    this.reading.set(hash, read);
    return read;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.reading.clear();
  }

  /** Forgets everything and stops listening for changes (the app is closing). */
  close(): void {
    this.clear();
    this.unsubscribe();
  }

  private store(hash: string, principal: Principal | undefined, readAt: number): void {
    this.entries.delete(hash);
    if (!principal) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { principal, readAt });
  }
}

/** Equal strings, in time that depends on the length only (keys all have one length). */
function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
