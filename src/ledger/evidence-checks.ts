import { type EvidencePart, mismatchedParts } from '../records/evidence-integrity.js';
import type { LedgerStore } from '../store/ledger.js';

/** What the checks read of a row: the evidence it names (decisions name none). */
type RowWithEvidence = { evidence_id: string | null };

/**
 * The evidence check of `ledger verify`: the stored bytes of each exchange a record rests on,
 * hashed again. The records are walked a page at a time; the exchanges of a page are read in one
 * query and each is checked once while it stays among the last `remember` checked, so an exchange
 * many cached answers rest on is not read again for every record (cached answers come close
 * together in time, and the walk is in time order). Memory stays bounded whatever the ledger holds.
 */

/** Exchanges whose result is kept; at least a page of records' worth. */
const REMEMBER = 50_000;

export class EvidenceChecks {
  /** Evidence id → the parts that failed (empty: intact), oldest checked first. */
  private readonly checked = new Map<string, EvidencePart[]>();

  constructor(
    private readonly ledger: LedgerStore,
    private readonly remember = REMEMBER,
  ) {}

  /** Checks the exchanges `rows` rest on that are not among those remembered. */
  async prepare(rows: readonly RowWithEvidence[]): Promise<void> {
    const wanted = new Set<string>();
    for (const row of rows) if (row.evidence_id !== null) wanted.add(row.evidence_id);
    const missing: string[] = [];
    for (const id of wanted) {
      const parts = this.checked.get(id);
      if (parts === undefined) missing.push(id);
      else this.keep(id, parts); // newest again, so this page's results outlive the evictions below
    }
    for (const evidence of await this.ledger.evidenceBytes(missing))
      this.keep(evidence.id, mismatchedParts(evidence));
  }

  /**
   * The break line for a record whose evidence fails its hashes, or undefined. Call after
   * `prepare` for the record's page. A record naming evidence that does not exist breaks its own
   * hash instead (its reply hash is then null), which the record check reports.
   */
  problemOf(row: RowWithEvidence): string | undefined {
    if (row.evidence_id === null) return undefined;
    const parts = this.checked.get(row.evidence_id);
    if (!parts || parts.length === 0) return undefined;
    const what = parts.map((part) => `the ${part}`).join(' and ');
    const verb = parts.length > 1 ? 'do' : 'does';
    return `${what} of its evidence ${row.evidence_id} ${verb} not match the SHA-256 kept with it (the evidence was edited)`;
  }

  private keep(id: string, parts: EvidencePart[]): void {
    this.checked.delete(id);
    this.checked.set(id, parts);
    if (this.checked.size > this.remember) this.checked.delete(this.checked.keys().next().value as string);
  }
}
