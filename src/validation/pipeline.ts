import type { Principal } from '../accounts/authenticator.js';
import { type Quota, type QuotaState, withQuotaHeaders } from '../accounts/quota.js';
import { type Tier, tierAllows } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { TraderFields } from '../matching/compare.js';
import { lookupKey } from '../matching/trader-fields.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import type { RegistryGateway } from '../registries/gateway.js';
import { writeAnswers } from '../store/charges.js';
import { type AnswerInCommit, answerFrom } from '../store/idempotency.js';
import type { ValidationRecord } from '../store/records.js';
import type { Stores } from '../store/stores.js';
import type { DecisionsTable } from '../store/tables.js';
import type { ValidationAnswer } from './answer.js';
import { takeWrites } from './answer-writes.js';
import { LiveLookups, type LookupOptions } from './live-lookup.js';
import { localAnswer } from './local-answer.js';
import { sentTrader, withMatch } from './match.js';
import { type CheckedNumber, parseEach, parseNumber, parseRequester } from './parse.js';
import { chargeRecords, type RecordContext, recordOf, recordsOf } from './record.js';
import { testModeAnswer } from './test-mode.js';
import type { UnsettledCharges } from './unsettled-charges.js';

/**
 * The validation pipeline shared by the synchronous, batch and asynchronous channels. A number goes
 * through named stages, each in its own module:
 *
 *   parse (parse.ts) → test mode (test-mode.ts) → live lookup (live-lookup.ts: local answer,
 *   coalesce, cache read, quota check, registry) → charge and record (accounts/quota.ts, record.ts)
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
  stores: Pick<Stores, 'cache' | 'charges' | 'records' | 'evidence' | 'decisions' | 'transaction'>;
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
  /** The caller's own id for the customer or order, kept on the records. */
  reference?: string | null;
  /**
   * A batch's reference per position, in place of `reference`.
   * Duplicates share one record, which keeps the reference of the number's first position.
   */
  references?: ReadonlyArray<string | null>;
  /** The trader fields sent with the number: the answer then carries `data.match`. */
  trader?: TraderFields;
  /**
   * A batch's trader fields per position. The same number with other trader fields is another
   * lookup (and record); with the same ones, a duplicate.
   */
  traders?: ReadonlyArray<TraderFields | undefined>;
  /**
   * validateOne only: the decision resting on the number's answer, made once the answer is in
   * hand, and written in the unit of work that charges and records that answer, so the two are
   * kept together or not at all. When it throws, nothing is charged or recorded.
   */
  restingOn?: (answer: ValidationAnswer, validationId: string) => DecisionsTable;
}

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
  private readonly live: LiveLookups;

  constructor(private readonly deps: PipelineDeps) {
    const { settings } = deps;
    this.live = new LiveLookups({
      ...deps,
      checkDigits: settings.checkDigits,
      rules: { ttlSeconds: settings.cacheTtlSeconds, staleMaxAgeSeconds: settings.staleMaxAgeSeconds },
    });
  }

  /**
   * GET /v1/validate: one number, charged with its record once the answer is in hand. `answer`:
   * the answer to store for the request's Idempotency-Key in the charge's transaction.
   */
  async validateOne(
    principal: Principal,
    input: unknown,
    request: ValidateRequest,
    answer?: AnswerInCommit<OneOutcome>,
  ): Promise<OneOutcome> {
    const checked = parseNumber(input);
    const requester = parseRequester(request.requester);
    const wanted = this.consultationRequester(checked.number, requester, principal.tier);
    const now = this.deps.clock.now();
    const context = this.contextOf(principal, request, 'sync', requester);
    const trader = sentTrader(request.trader);
    // The quota as checked before a registry call: a 503 charges nothing, so it serves the headers.
    let checkedQuota: QuotaState | undefined;
    try {
      const found =
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
              holdWrites: true,
            });
      const { quota, ids } = await this.keep(principal, [found], context, {
        restingOn: request.restingOn,
        answer: answerFrom(answer, (kept) => ({
          answer: found,
          quota: kept.quota,
          validationId: kept.ids[0],
        })),
      });
      return { answer: found, quota, validationId: ids[0] };
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
   * registry's limit. `answer`: the answer to store for the request's Idempotency-Key in the
   * charge's transaction, when there is a charge (some number got an answer).
   */
  async validateBatch(
    principal: Principal,
    inputs: readonly string[],
    request: ValidateRequest,
    answer?: AnswerInCommit<BatchOutcome>,
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
                holdWrites: true,
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
    const outcome = (state: QuotaState): BatchOutcome => {
      const results = positions.map((position, index): ItemResult => {
        if (position instanceof ApiError) return { ok: false, input: inputs[index], error: position };
        const item = answers.get(keyOf(position.number.vatNumber, index))!;
        return item.ok ? item : { ...item, input: inputs[index] };
      });
      const succeeded = results.filter((item) => item.ok).length;
      return {
        results,
        summary: { total: results.length, succeeded, failed: results.length - succeeded },
        quota: state,
      };
    };
    if (served.length > 0) {
      const context = this.contextOf(principal, request, 'batch', requester);
      const withIds = (ids: readonly string[]) =>
        served.forEach(({ item }, index) => {
          item.validationId = ids[index];
        });
      const kept = await this.keep(
        principal,
        served.map(({ item }) => item.answer),
        context,
        {
          references: served.map(({ key }) => referenceOf.get(key) ?? null),
          answer: answerFrom(answer, (kept) => {
            withIds(kept.ids);
            return outcome(kept.quota);
          }),
        },
      );
      quota = kept.quota;
      withIds(kept.ids);
    }
    return outcome(quota);
  }

  /** The live answer for a number that passed syntax (live-lookup.ts). Throws ApiError 503/422. */
  answerLive(checked: CheckedNumber, options: LookupOptions): Promise<ValidationAnswer> {
    return this.live.answer(checked, options);
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
   * quota ran out meanwhile), in one unit of work with the evidence and cache entries their
   * registry answers left (answer-writes.ts) and the decision resting on the answer, if any; a
   * test key's are recorded as test-mode records, charging nothing, in one transaction with the
   * decision resting on them.
   */
  private async keep(
    principal: Principal,
    answers: readonly ValidationAnswer[],
    context: RecordContext,
    options: Pick<ValidateRequest, 'references' | 'restingOn'> & {
      answer?: AnswerInCommit<{ quota: QuotaState; ids: string[] }>;
    } = {},
  ): Promise<{ quota: QuotaState; ids: string[] }> {
    const now = this.deps.clock.now();
    const records = recordsOf(answers, context, now, options.references);
    const ids = records.map((record) => record.id);
    const { writes, release } = takeWrites(answers);
    try {
      let decisions: DecisionsTable[] = [];
      try {
        if (options.restingOn) decisions = [options.restingOn(answers[0], ids[0])];
      } catch (error) {
        // Not charged nor recorded; what the registry answer left is kept all the same.
        await writeAnswers(this.deps.stores, writes);
        throw error;
      }
      const answer = answerFrom(options.answer, (quota: QuotaState) => ({ quota, ids }));
      if (principal.mode === 'test') {
        if (!answer) {
          await this.recordTest(records, decisions);
          return { quota: await this.deps.quota.current(principal, now), ids };
        }
        // With an Idempotency-Key: the records and the answer a retry gets, in one transaction.
        const quota = await this.deps.stores.transaction(async (stores) => {
          await stores.records.insert(records);
          if (decisions.length > 0) await stores.decisions.insertMany(decisions);
          const state = await this.deps.quota.on(stores.usage).current(principal, now);
          await answer.store(stores, state);
          return state;
        });
        return { quota, ids };
      }
      const quota = await chargeRecords(this.deps, principal, records, now, writes, decisions, answer);
      this.counted(answers);
      return { quota, ids };
    } finally {
      release();
    }
  }

  /**
   * A test key's records, charging nothing; the decisions resting on them in the same transaction,
   * so a test-mode decision is kept exactly when its buyer's check is, as with a live key.
   */
  private async recordTest(
    records: readonly ValidationRecord[],
    decisions: readonly DecisionsTable[],
  ): Promise<void> {
    if (decisions.length === 0) return this.deps.stores.records.insert(records);
    await this.deps.stores.transaction(async (stores) => {
      await stores.records.insert(records);
      await stores.decisions.insertMany(decisions);
    });
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
   * `stores` (the caller's transaction), under the ids given, with whatever evidence and cache
   * entries their registry answers still hold (an answer shared with a sync request).
   */
  async record(
    answers: readonly ValidationAnswer[],
    context: RecordContext,
    stores: Pick<Stores, 'records' | 'evidence' | 'cache'>,
    ids: readonly string[],
  ): Promise<void> {
    const now = this.deps.clock.now();
    const { writes, release } = takeWrites(answers);
    try {
      await writeAnswers(stores, writes);
      await stores.records.insert(answers.map((answer, index) => recordOf(answer, context, now, ids[index])));
    } finally {
      release();
    }
    this.counted(answers);
  }

  private counted(answers: readonly ValidationAnswer[]): void {
    if (this.deps.onAnswer) for (const answer of answers) this.deps.onAnswer(answer);
  }
}
