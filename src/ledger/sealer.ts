import type { Clock } from '../clock.js';
import { recordHash } from '../records/record-shape.js';
import { isUniqueViolation, type LedgerStore, type SealRow, sealId } from '../store/ledger.js';
import { merkleRoot, sealHash } from './hashing.js';

/**
 * Sealing: every record not yet sealed and made before the cut is closed into one
 * seal, a Merkle root over the records' hashes in (created_at, id) order, chained to the previous
 * seal's hash. The cut is the last multiple of the interval at least `graceMs` in the past, so
 * one seal per interval at most, and a record whose transaction is still open at the cut is in
 * most cases already visible when its interval is sealed. One that commits later still has no
 * seal and is picked up by the next seal (records are chosen by `seal_id IS NULL`, not by time
 * window), never by none. The request path only inserts records: no lock is shared with it.
 *
 * Any number of sealers may run at once: in one transaction a sealer reads the last seal, adds
 * the next one at `seq + 1` (unique, so of two sealers racing for it one fails and gives up) and
 * marks exactly the records it hashed, only those still unsealed.
 */

/** Longer than any transaction that writes records, so late commits are rare (and still sealed). */
export const SEAL_GRACE_MS = 10_000;

export interface SealerOptions {
  ledger: LedgerStore;
  clock: Clock;
  intervalMs: number;
  graceMs?: number;
}

/** The instant a seal made at `now` closes: the last multiple of the interval `graceMs` ago. */
export function sealCut(now: number, intervalMs: number, graceMs = SEAL_GRACE_MS): number {
  const interval = Math.max(1, intervalMs);
  return Math.floor((now - graceMs) / interval) * interval;
}

/**
 * Seals the records made before this interval's cut; the new seal, or null when there was nothing
 * to seal, this interval was sealed already, or another sealer won the race.
 */
export async function sealLedger(options: SealerOptions): Promise<SealRow | null> {
  const { ledger, clock } = options;
  const now = clock.now();
  const cut = sealCut(now, options.intervalMs, options.graceMs);
  try {
    return await ledger.transaction(async (db) => {
      const last = await ledger.lastSeal(db);
      if (last && last.to_at >= cut) return null;
      const records = await ledger.unsealedBefore(db, cut);
      if (records.length === 0) return null;
      // Records written before the ledger existed carry no hash: it is computed now, once.
      const unhashed = records.filter((record) => record.record_hash === null).map((record) => record.id);
      if (unhashed.length > 0) {
        const hashes = new Map<string, string>();
        for (const row of await ledger.recordsById(db, unhashed)) {
          const hash = recordHash(row, row.evidence_sha256);
          hashes.set(row.id, hash);
          await ledger.setRecordHash(db, row.id, hash);
        }
        for (const record of records) record.record_hash ??= hashes.get(record.id) ?? null;
      }
      const seq = (last?.seq ?? 0) + 1;
      const fromAt = last ? last.to_at : records[0].created_at;
      const root = merkleRoot(records.map((record) => record.record_hash as string));
      const previousHash = last?.hash ?? null;
      const seal: SealRow = {
        id: sealId(seq),
        seq,
        previous_hash: previousHash,
        root,
        count: records.length,
        from_at: fromAt,
        to_at: cut,
        hash: sealHash({
          previous_hash: previousHash,
          root,
          count: records.length,
          from: new Date(fromAt).toISOString(),
          to: new Date(cut).toISOString(),
        }),
        sealed_at: now,
        pruned_at: null,
      };
      await ledger.insertSeal(db, seal);
      const marked = await ledger.markSealed(
        db,
        seal.id,
        records.map((record) => record.id),
      );
      // Only a sealer that skipped the seq check could have marked them; never seal a record twice.
      if (marked !== records.length)
        throw new Error(`${records.length - marked} records were sealed meanwhile`);
      return seal;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export interface PruneOptions {
  ledger: LedgerStore;
  clock: Clock;
  retentionDays: number;
}

const DAY_MS = 86_400_000;

/**
 * Retention (A8): removes the records and evidence of every seal whose records are all older
 * than the retention period, a whole seal at a time; the seal stays (root, count, chain link) and
 * is marked pruned. Evidence still referenced by the cache or a newer record stays.
 */
export async function pruneLedger(
  options: PruneOptions,
): Promise<{ seals: number; records: number; evidence: number }> {
  const { ledger, clock } = options;
  const before = clock.now() - options.retentionDays * DAY_MS;
  const total = { seals: 0, records: 0, evidence: 0 };
  for (;;) {
    const seals = await ledger.prunableSeals(before, 100);
    if (seals.length === 0) return total;
    for (const seal of seals) {
      const removed = await ledger.pruneSeal(seal.id, clock.now());
      total.seals += 1;
      total.records += removed.records;
      total.evidence += removed.evidence;
    }
  }
}
