import type { BuyerStanding, DecisionInput, RuleOutcome } from './types.js';

/**
 * The VAT treatment of a sale, as one table of cases read top to bottom: the first case whose
 * condition holds decides. Each row carries an example input and the outcome it must give, so the
 * tests and docs/decisions.md drive every row. (First signature: the rows follow.)
 */

/** One row of the rules table. */
export interface DecisionCase {
  id: string;
  /** The case as a tax adviser would state it. */
  title: string;
  example: { input: DecisionInput; buyer: BuyerStanding; expected: Omit<RuleOutcome, 'reasons'> };
}

export const DECISION_CASES: readonly DecisionCase[] = [];

/** The treatment of a sale; `buyer` is what the check of the buyer's number gave. */
export function decideTreatment(input: DecisionInput, buyer: BuyerStanding): RuleOutcome {
  throw new Error(`no decision case yet for ${input.seller.country_code} ${buyer.kind}`);
}
