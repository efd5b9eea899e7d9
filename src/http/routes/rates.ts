import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../domain/errors.js';
import { parseRatesDate, type RateRecord as Rate, type RatesTable, todayUtc } from '../../domain/rates.js';
import { AUTH_ERRORS, errorResponses, IsoTime } from '../schemas/common.js';

const RateRecord = Type.Object(
  {
    country_code: Type.String({ description: 'Two-letter code; Greece is EL' }),
    country_name: Type.String(),
    currency: Type.String({ description: 'ISO 4217' }),
    standard_rate: Type.Number({ description: 'Percent' }),
    other_rates: Type.Array(
      Type.Object({
        rate: Type.Number(),
        type: Type.Union([Type.Literal('reduced'), Type.Literal('super_reduced'), Type.Literal('zero')]),
      }),
    ),
    updated_at: IsoTime,
  },
  { $id: 'RateRecord' },
);

const DateQuery = Type.Object({
  date: Type.Optional(Type.String({ description: 'YYYY-MM-DD (UTC), from 2024-01-01; default today' })),
});
type DateQuery = Static<typeof DateQuery>;
const Params = Type.Object({
  country_code: Type.String({ description: 'Case-insensitive; GR accepted for EL' }),
});
type Params = Static<typeof Params>;

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** The route of GET /v1/rates/{country_code}, as metrics and the access log name it. */
export const RATE_ROUTE = '/v1/rates/:country_code';

/** Each shared, frozen rate record (and list of them) rendered to JSON once. */
const rendered = new WeakMap<object, string>();

function jsonOf(value: Rate | readonly Rate[]): string {
  let json = rendered.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    rendered.set(value, json);
  }
  return json;
}

/** The 200 body of GET /v1/rates/{country_code}; also written by src/http/rates-fast-path.ts. */
export function rateBody(record: Rate, requestId: string): string {
  return `{"data":${jsonOf(record)},"meta":{"request_id":${JSON.stringify(requestId)}}}`;
}

/**
 * The rates routes check their two inputs in the handler (the path parameter is always a string, and
 * `date` is checked by parseRatesDate anyway), so their schemas document the API without an Ajv pass
 * per request.
 */
const documentedOnly = () => () => true;

/**
 * GET /v1/rates and GET /v1/rates/{country_code} (spec 4.5, 4.6, decisions section 8).
 *
 * Rate records are shared, frozen objects (RatesTable), so each is rendered to JSON once and the
 * answer is that text with the request id around it: the response schemas document the bytes (and
 * the tests check them against it), and the handlers are synchronous. Both took a GET /v1/rates/DE
 * from about 2 µs of serialising and a promise per request to a string concatenation.
 */
export function rateRoutes(app: FastifyInstance, rates: RatesTable, clock: Clock): void {
  app.addSchema(RateRecord);

  const dateOf = (query: DateQuery): string => {
    const date: unknown = query.date;
    if (date === undefined) return todayUtc(clock.now());
    // `?date=a&date=b` parses to an array.
    if (typeof date !== 'string')
      throw new ApiError('validation_error', 'query parameter date: must be string.');
    const parsed = parseRatesDate(date);
    if (!parsed.ok) throw new ApiError('validation_error', parsed.message);
    return parsed.date;
  };

  app.get<{ Querystring: DateQuery }>(
    '/v1/rates',
    {
      validatorCompiler: documentedOnly,
      schema: {
        operationId: 'listRates',
        tags: ['rates'],
        summary: 'VAT rates of all 31 countries',
        querystring: DateQuery,
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('RateRecord')),
            meta: Type.Object({ request_id: Type.String(), count: Type.Integer() }),
          }),
          ...errorResponses([...AUTH_ERRORS, 422]),
        },
      },
    },
    (request, reply) => {
      const data = rates.all(dateOf(request.query));
      reply
        .header('content-type', JSON_UTF8)
        .send(
          `{"data":${jsonOf(data)},"meta":{"request_id":${JSON.stringify(request.id)},"count":${data.length}}}`,
        );
    },
  );

  app.get<{ Params: Params; Querystring: DateQuery }>(
    RATE_ROUTE,
    {
      validatorCompiler: documentedOnly,
      schema: {
        operationId: 'getRates',
        tags: ['rates'],
        summary: 'VAT rates of one country',
        params: Params,
        querystring: DateQuery,
        response: {
          200: Type.Object({
            data: Type.Ref('RateRecord'),
            meta: Type.Object({ request_id: Type.String() }),
          }),
          ...errorResponses([...AUTH_ERRORS, 404, 422]),
        },
      },
    },
    (request, reply) => {
      const date = dateOf(request.query);
      const code = request.params.country_code;
      const record = rates.get(code, date);
      if (!record) {
        throw new ApiError(
          'not_found',
          `No VAT rates for country code '${code.slice(0, 10)}'. Rates cover the EU 27 (EL for Greece), GB, CH, LI and NO.`,
        );
      }
      reply.header('content-type', JSON_UTF8).send(rateBody(record, request.id));
    },
  );
}
