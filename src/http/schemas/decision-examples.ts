import { createHash } from 'node:crypto';
import { composeDecision } from '../../decisions/decision-compose.js';
import type { DecisionProofView } from '../../decisions/decision-proof.js';
import { decisionRow, decisionView } from '../../decisions/decision-shape.js';
import { DECISION_CASES } from '../../decisions/rules.js';
import { TREATMENTS } from '../../decisions/types.js';
import { inclusionPath, merkleRoot, sealHash } from '../../ledger/hashing.js';
import type { RatesTable } from '../../rates/rates-table.js';
import { EXAMPLE_NOW, EXAMPLE_REQUEST_ID, type NamedExample } from './examples.js';

/**
 * Examples of the decision endpoints, one per treatment: the first case of the rules table with
 * that treatment, decided by the same code as a request (decision-compose.ts) with the shipped
 * rates. A valid buyer is shown with a validation record id, as a real decision points at one.
 */

const ACCOUNT_ID = 'acc_4Jd8sK2mQ9';

export function decisionExamples(rates: RatesTable): {
  created: Record<string, NamedExample>;
  one: Record<string, NamedExample>;
  list: Record<string, NamedExample>;
  proof: Record<string, NamedExample>;
} {
  const views = TREATMENTS.flatMap((treatment, index) => {
    const found = DECISION_CASES.find((entry) => entry.example.expected.treatment === treatment);
    if (!found) return [];
    const { input, buyer } = found.example;
    const checkedAt = new Date(EXAMPLE_NOW - 400).toISOString();
    const check =
      buyer.kind === 'valid' || buyer.kind === 'invalid'
        ? {
            validation_id: `val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b${index.toString(16).padStart(2, '0')}`,
            valid: buyer.kind === 'valid',
            source_status: buyer.source_status,
            checked_at: checkedAt,
          }
        : null;
    try {
      const hashed = composeDecision({
        checked: { input, amount: input.supply.kind === 'goods' ? { net: '100.00', currency: 'EUR' } : null },
        buyer: { standing: buyer, reasons: [], check },
        rates,
        owner: { accountId: ACCOUNT_ID, mode: 'live' },
        requestId: EXAMPLE_REQUEST_ID,
        reference: 'invoice-2026-0042',
        now: EXAMPLE_NOW + index,
        id: `dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1c${index.toString(16).padStart(2, '0')}`,
      });
      return [{ treatment, title: found.title, view: decisionView(decisionRow(hashed)) }];
    } catch {
      return []; // a case whose example needs data the shipped rates lack shows no example
    }
  });
  const meta = { request_id: EXAMPLE_REQUEST_ID };
  const named = Object.fromEntries(
    views.map(({ treatment, title, view }) => [treatment, { summary: title, value: { data: view, meta } }]),
  );
  return {
    created: named,
    one: named,
    proof: proofExamples(views[0]?.view),
    list: {
      page: {
        summary: 'A page of decisions',
        value: {
          data: views.slice(0, 2).map(({ view }) => view),
          meta: { ...meta, next_cursor: null, has_more: false },
        },
      },
    },
  };
}

/** A proof of the first example decision, sealed with two other leaves, made by the ledger's hashing. */
function proofExamples(view: ReturnType<typeof decisionView> | undefined): Record<string, NamedExample> {
  if (!view) return {};
  const { ledger, ...decision } = view;
  const other = (text: string) => createHash('sha256').update(text).digest('hex');
  const leaves = [other('a'), ledger.record_hash, other('b')];
  const header = {
    previous_hash: other('previous seal'),
    root: merkleRoot(leaves),
    count: leaves.length,
    from: '2026-03-02T09:30:00.000Z',
    to: '2026-03-02T09:31:00.000Z',
  };
  const buyer = decision.buyer_validation;
  const proof: DecisionProofView = {
    decision,
    record_hash: ledger.record_hash,
    buyer_record: buyer
      ? {
          validation_id: buyer.validation_id,
          record_hash: other('the buyer record'),
          vat_number: decision.buyer.vat_number ?? '',
          valid: buyer.valid,
          source: 'vies',
          source_status: buyer.source_status,
          answer_basis: { registry_consulted: true, description: 'The registry was asked for this request.' },
          company: { name: 'Alpenblick Handels GmbH', address: 'Mariahilfer Straße 12, 1070 Wien' },
          consultation_number: 'WAPIAAAAY7b2kQx1',
          requester_vat_number: decision.seller.vat_number,
        }
      : null,
    sealed: true,
    seal: {
      id: 'seal_000000004711',
      ...header,
      hash: sealHash(header),
      sealed_at: '2026-03-02T09:32:00.118Z',
    },
    inclusion_path: inclusionPath(leaves, 1),
  };
  const meta = { request_id: EXAMPLE_REQUEST_ID };
  return {
    sealed: { summary: 'A sealed decision: hash, seal and inclusion path', value: { data: proof, meta } },
    unsealed: {
      summary: 'Not sealed yet: the decision hash alone',
      value: { data: { ...proof, sealed: false, seal: null, inclusion_path: null }, meta },
    },
  };
}
