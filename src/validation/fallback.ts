import type { ParsedVatNumber } from '../numbers/index.js';
import { FALLBACK_BY_COUNTRY } from '../registries/fallbacks/index.js';
import type { RegistryGateway } from '../registries/gateway.js';
import { type RegistryAnswer, RegistryError } from '../registries/registry.js';
import type { CacheEntry } from '../store/cache.js';
import { companyOf, iso, type ValidationAnswer } from './answer.js';
import { leaveWrites, writesOf } from './answer-writes.js';
import { cachedAnswer, withinStaleWindow } from './cache-read.js';
import type { RegistryCallDeps } from './registry-deps.js';

/**
 * The fallback stage: when VIES cannot answer for a member state whose own register
 * can confirm VAT registration (registries/fallbacks), that register is asked before the registry
 * stage falls back to a stale answer or 503. Its answer is cached and kept as evidence like any
 * other, with `meta.source` the register's id and `source_status: "fallback"`. The consultation
 * number is null: only VIES gives one.
 */

export interface FallbackOptions {
  /** The cache entry for the number (read lazily: only a fallback "not registered" needs it). */
  priorEntry: () => Promise<CacheEntry | undefined>;
  /** false (the caller skipped the cache): a "not registered" answer is served as the register gave it. */
  degradedRule: boolean;
  /** Hold the answer's evidence and cache entry for the stage that records it (answer-writes.ts). */
  holdWrites?: boolean;
}

/**
 * True when asking about `number` now would reach no registry: its registry's breaker refuses the
 * call and no national fallback could be asked in its place. The answer is then stale or 503 at
 * once: the pipeline skips its quota check for the first and reads the month's usage in the
 * cache read's statement for the second.
 */
export function reachesNoRegistry(gateway: RegistryGateway, number: ParsedVatNumber): boolean {
  const registry = gateway.registryFor(number.countryCode);
  if (!registry || !gateway.refusesAtOnce(registry, number.countryCode)) return false;
  const id = registry.id === 'vies' ? FALLBACK_BY_COUNTRY[number.countryCode] : undefined;
  const register = id ? gateway.registryById(id) : undefined;
  return !register || gateway.refusesAtOnce(register, number.countryCode);
}

/**
 * The register's answer, or undefined when there is none to give: VIES did not fail, the member
 * state has no fallback (or it is switched off), or the register failed too.
 */
export async function answerFromFallback(
  deps: RegistryCallDeps,
  number: ParsedVatNumber,
  failure: RegistryError,
  options: FallbackOptions,
): Promise<ValidationAnswer | undefined> {
  if (failure.registry !== 'vies' || failure.kind === 'invalid_input') return undefined;
  const id = FALLBACK_BY_COUNTRY[number.countryCode];
  const register = id ? deps.gateway.registryById(id) : undefined;
  if (!register) return undefined;

  let answer: RegistryAnswer;
  try {
    answer = await deps.gateway.lookup(register, number);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    // The register failing (or refusing a number VIES would have judged) is no verdict: stale, else 503.
    deps.logger.warn(
      { vat_number: number.vatNumber, registry: register.id, kind: error.kind, vies_kind: failure.kind },
      'VIES failed and its national fallback failed too',
    );
    return undefined;
  }

  const answeredAt = deps.clock.now();
  if (!answer.valid && options.degradedRule) {
    // As for VIES itself: "not registered" for a number recently valid is served as the prior answer.
    const prior = await options.priorEntry();
    if (prior && prior.valid === 1 && withinStaleWindow(prior, deps.rules, answeredAt)) {
      return cachedAnswer(number, prior, { status: 'degraded', now: answeredAt });
    }
  }
  const { writes, evidence } = writesOf(answer.exchange, undefined, answeredAt, {
    vat_number: number.vatNumber,
    valid: answer.valid ? 1 : 0,
    company_name: answer.valid ? answer.name : null,
    company_address: answer.valid ? answer.address : null,
    source: register.id,
  });
  const served: ValidationAnswer = {
    data: {
      valid: answer.valid,
      vat_number: number.vatNumber,
      country_code: number.countryCode,
      company: companyOf(answer.valid, answer.name, answer.address),
      consultation_number: null,
      requested_at: iso(answeredAt),
      match: null,
    },
    meta: { cached: false, source: register.id, source_status: 'fallback' },
    evidence,
  };
  return leaveWrites(deps, served, writes, options.holdWrites);
}
