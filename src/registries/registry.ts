import type { FieldMatch, TraderFields } from '../matching/compare.js';
import type { ParsedVatNumber } from '../numbers/index.js';

/**
 * The one interface every upstream registry client implements (VIES, HMRC, UID, Brønnøysund, ABR),
 * and the failure kinds they report. The validation pipeline (src/validation/registry-call.ts) maps
 * the kinds to the error codes of decisions section 3; clients never produce HTTP answers themselves.
 */

export type RegistryId = PrimaryRegistryId | FallbackId | ConfirmationId;

/** The registries that answer a country's numbers first (gateway.ts `registryIdFor`). */
export type PrimaryRegistryId = 'vies' | 'hmrc' | 'uid' | 'brreg' | 'abr';

/**
 * National registers asked when VIES cannot answer for their member state (src/validation/fallback.ts):
 * Poland's white list, the Czech VAT-payer register with ARES, Romania's VAT-payer service.
 */
export type FallbackId = 'kas' | 'ares' | 'anaf';

/**
 * Germany's federal tax office confirmation service (BZST_ENABLED): asked before VIES for a
 * foreign EU number when a German requester sends trader fields (src/validation/registry-call.ts).
 */
export type ConfirmationId = 'bzst';

export interface RegistryQuery {
  target: ParsedVatNumber;
  /** Present only when a consultation number is wanted and this registry can use the requester. */
  requester?: ParsedVatNumber;
  /** The trader fields to compare, when the caller sent any (a registry that compares uses them). */
  trader?: TraderFields;
}

/** The registry's own comparison of the trader fields, field by field (never `partial`). */
export type RegistryMatch = Record<'name' | 'company_type' | 'street' | 'postcode' | 'city', FieldMatch>;

export interface RegistryAnswer {
  valid: boolean;
  /** Company name; null when the registry withholds it (VIES `---` or empty) or the number is invalid. */
  name: string | null;
  /** One line: the registry's address lines joined with ", ", whitespace collapsed; null when withheld. */
  address: string | null;
  /** Consultation number (VIES requestIdentifier, HMRC consultationNumber); null when none was asked or given. */
  consultationNumber: string | null;
  /**
   * The registry's comparison of the trader fields, when it compared at least one (a VIES member
   * state that takes part in approximate matching, BZSt's qualified confirmation); absent otherwise.
   */
  match?: RegistryMatch;
  /** The HTTP exchange the verdict rests on, for the record's evidence (the pipeline stores it). */
  exchange: RegistryExchange;
}

/** What a client reads from a registry's reply; the answer adds the exchange it was read from. */
export type RegistryVerdict = Omit<RegistryAnswer, 'exchange'>;

/**
 * One HTTP exchange with a registry, as evidence of what it answered: what was sent,
 * with credentials and tokens replaced by `[redacted]`, and the reply's bytes as received.
 */
export interface RegistryExchange {
  registry: RegistryId;
  /** Scheme, host and path: no credentials, no query string (the query is in `request`). */
  url: string;
  method: 'GET' | 'POST';
  /** Epoch ms when the request was sent. */
  requestedAt: number;
  durationMs: number;
  /** The body sent, or for a GET its query string (without `?`), secrets replaced by `[redacted]`. */
  request: string;
  status: number;
  contentType: string | null;
  /** The reply's first 64 KiB as received. */
  body: Buffer;
  /** More than 64 KiB arrived: `body` holds the first 64 KiB. */
  truncated: boolean;
  /** SHA-256 of every byte of the reply as received, lowercase hex. */
  sha256: string;
}

/**
 * Why a registry call failed.
 * - `unreachable`: connection refused, reset, DNS failure.
 * - `timeout`: no complete answer within the configured timeout.
 * - `server_error`: 5xx, SOAP server fault, the registry's own "service unavailable" codes (VIES MS_UNAVAILABLE...).
 * - `throttled`: the registry says too many requests (HMRC 429, VIES MS_MAX_CONCURRENT_REQ, UID Request_limit_exceeded).
 * - `malformed`: an answer we cannot parse or that lacks required fields.
 * - `auth`: our credentials were refused (HMRC OAuth, ABR GUID); an operator problem, still a 503 to the caller.
 * - `invalid_input`: the registry says the target number itself is malformed (maps to 422 invalid_vat_format).
 * - `requester_rejected`: the registry refuses the requester (VIES INVALID_REQUESTER_INFO, HMRC 403);
 *   the pipeline repeats the lookup without a requester.
 */
export type RegistryFailureKind =
  | 'unreachable'
  | 'timeout'
  | 'server_error'
  | 'throttled'
  | 'malformed'
  | 'auth'
  | 'invalid_input'
  | 'requester_rejected';

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  /** Set when the service itself refused the call (breaker open, queue wait past the budget): when to retry. */
  retryAfterMs?: number;
  constructor(
    readonly registry: RegistryId,
    readonly kind: RegistryFailureKind,
    message: string,
    /** The registry's own code where it gave one (e.g. `MS_UNAVAILABLE`, `NOT_FOUND`, HTTP status). */
    readonly upstreamCode?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface Registry {
  readonly id: RegistryId;
  /** Throws RegistryError for every failure; never resolves with a guess. */
  lookup(query: RegistryQuery): Promise<RegistryAnswer>;
  /** Whether this registry can give a consultation number for this requester (e.g. VIES: EU/XI requester). */
  acceptsRequester(requester: ParsedVatNumber): boolean;
  /** HTTP requests one lookup may make (default 1): the rate limits reserve that many slots. */
  readonly requestsPerLookup?: number;
  close(): Promise<void>;
}

/** Joins address lines into the single line decisions section 3 asks for. */
export function joinAddress(lines: Array<string | null | undefined>): string | null {
  const parts = lines
    .map((line) => (line ?? '').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== '---');
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Treats the registries' placeholders for "withheld" (`---`, empty, whitespace) as null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text === '' || text === '---' ? null : text;
}
