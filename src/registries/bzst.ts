/**
 * Germany's federal tax office (Bundeszentralamt für Steuern) confirmation service, eVatR, over
 * its REST interface: a German VAT number holder asks it to confirm a foreign EU number and, in
 * a qualified request, to compare the company name, city, postcode and street with what the
 * member state holds. Section numbers (§) refer to ../../shared/upstreams/de-bzst-evatr.md.
 * Asked only with BZST_ENABLED, by the registry stage (src/validation/registry-call.ts).
 */
import type { FieldMatch } from '../matching/compare.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import { failureOf, isObject, jsonObjectOf, textOf, tryParseJson, unreadable } from './fallbacks/json.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from './http.js';
import type {
  Registry,
  RegistryAnswer,
  RegistryFailureKind,
  RegistryMatch,
  RegistryVerdict,
} from './registry.js';

/** §1: the REST service's root; `/app/v1/abfrage` is appended beneath it. */
export const DEFAULT_URL = 'https://api.evatr.vies.bzst.de';

export type Options = RegistryPoolOptions;

/** §3.4, §5: the codes that mean the foreign number is valid, and those that mean it is not. */
const VALID_CODES: ReadonlySet<string> = new Set(['evatr-0000', 'evatr-0003', 'evatr-2008']);
const INVALID_CODES: ReadonlySet<string> = new Set([
  'evatr-2001',
  'evatr-2002',
  'evatr-2006',
  'evatr-0005',
  'evatr-0012',
  'evatr-2003',
]);

/**
 * §3.4, §5: the codes that give no verdict, and what kind of failure each is. The requester's own
 * number refused is the caller's problem, not the service's; the rest is the office unavailable.
 */
const FAILURE_CODES: Readonly<Record<string, RegistryFailureKind>> = {
  'evatr-0002': 'malformed',
  'evatr-0004': 'requester_rejected',
  'evatr-0006': 'requester_rejected',
  'evatr-0007': 'malformed',
  'evatr-0008': 'throttled',
  'evatr-0011': 'server_error',
  'evatr-0013': 'server_error',
  'evatr-1001': 'server_error',
  'evatr-1002': 'server_error',
  'evatr-1003': 'server_error',
  'evatr-1004': 'server_error',
  'evatr-2004': 'server_error',
  'evatr-2005': 'requester_rejected',
  'evatr-2007': 'server_error',
  'evatr-2011': 'server_error',
  'evatr-3011': 'server_error',
};

/** §2: A matches, B does not, C was not asked, D the member state did not supply. */
const LETTERS: Readonly<Record<string, FieldMatch>> = {
  A: 'match',
  B: 'mismatch',
  C: 'not_processed',
  D: 'not_processed',
};

const failure = failureOf('bzst');

export function createBzstRegistry(options: Options): Registry {
  const http = new RegistryHttp('bzst', options);
  const url = joinUrl(options.baseUrl, '/app/v1/abfrage');
  const acceptsRequester = (requester: ParsedVatNumber) => requester.countryCode === 'DE';
  return {
    id: 'bzst',
    acceptsRequester,
    async lookup({ target, requester, trader }): Promise<RegistryAnswer> {
      if (!requester || !acceptsRequester(requester))
        throw failure('requester_rejected', 'the federal tax office answers German requesters only');
      // §5: never for German numbers (evatr-0006); VIES answers those.
      if (target.countryCode === 'DE')
        throw failure('invalid_input', 'German numbers are not confirmed here');
      const body: Record<string, string> = {
        anfragendeUstid: requester.vatNumber,
        angefragteUstid: target.vatNumber,
      };
      // §3.1: the qualified part needs name and city; postcode and street are optional.
      if (trader?.trader_name) body.firmenname = trader.trader_name;
      if (trader?.trader_city) body.ort = trader.trader_city;
      if (trader?.trader_postcode) body.plz = trader.trader_postcode;
      if (trader?.trader_street) body.strasse = trader.trader_street;
      const answer = await http.send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return { ...interpret(answer), exchange: answer.exchange };
    },
    close: () => http.close(),
  };
}

/** §3.2-§3.4: every answer, errors included, is a JSON object with `status`; its code decides. */
function interpret(answer: HttpAnswer): RegistryVerdict {
  const body = jsonObjectOf(answer) ?? lenientJson(answer);
  const status = textOf(body?.status);
  if (!body || !/^evatr-\d{4}$/.test(status) || textOf(body.anfrageZeitpunkt) === '')
    throw unreadable('bzst', answer, 'no JSON object with `status` and `anfrageZeitpunkt`');
  if (VALID_CODES.has(status)) {
    if (answer.status !== 200 && status === 'evatr-0000')
      throw unreadable('bzst', answer, `${status} with HTTP ${answer.status}`);
    const match = matchOf(body);
    return { valid: true, name: null, address: null, consultationNumber: null, ...(match ? { match } : {}) };
  }
  if (INVALID_CODES.has(status)) return { valid: false, name: null, address: null, consultationNumber: null };
  const kind = FAILURE_CODES[status];
  if (kind) throw failure(kind, `the federal tax office answered ${status}`, status);
  // §3.4: an unknown code is judged by the HTTP status: 5xx unavailable, anything else no verdict.
  throw failure(
    answer.status >= 500 ? 'server_error' : 'malformed',
    `the federal tax office answered an unknown code ${status}`,
    status,
  );
}

/** The body as JSON when the content type is missing or wrong but the bytes are a JSON object. */
function lenientJson(answer: HttpAnswer) {
  const parsed = tryParseJson(answer.body);
  return isObject(parsed) ? parsed : undefined;
}

/**
 * §2, §3.2: the field results of a qualified request; undefined when it was not qualified or no
 * field was compared (only C and D). A letter outside A-D makes the whole answer unusable.
 */
function matchOf(body: Record<string, unknown>): RegistryMatch | undefined {
  const read = (key: string): FieldMatch => {
    const value = body[key];
    if (value === undefined || value === null || value === '') return 'not_processed';
    const outcome = typeof value === 'string' ? LETTERS[value.trim().toUpperCase()] : undefined;
    if (!outcome)
      throw failure('malformed', `the federal tax office answered ${key} ${String(value).slice(0, 20)}`);
    return outcome;
  };
  const match: RegistryMatch = {
    name: read('ergFirmenname'),
    company_type: 'not_processed',
    street: read('ergStrasse'),
    postcode: read('ergPlz'),
    city: read('ergOrt'),
  };
  return Object.values(match).some((outcome) => outcome !== 'not_processed') ? match : undefined;
}
