import { randomUUID } from 'node:crypto';
import type { ValidationAnswer } from '../validation/answer.js';
import type { BatchItem } from '../validation/batch-item.js';

/**
 * Every event the service sends, built here and nowhere else (decisions section 6): the body is
 * `{ id, type, created_at, data }`, stored as sent so retries and replays send the same bytes.
 */

export type EventType = 'validation.completed' | 'validation.failed' | 'batch.completed' | 'test';

export interface NewEvent {
  type: EventType;
  data: unknown;
}

export function newEventId(): string {
  return `evt_${randomUUID().replace(/-/g, '')}`;
}

/** The exact body of an event's deliveries. */
export function eventPayload(id: string, event: NewEvent, createdAt: number): string {
  return JSON.stringify({
    id,
    type: event.type,
    created_at: new Date(createdAt).toISOString(),
    data: event.data,
  });
}

/**
 * `validation.completed`: the validation result plus `request_id`, the record's `validation_id`
 * and the caller's `reference`, its meta in `data.meta`.
 */
export function validationCompleted(
  requestId: string,
  answer: ValidationAnswer,
  validationId: string,
  reference: string | null,
): NewEvent {
  return {
    type: 'validation.completed',
    data: {
      ...answer.data,
      request_id: requestId,
      validation_id: validationId,
      reference,
      meta: answer.meta,
    },
  };
}

export function validationFailed(
  requestId: string,
  vatNumber: string,
  error: { code: string; message: string },
): NewEvent {
  return { type: 'validation.failed', data: { request_id: requestId, vat_number: vatNumber, error } };
}

/** `batch.completed`: one item per accepted position, in input order, as the sync batch shapes them. */
export function batchCompleted(batchId: string, results: readonly BatchItem[]): NewEvent {
  const succeeded = results.filter((result) => 'data' in result).length;
  return {
    type: 'batch.completed',
    data: {
      batch_id: batchId,
      results,
      summary: { total: results.length, succeeded, failed: results.length - succeeded },
    },
  };
}

export function testEvent(): NewEvent {
  return { type: 'test', data: { message: 'This is a test event from the VAT validation API.' } };
}
