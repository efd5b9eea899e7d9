import type { ValidationAnswer } from '../validation/answer.js';
import type { BuyerStanding } from './types.js';

/**
 * What the check of the buyer's number gave, as the rules read it. Fails closed: only an answer
 * the registry (or a national register standing in for VIES) gave as valid, fresh or kept no
 * longer than DECISION_STALE_MAX_DAYS, counts as valid; a degraded answer never does, whatever an
 * older answer said; a registry that cannot answer now, with nothing usable kept, is `unavailable`.
 */

const DAY_MS = 86_400_000;

/** The buyer's validation as the decision shows it. */
export interface BuyerCheck {
  validation_id: string;
  valid: boolean;
  source_status: string;
  checked_at: string;
}

/** When the registry gave the answer: the cached answer's time, else the request's. */
export function checkedAt(answer: ValidationAnswer): string {
  return answer.meta.cached_at ?? answer.data.requested_at;
}

export function standingOf(
  answer: ValidationAnswer,
  options: { now: number; staleMaxDays: number },
): { standing: BuyerStanding; reasons: string[] } {
  const { data, meta } = answer;
  const at = checkedAt(answer);
  if (meta.source === 'checksum')
    return {
      standing: { kind: 'invalid', source_status: meta.source_status },
      reasons: [
        `The buyer's VAT number ${data.vat_number} fails its check digits: it cannot have been issued.`,
      ],
    };
  if (meta.source_status === 'degraded')
    return {
      standing: { kind: 'degraded', detail: 'the registry answered without confirming the registration' },
      reasons: [
        `The registry's answer for ${data.vat_number} was degraded: it is not enough to leave the VAT to the buyer.`,
      ],
    };
  if (meta.source_status === 'unverified')
    return {
      standing: { kind: 'unavailable', detail: 'the country has no register to ask' },
      reasons: [`${data.vat_number} could only be checked for its format: no register confirms it.`],
    };
  if (!data.valid)
    return {
      standing: { kind: 'invalid', source_status: meta.source_status },
      reasons: [`The registry answered that ${data.vat_number} is not registered for VAT (${at}).`],
    };
  const ageDays = (options.now - Date.parse(at)) / DAY_MS;
  if (meta.stale || meta.source_status === 'unavailable') {
    if (ageDays > options.staleMaxDays)
      return {
        standing: {
          kind: 'unavailable',
          detail: `the registry is unavailable and the last answer (${at}) is older than ${options.staleMaxDays} days`,
        },
        reasons: [
          `The registry cannot be asked now, and its last answer for ${data.vat_number} (${at}) is older than ${options.staleMaxDays} days: it is not used.`,
        ],
      };
    return {
      standing: { kind: 'valid', country_code: data.country_code, source_status: meta.source_status },
      reasons: [
        `The registry cannot be asked now: its answer of ${at} that ${data.vat_number} is valid (within ${options.staleMaxDays} days) is used, flagged as \`unavailable\`.`,
      ],
    };
  }
  if (meta.source_status === 'fallback')
    return {
      standing: { kind: 'valid', country_code: data.country_code, source_status: 'fallback' },
      reasons: [
        `VIES could not answer: the member state's own register confirmed ${data.vat_number} (flagged as \`fallback\`).`,
      ],
    };
  return {
    standing: { kind: 'valid', country_code: data.country_code, source_status: meta.source_status },
    reasons: [],
  };
}

export function buyerCheckOf(answer: ValidationAnswer, validationId: string): BuyerCheck {
  return {
    validation_id: validationId,
    valid: answer.data.valid,
    source_status: answer.meta.source_status,
    checked_at: checkedAt(answer),
  };
}
