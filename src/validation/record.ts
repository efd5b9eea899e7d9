import { timeOrderedUuid } from '../ids.js';
import type { RecordStore, ValidationRecord } from '../store/records.js';
import type { ValidationAnswer } from './answer.js';

/** The record stage: every answer served with a live key becomes a record (spec 4.4: every channel). */

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
