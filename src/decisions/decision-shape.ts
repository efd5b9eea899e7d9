import { type Static, Type } from '@sinclair/typebox';
import { canonicalJson, leafHash, leafHashOf } from '../ledger/hashing.js';
import type { DecisionsTable, SealsTable } from '../store/tables.js';
import { IsoTime, Nullable } from '../validation/answer.js';
import { SUPPLY_KINDS, TREATMENTS } from './types.js';

/**
 * A decision as the API shows it, built from its row; and the form it is hashed in: the decision
 * without `ledger`, as validation records are (src/records/record-shape.ts). The row's columns
 * (treatment, the parties' countries, the buyer's record) override what `body` holds, so every
 * member shown, column or body, is in what is hashed.
 */

const RATE_TYPES = ['standard', 'reduced', 'super_reduced', 'parking', 'zero', 'exempt'] as const;

export const BuyerValidation = Type.Object(
  {
    validation_id: Type.String({
      description: 'The validation record of the check (`GET /v1/validations/{id}`)',
      examples: ['val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'],
    }),
    valid: Type.Boolean(),
    source_status: Type.String({
      description:
        '`live` or `cached`; `unavailable` (a stale answer kept from before the registry went down) or `fallback` (a national register answered for VIES) are flagged here when they were used; `degraded` never gives a reverse charge or an intra-community supply',
      examples: ['live'],
    }),
    checked_at: IsoTime,
  },
  { description: "The check of the buyer's VAT number the decision rests on" },
);

export const DecisionAmount = Type.Object(
  {
    net: Type.String({ description: 'As sent, in decimal', examples: ['100.00'] }),
    vat: Type.String({
      description: 'net × rate, rounded half up to the currency’s minor unit (ISO 4217)',
      examples: ['19.00'],
    }),
    gross: Type.String({ description: 'net + vat', examples: ['119.00'] }),
    currency: Type.String({ description: 'ISO 4217, as sent', examples: ['EUR'] }),
  },
  { description: 'Decimal strings, never binary floating point' },
);

export const InvoiceNote = Type.Object({
  text: Type.String({
    description: "The note for the invoice: in the seller's country's language(s), then English",
  }),
  language: Type.String({ description: 'The languages of `text`, e.g. `de,en`', examples: ['de,en'] }),
});

const CountryCode = Type.String({ minLength: 2, maxLength: 2 });

/** The request as the decision read it: countries upper case, Greece as EL, defaults filled in. */
const decisionInput = {
  seller: Type.Object({
    country_code: CountryCode,
    vat_number: Nullable(Type.String()),
    eu_distance_sales_over_threshold: Type.Boolean(),
    oss_registered: Type.Boolean(),
  }),
  buyer: Type.Object({
    country_code: CountryCode,
    vat_number: Nullable(Type.String()),
    is_business: Nullable(Type.Boolean()),
  }),
  supply: Type.Object({
    kind: Type.Union(SUPPLY_KINDS.map((kind) => Type.Literal(kind))),
    category: Nullable(Type.String()),
    ships_from: Nullable(CountryCode),
    performed_in: Nullable(CountryCode),
  }),
  date: Type.String({ format: 'date', examples: ['2026-03-02'] }),
};

const decisionFields = {
  id: Type.String({ description: 'dec_…', examples: ['dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'] }),
  account_id: Type.String(),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  request_id: Type.String(),
  reference: Nullable(Type.String()),
  treatment: Type.Union(
    TREATMENTS.map((treatment) => Type.Literal(treatment)),
    { description: 'How the sale is taxed (docs: Decisions)' },
  ),
  charge_vat: Nullable(Type.Boolean(), {
    description: 'Whether the seller charges VAT on the invoice; null when not assessed',
  }),
  vat_country: Nullable(CountryCode, {
    description: 'Whose VAT applies (the place of supply); null for export, outside_scope and not_assessed',
  }),
  rate: Nullable(Type.Number(), {
    description: 'In percent; 0 when zero-rated or exempt; null when not assessed',
  }),
  rate_type: Nullable(Type.Union(RATE_TYPES.map((type) => Type.Literal(type)))),
  category: Nullable(Type.String({ description: 'The rate category the rate is for, as sent' })),
  amount: Nullable(DecisionAmount),
  invoice_note: InvoiceNote,
  legal_basis: Type.Array(Type.String(), { examples: [['Directive 2006/112/EC Art. 44', 'Art. 196']] }),
  buyer_validation: Nullable(BuyerValidation, {
    description: 'null when no buyer number was sent, or when it could not be checked (see `reasons`)',
  }),
  reasons: Type.Array(Type.String(), { description: 'Why this treatment, in plain sentences' }),
  case_id: Type.String({ description: 'The case of the rules table that decided (docs: Decisions)' }),
  ...decisionInput,
  created_at: IsoTime,
};

export const DecisionLedgerState = Type.Object({
  record_hash: Type.String(),
  seal_id: Nullable(Type.String()),
  sealed_at: Nullable(IsoTime),
});

export const Decision = Type.Object({ ...decisionFields, ledger: DecisionLedgerState }, { $id: 'Decision' });

/** The decision exactly as hashed: RFC 8785 of it is the leaf. */
export const HashedDecision = Type.Object(decisionFields, {
  description: 'The decision exactly as hashed: RFC 8785 of this object is the leaf',
});

export type DecisionView = Static<typeof Decision>;
export type HashedDecisionView = Static<typeof HashedDecision>;

/** The row of a new decision, with its hash. */
export function decisionRow(hashed: HashedDecisionView): Omit<DecisionsTable, 'seal_id'> & { seal_id: null } {
  // `body` is the decision exactly as hashed, in its canonical form: one serialisation gives
  // both. Read back (decisionBody), it is the same decision, which `ledger verify` checks for
  // every decision.
  const canonical = canonicalJson(hashed);
  return {
    id: hashed.id,
    account_id: hashed.account_id,
    mode: hashed.mode,
    request_id: hashed.request_id,
    reference: hashed.reference,
    treatment: hashed.treatment,
    seller_country: hashed.seller.country_code,
    buyer_country: hashed.buyer.country_code,
    validation_id: hashed.buyer_validation?.validation_id ?? null,
    body: canonical,
    record_hash: leafHashOf(canonical),
    seal_id: null,
    created_at: Date.parse(hashed.created_at),
  };
}

/**
 * What `body` holds: the decision as hashed. Decisions stored before it held the whole decision
 * left out the members their columns hold; the columns fill those in.
 */
type StoredBody = Omit<
  HashedDecisionView,
  'id' | 'account_id' | 'mode' | 'request_id' | 'reference' | 'treatment' | 'created_at'
>;

/** The decision's own members, from its row, in the order the API shows them. */
export function decisionBody(row: Omit<DecisionsTable, 'record_hash' | 'seal_id'>): HashedDecisionView {
  const body = JSON.parse(row.body) as StoredBody;
  return {
    id: row.id,
    account_id: row.account_id,
    mode: row.mode,
    request_id: row.request_id,
    reference: row.reference,
    treatment: row.treatment as HashedDecisionView['treatment'],
    charge_vat: body.charge_vat,
    vat_country: body.vat_country,
    rate: body.rate,
    rate_type: body.rate_type,
    category: body.category,
    amount: body.amount,
    invoice_note: body.invoice_note,
    legal_basis: body.legal_basis,
    buyer_validation:
      body.buyer_validation === null || row.validation_id === null
        ? null
        : { ...body.buyer_validation, validation_id: row.validation_id },
    reasons: body.reasons,
    case_id: body.case_id,
    seller: { ...body.seller, country_code: row.seller_country },
    buyer: { ...body.buyer, country_code: row.buyer_country },
    supply: body.supply,
    date: body.date,
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

/** The decision's leaf hash, over its body as shown. */
export function decisionHash(row: Omit<DecisionsTable, 'record_hash' | 'seal_id'>): string {
  return leafHash(decisionBody(row));
}

/** A new decision as shown: the one hashed, with the hash of its row, not sealed yet. */
export function newDecisionView(
  hashed: HashedDecisionView,
  row: Pick<DecisionsTable, 'record_hash'>,
): DecisionView {
  return { ...hashed, ledger: { record_hash: row.record_hash, seal_id: null, sealed_at: null } };
}

export function decisionView(row: DecisionsTable, seal?: Pick<SealsTable, 'sealed_at'>): DecisionView {
  return {
    ...decisionBody(row),
    ledger: {
      record_hash: row.record_hash,
      seal_id: row.seal_id,
      sealed_at: row.seal_id && seal ? new Date(Number(seal.sealed_at)).toISOString() : null,
    },
  };
}
