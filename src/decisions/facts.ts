import { COUNTRY_NAMES } from '../numbers/countries.js';
import { VAT_COUNTRY_CODES } from '../numbers/index.js';
import type { BuyerStanding, DecisionInput, SupplyKind } from './types.js';

/**
 * The facts the rules table reads, derived once from a request and the buyer's check: country
 * groups, where goods leave from, where a service is performed, and whether the buyer counts as a
 * business whose number the registry confirmed.
 */

/** The codes the service checks that are no member state: Northern Ireland, GB, CH, LI, NO, AU. */
const OUTSIDE_EU: ReadonlySet<string> = new Set(['XI', 'GB', 'CH', 'LI', 'NO', 'AU']);

/** The 27 member states, Greece as EL. */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(
  VAT_COUNTRY_CODES.filter((code) => !OUTSIDE_EU.has(code)),
);

/** Every country a decision can name: the member states, then XI, GB, CH, LI, NO and AU. */
export const DECISION_COUNTRIES: readonly string[] = Object.freeze([...EU_MEMBER_STATES, ...OUTSIDE_EU]);

/**
 * Services bound to the place where they are performed, by rate category id (GET
 * /v1/rates/categories), with the article of Directive 2006/112/EC that puts them there:
 * services connected with immovable property (Art. 47; Implementing Regulation 282/2011 Art. 31a:
 * accommodation, construction, renovation, repair and cleaning of buildings), passenger transport
 * (Art. 48), admission to and activities at events (Art. 53 to businesses, 54 to consumers),
 * restaurant and catering services (Art. 55), short-term hire of means of transport (Art. 56(1)).
 * Use of sports facilities is not admission to an event (Regulation 282/2011 Art. 32(3)).
 */
export const PLACE_BOUND_ARTICLES: Readonly<Record<string, string>> = Object.freeze({
  accommodation: 'Directive 2006/112/EC Art. 47',
  holiday_accommodation: 'Directive 2006/112/EC Art. 47',
  construction: 'Directive 2006/112/EC Art. 47',
  housing_provision: 'Directive 2006/112/EC Art. 47',
  renovation: 'Directive 2006/112/EC Art. 47',
  residential_renovation: 'Directive 2006/112/EC Art. 47',
  non_owned_residency_renovation: 'Directive 2006/112/EC Art. 47',
  private_dwellings: 'Directive 2006/112/EC Art. 47',
  window_cleaning: 'Directive 2006/112/EC Art. 47',
  transport_passengers: 'Directive 2006/112/EC Art. 48',
  cultural_events: 'Directive 2006/112/EC Art. 53, 54',
  sporting_events: 'Directive 2006/112/EC Art. 53, 54',
  admission_sporting_events: 'Directive 2006/112/EC Art. 53, 54',
  event_access: 'Directive 2006/112/EC Art. 53, 54',
  theatre_performances: 'Directive 2006/112/EC Art. 53, 54',
  restaurant: 'Directive 2006/112/EC Art. 55',
  food_service: 'Directive 2006/112/EC Art. 55',
  hiring_short_period: 'Directive 2006/112/EC Art. 56(1)',
});

export const PLACE_BOUND_CATEGORIES: ReadonlySet<string> = new Set(Object.keys(PLACE_BOUND_ARTICLES));

const UK = new Set(['GB', 'XI']);
const CH_LI = new Set(['CH', 'LI']);

/** Member states, and Northern Ireland for goods (Windsor Framework). */
export const inEuGoodsArea = (country: string) => EU_MEMBER_STATES.has(country) || country === 'XI';

/** One VAT area: the same country, GB with XI (UK VAT), CH with LI (one Swiss VAT area). */
export function sameVatArea(a: string, b: string): boolean {
  return a === b || (UK.has(a) && UK.has(b)) || (CH_LI.has(a) && CH_LI.has(b));
}

export const isUk = (country: string) => UK.has(country);

/** Whose rate table holds a country's rates: Northern Ireland charges the UK's rates. */
export const rateTableOf = (country: string) => (country === 'XI' ? 'GB' : country);

/** Australian GST in percent (A New Tax System (Goods and Services Tax) Act 1999 s 9-70). */
export const AU_GST_PERCENT = 10;

export interface DecisionFacts {
  seller: string;
  buyer: string;
  kind: SupplyKind;
  category: string | null;
  /** Goods: where the goods are dispatched from (default the seller's country). */
  dispatch: string;
  /** Services: where the service is performed (default the seller's country). */
  performed: string;
  placeBound: boolean;
  overThreshold: boolean;
  oss: boolean;
  standing: BuyerStanding;
  /** The buyer says it is a business: is_business true, or a number given without is_business false. */
  claimsBusiness: boolean;
  /** The registry confirmed the number and the buyer does not say it buys as a consumer. */
  confirmedNumber: string | null;
}

export function factsOf(input: DecisionInput, standing: BuyerStanding): DecisionFacts {
  const seller = input.seller.country_code;
  const givenNumber = input.buyer.vat_number !== undefined && input.buyer.vat_number !== '';
  const isBusiness = input.buyer.is_business;
  // A number that fails its syntax is read as a consumer's, unless the buyer says it is a business.
  const claimsBusiness =
    isBusiness === true || (isBusiness !== false && givenNumber && standing.kind !== 'malformed');
  const category = input.supply.category ?? null;
  return {
    seller,
    buyer: input.buyer.country_code,
    kind: input.supply.kind,
    category,
    dispatch: input.supply.ships_from ?? seller,
    performed: input.supply.performed_in ?? seller,
    placeBound: category !== null && PLACE_BOUND_CATEGORIES.has(category),
    overThreshold: input.seller.eu_distance_sales_over_threshold,
    oss: input.seller.oss_registered === true,
    standing,
    claimsBusiness,
    confirmedNumber: standing.kind === 'valid' && isBusiness !== false ? standing.country_code : null,
  };
}

/**
 * A number good for an exempt intra-community supply: confirmed, issued by a member state other
 * than the dispatch state, and an XI number for goods to Northern Ireland (Art. 138(1)(b)).
 */
export function numberAllowsIcs(f: DecisionFacts): boolean {
  const issuer = f.confirmedNumber;
  if (issuer === null || issuer === f.dispatch) return false;
  return f.buyer === 'XI' ? issuer === 'XI' : EU_MEMBER_STATES.has(issuer);
}

/** A number good for a reverse charge: confirmed, from a member state other than the seller's. */
export function numberAllowsReverseCharge(f: DecisionFacts): boolean {
  const issuer = f.confirmedNumber;
  return issuer !== null && EU_MEMBER_STATES.has(issuer) && issuer !== f.seller;
}

/** A confirmed number of the buyer's own VAT area outside the EU (GB, XI, CH, LI, NO, AU). */
export function numberShowsForeignBusiness(f: DecisionFacts): boolean {
  const issuer = f.confirmedNumber;
  return issuer !== null && !EU_MEMBER_STATES.has(issuer) && sameVatArea(issuer, f.buyer);
}

export const countryName = (code: string) => (COUNTRY_NAMES as Record<string, string>)[code] ?? code;

/**
 * Why the buyer's number did not make the sale a business one, in the words `reasons` uses; null
 * when there is nothing to say. `full` is set by the cases a confirmed business would have left
 * (a reverse charge, an intra-community supply, a sale outside the EU): only there is a missing,
 * foreign or consumer's number worth a sentence. A failed check is always said.
 */
export function whyNumberNotUsed(f: DecisionFacts, full: boolean): string | null {
  const s = f.standing;
  switch (s.kind) {
    case 'malformed':
      // A buyer that says it is a business stays one for goods (taxed where they leave from);
      // for services it is treated as a consumer either way (Regulation 282/2011 Art. 18(2), (3)).
      return `The buyer's VAT number is not well-formed, without its country's format: ${s.detail.replace(/\.$/, '')}. No registry was asked and the check is not charged; ${
        f.claimsBusiness && f.kind === 'goods'
          ? 'the buyer, which says it is a business, is treated as one without a confirmed VAT number'
          : 'the buyer is treated as a consumer'
      }.`;
    case 'invalid':
      return `The registry answered that the buyer's VAT number is not valid (${s.source_status}): the buyer cannot be treated as a business registered for VAT, and a current "not registered" outweighs any older valid answer.`;
    case 'unavailable':
      return `The buyer's VAT number could not be checked now (${s.detail}), and no earlier answer recent enough was kept: a zero-rated business sale cannot rest on an unchecked number.`;
    case 'degraded':
      return `The registry gave only a degraded answer for the buyer's VAT number (${s.detail}): a degraded answer never supports a reverse charge or an exempt intra-community supply.`;
    case 'no_number':
      return full && f.claimsBusiness
        ? 'The buyer says it is a business but gave no VAT number: without a number the registry confirmed, it is not treated as one registered for VAT.'
        : null;
    case 'valid':
      if (!full) return null;
      if (f.confirmedNumber === null)
        return 'The buyer says it buys as a consumer, so its VAT number is not used.';
      if (f.kind === 'goods' && f.buyer === 'XI' && s.country_code !== 'XI')
        return `Goods to Northern Ireland need the buyer's XI number; the number given was issued by ${countryName(s.country_code)}.`;
      return `The buyer's VAT number was issued by ${countryName(s.country_code)}, which does not make this sale an exempt business sale here.`;
  }
}

/**
 * Low-value consignments: the importing country's VAT is due at the point of sale on goods to
 * consumers up to these amounts. The rules say so without assessing it (no amount decides here).
 */
export const LOW_VALUE_CONSIGNMENTS: readonly { countries: readonly string[]; text: string }[] = [
  {
    countries: ['GB', 'XI'],
    text: 'Goods to consumers in the UK in consignments up to GBP 135: UK VAT is due from the seller at the point of sale, not on import (not assessed).',
  },
  {
    countries: ['NO'],
    text: 'Goods to consumers in Norway worth up to NOK 3,000 an item: Norwegian VAT is due from the seller at the point of sale (VOEC scheme), not on import (not assessed).',
  },
  {
    countries: ['AU'],
    text: 'Goods to consumers in Australia worth up to AUD 1,000: Australian GST is due from the seller at the point of sale, not on import (not assessed).',
  },
  {
    countries: [...EU_MEMBER_STATES],
    text: 'Goods imported into the EU to consumers in consignments up to EUR 150: the VAT of the member state of arrival can be charged at the point of sale through the Import One-Stop Shop (IOSS, Directive 2006/112/EC Art. 369l); otherwise it is due on import (not assessed).',
  },
];
