/**
 * Client for HMRC "Check a UK VAT number" API v2 (GB numbers), with OAuth 2.0 client-credentials
 * tokens. Protocol: /work/shared/upstreams/hmrc.md, cited below as "hmrc.md §n".
 */
import type { ParsedVatNumber } from '../numbers/index.js';
import { AccessTokens, failure, isObject, parseJsonObject, type TokenOptions } from './hmrc-tokens.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from './http.js';
import {
  cleanText,
  joinAddress,
  type Registry,
  type RegistryAnswer,
  type RegistryError,
  type RegistryQuery,
  type RegistryVerdict,
} from './registry.js';

/** hmrc.md §2: production root; the token and lookup paths are appended beneath it. */
export const DEFAULT_URL = 'https://api.service.hmrc.gov.uk';

/** One clock (`now`) for token expiry and for the exchanges' `requestedAt`. */
export interface Options extends TokenOptions, RegistryPoolOptions {}

const LOOKUP_PATH = 'organisations/vat/check-vat-number/lookup';
/** hmrc.md §4.3: without exactly this the gateway answers 406 ACCEPT_HEADER_INVALID. */
const ACCEPT = 'application/vnd.hmrc.2.0+json';
/** hmrc.md §4.4: the API takes exactly 9 or 12 digits, no `GB` prefix, no GD/HA numbers. */
const VRN = /^(?:[0-9]{9}|[0-9]{12})$/;
const NOT_REGISTERED: RegistryVerdict = { valid: false, name: null, address: null, consultationNumber: null };

export function createHmrcRegistry(options: Options): Registry {
  const http = new RegistryHttp('hmrc', options);
  const tokens = new AccessTokens(http, options);
  return {
    id: 'hmrc',
    acceptsRequester,
    lookup: (query) => lookup(http, tokens, options.baseUrl, query),
    close: () => http.close(),
  };
}

/** Decisions §3: HMRC gives consultation numbers to GB requesters only (XI requesters belong to VIES). */
function acceptsRequester(requester: ParsedVatNumber): boolean {
  return requester.countryCode === 'GB' && VRN.test(requester.national);
}

async function lookup(
  http: RegistryHttp,
  tokens: AccessTokens,
  baseUrl: string,
  query: RegistryQuery,
): Promise<RegistryAnswer> {
  const target = targetVrnOf(query.target);
  const requester = query.requester ? requesterVrnOf(query.requester) : undefined;
  const url = joinUrl(baseUrl, [LOOKUP_PATH, target, requester].filter(Boolean).join('/'));
  let token = await tokens.get();
  let answer = await sendLookup(http, url, token);
  // hmrc.md §3: a token can die before its expires_in (revoked, platform restart); one fresh token, one retry.
  if (answer.status === 401 && errorBodyOf(answer.body)?.code === 'INVALID_CREDENTIALS') {
    tokens.drop(token);
    token = await tokens.get();
    answer = await sendLookup(http, url, token);
  }
  // The verdict rests on the last lookup: after a retry, the refused first one is no evidence of
  // anything about the number. The token request never is (it carries our client secret).
  return { ...readLookup(answer, target, requester !== undefined), exchange: answer.exchange };
}

function targetVrnOf(target: ParsedVatNumber): string {
  if (target.countryCode !== 'GB') {
    throw failure('invalid_input', `HMRC answers GB numbers only, not ${target.vatNumber}`);
  }
  // hmrc.md §4.4: HMRC would answer 400 INVALID_REQUEST for GD/HA numbers; no need to ask.
  if (!VRN.test(target.national)) {
    throw failure(
      'invalid_input',
      `HMRC checks 9- or 12-digit numbers only, not ${target.vatNumber}`,
      'INVALID_REQUEST',
    );
  }
  return target.national;
}

function requesterVrnOf(requester: ParsedVatNumber): string {
  if (!acceptsRequester(requester)) {
    throw failure(
      'requester_rejected',
      `HMRC takes 9- or 12-digit GB requesters only, not ${requester.vatNumber}`,
    );
  }
  return requester.national;
}

/** hmrc.md §4.3: the token travels in a header, which the exchange does not record; declared anyway. */
function sendLookup(http: RegistryHttp, url: string, token: string): Promise<HttpAnswer> {
  return http.send({
    method: 'GET',
    url,
    headers: { accept: ACCEPT, authorization: `Bearer ${token}` },
    secrets: [token],
  });
}

/** hmrc.md §4.5: 200 = registered, 404 NOT_FOUND = not registered, everything else a failure. */
function readLookup(answer: HttpAnswer, target: string, verified: boolean): RegistryVerdict {
  if (answer.status === 200) return readRegistered(answer, target, verified);
  const error = errorBodyOf(answer.body);
  // Only the API's own NOT_FOUND means "not registered"; a gateway 404 (MATCHING_RESOURCE_NOT_FOUND,
  // or any other body) is a wrong URL, never an answer about the number.
  if (answer.status === 404 && error?.code === 'NOT_FOUND') return NOT_REGISTERED;
  throw lookupFailure(answer.status, error, verified);
}

/** hmrc.md §4.6: `target.name`, `target.address` and `processingDate` are required; verified adds the number. */
function readRegistered(answer: HttpAnswer, target: string, verified: boolean): RegistryVerdict {
  if (!isJson(answer.headers['content-type'])) throw failure('malformed', 'HMRC answered 200 without JSON');
  const body = parseJsonObject(answer.body);
  const company = body?.target;
  if (!isObject(company) || typeof company.name !== 'string' || !isObject(company.address)) {
    throw failure('malformed', 'HMRC answered 200 without target.name and target.address');
  }
  if (typeof body?.processingDate !== 'string')
    throw failure('malformed', 'HMRC answered 200 without processingDate');
  // A branch lookup may come back under its 9-digit VRN (hmrc.md §10.3), so compare the first nine digits.
  if (typeof company.vatNumber !== 'string' || company.vatNumber.slice(0, 9) !== target.slice(0, 9)) {
    throw failure('malformed', `HMRC answered for ${String(company.vatNumber)}, not ${target}`);
  }
  const consultation = typeof body.consultationNumber === 'string' ? body.consultationNumber.trim() : '';
  if (verified && consultation === '') {
    throw failure('malformed', 'HMRC answered a verified check without a consultationNumber');
  }
  return {
    valid: true,
    name: cleanText(company.name),
    address: addressOf(company.address),
    consultationNumber: verified ? consultation : null,
  };
}

/** Decisions §3: line1–line5 then the postcode, joined with ", " (countryCode is not part of the line). */
function addressOf(address: Record<string, unknown>): string | null {
  const parts = ['line1', 'line2', 'line3', 'line4', 'line5', 'postcode'].map((key) => {
    const value = address[key];
    if (value !== undefined && typeof value !== 'string') {
      throw failure('malformed', `HMRC answered a non-text address.${key}`);
    }
    return value;
  });
  return joinAddress(parts);
}

/** hmrc.md §4.7: branch on status and code together (INVALID_REQUEST is both a 400 and a 403). */
function lookupFailure(status: number, error: ErrorBody | undefined, verified: boolean): RegistryError {
  const code = error?.code ?? String(status);
  const said = `HMRC answered ${status}${error ? ` ${error.code}: ${error.message}` : ''}`;
  // hmrc.md §4.7: the gateway's 429 body is not valid JSON, so the status alone decides.
  if (status === 429) return failure('throttled', said, code);
  if (status >= 500) return failure('server_error', said, code);
  if (!error)
    return failure('malformed', `HMRC answered ${status} without its {code, message} error body`, code);
  if (status === 400 && error.code === 'INVALID_REQUEST') {
    if (error.message.includes('targetVrn')) return failure('invalid_input', said, code);
    if (verified && error.message.includes('requesterVrn')) return failure('requester_rejected', said, code);
  }
  if (status === 403 && error.code === 'INVALID_REQUEST' && verified)
    return failure('requester_rejected', said, code);
  // 401 after the retry, 403 RESOURCE_FORBIDDEN / INVALID_SCOPE: our application's access is refused.
  if (status === 401 || status === 403) return failure('auth', said, code);
  // 404 MATCHING_RESOURCE_NOT_FOUND, 405, 406 and the like: a protocol mismatch on our side.
  return failure('server_error', said, code);
}

interface ErrorBody {
  code: string;
  message: string;
}

/** hmrc.md §4.7: `{code, message}`; anything else (HTML from a proxy, the broken 429 template) is undefined. */
function errorBodyOf(text: string): ErrorBody | undefined {
  const body = parseJsonObject(text);
  if (typeof body?.code !== 'string') return undefined;
  return { code: body.code, message: typeof body.message === 'string' ? body.message : '' };
}

function isJson(contentType: string | string[] | undefined): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return /^application\/([a-z0-9.+-]*\+)?json\b/i.test((value ?? '').trim());
}
