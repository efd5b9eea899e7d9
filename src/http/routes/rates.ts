import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { parseRatesDate, type RateRecord, type RatesTable, todayUtc } from '../../rates/rates-table.js';
import { AUTH_ERRORS, errorResponses, IsoTime } from '../schemas/common.js';

const RateRecordSchema = Type.Object(
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

const DateQuery = Type.Object(
  { date: Type.Optional(Type.String({ description: 'YYYY-MM-DD (UTC), from 2024-01-01; default today' })) },
  { additionalProperties: false },
);
const Params = Type.Object({
  country_code: Type.String({ description: 'Case-insensitive; GR accepted for EL' }),
});
type DateQuery = Static<typeof DateQuery>;
type Params = Static<typeof Params>;

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * GET /v1/rates and GET /v1/rates/{country_code} (spec 4.5, 4.6, decisions section 8).
 *
 * Rate records are shared, frozen objects (RatesTable), so each is rendered to JSON once and the
 * answer is that text with the request id around it; the response schemas document those bytes
 * (so these two routes take their types from the schemas by hand, not from the type provider,
 * which would have the handlers return objects to serialise).
 */
export function rateRoutes(app: FastifyInstance, rates: RatesTable, clock: Clock): void {
  app.addSchema(RateRecordSchema);
  const rendered = new WeakMap<object, string>();
  const jsonOf = (value: RateRecord | readonly RateRecord[]): string => {
    let json = rendered.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      rendered.set(value, json);
    }
    return json;
  };
  const dateOf = (date: string | undefined): string => {
    if (date === undefined) return todayUtc(clock.now());
    const parsed = parseRatesDate(date);
    if (!parsed.ok) throw new ApiError('validation_error', parsed.message);
    return parsed.date;
  };

  app.get<{ Querystring: DateQuery }>(
    '/v1/rates',
    {
      schema: {
        operationId: 'listRates',
        tags: ['rates'],
        summary: 'VAT rates of all 31 countries',
        querystring: DateQuery,
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref(RateRecordSchema)),
            meta: Type.Object({ request_id: Type.String(), count: Type.Integer() }),
          }),
          ...errorResponses([...AUTH_ERRORS, 422]),
        },
      },
    },
    async (request, reply) => {
      const data = rates.all(dateOf(request.query.date));
      const meta = `{"request_id":${JSON.stringify(request.id)},"count":${data.length}}`;
      return reply.type(JSON_UTF8).send(`{"data":${jsonOf(data)},"meta":${meta}}`);
    },
  );

  app.get<{ Querystring: DateQuery; Params: Params }>(
    '/v1/rates/:country_code',
    {
      schema: {
        operationId: 'getRates',
        tags: ['rates'],
        summary: 'VAT rates of one country',
        params: Params,
        querystring: DateQuery,
        response: {
          200: Type.Object({
            data: Type.Ref(RateRecordSchema),
            meta: Type.Object({ request_id: Type.String() }),
          }),
          ...errorResponses([...AUTH_ERRORS, 404, 422]),
        },
      },
    },
    async (request, reply) => {
      const date = dateOf(request.query.date);
      const code = request.params.country_code;
      const record = rates.get(code, date);
      if (!record) {
        throw new ApiError(
          'not_found',
          `No VAT rates for country code '${code.slice(0, 10)}'. Rates cover the EU 27 (EL for Greece), GB, CH, LI and NO.`,
        );
      }
      const meta = `{"request_id":${JSON.stringify(request.id)}}`;
      return reply.type(JSON_UTF8).send(`{"data":${jsonOf(record)},"meta":${meta}}`);
    },
  );
}
