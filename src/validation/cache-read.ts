import type { ParsedVatNumber } from '../numbers/index.js';
import type { CacheEntry, CacheStore } from '../store/cache.js';
import { companyOf, iso, type Source, type ValidationAnswer } from './answer.js';

/**
 * The cache stage (decisions section 2): an entry younger than the TTL is served as `cached`; an
 * older one within the stale window is kept for the registry stage, which serves it when the
 * registry fails (`unavailable`) or suddenly says "not registered" (`degraded`).
 */

export interface CacheRules {
  ttlSeconds: number;
  staleMaxAgeSeconds: number;
}

export type CachedStatus = 'cached' | 'unavailable' | 'degraded';

export interface CacheRead {
  /** The answer when the entry is fresh. */
  fresh?: ValidationAnswer;
  /** The entry as found (fresh, stale or absent). */
  entry: CacheEntry | undefined;
}

export async function readCache(
  cache: CacheStore,
  number: ParsedVatNumber,
  options: { rules: CacheRules; now: number },
): Promise<CacheRead> {
  return cacheReadOf(number, await cache.get(number.vatNumber), options);
}

/** The cache stage's result for an entry already read. */
export function cacheReadOf(
  number: ParsedVatNumber,
  entry: CacheEntry | undefined,
  options: { rules: CacheRules; now: number },
): CacheRead {
  const fresh = isFresh(entry, options.rules, options.now)
    ? cachedAnswer(number, entry, { status: 'cached', now: options.now })
    : undefined;
  return { fresh, entry };
}

/** An entry within the TTL. */
export function isFresh(entry: CacheEntry | undefined, rules: CacheRules, now: number): entry is CacheEntry {
  return entry !== undefined && entry.fetched_at > now - rules.ttlSeconds * 1000;
}

/** An entry young enough to be served when the registry cannot answer. */
export function withinStaleWindow(entry: CacheEntry, rules: CacheRules, now: number): boolean {
  return entry.fetched_at >= now - rules.staleMaxAgeSeconds * 1000;
}

/** A cached answer: no consultation number member at all, `cached_at` the time it was fetched. */
export function cachedAnswer(
  number: ParsedVatNumber,
  entry: CacheEntry,
  options: { status: CachedStatus; now: number },
): ValidationAnswer {
  const valid = entry.valid === 1;
  return {
    data: {
      valid,
      vat_number: number.vatNumber,
      country_code: number.countryCode,
      company: companyOf(valid, entry.company_name, entry.company_address),
      requested_at: iso(options.now),
      match: null,
    },
    meta: {
      cached: true,
      cached_at: iso(entry.fetched_at),
      ...(options.status === 'cached' ? {} : { stale: true }),
      source: entry.source as Source,
      source_status: options.status,
    },
    ...(entry.evidence_id && entry.evidence_sha256
      ? { evidence: { id: entry.evidence_id, sha256: entry.evidence_sha256 } }
      : {}),
  };
}
