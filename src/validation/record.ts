import type { Quota, QuotaOwner, QuotaState } from '../accounts/quota.js';
import type { Clock } from '../clock.js';
import { timeOrderedUuid } from '../ids.js';
import type { ChargeStore } from '../store/charges.js';
import { CommitOutcomeUnknownError } from '../store/database.js';
import type { RecordStore, ValidationRecord } from '../store/records.js';
import type { ValidationAnswer } from './answer.js';
import type { UnsettledCharges } from './unsettled-charges.js';

/**
 * The charge-and-record stage: every answer served with a live key becomes a record (spec 4.4:
 * every channel), written together with the unit of quota it takes.
 */

export type Channel = 'sync' | 'batch' | 'async';

export interface RecordContext {
  accountId: string;
  /** The request the answers were given to (a batch or async item's own id for async work). */
  requestId: string;
  channel: Channel;
}

export function recordsOf(
  answers: readonly ValidationAnswer[],
  context: RecordContext,
  now: number,
): ValidationRecord[] {
  return answers.map((answer) => ({
    id: timeOrderedUuid(now),
    account_id: context.accountId,
    request_id: context.requestId,
    vat_number: answer.data.vat_number,
    valid: answer.data.valid ? 1 : 0,
    source: answer.meta.source,
    source_status: answer.meta.source_status,
    channel: context.channel,
    created_at: now,
  }));
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
  stores: { charges: ChargeStore };
  clock: Clock;
  /** Where a charge goes whose write may have happened although the request failed. */
  unsettled: UnsettledCharges;
}

/**
 * Takes one unit per answer and writes their records, atomically: 429 when the quota ran out
 * meanwhile (nothing charged, nothing recorded). When the connection breaks once the write was
 * sent, the request fails (503) although the charge may have been made: it is handed to
 * `unsettled`, which undoes it once the database answers again.
 */
export async function chargeAnswers(
  deps: ChargeDeps,
  owner: QuotaOwner,
  answers: readonly ValidationAnswer[],
  context: RecordContext,
): Promise<QuotaState> {
  const now = deps.clock.now();
  const reservation = deps.quota.reservation(owner, answers.length, now);
  const records = recordsOf(answers, context, now);
  try {
    return deps.quota.settle(reservation, await deps.stores.charges.charge(reservation, records), now);
  } catch (error) {
    if (error instanceof CommitOutcomeUnknownError) {
      const recordIds = records.map((record) => record.id);
      deps.unsettled.add({ accountId: owner.accountId, period: reservation.period, recordIds });
    }
    throw error;
  }
}
