/**
 * The shapes the decision rules share with the decisions endpoint (plain types, no I/O). The API
 * side validates and normalises the request (countries upper case, GR read as EL), checks the
 * buyer's number through the validation pipeline, turns that check into a `BuyerStanding`, asks
 * `decideTreatment` (rules.ts) for the treatment, then looks up the rate and renders the note.
 */

export type SupplyKind = 'goods' | 'services' | 'digital_services';

export const SUPPLY_KINDS: readonly SupplyKind[] = Object.freeze(['goods', 'services', 'digital_services']);

export type Treatment =
  | 'domestic'
  | 'intra_community_supply'
  | 'reverse_charge'
  | 'distance_sale'
  | 'export'
  | 'outside_scope'
  | 'not_assessed';

export const TREATMENTS: readonly Treatment[] = Object.freeze([
  'domestic',
  'intra_community_supply',
  'reverse_charge',
  'distance_sale',
  'export',
  'outside_scope',
  'not_assessed',
]);

/** The request as the rules read it: already schema-validated, countries upper case, GR as EL. */
export interface DecisionInput {
  seller: {
    country_code: string;
    vat_number?: string;
    /** Intra-EU distance sales plus cross-border digital services to consumers over EUR 10,000. */
    eu_distance_sales_over_threshold: boolean;
    oss_registered?: boolean;
  };
  buyer: { country_code: string; vat_number?: string; is_business?: boolean };
  supply: {
    kind: SupplyKind;
    /** A rate category id (GET /v1/rates/categories); some make a service bound to a place. */
    category?: string;
    /** Goods: the country the goods are dispatched from (default the seller's). */
    ships_from?: string;
    /** Place-bound services: where the service is performed (default the seller's country). */
    performed_in?: string;
  };
  /** YYYY-MM-DD, on or after 2021-07-01. */
  date: string;
}

/**
 * What the check of the buyer's number gave, as the rules need it. The API side computes it from
 * the validation record: `valid` covers a live or cached answer, and a stale or fallback one
 * younger than DECISION_STALE_MAX_DAYS; older than that, it is `unavailable`.
 */
export type BuyerStanding =
  | { kind: 'no_number' }
  /** The number failed its syntax check: not charged, the buyer is treated as a consumer. */
  | { kind: 'malformed'; detail: string }
  /** `country_code` is the number's prefix (XI for a Northern Ireland number, EL for Greece). */
  | { kind: 'valid'; country_code: string; source_status: string }
  | { kind: 'invalid'; source_status: string }
  /** The registry could not answer and nothing usable within the age limit was kept. */
  | { kind: 'unavailable'; detail: string }
  /** A degraded answer: never enough for a reverse charge or an intra-community supply. */
  | { kind: 'degraded'; detail: string };

/** Which invoice note a case asks for; notes.ts renders it in the seller's languages and English. */
export type NoteKey =
  | 'domestic'
  | 'intra_community_supply'
  | 'reverse_charge'
  | 'distance_sale'
  | 'distance_sale_oss'
  | 'export'
  | 'outside_scope'
  | 'not_assessed';

export const NOTE_KEYS: readonly NoteKey[] = Object.freeze([
  'domestic',
  'intra_community_supply',
  'reverse_charge',
  'distance_sale',
  'distance_sale_oss',
  'export',
  'outside_scope',
  'not_assessed',
]);

/**
 * What a case of the rules table decides. The API side turns it into the answer: it looks up the
 * rate of `rate_country` (for the category when given) unless `zero_rated` or `fixed_rate` says
 * otherwise, and renders `note` with notes.ts.
 */
export interface RuleOutcome {
  /** The id of the row of DECISION_CASES that decided. */
  case_id: string;
  treatment: Treatment;
  /** null when not assessed. */
  charge_vat: boolean | null;
  /** The place of supply (EL for Greece); null for export, outside_scope and not_assessed. */
  vat_country: string | null;
  /** Whose rate to look up; null when the rate is 0 %, fixed here, or not assessed. */
  rate_country: string | null;
  /** 0 %: intra-community supply, reverse charge, export, outside scope. */
  zero_rated: boolean;
  /** A rate the rules hold themselves, in percent (Australian GST, 10); null otherwise. */
  fixed_rate: number | null;
  /** Articles the treatment rests on, e.g. "Directive 2006/112/EC Art. 196". */
  legal_basis: string[];
  /** Plain English sentences: why this treatment, what else the seller must do or check. */
  reasons: string[];
  note: NoteKey;
}
