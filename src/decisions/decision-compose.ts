import { timeOrderedId } from '../ids.js';
import { checkVatNumber } from '../numbers/index.js';
import type { RatesTable } from '../rates/rates-table.js';
import type { KeyMode } from '../store/tables.js';
import type { BuyerCheck } from './buyer-standing.js';
import { decisionRate } from './decision-rate.js';
import type { CheckedRequest } from './decision-request.js';
import type { HashedDecisionView } from './decision-shape.js';
import { lineAmount } from './money.js';
import { renderInvoiceNote } from './notes.js';
import { decideTreatment } from './rules.js';
import type { BuyerStanding } from './types.js';

/**
 * A decision from a checked request and the standing of the buyer's check: the rules table's
 * case, the rate (decision-rate.ts), the amounts (money.ts) and the note (notes.ts). Pure, so the
 * service and the reference's examples build decisions the same way.
 */

/** A new decision id: `dec_` and a time-ordered id, so decisions sort by when they were made. */
export function newDecisionId(now: number): string {
  return timeOrderedId('dec', now);
}

/**
 * The buyer's number as the registry confirmed it, for the invoice (Directive 2006/112/EC Art.
 * 226(4)): compact, upper case, Greece as EL (Art. 215), whatever spacing or GR prefix was sent.
 */
function asChecked(number: string | undefined): string | undefined {
  if (number === undefined) return undefined;
  const check = checkVatNumber(number);
  return check.kind === 'checked' ? check.number.vatNumber : number;
}

export interface ComposeArgs {
  checked: CheckedRequest;
  buyer: { standing: BuyerStanding; reasons: string[]; check: BuyerCheck | null };
  rates: RatesTable;
  owner: { accountId: string; mode: KeyMode };
  requestId: string;
  reference: string | null;
  now: number;
  /** Given for examples; a new id otherwise. */
  id?: string;
}

export function composeDecision(args: ComposeArgs): HashedDecisionView {
  const { checked, buyer, now } = args;
  const { input } = checked;
  const outcome = decideTreatment(input, buyer.standing);
  const rate = decisionRate(args.rates, outcome, { date: input.date, category: input.supply.category });
  const amount =
    checked.amount && rate.rate !== null
      ? lineAmount(checked.amount.net, rate.rate, checked.amount.currency)
      : null;
  const reasons = [...buyer.reasons, ...outcome.reasons, ...rate.reasons];
  if (checked.amount && rate.rate === null)
    reasons.push('No rate is given, so the amounts are not computed.');
  return {
    id: args.id ?? newDecisionId(now),
    account_id: args.owner.accountId,
    mode: args.owner.mode,
    request_id: args.requestId,
    reference: args.reference,
    treatment: outcome.treatment,
    charge_vat: outcome.charge_vat,
    vat_country: outcome.vat_country,
    rate: rate.rate,
    rate_type: rate.rate_type,
    category: input.supply.category ?? null,
    amount,
    invoice_note: renderInvoiceNote(outcome, {
      seller_country: input.seller.country_code,
      buyer_country: input.buyer.country_code,
      rate: rate.rate === null ? null : String(rate.rate),
      seller_vat_number: input.seller.vat_number,
      buyer_vat_number: buyer.standing.kind === 'valid' ? asChecked(input.buyer.vat_number) : undefined,
    }),
    legal_basis: outcome.legal_basis,
    buyer_validation: buyer.check,
    reasons,
    case_id: outcome.case_id,
    seller: {
      country_code: input.seller.country_code,
      vat_number: input.seller.vat_number ?? null,
      eu_distance_sales_over_threshold: input.seller.eu_distance_sales_over_threshold,
      oss_registered: input.seller.oss_registered ?? false,
    },
    buyer: {
      country_code: input.buyer.country_code,
      vat_number: input.buyer.vat_number ?? null,
      is_business: input.buyer.is_business ?? null,
    },
    supply: {
      kind: input.supply.kind,
      category: input.supply.category ?? null,
      ships_from: input.supply.ships_from ?? null,
      performed_in: input.supply.performed_in ?? null,
    },
    date: input.date,
    created_at: new Date(now).toISOString(),
  };
}
