import { type TSchema, Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../../domain/errors.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IsoTime = Type.String({ format: 'date-time', description: 'ISO 8601 UTC timestamp' });

export const ErrorObject = Type.Object(
  {
    code: Type.Union(
      ERROR_CODES.map((code) => Type.Literal(code)),
      { description: 'One of the documented error codes' },
    ),
    message: Type.String(),
    docs_url: Type.String({ format: 'uri' }),
    vat_number: Type.Optional(Type.String({ description: 'The input as sent (failed batch items only)' })),
  },
  { $id: 'ErrorObject' },
);

/** `{ error, meta }`: every failure (spec 2.1, section 7). */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Ref('ErrorObject'),
    meta: Type.Object({ request_id: Type.String() }),
  },
  { $id: 'ErrorEnvelope', description: 'Failure envelope' },
);

/** Error responses for the OpenAPI document; `codes` maps status to the codes a route can answer. */
export function errorResponses(statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorEnvelope')]));
}

export const AUTH_ERRORS = [401, 429];
