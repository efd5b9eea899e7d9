import type { Principal } from '../accounts/authenticator.js';
import type { QuotaState } from '../accounts/quota.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { type RatesTable, todayUtc } from '../rates/rates-table.js';
import { type AnswerInCommit, answerFrom } from '../store/idempotency.js';
import type { Stores } from '../store/stores.js';
import type { DecisionsTable } from '../store/tables.js';
import type { OneOutcome, ValidationPipeline } from '../validation/pipeline.js';
import { type BuyerCheck, buyerCheckOf, standingOf } from './buyer-standing.js';
import { composeDecision } from './decision-compose.js';
import { type CheckedRequest, checkDecisionRequest, type DecisionRequestBody } from './decision-request.js';
import { type DecisionView, decisionRow, newDecisionView } from './decision-shape.js';
import type { BuyerStanding } from './types.js';

/**
 * POST /v1/decisions: the request checked, the buyer's number checked through the validation
 * pipeline (cache, breakers, fallbacks, evidence, charge and record, as GET /v1/validate; a
 * test key's from the test numbers), the treatment from the rules table (rules.ts), the rate from
 * the rates data, the amounts and the invoice note; then the decision is stored with its hash,
 * to be sealed with the validation records: with the buyer's check, in the unit of work that
 * charges and records it, so a decision is kept exactly when its buyer's check is. Only the
 * buyer's check is charged: a decision without a buyer number, or with one that fails its format,
 * charges nothing.
 */

export interface DecisionDeps {
  pipeline: ValidationPipeline;
  stores: Pick<Stores, 'decisions' | 'transaction'>;
  rates: RatesTable;
  clock: Clock;
  /** The oldest stale or fallback answer a decision uses (DECISION_STALE_MAX_DAYS). */
  staleMaxDays: number;
}

export interface DecisionOutcome {
  decision: DecisionView;
  /** The quota after the buyer's check, when one was charged (live keys). */
  quota?: QuotaState;
}

export class DecisionService {
  constructor(private readonly deps: DecisionDeps) {}

  /**
   * `answer`: the answer for the request's Idempotency-Key, stored in the unit of work that keeps
   * the decision (and charges its buyer's check), so neither is kept without the answer a retry
   * is given.
   */
  async decide(
    principal: Principal,
    body: DecisionRequestBody,
    request: { requestId: string; reference: string | null },
    answer?: AnswerInCommit<DecisionOutcome>,
  ): Promise<DecisionOutcome> {
    const { deps } = this;
    const checked = checkDecisionRequest(body, {
      isCategory: (id) => deps.rates.isCategory(id),
      today: todayUtc(deps.clock.now()),
    });
    const decide = (buyer: BuyerOutcome) => {
      const decision = composeDecision({
        checked,
        buyer,
        rates: deps.rates,
        owner: { accountId: principal.accountId, mode: principal.mode },
        requestId: request.requestId,
        reference: request.reference,
        now: deps.clock.now(),
      });
      return { decision, row: decisionRow(decision) };
    };
    let made: ReturnType<typeof decide> | undefined;
    const outcomeOf = (quota: QuotaState | undefined): DecisionOutcome => ({
      decision: newDecisionView(made!.decision, made!.row),
      quota: principal.mode === 'live' ? quota : undefined,
    });
    const buyer = await this.checkBuyer(
      principal,
      checked,
      request,
      (outcome) => {
        made = decide(outcome);
        return made.row;
      },
      answerFrom(answer, (one: OneOutcome) => outcomeOf(one.quota)),
    );
    if (made === undefined) {
      made = decide(buyer);
      const { row } = made;
      if (!answer) await deps.stores.decisions.insert(row);
      else {
        await deps.stores.transaction(async (stores) => {
          await stores.decisions.insert(row);
          await answer.store(stores, outcomeOf(undefined));
        });
      }
    }
    return outcomeOf(buyer.quota);
  }

  /**
   * The buyer's number through the validation pipeline, the decision (`decide`) resting on its
   * answer written with that answer's charge and record. Its own failures become the standing the
   * rules fail closed on, and the decision is then made and written by the caller: a number that
   * fails its format (nothing charged), a registry that cannot answer (nothing charged, as on GET
   * /v1/validate).
   */
  private async checkBuyer(
    principal: Principal,
    checked: CheckedRequest,
    request: { requestId: string; reference: string | null },
    decide: (buyer: BuyerOutcome) => DecisionsTable,
    answer: AnswerInCommit<OneOutcome> | undefined,
  ): Promise<BuyerOutcome & { quota?: QuotaState }> {
    const number = checked.input.buyer.vat_number;
    if (number === undefined) return { standing: { kind: 'no_number' }, reasons: [], check: null };
    try {
      let buyer: BuyerOutcome | undefined;
      const outcome = await this.deps.pipeline.validateOne(
        principal,
        number,
        {
          requestId: request.requestId,
          useCache: true,
          reference: request.reference,
          restingOn: (found, validationId) => {
            buyer = {
              ...standingOf(found, { now: this.deps.clock.now(), staleMaxDays: this.deps.staleMaxDays }),
              check: buyerCheckOf(found, validationId),
            };
            return decide(buyer);
          },
        },
        answer,
      );
      if (buyer === undefined) throw new Error('the buyer was checked without a decision resting on it');
      return { ...buyer, quota: principal.mode === 'live' ? outcome.quota : undefined };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'invalid_vat_format') {
        const detail = error.message;
        // The rules say why the number did not count (facts.ts), once.
        return { standing: { kind: 'malformed', detail }, reasons: [], check: null };
      }
      if (error.code === 'upstream_unavailable' || error.code === 'upstream_error') {
        const detail = 'the registry cannot be asked now and no answer younger than the age limit is kept';
        return { standing: { kind: 'unavailable', detail }, reasons: [], check: null };
      }
      throw error;
    }
  }
}

/** What the check of the buyer's number gave, as a decision is composed from it. */
type BuyerOutcome = { standing: BuyerStanding; reasons: string[]; check: BuyerCheck | null };
