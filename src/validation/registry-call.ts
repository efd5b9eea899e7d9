import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import type { RegistryGateway } from '../registries/gateway.js';
import { type Registry, type RegistryAnswer, RegistryError } from '../registries/registry.js';
import type { CacheEntry, CacheStore } from '../store/cache.js';
import type { EvidenceStore } from '../store/evidence.js';
import { companyOf, iso, type ValidationAnswer } from './answer.js';
import { type CacheRules, cachedAnswer, withinStaleWindow } from './cache-read.js';
import { keepEvidence } from './evidence.js';
import { answerFromFallback } from './fallback.js';

/**
 * The registry stage: ask the number's registry, write its answer to the cache, and apply the
 * stale and degraded rules of decisions section 2 when it fails or says "not registered" for a
 * number it recently called valid.
 */

export interface RegistryCallDeps {
  gateway: RegistryGateway;
  cache: CacheStore;
  evidence: EvidenceStore;
  clock: Clock;
  rules: CacheRules;
  logger: { warn(object: object, message: string): void };
}

export interface RegistryCallOptions {
  /** Present only when a consultation number is wanted and the registry accepts this requester. */
  requester?: ParsedVatNumber;
  /** The account asking, for a consultation request (its evidence is shown to it alone unredacted). */
  accountId?: string;
  /** The cache entry as the cache stage found it; read here when the cache stage did not run. */
  prior?: { entry: CacheEntry | undefined };
  /** false (the caller skipped the cache): a "not registered" answer is served as the registry gave it. */
  degradedRule: boolean;
}

export async function askRegistry(
  deps: RegistryCallDeps,
  number: ParsedVatNumber,
  options: RegistryCallOptions,
): Promise<ValidationAnswer> {
  const registry = deps.gateway.registryFor(number.countryCode)!;
  const priorEntry = async () =>
    options.prior ? options.prior.entry : await deps.cache.get(number.vatNumber);

  let answer: RegistryAnswer;
  try {
    answer = await lookupDroppingRefusedRequester(deps.gateway, registry, number, options.requester);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    if (error.kind === 'invalid_input') {
      throw new ApiError(
        'invalid_vat_format',
        `The ${registry.id.toUpperCase()} registry rejected ${number.vatNumber} as malformed.`,
      );
    }
    // Order when VIES fails (wave-2 B3): fresh fallback, then stale cache, then 503.
    const fallback = await answerFromFallback(deps, number, error, {
      priorEntry,
      degradedRule: options.degradedRule,
    });
    if (fallback) return fallback;
    const prior = await priorEntry();
    const now = deps.clock.now();
    if (prior && withinStaleWindow(prior, deps.rules, now))
      return cachedAnswer(number, prior, { status: 'unavailable', now });
    throw upstreamFailure(registry, error);
  }

  const answeredAt = deps.clock.now();
  if (!answer.valid && options.degradedRule) {
    // Suspected false negative: the registry says "not registered" for a number it called valid
    // within the stale window (HMRC 404 on internal failures, VIES member-state incidents).
    const prior = await priorEntry();
    if (prior && prior.valid === 1 && withinStaleWindow(prior, deps.rules, answeredAt)) {
      deps.logger.warn(
        { vat_number: number.vatNumber, registry: registry.id, prior_fetched_at: iso(prior.fetched_at) },
        'registry answered not registered for a number recently valid: serving the prior answer as degraded',
      );
      return cachedAnswer(number, prior, { status: 'degraded', now: answeredAt });
    }
  }
  const owner =
    options.requester && options.accountId
      ? {
          accountId: options.accountId,
          requester: options.requester.vatNumber,
          consultationNumber: answer.consultationNumber,
        }
      : undefined;
  const evidence = await keepEvidence(deps.evidence, answer.exchange, owner, answeredAt);
  await deps.cache.put({
    vat_number: number.vatNumber,
    valid: answer.valid ? 1 : 0,
    company_name: answer.valid ? answer.name : null,
    company_address: answer.valid ? answer.address : null,
    source: registry.id,
    fetched_at: answeredAt,
    evidence_id: evidence.id,
  });
  return {
    data: {
      valid: answer.valid,
      vat_number: number.vatNumber,
      country_code: number.countryCode,
      company: companyOf(answer.valid, answer.name, answer.address),
      consultation_number: answer.valid ? answer.consultationNumber : null,
      requested_at: iso(answeredAt),
    },
    meta: { cached: false, source: registry.id, source_status: 'live' },
    evidence,
  };
}

/** A registry that refuses the requester is asked again without it (decisions section 3). */
async function lookupDroppingRefusedRequester(
  gateway: RegistryGateway,
  registry: Registry,
  number: ParsedVatNumber,
  requester: ParsedVatNumber | undefined,
): Promise<RegistryAnswer> {
  try {
    return await gateway.lookup(registry, number, requester);
  } catch (error) {
    if (requester && error instanceof RegistryError && error.kind === 'requester_rejected') {
      return { ...(await gateway.lookup(registry, number)), consultationNumber: null };
    }
    throw error;
  }
}

const REGISTRY_NAMES = {
  vies: 'VIES',
  hmrc: 'HMRC',
  uid: 'the Swiss UID register',
  brreg: 'Brønnøysundregistrene',
  abr: 'ABN Lookup',
  kas: 'the Polish VAT-payer list',
  ares: 'the Czech VAT-payer register',
  anaf: 'ANAF',
} as const;

/** 503 with Retry-After: 30; the UK registry's failures are `upstream_error` (spec section 7). */
function upstreamFailure(registry: Registry, error: RegistryError): ApiError {
  const code = registry.id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
  const why =
    error.kind === 'timeout'
      ? 'did not answer in time'
      : error.kind === 'throttled'
        ? 'is throttling requests'
        : 'is unavailable';
  return new ApiError(
    code,
    `${REGISTRY_NAMES[registry.id]} ${why}, and no earlier answer for this number is cached. Retry later.`,
    { 'retry-after': '30' },
  );
}
