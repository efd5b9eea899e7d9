import { randomUUID } from 'node:crypto';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { type ErrorCode, ErrorObject } from '../errors.js';
import { MonitorChange } from '../monitors/monitor-shape.js';
import type { AppliedChange } from '../rates/entries.js';
import { RateChangedData } from '../rates/rate-shapes.js';
import {
  AnswerMeta,
  IsoTime,
  recordMetaProperties,
  type ValidationAnswer,
  ValidationData,
  ValidationId,
} from '../validation/answer.js';
import { BatchItem, BatchSummary } from '../validation/batch-item.js';

/**
 * Every event the service sends, built here and nowhere else (decisions section 6): the body is
 * `{ id, type, created_at, data }`, stored as sent so retries and replays send the same bytes.
 * Each event's shape is a TypeBox schema beside its builder: the builders are typed by them, and
 * the OpenAPI document's `webhooks` section is generated from them.
 */

export const EVENT_TYPES = [
  'validation.completed',
  'validation.failed',
  'batch.completed',
  'monitor.changed',
  'bulk.completed',
  'rate.changed',
  'test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const EventId = Type.String({
  pattern: '^evt_[0-9a-f]{32}$',
  description: 'Also the `webhook-id` header: the same on every retry and replay of the event',
});

const Reference = recordMetaProperties.reference;

/**
 * `validation.completed`: the validation result plus `request_id`, the record's `validation_id`
 * and the caller's `reference`, its meta in `data.meta`.
 */
export const ValidationCompletedData = Type.Intersect(
  [
    Type.Ref(ValidationData),
    Type.Object({
      request_id: Type.String({ description: 'The `data.request_id` of the 202 that accepted the number' }),
      validation_id: ValidationId,
      reference: Reference,
      meta: Type.Ref(AnswerMeta),
    }),
  ],
  { unevaluatedProperties: false },
);

export const ValidationFailedData = Type.Object({
  request_id: Type.String({ description: 'The `data.request_id` of the 202 that accepted the number' }),
  vat_number: Type.String({ description: 'The normalised number' }),
  reference: Reference,
  error: Type.Pick(ErrorObject, ['code', 'message']),
});

export const BatchCompletedData = Type.Object({
  batch_id: Type.String({ description: 'The `data.batch_id` of the 202 that accepted the batch' }),
  results: Type.Array(Type.Ref(BatchItem), {
    description: 'One item per accepted position, in input order, as the synchronous batch shapes them',
  }),
  summary: BatchSummary,
});

/** `monitor.changed`: what differs from the monitor's last successful check. */
export const MonitorChangedData = Type.Object({
  monitor_id: Type.String({ description: 'The monitor: GET /v1/monitors/{id}' }),
  vat_number: Type.String({ description: 'The normalised number' }),
  reference: Reference,
  changes: Type.Array(MonitorChange, {
    minItems: 1,
    description: 'When `valid` changes, it is the only change listed',
  }),
  previous_validation_id: Type.String({ description: 'The record of the last successful check before' }),
  validation_id: Type.String({ description: 'The record of this check' }),
  result: Type.Ref(ValidationData),
});

/** `bulk.completed`: a bulk file's counts once every accepted row is answered; the rows are in its results file. */
export const BulkCompletedData = Type.Object({
  bulk_id: Type.String({ description: 'The `data.bulk_id` of the 202 that accepted the file' }),
  status: Type.Literal('completed'),
  total: Type.Integer({ description: 'Data rows in the file' }),
  accepted: Type.Integer({ description: 'Rows with a well-formed number' }),
  rejected: Type.Integer({
    description: 'Rows refused at acceptance (their `error_code` is in the results)',
  }),
  succeeded: Type.Integer({ description: 'Accepted rows answered' }),
  failed: Type.Integer({
    description: 'Accepted rows without an answer (registry unavailable through every retry)',
  }),
  results_url: Type.String({ description: 'GET it with the same key for the results CSV' }),
});

export { RateChangedData };

export const TestData = Type.Object({ message: Type.String() });

/** The envelope of one event type around its `data`. */
function eventSchema<T extends EventType, D extends TSchema>(type: T, $id: string, data: D) {
  return Type.Object({ id: EventId, type: Type.Literal(type), created_at: IsoTime, data }, { $id });
}

export const ValidationCompletedEvent = eventSchema(
  'validation.completed',
  'ValidationCompletedEvent',
  ValidationCompletedData,
);
export const ValidationFailedEvent = eventSchema(
  'validation.failed',
  'ValidationFailedEvent',
  ValidationFailedData,
);
export const BatchCompletedEvent = eventSchema('batch.completed', 'BatchCompletedEvent', BatchCompletedData);
export const MonitorChangedEvent = eventSchema('monitor.changed', 'MonitorChangedEvent', MonitorChangedData);
export const BulkCompletedEvent = eventSchema('bulk.completed', 'BulkCompletedEvent', BulkCompletedData);
export const RateChangedEvent = eventSchema('rate.changed', 'RateChangedEvent', RateChangedData);
export const TestEvent = eventSchema('test', 'TestEvent', TestData);

/** Each event type's body schema, for the OpenAPI document. */
export const EVENT_SCHEMAS = {
  'validation.completed': ValidationCompletedEvent,
  'validation.failed': ValidationFailedEvent,
  'batch.completed': BatchCompletedEvent,
  'monitor.changed': MonitorChangedEvent,
  'bulk.completed': BulkCompletedEvent,
  'rate.changed': RateChangedEvent,
  test: TestEvent,
} as const satisfies Record<EventType, TSchema>;

/** An event before it has an id and a time: its type and its `data`. */
export type NewEvent = {
  [T in EventType]: { type: T; data: Static<(typeof EVENT_SCHEMAS)[T]>['data'] };
}[EventType];

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
  reference: string | null,
  error: { code: ErrorCode; message: string },
): NewEvent {
  return {
    type: 'validation.failed',
    data: { request_id: requestId, vat_number: vatNumber, reference, error },
  };
}

/** `batch.completed`: one item per accepted position, in input order, as the sync batch shapes them. */
export function batchCompleted(batchId: string, results: readonly BatchItem[]): NewEvent {
  const succeeded = results.filter((result) => 'data' in result).length;
  return {
    type: 'batch.completed',
    data: {
      batch_id: batchId,
      results: [...results],
      summary: { total: results.length, succeeded, failed: results.length - succeeded },
    },
  };
}

export function monitorChanged(data: Static<typeof MonitorChangedData>): NewEvent {
  return { type: 'monitor.changed', data };
}

/** `bulk.completed`: the file's counts and where its results are. */
export function bulkCompleted(data: Omit<Static<typeof BulkCompletedData>, 'status'>): NewEvent {
  return { type: 'bulk.completed', data: { ...data, status: 'completed' } };
}

/**
 * `rate.changed`: one applied change of a country's rates (a kind, or one category) from its
 * effective date on, with the TEDB reply it came from.
 */
export function rateChangedEvent(change: AppliedChange): NewEvent {
  return {
    type: 'rate.changed',
    data: {
      country_code: change.country_code,
      effective_from: change.effective_from,
      kind: change.kind,
      category: change.category ? { id: change.category.id, name: change.category.name } : null,
      before: change.before.map(({ rate, type, note }) => ({ rate, type, note })),
      after: change.after.map(({ rate, type, note }) => ({ rate, type, note })),
      source: {
        kind: 'tedb',
        retrieved_at: change.source.retrieved_at,
        reply_sha256: change.source.reply_sha256,
      },
    },
  };
}

export function testEvent(): NewEvent {
  return { type: 'test', data: { message: 'This is a test event from the VAT validation API.' } };
}
