import { type FieldMatch, hasTraderFields, type TraderFields } from '../matching/compare.js';
import type { ParsedVatNumber } from '../numbers/index.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from './http.js';
import {
  cleanText,
  joinAddress,
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryFailureKind,
  type RegistryMatch,
  type RegistryQuery,
  type RegistryVerdict,
} from './registry.js';
import { escapeXml, parseXml } from './xml.js';

/**
 * EU VIES over its SOAP service (checkVat, and checkVatApprox when a requester is given so the answer
 * carries a consultation number, or trader fields so the member state compares them). Section
 * numbers (§) refer to ../../shared/upstreams/vies.md; "approx §" to vies-approx-and-status.md.
 */

/** The real service's root (§1); the SOAP endpoint path is appended beneath it. */
export const DEFAULT_URL = 'https://ec.europa.eu/taxation_customs/vies';

/** `timeoutMs` is the whole call's budget: §5 reports member states answering in 14–16 s. */
export type Options = RegistryPoolOptions;

/** §1: production SOAP endpoint, below the root. */
const SERVICE_PATH = '/services/checkVatService';
const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** §2.1: every request element must be qualified with the types namespace. */
const TYPES_NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';

/** §4: the member states VIES serves, Greece as EL, plus XI (Northern Ireland). */
const VIES_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

/**
 * §2.7: every known faultstring and the failure kind it means. A fault is never "invalid" (§2.6):
 * INVALID_INPUT is the registry saying the number is malformed, everything else is "no verdict".
 */
const FAULT_KINDS: Readonly<Record<string, RegistryFailureKind>> = {
  INVALID_INPUT: 'invalid_input',
  INVALID_REQUESTER_INFO: 'requester_rejected',
  SERVICE_UNAVAILABLE: 'server_error',
  MS_UNAVAILABLE: 'server_error',
  // The member state did not answer VIES in time: VIES's own unavailability, not our client timeout.
  TIMEOUT: 'server_error',
  // Lookups of this number are blocked; not transient, and not a verdict on the number either.
  VAT_BLOCKED: 'server_error',
  // Our IP is blocked for abuse: an operator problem like refused credentials, and retrying makes it worse.
  IP_BLOCKED: 'auth',
  GLOBAL_MAX_CONCURRENT_REQ: 'throttled',
  GLOBAL_MAX_CONCURRENT_REQ_TIME: 'throttled',
  MS_MAX_CONCURRENT_REQ: 'throttled',
  MS_MAX_CONCURRENT_REQ_TIME: 'throttled',
  // Legacy WSDL only; a busy server is a concurrency limit by another name.
  SERVER_BUSY: 'throttled',
};

type Operation = 'checkVat' | 'checkVatApprox';

export function createViesRegistry(options: Options): Registry {
  const http = new RegistryHttp('vies', options);
  const url = joinUrl(options.baseUrl, SERVICE_PATH);
  const acceptsRequester = (requester: ParsedVatNumber): boolean =>
    VIES_COUNTRIES.has(viesCountry(requester));

  return {
    id: 'vies',
    acceptsRequester,
    async lookup(query: RegistryQuery): Promise<RegistryAnswer> {
      const requester = query.requester && acceptsRequester(query.requester) ? query.requester : undefined;
      const trader = query.trader && hasTraderFields(query.trader) ? query.trader : undefined;
      const operation: Operation = requester || trader ? 'checkVatApprox' : 'checkVat';
      const answer = await http.send({
        method: 'POST',
        url,
        // §2.2: Content-Type is mandatory since Aug 2022; SOAPAction must be empty.
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
        body: buildEnvelope(operation, query.target, requester, trader),
      });
      // The verdict rests on this one checkVat or checkVatApprox exchange.
      return { ...readAnswer(answer, operation, query.target, trader), exchange: answer.exchange };
    },
    close: () => http.close(),
  };
}

/** §4: Greece is EL in VIES; the service normalises to EL already, GR is accepted defensively. */
function viesCountry(number: ParsedVatNumber): string {
  const code = number.countryCode.toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

/**
 * The trader fields in the order approx §2.1 requires, under their SOAP names. A legal form is sent
 * only as a VIES code (`ES-3`): anything else breaks the schema, and the service compares it itself.
 */
const TRADER_ELEMENTS: ReadonlyArray<[keyof TraderFields, string]> = [
  ['trader_name', 'traderName'],
  ['trader_company_type', 'traderCompanyType'],
  ['trader_street', 'traderStreet'],
  ['trader_postcode', 'traderPostcode'],
  ['trader_city', 'traderCity'],
];
const COMPANY_TYPE_CODE = /^[A-Z]{2}-[1-9][0-9]?$/;

/** The trader fields VIES is sent: all given, but a legal form only as a VIES code. */
function sentTraderFields(trader: TraderFields): Array<[keyof TraderFields, string]> {
  return TRADER_ELEMENTS.filter(
    ([field]) =>
      trader[field] !== undefined &&
      (field !== 'trader_company_type' || COMPANY_TYPE_CODE.test(trader[field] ?? '')),
  );
}

/** §2.3/§2.5: elements in schema order; the national part is sent without its country prefix. */
function buildEnvelope(
  operation: Operation,
  target: ParsedVatNumber,
  requester?: ParsedVatNumber,
  trader?: TraderFields,
): string {
  const fields: Array<[string, string]> = [
    ['countryCode', viesCountry(target)],
    ['vatNumber', target.national.toUpperCase()],
  ];
  if (trader) for (const [field, element] of sentTraderFields(trader)) fields.push([element, trader[field]!]);
  if (requester) {
    fields.push(
      ['requesterCountryCode', viesCountry(requester)],
      ['requesterVatNumber', requester.national.toUpperCase()],
    );
  }
  const children = fields.map(([name, value]) => `<urn:${name}>${escapeXml(value)}</urn:${name}>`).join('');
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:urn="${TYPES_NS}">` +
    `<soapenv:Header/><soapenv:Body><urn:${operation}>${children}</urn:${operation}></soapenv:Body></soapenv:Envelope>`
  );
}

function readAnswer(
  answer: HttpAnswer,
  operation: Operation,
  target: ParsedVatNumber,
  trader?: TraderFields,
): RegistryVerdict {
  const body = soapBodyOf(answer);
  // §2.7: faults arrive with 200 or 500; a Fault element decides, whatever the status.
  if (body && 'Fault' in body) throw faultError(body.Fault);
  if (answer.status < 200 || answer.status > 299) throw statusError(answer.status);
  const result = body?.[`${operation}Response`];
  if (!isRecord(result)) throw malformed(`no ${operation}Response in the SOAP body`);
  const verdict = mapResult(result, operation, target);
  const match = verdict.valid && trader ? matchOf(result, trader) : undefined;
  return match ? { ...verdict, match } : verdict;
}

/** approx §2.2: matchCode 1 valid, 2 invalid, 3 not processed (an absent element counts as 3). */
const MATCH_CODES: Readonly<Record<string, FieldMatch>> = {
  '1': 'match',
  '2': 'mismatch',
  '3': 'not_processed',
};

/**
 * approx §2.2, §3: the member state's comparison of the fields sent; undefined when it compared
 * none (every code 3 or absent: the member state does not take part, and the service compares
 * what it returned). A code outside the enumeration makes the answer unusable.
 */
function matchOf(result: Record<string, unknown>, trader: TraderFields): RegistryMatch | undefined {
  const sent = new Set(sentTraderFields(trader).map(([field]) => field));
  const read = (field: keyof TraderFields, element: string): FieldMatch => {
    const text = textOf(result[`${element}Match`]);
    if (text === undefined || text.trim() === '') return 'not_processed';
    const outcome = MATCH_CODES[text.trim()];
    if (!outcome) throw malformed(`\`${element}Match\` is ${text.slice(0, 20)}`);
    // A code for a field that was not sent compares nothing we asked about.
    return sent.has(field) ? outcome : 'not_processed';
  };
  const match: RegistryMatch = {
    name: read('trader_name', 'traderName'),
    company_type: read('trader_company_type', 'traderCompanyType'),
    street: read('trader_street', 'traderStreet'),
    postcode: read('trader_postcode', 'traderPostcode'),
    city: read('trader_city', 'traderCity'),
  };
  return Object.values(match).some((outcome) => outcome !== 'not_processed') ? match : undefined;
}

/** The parsed `Envelope.Body`, or undefined when the body is not a SOAP envelope at all. */
function soapBodyOf(answer: HttpAnswer): Record<string, unknown> | undefined {
  let document: Record<string, unknown>;
  try {
    document = parseXml(answer.body);
  } catch (error) {
    // §2.7: an HTML error page or broken XML on a 5xx is the service failing, not a bad answer.
    if (answer.status >= 300) throw statusError(answer.status);
    throw malformed('the answer is not well-formed XML, or it declares a DTD', error);
  }
  const envelope = document.Envelope;
  const body = isRecord(envelope) ? envelope.Body : undefined;
  return isRecord(body) ? body : undefined;
}

/** §2.4/§2.5: `valid` is the only verdict; name and address only count for a valid number. */
function mapResult(
  result: Record<string, unknown>,
  operation: Operation,
  target: ParsedVatNumber,
): RegistryVerdict {
  const valid = readBoolean(textOf(result.valid));
  if (valid === undefined) throw malformed('`valid` is missing or not a boolean');
  if (textOf(result.requestDate) === undefined) throw malformed('`requestDate` is missing');
  checkEcho(result, target);
  if (!valid) return { valid: false, name: null, address: null, consultationNumber: null };
  const approx = operation === 'checkVatApprox';
  const address = textOf(approx ? result.traderAddress : result.address);
  return {
    valid: true,
    // §2.6: `---` and empty both mean withheld; cleanText/joinAddress turn them into null.
    name: cleanText(textOf(approx ? result.traderName : result.name)),
    // §2.6: address lines are separated by line breaks; decisions §3 wants one line.
    address: address === undefined ? null : joinAddress(address.split(/\r?\n/)),
    consultationNumber: approx ? cleanText(textOf(result.requestIdentifier)) : null,
  };
}

/**
 * §2.4: the answer must be about the number asked. The country echo is reliable. The vatNumber echo
 * has come back empty (2022 captures, incidents), so an empty or missing one is accepted; one naming
 * another number is not, or that number's verdict and name would be kept for ours.
 */
function checkEcho(result: Record<string, unknown>, target: ParsedVatNumber): void {
  const country = viesCountry(target);
  const echoedCountry = textOf(result.countryCode);
  if (echoedCountry !== country) throw malformed(`answer is for country ${echoedCountry ?? '(none)'}`);
  const echoed = compact(textOf(result.vatNumber) ?? '');
  const asked = compact(target.national);
  if (echoed !== '' && echoed !== asked)
    throw malformed(`answer is for ${country}${echoed}, not ${country}${asked}`);
}

/** A national part as compared with the echo: upper case, without spaces. */
function compact(national: string): string {
  return national.replace(/\s+/g, '').toUpperCase();
}

function faultError(fault: unknown): RegistryError {
  const code = isRecord(fault) ? (textOf(fault.faultstring) ?? '').trim() : '';
  const faultCode = isRecord(fault) ? textOf(fault.faultcode) : undefined;
  const kind = FAULT_KINDS[code];
  if (kind) return new RegistryError('vies', kind, `VIES fault ${code}`, code);
  // §2.7: unknown codes must be handled; they are no verdict, so the service is treated as failing.
  const label = code || faultCode || 'without faultstring';
  return new RegistryError('vies', 'server_error', `VIES fault ${label}`, code || faultCode);
}

function statusError(status: number): RegistryError {
  const kind: RegistryFailureKind =
    status === 429 ? 'throttled' : status === 401 || status === 403 ? 'auth' : 'server_error';
  return new RegistryError('vies', kind, `VIES answered HTTP ${status}`, String(status));
}

function malformed(reason: string, cause?: unknown): RegistryError {
  return new RegistryError('vies', 'malformed', `VIES answer unusable: ${reason}`, undefined, { cause });
}

/** xsd:boolean: `true`/`false`, also `1`/`0`. */
function readBoolean(text: string | undefined): boolean | undefined {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

/** Element text; a nil element (`xsi:nil="true"`, parsed as attributes only) counts as empty. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) return typeof value['#text'] === 'string' ? value['#text'] : '';
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
