import type { DecisionView } from '../decisions/decision-shape.js';
import { type Command, UsageError } from './command.js';
import { CLIENT_OPTIONS, callService, refusalOf, serviceClientOf } from './service-client.js';

/**
 * `vat-service decide`: POST /v1/decisions on the running service with an account's key, as a
 * customer's script would: the treatment, rate, note and reasons of one sale. A test key decides
 * from the test numbers without asking a registry.
 */

const KINDS = ['goods', 'services', 'digital_services'];

/** `--flag` as the body's boolean: true when given. */
function bodyOf(option: (name: string) => string | undefined, flag: (name: string) => boolean) {
  const seller = option('seller');
  const buyer = option('buyer');
  const kind = option('kind');
  if (!seller) throw new UsageError('--seller is required (the seller’s country, e.g. DE)');
  if (!buyer) throw new UsageError('--buyer is required (the buyer’s country, e.g. FR)');
  if (!kind || !KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${KINDS.join(', ')}`);
  const amount = option('amount');
  const currency = option('currency');
  if ((amount === undefined) !== (currency === undefined))
    throw new UsageError('--amount and --currency go together');
  const optional = (name: string, value: unknown) => (value === undefined ? {} : { [name]: value });
  return {
    seller: {
      country_code: seller,
      ...optional('vat_number', option('seller-vat')),
      ...(flag('over-threshold') ? { eu_distance_sales_over_threshold: true } : {}),
      ...(flag('oss') ? { oss_registered: true } : {}),
    },
    buyer: {
      country_code: buyer,
      ...optional('vat_number', option('buyer-vat')),
      ...(flag('business') ? { is_business: true } : {}),
    },
    supply: {
      kind,
      ...optional('category', option('category')),
      ...optional('ships_from', option('ships-from')),
      ...optional('performed_in', option('performed-in')),
    },
    ...optional('date', option('date')),
    ...(amount === undefined ? {} : { amount: { net: amount, currency } }),
    ...optional('reference', option('reference')),
  };
}

function text(decision: DecisionView): string {
  const rate = decision.rate === null ? 'none' : `${decision.rate} % (${decision.rate_type})`;
  const buyer = decision.buyer_validation;
  return [
    `Treatment:  ${decision.treatment}${decision.charge_vat === null ? '' : decision.charge_vat ? ', charge VAT' : ', no VAT charged'}`,
    `VAT of:     ${decision.vat_country ?? 'none'}`,
    `Rate:       ${rate}`,
    ...(decision.amount
      ? [
          `Amount:     net ${decision.amount.net}, VAT ${decision.amount.vat}, gross ${decision.amount.gross} ${decision.amount.currency}`,
        ]
      : []),
    `Basis:      ${decision.legal_basis.join('; ') || 'none'}`,
    `Buyer:      ${buyer ? `${buyer.valid ? 'valid' : 'not valid'} (${buyer.source_status}, ${buyer.validation_id})` : 'no check'}`,
    'Invoice note:',
    ...decision.invoice_note.text.split('\n').map((line) => `  ${line}`),
    ...(decision.reasons.length > 0
      ? ['Reasons:', ...decision.reasons.map((reason) => `  - ${reason}`)]
      : []),
    `Decision:   ${decision.id} (case ${decision.case_id})`,
  ].join('\n');
}

export const decide: Command = {
  path: ['decide'],
  synopsis:
    '--seller CC --buyer CC --kind KIND [--buyer-vat NUMBER] [--category ID] [--amount N --currency CUR] [--key KEY] [--url URL]',
  summary: 'the VAT treatment of a sale: charge VAT or not, whose, at which rate, with the invoice note',
  details: [
    'POST /v1/decisions on the running service (Pro tier and above). The buyer’s number is checked as',
    'GET /v1/validate checks it, and counted as one validation with a live key; a test key decides from',
    'the test numbers without asking a registry. KIND: goods, services or digital_services.',
    'Exit 0 with the decision, 1 when the service refused (the message says why), 2 on bad arguments.',
  ],
  options: {
    seller: { type: 'string', value: 'CC', description: 'the seller’s country (GR or EL for Greece)' },
    'seller-vat': { type: 'string', value: 'NUMBER', description: 'the seller’s VAT number, for the note' },
    buyer: { type: 'string', value: 'CC', description: 'the buyer’s country' },
    'buyer-vat': { type: 'string', value: 'NUMBER', description: 'the buyer’s VAT number, checked' },
    business: { type: 'boolean', description: 'the buyer says it is a business' },
    kind: { type: 'string', value: 'KIND', description: 'goods, services or digital_services' },
    category: {
      type: 'string',
      value: 'ID',
      description: 'a rate category id (GET /v1/rates/categories lists them)',
    },
    'ships-from': { type: 'string', value: 'CC', description: 'goods: the country they leave from' },
    'performed-in': { type: 'string', value: 'CC', description: 'place-bound services: where performed' },
    'over-threshold': { type: 'boolean', description: 'EU distance sales over EUR 10,000' },
    oss: { type: 'boolean', description: 'the seller is registered for the one-stop shop' },
    date: { type: 'string', value: 'YYYY-MM-DD', description: 'the date of the sale (default today)' },
    amount: { type: 'string', value: 'N', description: 'the net amount of the line' },
    currency: { type: 'string', value: 'CUR', description: 'ISO 4217, with --amount' },
    reference: { type: 'string', value: 'REF', description: 'your reference for the invoice' },
    ...CLIENT_OPTIONS,
  },
  json: 'the decision, as POST /v1/decisions answers it in `data`',
  examples: [
    'vat-service decide --seller DE --buyer FR --buyer-vat FR40303265045 --kind services',
    'vat-service decide --seller NL --buyer DE --kind digital_services --amount 100 --currency EUR --json',
  ],
  async run(context) {
    const body = bodyOf(context.option, context.flag);
    const client = serviceClientOf(context);
    const answer = await callService(client, 'POST', '/v1/decisions', body);
    if (answer.status !== 200) throw refusalOf(client, 'POST /v1/decisions', answer);
    const decision = answer.body.data as DecisionView;
    context.print(decision, text(decision));
    return 0;
  },
};
