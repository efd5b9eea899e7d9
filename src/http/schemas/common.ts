import { type TSchema, Type } from '@sinclair/typebox';
import { ErrorObject } from '../../errors.js';

export { IsoTime, Nullable } from '../../validation/answer.js';

/** `{ error, meta }`: every failure (spec 2.1, section 7). */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Ref(ErrorObject),
    meta: Type.Object({ request_id: Type.String() }),
  },
  { $id: 'ErrorEnvelope', description: 'Failure envelope' },
);

/** Error responses for the OpenAPI document, one per status a route can answer. */
export function errorResponses(statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Ref(ErrorEnvelope)]));
}

export const AUTH_ERRORS = [401, 429];

/** The query of a route that takes no query parameters: any one is an unknown member (422). */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** `{ request_id }`, the meta of most answers. */
export const RequestMeta = Type.Object({ request_id: Type.String() });
