import { randomUUID } from 'node:crypto';
import { newBulkId } from '../bulk/acceptance.js';
import { resultsUrl } from '../bulk/progress.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import { changesBetween } from '../monitors/changes.js';
import type { MonitorResult } from '../monitors/monitor-shape.js';
import type { ValidationAnswer } from '../validation/answer.js';
import { failureItem, successItem } from '../validation/batch-item.js';
import { newRecordId } from '../validation/record.js';
import { magicNumberAnswer } from '../validation/test-mode.js';
import { isEventType, unknownKinds } from './endpoints.js';
import {
  batchCompleted,
  bulkCompleted,
  type EventType,
  monitorChanged,
  type NewEvent,
  rateChangedEvent,
  testEvent,
  validationCompleted,
  validationFailed,
} from './events.js';

/**
 * Sample events for `POST /v1/webhooks/trigger` and `vat-service webhooks trigger`: one per kind,
 * each made by the builder of the real event from what test mode answers for its magic numbers
 * (DE123456704 valid, DE999999903 registry unavailable, NL123456782B01 with an address). A
 * sample is a normal test-mode event: the same envelope and schema, signed with the endpoint's
 * secret. What marks it: it reaches test-mode endpoints only, `reference` is "sample" wherever
 * the kind carries one, and the requests, batches, records, monitors and files it names are made
 * up for it (their ids are well-formed, and unknown to GET).
 */

export interface SampleContext {
  now: number;
  /** PUBLIC_URL: where results files and error pages are. */
  publicUrl: string;
}

export const SAMPLE_REFERENCE = 'sample';
const VALID = 'DE123456704';
const UNAVAILABLE = 'DE999999903';
const WITH_ADDRESS = 'NL123456782B01';

function answerOf(vatNumber: string, now: number): ValidationAnswer {
  const answer = magicNumberAnswer(vatNumber, false, now);
  if (answer instanceof ApiError) throw new Error(`${vatNumber} is answered ${answer.code} in test mode`);
  return answer;
}

function failureOf(vatNumber: string, now: number): ApiError {
  const answer = magicNumberAnswer(vatNumber, false, now);
  if (!(answer instanceof ApiError)) throw new Error(`${vatNumber} is answered in test mode`);
  return answer;
}

/** A monitor's view of an answer, as its checks keep it. */
function monitorResult(answer: ValidationAnswer, validationId: string): MonitorResult {
  return {
    valid: answer.data.valid,
    company: answer.data.company,
    source: answer.meta.source,
    validation_id: validationId,
  };
}

/** One sample per kind: a new kind needs one row here. */
const SAMPLES: Readonly<Record<EventType, (context: SampleContext) => NewEvent>> = {
  'validation.completed': ({ now }) =>
    validationCompleted(randomUUID(), answerOf(VALID, now), newRecordId(now), SAMPLE_REFERENCE),
  'validation.failed': ({ now }) => {
    const { code, message } = failureOf(UNAVAILABLE, now);
    return validationFailed(randomUUID(), UNAVAILABLE, SAMPLE_REFERENCE, { code, message });
  },
  'batch.completed': ({ now, publicUrl }) =>
    batchCompleted(randomUUID(), [
      successItem(answerOf(VALID, now), newRecordId(now), SAMPLE_REFERENCE),
      failureItem(`${publicUrl}/docs`, UNAVAILABLE, failureOf(UNAVAILABLE, now)),
    ]),
  'monitor.changed': ({ now }) => {
    // The registered name changed since the last check: the answer's name against an older one.
    const answer = answerOf(WITH_ADDRESS, now);
    const current = monitorResult(answer, newRecordId(now));
    const renamed = { name: 'Testbedrijf Holding B.V.', address: answer.data.company?.address ?? null };
    const previous = { ...current, company: renamed, validation_id: newRecordId(now - 86_400_000) };
    return monitorChanged({
      monitor_id: newId('mon'),
      vat_number: answer.data.vat_number,
      reference: SAMPLE_REFERENCE,
      changes: changesBetween(previous, current),
      previous_validation_id: previous.validation_id,
      validation_id: current.validation_id,
      result: answer.data,
    });
  },
  'bulk.completed': ({ now, publicUrl }) => {
    const id = newBulkId(now);
    return bulkCompleted({
      bulk_id: id,
      total: 3,
      accepted: 2,
      rejected: 1,
      succeeded: 1,
      failed: 1,
      results_url: resultsUrl(publicUrl, id),
    });
  },
  'rate.changed': ({ now }) => {
    // Romania's standard rate, as its 2025 change moved it, taking effect 30 days from now.
    const effective = new Date(now + 30 * 86_400_000).toISOString().slice(0, 10);
    return rateChangedEvent({
      country_code: 'RO',
      effective_from: effective,
      kind: 'standard',
      category: null,
      before: [{ rate: 19, type: 'standard', note: null }],
      after: [{ rate: 21, type: 'standard', note: null }],
      source: { kind: 'tedb', retrieved_at: new Date(now).toISOString(), reply_sha256: '0'.repeat(64) },
      applied_at: now,
    });
  },
  test: () => testEvent(),
};

/** The sample of `kind`, or 422 naming a kind that does not exist. */
export function sampleEvent(kind: string, context: SampleContext): NewEvent {
  if (!isEventType(kind)) throw unknownKinds('event', [kind]);
  return SAMPLES[kind](context);
}
