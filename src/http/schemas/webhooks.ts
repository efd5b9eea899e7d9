import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../webhooks/events.js';
import { IsoTime, Nullable } from './common.js';

export const WebhookConfig = Type.Object(
  {
    url: Type.String({ format: 'uri' }),
    signing_secret: Type.String({ description: 'whsec_ + base64 of 32 random bytes (Standard Webhooks)' }),
    enabled: Type.Boolean(),
    created_at: IsoTime,
  },
  { $id: 'WebhookConfig' },
);

const KINDS = EVENT_TYPES.map((kind) => `\`${kind}\``).join(', ');

export const EndpointId = Type.String({
  pattern: '^we_[0-9A-Za-z]{20}$',
  description: 'A webhook endpoint id (`we_…`)',
  examples: ['we_5hJ2kL9mN3pQ7rS1tV4w'],
});

export const WebhookEndpoint = Type.Object(
  {
    id: EndpointId,
    url: Type.String({ format: 'uri' }),
    enabled: Type.Boolean({
      description: 'false: events it subscribes to are recorded as failed deliveries',
    }),
    events: Type.Array(Type.String(), {
      description: `The event kinds it receives (${KINDS}), or \`["*"]\` for every kind, those added later included`,
    }),
    description: Nullable(Type.String()),
    signing_secret: Type.Optional(
      Type.String({
        description:
          'whsec_ + base64 of 32 random bytes (Standard Webhooks); only in the answers that create the endpoint or rotate its secret',
      }),
    ),
    created_at: IsoTime,
    expires_at: Nullable(IsoTime, {
      description:
        'When a temporary endpoint ends unless renewed (PATCH with `expires_in`); from then on it is removed. null: permanent',
    }),
  },
  { $id: 'WebhookEndpoint' },
);

const deliveryFields = {
  id: Type.String(),
  event_id: Type.String({ description: 'Also the webhook-id header: stable across retries and replays' }),
  event: Type.String({ description: `The event kind: ${KINDS}` }),
  endpoint_id: Nullable(Type.String(), {
    description:
      'The endpoint it is for (it may have been removed since); null when no endpoint subscribed to the event',
  }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  url: Nullable(Type.String()),
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer()),
  next_attempt_at: Nullable(IsoTime),
  created_at: IsoTime,
  delivered_at: Nullable(IsoTime),
  failure_reason: Nullable(Type.String(), {
    description:
      'Why the last attempt failed (the error, e.g. `The receiver answered HTTP 503.`), or why the delivery was not sent: `webhook_not_configured` (no endpoint subscribed, or its endpoint was removed or expired before the attempt), `webhook_disabled` (its endpoint is disabled), `webhook_unsubscribed` (its endpoint no longer subscribes to the kind). null once delivered',
  }),
  replay_of: Nullable(Type.String()),
};

export const DeliverySummary = Type.Object(deliveryFields, { $id: 'DeliverySummary' });

export const DeliveryDetail = Type.Object(
  {
    ...deliveryFields,
    payload: Type.String({ description: 'The exact body sent' }),
    request_headers: Nullable(Type.Record(Type.String(), Type.String())),
    attempt_log: Type.Array(
      Type.Object({
        at: IsoTime,
        status_code: Nullable(Type.Integer()),
        duration_ms: Type.Integer(),
        response_body: Nullable(Type.String({ description: 'First 4 KiB' })),
        error: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'DeliveryDetail' },
);
