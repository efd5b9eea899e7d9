import { type Static, Type } from '@sinclair/typebox';
import { ApiError } from '../errors.js';
import { VAT_COUNTRY_CODES } from '../numbers/index.js';
import { REFERENCE_MAX_LENGTH } from '../records/reference.js';
import { ISO_3166_ALPHA_2 } from './iso3166.js';
import { isIsoCurrency } from './money.js';
import { type DecisionInput, SUPPLY_KINDS } from './types.js';

/**
 * The body of POST /v1/decisions: its schema (closed objects, so an unknown member is 422 naming
 * it), and the checks a schema cannot state, each a 422 `validation_error` naming the member:
 * countries the service serves (GR read as EL), a rate category that exists, a calendar date from
 * the start of the one-stop-shop rules, a finite non-negative net amount, an ISO 4217 currency.
 */

/** Sales before this day fell under the distance-selling thresholds the one-stop shop replaced. */
export const DECISIONS_FROM = '2021-07-01';

const Country = (description: string, example: string) =>
  Type.String({ minLength: 2, maxLength: 2, description, examples: [example] });

/**
 * The seller's VAT number, which goes on the invoice note as given and is checked with no registry:
 * letters and digits, with the spaces, dots, hyphens and slashes numbers are written with
 * (`CHE-123.456.789 MWST`, `NO 123 456 789 MVA`, `51 824 753 556`), nothing a note cannot print.
 * Blank is no number, as for the buyer.
 */
export const SELLER_VAT_PATTERN = '^ *(?:[A-Za-z0-9][A-Za-z0-9 ./-]*)?$';
export const SELLER_VAT_MESSAGE =
  'must be a VAT number: letters and digits, with spaces, dots, hyphens or slashes between them';

export const DecisionRequest = Type.Object(
  {
    seller: Type.Object(
      {
        country_code: Country(
          'The seller’s country: an EU member state (GR or EL for Greece), XI, GB, CH, LI, NO or AU',
          'DE',
        ),
        vat_number: Type.Optional(
          Type.String({
            maxLength: 64,
            pattern: SELLER_VAT_PATTERN,
            description:
              'Shown in the invoice note as given: letters and digits, with the spaces, dots, hyphens and slashes numbers are written with',
            examples: ['DE123456704'],
          }),
        ),
        eu_distance_sales_over_threshold: Type.Optional(
          Type.Boolean({
            description:
              'Sales of goods to consumers in other member states plus digital services to them exceeded EUR 10,000 last calendar year, or this year with this sale (default false)',
          }),
        ),
        oss_registered: Type.Optional(
          Type.Boolean({ description: 'Registered for the one-stop shop (default false)' }),
        ),
      },
      { additionalProperties: false },
    ),
    buyer: Type.Object(
      {
        country_code: Country('The buyer’s country, as `seller.country_code`', 'FR'),
        vat_number: Type.Optional(
          Type.String({
            maxLength: 64,
            description:
              'Checked as on GET /v1/validate (charged once, recorded); one that fails its format is answered as to a consumer',
            examples: ['FR40303265045'],
          }),
        ),
        is_business: Type.Optional(Type.Boolean({ description: 'The buyer says it is a business' })),
      },
      { additionalProperties: false },
    ),
    supply: Type.Object(
      {
        kind: Type.Union(
          SUPPLY_KINDS.map((kind) => Type.Literal(kind)),
          {
            description:
              '`digital_services`: telecommunications, broadcasting and electronically supplied services',
          },
        ),
        category: Type.Optional(
          Type.String({
            maxLength: 100,
            description:
              'A rate category id (GET /v1/rates/categories); without one the standard rate applies',
            examples: ['accommodation'],
          }),
        ),
        ships_from: Type.Optional(
          Country(
            'Goods: the country they are dispatched from (default the seller’s); any ISO 3166 code, goods from elsewhere than the countries decided for are imports, not assessed',
            'DE',
          ),
        ),
        performed_in: Type.Optional(
          Country(
            'Services bound to a place: where they are performed (default the seller’s country); any ISO 3166 code',
            'DE',
          ),
        ),
      },
      { additionalProperties: false },
    ),
    date: Type.Optional(
      Type.String({ maxLength: 10, description: `YYYY-MM-DD, from ${DECISIONS_FROM} (default today, UTC)` }),
    ),
    amount: Type.Optional(
      Type.Object(
        {
          net: Type.Union([Type.Number(), Type.String({ maxLength: 40 })], {
            description: 'The net amount of the line, non-negative: a JSON number or a decimal string',
            examples: ['100.00'],
          }),
          currency: Type.String({ maxLength: 3, description: 'ISO 4217', examples: ['EUR'] }),
        },
        { additionalProperties: false },
      ),
    ),
    reference: Type.Optional(
      Type.String({
        maxLength: 256,
        description: `Your own id for the invoice or order, 1–${REFERENCE_MAX_LENGTH} printable characters`,
        examples: ['invoice-2026-0042'],
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        seller: { country_code: 'DE', vat_number: 'DE123456704' },
        buyer: { country_code: 'FR', vat_number: 'FR40303265045', is_business: true },
        supply: { kind: 'services' },
        date: '2026-03-02',
        amount: { net: '100.00', currency: 'EUR' },
        reference: 'invoice-2026-0042',
      },
    ],
  },
);

export type DecisionRequestBody = Static<typeof DecisionRequest>;

const bad = (message: string) => new ApiError('validation_error', message);

/** Upper case, GR as EL; 422 naming `member` for a country the service does not serve. */
export function decisionCountry(member: string, raw: string): string {
  const code = raw.toUpperCase() === 'GR' ? 'EL' : raw.toUpperCase();
  if (!(VAT_COUNTRY_CODES as readonly string[]).includes(code))
    throw bad(
      `${member}: '${raw.slice(0, 8)}' is not a country this service decides for (EU member states, XI, GB, CH, LI, NO, AU).`,
    );
  return code;
}

/**
 * Where goods leave from or a service is performed: a country the service decides for (GR read as
 * EL), or any other ISO 3166 country, which the rules answer as out of their reach.
 */
function placeCountry(member: string, raw: string): string {
  const code = raw.toUpperCase();
  if ((VAT_COUNTRY_CODES as readonly string[]).includes(code === 'GR' ? 'EL' : code))
    return decisionCountry(member, raw);
  if (ISO_3166_ALPHA_2.has(code)) return code;
  throw bad(`${member}: '${raw.slice(0, 8)}' is not an ISO 3166 country code.`);
}

/**
 * The net amount as sent, once checked: a finite non-negative number (money.ts reads it through
 * its shortest decimal form), or a string of digits with an optional fraction; 422 otherwise.
 */
export function parseNet(raw: number | string): number | string {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw bad('amount.net: must be a finite number.');
    if (raw < 0) throw bad('amount.net: must not be negative.');
    return raw;
  }
  const text = raw.trim();
  if (text.startsWith('-')) throw bad('amount.net: must not be negative.');
  if (!/^\d{1,15}(\.\d{1,12})?$/.test(text))
    throw bad(
      `amount.net: '${raw.slice(0, 40)}' is not a decimal amount (digits, an optional point and fraction).`,
    );
  return text;
}

/** A real calendar date, from DECISIONS_FROM; 422 naming `date` otherwise. */
export function parseDecisionDate(raw: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const [year, month, day] = match ? match.slice(1).map(Number) : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())
    throw bad(`date: '${raw.slice(0, 20)}' is not a calendar date in the form YYYY-MM-DD.`);
  if (raw < DECISIONS_FROM)
    throw bad(`date: decisions follow the rules in force since ${DECISIONS_FROM}; ${raw} is earlier.`);
  return raw;
}

export interface CheckedRequest {
  input: DecisionInput;
  amount: { net: number | string; currency: string } | null;
}

/**
 * The body as the rules read it, after the checks the schema cannot make. `isCategory` says
 * whether a rate category id exists; `today` is the default date.
 */
export function checkDecisionRequest(
  body: DecisionRequestBody,
  options: { isCategory: (id: string) => boolean; today: string },
): CheckedRequest {
  const { seller, buyer, supply } = body;
  const sellerCountry = decisionCountry('seller.country_code', seller.country_code);
  const buyerCountry = decisionCountry('buyer.country_code', buyer.country_code);
  const shipsFrom = supply.ships_from && placeCountry('supply.ships_from', supply.ships_from);
  const performedIn = supply.performed_in && placeCountry('supply.performed_in', supply.performed_in);
  if (supply.category !== undefined && !options.isCategory(supply.category))
    throw bad(
      `supply.category: '${supply.category.slice(0, 100)}' is no rate category; GET /v1/rates/categories lists them.`,
    );
  const date = body.date === undefined ? options.today : parseDecisionDate(body.date);
  let amount: CheckedRequest['amount'] = null;
  if (body.amount) {
    const net = parseNet(body.amount.net);
    const currency = body.amount.currency.toUpperCase();
    if (!isIsoCurrency(currency))
      throw bad(`amount.currency: '${body.amount.currency.slice(0, 3)}' is not an ISO 4217 currency code.`);
    amount = { net, currency };
  }
  const buyerVat = buyer.vat_number?.trim();
  return {
    input: {
      seller: {
        country_code: sellerCountry,
        ...(seller.vat_number?.trim() ? { vat_number: seller.vat_number.trim() } : {}),
        eu_distance_sales_over_threshold: seller.eu_distance_sales_over_threshold ?? false,
        oss_registered: seller.oss_registered ?? false,
      },
      buyer: {
        country_code: buyerCountry,
        ...(buyerVat ? { vat_number: buyerVat } : {}),
        ...(buyer.is_business === undefined ? {} : { is_business: buyer.is_business }),
      },
      supply: {
        kind: supply.kind,
        ...(supply.category === undefined ? {} : { category: supply.category }),
        ...(shipsFrom ? { ships_from: shipsFrom } : {}),
        ...(performedIn ? { performed_in: performedIn } : {}),
      },
      date,
    },
    amount,
  };
}
