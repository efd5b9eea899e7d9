import type { Quota, QuotaOwner, QuotaState } from '../accounts/quota.js';
import type { Clock } from '../clock.js';
import { timeOrderedId } from '../ids.js';
import { recordHash } from '../records/record-shape.js';
import { type AnswerWrites, type ChargeStore, NO_WRITES } from '../store/charges.js';
import { withKnownCommit } from '../store/commit-outcome.js';
import { CommitOutcomeUnknownError } from '../store/database.js';
import type { AnswerInCommit } from '../store/idempotency.js';
import type { RecordStore, ValidationRecord } from '../store/records.js';
import type { Stores } from '../store/stores.js';
import type { DecisionsTable, KeyMode } from '../store/tables.js';
import type { ValidationAnswer } from './answer.js';
import type { UnsettledCharges } from './unsettled-charges.js';

/**
 * The charge-and-record stage: every answer served with a live key becomes a record (spec 4.4:
 * every channel), written together with the unit of quota it takes.
 */

export type Channel = 'sync' | 'batch' | 'async' | 'bulk' | 'monitor';

export interface RecordContext {
  accountId: string;
  mode: KeyMode;
  /** The request the answers were given to (an async item's own id for async work). */
  requestId: string;
  channel: Channel;
  /** The caller's own id for the customer or order (A2). */
  reference?: string | null;
  batchId?: string | null;
  bulkId?: string | null;
  monitorId?: string | null;
  /** The requester's normalised number, when one was sent. */
  requester?: string | null;
}

/** A new record id: `val_` and a time-ordered id, so records sort by when they were made. */
export function newRecordId(now: number): string {
  return timeOrderedId('val', now);
}

/**
 * The rows of the answers' records, each with its hash (src/records/record-shape.ts). `references`,
 * when given, holds each answer's own reference in place of the context's.
 */
export function recordsOf(
  answers: readonly ValidationAnswer[],
  context: RecordContext,
  now: number,
  references?: ReadonlyArray<string | null>,
): ValidationRecord[] {
  return answers.map((answer, index) =>
    recordOf(
      answer,
      references ? { ...context, reference: references[index] } : context,
      now,
      newRecordId(now),
    ),
  );
}

export function recordOf(
  answer: ValidationAnswer,
  context: RecordContext,
  now: number,
  id: string,
): ValidationRecord {
  const { data, meta } = answer;
  const row: ValidationRecord = {
    id,
    account_id: context.accountId,
    mode: context.mode,
    request_id: context.requestId,
    reference: context.reference ?? null,
    channel: context.channel,
    batch_id: context.batchId ?? null,
    bulk_id: context.bulkId ?? null,
    monitor_id: context.monitorId ?? null,
    vat_number: data.vat_number,
    country_code: data.country_code,
    valid: data.valid ? 1 : 0,
    company_name: data.company?.name ?? null,
    company_address: data.company?.address ?? null,
    consultation_number: data.consultation_number ?? null,
    requester_vat_number: context.requester ?? null,
    requested_at: Date.parse(data.requested_at),
    match: data.match ? JSON.stringify(data.match) : null,
    source: meta.source,
    source_status: meta.source_status,
    cached: meta.cached ? 1 : 0,
    cached_at: meta.cached_at === undefined ? null : Date.parse(meta.cached_at),
    stale: meta.stale ? 1 : 0,
    evidence_id: answer.evidence?.id ?? null,
    record_hash: null,
    seal_id: null,
    created_at: now,
  };
  row.record_hash = recordHash(row, answer.evidence?.sha256 ?? null);
  return row;
}

/** Writes the answers' records; returns them. */
export async function recordAnswers(
  records: RecordStore,
  answers: readonly ValidationAnswer[],
  context: RecordContext,
  now: number,
): Promise<ValidationRecord[]> {
  const rows = recordsOf(answers, context, now);
  if (rows.length > 0) await records.insert(rows);
  return rows;
}

export interface ChargeDeps {
  quota: Quota;
  stores: { charges: ChargeStore; transaction: Stores['transaction'] };
  clock: Clock;
  /** Where a charge goes whose write may have happened although the request failed. */
  unsettled: UnsettledCharges;
}

/**
 * Takes one unit per record and writes the records and the decisions resting on them, atomically,
 * in one unit of work with the answers' evidence and cache entries (`writes`, kept even when the
 * charge is refused): 429 when the quota ran out meanwhile (nothing charged, nothing recorded).
 * When the connection breaks once the write was sent, the request fails (503) although the charge
 * may have been made: it is handed to `unsettled`, which undoes it once the database answers
 * again.
 *
 * With `answer` (the request's Idempotency-Key), the answer its retries get is stored in the
 * charge's transaction, so the charge is never made without it; on PostgreSQL the charge
 * statement then runs in that transaction rather than with the account's other charges. A COMMIT
 * whose reply was lost is looked up first (store/commit-outcome.ts): when it happened, the request
 * gets its answer; when that cannot be told, the charge and its stored answer are undone together.
 */
export async function chargeRecords(
  deps: ChargeDeps,
  owner: QuotaOwner,
  records: readonly ValidationRecord[],
  now: number,
  writes: AnswerWrites = NO_WRITES,
  decisions: readonly DecisionsTable[] = [],
  answer?: AnswerInCommit<QuotaState>,
): Promise<QuotaState> {
  const reservation = deps.quota.reservation(owner, records.length, now);
  try {
    if (!answer) {
      return deps.quota.settle(
        reservation,
        await deps.stores.charges.charge(reservation, records, writes, decisions),
        now,
      );
    }
    const charge = () =>
      deps.stores.transaction(async (stores) => {
        const result = await stores.charges.charge(reservation, records, writes, decisions);
        // A refused charge keeps what its answers left (`writes`) and stores no answer (429).
        if (result.ok) await answer.store(stores, deps.quota.settle(reservation, result, now));
        return result;
      });
    const result = await withKnownCommit(charge, {
      committed: () => answer.committed(),
      outcome: async () => ({ ok: true, used: (await deps.quota.current(owner, now)).used }),
    });
    return deps.quota.settle(reservation, result, now);
  } catch (error) {
    if (error instanceof CommitOutcomeUnknownError) {
      deps.unsettled.add({
        accountId: owner.accountId,
        period: reservation.period,
        recordIds: records.map((record) => record.id),
        decisionIds: decisions.map((decision) => decision.id),
        answer,
      });
    }
    throw error;
  }
}
