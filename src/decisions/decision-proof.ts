import { type Static, Type } from '@sinclair/typebox';
import type { Principal } from '../accounts/authenticator.js';
import { ApiError } from '../errors.js';
import { FONT, proofPage, utcWords } from '../ledger/pdf-page.js';
import { AnswerBasis, answerBasis, PathStep, ProofSeal, sealedPart } from '../ledger/proof.js';
import { recordBody } from '../records/record-shape.js';
import { sourceName } from '../registries/names.js';
import type { LedgerStore } from '../store/ledger.js';
import { Company, Nullable } from '../validation/answer.js';
import { decisionBody, HashedDecision } from './decision-shape.js';

/**
 * A decision's proof: the decision exactly as hashed, its hash, and once sealed the seal and the
 * inclusion path, checked offline as a validation record's proof is (docs/evidence-and-ledger.md);
 * beside it, the buyer's validation record it rests on (its id, hash and how that answer came
 * about, so a test-mode check never reads as a registry's answer). Also as a one-page PDF.
 */

export const BuyerRecord = Type.Object(
  {
    validation_id: Type.String(),
    record_hash: Type.String({ description: "The validation record's own hash (its own proof proves it)" }),
    vat_number: Type.String(),
    valid: Type.Boolean(),
    source: Type.String(),
    source_status: Type.String(),
    answer_basis: AnswerBasis,
    company: Nullable(Company, { description: 'As the registry gave it; null for an invalid number' }),
    consultation_number: Nullable(Type.String()),
    requester_vat_number: Nullable(Type.String()),
  },
  { description: "The buyer's validation record the decision rests on; not part of the decision's hash" },
);

export const DecisionProof = Type.Object(
  {
    decision: HashedDecision,
    record_hash: Type.String({ description: 'SHA-256(0x00 ‖ RFC 8785 of decision), lowercase hex' }),
    buyer_record: Nullable(BuyerRecord, {
      description:
        'null when the decision rests on no check of the buyer (none sent, malformed, or not checkable)',
    }),
    sealed: Type.Boolean({ description: 'false until the next seal closes the decision' }),
    seal: Type.Union([ProofSeal, Type.Null()]),
    inclusion_path: Type.Union([Type.Array(PathStep), Type.Null()], {
      description: "From the decision's hash to the seal's root; null before sealing",
    }),
  },
  { $id: 'DecisionProof' },
);

export type DecisionProofView = Static<typeof DecisionProof>;

/** The proof of a decision of the principal's account and key mode; 404 for any other id. */
export async function decisionProofOf(
  ledger: LedgerStore,
  principal: Principal,
  id: string,
): Promise<DecisionProofView> {
  const row = await ledger.decisionOf(id, principal.accountId, principal.mode);
  if (!row) throw new ApiError('not_found', `No decision '${id.slice(0, 64)}' for this key.`);
  const decision = decisionBody(row);
  const buyerRow = row.validation_id
    ? await ledger.recordOf(row.validation_id, principal.accountId, principal.mode)
    : undefined;
  const buyer = buyerRow && recordBody(buyerRow);
  const checked = {
    decision,
    record_hash: row.record_hash,
    buyer_record:
      buyer && buyerRow
        ? {
            validation_id: buyer.id,
            record_hash: buyerRow.record_hash ?? '',
            vat_number: buyer.vat_number,
            valid: buyer.valid,
            source: buyer.source,
            source_status: buyer.source_status,
            answer_basis: answerBasis(buyer),
            company: buyer.company,
            consultation_number: buyer.consultation_number,
            requester_vat_number: buyer.requester_vat_number,
          }
        : null,
  };
  return { ...checked, ...(await sealedPart(ledger, row)) };
}

const TREATMENT_WORDS: Record<string, string> = {
  domestic: 'Domestic sale: VAT charged at the rate of the country of supply',
  intra_community_supply: 'Intra-community supply of goods: exempt, 0 %',
  reverse_charge: 'Reverse charge: the buyer accounts for the VAT',
  distance_sale: 'Distance sale to a consumer',
  export: 'Export: zero-rated',
  outside_scope: 'Outside the scope of EU VAT',
  not_assessed: 'Not assessed: outside what the service decides',
};

/** The proof as a one-page A4 PDF in plain words (pdfkit, fonts embedded). */
export async function decisionProofPdf(proof: DecisionProofView): Promise<Buffer> {
  const { decision, seal, buyer_record: buyer } = proof;
  const test = decision.mode === 'test';
  const page = await proofPage(`Proof of ${test ? 'a test-mode ' : ''}VAT decision ${decision.id}`);
  const { doc, heading, line, note } = page;

  doc
    .font(FONT.bold)
    .fontSize(16)
    .text(test ? 'Proof of a test-mode VAT decision' : 'Proof of a VAT decision');
  doc
    .font(FONT.regular)
    .fontSize(9)
    .text(
      test
        ? 'This document records a decision made with a test key: the buyer’s number was answered from the service’s test numbers and no registry was consulted, so it is not evidence of any registration.'
        : 'This document records how a sale is taxed as the service decided it, the check of the buyer’s VAT number it rests on, and how the decision is protected against later changes.',
    );

  heading('The sale');
  line(
    'Seller',
    `${decision.seller.country_code}${decision.seller.vat_number ? `, ${decision.seller.vat_number}` : ''}`,
  );
  line(
    'Buyer',
    `${decision.buyer.country_code}${decision.buyer.vat_number ? `, ${decision.buyer.vat_number}` : ', no VAT number'}`,
  );
  line(
    'Supply',
    `${decision.supply.kind}${decision.supply.category ? `, category ${decision.supply.category}` : ''}`,
  );
  line('Date of the sale', decision.date);
  if (decision.amount)
    line(
      'Amounts',
      `net ${decision.amount.net}, VAT ${decision.amount.vat}, gross ${decision.amount.gross} ${decision.amount.currency}`,
    );

  heading('The decision');
  line('Treatment', TREATMENT_WORDS[decision.treatment] ?? decision.treatment);
  line('Charge VAT', decision.charge_vat === null ? 'not assessed' : decision.charge_vat ? 'yes' : 'no');
  line('VAT of', decision.vat_country ?? 'none');
  line('Rate', decision.rate === null ? 'none' : `${decision.rate} % (${decision.rate_type})`);
  line('Legal basis', decision.legal_basis.join('; ') || 'none');
  line('Invoice note', decision.invoice_note.text);
  heading('Reasons');
  for (const reason of decision.reasons) doc.font(FONT.regular).fontSize(9).text(`• ${reason}`);

  heading('The check of the buyer’s VAT number');
  if (buyer) {
    line('Validation record', buyer.validation_id);
    line('VAT number', `${buyer.vat_number}: ${buyer.valid ? 'valid' : 'not valid'}`);
    if (buyer.company)
      line('Company', [buyer.company.name, buyer.company.address].filter(Boolean).join(', '));
    if (buyer.answer_basis.registry_consulted) line('Registry', sourceName(buyer.source));
    line('How it was answered', buyer.answer_basis.description);
    line('Consultation number', buyer.consultation_number ?? 'none');
    if (buyer.requester_vat_number) line('Requester VAT number', buyer.requester_vat_number);
    // The registry's answer time (a cached or stale answer's: when the cache was filled).
    line(
      buyer.answer_basis.registry_consulted ? 'Registry asked at' : 'Checked at',
      utcWords(decision.buyer_validation?.checked_at ?? null),
    );
    line('Record hash (SHA-256)', buyer.record_hash, true);
  } else line('Validation record', 'none: no check of the buyer’s number (see the reasons)');

  heading('The request');
  line('Decision id', decision.id);
  line('Request id', decision.request_id);
  line('Your reference', decision.reference ?? 'none given');
  line('Account', `${decision.account_id} (${decision.mode} mode)`);
  line('Decided at', utcWords(decision.created_at));

  heading('Protection against changes');
  line('Decision hash (SHA-256)', proof.record_hash, true);
  if (seal) {
    page.seal(
      seal,
      'The decision is sealed with the validation records of the same period, so it cannot be changed, removed or ' +
        'added afterwards without the hashes no longer matching. The JSON form of this proof ' +
        '(GET /v1/decisions/{id}/proof) holds everything needed to check this independently, as a validation ' +
        'record’s proof is checked; the buyer’s check has its own proof (GET /v1/validations/{id}/proof).',
    );
  } else
    note(
      'Not sealed yet: decisions are sealed with the validation records at a fixed interval (by default every minute).',
    );
  return page.end();
}
