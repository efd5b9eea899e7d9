import type { RegistryExchange } from '../registries/registry.js';
import type { CacheStore } from '../store/cache.js';
import type { AnswerWrites } from '../store/charges.js';
import type { EvidenceStore } from '../store/evidence.js';
import type { ValidationCacheTable } from '../store/tables.js';
import type { EvidenceRef, ValidationAnswer } from './answer.js';
import { type ExchangeOwner, evidenceRow } from './evidence.js';

/**
 * What a registry answer leaves behind besides its record: the exchange kept as evidence and the
 * number's new cache entry. Where the answer is kept by the pipeline (sync and batch answers),
 * they are held with the answer and written in the unit of work that charges and records it
 * (pipeline.ts, store/charges.ts): one transaction per answer instead of three. Elsewhere they
 * are written at once. An answer shared by coalesced lookups is written once: whoever keeps it
 * first takes its writes. Until they are written, the lookup stays open for identical lookups to
 * join (live-lookup.ts `written`), so none of them asks the registry again meanwhile.
 */

interface Held {
  writes: AnswerWrites;
  /** Settles once the writes are written or given up. */
  written: Promise<void>;
  release(): void;
}

const held = new WeakMap<ValidationAnswer, Held>();

/**
 * How long held writes keep their lookup open at most: an answer nobody keeps (its request failed
 * on another number of its batch) must not hold identical lookups to itself for ever.
 */
const HOLD_LIMIT_MS = 60_000;

/** The evidence of an exchange and, unless it must not be cached, the number's cache entry. */
export function writesOf(
  exchange: RegistryExchange,
  owner: ExchangeOwner | undefined,
  answeredAt: number,
  entry: Omit<ValidationCacheTable, 'evidence_id' | 'fetched_at'> | undefined,
): { writes: AnswerWrites; evidence: EvidenceRef } {
  const row = evidenceRow(exchange, owner, answeredAt);
  return {
    writes: {
      evidence: [row],
      cache: entry ? [{ ...entry, fetched_at: answeredAt, evidence_id: row.id }] : [],
    },
    evidence: { id: row.id, sha256: row.response_sha256 },
  };
}

/**
 * Leaves `writes` with `answer` for the stage that keeps it (`hold`), or writes them now. Returns
 * the answer.
 */
export async function leaveWrites(
  stores: { evidence: EvidenceStore; cache: CacheStore },
  answer: ValidationAnswer,
  writes: AnswerWrites,
  hold: boolean | undefined,
): Promise<ValidationAnswer> {
  if (hold) {
    let settle = () => {};
    const written = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(settle, HOLD_LIMIT_MS);
    timer.unref();
    held.set(answer, {
      writes,
      written,
      release: () => {
        clearTimeout(timer);
        settle();
      },
    });
    return answer;
  }
  for (const row of writes.evidence) await stores.evidence.insert(row);
  for (const entry of writes.cache) await stores.cache.put(entry);
  return answer;
}

/** Settles once the writes held with `answer` are written or given up; at once when none are held. */
export function written(answer: ValidationAnswer): Promise<void> {
  return held.get(answer)?.written ?? Promise.resolve();
}

/**
 * The writes held with `answers`, taken: nobody else writes them. The taker writes them in its
 * unit of work and then calls `release`, whether that succeeded or not.
 */
export function takeWrites(answers: readonly ValidationAnswer[]): { writes: AnswerWrites; release(): void } {
  const evidence: AnswerWrites['evidence'][number][] = [];
  const cache: AnswerWrites['cache'][number][] = [];
  const taken: Held[] = [];
  for (const answer of answers) {
    const entry = held.get(answer);
    if (!entry) continue;
    held.delete(answer);
    taken.push(entry);
    evidence.push(...entry.writes.evidence);
    cache.push(...entry.writes.cache);
  }
  return {
    writes: { evidence, cache },
    release: () => {
      for (const entry of taken) entry.release();
    },
  };
}
