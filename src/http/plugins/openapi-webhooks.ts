import { EVENT_SCHEMAS, EVENT_TYPES, type EventType } from '../../webhooks/events.js';
import { EVENT_EXAMPLES, SIGNATURE_HEADER_EXAMPLE } from '../schemas/examples.js';

/**
 * The OpenAPI 3.1 `webhooks` section: one operation per event type (decisions section 6), whose
 * request body is the event's schema from webhooks/events.ts, with the Standard Webhooks headers
 * each delivery carries and what the receiver's answer means.
 */

export interface WebhookTimings {
  /** Delays between delivery attempts (WEBHOOK_RETRY_DELAYS_MS). */
  retryDelaysMs: readonly number[];
  /** One attempt's timeout (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Delays between registry retries of an async item (ASYNC_RETRY_DELAYS_MS). */
  asyncRetryDelaysMs: readonly number[];
}

/** `components.parameters`: the headers of every delivery, defined once. */
export const SIGNATURE_PARAMETERS = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it',
    schema: { type: 'string' },
    example: SIGNATURE_HEADER_EXAMPLE['webhook-id'],
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays',
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: SIGNATURE_HEADER_EXAMPLE['webhook-timestamp'],
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received',
    schema: { type: 'string', pattern: '^v1,' },
    example: SIGNATURE_HEADER_EXAMPLE['webhook-signature'],
  },
  WebhookUserAgent: {
    name: 'user-agent',
    in: 'header',
    required: true,
    description: 'Identifies the sender',
    schema: { type: 'string' },
    example: SIGNATURE_HEADER_EXAMPLE['user-agent'],
  },
} as const;

const EVENTS: Record<EventType, { operationId: string; summary: string; description: string }> = {
  'validation.completed': {
    operationId: 'validationCompletedEvent',
    summary: 'A number queued by POST /v1/validate/async was answered',
    description:
      "`data` is the validation result as `GET /v1/validate` gives it, plus `request_id` (the `data.request_id` of the 202) and the answer's meta in `data.meta`. Sent for live keys only: test keys cannot queue numbers (a sample comes from `POST /v1/webhooks/trigger`).",
  },
  'validation.failed': {
    operationId: 'validationFailedEvent',
    summary: 'A number queued by POST /v1/validate/async could not be answered',
    description:
      "The number's registry stayed unavailable through every retry ({asyncRetries}). `data.error.code` is `upstream_unavailable` (`upstream_error` for GB numbers). The validation was counted when it was accepted.",
  },
  'batch.completed': {
    operationId: 'batchCompletedEvent',
    summary: 'Every number of a batch queued by POST /v1/validate/async/batch is settled',
    description:
      "`results` has one item per accepted position, in input order, shaped as `POST /v1/validate/batch` shapes them: an answer, or a failure item for a number whose registry stayed unavailable through every retry. `summary.total` equals the 202's `accepted`.",
  },
  'monitor.changed': {
    operationId: 'monitorChangedEvent',
    summary: 'A monitored number changed: valid, company name or address',
    description:
      "A check of a monitor (`POST /v1/monitors`) found `valid`, the company name or the company address different from the monitor's last successful check. `changes` lists each as `{ field, from, to }`; when `valid` changes it is the only change listed (a deregistration reports `valid: true → false`, not the company becoming null). A check the registry could not answer is never a change. Sent for the key mode the monitor belongs to, only to its endpoints subscribed to `monitor.changed`.",
  },
  'bulk.completed': {
    operationId: 'bulkCompletedEvent',
    summary: 'Every accepted row of a file sent to POST /v1/bulk is answered',
    description:
      "Sent once per file, to the key mode's endpoints subscribed to it, if any (test keys included: their files are answered from test mode). `data` has the counts of `GET /v1/bulk/{id}`; the rows themselves are in the results CSV at `results_url`.",
  },
  'rate.changed': {
    operationId: 'rateChangedEvent',
    summary: 'A VAT rate changes: a standard, reduced or super-reduced rate, or the rates of a category',
    description:
      "A sync with the EU's Taxes in Europe Database (TEDB) applied a change taking effect today or later: one event per change, to every account's live-mode webhook (test mode gets sample events only). `kind` says what changed, `category` which category for kind `category`; `before` is what the service answered for `effective_from` until then, `after` what it answers from that day on (both highest rate first; empty when there is no such rate, or the category is at the standard rate). A change taking effect in the past is applied without an event. `GET /v1/rates/{country_code}?date=` answers the new rates from `effective_from` on.",
  },
  test: {
    operationId: 'testEvent',
    summary: 'POST /v1/webhooks/test was called',
    description:
      "Sent at once to the enabled endpoints of the calling key's mode subscribed to `test`, to check the URL and your signature verification. Test keys have their own endpoints; besides test events they get samples of every kind from `POST /v1/webhooks/trigger`.",
  },
};

/** `2000` → `2 s`, `300000` → `5 min`, `7200000` → `2 h`. */
function formatDelay(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1_000 && ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

function delays(list: readonly number[]): string {
  return list.length === 0
    ? 'no retries'
    : `${list.length} retries, after ${list.map(formatDelay).join(', ')}`;
}

/** The `webhooks` member of the document, with this instance's delivery settings in its text. */
export function webhooksSection(timings: WebhookTimings) {
  const delivery = [
    `**Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within ${formatDelay(timings.timeoutMs)}: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (${delays(timings.retryDelaysMs)}), then the delivery is \`failed\`.`,
    'Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.',
  ].join('\n\n');
  const failed = 'A failed attempt: retried on the schedule above, then the delivery is `failed`.';
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const event = EVENTS[type];
      const description = event.description.replace('{asyncRetries}', delays(timings.asyncRetryDelaysMs));
      return [
        type,
        {
          post: {
            operationId: event.operationId,
            summary: event.summary,
            description: `${description}\n\n${delivery}`,
            tags: ['events'],
            security: [],
            parameters: Object.keys(SIGNATURE_PARAMETERS).map((name) => ({
              $ref: `#/components/parameters/${name}`,
            })),
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { $ref: `#/components/schemas/${EVENT_SCHEMAS[type].$id}` },
                  examples: { [type]: EVENT_EXAMPLES[type] },
                },
              },
            },
            responses: {
              '2XX': { description: 'Delivered: no further attempt' },
              '3XX': { description: `Not followed. ${failed}` },
              '4XX': { description: failed },
              '5XX': { description: failed },
            },
          },
        },
      ];
    }),
  );
}
