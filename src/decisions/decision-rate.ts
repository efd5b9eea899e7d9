import { ApiError } from '../errors.js';
import { RATES_COVERAGE_START, type RatesTable } from '../rates/rates-table.js';
import type { RuleOutcome } from './types.js';

/**
 * The rate a decision applies: 0 when the rules zero-rate the sale, the rules' own rate (AU GST),
 * else the rate of `rate_country` on the date from the rates data, for the category when one was
 * given (the standard rate when the category has no entry there). Northern Ireland charges the UK
 * rates. A category with several rates in that country is refused (422 `category_ambiguous`,
 * listing them) so the caller picks the narrower category.
 */

export type DecisionRateType = 'standard' | 'reduced' | 'super_reduced' | 'parking' | 'zero' | 'exempt';

export interface DecisionRate {
  rate: number | null;
  rate_type: DecisionRateType | null;
  reasons: string[];
}

/** Whose rates the rates data holds for a decision country. */
function ratesCountry(code: string): string {
  return code === 'XI' ? 'GB' : code;
}

export function decisionRate(
  rates: RatesTable,
  outcome: RuleOutcome,
  options: { date: string; category?: string },
): DecisionRate {
  if (outcome.charge_vat === null) return { rate: null, rate_type: null, reasons: [] };
  if (outcome.zero_rated) return { rate: 0, rate_type: 'zero', reasons: [] };
  if (outcome.fixed_rate !== null) return { rate: outcome.fixed_rate, rate_type: 'standard', reasons: [] };
  if (outcome.rate_country === null) return { rate: null, rate_type: null, reasons: [] };
  const country = ratesCountry(outcome.rate_country);
  if (options.date < RATES_COVERAGE_START)
    return {
      rate: null,
      rate_type: null,
      reasons: [
        `Rates are held from ${RATES_COVERAGE_START} on: the treatment is decided, the rate of ${outcome.rate_country} on ${options.date} is not given.`,
      ],
    };
  const record = rates.get(country, options.date);
  if (!record)
    return {
      rate: null,
      rate_type: null,
      reasons: [`No rates are held for ${outcome.rate_country}: the rate is not given.`],
    };
  const category = options.category;
  if (category === undefined) return { rate: record.standard_rate, rate_type: 'standard', reasons: [] };
  const entries = rates.category(country, category, options.date) ?? [];
  const distinct = new Map(entries.map((entry) => [`${entry.rate}/${entry.type}`, entry]));
  if (distinct.size === 0)
    return {
      rate: record.standard_rate,
      rate_type: 'standard',
      reasons: [`The category ${category} is at the standard rate in ${outcome.rate_country}.`],
    };
  if (distinct.size > 1) {
    const listed = [...distinct.values()]
      .map((entry) => `${entry.rate} % (${entry.type}${entry.note ? `: ${entry.note}` : ''})`)
      .join('; ');
    throw new ApiError(
      'category_ambiguous',
      `supply.category: '${category}' has several rates in ${outcome.rate_country} on ${options.date}: ${listed}. Send a narrower category.`,
    );
  }
  const [entry] = distinct.values();
  return { rate: entry.rate, rate_type: entry.type, reasons: [] };
}
