import { ApiError } from '../errors.js';
import { RATES_COVERAGE_START, type RatesTable } from '../rates/rates-table.js';
import type { RuleOutcome } from './types.js';

/**
 * The rate a decision applies: 0 when the rules zero-rate the sale, the rules' own rate (AU GST),
 * else the rate of `rate_country` on the date from the rates data, for the category when one was
 * given (the standard rate when the category has no entry there). Northern Ireland charges the UK
 * rates. A category with several rates in that country is refused (422 `category_ambiguous`,
 * listing them) so the caller picks the narrower category; so is one whose every entry is
 * restricted by a note (imports, a region, some goods), the rest of it being at the standard rate.
 * The standard rate is among the rates listed wherever it covers part of the category.
 * No rate is given for a category on a day before the service holds that country's categories, or
 * when the category's rate is none of the country's rates that day (data left behind by a change).
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
  const knownFrom = rates.categoriesFrom(country);
  if (knownFrom === undefined || options.date < knownFrom)
    return {
      rate: null,
      rate_type: null,
      reasons: [
        knownFrom === undefined
          ? `No rates by category are held for ${outcome.rate_country}: the rate of ${category} is not given.`
          : `Rates by category are held for ${outcome.rate_country} from ${knownFrom} on: the treatment is decided, the rate of ${category} on ${options.date} is not given.`,
      ],
    };
  const entries = rates.category(country, category, options.date) ?? [];
  const distinct = new Map(entries.map((entry) => [`${entry.rate}/${entry.type}`, entry]));
  if (distinct.size === 0)
    return {
      rate: record.standard_rate,
      rate_type: 'standard',
      // Absent from the data is not the same as taxed at the standard rate by law: TEDB states
      // some rates under a broader category only (books under loan_libraries), so say which.
      reasons: [
        `The rates data lists no rate of its own for the category ${category} in ${outcome.rate_country}: the standard rate is given. A reduced rate the country states under a broader category (books under loan_libraries, for instance) is not looked up: send that category if it covers the sale.`,
      ],
    };
  // The standard rate is listed too where it covers the rest of the category: beside entries that
  // are all restricted by a note, and where the law leaves part of a category with several reduced
  // rates at the standard rate (the hand-kept data says what part).
  const restricted = entries.every((entry) => entry.note !== null);
  const standardPart = rates.standardInPart(country, category, options.date);
  if (distinct.size > 1 || restricted || standardPart !== undefined) {
    const standard = `${record.standard_rate} % (standard: the rest of the category${standardPart ? `: ${standardPart}` : ''})`;
    const listed = [
      ...(restricted || standardPart !== undefined ? [standard] : []),
      ...[...distinct.values()].map(
        (entry) => `${entry.rate} % (${entry.type}${entry.note ? `: ${entry.note}` : ''})`,
      ),
    ].join('; ');
    throw new ApiError(
      'category_ambiguous',
      `supply.category: '${category}' has several rates in ${outcome.rate_country} on ${options.date}: ${listed}. Send a narrower category.`,
    );
  }
  const [entry] = distinct.values();
  const held = [record.standard_rate, ...record.other_rates.map((other) => other.rate)];
  if (entry.rate !== 0 && !held.includes(entry.rate))
    return {
      rate: null,
      rate_type: null,
      reasons: [
        `The category ${category} is listed at ${entry.rate} %, which is not one of the rates of ${outcome.rate_country} on ${options.date}: the category data is behind a change of rates, the rate is not given.`,
      ],
    };
  return { rate: entry.rate, rate_type: entry.type, reasons: [] };
}
