import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { CategoryDescriptionSchema, CategoryEntrySchema } from '../../rates/rate-shapes.js';
import type { RatesTable } from '../../rates/rates-table.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, NoQuery } from '../schemas/common.js';
import { EXAMPLE_REQUEST_ID } from '../schemas/examples.js';
import {
  CountryParams,
  DateQuery,
  EXAMPLE_DATE,
  JSON_UTF8,
  RATES_COMMON,
  ratesDay,
  renderedAnswers,
  unknownCountry,
} from './rates.js';

const CategoryParams = Type.Object({
  country_code: CountryParams.properties.country_code,
  id: Type.String({ description: 'A category id from `GET /v1/rates/categories`', examples: ['foodstuffs'] }),
});
type DateQueryValue = Static<typeof DateQuery>;

const CountMeta = Type.Object({ request_id: Type.String(), count: Type.Integer() });

const ENTRIES = `Each entry is one rate of one category: \`{ id, name, rate, type, note, since }\`. A category can have several entries: rates for different goods within it (France: pharmaceutical products at 10, 5.5 and 2.1 %; which goods take which rate TEDB states by customs code, not repeated here), and rates kept apart by their \`note\` because they apply to imports only or to a region (Austria's Jungholz and Mittelberg at 19 %). A category at the standard rate is not listed.

- **Sources**: the EU 27 from the EU's Taxes in Europe Database (TEDB), kept current by the service's sync; GB, CH, LI and NO from the hand-kept data (CH and LI: accommodation, foodstuffs, books, pharmaceutical products...; NO: foodstuffs, passenger transport, accommodation...; GB: its zero-rated kinds and 5 % ones). Before the first situation the data holds for a country, its list is empty.
- **Books**: TEDB has no general category for books. Most member states state their rate under \`loan_libraries\` (supply, including on loan by libraries, of books, newspapers and periodicals), some only through customs codes; \`books\` is Cyprus's in TEDB and the hand-kept data's for GB, CH, LI and NO.`;

const LIST_DESCRIPTION = `The categories of goods and services of one country that are taxed at a rate other than the standard one, with their rates in force on a day: today (UTC), or the \`date\` asked for.

${ENTRIES}

${RATES_COMMON}`;

const ONE_DESCRIPTION = `One category's entries in one country on a day: the rates of \`GET /v1/rates/{country_code}/categories\` with this id. An empty list means the category is at the standard rate there. An id that is no category is 404 \`category_not_found\`; a code without rate data is 404 \`not_found\`.

${ENTRIES}

${RATES_COMMON}`;

const CATALOGUE_DESCRIPTION = `Every category id the service knows: TEDB's identifiers of categories of goods and services, in lower case, each with a short English name and TEDB's own text for what it covers. The same ids serve every country, those outside the EU included.

${RATES_COMMON}`;

/**
 * GET /v1/rates/categories, /v1/rates/{country_code}/categories and
 * /v1/rates/{country_code}/categories/{id}: frozen lists from the rates table, each rendered to
 * JSON once (as GET /v1/rates does).
 */
export function rateCategoryRoutes(app: FastifyInstance, rates: RatesTable, clock: Clock): void {
  app.addSchema(CategoryEntrySchema);
  const entryList = Type.Array(Type.Ref(CategoryEntrySchema));
  const examples = (code: string, list: readonly object[], summary: string) => ({
    [code]: { summary, value: { data: list, meta: { request_id: EXAMPLE_REQUEST_ID, count: list.length } } },
  });
  const romania = rates
    .categories('RO', EXAMPLE_DATE)!
    .filter((entry) => entry.id !== 'agricultural_production');
  const answer = renderedAnswers();
  const send = (request: { id: string }, list: readonly object[]) =>
    answer(list, `{"request_id":${JSON.stringify(request.id)},"count":${list.length}}`);

  app.get(
    '/v1/rates/categories',
    {
      schema: {
        operationId: 'listRateCategories',
        tags: ['rates'],
        summary: 'Every rate category: ids, names and descriptions',
        description: CATALOGUE_DESCRIPTION,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: Type.Array(CategoryDescriptionSchema), meta: CountMeta },
            {
              description: 'The categories, by id',
              ...answerHeaders(),
              'x-examples': examples('abridged', rates.catalogue().slice(0, 3), 'The first three'),
            },
          ),
          ...errorResponses([...AUTH_ERRORS, 'validation_error']),
        },
      },
    },
    async (request, reply) => reply.type(JSON_UTF8).send(send(request, rates.catalogue())),
  );

  app.get<{ Querystring: DateQueryValue; Params: Static<typeof CountryParams> }>(
    '/v1/rates/:country_code/categories',
    {
      schema: {
        operationId: 'listCountryRateCategories',
        tags: ['rates'],
        summary: 'Rate categories of one country',
        description: LIST_DESCRIPTION,
        params: CountryParams,
        querystring: DateQuery,
        response: {
          200: Type.Object(
            { data: entryList, meta: CountMeta },
            {
              description: 'Every entry of the country on that day, by category id, then rate',
              ...answerHeaders(),
              'x-examples': examples(
                'RO',
                romania,
                `Romania on ${EXAMPLE_DATE} (agricultural services left out)`,
              ),
            },
          ),
          ...errorResponses([...AUTH_ERRORS, 'not_found', 'validation_error']),
        },
      },
    },
    async (request, reply) => {
      const code = request.params.country_code;
      const list = rates.categories(code, ratesDay(clock, request.query.date));
      if (!list) throw unknownCountry(code);
      return reply.type(JSON_UTF8).send(send(request, list));
    },
  );

  app.get<{ Querystring: DateQueryValue; Params: Static<typeof CategoryParams> }>(
    '/v1/rates/:country_code/categories/:id',
    {
      schema: {
        operationId: 'getCountryRateCategory',
        tags: ['rates'],
        summary: "One category's rates in one country",
        description: ONE_DESCRIPTION,
        params: CategoryParams,
        querystring: DateQuery,
        response: {
          200: Type.Object(
            { data: entryList, meta: CountMeta },
            {
              description: "The category's entries in the country on that day; empty at the standard rate",
              ...answerHeaders(),
              'x-examples': examples(
                'foodstuffs',
                rates.category('RO', 'foodstuffs', EXAMPLE_DATE)!,
                `Foodstuffs in Romania on ${EXAMPLE_DATE}`,
              ),
            },
          ),
          ...errorResponses([...AUTH_ERRORS, 'not_found', 'category_not_found', 'validation_error']),
        },
      },
    },
    async (request, reply) => {
      const { country_code: code, id } = request.params;
      const date = ratesDay(clock, request.query.date);
      if (!rates.get(code, date)) throw unknownCountry(code);
      if (!rates.isCategory(id)) {
        throw new ApiError(
          'category_not_found',
          `No rate category '${id.slice(0, 60)}'. GET /v1/rates/categories lists the ids (TEDB's, in lower case, e.g. foodstuffs).`,
        );
      }
      return reply.type(JSON_UTF8).send(send(request, rates.category(code, id, date)!));
    },
  );
}
