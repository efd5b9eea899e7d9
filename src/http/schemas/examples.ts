import { encodeCursor } from '../../cursors.js';
import { ApiError, type ErrorCode } from '../../errors.js';
import { checkVatNumber } from '../../numbers/index.js';
import type { ValidationAnswer } from '../../validation/answer.js';
import { failureItem, successItem } from '../../validation/batch-item.js';
import { withMatch } from '../../validation/match.js';
import { magicNumberAnswer } from '../../validation/test-mode.js';
import {
  batchCompleted,
  bulkCompleted,
  type EventType,
  eventPayload,
  monitorChanged,
  type NewEvent,
  rateChangedEvent,
  testEvent,
  validationCompleted,
  validationFailed,
} from '../../webhooks/events.js';
import { webhookHeaders } from '../../webhooks/sign.js';
import { errorBody } from '../envelope.js';

/**
 * Example values of the OpenAPI document, made by the code that makes the real answers: test mode
 * for the magic numbers (src/validation/test-mode.ts), the batch item and event builders, the
 * envelope and the signer. An example therefore shows what a test key really gets for that
 * number, and cannot show a shape the service would not send.
 */

/** Stands for PUBLIC_URL in examples; plugins/openapi.ts puts the instance's own in its place. */
export const EXAMPLE_PUBLIC_URL = 'https://vat-service.example.invalid';
const DOCS_BASE = `${EXAMPLE_PUBLIC_URL}/docs`;

/** Examples are dated; any fixed instant does. */
export const EXAMPLE_NOW = Date.parse('2026-03-02T09:30:00.000Z');
const at = (offsetMs: number) => new Date(EXAMPLE_NOW + offsetMs).toISOString();

export const EXAMPLE_REQUEST_ID = '5f0c7d9e-8b1a-4c3e-9f2d-6a7b8c9d0e1f';
export const EXAMPLE_REQUESTER = 'DE136695976';
const ASYNC_ID = '8e4b2a71-3c5d-4f60-9a1b-2c3d4e5f6a7b';
const BATCH_ID = '2d9f6c3a-7b8e-4d1f-8a2b-9c0d1e2f3a4b';
export const EXAMPLE_BULK_ID = 'blk_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c';
const EVENT_ID = 'evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9';
const VALIDATION_IDS = ['val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c', 'val_019b7a2e4c1e7a8b9c0d1e2f3a4b5c6d'];
const REFERENCE = 'customer-4711';
export const MONITOR_ID = 'mon_4fQ8xY2kLp9Rt3Vw6Zb1';
const DELIVERY_ID = 'dlv_3kT9vXq2LmN8pR4sW7yZ';
const REPLAY_ID = 'dlv_8aB2cD4eF6gH8iJ0kL2m';
const WEBHOOK_URL = 'https://hooks.example.com/vat-service';
/** The first webhook endpoint of the examples: the one `PUT /v1/webhooks/config` manages. */
const ENDPOINT_ID = 'we_5hJ2kL9mN3pQ7rS1tV4w';
/** A well-formed secret (`whsec_` + base64 of 32 bytes), so the example signature is a real one. */
const SIGNING_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** A named example of a media type: `x-examples` on a schema becomes the media type's `examples`. */
export interface NamedExample {
  summary: string;
  value: unknown;
}

/** The test-mode answer for a magic number (it must have one: not one of the magic 503s). */
/** Trader fields as the examples send them. */
const EXAMPLE_TRADER = {
  trader_name: 'Testbedrijf BV',
  trader_street: 'Teststraat 1',
  trader_city: 'Rotterdam',
};

export function magicAnswer(vatNumber: string, wantsConsultation = false): ValidationAnswer {
  const answer = magicNumberAnswer(vatNumber, wantsConsultation, EXAMPLE_NOW);
  if (answer instanceof ApiError) throw new Error(`${vatNumber} is answered ${answer.code} in test mode`);
  return answer;
}

/** The same answer as a live key gets it from the registry: no `mode`, the registry as source. */
function asLive(answer: ValidationAnswer, source: ValidationAnswer['meta']['source']): ValidationAnswer {
  return { data: answer.data, meta: { cached: false, source, source_status: 'live' } };
}

/** Shared with the account examples (schemas/account-examples.ts), so both show the same ids. */
export {
  ASYNC_ID,
  asLive,
  at,
  BATCH_ID,
  DOCS_BASE,
  ENDPOINT_ID,
  REFERENCE,
  SIGNING_SECRET,
  VALIDATION_IDS,
  WEBHOOK_URL,
};

export function errorExample(code: ErrorCode, message?: string) {
  return errorBody(DOCS_BASE, EXAMPLE_REQUEST_ID, code, message);
}

/** The message a syntax error gets, from the parser itself. */
function syntaxMessage(input: string): string {
  const check = checkVatNumber(input);
  if (check.kind !== 'syntax_error') throw new Error(`${input} is well-formed`);
  return check.message;
}

// --- GET /v1/validate -------------------------------------------------------------------------

const validateAnswer = (
  answer: ValidationAnswer,
  mode: 'test' | 'live' = 'test',
  reference: string | null = null,
) => ({
  data: answer.data,
  meta: {
    request_id: EXAMPLE_REQUEST_ID,
    ...answer.meta,
    validation_id: VALIDATION_IDS[0],
    reference,
    ...(mode === 'test' ? { mode } : {}),
  },
});

export const VALIDATE_EXAMPLES: Record<string, NamedExample> = {
  valid: {
    summary: 'DE123456704 with a test key: valid, name only',
    value: validateAnswer(magicAnswer('DE123456704')),
  },
  consultation: {
    summary: `DE123456704 with requester_vat_number=${EXAMPLE_REQUESTER} (Business): a consultation number`,
    value: validateAnswer(magicAnswer('DE123456704', true)),
  },
  invalid: {
    summary: 'FR10123456717 with a test key: not registered',
    value: validateAnswer(magicAnswer('FR10123456717')),
  },
  cached: {
    summary: 'DE123456712 with a test key: served from the cache',
    value: validateAnswer(magicAnswer('DE123456712')),
  },
  stale: {
    summary: 'DE555555502 with a test key: the registry is down, an older answer is served',
    value: validateAnswer(magicAnswer('DE555555502')),
  },
  live: {
    summary: 'NL123456782B01 with a live key: a fresh VIES answer (no meta.mode)',
    value: validateAnswer(asLive(magicAnswer('NL123456782B01'), 'vies'), 'live'),
  },
  reference: {
    summary: `NL123456782B01 with a live key and reference=${REFERENCE}: the reference comes back`,
    value: validateAnswer(asLive(magicAnswer('NL123456782B01'), 'vies'), 'live', REFERENCE),
  },
  match: {
    summary:
      'NL123456782B01 with a test key and trader_name=Testbedrijf BV, trader_street=Teststraat 1, trader_city=Rotterdam: compared by the service',
    value: validateAnswer(withMatch(magicAnswer('NL123456782B01'), EXAMPLE_TRADER)),
  },
  match_registry: {
    summary:
      'NL123456782B01 with a live key and trader fields, in a member state whose VIES approximate check compares: method registry',
    value: validateAnswer(
      withMatch(asLive(magicAnswer('NL123456782B01'), 'vies'), EXAMPLE_TRADER, {
        name: 'match',
        company_type: 'not_processed',
        street: 'match',
        postcode: 'not_processed',
        city: 'mismatch',
      }),
      'live',
    ),
  },
};

// --- POST /v1/validate/batch ------------------------------------------------------------------

const BATCH_INPUTS = ['DE123456704', 'FR10123456717', 'DE999999903', 'DE12345'];

export const BATCH_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  numbers: { summary: 'Four numbers, one of them malformed', value: { vat_numbers: BATCH_INPUTS } },
  consultation: {
    summary: 'With a requester for consultation numbers (Business), skipping the cache',
    value: {
      vat_numbers: ['DE123456704', 'NL123456782B01'],
      requester_vat_number: EXAMPLE_REQUESTER,
      cache: false,
    },
  },
  trader: {
    summary: 'An item with trader fields to compare (`data.match`)',
    value: {
      vat_numbers: ['DE123456704', { vat_number: 'NL123456782B01', ...EXAMPLE_TRADER }],
    },
  },
  references: {
    summary: 'A reference for every item, and one item with its own',
    value: {
      vat_numbers: ['DE123456704', { vat_number: 'FR10123456717', reference: 'order-0815' }],
      reference: REFERENCE,
    },
  },
};

const batchResults = [
  successItem(magicAnswer('DE123456704'), VALIDATION_IDS[0], null),
  successItem(magicAnswer('FR10123456717'), VALIDATION_IDS[1], null),
  failureItem(DOCS_BASE, 'DE999999903', new ApiError('upstream_unavailable')),
  failureItem(DOCS_BASE, 'DE12345', new ApiError('invalid_vat_format', syntaxMessage('DE12345'))),
];

export const BATCH_RESPONSE_EXAMPLES: Record<string, NamedExample> = {
  results: {
    summary: 'The four numbers with a test key: two answers, two failed items',
    value: {
      data: { results: batchResults, summary: { total: 4, succeeded: 2, failed: 2 } },
      meta: { request_id: EXAMPLE_REQUEST_ID, request_duration_ms: 3, mode: 'test' },
    },
  },
  references: {
    summary: 'The two numbers sent with references: each item returns the one that applied to it',
    value: {
      data: {
        results: [
          successItem(magicAnswer('DE123456704'), VALIDATION_IDS[0], REFERENCE),
          successItem(magicAnswer('FR10123456717'), VALIDATION_IDS[1], 'order-0815'),
        ],
        summary: { total: 2, succeeded: 2, failed: 0 },
      },
      meta: { request_id: EXAMPLE_REQUEST_ID, request_duration_ms: 2, mode: 'test' },
    },
  },
};

// --- POST /v1/validate/async and /v1/validate/async/batch ------------------------------------

export const ASYNC_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  number: { summary: 'One number', value: { vat_number: 'DE123456704' } },
  consultation: {
    summary: 'With a requester (Business), skipping the cache',
    value: { vat_number: 'DE123456704', requester_vat_number: EXAMPLE_REQUESTER, cache: false },
  },
  reference: {
    summary: 'With your own reference, returned in the 202 and the event',
    value: { vat_number: 'DE123456704', reference: REFERENCE },
  },
};

export const ASYNC_ACCEPTED_EXAMPLES: Record<string, NamedExample> = {
  accepted: {
    summary: 'Queued; validation.completed or validation.failed follows',
    value: {
      data: { request_id: ASYNC_ID, status: 'pending', vat_number: 'DE123456704', reference: REFERENCE },
      meta: { request_id: EXAMPLE_REQUEST_ID, request_duration_ms: 6 },
    },
  },
};

export const ASYNC_BATCH_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  numbers: {
    summary: 'Three numbers, one of them malformed',
    value: { vat_numbers: ['DE123456704', 'NL123456782B01', 'DE12345'] },
  },
  trader: {
    summary: 'An item with trader fields to compare (`data.match`)',
    value: {
      vat_numbers: ['DE123456704', { vat_number: 'NL123456782B01', ...EXAMPLE_TRADER }],
    },
  },
  references: {
    summary: 'A reference for every item, and one item with its own',
    value: {
      vat_numbers: ['DE123456704', { vat_number: 'NL123456782B01', reference: 'order-0815' }],
      reference: REFERENCE,
    },
  },
};

const rejected = [
  {
    vat_number: 'DE12345',
    error: { code: 'invalid_vat_format', message: syntaxMessage('DE12345') },
  },
];

export const ASYNC_BATCH_ACCEPTED_EXAMPLES: Record<string, NamedExample> = {
  accepted: {
    summary: 'Two numbers queued, one rejected; batch.completed follows',
    value: {
      data: { batch_id: BATCH_ID, status: 'pending', total: 3, accepted: 2, rejected, reference: null },
      meta: { request_id: EXAMPLE_REQUEST_ID, request_duration_ms: 9 },
    },
  },
  all_rejected: {
    summary: 'Every number malformed: nothing queued, nothing counted, no event',
    value: {
      data: { batch_id: null, status: 'completed', total: 1, accepted: 0, rejected, reference: null },
      meta: { request_id: EXAMPLE_REQUEST_ID, request_duration_ms: 2 },
    },
  },
};

// --- Events -----------------------------------------------------------------------------------

function eventBody(event: NewEvent) {
  return JSON.parse(eventPayload(EVENT_ID, event, EXAMPLE_NOW + 4_000)) as unknown;
}

const completed = validationCompleted(
  ASYNC_ID,
  asLive(magicAnswer('DE123456704'), 'vies'),
  VALIDATION_IDS[0],
  REFERENCE,
);

/** One body per event type, as a live key's deliveries carry them. */
export const EVENT_EXAMPLES: Record<EventType, NamedExample> = {
  'validation.completed': { summary: 'DE123456704 answered by VIES', value: eventBody(completed) },
  'validation.failed': {
    summary: 'VIES stayed unavailable through every retry',
    value: eventBody(
      validationFailed(ASYNC_ID, 'DE123456704', REFERENCE, {
        code: 'upstream_unavailable',
        message: new ApiError('upstream_unavailable').message,
      }),
    ),
  },
  'batch.completed': {
    summary: 'The two accepted numbers of the batch above',
    value: eventBody(
      batchCompleted(BATCH_ID, [
        successItem(asLive(magicAnswer('DE123456704'), 'vies'), VALIDATION_IDS[0], REFERENCE),
        successItem(asLive(magicAnswer('NL123456782B01'), 'vies'), VALIDATION_IDS[1], null),
      ]),
    ),
  },
  'monitor.changed': {
    summary: 'The registered name of a monitored number changed',
    value: eventBody(
      monitorChanged({
        monitor_id: MONITOR_ID,
        vat_number: 'NL123456782B01',
        reference: REFERENCE,
        changes: [
          {
            field: 'company.name',
            from: 'Testbedrijf Holding B.V.',
            to: magicAnswer('NL123456782B01').data.company!.name,
          },
        ],
        previous_validation_id: VALIDATION_IDS[0],
        validation_id: VALIDATION_IDS[1],
        result: magicAnswer('NL123456782B01').data,
      }),
    ),
  },
  'bulk.completed': {
    summary: 'A file of 1,000 rows, 3 of them malformed',
    value: eventBody(
      bulkCompleted({
        bulk_id: EXAMPLE_BULK_ID,
        total: 1000,
        accepted: 997,
        rejected: 3,
        succeeded: 997,
        failed: 0,
        results_url: `${EXAMPLE_PUBLIC_URL}/v1/bulk/${EXAMPLE_BULK_ID}/results`,
      }),
    ),
  },
  'rate.changed': {
    summary: "Romania's standard rate from 19 to 21 % on 2025-08-01, as a sync read it from TEDB",
    value: eventBody(
      rateChangedEvent({
        country_code: 'RO',
        effective_from: '2025-08-01',
        kind: 'standard',
        category: null,
        before: [{ rate: 19, type: 'standard', note: null }],
        after: [{ rate: 21, type: 'standard', note: null }],
        source: {
          kind: 'tedb',
          retrieved_at: new Date(EXAMPLE_NOW - 60_000).toISOString(),
          reply_sha256: '3f7a4cf1e9b2d6085a1c4e7f9b0d2a6c8e1f3a5b7c9d0e2f4a6b8c0d1e3f5a7b',
        },
        applied_at: EXAMPLE_NOW,
      }),
    ),
  },
  test: { summary: 'POST /v1/webhooks/test', value: eventBody(testEvent()) },
};

// --- Webhook configuration and deliveries ----------------------------------------------------

export const WEBHOOK_PUT_EXAMPLES: Record<string, NamedExample> = {
  create: { summary: 'Create, or change the URL', value: { url: WEBHOOK_URL } },
  disable: {
    summary: 'Pause deliveries (events are kept as failed)',
    value: { url: WEBHOOK_URL, enabled: false },
  },
  rotate: { summary: 'A new signing secret', value: { url: WEBHOOK_URL, rotate_secret: true } },
};

export const WEBHOOK_CONFIG_EXAMPLES: Record<string, NamedExample> = {
  config: {
    summary: 'An enabled webhook',
    value: {
      data: { url: WEBHOOK_URL, signing_secret: SIGNING_SECRET, enabled: true, created_at: at(-86_400_000) },
      meta: { request_id: EXAMPLE_REQUEST_ID },
    },
  },
};

export const WEBHOOK_DELETED_EXAMPLES: Record<string, NamedExample> = {
  deleted: {
    summary: 'Removed',
    value: { data: { deleted: true }, meta: { request_id: EXAMPLE_REQUEST_ID } },
  },
};

const completedPayload = eventPayload(EVENT_ID, completed, EXAMPLE_NOW + 4_000);
const sentAt = Math.floor((EXAMPLE_NOW + 4_000) / 1000);

const deliverySummary = {
  id: DELIVERY_ID,
  event_id: EVENT_ID,
  event: 'validation.completed',
  endpoint_id: ENDPOINT_ID,
  status: 'delivered',
  url: WEBHOOK_URL,
  attempts: 1,
  last_status_code: 200,
  next_attempt_at: null,
  created_at: at(4_000),
  delivered_at: at(4_180),
  failure_reason: null,
  replay_of: null,
};

const deliveryDetail = {
  ...deliverySummary,
  payload: completedPayload,
  request_headers: webhookHeaders(SIGNING_SECRET, EVENT_ID, sentAt, completedPayload),
  attempt_log: [{ at: at(4_000), status_code: 200, duration_ms: 180, response_body: 'ok', error: null }],
};

export { deliverySummary as EXAMPLE_DELIVERY_SUMMARY };

export const TEST_DELIVERY_EXAMPLES: Record<string, NamedExample> = {
  delivered: {
    summary: 'The receiver answered 200',
    value: {
      data: {
        ...deliverySummary,
        id: REPLAY_ID,
        event: 'test',
        event_id: 'evt_0a1b2c3d4e5f40718293a4b5c6d7e8f9',
      },
      meta: { request_id: EXAMPLE_REQUEST_ID },
    },
  },
};

export const DELIVERY_LIST_EXAMPLES: Record<string, NamedExample> = {
  page: {
    summary: 'The first page with limit=2; pass next_cursor as cursor for the next',
    value: {
      data: [
        {
          ...deliverySummary,
          id: REPLAY_ID,
          status: 'pending',
          attempts: 1,
          last_status_code: 503,
          next_attempt_at: at(309_000),
          delivered_at: null,
        },
        deliverySummary,
      ],
      meta: {
        request_id: EXAMPLE_REQUEST_ID,
        next_cursor: encodeCursor(`${String(EXAMPLE_NOW + 4_000).padStart(15, '0')}-3f9a0c1b2d4e`, {
          list: 'deliveries',
          accountId: 'acc_example',
          mode: 'live',
        }),
        has_more: true,
      },
    },
  },
};

export const DELIVERY_DETAIL_EXAMPLES: Record<string, NamedExample> = {
  delivered: {
    summary: 'Delivered at the first attempt; request_headers carry the signature',
    value: { data: deliveryDetail, meta: { request_id: EXAMPLE_REQUEST_ID } },
  },
};

export const REPLAY_EXAMPLES: Record<string, NamedExample> = {
  replayed: {
    summary: 'A new delivery of the same event (same body and webhook-id, signed afresh)',
    value: {
      data: {
        ...deliveryDetail,
        id: REPLAY_ID,
        created_at: at(3_600_000),
        delivered_at: at(3_600_150),
        replay_of: DELIVERY_ID,
        request_headers: webhookHeaders(SIGNING_SECRET, EVENT_ID, sentAt + 3_600, completedPayload),
        attempt_log: [
          { at: at(3_600_000), status_code: 200, duration_ms: 150, response_body: 'ok', error: null },
        ],
      },
      meta: { request_id: EXAMPLE_REQUEST_ID },
    },
  },
};

export const SIGNATURE_HEADER_EXAMPLE = deliveryDetail.request_headers;
