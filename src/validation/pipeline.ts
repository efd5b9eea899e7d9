import type { Principal } from '../accounts/authenticator.js';
import {
  periodOf,
  type Quota,
  type QuotaOwner,
  type QuotaState,
  withQuotaHeaders,
} from '../accounts/quota.js';
import { type Tier, tierAllows } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { TraderFields } from '../matching/compare.js';
import { lookupKey } from '../matching/trader-fields.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import type { RegistryGateway } from '../registries/gateway.js';
import type { RecordStore } from '../store/records.js';
import type { Stores } from '../store/stores.js';
import type { ValidationAnswer } from './answer.js';
import { type CacheRules, cacheReadOf, readCache, withinStaleWindow } from './cache-read.js';
import { Coalescer } from './coalesce.js';
import { reachesNoRegistry } from './fallback.js';
import { localAnswer } from './local-answer.js';
import { sentTrader, withMatch } from './match.js';
import { type CheckedNumber, parseEach, parseNumber, parseRequester } from './parse.js';
import { chargeRecords, type RecordContext, recordOf, recordsOf } from './record.js';
import { askRegistry, type RegistryCallDeps, type RegistryCallOptions } from './registry-call.js';
import { testModeAnswer } from './test-mode.js';
import type { UnsettledCharges } from './unsettled-charges.js';

/**
 * The validation pipeline shared by the synchronous, batch and asynchronous channels. A number goes
 * through named stages, each in its own module:
 *
 *   parse (parse.ts) → test mode (test-mode.ts) → local answer (local-answer.ts) → coalesce
 *   (coalesce.ts) → cache read (cache-read.ts) → quota check (accounts/quota.ts) → registry
 *   (registry-call.ts) → charge and record (accounts/quota.ts, record.ts)
 *
 * The quota check runs before a registry call is started, so no registry work is done for an
 * account whose quota is used up; every answer is then charged with its record in one
 * transaction, which refuses (429) when the quota ran out meanwhile.
 *
 * It knows nothing of HTTP; failures are ApiErrors from the catalogue.
 */

export interface PipelineSettings {
  checkDigits: boolean;
  cacheTtlSeconds: number;
  staleMaxAgeSeconds: number;
}

export interface PipelineDeps {
  stores: Pick<Stores, 'cache' | 'charges' | 'records' | 'evidence'>;
  quota: Quota;
  gateway: RegistryGateway;
  clock: Clock;
  settings: PipelineSettings;
  logger: { warn(object: object, message: string): void };
  /** Where a charge goes whose COMMIT may have happened although the request failed. */
  unsettled: UnsettledCharges;
  /** Told of every answer recorded (metrics: answers by source status). */
  onAnswer?: (answer: ValidationAnswer) => void;
}

/** What a caller asks for, beside the number itself. */
export interface ValidateRequest {
  requestId: string;
  /** The caller's own VAT number as sent, for a consultation number. */
  requester?: unknown;
  /** false skips the cache read; the fresh answer still refreshes the cache. */
  useCache: boolean;
  /** The caller's own id for the customer or order, kept on the records (A2). */
  reference?: string | null;
  /**
   * A batch's reference per position, in place of `reference` (ruling L2: an item's own wins).
   * Duplicates share one record, which keeps the reference of the number's first position.
   */
  references?: ReadonlyArray<string | null>;
  /** The trader fields sent with the number (wave-2 C): the answer then carries `data.match`. */
  trader?: TraderFields;
  /**
   * A batch's trader fields per position. The same number with other trader fields is another
   * lookup (and record); with the same ones, a duplicate.
   */
  traders?: ReadonlyArray<TraderFields | undefined>;
}

/** A lookup's quota check: one unit of `owner`'s quota in the month of `now`. */
export interface QuotaCheck {
  owner: QuotaOwner;
  now: number;
  /** Hears the state checked (a 503 charges nothing: its quota headers come from here). */
  checked(state: QuotaState): void;
}

/** How one number is answered in live mode. */
export interface LookupOptions {
  useCache: boolean;
  /**
   * The quota check to pass before a registry call this lookup starts (not before one it joins),
   * so that no registry work starts for an account whose quota is used up. Skipped when the stale
   * answer comes at once (see staleAtOnce).
   */
  quotaCheck?: QuotaCheck;
  /** Present only when a consultation number is wanted and allowed (see consultationRequester). */
  requester?: ParsedVatNumber;
  /** The account asking: a consultation request's evidence is marked as its own. */
  accountId: string;
  /**
   * The trader fields sent: the lookup goes to the registry (no cache read, not shared with other
   * lookups) and the answer carries `data.match`.
   */
  trader?: TraderFields;
  /** The caller's own number as sent, whatever the tier (a German one may ask the federal tax office). */
  givenRequester?: ParsedVatNumber;
  /**
   * How long a registry call may wait in the registries' queues (their limits, busy retries):
   * the gateway's request budget unless given. Background work passes BACKGROUND_BUDGET_MS.
   */
  budgetMs?: number;
}

/**
 * The queue budget of background work (async items, bulk rows, monitor checks): nobody waits on
 * the answer, so a number waits its turn under a registry's limit (HMRC's 3 a second, the Swiss
 * register's 20 a minute) instead of being refused and retried minutes later.
 */
export const BACKGROUND_BUDGET_MS = 120_000;

export type ItemResult =
  | { ok: true; answer: ValidationAnswer; validationId: string }
  | { ok: false; input: string; error: ApiError };

export interface OneOutcome {
  answer: ValidationAnswer;
  quota: QuotaState;
  /** The answer's record. */
  validationId: string;
}

export interface BatchOutcome {
  results: ItemResult[];
  summary: { total: number; succeeded: number; failed: number };
  quota: QuotaState;
}

export class ValidationPipeline {
  private readonly lookups = new Coalescer<ValidationAnswer>();
  private readonly rules: CacheRules;
  private readonly registry: RegistryCallDeps;

  constructor(private readonly deps: PipelineDeps) {
    this.rules = {
      ttlSeconds: deps.settings.cacheTtlSeconds,
      staleMaxAgeSeconds: deps.settings.staleMaxAgeSeconds,
    };
    this.registry = {
      gateway: deps.gateway,
      cache: deps.stores.cache,
      evidence: deps.stores.evidence,
      clock: deps.clock,
      rules: this.rules,
      logger: deps.logger,
    };
  }

  /** GET /v1/validate: one number, charged with its record once the answer is in hand. */
  async validateOne(principal: Principal, input: unknown, request: ValidateRequest): Promise<OneOutcome> {
    const checked = parseNumber(input);
    const requester = parseRequester(request.requester);
    const wanted = this.consultationRequester(checked.number, requester, principal.tier);
    const now = this.deps.clock.now();
    const context = this.contextOf(principal, request, 'sync', requester);
    const trader = sentTrader(request.trader);
    // The quota as checked before a registry call: a 503 charges nothing, so it serves the headers.
    let checkedQuota: QuotaState | undefined;
    try {
      const answer =
        principal.mode === 'test'
          ? this.answerTest(checked, { wantsConsultation: wanted !== undefined, now, trader })
          : await this.answerLive(checked, {
              useCache: request.useCache,
              requester: wanted,
              accountId: principal.accountId,
              quotaCheck: {
                owner: principal,
                now,
                checked: (state) => {
                  checkedQuota = state;
                },
              },
              trader,
              givenRequester: requester,
            });
      const { quota, ids } = await this.keep(principal, [answer], context);
      return { answer, quota, validationId: ids[0] };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'rate_limit_exceeded') throw error;
      const quota = checkedQuota ?? (await this.deps.quota.current(principal, now).catch(() => undefined));
      throw quota ? withQuotaHeaders(error, quota) : error;
    }
  }

  /**
   * POST /v1/validate/batch (spec 4.2): input order kept, syntax failures inline, duplicates looked
   * up once, counted once and recorded once (their positions share the record); the numbers that
   * got an answer are charged together with their records. Lookups run in parallel within each
   * registry's limit.
   */
  async validateBatch(
    principal: Principal,
    inputs: readonly string[],
    request: ValidateRequest,
  ): Promise<BatchOutcome> {
    const requester = parseRequester(request.requester);
    const positions = parseEach(inputs);
    // One lookup per number and trader fields: the same number with other trader fields is compared again.
    const keyOf = (number: string, index: number) => lookupKey(number, sentTrader(request.traders?.[index]));
    const unique = new Map<string, { checked: CheckedNumber; trader: TraderFields | undefined }>();
    const referenceOf = new Map<string, string | null>();
    positions.forEach((position, index) => {
      if (position instanceof ApiError) return;
      const key = keyOf(position.number.vatNumber, index);
      if (unique.has(key)) return;
      unique.set(key, { checked: position, trader: sentTrader(request.traders?.[index]) });
      referenceOf.set(key, request.references?.[index] ?? request.reference ?? null);
    });
    const now = this.deps.clock.now();
    const live = principal.mode === 'live';
    let quota = await this.deps.quota.check(principal, live ? unique.size : 0, now);

    const answers = new Map<string, ItemResult>();
    await Promise.all(
      [...unique].map(async ([key, { checked, trader }]) => {
        const wanted = this.consultationRequester(checked.number, requester, principal.tier);
        try {
          const answer = live
            ? await this.answerLive(checked, {
                useCache: request.useCache,
                requester: wanted,
                accountId: principal.accountId,
                trader,
                givenRequester: requester,
              })
            : this.answerTest(checked, { wantsConsultation: wanted !== undefined, now, trader });
          answers.set(key, { ok: true, answer, validationId: '' });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          answers.set(key, { ok: false, input: '', error });
        }
      }),
    );
    const served = [...answers].flatMap(([key, item]) => (item.ok ? [{ key, item }] : []));
    if (served.length > 0) {
      const context = this.contextOf(principal, request, 'batch', requester);
      const kept = await this.keep(
        principal,
        served.map(({ item }) => item.answer),
        context,
        served.map(({ key }) => referenceOf.get(key) ?? null),
      );
      quota = kept.quota;
      served.forEach(({ item }, index) => {
        item.validationId = kept.ids[index];
      });
    }
    const results = positions.map((position, index): ItemResult => {
      if (position instanceof ApiError) return { ok: false, input: inputs[index], error: position };
      const item = answers.get(keyOf(position.number.vatNumber, index))!;
      return item.ok ? item : { ...item, input: inputs[index] };
    });
    const succeeded = results.filter((item) => item.ok).length;
    return {
      results,
      summary: { total: results.length, succeeded, failed: results.length - succeeded },
      quota,
    };
  }

  /**
   * The live answer for a number that passed syntax: the local answer, else the cache and the
   * registry. Identical concurrent lookups share the work; a consultation request is never shared
   * and never served from the cache (its number is proof of a check now). Throws ApiError 503/422.
   */
  answerLive(checked: CheckedNumber, options: LookupOptions): Promise<ValidationAnswer> {
    const { useCache, requester, accountId, quotaCheck, givenRequester } = options;
    const trader = sentTrader(options.trader);
    const local = localAnswer(checked, {
      checkDigits: this.deps.settings.checkDigits,
      now: this.deps.clock.now(),
    });
    if (local) return Promise.resolve(withMatch(local, trader));
    const { number } = checked;
    // `used`: the month's usage when it was read beside the cache entry, else the check reads it.
    const checkQuota = async (used?: number) => {
      if (!quotaCheck) return;
      const { owner, now } = quotaCheck;
      quotaCheck.checked(
        used === undefined
          ? await this.deps.quota.check(owner, 1, now)
          : this.deps.quota.checkUsed(owner, 1, now, used),
      );
    };
    const ask = async (call: RegistryCallOptions, used?: number) => {
      if (!this.staleAtOnce(number, call)) await checkQuota(used);
      return askRegistry(this.registry, number, { ...call, budgetMs: options.budgetMs });
    };
    // Trader fields are compared by the registry now (wave-2 C3), as a consultation request is answered.
    if (requester || trader)
      return ask({ requester, accountId, degradedRule: useCache, trader, givenRequester });
    return this.lookups.run(`${number.vatNumber}|${useCache}`, async () => {
      if (!useCache) return ask({ degradedRule: false });
      const reading = { rules: this.rules, now: this.deps.clock.now() };
      // While no registry can be asked, a 503 is likely and needs the quota check first: the
      // month's usage is read in the cache read's statement, not in a round trip after it. A
      // cache hit or a stale answer leaves it unused.
      if (quotaCheck && reachesNoRegistry(this.deps.gateway, number)) {
        const { owner, now } = quotaCheck;
        const { entry, used } = await this.deps.stores.cache.getWithUsage(number.vatNumber, {
          accountId: owner.accountId,
          period: periodOf(now),
        });
        const cached = cacheReadOf(number, entry, reading);
        return cached.fresh ?? ask({ prior: cached, degradedRule: true }, used);
      }
      const cached = await readCache(this.deps.stores.cache, number, reading);
      return cached.fresh ?? ask({ prior: cached, degradedRule: true });
    });
  }

  /**
   * True when the answer will be the stale cache entry at once: the breaker refuses the call, no
   * fallback can answer, and the entry is within the stale window. The quota check before registry
   * work is skipped then: the answer is charged with its record (429 there if the quota ran out),
   * as a cache hit is. Without a stale entry the check runs, so 429 still comes before the 503.
   * Trader fields may go to the federal tax office whatever VIES's breaker says.
   */
  private staleAtOnce(number: ParsedVatNumber, call: RegistryCallOptions): boolean {
    const entry = call.prior?.entry;
    return (
      entry !== undefined &&
      call.trader === undefined &&
      withinStaleWindow(entry, this.rules, this.deps.clock.now()) &&
      reachesNoRegistry(this.deps.gateway, number)
    );
  }

  /** Test keys (decisions section 5): the local answer, else the magic numbers' answers. */
  answerTest(
    checked: CheckedNumber,
    options: { wantsConsultation: boolean; now: number; trader?: TraderFields },
  ): ValidationAnswer {
    // Trader fields are compared with the magic number's test company, as the service compares (C3).
    return withMatch(
      localAnswer(checked, { checkDigits: this.deps.settings.checkDigits, now: options.now }) ??
        testModeAnswer(checked.number, options.wantsConsultation, options.now),
      sentTrader(options.trader),
    );
  }

  /**
   * The requester to send for `target`, or undefined when no consultation number can be had: none
   * given, tier below Business, or a registry that cannot use it (decisions section 3).
   */
  consultationRequester(
    target: ParsedVatNumber,
    requester: ParsedVatNumber | undefined,
    tier: Tier,
  ): ParsedVatNumber | undefined {
    if (!requester || !tierAllows(tier, 'consultation')) return undefined;
    const registry = this.deps.gateway.registryFor(target.countryCode);
    return registry?.acceptsRequester(requester) ? requester : undefined;
  }

  /**
   * The record stage: a live key's answers are charged together with their records (429 when the
   * quota ran out meanwhile); a test key's are recorded as test-mode records, charging nothing.
   */
  private async keep(
    principal: Principal,
    answers: readonly ValidationAnswer[],
    context: RecordContext,
    references?: ReadonlyArray<string | null>,
  ): Promise<{ quota: QuotaState; ids: string[] }> {
    const now = this.deps.clock.now();
    const records = recordsOf(answers, context, now, references);
    const ids = records.map((record) => record.id);
    if (principal.mode === 'test') {
      await this.deps.stores.records.insert(records);
      return { quota: await this.deps.quota.current(principal, now), ids };
    }
    const quota = await chargeRecords(this.deps, principal, records, now);
    this.counted(answers);
    return { quota, ids };
  }

  private contextOf(
    principal: Principal,
    request: ValidateRequest,
    channel: 'sync' | 'batch',
    requester: ParsedVatNumber | undefined,
  ): RecordContext {
    return {
      accountId: principal.accountId,
      mode: principal.mode,
      requestId: request.requestId,
      channel,
      reference: request.reference ?? null,
      requester: requester?.vatNumber ?? null,
    };
  }

  /**
   * Records answers already charged (async items, whose units were taken at acceptance), through
   * `records` (the caller's transaction), under the ids given.
   */
  async record(
    answers: readonly ValidationAnswer[],
    context: RecordContext,
    records: RecordStore,
    ids: readonly string[],
  ): Promise<void> {
    const now = this.deps.clock.now();
    await records.insert(answers.map((answer, index) => recordOf(answer, context, now, ids[index])));
    this.counted(answers);
  }

  private counted(answers: readonly ValidationAnswer[]): void {
    if (this.deps.onAnswer) for (const answer of answers) this.deps.onAnswer(answer);
  }
}
