import { Type } from '@sinclair/typebox';
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

const deliveryFields = {
  id: Type.String(),
  event_id: Type.String({ description: 'Also the webhook-id header: stable across retries and replays' }),
  event: Type.String({ description: 'validation.completed, validation.failed, batch.completed or test' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  url: Nullable(Type.String()),
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer()),
  next_attempt_at: Nullable(IsoTime),
  created_at: IsoTime,
  delivered_at: Nullable(IsoTime),
  failure_reason: Nullable(Type.String()),
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
