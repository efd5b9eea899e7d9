/**
 * Client for the Swiss UID register public web service (UID-WSE V5.0, SOAP 1.1): CH numbers.
 * Protocol notes: /work/shared/upstreams/ch-uid.md, cited below as "ch-uid §n".
 *
 * Why two operations (ch-uid §5): validity comes from `ValidateVatNumber`, the register's own answer
 * to "is this UID registered for VAT (MWST) and active" (ch-uid §4.1). `GetByUID` alone would save a
 * call, but deciding validity from its `vatRegisterInformation` rests on a rule the notes mark as our
 * own inference (ch-uid §4.5: `vatStatus` 2 alone does not mean "registered", see the deleted-entity
 * capture). `GetByUID` is then asked only for a valid number, for the name and address, so an invalid
 * number costs one of the 20 calls per minute (ch-uid §7) and a valid one two.
 *
 * Which exchange is the evidence: the `ValidateVatNumber` one.
 * It is the register saying "registered for VAT and active" or not, which is the verdict a record
 * proves; every CH answer has it, valid or not, so all CH records carry the same operation; and
 * `GetByUID`'s reply proves validity only through our own inference (ch-uid §4.5). What it leaves
 * unproven is the name and address of a valid number, which come from `GetByUID`.
 */
import type { ParsedVatNumber } from '../numbers/index.js';
import { type HttpAnswer, RegistryHttp, type RegistryPoolOptions } from './http.js';
import {
  cleanText,
  joinAddress,
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryExchange,
  type RegistryFailureKind,
  type RegistryVerdict,
} from './registry.js';
import { escapeXml, parseXml } from './xml.js';

/** The production endpoint (ch-uid §1). SOAP posts go to the endpoint itself, so this is the whole URL. */
export const DEFAULT_URL = 'https://www.uid-wse.admin.ch/V5.0/PublicServices.svc';

/**
 * `baseUrl` is the `.svc` endpoint itself (DEFAULT_URL, or the simulator's
 * `<base>/uid/V5.0/PublicServices.svc`); `timeoutMs` is per SOAP call (a valid number makes two).
 */
export type Options = RegistryPoolOptions;

type Operation = 'ValidateVatNumber' | 'GetByUID';
type XmlNode = Record<string, unknown>;
/** An operation's `{Operation}Response` element, and the exchange it was read from. */
type Reply = { response: XmlNode; exchange: RegistryExchange };

// ch-uid §3: operation wrappers in `uid`, the UID structure's children in eCH-0097 V5.
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const UID_NS = 'http://www.uid.admin.ch/xmlns/uid-wse';
const ECH_0097_NS = 'http://www.ech.ch/xmlns/eCH-0097/5';
// ch-uid §2: SOAPAction is required and names the operation.
const ACTION_PREFIX = 'http://www.uid.admin.ch/xmlns/uid-wse/IPublicServices/';

const NOT_VALID: RegistryVerdict = { valid: false, name: null, address: null, consultationNumber: null };

export function createUidRegistry(options: Options): Registry {
  const http = new RegistryHttp('uid', options);
  const url = options.baseUrl.replace(/\/+$/, '');

  const call = async (operation: Operation, content: string): Promise<Reply> => {
    const answer = await http.send({
      method: 'POST',
      url,
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        accept: 'text/xml',
        soapaction: `"${ACTION_PREFIX}${operation}"`,
      },
      body: envelope(operation, content),
    });
    return { response: readResponse(operation, answer), exchange: answer.exchange };
  };

  return {
    id: 'uid',
    // ValidateVatNumber, then GetByUID for a valid number: both count against the register's limit.
    requestsPerLookup: 2,
    async lookup(query): Promise<RegistryAnswer> {
      const digits = uidDigitsOf(query.target);
      // The evidence is the ValidateVatNumber exchange, valid or not (see the top of this file).
      const { valid, exchange } = await validateVatNumber(call, digits);
      if (!valid) return { ...NOT_VALID, exchange };
      const organisation = await getByUid(call, digits);
      return {
        valid: true,
        name: organisation ? organisationName(organisation) : null,
        address: organisation ? organisationAddress(organisation) : null,
        consultationNumber: null,
        exchange,
      };
    },
    // decisions §3: the UID register never gives consultation numbers.
    acceptsRequester: () => false,
    close: () => http.close(),
  };
}

type Call = (operation: Operation, content: string) => Promise<Reply>;

/** ch-uid §4.1: `true` = registered for Swiss VAT and active. Anything but true/false is malformed. */
async function validateVatNumber(
  call: Call,
  digits: string,
): Promise<{ valid: boolean; exchange: RegistryExchange }> {
  const { response, exchange } = await call(
    'ValidateVatNumber',
    `<uid:vatNumber>${escapeXml(canonicalVatNumber(digits))}</uid:vatNumber>`,
  );
  const result = textOf(response.ValidateVatNumberResult);
  if (result === 'true') return { valid: true, exchange };
  if (result === 'false') return { valid: false, exchange };
  throw malformed(`ValidateVatNumberResult is ${JSON.stringify(result)}, not a boolean`);
}

/**
 * ch-uid §4.2: the entity for this UID, or null when the result is empty. An empty result after
 * ValidateVatNumber said true means the register keeps the details to itself (a non-public entry):
 * the number is valid and the name and address are withheld, which decisions §3 answers with nulls.
 */
async function getByUid(call: Call, digits: string): Promise<XmlNode | null> {
  const { response } = await call(
    'GetByUID',
    '<uid:uid>' +
      '<e97:uidOrganisationIdCategorie>CHE</e97:uidOrganisationIdCategorie>' +
      `<e97:uidOrganisationId>${digits}</e97:uidOrganisationId>` +
      '</uid:uid>',
  );
  if (!('GetByUIDResult' in response)) throw malformed('GetByUIDResponse has no GetByUIDResult');
  const result = response.GetByUIDResult;
  if (result === '') return null;
  const entries = asList(asNode(result)?.organisationType);
  if (entries.length === 0) throw malformed('GetByUIDResult holds no organisationType');
  const match = entries.find((entry) => uidOf(entry) === digits);
  if (!match) throw malformed(`GetByUIDResult does not hold CHE${digits}`);
  return match;
}

/** ch-uid §5: `organisationName` is the name to return (legal name and trade name are not). */
function organisationName(entry: XmlNode): string | null {
  const identification = asNode(asNode(entry.organisation)?.organisationIdentification);
  return cleanText(textOf(identification?.organisationName));
}

/**
 * ch-uid §5: the LEGAL address, else the first, as one line (decisions §3): extra address lines,
 * `street houseNumber` (or the post office box), `zip town`, and the country only outside CH.
 */
function organisationAddress(entry: XmlNode): string | null {
  const addresses = asList(asNode(entry.organisation)?.address);
  const address = addresses.find((item) => textOf(item.addressCategory) === 'LEGAL') ?? addresses[0];
  if (!address) return null;
  const field = (name: string) => cleanText(textOf(address[name])) ?? '';
  const box = field('postOfficeBoxNumber');
  const country = field('countryIdISO2');
  return joinAddress([
    field('addressLine1'),
    field('addressLine2'),
    field('street') ? `${field('street')} ${field('houseNumber')}` : box && `Postfach ${box}`,
    `${field('swissZipCode') || field('foreignZipCode')} ${field('town')}`,
    country !== 'CH' ? country : '',
  ]);
}

function uidOf(entry: XmlNode): string | null {
  const identification = asNode(asNode(entry.organisation)?.organisationIdentification);
  const uid = asNode(identification?.uid);
  if (!uid || textOf(uid.uidOrganisationIdCategorie) !== 'CHE') return null;
  // xs:nonNegativeInteger (ch-uid §4.2): tolerate a server that drops leading zeros.
  return textOf(uid.uidOrganisationId).padStart(9, '0');
}

/**
 * The nine UID digits from the service's normalised form (national `E` + 9 digits + `MWST`,
 * registry.ts). Anything else never reaches the register: it is the caller's malformed input.
 */
function uidDigitsOf(target: ParsedVatNumber): string {
  const match = /^E([0-9]{9})(MWST|TVA|IVA|TPV)?$/.exec(target.national);
  if (target.countryCode !== 'CH' || !match) {
    throw new RegistryError('uid', 'invalid_input', `${target.vatNumber} is not a Swiss VAT number`);
  }
  return match[1];
}

/** ch-uid §4.1 and §8: always send the canonical `CHE-123.456.789 MWST`. */
function canonicalVatNumber(digits: string): string {
  return `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)} MWST`;
}

/** ch-uid §4.1/§4.2 request layout; every parameter is namespace-qualified (elementFormDefault). */
function envelope(operation: Operation, content: string): string {
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:uid="${UID_NS}" xmlns:e97="${ECH_0097_NS}">` +
    `<soapenv:Header/><soapenv:Body><uid:${operation}>${content}</uid:${operation}></soapenv:Body>` +
    '</soapenv:Envelope>'
  );
}

/**
 * The `{Operation}Response` wrapper of a 200 answer. A SOAP fault wins whatever the status
 * (ch-uid §6: HTTP 500); a non-200 without a readable fault is the status's failure (ch-uid §5);
 * a 200 we cannot read, such as an HTML maintenance page (ch-uid §7), is malformed.
 */
function readResponse(operation: Operation, answer: HttpAnswer): XmlNode {
  const body = soapBodyOf(answer.body);
  const fault = asNode(body?.Fault);
  if (fault) throw faultError(fault);
  if (answer.status !== 200) throw statusError(answer.status);
  if (!body) throw malformed(`${operation} answer is not a SOAP envelope`);
  const response = asNode(body[`${operation}Response`]);
  if (!response) throw malformed(`${operation} answer has no ${operation}Response`);
  return response;
}

function soapBodyOf(text: string): XmlNode | null {
  try {
    return asNode(asNode(parseXml(text).Envelope)?.Body);
  } catch {
    return null;
  }
}

/**
 * ch-uid §6: the business error is `detail/businessFault/error` (V5; V3 spelled it `BusinessFault/Error`),
 * else the `faultstring`. Request_limit_exceeded is throttling; Data_validation_failed is the register
 * saying the number itself is malformed; a `securityFault` refuses us; anything else (other business
 * errors, `infrastructureFault`, WCF's own `a:ActionNotSupported`...) is the service failing.
 */
function faultError(fault: XmlNode): RegistryError {
  const detail = asNode(fault.detail) ?? {};
  const detailName = ['businessFault', 'securityFault', 'infrastructureFault', 'BusinessFault'].find(
    (name) => name in detail,
  );
  const payload = detailName ? (asNode(detail[detailName]) ?? {}) : {};
  const faultCode = textOf(fault.faultcode).replace(/^.*:/, '');
  const faultString = textOf(fault.faultstring);
  // Business faults repeat the error token as faultstring; WCF's own faults put prose there.
  const error = textOf(payload.error ?? payload.Error) || (/^\w+$/.test(faultString) ? faultString : '');
  const errorDetail = textOf(payload.errorDetail ?? payload.ErrorDetail) || (error ? '' : faultString);
  let kind: RegistryFailureKind = 'server_error';
  if (error === 'Request_limit_exceeded') kind = 'throttled';
  else if (error === 'Data_validation_failed') kind = 'invalid_input';
  else if (detailName === 'securityFault') kind = 'auth';
  const message = `UID register fault ${faultCode}: ${[error, errorDetail].filter(Boolean).join(': ')}`;
  return new RegistryError('uid', kind, message, error || faultCode || undefined);
}

/** A gateway's 429 is throttling; every other non-200 without a SOAP fault is the service failing. */
function statusError(status: number): RegistryError {
  const kind: RegistryFailureKind = status === 429 ? 'throttled' : 'server_error';
  return new RegistryError(
    'uid',
    kind,
    `UID register answered HTTP ${status} without a SOAP fault`,
    `HTTP ${status}`,
  );
}

function malformed(message: string): RegistryError {
  return new RegistryError('uid', 'malformed', `UID register answer unusable: ${message}`);
}

/** Element text: the parser gives a string, or an object with `#text` when the element has attributes. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = asNode(value);
  return node && typeof node['#text'] === 'string' ? node['#text'] : '';
}

function asNode(value: unknown): XmlNode | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : null;
}

function asList(value: unknown): XmlNode[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map(asNode).filter((item): item is XmlNode => item !== null);
}
