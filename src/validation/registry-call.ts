import { ApiError } from '../errors.js';
import type { TraderFields } from '../matching/compare.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import { type LookupOptions, type RegistryGateway, registryIdFor } from '../registries/gateway.js';
import {
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryId,
} from '../registries/registry.js';
import type { CacheEntry } from '../store/cache.js';
import { companyOf, type EvidenceRef, iso, type ValidationAnswer } from './answer.js';
import { leaveWrites, writesOf } from './answer-writes.js';
import { cachedAnswer, withinStaleWindow } from './cache-read.js';
import { answerFromFallback } from './fallback.js';
import { withMatch } from './match.js';
import type { RegistryCallDeps } from './registry-deps.js';

/**
 * The registry stage: ask the number's registry, write its answer to the cache, and apply the
 * stale and degraded rules of decisions section 2 when it fails or says "not registered" for a
 * number it recently called valid.
 */

export interface RegistryCallOptions {
  /** Present only when a consultation number is wanted and the registry accepts this requester. */
  requester?: ParsedVatNumber;
  /** The account asking, for a consultation request (its evidence is shown to it alone unredacted). */
  accountId?: string;
  /** The cache entry as the cache stage found it; read here when the cache stage did not run. */
  prior?: { entry: CacheEntry | undefined };
  /** false (the caller skipped the cache): a "not registered" answer is served as the registry gave it. */
  degradedRule: boolean;
  /**
   * The trader fields sent: the answer carries `data.match`, and it is not written to
   * the cache, whose entries are served to every account (the exchange carries this caller's data).
   */
  trader?: TraderFields;
  /** The caller's own number as sent, whatever the tier: a German one may ask the federal tax office. */
  givenRequester?: ParsedVatNumber;
  /** How long the call may wait in the registry's queue (default: the gateway's request budget). */
  budgetMs?: number;
  /**
   * The answer's evidence and cache entry are held with it for the stage that charges and records
   * it (answer-writes.ts) instead of written at once.
   */
  holdWrites?: boolean;
}

export async function askRegistry(
  deps: RegistryCallDeps,
  number: ParsedVatNumber,
  options: RegistryCallOptions,
): Promise<ValidationAnswer> {
  const registry = deps.gateway.registryFor(number.countryCode)!;
  const priorEntry = async () =>
    options.prior ? options.prior.entry : await deps.cache.get(number.vatNumber);

  const { trader } = options;
  const confirmed = trader ? await askFederalTaxOffice(deps, number, trader, options) : undefined;
  if (confirmed) return confirmed;

  let answer: RegistryAnswer;
  try {
    answer = await lookupDroppingRefusedRequester(deps.gateway, registry, number, options.requester, {
      trader,
      budgetMs: options.budgetMs,
    });
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    if (error.kind === 'invalid_input') {
      throw new ApiError(
        'invalid_vat_format',
        `The ${registry.id.toUpperCase()} registry rejected ${number.vatNumber} as malformed.`,
      );
    }
    // Order when VIES fails: fresh fallback, then stale cache, then 503.
    const fallback = await answerFromFallback(deps, number, error, {
      priorEntry,
      degradedRule: options.degradedRule,
      holdWrites: options.holdWrites,
    });
    if (fallback) return withMatch(fallback, trader);
    const prior = await priorEntry();
    const now = deps.clock.now();
    // A stale answer is compared by the service with what the registry returned then.
    if (prior && withinStaleWindow(prior, deps.rules, now))
      return withMatch(cachedAnswer(number, prior, { status: 'unavailable', now }), trader);
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
      return withMatch(cachedAnswer(number, prior, { status: 'degraded', now: answeredAt }), trader);
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
  // Trader fields' exchange carries this caller's data: never cached, as the cache serves every account.
  const { writes, evidence } = writesOf(
    answer.exchange,
    owner,
    answeredAt,
    trader
      ? undefined
      : {
          vat_number: number.vatNumber,
          valid: answer.valid ? 1 : 0,
          company_name: answer.valid ? answer.name : null,
          company_address: answer.valid ? answer.address : null,
          source: registry.id,
        },
  );
  return leaveWrites(
    deps,
    withMatch(liveAnswer(number, registry.id, answer, answeredAt, evidence), trader, answer.match),
    writes,
    options.holdWrites,
  );
}

function liveAnswer(
  number: ParsedVatNumber,
  source: RegistryId,
  answer: RegistryAnswer,
  answeredAt: number,
  evidence: EvidenceRef,
): ValidationAnswer {
  return {
    data: {
      valid: answer.valid,
      vat_number: number.vatNumber,
      country_code: number.countryCode,
      company: companyOf(answer.valid, answer.name, answer.address),
      consultation_number: answer.valid ? answer.consultationNumber : null,
      requested_at: iso(answeredAt),
      match: null,
    },
    meta: { cached: false, source, source_status: 'live' },
    evidence,
  };
}

/**
 * Germany's federal tax office: for a foreign EU number asked by a German
 * requester with a name and a city, its qualified confirmation answers when it compared a field
 * or found the number not valid. Otherwise (switched off, failed, compared nothing) VIES answers
 * as usual; a failure here is logged, never shown.
 */
async function askFederalTaxOffice(
  deps: RegistryCallDeps,
  number: ParsedVatNumber,
  trader: TraderFields,
  options: RegistryCallOptions,
): Promise<ValidationAnswer | undefined> {
  const office = deps.gateway.registryById('bzst');
  const requester = options.givenRequester;
  if (
    !office ||
    !requester ||
    !office.acceptsRequester(requester) ||
    registryIdFor(number.countryCode) !== 'vies' ||
    number.countryCode === 'DE' ||
    !trader.trader_name ||
    !trader.trader_city
  )
    return undefined;
  let answer: RegistryAnswer;
  try {
    answer = await deps.gateway.lookup(office, number, requester, { trader });
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    deps.logger.warn(
      { vat_number: number.vatNumber, registry: 'bzst', kind: error.kind, code: error.upstreamCode },
      'the federal tax office could not confirm: asking VIES',
    );
    return undefined;
  }
  if (answer.valid && !answer.match) return undefined;
  const answeredAt = deps.clock.now();
  const owner = options.accountId
    ? { accountId: options.accountId, requester: requester.vatNumber, consultationNumber: null }
    : undefined;
  const { writes, evidence } = writesOf(answer.exchange, owner, answeredAt, undefined);
  return leaveWrites(
    deps,
    withMatch(liveAnswer(number, 'bzst', answer, answeredAt, evidence), trader, answer.match),
    writes,
    options.holdWrites,
  );
}

/** A registry that refuses the requester is asked again without it (decisions section 3). */
async function lookupDroppingRefusedRequester(
  gateway: RegistryGateway,
  registry: Registry,
  number: ParsedVatNumber,
  requester: ParsedVatNumber | undefined,
  options: LookupOptions,
): Promise<RegistryAnswer> {
  try {
    return await gateway.lookup(registry, number, requester, options);
  } catch (error) {
    if (requester && error instanceof RegistryError && error.kind === 'requester_rejected') {
      return { ...(await gateway.lookup(registry, number, undefined, options)), consultationNumber: null };
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
  bzst: "Germany's federal tax office",
} as const;

/** 503 with Retry-After (30 s, or when the breaker's next probe or a queue slot is due); the UK registry's failures are `upstream_error` (spec section 7). */
function upstreamFailure(registry: Registry, error: RegistryError): ApiError {
  const code = registry.id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
  const why =
    error.upstreamCode === 'CIRCUIT_OPEN'
      ? 'is failing (not called until a probe succeeds)'
      : error.kind === 'timeout'
        ? 'did not answer in time'
        : error.kind === 'throttled'
          ? 'is throttling requests'
          : 'is unavailable';
  // The service refused the call itself (breaker open, queue full): retry when a call can go.
  const retryAfter =
    error.retryAfterMs === undefined ? 30 : Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  return new ApiError(
    code,
    `${REGISTRY_NAMES[registry.id]} ${why}, and no earlier answer for this number is cached. Retry later.`,
    { 'retry-after': String(retryAfter) },
  );
}
