import { decisionHash } from '../decisions/decision-shape.js';
import { recordHash } from '../records/record-shape.js';
import type { LedgerRow, LedgerStore, SealRow, WalkPosition } from '../store/ledger.js';
import { EvidenceChecks } from './evidence-checks.js';
import { merkleRoot, sealHash } from './hashing.js';

/**
 * `ledger verify`: walks the seal chain (each seal's hash from its
 * header, each link to the previous seal, no seal missing) and every record: its hash recomputed
 * from its row and its evidence's reply hash, the stored bytes of that evidence (reply and request)
 * hashed again (evidence-checks.ts), and each seal's count and Merkle root recomputed from the
 * records that name it. Pruned seals are checked in the chain only; a record still naming one was
 * put there. Decisions (`dec_…`) are sealed with the records and checked the same way, without
 * evidence of their own (the buyer's check they rest on is a record). Each break is one line naming
 * the record, the decision or the seal.
 */

export interface VerifyOptions {
  /** Only records made from here on (epoch ms) and the seals holding them; the chain is always walked. */
  from?: number;
  /** Rows read per query. */
  pageSize?: number;
  onBreak?: (line: string) => void;
}

export interface VerifyReport {
  records: number;
  seals: number;
  pruned: number;
  breaks: string[];
}

export function sealHeaderHash(seal: SealRow): string {
  return sealHash({
    previous_hash: seal.previous_hash,
    root: seal.root,
    count: Number(seal.count),
    from: new Date(Number(seal.from_at)).toISOString(),
    to: new Date(Number(seal.to_at)).toISOString(),
  });
}

interface Group {
  sealId: string;
  leaves: string[];
  /** A record line was printed for it already: a root mismatch would only repeat it. */
  flagged: boolean;
}

export async function verifyLedger(ledger: LedgerStore, options: VerifyOptions = {}): Promise<VerifyReport> {
  const pageSize = options.pageSize ?? 5000;
  const breaks: string[] = [];
  const report = (line: string) => {
    breaks.push(line);
    options.onBreak?.(line);
  };
  const seals = await ledger.seals();
  checkChain(seals, report);

  const byId = new Map(seals.map((seal) => [seal.id, seal]));
  const inScope = seals.filter((seal) => options.from === undefined || Number(seal.to_at) > options.from);
  const seen = new Set<string>();
  const evidence = new EvidenceChecks(ledger);
  let records = 0;
  const checkEvidence = (row: LedgerRow) => {
    const problem = evidence.problemOf(row);
    if (problem) report(`${row.id}: ${problem}`);
  };

  const finish = (group: Group) => {
    seen.add(group.sealId);
    const seal = byId.get(group.sealId);
    if (!seal) return; // each of its records was reported
    const count = group.leaves.length;
    if (seal.pruned_at !== null)
      report(`${seal.id}: pruned, yet ${count} record(s) name it (records inserted)`);
    else if (count < seal.count)
      report(`${seal.id}: holds ${count} records, ${seal.count} were sealed (a record removed)`);
    else if (count > seal.count)
      report(`${seal.id}: holds ${count} records, ${seal.count} were sealed (a record inserted)`);
    else if (!group.flagged && merkleRoot(group.leaves) !== seal.root)
      report(`${seal.id}: its records do not hash to its root (a record edited, replaced or reordered)`);
  };

  if (inScope.length > 0) {
    let group: Group | undefined;
    let after: WalkPosition | undefined;
    const fromSeal = options.from === undefined ? undefined : inScope[0].id;
    for (;;) {
      const rows = await ledger.sealedPage(after, pageSize, fromSeal);
      await evidence.prepare(rows);
      for (const row of rows) {
        records += 1;
        if (row.seal_id !== group?.sealId) {
          if (group) finish(group);
          group = { sealId: row.seal_id as string, leaves: [], flagged: false };
        }
        const hash = hashOf(row);
        group.leaves.push(hash);
        const seal = byId.get(group.sealId);
        const problem = recordProblem(row, hash, seal);
        if (problem) {
          report(`${row.id}: ${problem}`);
          group.flagged = true;
        }
        checkEvidence(row);
      }
      if (rows.length < pageSize) break;
      after = position(rows[rows.length - 1]);
    }
    if (group) finish(group);
  }
  for (const seal of inScope)
    if (!seen.has(seal.id) && seal.pruned_at === null)
      report(`${seal.id}: none of its ${seal.count} records is left (records removed)`);

  let after: WalkPosition | undefined;
  for (;;) {
    const rows = await ledger.unsealedPage(after, pageSize, options.from);
    await evidence.prepare(rows);
    for (const row of rows) {
      records += 1;
      if (hashOf(row) !== row.record_hash)
        report(
          `${row.id}: its contents do not match its record hash (the record was edited; not sealed yet)`,
        );
      checkEvidence(row);
    }
    if (rows.length < pageSize) break;
    after = position(rows[rows.length - 1]);
  }

  const pruned = seals.filter((seal) => seal.pruned_at !== null).length;
  return { records, seals: seals.length, pruned, breaks };
}

function checkChain(seals: readonly SealRow[], report: (line: string) => void): void {
  let previous: SealRow | undefined;
  for (const seal of seals) {
    const expected = (previous?.seq ?? 0) + 1;
    if (seal.seq !== expected)
      report(
        `${seal.id}: seal(s) ${expected}${seal.seq - 1 > expected ? `-${seal.seq - 1}` : ''} before it are missing (a seal removed)`,
      );
    if (seal.previous_hash !== (previous?.hash ?? null))
      report(
        `${seal.id}: its previous_hash is not the hash of ${previous ? previous.id : 'nothing (it is the first seal)'} (a seal edited)`,
      );
    if (sealHeaderHash(seal) !== seal.hash)
      report(`${seal.id}: its hash does not match its root, count and times (the seal was edited)`);
    previous = seal;
  }
}

function recordProblem(row: LedgerRow, hash: string, seal: SealRow | undefined): string | undefined {
  if (!seal) return `names ${row.seal_id}, which is no seal (a record inserted)`;
  if (hash !== row.record_hash) return `its contents do not match its record hash (the record was edited)`;
  if (Number(row.created_at) >= Number(seal.to_at))
    return `made after ${seal.id} was cut, yet in it (a record inserted)`;
  return undefined;
}

/** A row's leaf hash, recomputed from what it holds. */
function hashOf(row: LedgerRow): string {
  return row.kind === 'decision' ? decisionHash(row) : recordHash(row, row.evidence_sha256);
}

function position(row: LedgerRow): WalkPosition {
  return { seal_id: row.seal_id, created_at: Number(row.created_at), id: row.id };
}
