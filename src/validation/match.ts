import { computeMatch, hasTraderFields, type TraderFields } from '../matching/compare.js';
import type { RegistryMatch } from '../registries/registry.js';
import type { MatchResult, ValidationAnswer } from './answer.js';

/**
 * `data.match`: the registry's own comparison when it made one, else the service's
 * comparison of the trader fields with the name and address the answer carries.
 */

/** The trader fields when any was sent; undefined otherwise (the answer's `match` then stays null). */
export function sentTrader(trader: TraderFields | undefined): TraderFields | undefined {
  return trader && hasTraderFields(trader) ? trader : undefined;
}

export function matchOf(
  trader: TraderFields,
  answer: ValidationAnswer,
  registry?: RegistryMatch,
): MatchResult {
  if (registry) return { ...registry, method: 'registry' };
  return computeMatch(trader, answer.data.company, answer.data.country_code);
}

/** The answer with `data.match` when trader fields were sent; as it was (`match: null`) otherwise. */
export function withMatch(
  answer: ValidationAnswer,
  trader: TraderFields | undefined,
  registry?: RegistryMatch,
): ValidationAnswer {
  if (!trader) return answer;
  return { ...answer, data: { ...answer.data, match: matchOf(trader, answer, registry) } };
}
