import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { timeOrderedUuid } from '../ids.js';
import type { RegistryGateway } from '../registries/gateway.js';
import { type Registry, type RegistryAnswer, RegistryError } from '../registries/registry.js';
import type { Principal } from '../store/accounts.js';
import type { RequestStore } from '../store/request-store.js';
import type { Tables } from '../store/tables.js';
import {
  type CachedAnswer,
  recordValidations,
  type ValidationRecord,
  writeCachedAnswer,
} from '../store/validations.js';
import { companyOf, iso, type Source, type ValidationAnswer } from './answers.js';
import { ApiError } from './errors.js';
import {
  type QuotaState,
  quotaHeaders,
  releaseQuota,
  reserveQuota,
  reserveQuotaAndLookUp,
  reserveQuotaAndRecord,
} from './quota.js';
import { testModeAnswer } from './test-mode.js';
import { type Tier, type TierLimits, tierAllows } from './tiers.js';
import { checkVatNumber, type ParsedVatNumber } from './vat-number/index.js';

/**
 * The validation pipeline shared by the synchronous, batch and asynchronous channels:
 * syntax → check digits → test mode → cache → registry → stale rules → record.
 * It knows nothing of HTTP; failures are ApiErrors from the catalogue.
 */

export interface ValidationSettings {
  checkDigits: boolean;
  cacheTtlSeconds: number;
  staleMaxAgeSeconds: number;
}

export interface Logger {
  warn(object: object, message: string): void;
}

export interface ValidationDeps {
  db: Kysely<Tables>;
  /** The request path's prepared, batched statements (quota, cache read, records). */
  requests: RequestStore;
  clock: Clock;
  gateway: RegistryGateway;
  settings: ValidationSettings;
  limits: Readonly<Record<Tier, TierLimits>>;
  logger: Logger;
  /** Told of every live answer served (metrics: cache hits by source status). */
  onAnswer?: (answer: ValidationAnswer) => void;
}

/** A number that passed syntax: what every later stage works on. */
export interface CheckedNumber {
  number: ParsedVatNumber;
  checksumValid: boolean;
}

export interface LookupOptions {
  /** false skips the cache read (the answer still refreshes the cache). */
  useCache: boolean;
  /** Present only when a consultation number is wanted and allowed (see consultationRequester). */
  requester?: ParsedVatNumber;
  /** The cache entry the caller already read for this number (null: none stored); read when absent. */
  cached?: CachedAnswer | null;
}

export type ItemResult =
  | { ok: true; answer: ValidationAnswer }
  | { ok: false; input: string; error: ApiError };

export interface BatchOutcome {
  results: ItemResult[];
  summary: { total: number; succeeded: number; failed: number };
  quota?: QuotaState;
}

/** Countries whose registry decides on numbers failing local check digits (decisions section 1). */
const REGISTRY_DECIDES_CHECKSUM = new Set(['GB', 'XI']);

export class ValidationService {
  private readonly inFlight = new Map<string, Promise<ValidationAnswer>>();

  constructor(private readonly deps: ValidationDeps) {}

  /** Stage 1 (syntax): throws 422 `invalid_vat_format` naming the rule and, for the requester, the field. */
  check(input: unknown, field: 'vat_number' | 'requester_vat_number' = 'vat_number'): CheckedNumber {
    const result = checkVatNumber(input);
    if (result.kind === 'syntax_error') {
      throw new ApiError(
        'invalid_vat_format',
        field === 'vat_number' ? result.message : `requester_vat_number: ${result.message}`,
      );
    }
    return { number: result.number, checksumValid: result.checksumValid };
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

  /** GET /v1/validate: one number, quota reserved before the work and given back on a 503. */
  async validateOne(
    principal: Principal,
    requestId: string,
    input: unknown,
    requesterInput: unknown,
    useCache: boolean,
  ): Promise<{ answer: ValidationAnswer; quota: QuotaState }> {
    const target = this.check(input);
    const requester =
      requesterInput === undefined ? undefined : this.check(requesterInput, 'requester_vat_number').number;
    const wanted = this.consultationRequester(target.number, requester, principal.tier);
    const now = this.deps.clock.now();
    if (principal.mode === 'test') {
      const quota = await this.currentQuota(principal, now);
      try {
        return { answer: this.testAnswer(target, wanted !== undefined, now), quota };
      } catch (error) {
        throw error instanceof ApiError ? withQuotaHeaders(error, quota) : error;
      }
    }
    // An answer that needs no registry (check digits, a fresh cache entry) is in hand with the
    // reservation: the reservation, the cache read and the record are then one write (one
    // transaction, one PostgreSQL round trip), and a refused reservation writes nothing.
    const limit = this.limitOf(principal);
    const local = this.localAnswer(target, now);
    if (local) {
      const quota = await reserveQuotaAndRecord(
        this.deps.requests,
        principal.accountId,
        limit,
        now,
        this.recordsOf(principal, requestId, 'sync', [local], now),
      );
      this.deps.onAnswer?.(local);
      return { answer: local, quota };
    }
    let quota: QuotaState;
    let cached: CachedAnswer | null | undefined;
    if (useCache && !wanted) {
      const vatNumber = target.number.vatNumber;
      const lookup = await reserveQuotaAndLookUp(this.deps.requests, principal.accountId, limit, now, {
        vatNumber,
        freshAfter: this.freshAfter(now),
        hit: {
          id: timeOrderedUuid(now),
          account_id: principal.accountId,
          request_id: requestId,
          channel: 'sync',
          created_at: now,
        },
      });
      quota = lookup.quota;
      cached = lookup.cached ?? null;
      if (this.isFresh(cached, now)) {
        // Recorded by the lookup.
        const answer = cachedAnswer(target.number, cached, now, 'cached');
        this.deps.onAnswer?.(answer);
        return { answer, quota };
      }
    } else quota = await reserveQuota(this.deps.requests, principal.accountId, limit, 1, now);
    try {
      // A miss goes on with the entry just read (a stale one still serves the stale rules).
      const answer = await this.resolve(target, { useCache, requester: wanted, cached });
      await this.record(principal, requestId, 'sync', [answer]);
      return { answer, quota };
    } catch (error) {
      quota = await releaseQuota(this.deps.db, principal.accountId, quota, 1);
      if (error instanceof ApiError) throw withQuotaHeaders(error, quota);
      throw error;
    }
  }

  /**
   * POST /v1/validate/batch (spec 4.2): input order kept, syntax failures inline, duplicates looked
   * up once and counted once, quota reserved up front for the unique numbers and given back for
   * those that got no answer. Lookups run in parallel within each registry's limit.
   */
  async validateBatch(
    principal: Principal,
    requestId: string,
    inputs: readonly string[],
    requesterInput: unknown,
    useCache: boolean,
  ): Promise<BatchOutcome> {
    const requester =
      requesterInput === undefined ? undefined : this.check(requesterInput, 'requester_vat_number').number;
    const positions = inputs.map((input) => {
      try {
        return this.check(input);
      } catch (error) {
        return error as ApiError;
      }
    });
    const unique = new Map<string, CheckedNumber>();
    for (const position of positions) {
      if (!(position instanceof ApiError)) unique.set(position.number.vatNumber, position);
    }
    const now = this.deps.clock.now();
    const live = principal.mode === 'live';
    let quota = live
      ? await reserveQuota(this.deps.requests, principal.accountId, this.limitOf(principal), unique.size, now)
      : await this.currentQuota(principal, now);

    const answers = new Map<string, ItemResult>();
    const settled = await Promise.allSettled(
      [...unique.values()].map(async (checked) => {
        const wanted = this.consultationRequester(checked.number, requester, principal.tier);
        try {
          const answer = live
            ? await this.resolve(checked, { useCache, requester: wanted })
            : this.testAnswer(checked, wanted !== undefined, now);
          answers.set(checked.number.vatNumber, { ok: true, answer });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          answers.set(checked.number.vatNumber, { ok: false, input: '', error });
        }
      }),
    );
    const unexpected = settled.find((outcome) => outcome.status === 'rejected');
    if (unexpected) {
      // Something other than a registry failed (the database): give every reserved unit back.
      if (live)
        await releaseQuota(this.deps.db, principal.accountId, quota, unique.size).catch(() => undefined);
      throw (unexpected as PromiseRejectedResult).reason;
    }

    const served = [...answers.values()]
      .filter((item) => item.ok)
      .map((item) => (item as { answer: ValidationAnswer }).answer);
    if (live) {
      quota = await releaseQuota(this.deps.db, principal.accountId, quota, unique.size - served.length);
      await this.record(principal, requestId, 'batch', served);
    }
    const results = positions.map((position, index): ItemResult => {
      if (position instanceof ApiError) return { ok: false, input: inputs[index], error: position };
      const item = answers.get(position.number.vatNumber)!;
      return item.ok ? item : { ...item, input: inputs[index] };
    });
    const succeeded = results.filter((item) => item.ok).length;
    return {
      results,
      summary: { total: results.length, succeeded, failed: results.length - succeeded },
      quota,
    };
  }

  testAnswer(checked: CheckedNumber, wantsConsultation: boolean, now: number): ValidationAnswer {
    return this.localAnswer(checked, now) ?? testModeAnswer(checked.number, wantsConsultation, now);
  }

  /**
   * The answer for one number that passed syntax, live mode: local stages first, then the cache and
   * the registry with the stale and degraded rules of decisions section 2. Throws ApiError 503/422.
   */
  resolve(checked: CheckedNumber, options: LookupOptions): Promise<ValidationAnswer> {
    const local = this.localAnswer(checked, this.deps.clock.now());
    if (local) return Promise.resolve(local);
    if (options.requester) return this.resolveRemote(checked, options);
    // Identical concurrent lookups share the whole cache read → registry → cache write sequence, so
    // a request arriving between the registry's answer and the cache write does not ask again.
    const key = `${checked.number.vatNumber}|${options.useCache}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const shared = this.resolveRemote(checked, options).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, shared);
    return shared;
  }

  private async resolveRemote(checked: CheckedNumber, options: LookupOptions): Promise<ValidationAnswer> {
    const now = this.deps.clock.now();
    const { number } = checked;
    const registry = this.deps.gateway.registryFor(number.countryCode)!;

    let prior: CachedAnswer | undefined;
    // A consultation request always goes to the registry: its number is proof of a check now.
    if (options.useCache && !options.requester) {
      prior =
        options.cached === undefined
          ? await this.deps.requests.readCachedAnswer(number.vatNumber)
          : (options.cached ?? undefined);
      if (this.isFresh(prior, now)) return cachedAnswer(number, prior, now, 'cached');
    }

    let answer: RegistryAnswer;
    try {
      answer = await this.ask(registry, number, options.requester);
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      if (error.kind === 'invalid_input') {
        throw new ApiError(
          'invalid_vat_format',
          `The ${registry.id.toUpperCase()} registry rejected ${number.vatNumber} as malformed.`,
        );
      }
      prior ??= await this.deps.requests.readCachedAnswer(number.vatNumber);
      const fetchedAt = this.deps.clock.now();
      if (prior && this.withinStaleWindow(prior, fetchedAt))
        return cachedAnswer(number, prior, fetchedAt, 'unavailable');
      throw upstreamFailure(registry, error);
    }

    const answeredAt = this.deps.clock.now();
    if (!answer.valid && options.useCache) {
      // Suspected false negative: the registry says "not registered" for a number it called valid
      // within the stale window (HMRC 404 on internal failures, VIES member-state incidents).
      prior ??= await this.deps.requests.readCachedAnswer(number.vatNumber);
      if (prior && prior.valid === 1 && this.withinStaleWindow(prior, answeredAt)) {
        this.deps.logger.warn(
          { vat_number: number.vatNumber, registry: registry.id, prior_fetched_at: iso(prior.fetched_at) },
          'registry answered not registered for a number recently valid: serving the prior answer as degraded',
        );
        return cachedAnswer(number, prior, answeredAt, 'degraded');
      }
    }
    await writeCachedAnswer(this.deps.db, {
      vat_number: number.vatNumber,
      valid: answer.valid ? 1 : 0,
      company_name: answer.valid ? answer.name : null,
      company_address: answer.valid ? answer.address : null,
      source: registry.id,
      fetched_at: answeredAt,
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
    };
  }

  /** Records answers served with a live key (spec 4.4: the same records for every channel). */
  async record(
    principal: Pick<Principal, 'accountId'>,
    requestId: string,
    channel: string,
    answers: readonly ValidationAnswer[],
    /** The caller's transaction, when the record must commit with other writes (async settle). */
    db?: Kysely<Tables>,
  ): Promise<void> {
    if (this.deps.onAnswer) for (const answer of answers) this.deps.onAnswer(answer);
    const records = this.recordsOf(principal, requestId, channel, answers, this.deps.clock.now());
    if (db) await recordValidations(db, records);
    else await this.deps.requests.recordValidations(records);
  }

  private recordsOf(
    principal: Pick<Principal, 'accountId'>,
    requestId: string,
    channel: string,
    answers: readonly ValidationAnswer[],
    now: number,
  ): ValidationRecord[] {
    return answers.map((answer) => ({
      id: timeOrderedUuid(now),
      account_id: principal.accountId,
      request_id: requestId,
      vat_number: answer.data.vat_number,
      valid: answer.data.valid ? 1 : 0,
      source: answer.meta.source,
      source_status: answer.meta.source_status,
      channel,
      created_at: now,
    }));
  }

  limitOf(principal: Pick<Principal, 'tier'>): number {
    return this.deps.limits[principal.tier].monthly;
  }

  private async currentQuota(principal: Principal, now: number): Promise<QuotaState> {
    // Test keys consume nothing; the headers still show the account's live usage (reserving 0 units).
    return reserveQuota(this.deps.requests, principal.accountId, this.limitOf(principal), 0, now);
  }

  /** A cache entry within its TTL. */
  private isFresh(prior: CachedAnswer | null | undefined, now: number): prior is CachedAnswer {
    return prior != null && prior.fetched_at > this.freshAfter(now);
  }

  /** Entries fetched after this instant are fresh (the cache TTL). */
  private freshAfter(now: number): number {
    return now - this.deps.settings.cacheTtlSeconds * 1000;
  }

  /** Answers that need no registry: a failed check digit, and Liechtenstein (no registry exists). */
  private localAnswer(checked: CheckedNumber, now: number): ValidationAnswer | undefined {
    const { number } = checked;
    if (
      !checked.checksumValid &&
      this.deps.settings.checkDigits &&
      !REGISTRY_DECIDES_CHECKSUM.has(number.countryCode)
    ) {
      return {
        data: {
          valid: false,
          vat_number: number.vatNumber,
          country_code: number.countryCode,
          company: null,
          consultation_number: null,
          requested_at: iso(now),
        },
        meta: { cached: false, source: 'checksum', source_status: 'live' },
      };
    }
    if (number.countryCode === 'LI') {
      // decisions section 3: no public service validates LI numbers; the answer rests on the format.
      return {
        data: {
          valid: true,
          vat_number: number.vatNumber,
          country_code: 'LI',
          company: null,
          consultation_number: null,
          requested_at: iso(now),
        },
        meta: { cached: false, source: 'format', source_status: 'unverified' },
      };
    }
    return undefined;
  }

  /** Asks the registry; a refused requester is dropped and the lookup repeated (decisions section 3). */
  private async ask(
    registry: Registry,
    number: ParsedVatNumber,
    requester?: ParsedVatNumber,
  ): Promise<RegistryAnswer> {
    try {
      return await this.deps.gateway.lookup(registry, number, requester);
    } catch (error) {
      if (requester && error instanceof RegistryError && error.kind === 'requester_rejected') {
        const answer = await this.deps.gateway.lookup(registry, number);
        return { ...answer, consultationNumber: null };
      }
      throw error;
    }
  }

  private withinStaleWindow(prior: CachedAnswer, now: number): boolean {
    return prior.fetched_at >= now - this.deps.settings.staleMaxAgeSeconds * 1000;
  }
}

function cachedAnswer(
  number: ParsedVatNumber,
  row: CachedAnswer,
  now: number,
  status: 'cached' | 'unavailable' | 'degraded',
): ValidationAnswer {
  const valid = row.valid === 1;
  return {
    data: {
      valid,
      vat_number: number.vatNumber,
      country_code: number.countryCode,
      company: companyOf(valid, row.company_name, row.company_address),
      requested_at: iso(now),
    },
    meta: {
      cached: true,
      cached_at: iso(row.fetched_at),
      ...(status === 'cached' ? {} : { stale: true }),
      source: row.source as Source,
      source_status: status,
    },
  };
}

/** 503 with Retry-After: 30; the UK registry's failures are `upstream_error` (spec section 7). */
function upstreamFailure(registry: Registry, error: RegistryError): ApiError {
  const code = registry.id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
  const name = {
    vies: 'VIES',
    hmrc: 'HMRC',
    uid: 'the Swiss UID register',
    brreg: 'Brønnøysundregistrene',
    abr: 'ABN Lookup',
  }[registry.id];
  const why =
    error.kind === 'timeout'
      ? 'did not answer in time'
      : error.kind === 'throttled'
        ? 'is throttling requests'
        : 'is unavailable';
  return new ApiError(code, `${name} ${why}, and no earlier answer for this number is cached. Retry later.`, {
    'retry-after': '30',
  });
}

function withQuotaHeaders(error: ApiError, quota: QuotaState): ApiError {
  if (error.code === 'rate_limit_exceeded') return error;
  return new ApiError(error.code, error.message, { ...(error.headers ?? {}), ...quotaHeaders(quota) });
}
