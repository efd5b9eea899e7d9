import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { CategoryRef, RateSourceSchema } from '../../rates/rate-shapes.js';
import { parseRatesDate, RATES_COVERAGE_START, type RatesTable, todayUtc } from '../../rates/rates-table.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, IsoTime } from '../schemas/common.js';
import { EXAMPLE_NOW, EXAMPLE_REQUEST_ID } from '../schemas/examples.js';

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
        categories: Type.Array(CategoryRef, {
          description:
            'The categories at this rate at home (rates for imports only or a region are in `GET /v1/rates/{country_code}/categories`, with their note); empty when unknown. A category at the standard rate is listed nowhere',
        }),
      }),
    ),
    updated_at: IsoTime,
    source: RateSourceSchema,
  },
  { $id: 'RateRecord' },
);

export const EXAMPLE_DATE = todayUtc(EXAMPLE_NOW);

export const DateQuery = Type.Object(
  {
    date: Type.Optional(
      Type.String({
        description: `The day whose rates to answer, YYYY-MM-DD (UTC), from ${RATES_COVERAGE_START} on; default today`,
        examples: [EXAMPLE_DATE],
      }),
    ),
  },
  { additionalProperties: false },
);
export const CountryParams = Type.Object({
  country_code: Type.String({ description: 'Case-insensitive; GR accepted for EL', examples: ['DE'] }),
});
type DateQuery = Static<typeof DateQuery>;
type CountryParams = Static<typeof CountryParams>;

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** What every rates operation's description says about tiers, keys and dates. */
export const RATES_COMMON = `- **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
- **Test keys** get the same answers as live keys.
- **Worth knowing**: a \`date\` before ${RATES_COVERAGE_START} or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 \`validation_error\`.`;

const DATA = `- **Data**: effective-dated, following governments' announcements: a change takes effect on its date. The rates come from the hand-kept data shipped with the service, or from a change a sync applied from the EU's Taxes in Europe Database (TEDB): \`source\` says which. \`updated_at\` is when the country's rates in force took effect.`;

const LIST_DESCRIPTION = `The VAT rates of the 31 countries (the EU 27 with Greece as EL, GB, CH, LI and NO) in force on a day: today (UTC), or the \`date\` asked for, future dates included. Each rate below the standard one lists its categories of goods and services.

${RATES_COMMON}
${DATA}`;

const ONE_DESCRIPTION = `The VAT rates of one country in force on a day: today (UTC), or the \`date\` asked for. A code without rate data is 404 \`not_found\`, the message naming it.

${RATES_COMMON}
${DATA}`;

/**
 * Frozen answers from the rates table, each encoded to UTF-8 JSON once: an answer is those bytes
 * (`{"data":…,"meta":`) and its meta. Sent as bytes, so text beyond ASCII (TEDB's comments) is not
 * transcoded again on every request: as a string, Germany's category list took 106 µs of CPU per
 * request against 65 for its rate record. The response schemas document those bytes, so these
 * routes take their types from the schemas by hand, not from the type provider (which would have
 * the handlers return objects to serialise).
 */
export function renderedAnswers(): (value: object, meta: string) => Buffer {
  const rendered = new WeakMap<object, Buffer>();
  return (value, meta) => {
    let head = rendered.get(value);
    if (head === undefined) {
      head = Buffer.from(`{"data":${JSON.stringify(value)},"meta":`);
      rendered.set(value, head);
    }
    return Buffer.concat([head, Buffer.from(`${meta}}`)]);
  };
}

/** The `?date=` of a rates request as a YYYY-MM-DD day, today (UTC) by default; bad dates are 422. */
export function ratesDay(clock: Clock, date: string | undefined): string {
  if (date === undefined) return todayUtc(clock.now());
  const parsed = parseRatesDate(date);
  if (!parsed.ok) throw new ApiError('validation_error', parsed.message);
  return parsed.date;
}

export function unknownCountry(code: string): ApiError {
  return new ApiError(
    'not_found',
    `No VAT rates for country code '${code.slice(0, 10)}'. Rates cover the EU 27 (EL for Greece), GB, CH, LI and NO.`,
  );
}

/** GET /v1/rates and GET /v1/rates/{country_code} (spec 4.5, 4.6, decisions section 8). */
export function rateRoutes(app: FastifyInstance, rates: RatesTable, clock: Clock): void {
  app.addSchema(RateRecordSchema);
  // Examples from the table itself, as the routes answer them on EXAMPLE_DATE.
  const someRates = ['DE', 'FR', 'CH'].map((code) => rates.get(code, EXAMPLE_DATE)!);
  const listExamples = {
    abridged: {
      summary: `Abridged to three of the 31 countries, on ${EXAMPLE_DATE}`,
      value: { data: someRates, meta: { request_id: EXAMPLE_REQUEST_ID, count: someRates.length } },
    },
  };
  const oneExamples = {
    DE: {
      summary: `Germany on ${EXAMPLE_DATE}`,
      value: { data: someRates[0], meta: { request_id: EXAMPLE_REQUEST_ID } },
    },
    CH: {
      summary: `Switzerland on ${EXAMPLE_DATE}, with two reduced rates`,
      value: { data: someRates[2], meta: { request_id: EXAMPLE_REQUEST_ID } },
    },
  };
  const answer = renderedAnswers();

  app.get<{ Querystring: DateQuery }>(
    '/v1/rates',
    {
      schema: {
        operationId: 'listRates',
        tags: ['rates'],
        summary: 'VAT rates of all 31 countries',
        description: LIST_DESCRIPTION,
        querystring: DateQuery,
        response: {
          200: Type.Object(
            {
              data: Type.Array(Type.Ref(RateRecordSchema)),
              meta: Type.Object({ request_id: Type.String(), count: Type.Integer() }),
            },
            { description: 'One rate record per country', ...answerHeaders(), 'x-examples': listExamples },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error']),
        },
      },
    },
    async (request, reply) => {
      const data = rates.all(ratesDay(clock, request.query.date));
      const meta = `{"request_id":${JSON.stringify(request.id)},"count":${data.length}}`;
      return reply.type(JSON_UTF8).send(answer(data, meta));
    },
  );

  app.get<{ Querystring: DateQuery; Params: CountryParams }>(
    '/v1/rates/:country_code',
    {
      schema: {
        operationId: 'getRates',
        tags: ['rates'],
        summary: 'VAT rates of one country',
        description: ONE_DESCRIPTION,
        params: CountryParams,
        querystring: DateQuery,
        response: {
          200: Type.Object(
            { data: Type.Ref(RateRecordSchema), meta: Type.Object({ request_id: Type.String() }) },
            { description: "The country's rate record", ...answerHeaders(), 'x-examples': oneExamples },
          ),
          ...errorResponses([...AUTH_ERRORS, 'not_found', 'validation_error']),
        },
      },
    },
    async (request, reply) => {
      const date = ratesDay(clock, request.query.date);
      const code = request.params.country_code;
      const record = rates.get(code, date);
      if (!record) throw unknownCountry(code);
      return reply.type(JSON_UTF8).send(answer(record, `{"request_id":${JSON.stringify(request.id)}}`));
    },
  );
}
