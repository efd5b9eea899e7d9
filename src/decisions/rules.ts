import {
  AU_GST_PERCENT,
  countryName,
  type DecisionFacts,
  EU_MEMBER_STATES,
  factsOf,
  inEuGoodsArea,
  isUk,
  LOW_VALUE_CONSIGNMENTS,
  numberAllowsIcs,
  numberAllowsReverseCharge,
  numberShowsForeignBusiness,
  PLACE_BOUND_ARTICLES,
  rateTableOf,
  sameVatArea,
  whyNumberNotUsed,
} from './facts.js';
import type { BuyerStanding, DecisionInput, NoteKey, RuleOutcome, Treatment } from './types.js';

/**
 * The VAT treatment of a sale, as one table of cases read top to bottom: the first case whose
 * condition holds decides (wave3 D2, D3). Each row carries an example and the outcome it must give;
 * the tests and docs/decisions.md drive every row. Place-bound services come first (they are taxed
 * where performed, whoever buys), then goods by where they leave from, then other services.
 */

/** Whose country a case points at. */
type Whose = 'seller' | 'buyer' | 'dispatch' | 'performed';

export interface DecisionCase {
  id: string;
  /** The case as a tax adviser would state it. */
  title: string;
  when: (f: DecisionFacts) => boolean;
  decides: {
    treatment: Treatment;
    /** The place of supply; null for export, outside_scope and not_assessed. */
    place: Whose | null;
    /** Whose rate: a country, 0 % (`zero`), or none (not assessed). */
    rate: Whose | 'zero' | null;
    legal: (f: DecisionFacts) => string[];
    /** Sentences with {seller}, {buyer}, {dispatch}, {performed}, {category} filled in. */
    reasons: readonly string[];
    note: NoteKey;
  };
  /** The buyer's confirmed number is what makes this case (reverse charge, exempt supply, B2B abroad). */
  usesNumber?: boolean;
  /** A confirmed business would have been treated otherwise here: say why the number did not count. */
  failsClosed?: boolean;
  example: { input: DecisionInput; buyer: BuyerStanding; expected: Omit<RuleOutcome, 'reasons'> };
}

const DIR = 'Directive 2006/112/EC';
const REG = 'Implementing Regulation (EU) 282/2011';
const WINDSOR = 'Windsor Framework Art. 8';

/**
 * National law of the sellers outside the EU, by what it makes of the sale: `abroad` is a service
 * supplied where the customer is, `digital` telecommunications, broadcasting and electronic
 * services to a consumer abroad (the UK places them where the consumer belongs by a rule of their
 * own; Switzerland, Liechtenstein, Norway and Australia by their general rule for services).
 */
type NationalLaw = { export: string; abroad: string; digital: string; domestic: string };

/** Great Britain and Northern Ireland: one UK VAT Act. */
const UK_LAW: NationalLaw = {
  export: 'VAT Act 1994 s.30(6)',
  abroad: 'VAT Act 1994 s.7A(2)(a)',
  digital: 'VAT Act 1994 Sch. 4A para. 15',
  domestic: 'VAT Act 1994 s.4',
};

const NATIONAL: Record<string, NationalLaw> = {
  GB: UK_LAW,
  XI: UK_LAW,
  CH: {
    export: 'MWSTG (CH) Art. 23 Abs. 2 Ziff. 1',
    abroad: 'MWSTG (CH) Art. 8 Abs. 1',
    digital: 'MWSTG (CH) Art. 8 Abs. 1',
    domestic: 'MWSTG (CH) Art. 25',
  },
  LI: {
    export: 'MWSTG (LI) Art. 23 Abs. 2 Ziff. 1',
    abroad: 'MWSTG (LI) Art. 8 Abs. 1',
    digital: 'MWSTG (LI) Art. 8 Abs. 1',
    domestic: 'MWSTG (LI) Art. 25',
  },
  NO: {
    export: 'Merverdiavgiftsloven paragraf 6-21',
    abroad: 'Merverdiavgiftsloven paragraf 6-22',
    digital: 'Merverdiavgiftsloven paragraf 6-22',
    domestic: 'Merverdiavgiftsloven paragraf 3-1',
  },
  AU: {
    export: 'GST Act 1999 s 38-185',
    abroad: 'GST Act 1999 s 38-190',
    digital: 'GST Act 1999 s 38-190',
    domestic: 'GST Act 1999 s 9-70',
  },
};

const national = (f: DecisionFacts, which: keyof NationalLaw) => {
  const law = NATIONAL[f.seller];
  return law ? [law[which]] : [];
};

/**
 * Goods leaving Northern Ireland: the Directive's rule applies there by the Windsor Framework, and
 * UK law states it for the UK's VAT return (an export: VAT Act 1994 s.30(6); to a business in a
 * member state: VAT Regulations 1995 reg. 133F), so a UK adviser finds both.
 */
const fromNorthernIreland = (f: DecisionFacts, ukLaw: string) =>
  f.dispatch === 'XI' ? [ukLaw, WINDSOR] : [];

const eu = (country: string) => EU_MEMBER_STATES.has(country);
const isChLi = (country: string) => country === 'CH' || country === 'LI';
/**
 * Cultural services to the public and admission to sporting events, exempt in Switzerland and
 * Liechtenstein whoever supplies them (MWSTG Art. 21 Abs. 2 Ziff. 14, 15), unless the seller opted
 * to tax them (Art. 22). `event_access` is left out: it also covers fairs and premises.
 */
const CH_LI_EXEMPT_EVENTS: ReadonlySet<string> = new Set([
  'cultural_events',
  'theatre_performances',
  'sporting_events',
  'admission_sporting_events',
]);
const goods = (f: DecisionFacts) => f.kind === 'goods';
const services = (f: DecisionFacts) => f.kind !== 'goods' && !f.placeBound;
/** Goods crossing a border inside the EU goods area (the member states and Northern Ireland). */
const intraEuGoods = (f: DecisionFacts) =>
  goods(f) && inEuGoodsArea(f.dispatch) && inEuGoodsArea(f.buyer) && !sameVatArea(f.dispatch, f.buyer);
/**
 * A buyer that says it is a business but has no confirmed number is treated as a consumer for
 * services (Implementing Regulation 282/2011 Art. 18(2) in the EU, 18(3) outside it).
 */
const unconfirmedBusiness = (f: DecisionFacts, paragraph: 2 | 3) =>
  f.claimsBusiness && f.confirmedNumber === null ? [`${REG} Art. 18(${paragraph})`] : [];

const live = (country_code: string): BuyerStanding => ({
  kind: 'valid',
  country_code,
  source_status: 'live',
});
const NO_NUMBER: BuyerStanding = { kind: 'no_number' };

interface SaleOptions {
  vat?: string;
  business?: boolean;
  ships_from?: string;
  performed_in?: string;
  category?: string;
  over?: boolean;
  oss?: boolean;
}

/** An example request. */
function sale(seller: string, buyer: string, kind: DecisionInput['supply']['kind'], o: SaleOptions = {}) {
  const input: DecisionInput = {
    seller: { country_code: seller, eu_distance_sales_over_threshold: o.over ?? false },
    buyer: { country_code: buyer },
    supply: { kind },
    date: '2026-03-02',
  };
  if (o.oss !== undefined) input.seller.oss_registered = o.oss;
  if (o.vat !== undefined) input.buyer.vat_number = o.vat;
  if (o.business !== undefined) input.buyer.is_business = o.business;
  if (o.ships_from !== undefined) input.supply.ships_from = o.ships_from;
  if (o.performed_in !== undefined) input.supply.performed_in = o.performed_in;
  if (o.category !== undefined) input.supply.category = o.category;
  return input;
}

/** The expected outcome of an example, from its non-default parts. */
function outcome(
  case_id: string,
  treatment: Treatment,
  vat_country: string | null,
  rate: string | 'zero' | 'gst' | null,
  note: NoteKey,
  legal_basis: string[],
): Omit<RuleOutcome, 'reasons'> {
  return {
    case_id,
    treatment,
    charge_vat: rate === null ? null : rate !== 'zero',
    vat_country,
    rate_country: rate === null || rate === 'zero' || rate === 'gst' ? null : rate,
    zero_rated: rate === 'zero',
    fixed_rate: rate === 'gst' ? AU_GST_PERCENT : null,
    legal_basis,
    note,
  };
}

export const DECISION_CASES: readonly DecisionCase[] = [
  // Services bound to a place: taxed where performed, to businesses and consumers alike.
  {
    id: 'place-bound-streamed',
    title: 'An event or other place-bound service streamed or supplied online',
    when: (f) => f.placeBound && f.kind === 'digital_services',
    decides: {
      treatment: 'not_assessed',
      place: null,
      rate: null,
      legal: () => [`${DIR} Art. 53, 54`, `${DIR} Art. 58`],
      reasons: [
        'A streamed or virtual event is not taxed where an audience attends in person; where it is taxed depends on the customer and the kind of access: not assessed.',
      ],
      note: 'not_assessed',
    },
    example: {
      input: sale('AT', 'DE', 'digital_services', { category: 'cultural_events' }),
      buyer: NO_NUMBER,
      expected: outcome('place-bound-streamed', 'not_assessed', null, null, 'not_assessed', [
        `${DIR} Art. 53, 54`,
        `${DIR} Art. 58`,
      ]),
    },
  },
  {
    id: 'place-bound-performed-abroad',
    title: "A place-bound service performed outside the seller's country, or passenger transport abroad",
    when: (f) => f.placeBound && f.kind === 'services' && !sameVatArea(f.performed, f.seller),
    decides: {
      treatment: 'not_assessed',
      place: null,
      rate: null,
      legal: (f) => [PLACE_BOUND_ARTICLES[f.category ?? ''] ?? `${DIR} Art. 47`],
      reasons: [
        "The service ({category}) is performed in {performed}, not in the seller's country: the VAT of {performed} is due there, usually through a registration there; cross-border passenger transport is taxed per distance in each country: not assessed.",
      ],
      note: 'not_assessed',
    },
    example: {
      input: sale('DE', 'DE', 'services', { category: 'accommodation', performed_in: 'AT' }),
      buyer: NO_NUMBER,
      expected: outcome('place-bound-performed-abroad', 'not_assessed', null, null, 'not_assessed', [
        `${DIR} Art. 47`,
      ]),
    },
  },
  {
    id: 'ch-li-event-admission-exempt',
    title:
      'Admission to a cultural or sporting event in Switzerland or Liechtenstein: exempt unless the seller opted to tax it',
    when: (f) =>
      f.placeBound &&
      f.kind === 'services' &&
      isChLi(f.performed) &&
      sameVatArea(f.performed, f.seller) &&
      CH_LI_EXEMPT_EVENTS.has(f.category ?? ''),
    decides: {
      treatment: 'not_assessed',
      place: null,
      rate: null,
      legal: (f) => [`MWSTG (${f.seller}) Art. 21 Abs. 2 Ziff. 14, 15`, `MWSTG (${f.seller}) Art. 22`],
      reasons: [
        'Cultural services to the public (theatre, concerts, dance, film shows, museums and the like) and admission to sporting events in {performed} are exempt from VAT without input tax deduction, unless the seller opted to tax them, when the standard rate applies: whether it did is not in the request, so not assessed.',
      ],
      note: 'not_assessed',
    },
    example: {
      input: sale('CH', 'DE', 'services', { category: 'cultural_events' }),
      buyer: NO_NUMBER,
      expected: outcome('ch-li-event-admission-exempt', 'not_assessed', null, null, 'not_assessed', [
        'MWSTG (CH) Art. 21 Abs. 2 Ziff. 14, 15',
        'MWSTG (CH) Art. 22',
      ]),
    },
  },
  {
    id: 'place-bound-in-seller-country',
    title: "A place-bound service performed in the seller's country, to a business or a consumer",
    when: (f) => f.placeBound && f.kind === 'services',
    decides: {
      treatment: 'domestic',
      place: 'performed',
      rate: 'performed',
      legal: (f) =>
        eu(f.seller) ? [PLACE_BOUND_ARTICLES[f.category ?? ''] ?? `${DIR} Art. 47`] : national(f, 'domestic'),
      reasons: [
        'Services connected with a building or land (accommodation, construction, renovation), restaurant and catering services, admission to events, passenger transport and short-term hire of means of transport are taxed where they are performed ({performed}), whoever the customer is: never a reverse charge.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('FR', 'DE', 'services', { category: 'accommodation', vat: 'DE123456704' }),
      buyer: live('DE'),
      expected: outcome('place-bound-in-seller-country', 'domestic', 'FR', 'FR', 'domestic', [
        `${DIR} Art. 47`,
      ]),
    },
  },

  // Goods that leave from somewhere the rules do not reach.
  {
    id: 'goods-from-buyer-country',
    title: "Goods dispatched from the buyer's own country by a seller from another country",
    when: (f) => goods(f) && sameVatArea(f.dispatch, f.buyer) && !sameVatArea(f.dispatch, f.seller),
    decides: {
      treatment: 'not_assessed',
      place: null,
      rate: null,
      legal: () => [`${DIR} Art. 32`, `${DIR} Art. 194`],
      reasons: [
        'The goods are dispatched from {dispatch}, where the buyer is: a sale within {dispatch} by a seller from {seller}; whether the seller registers there or the buyer accounts for the VAT depends on the rules of {dispatch}: not assessed.',
      ],
      note: 'not_assessed',
    },
    example: {
      input: sale('DE', 'FR', 'goods', { ships_from: 'FR' }),
      buyer: NO_NUMBER,
      expected: outcome('goods-from-buyer-country', 'not_assessed', null, null, 'not_assessed', [
        `${DIR} Art. 32`,
        `${DIR} Art. 194`,
      ]),
    },
  },
  {
    id: 'goods-imported',
    title: "Goods dispatched from outside the EU and outside the seller's own country (an import)",
    when: (f) => goods(f) && !inEuGoodsArea(f.dispatch) && !sameVatArea(f.dispatch, f.seller),
    decides: {
      treatment: 'not_assessed',
      place: null,
      rate: null,
      legal: () => [`${DIR} Art. 30, 201`],
      reasons: [
        "The goods are dispatched from {dispatch}, outside the EU and outside the seller's own country: an import into the country of arrival, whose import VAT and rules apply: not assessed.",
      ],
      note: 'not_assessed',
    },
    example: {
      input: sale('NL', 'BE', 'goods', { ships_from: 'CH' }),
      buyer: NO_NUMBER,
      expected: outcome('goods-imported', 'not_assessed', null, null, 'not_assessed', [
        `${DIR} Art. 30, 201`,
      ]),
    },
  },

  // Sales within one VAT area.
  {
    id: 'ch-li-one-vat-area',
    title:
      "Switzerland and Liechtenstein: one VAT area, sales between them (and goods a seller sends from the other one) are domestic, VAT of the seller's country",
    when: (f) =>
      !f.placeBound &&
      isChLi(f.seller) &&
      sameVatArea(f.seller, f.buyer) &&
      // Between the two, or goods the seller sends from the other one (its own VAT still applies).
      (f.seller !== f.buyer || (goods(f) && f.dispatch !== f.seller)) &&
      (f.kind !== 'goods' || sameVatArea(f.dispatch, f.seller)),
    decides: {
      treatment: 'domestic',
      place: 'seller',
      rate: 'seller',
      legal: (f) => [
        `MWSTG (${f.seller}) Art. 3`,
        'Treaty between Switzerland and Liechtenstein on value added tax of 28 November 1994',
      ],
      reasons: [
        'Switzerland and Liechtenstein form one VAT area: a sale by a seller in {seller} to a buyer in {buyer}, goods sent from either of them included, is domestic: VAT of {seller}, at the Swiss and Liechtenstein rate.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('CH', 'LI', 'services', { vat: 'CHE100000006MWST' }),
      buyer: live('CH'),
      expected: outcome('ch-li-one-vat-area', 'domestic', 'CH', 'CH', 'domestic', [
        'MWSTG (CH) Art. 3',
        'Treaty between Switzerland and Liechtenstein on value added tax of 28 November 1994',
      ]),
    },
  },
  {
    id: 'uk-goods-between-gb-and-xi',
    title: 'Goods between Great Britain and Northern Ireland: domestic at the UK rate',
    when: (f) => goods(f) && isUk(f.dispatch) && isUk(f.buyer) && f.dispatch !== f.buyer,
    decides: {
      treatment: 'domestic',
      place: 'dispatch',
      rate: 'dispatch',
      legal: () => ['VAT Act 1994 s.4', WINDSOR],
      reasons: [
        'Goods moving between Great Britain and Northern Ireland are a sale within the United Kingdom: UK VAT at the UK rate, whoever the buyer is.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('GB', 'XI', 'goods', { vat: 'XI123456727' }),
      buyer: live('XI'),
      expected: outcome('uk-goods-between-gb-and-xi', 'domestic', 'GB', 'GB', 'domestic', [
        'VAT Act 1994 s.4',
        WINDSOR,
      ]),
    },
  },
  {
    id: 'goods-domestic',
    title: 'Goods sold and delivered within one country',
    when: (f) => goods(f) && sameVatArea(f.dispatch, f.buyer),
    decides: {
      treatment: 'domestic',
      place: 'dispatch',
      rate: 'dispatch',
      legal: (f) => (eu(f.dispatch) ? [`${DIR} Art. 2(1)(a), 31, 32`] : national(f, 'domestic')),
      reasons: [
        'Goods dispatched from and delivered in {dispatch}: a domestic sale at the rate of {dispatch}.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('DE', 'DE', 'goods', { vat: 'DE123456704' }),
      buyer: live('DE'),
      expected: outcome('goods-domestic', 'domestic', 'DE', 'DE', 'domestic', [
        `${DIR} Art. 2(1)(a), 31, 32`,
      ]),
    },
  },
  {
    id: 'services-domestic',
    title: "Services to a buyer in the seller's own country (or GB and Northern Ireland)",
    when: (f) => services(f) && sameVatArea(f.seller, f.buyer),
    decides: {
      treatment: 'domestic',
      place: 'seller',
      rate: 'seller',
      legal: (f) => (eu(f.seller) ? [`${DIR} Art. 44, 45`] : national(f, 'domestic')),
      reasons: [
        'Services by a seller in {seller} to a buyer in {buyer}: a domestic sale at the rate of {seller}.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('AU', 'AU', 'services', { vat: 'AU51824753556' }),
      buyer: live('AU'),
      expected: outcome('services-domestic', 'domestic', 'AU', 'gst', 'domestic', ['GST Act 1999 s 9-70']),
    },
  },

  // Goods from a non-EU seller's own country, and goods leaving the EU.
  {
    id: 'export-by-non-eu-seller',
    title: 'Goods that a GB, CH, LI, NO or AU seller exports from its own country',
    when: (f) => goods(f) && !inEuGoodsArea(f.dispatch) && !sameVatArea(f.dispatch, f.buyer),
    decides: {
      treatment: 'export',
      place: null,
      rate: 'zero',
      legal: (f) => national(f, 'export'),
      reasons: [
        'Goods exported from {dispatch} to {buyer}: zero-rated in {dispatch} when the export is proven (customs export record); the import VAT of {buyer} is due on arrival.',
      ],
      note: 'export',
    },
    example: {
      input: sale('GB', 'FR', 'goods'),
      buyer: NO_NUMBER,
      expected: outcome('export-by-non-eu-seller', 'export', null, 'zero', 'export', [
        'VAT Act 1994 s.30(6)',
      ]),
    },
  },
  {
    id: 'export-from-eu',
    title: 'Goods dispatched from the EU (or Northern Ireland) to GB, CH, LI, NO or AU',
    when: (f) => goods(f) && !inEuGoodsArea(f.buyer),
    decides: {
      treatment: 'export',
      place: null,
      rate: 'zero',
      legal: (f) => [`${DIR} Art. 146(1)(a), (b)`, ...fromNorthernIreland(f, 'VAT Act 1994 s.30(6)')],
      reasons: [
        'Goods leaving the EU VAT area for {buyer}: an exempt export (0 %) when the exit is proven by the customs export record; the import VAT of {buyer} is due on arrival.',
      ],
      note: 'export',
    },
    example: {
      input: sale('DE', 'CH', 'goods', { vat: 'CHE100000006MWST' }),
      buyer: live('CH'),
      expected: outcome('export-from-eu', 'export', null, 'zero', 'export', [`${DIR} Art. 146(1)(a), (b)`]),
    },
  },

  // Goods between member states (and Northern Ireland).
  {
    id: 'intra-community-supply',
    title: 'Goods to a business in another member state whose VAT number the registry confirmed',
    when: (f) => intraEuGoods(f) && numberAllowsIcs(f),
    usesNumber: true,
    decides: {
      treatment: 'intra_community_supply',
      place: 'buyer',
      rate: 'zero',
      legal: (f) => [
        `${DIR} Art. 138(1)`,
        `${DIR} Art. 138(1a)`,
        `${REG} Art. 45a`,
        ...fromNorthernIreland(f, 'VAT Regulations 1995 reg. 133F'),
      ],
      reasons: [
        'Goods dispatched from {dispatch} to a business in {buyer} whose VAT number the registry confirmed: an exempt intra-community supply (0 %); the buyer accounts for the acquisition in {buyer}.',
        'Keep proof that the goods were transported to {buyer} (Implementing Regulation 282/2011 Art. 45a), and list the supply in the EC Sales List (recapitulative statement): without it the exemption is lost (Art. 138(1a)).',
      ],
      note: 'intra_community_supply',
    },
    example: {
      input: sale('DE', 'NL', 'goods', { vat: 'NL123456782B01' }),
      buyer: live('NL'),
      expected: outcome(
        'intra-community-supply',
        'intra_community_supply',
        'NL',
        'zero',
        'intra_community_supply',
        [`${DIR} Art. 138(1)`, `${DIR} Art. 138(1a)`, `${REG} Art. 45a`],
      ),
    },
  },
  {
    id: 'goods-business-number-not-confirmed',
    title: 'Goods to a buyer that says it is a business, without a VAT number the registry confirmed',
    when: (f) => intraEuGoods(f) && f.claimsBusiness,
    failsClosed: true,
    decides: {
      treatment: 'domestic',
      place: 'dispatch',
      rate: 'dispatch',
      legal: () => [`${DIR} Art. 32`, `${DIR} Art. 138(1)(b)`],
      reasons: [
        'Without a confirmed VAT number the supply cannot be exempt: it is taxed where the goods are dispatched from ({dispatch}), at the rate of {dispatch}, not as a distance sale to a consumer.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('DE', 'FR', 'goods', { vat: 'FR10123456717' }),
      buyer: { kind: 'invalid', source_status: 'live' },
      expected: outcome('goods-business-number-not-confirmed', 'domestic', 'DE', 'DE', 'domestic', [
        `${DIR} Art. 32`,
        `${DIR} Art. 138(1)(b)`,
      ]),
    },
  },
  {
    id: 'distance-sale-by-non-eu-seller',
    title:
      'Goods a seller outside the EU ships from stock inside the EU to a consumer in another member state',
    when: (f) => intraEuGoods(f) && !inEuGoodsArea(f.seller),
    decides: {
      treatment: 'distance_sale',
      place: 'buyer',
      rate: 'buyer',
      legal: () => [`${DIR} Art. 33(a)`, `${DIR} Art. 369a, 369b`],
      reasons: [
        'A seller established outside the EU has no threshold: goods sent from {dispatch} to a consumer in {buyer} are taxed in {buyer} at its rate, declared through the One-Stop Shop (OSS, Union scheme) or a registration in {buyer}.',
      ],
      note: 'distance_sale_oss',
    },
    example: {
      input: sale('CH', 'FR', 'goods', { ships_from: 'DE' }),
      buyer: NO_NUMBER,
      expected: outcome('distance-sale-by-non-eu-seller', 'distance_sale', 'FR', 'FR', 'distance_sale_oss', [
        `${DIR} Art. 33(a)`,
        `${DIR} Art. 369a, 369b`,
      ]),
    },
  },
  {
    id: 'distance-sale-dispatched-from-another-member-state',
    title: "Goods to a consumer, dispatched from a member state other than the seller's",
    when: (f) => intraEuGoods(f) && f.dispatch !== f.seller,
    decides: {
      treatment: 'distance_sale',
      place: 'buyer',
      rate: 'buyer',
      legal: () => [`${DIR} Art. 33(a)`, `${DIR} Art. 59c(1)(b)`, `${DIR} Art. 369a, 369b`],
      reasons: [
        "Goods dispatched from {dispatch}, not from the seller's own country: the EUR 10,000 threshold does not apply, so the sale is taxed in {buyer} at its rate, declared through the One-Stop Shop (OSS).",
      ],
      note: 'distance_sale_oss',
    },
    example: {
      input: sale('DE', 'FR', 'goods', { ships_from: 'PL' }),
      buyer: NO_NUMBER,
      expected: outcome(
        'distance-sale-dispatched-from-another-member-state',
        'distance_sale',
        'FR',
        'FR',
        'distance_sale_oss',
        [`${DIR} Art. 33(a)`, `${DIR} Art. 59c(1)(b)`, `${DIR} Art. 369a, 369b`],
      ),
    },
  },
  {
    id: 'distance-sale-goods-oss',
    title: 'Goods to a consumer in another member state, seller over the EUR 10,000 threshold or in OSS',
    when: (f) => intraEuGoods(f) && (f.overThreshold || f.oss),
    decides: {
      treatment: 'distance_sale',
      place: 'buyer',
      rate: 'buyer',
      legal: () => [`${DIR} Art. 33(a)`, `${DIR} Art. 59c`, `${DIR} Art. 369a, 369b`],
      reasons: [
        "The seller's distance sales and cross-border digital services to EU consumers are over EUR 10,000 a year, or it declares through the One-Stop Shop: the sale is taxed in {buyer} at its rate, declared through the OSS.",
      ],
      note: 'distance_sale_oss',
    },
    example: {
      input: sale('DE', 'FR', 'goods', { over: true }),
      buyer: NO_NUMBER,
      expected: outcome('distance-sale-goods-oss', 'distance_sale', 'FR', 'FR', 'distance_sale_oss', [
        `${DIR} Art. 33(a)`,
        `${DIR} Art. 59c`,
        `${DIR} Art. 369a, 369b`,
      ]),
    },
  },
  {
    id: 'distance-sale-goods-under-threshold',
    title: "Goods to a consumer in another member state, seller under the threshold: the seller's rate",
    when: (f) => intraEuGoods(f),
    decides: {
      treatment: 'distance_sale',
      place: 'seller',
      rate: 'seller',
      legal: () => [`${DIR} Art. 59c(1)`, `${DIR} Art. 32`],
      reasons: [
        "The seller's distance sales and cross-border digital services to EU consumers stay under EUR 10,000 this year and last: the sale is taxed in {seller} at its rate; once over the threshold (this sale included), at the rate of {buyer} through the One-Stop Shop.",
      ],
      note: 'distance_sale',
    },
    example: {
      input: sale('AT', 'IT', 'goods'),
      buyer: NO_NUMBER,
      expected: outcome('distance-sale-goods-under-threshold', 'distance_sale', 'AT', 'AT', 'distance_sale', [
        `${DIR} Art. 59c(1)`,
        `${DIR} Art. 32`,
      ]),
    },
  },

  // Services (telecommunications, broadcasting and e-services included) across borders.
  {
    id: 'reverse-charge-services',
    title: 'Services to a business in another member state whose VAT number the registry confirmed',
    when: (f) => services(f) && eu(f.buyer) && numberAllowsReverseCharge(f),
    usesNumber: true,
    decides: {
      treatment: 'reverse_charge',
      place: 'buyer',
      rate: 'zero',
      legal: (f) => [`${DIR} Art. 44`, `${DIR} Art. 196`, ...(eu(f.seller) ? [] : national(f, 'abroad'))],
      reasons: [
        'Services to a business in {buyer} whose VAT number the registry confirmed: supplied where the customer is established, and the customer accounts for the VAT of {buyer} (reverse charge); no VAT on the invoice.',
        'A seller in the EU lists the supply in its EC Sales List (recapitulative statement, Art. 262(1)(c)).',
      ],
      note: 'reverse_charge',
    },
    example: {
      input: sale('DE', 'NL', 'services', { vat: 'NL123456782B01' }),
      buyer: live('NL'),
      expected: outcome('reverse-charge-services', 'reverse_charge', 'NL', 'zero', 'reverse_charge', [
        `${DIR} Art. 44`,
        `${DIR} Art. 196`,
      ]),
    },
  },
  {
    id: 'business-services-outside-eu',
    title: 'Services to a business outside the EU whose number the registry confirmed',
    when: (f) => services(f) && !eu(f.buyer) && numberShowsForeignBusiness(f),
    usesNumber: true,
    decides: {
      treatment: 'outside_scope',
      place: null,
      rate: 'zero',
      legal: (f) => (eu(f.seller) ? [`${DIR} Art. 44`] : national(f, 'abroad')),
      reasons: [
        'Services to a business in {buyer} whose number the registry confirmed: supplied where the customer is established, outside the VAT of {seller}; the VAT of {buyer} is usually due from the customer there: not assessed.',
      ],
      note: 'outside_scope',
    },
    example: {
      input: sale('FR', 'GB', 'services', { vat: 'GB123456727' }),
      buyer: live('GB'),
      expected: outcome('business-services-outside-eu', 'outside_scope', null, 'zero', 'outside_scope', [
        `${DIR} Art. 44`,
      ]),
    },
  },
  {
    id: 'digital-services-eu-consumer-oss',
    title: 'Digital services to a consumer in another member state, seller over the threshold or in OSS',
    when: (f) =>
      f.kind === 'digital_services' &&
      services(f) &&
      eu(f.seller) &&
      eu(f.buyer) &&
      (f.overThreshold || f.oss),
    failsClosed: true,
    decides: {
      treatment: 'distance_sale',
      place: 'buyer',
      rate: 'buyer',
      legal: (f) => [
        `${DIR} Art. 58`,
        `${DIR} Art. 59c`,
        `${DIR} Art. 369a, 369b`,
        ...unconfirmedBusiness(f, 2),
      ],
      reasons: [
        'Telecommunications, broadcasting and electronically supplied services to a consumer in {buyer}, by a seller over the EUR 10,000 threshold or declaring through the One-Stop Shop: taxed in {buyer} at its rate, declared through the OSS.',
      ],
      note: 'distance_sale_oss',
    },
    example: {
      input: sale('DE', 'FR', 'digital_services', { oss: true }),
      buyer: NO_NUMBER,
      expected: outcome(
        'digital-services-eu-consumer-oss',
        'distance_sale',
        'FR',
        'FR',
        'distance_sale_oss',
        [`${DIR} Art. 58`, `${DIR} Art. 59c`, `${DIR} Art. 369a, 369b`],
      ),
    },
  },
  {
    id: 'digital-services-eu-consumer-under-threshold',
    title:
      "Digital services to a consumer in another member state, seller under the threshold: the seller's rate",
    when: (f) => f.kind === 'digital_services' && services(f) && eu(f.seller) && eu(f.buyer),
    failsClosed: true,
    decides: {
      treatment: 'distance_sale',
      place: 'seller',
      rate: 'seller',
      legal: (f) => [`${DIR} Art. 59c(1)`, `${DIR} Art. 45`, ...unconfirmedBusiness(f, 2)],
      reasons: [
        "The seller's distance sales and cross-border digital services to EU consumers stay under EUR 10,000 this year and last: taxed in {seller} at its rate; once over the threshold (this sale included), at the rate of {buyer} through the One-Stop Shop.",
      ],
      note: 'distance_sale',
    },
    example: {
      input: sale('DE', 'FR', 'digital_services', { vat: 'FR10123456717' }),
      buyer: { kind: 'invalid', source_status: 'live' },
      expected: outcome(
        'digital-services-eu-consumer-under-threshold',
        'distance_sale',
        'DE',
        'DE',
        'distance_sale',
        [`${DIR} Art. 59c(1)`, `${DIR} Art. 45`, `${REG} Art. 18(2)`],
      ),
    },
  },
  {
    id: 'digital-services-by-non-eu-seller-to-eu-consumer',
    title: 'Digital services from a seller outside the EU to a consumer in a member state',
    when: (f) => f.kind === 'digital_services' && services(f) && eu(f.buyer),
    failsClosed: true,
    decides: {
      treatment: 'distance_sale',
      place: 'buyer',
      rate: 'buyer',
      legal: (f) => [`${DIR} Art. 58`, `${DIR} Art. 358a, 359`, ...unconfirmedBusiness(f, 2)],
      reasons: [
        'Telecommunications, broadcasting and electronically supplied services from outside the EU to a consumer in {buyer}: taxed in {buyer} at its rate from the first sale, declared through the One-Stop Shop (non-Union scheme).',
      ],
      note: 'distance_sale_oss',
    },
    example: {
      input: sale('NO', 'SE', 'digital_services'),
      buyer: NO_NUMBER,
      expected: outcome(
        'digital-services-by-non-eu-seller-to-eu-consumer',
        'distance_sale',
        'SE',
        'SE',
        'distance_sale_oss',
        [`${DIR} Art. 58`, `${DIR} Art. 358a, 359`],
      ),
    },
  },
  {
    id: 'digital-services-consumer-outside-eu',
    title: 'Digital services to a consumer outside the EU and outside the seller’s own VAT area',
    when: (f) => f.kind === 'digital_services' && services(f),
    failsClosed: true,
    decides: {
      treatment: 'outside_scope',
      place: null,
      rate: 'zero',
      legal: (f) =>
        eu(f.seller) ? [`${DIR} Art. 58`, ...unconfirmedBusiness(f, 3)] : national(f, 'digital'),
      reasons: [
        'Electronically supplied, telecommunications and broadcasting services to a consumer in {buyer} are supplied where the consumer lives: no VAT of {seller}; the VAT or GST of {buyer} is usually due from the seller there, through a registration: not assessed.',
      ],
      note: 'outside_scope',
    },
    example: {
      input: sale('IE', 'NO', 'digital_services'),
      buyer: NO_NUMBER,
      expected: outcome(
        'digital-services-consumer-outside-eu',
        'outside_scope',
        null,
        'zero',
        'outside_scope',
        [`${DIR} Art. 58`],
      ),
    },
  },
  {
    id: 'services-eu-seller-to-consumer-elsewhere',
    title: 'Other services by an EU seller to a consumer in another country: taxed where the seller is',
    when: (f) => services(f) && eu(f.seller),
    failsClosed: true,
    decides: {
      treatment: 'domestic',
      place: 'seller',
      rate: 'seller',
      legal: (f) => [`${DIR} Art. 45`, ...unconfirmedBusiness(f, eu(f.buyer) ? 2 : 3)],
      reasons: [
        'Services to a consumer (or to a buyer whose VAT number is not confirmed) are supplied where the seller is established: VAT of {seller} at its rate.',
        'Services that the Directive taxes where the consumer is (Art. 59 to consumers outside the EU, such as advice, advertising or financial services; Art. 50 to 57 such as work on goods or on land) are not assessed here.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('DE', 'FR', 'services', { vat: 'FR10123456717' }),
      buyer: { kind: 'unavailable', detail: 'VIES did not answer' },
      expected: outcome('services-eu-seller-to-consumer-elsewhere', 'domestic', 'DE', 'DE', 'domestic', [
        `${DIR} Art. 45`,
        `${REG} Art. 18(2)`,
      ]),
    },
  },
  {
    id: 'services-uk-seller-to-consumer-abroad',
    title: 'Services by a GB or Northern Ireland seller to a consumer abroad: UK VAT',
    when: (f) => services(f) && isUk(f.seller),
    failsClosed: true,
    decides: {
      treatment: 'domestic',
      place: 'seller',
      rate: 'seller',
      legal: () => ['VAT Act 1994 s.7A(2)(b)'],
      reasons: [
        'Services by a UK seller to a consumer (or to a buyer whose number is not confirmed) are supplied where the seller belongs: UK VAT at the UK rate.',
        'Schedule 4A paragraph 16 services not assessed: advice, advertising, financial and other services listed there, to consumers outside the UK, are outside the scope of UK VAT.',
      ],
      note: 'domestic',
    },
    example: {
      input: sale('GB', 'DE', 'services'),
      buyer: NO_NUMBER,
      expected: outcome('services-uk-seller-to-consumer-abroad', 'domestic', 'GB', 'GB', 'domestic', [
        'VAT Act 1994 s.7A(2)(b)',
      ]),
    },
  },
  {
    id: 'services-non-eu-seller-to-consumer-abroad',
    title: 'Services by a CH, LI, NO or AU seller to a customer abroad: outside its VAT',
    when: (f) => services(f),
    failsClosed: true,
    decides: {
      treatment: 'outside_scope',
      place: null,
      rate: 'zero',
      legal: (f) => national(f, 'abroad'),
      reasons: [
        'Services by a seller in {seller} to a customer in {buyer}: outside the VAT of {seller}; the VAT of {buyer} is usually due there: not assessed.',
      ],
      note: 'outside_scope',
    },
    example: {
      input: sale('CH', 'AT', 'services'),
      buyer: NO_NUMBER,
      expected: outcome(
        'services-non-eu-seller-to-consumer-abroad',
        'outside_scope',
        null,
        'zero',
        'outside_scope',
        ['MWSTG (CH) Art. 8 Abs. 1'],
      ),
    },
  },
];

/** Reasons every decision on goods may carry: low-value consignments into the buyer's country. */
function lowValueReasons(f: DecisionFacts, treatment: Treatment): string[] {
  const crossesIntoBuyer =
    treatment === 'export' || (treatment === 'not_assessed' && !inEuGoodsArea(f.dispatch));
  if (!goods(f) || !crossesIntoBuyer || f.confirmedNumber !== null) return [];
  // Into the EU, the Import One-Stop Shop threshold; into GB, NO and AU, theirs.
  return LOW_VALUE_CONSIGNMENTS.filter((rule) => rule.countries.includes(f.buyer)).map((rule) => rule.text);
}

function fill(text: string, f: DecisionFacts): string {
  return text
    .replaceAll('{seller}', countryName(f.seller))
    .replaceAll('{buyer}', countryName(f.buyer))
    .replaceAll('{dispatch}', countryName(f.dispatch))
    .replaceAll('{performed}', countryName(f.performed))
    .replaceAll('{category}', f.category ?? '');
}

function countryOf(whose: Whose, f: DecisionFacts): string {
  return whose === 'seller'
    ? f.seller
    : whose === 'buyer'
      ? f.buyer
      : whose === 'dispatch'
        ? f.dispatch
        : f.performed;
}

/** The treatment of a sale; `buyer` is what the check of the buyer's number gave. */
export function decideTreatment(input: DecisionInput, buyer: BuyerStanding): RuleOutcome {
  const f = factsOf(input, buyer);
  const row = DECISION_CASES.find((candidate) => candidate.when(f));
  // The cases cover every sale (a test walks every country pair, kind and standing).
  if (!row) throw new Error(`no decision case covers ${f.kind} from ${f.seller} to ${f.buyer}`);
  const { decides } = row;
  const rateCountry =
    decides.rate === null || decides.rate === 'zero' ? null : rateTableOf(countryOf(decides.rate, f));
  const why = row.usesNumber ? null : whyNumberNotUsed(f, row.failsClosed === true);
  return {
    case_id: row.id,
    treatment: decides.treatment,
    charge_vat: decides.rate === null ? null : decides.rate !== 'zero',
    vat_country: decides.place === null ? null : countryOf(decides.place, f),
    rate_country: rateCountry === 'AU' ? null : rateCountry,
    zero_rated: decides.rate === 'zero',
    fixed_rate: rateCountry === 'AU' ? AU_GST_PERCENT : null,
    legal_basis: decides.legal(f),
    reasons: [
      ...decides.reasons.map((text) => fill(text, f)),
      ...(why ? [why] : []),
      ...lowValueReasons(f, decides.treatment),
    ],
    note: decides.note,
  };
}
