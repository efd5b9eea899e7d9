import { type Static, Type } from '@sinclair/typebox';
import { ErrorObject } from '../errors.js';
import type { MonitorRow } from '../store/monitors.js';
import { Company, IsoTime, iso, Nullable, SOURCES } from '../validation/answer.js';
import { INTERVALS } from './schedule.js';

/** A monitor as the API shows it: one TypeBox definition, the type derived from it. */

export const MonitorIntervalSchema = Type.Union(
  INTERVALS.map((interval) => Type.Literal(interval)),
  { description: '`monthly` is every 30 days' },
);
export const MonitorStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('paused')]);

export const MonitorResult = Type.Object(
  {
    valid: Type.Boolean(),
    company: Type.Union([Company, Type.Null()]),
    source: Type.Union(SOURCES.map((source) => Type.Literal(source))),
    validation_id: Type.String({ description: 'The record of the check: GET /v1/validations/{id}' }),
  },
  { description: 'The last successful check; null before the first one' },
);

export const MonitorError = Type.Object(
  { ...Type.Pick(ErrorObject, ['code', 'message']).properties, at: IsoTime },
  {
    description:
      'The last check that failed (a registry unavailable), while it is retried; null after a successful check',
  },
);

export const MonitorChange = Type.Object({
  field: Type.Union([Type.Literal('valid'), Type.Literal('company.name'), Type.Literal('company.address')]),
  from: Type.Union([Type.Boolean(), Type.String(), Type.Null()]),
  to: Type.Union([Type.Boolean(), Type.String(), Type.Null()]),
});

export const Monitor = Type.Object(
  {
    id: Type.String({ pattern: '^mon_[0-9A-Za-z]{20}$' }),
    vat_number: Type.String({ description: 'The normalised number' }),
    country_code: Type.String({ minLength: 2, maxLength: 2 }),
    interval: MonitorIntervalSchema,
    status: MonitorStatusSchema,
    reference: Nullable(Type.String()),
    requester_vat_number: Nullable(Type.String({ description: 'Sent for consultation numbers' })),
    created_at: IsoTime,
    last_checked_at: Nullable(IsoTime),
    next_check_at: IsoTime,
    last_error: Nullable(MonitorError),
    last_result: Nullable(MonitorResult),
  },
  { $id: 'Monitor' },
);

export type MonitorView = Static<typeof Monitor>;
export type MonitorResult = Static<typeof MonitorResult>;
export type MonitorError = Static<typeof MonitorError>;
export type MonitorChange = Static<typeof MonitorChange>;

export function monitorView(row: MonitorRow): MonitorView {
  return {
    id: row.id,
    vat_number: row.vat_number,
    country_code: row.country_code,
    interval: row.interval,
    status: row.status,
    reference: row.reference,
    requester_vat_number: row.requester_vat_number,
    created_at: iso(row.created_at),
    last_checked_at: row.last_checked_at === null ? null : iso(row.last_checked_at),
    next_check_at: iso(row.next_check_at),
    last_error: row.last_error === null ? null : (JSON.parse(row.last_error) as MonitorError),
    last_result: row.last_result === null ? null : (JSON.parse(row.last_result) as MonitorResult),
  };
}
