import { periodOf, type Quota, type QuotaOwner, type QuotaState } from '../accounts/quota.js';
import type { Clock } from '../clock.js';
import type { TraderFields } from '../matching/compare.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import type { RegistryGateway } from '../registries/gateway.js';
import type { Stores } from '../store/stores.js';
import type { ValidationAnswer } from './answer.js';
import { written } from './answer-writes.js';
import { type CacheRules, cacheReadOf, readCache, withinStaleWindow } from './cache-read.js';
import { Coalescer } from './coalesce.js';
import { reachesNoRegistry } from './fallback.js';
import { localAnswer } from './local-answer.js';
import { sentTrader, withMatch } from './match.js';
import type { CheckedNumber } from './parse.js';
import { askRegistry, type RegistryCallOptions } from './registry-call.js';
import type { RegistryCallDeps } from './registry-deps.js';

/**
 * The live stages of one number that passed syntax, for every channel (sync, batch, async items,
 * bulk rows, monitor checks):
 *
 *   local answer (local-answer.ts) → coalesce (coalesce.ts) → cache read (cache-read.ts) → quota
 *   check (accounts/quota.ts) → registry (registry-call.ts)
 *
 * Charging and recording the answer is the caller's (pipeline.ts).
 */

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
  /**
   * A registry answer's evidence and cache entry are held with it (answer-writes.ts) for the
   * caller's unit of work that charges and records it, instead of written at once.
   */
  holdWrites?: boolean;
}

/**
 * The queue budget of background work (async items, bulk rows, monitor checks): nobody waits on
 * the answer, so a number waits its turn under a registry's limit (HMRC's 3 a second, the Swiss
 * register's 20 a minute) instead of being refused and retried minutes later.
 */
export const BACKGROUND_BUDGET_MS = 120_000;

export interface LiveLookupDeps {
  stores: Pick<Stores, 'cache' | 'evidence'>;
  quota: Quota;
  gateway: RegistryGateway;
  clock: Clock;
  checkDigits: boolean;
  rules: CacheRules;
  logger: { warn(object: object, message: string): void };
}

export class LiveLookups {
  private readonly lookups = new Coalescer<ValidationAnswer>();
  private readonly registry: RegistryCallDeps;

  constructor(private readonly deps: LiveLookupDeps) {
    this.registry = {
      gateway: deps.gateway,
      cache: deps.stores.cache,
      evidence: deps.stores.evidence,
      clock: deps.clock,
      rules: deps.rules,
      logger: deps.logger,
    };
  }

  /**
   * The live answer: the local answer, else the cache and the registry. Identical concurrent
   * lookups share the work; a consultation request is never shared and never served from the
   * cache (its number is proof of a check now). Throws ApiError 503/422.
   */
  answer(checked: CheckedNumber, options: LookupOptions): Promise<ValidationAnswer> {
    const { useCache, requester, accountId, quotaCheck, givenRequester } = options;
    const trader = sentTrader(options.trader);
    const local = localAnswer(checked, { checkDigits: this.deps.checkDigits, now: this.deps.clock.now() });
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
      return askRegistry(this.registry, number, {
        ...call,
        budgetMs: options.budgetMs,
        holdWrites: options.holdWrites,
      });
    };
    // Trader fields are compared by the registry now, as a consultation request is answered.
    if (requester || trader)
      return ask({ requester, accountId, degradedRule: useCache, trader, givenRequester });
    // The lookup stays open to identical ones until its answer's held writes are made (answer-writes.ts).
    return this.lookups.run(
      `${number.vatNumber}|${useCache}`,
      async () => {
        if (!useCache) return ask({ degradedRule: false });
        const reading = { rules: this.deps.rules, now: this.deps.clock.now() };
        // While no registry can be asked, a 503 is likely and needs the quota check first: the
        // month's usage is read in the cache read's statement, not in a round trip after it. A
        // cache hit or a stale answer leaves it unused.
        const { cache } = this.deps.stores;
        if (quotaCheck && reachesNoRegistry(this.deps.gateway, number)) {
          const { owner, now } = quotaCheck;
          const { entry, used } = await cache.getWithUsage(number.vatNumber, {
            accountId: owner.accountId,
            period: periodOf(now),
          });
          const cached = cacheReadOf(number, entry, reading);
          return cached.fresh ?? ask({ prior: cached, degradedRule: true }, used);
        }
        const cached = await readCache(cache, number, reading);
        return cached.fresh ?? ask({ prior: cached, degradedRule: true });
      },
      written,
    );
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
      withinStaleWindow(entry, this.deps.rules, this.deps.clock.now()) &&
      reachesNoRegistry(this.deps.gateway, number)
    );
  }
}
