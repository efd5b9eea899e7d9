import { type RawBuilder, sql } from 'kysely';
import type { Database, Executor } from './database.js';
import type { DecisionsTable, EvidenceTable, SealsTable, ValidationsTable } from './tables.js';

/**
 * The ledger's queries: the seals, the records a seal closes, the walk `ledger verify` makes over
 * every record, a record with its seal for a proof, and retention by whole seals. None of them is
 * on the request path, which only inserts records (src/store/records.ts, decisions.ts).
 *
 * A seal closes validation records and decisions alike: both tables are read as one sequence in
 * (created_at, id) order (a union, so the database's own ordering decides for both, as it did
 * when only validation records were sealed). The ids cannot collide: `val_…` and `dec_…`.
 */

export type SealRow = SealsTable;

/** A record row with the SHA-256 of its evidence's reply, as its hash is computed. */
export type LedgerRecordRow = ValidationsTable & { evidence_sha256: string | null };

/** A row of either sealed table, as `ledger verify` walks them. */
export type LedgerRow =
  | (LedgerRecordRow & { kind: 'validation' })
  | (DecisionsTable & { kind: 'decision'; evidence_id: null });

type SealedKind = LedgerRow['kind'];

/** What checking evidence bytes against their hashes reads of an evidence row. */
const EVIDENCE_BYTES_COLUMNS = [
  'id',
  'request',
  'request_sha256',
  'response_body',
  'response_encoding',
  'truncated',
  'response_sha256',
  'kept_sha256',
] as const satisfies ReadonlyArray<keyof EvidenceTable>;

export type EvidenceBytesRow = Pick<EvidenceTable, (typeof EVIDENCE_BYTES_COLUMNS)[number]>;

/** What sealing reads of an unsealed record. */
export interface UnsealedRecord {
  id: string;
  created_at: number;
  record_hash: string | null;
}

/** Where a walk over records stopped: the last row's seal, time and id. */
export interface WalkPosition {
  seal_id: string | null;
  created_at: number;
  id: string;
}

/** A seal's id: its position in the chain, zero-padded so the ids sort as the chain does. */
export function sealId(seq: number): string {
  return `seal_${String(seq).padStart(12, '0')}`;
}

/** Statements per `in (…)` list: far below both engines' parameter limits. */
const CHUNK = 1000;

const recordColumns = (db: Executor) =>
  db
    .selectFrom('validations as v')
    .leftJoin('evidence as e', 'e.id', 'v.evidence_id')
    .selectAll('v')
    .select('e.response_sha256 as evidence_sha256');

export class LedgerStore {
  constructor(private readonly database: Database) {}

  get dialect() {
    return this.database.dialect;
  }

  /** Runs `work` in one transaction (SQLite: holding the write lock from its start). */
  transaction<T>(work: (db: Executor) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  lastSeal(db: Executor = this.database.db): Promise<SealRow | undefined> {
    return db.selectFrom('seals').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
  }

  /** Records not yet sealed made before `cut`, in the order they are sealed: (created_at, id). */
  async unsealedBefore(db: Executor, cut: number): Promise<UnsealedRecord[]> {
    const rows = await db
      .selectFrom('validations')
      .select(['id', 'created_at', 'record_hash'])
      .where('seal_id', 'is', null)
      .where('created_at', '<', cut)
      .unionAll(
        db
          .selectFrom('decisions')
          .select(['id', 'created_at', 'record_hash'])
          .where('seal_id', 'is', null)
          .where('created_at', '<', cut),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
  }

  /** Full rows of these records, for those written without a hash (before the ledger existed). */
  async recordsById(db: Executor, ids: readonly string[]): Promise<LedgerRecordRow[]> {
    const rows: LedgerRecordRow[] = [];
    for (let start = 0; start < ids.length; start += CHUNK)
      rows.push(
        ...(await recordColumns(db)
          .where('v.id', 'in', ids.slice(start, start + CHUNK))
          .execute()),
      );
    return rows;
  }

  async setRecordHash(db: Executor, id: string, hash: string): Promise<void> {
    await db.updateTable('validations').set({ record_hash: hash }).where('id', '=', id).execute();
  }

  /** Adds a seal; throws a unique violation when another sealer added one at this `seq`. */
  async insertSeal(db: Executor, seal: SealRow): Promise<void> {
    await db.insertInto('seals').values(seal).execute();
  }

  /** Marks these records (and decisions) as closed by `seal`; the number marked (only those not sealed before). */
  async markSealed(db: Executor, seal: string, ids: readonly string[]): Promise<number> {
    let marked = 0;
    const decisions = ids.filter(isDecisionId);
    const records = ids.filter((id) => !isDecisionId(id));
    for (const [table, chosen] of [
      ['validations', records],
      ['decisions', decisions],
    ] as const)
      for (let start = 0; start < chosen.length; start += CHUNK) {
        const result = await db
          .updateTable(table)
          .set({ seal_id: seal })
          .where('id', 'in', chosen.slice(start, start + CHUNK))
          .where('seal_id', 'is', null)
          .executeTakeFirst();
        marked += Number(result.numUpdatedRows);
      }
    return marked;
  }

  /** Every seal, in chain order. */
  seals(): Promise<SealRow[]> {
    return this.database.db.selectFrom('seals').selectAll().orderBy('seq').execute();
  }

  /**
   * The next `limit` records and decisions that name a seal, grouped by seal id and in
   * (created_at, id) order within a seal, after `after`; from the seal `fromSeal` on when given.
   */
  async sealedPage(after: WalkPosition | undefined, limit: number, fromSeal?: string): Promise<LedgerRow[]> {
    const conditions = [sql`seal_id is not null`];
    if (fromSeal !== undefined) conditions.push(sql`seal_id >= ${fromSeal}`);
    if (after)
      conditions.push(sql`(seal_id, created_at, id) > (${after.seal_id}, ${after.created_at}, ${after.id})`);
    return this.rowsAt(conditions, sql`seal_id, created_at, id`, limit);
  }

  /** The next `limit` records and decisions not yet sealed, in (created_at, id) order, made at or after `from`. */
  unsealedPage(after: WalkPosition | undefined, limit: number, from?: number): Promise<LedgerRow[]> {
    const conditions = [sql`seal_id is null`];
    if (from !== undefined) conditions.push(sql`created_at >= ${from}`);
    if (after) conditions.push(sql`(created_at, id) > (${after.created_at}, ${after.id})`);
    return this.rowsAt(conditions, sql`created_at, id`, limit);
  }

  /**
   * Rows of both sealed tables matching `conditions`, in `order`: their positions from the union
   * of the two, then the full rows of each table by id, put back in that order.
   */
  private async rowsAt(conditions: RawBuilder<unknown>[], order: RawBuilder<unknown>, limit: number) {
    const db = this.database.db;
    const positions = await sql<{ kind: SealedKind; id: string }>`select kind, id from (
        select 'validation' as kind, id, seal_id, created_at from validations
        union all
        select 'decision' as kind, id, seal_id, created_at from decisions
      ) as r where ${sql.join(conditions, sql` and `)} order by ${order} limit ${limit}`.execute(db);
    const ids = (kind: SealedKind) => positions.rows.filter((row) => row.kind === kind).map((row) => row.id);
    const byId = new Map<string, LedgerRow>();
    for (const row of await this.recordsById(db, ids('validation')))
      byId.set(row.id, { ...row, kind: 'validation' });
    for (const row of await this.decisionsById(db, ids('decision')))
      byId.set(row.id, { ...row, kind: 'decision', evidence_id: null });
    return positions.rows.flatMap((position) => {
      const row = byId.get(position.id);
      return row ? [row] : [];
    });
  }

  private async decisionsById(db: Executor, ids: readonly string[]): Promise<DecisionsTable[]> {
    const rows: DecisionsTable[] = [];
    for (let start = 0; start < ids.length; start += CHUNK)
      rows.push(
        ...(await db
          .selectFrom('decisions')
          .selectAll()
          .where('id', 'in', ids.slice(start, start + CHUNK))
          .execute()),
      );
    return rows;
  }

  /** One record of an account and key mode, with its evidence's reply hash; undefined if not theirs. */
  recordOf(id: string, accountId: string, mode: string): Promise<LedgerRecordRow | undefined> {
    return recordColumns(this.database.db)
      .where('v.id', '=', id)
      .where('v.account_id', '=', accountId)
      .where('v.mode', '=', mode as ValidationsTable['mode'])
      .executeTakeFirst();
  }

  /** The stored bytes and hashes of these evidence rows (any order; ids that do not exist are left out). */
  async evidenceBytes(ids: readonly string[]): Promise<EvidenceBytesRow[]> {
    const rows: EvidenceBytesRow[] = [];
    for (let start = 0; start < ids.length; start += CHUNK)
      rows.push(
        ...(await this.database.db
          .selectFrom('evidence')
          .select(EVIDENCE_BYTES_COLUMNS)
          .where('id', 'in', ids.slice(start, start + CHUNK))
          .execute()),
      );
    return rows;
  }

  /** One evidence row, whole (a proof names the exchange it rests on). */
  evidence(id: string): Promise<EvidenceTable | undefined> {
    return this.database.db.selectFrom('evidence').selectAll().where('id', '=', id).executeTakeFirst();
  }

  seal(id: string): Promise<SealRow | undefined> {
    return this.database.db.selectFrom('seals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The stored hashes of a seal's records and decisions in the order its root was computed over them. */
  async leavesOf(seal: string): Promise<Array<{ id: string; record_hash: string | null }>> {
    const db = this.database.db;
    return db
      .selectFrom('validations')
      .select(['id', 'record_hash', 'created_at'])
      .where('seal_id', '=', seal)
      .unionAll(
        db.selectFrom('decisions').select(['id', 'record_hash', 'created_at']).where('seal_id', '=', seal),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** One decision of an account and key mode; undefined if not theirs. */
  decisionOf(id: string, accountId: string, mode: string): Promise<DecisionsTable | undefined> {
    return this.database.db
      .selectFrom('decisions')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('mode', '=', mode as DecisionsTable['mode'])
      .executeTakeFirst();
  }

  /** Seals not yet pruned whose every record was made before `before`, oldest first. */
  prunableSeals(before: number, limit: number): Promise<SealRow[]> {
    return this.database.db
      .selectFrom('seals')
      .selectAll()
      .where('pruned_at', 'is', null)
      .where('to_at', '<=', before)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /**
   * Removes a seal's records and the evidence only they referred to (evidence the cache or a
   * record outside the seal still points at stays), and marks the seal pruned; one transaction.
   * Returns the numbers of records and evidence removed.
   */
  pruneSeal(seal: string, now: number): Promise<{ records: number; evidence: number }> {
    return this.database.transaction(async (db) => {
      const evidenceIds = (
        await db
          .selectFrom('validations')
          .select('evidence_id')
          .distinct()
          .where('seal_id', '=', seal)
          .where('evidence_id', 'is not', null)
          .execute()
      ).map((row) => row.evidence_id as string);
      const removed = await db.deleteFrom('validations').where('seal_id', '=', seal).executeTakeFirst();
      const decisions = await db.deleteFrom('decisions').where('seal_id', '=', seal).executeTakeFirst();
      let evidence = 0;
      for (let start = 0; start < evidenceIds.length; start += CHUNK) {
        const result = await db
          .deleteFrom('evidence')
          .where('id', 'in', evidenceIds.slice(start, start + CHUNK))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('validations as r')
                  .select(sql`1`.as('one'))
                  .whereRef('r.evidence_id', '=', 'evidence.id'),
              ),
            ),
          )
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('validation_cache as c')
                  .select(sql`1`.as('one'))
                  .whereRef('c.evidence_id', '=', 'evidence.id'),
              ),
            ),
          )
          .executeTakeFirst();
        evidence += Number(result.numDeletedRows);
      }
      await db.updateTable('seals').set({ pruned_at: now }).where('id', '=', seal).execute();
      return { records: Number(removed.numDeletedRows) + Number(decisions.numDeletedRows), evidence };
    });
  }
}

/** Decision ids (`dec_…`) and validation record ids never look alike. */
export function isDecisionId(id: string): boolean {
  return id.startsWith('dec_');
}

/** True when `error` is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
