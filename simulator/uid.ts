/**
 * Simulator module for the Swiss UID register web service (UID-WSE V5.0, SOAP 1.1), wire-compatible
 * with /work/shared/upstreams/ch-uid.md (cited as "ch-uid §n") and its captures in fixtures/ch/.
 * Endpoint: POST `/uid/V5.0/PublicServices.svc` (the server strips `/uid`), as in server.ts env().
 *
 * Seeded companies (normalised numbers; all pass the eCH-0097 check digit, ch-uid §8):
 *   CHE100000006MWST  Muster AG, Musterstrasse 1, 3000 Bern: VAT-registered, active (name and address).
 *   CHE100000012MWST  Exemple Sàrl, c/o Fiduciaire Léman SA, Rue du Marché 12, 1204 Genève: VAT-registered,
 *                     active; an extra address line and non-ASCII text.
 *   CHE100000029MWST  Verein Beispiel, Bahnhofplatz 5, 8001 Zürich: UID exists, never VAT-registered
 *                     (vatRegistered false; no vatRegisterInformation). ValidateVatNumber false.
 *   CHE100000035MWST  Alt Handel GmbH, Hauptgasse 7, 4500 Solothurn: UID active, VAT deregistered
 *                     (vatStatus 2, vatEntryStatus 2, vatLiquidationDate 2020-12-31). ValidateVatNumber false.
 *   CHE100000041MWST  Atelier Beispiel, Ackeretstrasse 19, 8400 Winterthur: deleted entity (uidregStatus 5,
 *                     commercial register entry deleted, VAT liquidated 2015-03-31), laid out like the
 *                     captured fixture get-by-uid-v5-deleted-entity-vat-liquidated. ValidateVatNumber false.
 *   CHE100000058MWST  VAT-registered, active, name and address withheld (empty organisationName, no address,
 *                     uidregPublicStatus 0). The client answers valid with name and address null.
 *   CHE100000064MWST  Nordlicht Software GmbH, Friedrichstrasse 100, 10115 Berlin, DE: a foreign company
 *                     registered for Swiss VAT (foreignZipCode, countryIdISO2 DE). Valid.
 * Any other well-formed number is "not registered": ValidateVatNumber false, GetByUID an empty result.
 * A number with a wrong check digit gets the register's Data_validation_failed fault.
 *
 * SimCompany.extra for CH (all optional): legalForm (default 0106), additionalName,
 * uidregStatusEnterpriseDetail (default 3; 5/6/7 = deleted), uidregPublicStatus (default 1),
 * vatEntryDate (default 2014-01-01), vatLiquidationDate, countryIdISO2 (default CH),
 * municipalityId, cantonAbbreviation, egid.
 * addressLines: optional extra lines (c/o...), then `street houseNumber`, and last `zip town`.
 *
 * Fault codes (mode `fault`): Request_limit_exceeded, Data_validation_failed (businessFault, ch-uid §6),
 * securityFault, infrastructureFault (contract faults, shape per ch-uid §4/§6, uncertain),
 * ActionNotSupported (WCF, ch-uid §2), 415 (WCF content-type refusal). Unknown codes: infrastructureFault.
 * Mode `wrong_number`: ValidateVatNumber and GetByUID answer for another VAT-active company (the
 * GetByUID result then holds that company's UID). Mode `doctype`: GetByUID, the answer that carries
 * the name, has a DTD in front whose entity is used as organisationName; ValidateVatNumber is as usual.
 * Operations: ValidateVatNumber, GetByUID, ValidateUID. Search and GetOrganisationSample are part of
 * the contract but not simulated (they answer the generic infrastructureFault).
 */
import { XMLParser } from 'fast-xml-parser';
import { escapeXml } from '../src/registries/xml.js';
import { withDoctype } from './doctype.js';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const UID_NS = 'http://www.uid.admin.ch/xmlns/uid-wse';
const SHARED_NS = 'http://www.uid.admin.ch/xmlns/uid-wse-shared/2';
const ECH_0097 = 'http://www.ech.ch/xmlns/eCH-0097/5';
const ECH_0098 = 'http://www.ech.ch/xmlns/eCH-0098/5';
const ECH_0108 = 'http://www.ech.ch/xmlns/eCH-0108/5';
const ACTION_PREFIX = 'http://www.uid.admin.ch/xmlns/uid-wse/IPublicServices/';
const ENDPOINT = '/v5.0/publicservices.svc';
// ch-uid §2: WCF answers text/xml for successes and faults alike.
const XML_HEADERS = { 'content-type': 'text/xml; charset=utf-8' };
const OPERATIONS = [
  'ValidateVatNumber',
  'GetByUID',
  'ValidateUID',
  'Search',
  'GetOrganisationSample',
] as const;
type Operation = (typeof OPERATIONS)[number];

const seed: SimCompany[] = [
  company('100000006', 'Muster AG', ['Musterstrasse 1', '3000 Bern'], true, {
    municipalityId: '351',
    cantonAbbreviation: 'BE',
  }),
  company('100000012', 'Exemple Sàrl', ['c/o Fiduciaire Léman SA', 'Rue du Marché 12', '1204 Genève'], true, {
    legalForm: '0107',
  }),
  company('100000029', 'Verein Beispiel', ['Bahnhofplatz 5', '8001 Zürich'], false, { legalForm: '0109' }),
  company('100000035', 'Alt Handel GmbH', ['Hauptgasse 7', '4500 Solothurn'], false, {
    legalForm: '0107',
    vatEntryDate: '2014-01-01',
    vatLiquidationDate: '2020-12-31',
  }),
  company('100000041', 'Atelier Beispiel', ['Ackeretstrasse 19', '8400 Winterthur'], false, {
    legalForm: '0101',
    additionalName: 'atelier beispiel',
    uidregStatusEnterpriseDetail: '5',
    vatEntryDate: '2013-01-01',
    vatLiquidationDate: '2015-03-31',
    municipalityId: '230',
    cantonAbbreviation: 'ZH',
    egid: '1152573',
  }),
  company('100000058', '', [], true, { uidregPublicStatus: '0' }),
  company('100000064', 'Nordlicht Software GmbH', ['Friedrichstrasse 100', '10115 Berlin'], true, {
    legalForm: '0107',
    countryIdISO2: 'DE',
  }),
];

export const uidSim: SimRegistry = {
  id: 'uid',
  seed,
  handle,
  fault: (code, request) => faultResponse(code, operationOf(request) ?? 'ValidateVatNumber'),
  malformed: () => ({
    status: 200,
    headers: XML_HEADERS,
    body: successEnvelope(`<ValidateVatNumberResponse xmlns="${UID_NS}"><ValidateVatNumberResult>tr`),
  }),
  wrongNumber(request, context) {
    const usual = handle(request, context);
    const call = readCall(request);
    const other = call?.digits && usual.status === 200 ? otherVatActive(call.digits, context) : undefined;
    if (!call || !other) return usual;
    const swapped = { ...call, digits: other.vatNumber.slice(3, 12) };
    if (call.operation === 'GetByUID') return getByUid(swapped, context);
    if (call.operation === 'ValidateVatNumber') return validateVatNumber(swapped, context);
    return usual;
  },
  doctype(request, context) {
    const usual = handle(request, context);
    if (operationOf(request) !== 'GetByUID') return usual;
    return { ...usual, body: withDoctype(usual.body, 'organisationName') };
  },
  numberOf: (request) => {
    const call = readCall(request);
    return call?.digits ? `CHE${call.digits}MWST` : null;
  },
};

function company(
  digits: string,
  name: string,
  addressLines: string[],
  vatRegistered: boolean,
  extra: Record<string, string> = {},
): SimCompany {
  return { vatNumber: `CHE${digits}MWST`, name, addressLines, vatRegistered, extra };
}

// ---------------------------------------------------------------------------------------------
// Dispatch (ch-uid §10): one POST endpoint, text/xml only, operation chosen by SOAPAction.

function handle(request: SimRequest, context: SimContext): SimResponse {
  if (request.path.toLowerCase() !== ENDPOINT) {
    return {
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Not Found</body></html>',
    };
  }
  if (request.method !== 'POST') {
    return {
      status: 405,
      headers: { allow: 'POST', 'content-type': 'text/plain' },
      body: 'Method Not Allowed',
    };
  }
  // ch-uid §2: SOAP 1.2 (application/soap+xml) or any other type is refused with 415 before dispatch.
  if (!/^text\/xml\b/i.test(headerOf(request, 'content-type')))
    return faultResponse('415', 'ValidateVatNumber');
  const operation = operationOf(request);
  if (!operation) return actionNotSupported(soapActionOf(request));
  const body = soapBodyChild(request.body);
  // WCF answers a message that is not well-formed XML with a bare 400 [inferred].
  if (body === undefined) return { status: 400, headers: {}, body: '' };
  if (!body || body.ns !== UID_NS || body.name !== operation) return deserializationFailed(operation, body);
  const call = readCall(request);
  switch (operation) {
    case 'ValidateVatNumber':
      return validateVatNumber(call, context);
    case 'GetByUID':
      return getByUid(call, context);
    case 'ValidateUID':
      return validateUid(call, context);
    default:
      return faultResponse('infrastructureFault', operation);
  }
}

/** ch-uid §4.1: true exactly when the derived VAT rule of §4.5 holds for a known entity. */
function validateVatNumber(call: Call | null, context: SimContext): SimResponse {
  if (!call?.digits || !hasValidCheckDigit(call.digits)) return invalidInput();
  const entity = context.company(`CHE${call.digits}MWST`);
  return booleanResponse('ValidateVatNumber', entity !== undefined && isVatActive(entity));
}

/** ch-uid §4.2: an empty result for an unknown UID, the §4.3 layout for a known one. */
function getByUid(call: Call | null, context: SimContext): SimResponse {
  if (!call?.digits || !hasValidCheckDigit(call.digits)) return invalidInput();
  const entity = call.category === 'CHE' ? context.company(`CHE${call.digits}MWST`) : undefined;
  const result = entity
    ? `<GetByUIDResult>${organisationType(call.digits, entity)}</GetByUIDResult>`
    : '<GetByUIDResult/>';
  return { status: 200, headers: XML_HEADERS, body: successEnvelope(wrap('GetByUIDResponse', result)) };
}

/** ch-uid §4.6: semantics undocumented; here "known and not deleted". */
function validateUid(call: Call | null, context: SimContext): SimResponse {
  if (!call?.digits || !hasValidCheckDigit(call.digits)) return invalidInput();
  const entity = context.company(`CHE${call.digits}MWST`);
  return booleanResponse('ValidateUID', entity !== undefined && !isDeleted(entity));
}

/** Mode `wrong_number`: a VAT-active company the register holds under other digits than `digits`. */
function otherVatActive(digits: string, context: SimContext): SimCompany | undefined {
  const asked = `CHE${digits}MWST`;
  return context
    .companies()
    .find(
      (entity) => entity.vatNumber.startsWith('CHE') && entity.vatNumber !== asked && isVatActive(entity),
    );
}

/** ch-uid §4.1/§4.2: a missing parameter, a bad form or a wrong check digit, never a plain false. */
function invalidInput(): SimResponse {
  return serviceFault(faultShapeOf('Data_validation_failed', 'Data validation'));
}

function booleanResponse(operation: Operation, value: boolean): SimResponse {
  const inner = `<${operation}Result>${value}</${operation}Result>`;
  return { status: 200, headers: XML_HEADERS, body: successEnvelope(wrap(`${operation}Response`, inner)) };
}

// ---------------------------------------------------------------------------------------------
// Reading requests: namespace-aware, because the real service binds parameters by namespace
// (ch-uid §3: elementFormDefault qualified) and V3-namespaced children count as missing (§3.1).

interface Call {
  operation: Operation;
  /** Nine UID digits, or null when the parameter is missing or not a UID of the accepted forms. */
  digits: string | null;
  category: string;
}

function readCall(request: SimRequest): Call | null {
  const operation = operationOf(request);
  const wrapper = soapBodyChild(request.body);
  if (!operation || !wrapper || wrapper.ns !== UID_NS || wrapper.name !== operation) return null;
  const parameter = childOf(wrapper, UID_NS, operation === 'ValidateVatNumber' ? 'vatNumber' : 'uid');
  if (!parameter) return { operation, digits: null, category: '' };
  if (operation === 'ValidateVatNumber') {
    // ch-uid §4.1: `CHE-123.456.789 MWST` or `CHE123456789 MWST`, suffix MWST, TVA or IVA.
    const match = /^CHE(?:-([0-9]{3})\.([0-9]{3})\.([0-9]{3})|([0-9]{9})) (?:MWST|TVA|IVA)$/.exec(
      parameter.text,
    );
    return {
      operation,
      digits: match ? (match[4] ?? `${match[1]}${match[2]}${match[3]}`) : null,
      category: 'CHE',
    };
  }
  if (operation === 'ValidateUID') {
    const match = /^CHE(?:-([0-9]{3})\.([0-9]{3})\.([0-9]{3})|([0-9]{9}))$/.exec(parameter.text);
    return {
      operation,
      digits: match ? (match[4] ?? `${match[1]}${match[2]}${match[3]}`) : null,
      category: 'CHE',
    };
  }
  // GetByUID: eCH-0097 uidStructureType; the id is xs:nonNegativeInteger (ch-uid §4.2).
  const category = childOf(parameter, ECH_0097, 'uidOrganisationIdCategorie')?.text ?? '';
  const id = childOf(parameter, ECH_0097, 'uidOrganisationId')?.text ?? '';
  const valid = /^(CHE|ADM)$/.test(category) && /^[0-9]{1,9}$/.test(id);
  return { operation, digits: valid ? id.padStart(9, '0') : null, category };
}

function operationOf(request: SimRequest): Operation | null {
  const action = soapActionOf(request);
  return OPERATIONS.find((operation) => action === `${ACTION_PREFIX}${operation}`) ?? null;
}

/** ch-uid §2: quoted and unquoted SOAPAction values both work. */
function soapActionOf(request: SimRequest): string {
  return headerOf(request, 'soapaction')
    .trim()
    .replace(/^"(.*)"$/, '$1');
}

function headerOf(request: SimRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

interface XmlElement {
  ns: string;
  name: string;
  text: string;
  children: XmlElement[];
}

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
});

/** The element inside `Envelope/Body`; null when there is none, undefined when the XML is not well-formed. */
function soapBodyChild(xml: string): XmlElement | null | undefined {
  let root: XmlElement | undefined;
  try {
    root = toElements(orderedParser.parse(xml, true) as unknown[], new Map())[0];
  } catch {
    return undefined;
  }
  if (!root || root.ns !== SOAP_NS || root.name !== 'Envelope') return null;
  return childOf(root, SOAP_NS, 'Body')?.children[0] ?? null;
}

/** Turns fast-xml-parser's ordered output into elements with resolved namespace URIs. */
function toElements(nodes: unknown[], scope: Map<string, string>): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes as Array<Record<string, unknown>>) {
    const tag = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
    if (!tag) continue;
    const inner = new Map(scope);
    for (const [key, value] of Object.entries((node[':@'] ?? {}) as Record<string, string>)) {
      if (key === 'xmlns') inner.set('', value);
      else if (key.startsWith('xmlns:')) inner.set(key.slice(6), value);
    }
    const [prefix, name] = tag.includes(':') ? tag.split(':', 2) : ['', tag];
    const children = (node[tag] ?? []) as Array<Record<string, unknown>>;
    elements.push({
      ns: inner.get(prefix) ?? '',
      name,
      text: children.map((child) => (typeof child['#text'] === 'string' ? child['#text'] : '')).join(''),
      children: toElements(children, inner),
    });
  }
  return elements;
}

function childOf(element: XmlElement, ns: string, name: string): XmlElement | undefined {
  return element.children.find((child) => child.ns === ns && child.name === name);
}

// ---------------------------------------------------------------------------------------------
// Register rules (ch-uid §4.5, §8).

/** eCH-0097 check digit: weights 5 4 3 2 7 6 5 4, c = 11 − (s mod 11), 11 → 0, 10 never issued. */
function hasValidCheckDigit(digits: string): boolean {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[8]);
}

function isDeleted(entity: SimCompany): boolean {
  return ['5', '6', '7'].includes(extraOf(entity, 'uidregStatusEnterpriseDetail', '3'));
}

/** ch-uid §4.5 derived rule, so ValidateVatNumber and GetByUID always agree. */
function isVatActive(entity: SimCompany): boolean {
  const liquidation = extraOf(entity, 'vatLiquidationDate', '');
  const liquidated = liquidation !== '' && liquidation <= new Date().toISOString().slice(0, 10);
  return entity.vatRegistered && !isDeleted(entity) && !liquidated;
}

/** Registered now, or once (a liquidation date): the register then keeps a VAT entry. */
function hasVatEntry(entity: SimCompany): boolean {
  return entity.vatRegistered || entity.extra?.vatLiquidationDate !== undefined;
}

function extraOf(entity: SimCompany, key: string, fallback: string): string {
  return entity.extra?.[key] ?? fallback;
}

// ---------------------------------------------------------------------------------------------
// Rendering (ch-uid §4.3/§4.4): single-line XML, default namespaces declared per element as WCF does.

function successEnvelope(inner: string): string {
  // ch-uid §4.1: WCF declares xsi/xsd on s:Body of successful answers (not on faults).
  return (
    `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xmlns:xsd="http://www.w3.org/2001/XMLSchema">${inner}</s:Body></s:Envelope>`
  );
}

function wrap(name: string, inner: string, ns = UID_NS): string {
  return `<${name} xmlns="${ns}">${inner}</${name}>`;
}

/** A text element, or nothing when the value is absent. */
function el(name: string, value: string | undefined, ns?: string): string {
  if (value === undefined) return '';
  const declaration = ns ? ` xmlns="${ns}"` : '';
  return value === '' ? `<${name}${declaration}/>` : `<${name}${declaration}>${escapeXml(value)}</${name}>`;
}

function organisationType(digits: string, entity: SimCompany): string {
  return (
    '<organisationType>' +
    wrap('organisation', identification(digits, entity) + address(entity), ECH_0108) +
    wrap(
      'uidregInformation',
      el('uidregStatusEnterpriseDetail', extraOf(entity, 'uidregStatusEnterpriseDetail', '3')) +
        el('uidregPublicStatus', extraOf(entity, 'uidregPublicStatus', '1')) +
        el('uidregUidService', 'false'),
      ECH_0108,
    ) +
    wrap(
      'commercialRegisterInformation',
      el('commercialRegisterStatus', '2') +
        el('commercialRegisterEntryStatus', isDeleted(entity) ? '2' : '1') +
        el('commercialRegisterEnterpriseType', '1'),
      ECH_0108,
    ) +
    vatRegisterInformation(digits, entity) +
    '</organisationType>'
  );
}

function identification(digits: string, entity: SimCompany): string {
  const otherId = (category: string, id: string) =>
    wrap('OtherOrganisationId', el('organisationIdCategory', category) + el('organisationId', id), ECH_0097);
  // A withheld entry shows an empty name and no legal name.
  const named = entity.name !== '';
  return wrap(
    'organisationIdentification',
    wrap('uid', el('uidOrganisationIdCategorie', 'CHE') + el('uidOrganisationId', digits), ECH_0097) +
      otherId('CH.HR', `CH020${digits.slice(1)}`) +
      (hasVatEntry(entity) ? otherId('CH.ESTVID', `052.${digits.slice(1, 5)}.${digits.slice(5)}`) : '') +
      el('organisationName', entity.name, ECH_0097) +
      el('organisationLegalName', named ? entity.name : undefined, ECH_0097) +
      el('organisationAdditionalName', entity.extra?.additionalName, ECH_0097) +
      el('legalForm', extraOf(entity, 'legalForm', '0106'), ECH_0097),
    ECH_0098,
  );
}

/** One LEGAL address built from the lines: extra lines, `street houseNumber`, then `zip town`. */
function address(entity: SimCompany): string {
  const lines = [...entity.addressLines];
  const last = lines.pop();
  if (last === undefined) return '';
  const country = extraOf(entity, 'countryIdISO2', 'CH');
  const swiss = country === 'CH' || country === 'LI';
  const place = /^([0-9A-Z-]+) (.+)$/.exec(last);
  const streetLine = lines.length > 0 ? /^(.*\D) ([0-9]+[A-Za-z]?)$/.exec(lines[lines.length - 1]) : null;
  if (streetLine) lines.pop();
  return wrap(
    'address',
    el('addressCategory', 'LEGAL') +
      el('addressLine1', lines[0]) +
      el('addressLine2', lines[1]) +
      el('street', streetLine?.[1]) +
      el('houseNumber', streetLine?.[2]) +
      el('town', place ? place[2] : last) +
      el('swissZipCode', swiss ? place?.[1] : undefined) +
      el('swissZipCodeAddOn', swiss && place ? '00' : undefined) +
      el('foreignZipCode', swiss ? undefined : place?.[1]) +
      el('municipalityId', entity.extra?.municipalityId) +
      el('cantonAbbreviation', entity.extra?.cantonAbbreviation) +
      el('EGID', entity.extra?.egid) +
      el('countryIdISO2', country),
    ECH_0098,
  );
}

/** ch-uid §4.3/§4.5: absent for a never-registered entity; entry status 2 once deregistered. */
function vatRegisterInformation(digits: string, entity: SimCompany): string {
  if (!hasVatEntry(entity)) return '';
  const liquidation = entity.extra?.vatLiquidationDate;
  const uidVat =
    '<uidVat>' +
    el('uidOrganisationIdCategorie', 'CHE', ECH_0097) +
    el('uidOrganisationId', digits, ECH_0097) +
    '</uidVat>';
  return wrap(
    'vatRegisterInformation',
    el('vatStatus', '2') +
      el('vatEntryStatus', isVatActive(entity) ? '1' : '2') +
      el('vatEntryDate', extraOf(entity, 'vatEntryDate', '2014-01-01')) +
      el('vatLiquidationDate', liquidation) +
      uidVat,
    ECH_0108,
  );
}

// ---------------------------------------------------------------------------------------------
// Faults (ch-uid §6): HTTP 500, SOAP 1.1 fault, no xsi/xsd on s:Body.

interface FaultShape {
  faultCode: string;
  detailName: string;
  operation: string;
  error: string;
  errorDetail: string;
}

function faultResponse(code: string, calledOperation: string): SimResponse {
  if (code === '415') {
    // ch-uid §2 [inferred]: WCF refuses other content types with 415 and no SOAP body.
    return { status: 415, headers: {}, body: '' };
  }
  if (code === 'ActionNotSupported') return actionNotSupported(`${ACTION_PREFIX}${calledOperation}`);
  return serviceFault(faultShapeOf(code, calledOperation));
}

function faultShapeOf(code: string, operation: string): FaultShape {
  switch (code) {
    case 'Request_limit_exceeded': // observed (fixture fault-Request_limit_exceeded.http500.xml)
      return {
        faultCode: 's:Client',
        detailName: 'businessFault',
        operation,
        error: code,
        errorDetail: 'Maximum number of 20 requests per 1 minute(s) exceeded',
      };
    case 'Data_validation_failed': // observed; `operation` is literally "Data validation"
      return {
        faultCode: 's:Client',
        detailName: 'businessFault',
        operation: 'Data validation',
        error: code,
        errorDetail: 'Invalid UID. The checksum is invalid',
      };
    case 'securityFault': // contract only; wire values uncertain (ch-uid §6, §11.5)
      return {
        faultCode: 's:Client',
        detailName: 'securityFault',
        operation,
        error: 'Access_denied',
        errorDetail: 'Access denied',
      };
    default: // infrastructureFault, and the generic server fault for every unknown code
      return {
        faultCode: 's:Server',
        detailName: 'infrastructureFault',
        operation,
        error: 'Internal_error',
        errorDetail: 'An internal error occurred',
      };
  }
}

function serviceFault(shape: FaultShape): SimResponse {
  const detail =
    `<${shape.detailName} xmlns="${UID_NS}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    el('operation', shape.operation, SHARED_NS) +
    el('error', shape.error, SHARED_NS) +
    el('errorDetail', shape.errorDetail, SHARED_NS) +
    `</${shape.detailName}>`;
  return soapFault(shape.faultCode, '', shape.error, 'de-CH', `<detail>${detail}</detail>`);
}

/** ch-uid §2 [inferred]: WCF's answer to a missing or unknown SOAPAction. */
function actionNotSupported(action: string): SimResponse {
  const text =
    `The message with Action '${action}' cannot be processed at the receiver, due to a ContractFilter ` +
    'mismatch at the EndpointDispatcher. This may be because of either a contract mismatch (mismatched ' +
    'Actions between sender and receiver) or a binding/security mismatch between the sender and the ' +
    'receiver.  Check that sender and receiver have the same contract and the same binding (including ' +
    'security requirements, e.g. Message, Transport, None).';
  const ns = ' xmlns:a="http://schemas.microsoft.com/ws/2005/05/addressing/none"';
  return soapFault('a:ActionNotSupported', ns, text, 'en-US', '');
}

/** WCF's answer when the body element is not the operation's wrapper in the uid namespace [inferred]. */
function deserializationFailed(operation: Operation, found: XmlElement | null): SimResponse {
  const text =
    `The formatter threw an exception while trying to deserialize the message: Expected to find element ` +
    `'${operation}' from namespace '${UID_NS}'. Found '${found?.name ?? ''}' from namespace '${found?.ns ?? ''}'.`;
  const ns = ' xmlns:a="http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher"';
  return soapFault('a:DeserializationFailed', ns, text, 'en-US', '');
}

function soapFault(code: string, codeNs: string, text: string, lang: string, detail: string): SimResponse {
  return {
    status: 500,
    headers: XML_HEADERS,
    body:
      `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body><s:Fault>` +
      `<faultcode${codeNs}>${code}</faultcode>` +
      `<faultstring xml:lang="${lang}">${escapeXml(text)}</faultstring>` +
      `${detail}</s:Fault></s:Body></s:Envelope>`,
  };
}
