import type { EndpointView } from '../../webhooks/endpoints.js';
import {
  at,
  ENDPOINT_ID,
  EXAMPLE_DELIVERY_SUMMARY,
  EXAMPLE_REQUEST_ID,
  type NamedExample,
  SIGNING_SECRET,
  WEBHOOK_URL,
} from './examples.js';

/** Examples of the webhook endpoint and trigger operations, in the shapes the routes answer. */

const SECOND_ID = 'we_9cD3eF7gH1jK5mN8pQ2r';
const LISTEN_ID = 'we_2xY6zA0bC4dE8fG1hJ5k';
const BILLING_URL = 'https://billing.example.com/hooks/vat';
const meta = { request_id: EXAMPLE_REQUEST_ID };

const first: EndpointView = {
  id: ENDPOINT_ID,
  url: WEBHOOK_URL,
  enabled: true,
  events: ['*'],
  description: null,
  created_at: at(-86_400_000),
  expires_at: null,
};
const billing: EndpointView = {
  id: SECOND_ID,
  url: BILLING_URL,
  enabled: true,
  events: ['validation.completed', 'batch.completed'],
  description: 'Billing: reverse-charge checks',
  created_at: at(-3_600_000),
  expires_at: null,
};
const listening: EndpointView = {
  id: LISTEN_ID,
  url: 'http://127.0.0.1:54321/webhooks',
  enabled: true,
  events: ['*'],
  description: 'Temporary endpoint of `vat-service webhooks listen` (removed when it stops)',
  created_at: at(-20_000),
  expires_at: at(40_000),
};

export const ENDPOINT_CREATE_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  every: { summary: 'Every event kind (events defaults to ["*"])', value: { url: WEBHOOK_URL } },
  some: {
    summary: 'Two kinds, with a description',
    value: { url: BILLING_URL, events: billing.events, description: billing.description },
  },
  temporary: {
    summary: 'Temporary: removed 60 s from now unless renewed',
    value: { url: 'https://dev.example.com/hooks', expires_in: 60 },
  },
};

export const ENDPOINT_CREATED_EXAMPLES: Record<string, NamedExample> = {
  created: {
    summary: 'Created; the signing secret is shown now and on rotation only',
    value: { data: { ...billing, signing_secret: SIGNING_SECRET }, meta },
  },
};

export const ENDPOINT_LIST_EXAMPLES: Record<string, NamedExample> = {
  endpoints: {
    summary: 'The configuration endpoint, a second one and a listener’s temporary one',
    value: { data: [first, billing, listening], meta },
  },
};

export const ENDPOINT_EXAMPLES: Record<string, NamedExample> = {
  endpoint: { summary: 'One endpoint (no secret)', value: { data: billing, meta } },
};

export const ENDPOINT_PATCH_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  events: { summary: 'Change the subscription', value: { events: ['validation.failed'] } },
  disable: { summary: 'Pause deliveries (events are kept as failed)', value: { enabled: false } },
  rotate: { summary: 'A new signing secret', value: { rotate_secret: true } },
  renew: { summary: 'Keep a temporary endpoint 60 s longer', value: { expires_in: 60 } },
  permanent: { summary: 'Make a temporary endpoint permanent', value: { expires_in: null } },
};

export const ENDPOINT_PATCHED_EXAMPLES: Record<string, NamedExample> = {
  rotated: {
    summary: 'After rotate_secret: the new secret is in the answer',
    value: { data: { ...billing, signing_secret: SIGNING_SECRET }, meta },
  },
  changed: {
    summary: 'After a change of events',
    value: { data: { ...billing, events: ['validation.failed'] }, meta },
  },
};

export const ENDPOINT_DELETED_EXAMPLES: Record<string, NamedExample> = {
  deleted: { summary: 'Removed', value: { data: { id: SECOND_ID, deleted: true }, meta } },
};

export const TRIGGER_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  batch: { summary: 'A sample batch.completed', value: { event: 'batch.completed' } },
};

const SAMPLE_EVENT_ID = 'evt_3e2d1c0b9a8f47e6a5b4c3d2e1f0a9b8';

export const TRIGGER_EXAMPLES: Record<string, NamedExample> = {
  sent: {
    summary: 'Sent to the two test-mode endpoints subscribed to batch.completed',
    value: {
      data: {
        event_id: SAMPLE_EVENT_ID,
        event: 'batch.completed',
        deliveries: [
          { ...EXAMPLE_DELIVERY_SUMMARY, event_id: SAMPLE_EVENT_ID, event: 'batch.completed' },
          {
            ...EXAMPLE_DELIVERY_SUMMARY,
            id: 'dlv_7pQ1rS5tU9vW3xY7zA1b',
            event_id: SAMPLE_EVENT_ID,
            event: 'batch.completed',
            endpoint_id: SECOND_ID,
            url: BILLING_URL,
            status: 'pending',
            last_status_code: 503,
            next_attempt_at: at(9_000),
            delivered_at: null,
            failure_reason: 'The receiver answered HTTP 503.',
          },
        ],
      },
      meta,
    },
  },
};
