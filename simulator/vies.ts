import { randomBytes } from 'node:crypto';
import { escapeXml, parseXml } from '../src/registries/xml.js';
import { withDoctype } from './doctype.js';
import { registeredData } from './trader-compare.js';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

/*
 * EU VIES, SOAP protocol (checkVat, checkVatApprox), as ../../shared/upstreams/vies.md (§) describes it.
 *
 * Seeded companies (normalised numbers; every one passes its country's check digits and is listed as
 * a valid vector in vat-vectors.json). Any seeded VAT-registered company can act as requester.
 *   DE123456704     valid; name given, address withheld (`---`), as German answers are (§2.6)
 *   DE113866163     valid; name and address both withheld (`---`)
 *   ESA28184661     valid; name and address withheld as empty strings, the other placeholder (§2.6);
 *                   checkVatApprox compares against `Iberia Distribuciones SA`, `Calle de Alcalá 48`,
 *                   `28014 Madrid` (see traderMatches for which member states compare)
 *   NL123456782B01  valid; name and a multi-line address (line breaks around it, as the NL capture)
 *   BE0402918402    deregistered (vatRegistered false): valid false
 *   ATU12345675     valid; name and address; the suggested EU requester for consultation numbers
 *   EL123456709     valid; Greece under EL
 *   XI123456727     valid; Northern Ireland under XI
 *   LU10059929      valid; one-line address with a double space, as the LU capture
 *   BE0202239951 BG103873594 CY10246672X CZ25123891 DK10503280 EE100931558 FI02459042 FR04409414364
 *   HR02574432339 HU12509403 IE6433435F IT00743110157 LT119511515 LV40003521600 MT10396417
 *   PL5211355116 PT500019720 RO18547290 SE556058115801 SI26808498 SK2022749619
 *                   valid; name and address (one company for every VIES country code)
 * Not seeded, so "not registered" (valid false): FR10123456717 and every other number.
 *
 * Rendering from SimCompany: an empty `name` or no `addressLines` is "withheld" and answered as `---`,
 * or as an empty string when `extra.withheldAs` is `empty`. Address lines are joined with `\n`.
 *
 * Fault codes for mode `fault` (§2.7): INVALID_INPUT, INVALID_REQUESTER_INFO, SERVICE_UNAVAILABLE,
 * MS_UNAVAILABLE, TIMEOUT, VAT_BLOCKED, IP_BLOCKED, GLOBAL_MAX_CONCURRENT_REQ(_TIME),
 * MS_MAX_CONCURRENT_REQ(_TIME), SERVER_BUSY. HTTP 200 as most evidence says; append `:500` (e.g.
 * `MS_UNAVAILABLE:500`) for the 500 some captures show. Unknown codes answer SERVICE_UNAVAILABLE.
 *
 * Mode `wrong_number` answers a lookup as if another VAT-registered company had been asked (one of
 * the same country when the store holds one); `empty_echo` leaves the vatNumber echo empty, as the
 * 2022 captures do (§2.4); `doctype` puts a DTD in front whose entity is used as the name.
 *
 * Paths below /vies: POST /services/checkVatService; POST /test-services/checkVatTestService (and the
 * older /services/checkVatTestService) with the magic numbers of §2.8; GET /checkVatService.wsdl,
 * /services/checkVatService.wsdl and /services/checkVatService?wsdl.
 */

const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const TYPES_NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';
/** §6: the exact header value was never captured; this is the SOAP 1.1 norm. */
const XML_HEADERS = { 'content-type': 'text/xml; charset=utf-8' };
const SERVICE_PATH = '/services/checkVatService';
const TEST_PATHS = ['/test-services/checkVatTestService', '/services/checkVatTestService'];
const WSDL_PATHS = ['/checkVatService.wsdl', '/services/checkVatService.wsdl'];

/** §4 */
const VIES_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);
/** §2.1: the WSDL's usage text for vatNumber. */
const NATIONAL_PATTERN = /^[0-9A-Za-z+*.]{2,12}$/;

/** §2.8: the test service's magic vatNumbers that answer a fault; other unlisted numbers answer SERVICE_UNAVAILABLE. */
const TEST_FAULTS: Readonly<Record<string, string>> = {
  '201': 'INVALID_INPUT',
  '202': 'INVALID_REQUESTER_INFO',
  '300': 'SERVICE_UNAVAILABLE',
  '301': 'MS_UNAVAILABLE',
  '302': 'TIMEOUT',
  '400': 'VAT_BLOCKED',
  '401': 'IP_BLOCKED',
  '500': 'GLOBAL_MAX_CONCURRENT_REQ',
  '501': 'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  '600': 'MS_MAX_CONCURRENT_REQ',
  '601': 'MS_MAX_CONCURRENT_REQ_TIME',
};

/** §2.7: every known faultstring: the test table holds all current ones, SERVER_BUSY is in the legacy WSDL. */
const FAULT_CODES: ReadonlySet<string> = new Set([...Object.values(TEST_FAULTS), 'SERVER_BUSY']);

function company(vatNumber: string, name: string, addressLines: string[], extra?: Record<string, string>) {
  return { vatNumber, name, addressLines, vatRegistered: true, extra } satisfies SimCompany;
}

const SEED: SimCompany[] = [
  company('ATU12345675', 'Alpenblick Handels GmbH', ['Mariahilfer Straße 12', '1070 Wien']),
  company('BE0202239951', 'Brabant Logistics NV', ['Rue de la Loi 42', '1040 Bruxelles']),
  {
    ...company('BE0402918402', 'Ancienne Brasserie SA', ['Grand-Place 1', '1000 Bruxelles']),
    vatRegistered: false,
  },
  company('BG103873594', 'Rila Trade EOOD', ['ul. Vitosha 15', '1000 Sofia']),
  company('CY10246672X', 'Troodos Shipping Ltd', ['Makariou III 20', '1065 Nicosia']),
  company('CZ25123891', 'Vltava Stroj s.r.o.', ['Národní 10', '110 00 Praha 1']),
  company('DE123456704', 'Musterfirma Handels GmbH', []),
  company('DE113866163', '', []),
  company('DK10503280', 'Nordhavn Design ApS', ['Strandgade 3', '1401 København K']),
  company('EE100931558', 'Toompea Tarkvara OÜ', ['Pikk 5', '10123 Tallinn']),
  company('EL123456709', 'Aegean Olive Oil AE', ['Odos Ermou 8', '10563 Athina']),
  company('ESA28184661', '', [], {
    withheldAs: 'empty',
    registeredName: 'Iberia Distribuciones SA',
    registeredAddress: 'Calle de Alcalá 48|28014 Madrid',
  }),
  company('FI02459042', 'Saimaa Paper Oy', ['Mannerheimintie 4', '00100 Helsinki']),
  company('FR04409414364', 'Atelier Lumière SAS', ['12 Rue de Rivoli', '75004 Paris']),
  company('HR02574432339', 'Jadran Turizam d.o.o.', ['Ilica 7', '10000 Zagreb']),
  company('HU12509403', 'Duna Gépgyár Kft.', ['Andrássy út 9', '1061 Budapest']),
  company('IE6433435F', 'Liffey Software Limited', ['1 Grand Canal Square', 'Dublin 2']),
  company('IT00743110157', 'Navigli Moda S.r.l.', ['Via Torino 21', '20123 Milano MI']),
  company('LT119511515', 'Neris Mediena UAB', ['Gedimino pr. 9', 'LT-01103 Vilnius']),
  company('LU10059929', 'ALZETTE FINANCE S.A R.L.', ['12, RUE DE LA GARE L-1611  LUXEMBOURG']),
  company('LV40003521600', 'Daugava Koks SIA', ['Brīvības iela 30', 'Rīga, LV-1050']),
  company('MT10396417', 'Valletta Marine Limited', ['15 Republic Street', 'Valletta VLT 1117']),
  company('NL123456782B01', 'Grachten Techniek B.V.', ['KEIZERSGRACHT 00123', '1015CJ AMSTERDAM']),
  company('PL5211355116', 'Wisła Meble Sp. z o.o.', ['ul. Marszałkowska 1', '00-624 Warszawa']),
  company('PT500019720', 'Tejo Cortiça Lda', ['Rua Augusta 100', '1100-053 Lisboa']),
  company('RO18547290', 'Carpați Agro SRL', ['Bulevardul Unirii 5', '030167 București']),
  company('SE556058115801', 'Mälaren Verktyg AB', ['Drottninggatan 50', '111 21 Stockholm']),
  company('SI26808498', 'Triglav Elektro d.o.o.', ['Slovenska cesta 3', '1000 Ljubljana']),
  company('SK2022749619', 'Tatry Servis s.r.o.', ['Obchodná 2', '811 06 Bratislava']),
  company('XI123456727', 'Lagan Engineering Ltd', ['12 Donegall Square', 'Belfast', 'BT1 5GS']),
];

type Operation = 'checkVat' | 'checkVatApprox';
interface SoapCall {
  operation: Operation;
  fields: Record<string, string>;
}

export const viesSim: SimRegistry = {
  id: 'vies',
  seed: SEED,
  handle,
  fault(code) {
    const [name = '', status] = code.split(':');
    return soapFault(FAULT_CODES.has(name) ? name : 'SERVICE_UNAVAILABLE', status === '500' ? 500 : 200);
  },
  malformed(request) {
    // A success envelope cut off mid-element, like the broken XML of §5 (2026-02-14).
    const call = readCall(request);
    const country = escapeXml(call?.fields.countryCode ?? 'DE');
    return {
      status: 200,
      headers: XML_HEADERS,
      body: `<env:Envelope xmlns:env="${SOAP_ENV_NS}"><env:Header/><env:Body><ns2:checkVatResponse xmlns:ns2="${TYPES_NS}"><ns2:countryCode>${country}</ns2:countryCode><ns2:vatNumber>`,
    };
  },
  wrongNumber(request, context) {
    const usual = handle(request, context);
    const call = readCall(request);
    const other = call && isAnswer(request, usual, call) ? otherCompany(call.fields, context) : undefined;
    if (!call || !other) return usual;
    const fields = {
      ...call.fields,
      countryCode: other.vatNumber.slice(0, 2),
      vatNumber: other.vatNumber.slice(2),
    };
    return success({ ...call, fields }, other, other);
  },
  doctype(request, context) {
    const usual = handle(request, context);
    const name = readCall(request)?.operation === 'checkVatApprox' ? 'traderName' : 'name';
    return { ...usual, body: withDoctype(usual.body, name) };
  },
  emptyEcho(request, context) {
    const usual = handle(request, context);
    return {
      ...usual,
      body: usual.body.replace(/<ns2:vatNumber>[^<]*<\/ns2:vatNumber>/, '<ns2:vatNumber></ns2:vatNumber>'),
    };
  },
  numberOf(request) {
    const fields = readCall(request)?.fields;
    if (!fields?.countryCode || !fields.vatNumber) return null;
    return `${fields.countryCode}${fields.vatNumber}`.toUpperCase();
  },
};

function handle(request: SimRequest, context: SimContext): SimResponse {
  if (request.method === 'GET' && (WSDL_PATHS.includes(request.path) || isWsdlQuery(request))) {
    return { status: 200, headers: XML_HEADERS, body: wsdl(request) };
  }
  const isTest = TEST_PATHS.includes(request.path);
  if (request.path !== SERVICE_PATH && !isTest) {
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
  }
  if (request.method !== 'POST') {
    return {
      status: 405,
      headers: { 'content-type': 'text/plain', allow: 'POST' },
      body: 'Method Not Allowed',
    };
  }
  // §2.2: since Aug 2022 a POST without a SOAP 1.1 Content-Type gets WebLogic's HTML error page.
  if (!String(request.headers['content-type'] ?? '').startsWith('text/xml')) return weblogicError();
  const call = readCall(request);
  // Not a checkVat/checkVatApprox envelope in the types namespace: a client fault, 500 as SOAP 1.1 has it.
  if (!call) return soapFault('Cannot find dispatch method for the request', 500, 'env:Client');
  return isTest ? answerTest(call) : answerLookup(call, context);
}

function isWsdlQuery(request: SimRequest): boolean {
  return (
    request.path === SERVICE_PATH && [...request.query.keys()].some((key) => key.toLowerCase() === 'wsdl')
  );
}

/** §2.3/§2.5: any prefix or default namespace is accepted; the types namespace must be there. */
function readCall(request: SimRequest): SoapCall | null {
  if (request.method !== 'POST' || !request.body.includes(TYPES_NS) || !request.body.includes(SOAP_ENV_NS)) {
    return null;
  }
  let document: Record<string, unknown>;
  try {
    document = parseXml(request.body);
  } catch {
    return null;
  }
  const body = (document.Envelope as Record<string, unknown> | undefined)?.Body;
  if (typeof body !== 'object' || body === null) return null;
  for (const operation of ['checkVatApprox', 'checkVat'] as const) {
    if (operation in body) {
      return { operation, fields: stringFields((body as Record<string, unknown>)[operation]) };
    }
  }
  return null;
}

function stringFields(element: unknown): Record<string, string> {
  if (typeof element !== 'object' || element === null) return {};
  const entries = Object.entries(element).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, value.trim()]));
}

function answerLookup(call: SoapCall, context: SimContext): SimResponse {
  const { countryCode = '', vatNumber = '' } = call.fields;
  // §2.7, §4: unknown or lowercase country (GB, GR included) and numbers outside the pattern.
  if (!VIES_COUNTRIES.has(countryCode) || !NATIONAL_PATTERN.test(vatNumber)) {
    return soapFault('INVALID_INPUT');
  }
  if (call.operation === 'checkVatApprox' && !requesterAccepted(call.fields, context)) {
    return soapFault('INVALID_REQUESTER_INFO');
  }
  const known = context.company(`${countryCode}${vatNumber.toUpperCase()}`);
  return success(call, known?.vatRegistered ? known : undefined, known);
}

/** Whether `response` is the production service's answer to `call` (not a fault or an error page). */
function isAnswer(request: SimRequest, response: SimResponse, call: SoapCall): boolean {
  return (
    request.path === SERVICE_PATH &&
    response.status === 200 &&
    response.body.includes(`:${call.operation}Response `)
  );
}

/** Mode `wrong_number`: a VAT-registered company VIES knows other than the one asked, of its country if any. */
function otherCompany(fields: Record<string, string>, context: SimContext): SimCompany | undefined {
  const country = fields.countryCode ?? '';
  const asked = `${country}${(fields.vatNumber ?? '').toUpperCase()}`;
  const others = context
    .companies()
    .filter((c) => c.vatRegistered && c.vatNumber !== asked && VIES_COUNTRIES.has(c.vatNumber.slice(0, 2)));
  return others.find((c) => c.vatNumber.startsWith(country)) ?? others[0];
}

/**
 * §2.6: both requester fields or neither; the number without its prefix; the requester must itself
 * be valid in VIES (here: a seeded VAT-registered company).
 */
function requesterAccepted(fields: Record<string, string>, context: SimContext): boolean {
  const country = fields.requesterCountryCode ?? '';
  const number = fields.requesterVatNumber ?? '';
  if (country === '' && number === '') return true;
  if (!VIES_COUNTRIES.has(country) || !NATIONAL_PATTERN.test(number)) return false;
  return context.company(`${country}${number.toUpperCase()}`)?.vatRegistered === true;
}

/** §2.8: the test service answers from the vatNumber alone. */
function answerTest(call: SoapCall): SimResponse {
  const vatNumber = call.fields.vatNumber ?? '';
  if (vatNumber === '100') {
    const johnDoe = {
      vatNumber: 'TEST100',
      name: 'John Doe',
      addressLines: ['123 Main St, Anytown, UK'],
      vatRegistered: true,
    };
    return success(call, johnDoe, johnDoe, false);
  }
  if (vatNumber === '200') return success(call, undefined, undefined, false);
  return soapFault(TEST_FAULTS[vatNumber] ?? 'SERVICE_UNAVAILABLE');
}

/**
 * §2.4/§2.5 and §6: one line, no XML declaration, `env`/`ns2` prefixes, schema order. `valid` is the
 * company when it is VAT-registered; `known` is whatever the store holds (it picks the placeholder).
 * `issue` is false on the test service, whose canned answers carry no consultation number.
 */
function success(call: SoapCall, valid: SimCompany | undefined, known: SimCompany | undefined, issue = true) {
  const { operation, fields } = call;
  const placeholder = known?.extra?.withheldAs === 'empty' ? '' : '---';
  const parts: Array<[string, string]> = [
    ['countryCode', fields.countryCode ?? ''],
    ['vatNumber', fields.vatNumber ?? ''],
    ['requestDate', brusselsDate(new Date())],
    ['valid', valid ? 'true' : 'false'],
  ];
  if (operation === 'checkVat') {
    parts.push(['name', valid ? nameOf(valid, placeholder) : placeholder]);
    parts.push(['address', valid ? addressOf(valid, placeholder) : placeholder]);
  } else {
    // §2.5: the 2024 invalid capture has empty traderName/traderAddress and `---` company type.
    parts.push(['traderName', valid ? nameOf(valid, placeholder) : '']);
    parts.push(['traderCompanyType', '---']);
    parts.push(['traderAddress', valid ? addressOf(valid, placeholder) : '']);
    if (valid) parts.push(...traderMatches(fields, valid));
    const asked = Boolean(fields.requesterCountryCode && fields.requesterVatNumber);
    // §2.6: a consultation number only with a requester, and (2024 capture) not for an invalid target.
    parts.push(['requestIdentifier', valid && asked && issue ? nextRequestIdentifier() : '']);
  }
  const children = parts.map(([name, value]) => `<ns2:${name}>${escapeXml(value)}</ns2:${name}>`).join('');
  return envelope(`<ns2:${operation}Response xmlns:ns2="${TYPES_NS}">${children}</ns2:${operation}Response>`);
}

function nameOf(found: SimCompany, placeholder: string): string {
  return found.name.trim() === '' ? placeholder : found.name;
}

function addressOf(found: SimCompany, placeholder: string): string {
  const lines = found.addressLines.filter((line) => line.trim() !== '');
  if (lines.length === 0) return placeholder;
  // §2.6: the NL capture wraps its address lines in line breaks.
  return found.vatNumber.startsWith('NL') ? `\n${lines.join('\n')}\n` : lines.join('\n');
}

/**
 * approx §4: how a member state answers checkVatApprox when trader data is sent.
 * - AT BE ES FR PL PT compare: a code 1 (valid) or 2 (invalid) for each field sent. ES withholds
 *   name and address all the same and compares against its own data (`extra.registeredName`,
 *   `extra.registeredAddress` with lines split by `|`), as Spain is reported to.
 * - DE withholds and does not compare: no match elements at all.
 * - every other state discloses and does not compare: code 3 (not processed) for each field sent.
 * - a company with `extra.compares` `no` is not compared by its state either (code 3), as states
 *   that compare do for some entities; tests use it to have the service compare a comparing
 *   state's addresses itself (test/matching/pairs.test.ts).
 * The legal form is never compared (no state's code list is published): 3 when sent.
 */
const COMPARING_STATES: ReadonlySet<string> = new Set(['AT', 'BE', 'ES', 'FR', 'PL', 'PT']);
const SILENT_STATES: ReadonlySet<string> = new Set(['DE']);

const TRADER_FIELDS = ['traderName', 'traderCompanyType', 'traderStreet', 'traderPostcode', 'traderCity'];

/** §2.5: match codes for the trader data that was sent, in WSDL order (approx §2.2). */
function traderMatches(fields: Record<string, string>, found: SimCompany): Array<[string, string]> {
  const country = (fields.countryCode ?? '').toUpperCase();
  if (SILENT_STATES.has(country)) return [];
  const compares = COMPARING_STATES.has(country) && found.extra?.compares !== 'no';
  const registered = registeredData(found);
  const compare: Record<string, (sent: string) => boolean> = {
    traderName: registered.sameName,
    traderStreet: registered.sameStreet,
    traderPostcode: registered.samePostcode,
    traderCity: registered.sameCity,
  };
  const matches: Array<[string, string]> = [];
  for (const field of TRADER_FIELDS) {
    if (!fields[field]) continue;
    const rule = compare[field];
    const code = !compares || !rule ? '3' : rule(fields[field]) ? '1' : '2';
    matches.push([`${field}Match`, code]);
  }
  return matches;
}

/** §2.4: Brussels local date with its offset, e.g. `2024-02-09+01:00`. */
function brusselsDate(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Brussels',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}${offset}`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
let issued = 0;

/** §2.6: `WAPI` + 12 alphanumerics (`WAPIAAAAWVymNggi`); a serial then random characters, unique per call. */
function nextRequestIdentifier(): string {
  issued += 1;
  let serial = '';
  for (let rest = issued, i = 0; i < 6; i++, rest = Math.floor(rest / 62))
    serial = ALPHABET[rest % 62] + serial;
  const random = Array.from(randomBytes(6), (byte) => ALPHABET[byte % 62]).join('');
  return `WAPI${serial}${random}`;
}

function envelope(content: string, status = 200): SimResponse {
  return {
    status,
    headers: XML_HEADERS,
    body: `<env:Envelope xmlns:env="${SOAP_ENV_NS}"><env:Header/><env:Body>${content}</env:Body></env:Envelope>`,
  };
}

/** §2.7: unqualified faultcode/faultstring, the code alone as text, no detail; HTTP 200 by default. */
function soapFault(faultstring: string, status = 200, faultcode = 'env:Server'): SimResponse {
  return envelope(
    `<env:Fault><faultcode>${faultcode}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring></env:Fault>`,
    status,
  );
}

function weblogicError(): SimResponse {
  return {
    status: 500,
    headers: { 'content-type': 'text/html; charset=UTF-8' },
    body:
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Draft//EN">\n<HTML>\n<HEAD>\n<TITLE>Error 500--Internal Server Error</TITLE>\n' +
      '</HEAD>\n<BODY bgcolor="white">\n<FONT FACE=Helvetica><BR CLEAR=all>\n<TABLE border=0 cellspacing=5><TR><TD><BR CLEAR=all>\n' +
      '<FONT FACE="Helvetica" COLOR="black" SIZE="3"><H2>Error 500--Internal Server Error</H2>\n</FONT></TD></TR>\n</TABLE>\n</BODY>\n</HTML>\n',
  };
}

/** §2.1: the production WSDL's operations and schema (its long disclaimer left out), pointing here. */
function wsdl(request: SimRequest): string {
  const location = `http://${request.headers.host ?? '127.0.0.1'}/vies${SERVICE_PATH}`;
  const seq = (items: string[]) =>
    `<xsd:complexType><xsd:sequence>${items.join('')}</xsd:sequence></xsd:complexType>`;
  const el = (name: string, type = 'xsd:string', optional = false, nillable = false) =>
    `<xsd:element${optional ? ' maxOccurs="1" minOccurs="0"' : ''} name="${name}"${nillable ? ' nillable="true"' : ''} type="${type}"/>`;
  const opt = (name: string, type = 'xsd:string', nillable = false) => el(name, type, true, nillable);
  const head = [el('countryCode'), el('vatNumber')];
  const answer = [...head, el('requestDate', 'xsd:date'), el('valid', 'xsd:boolean')];
  const trader = ['traderStreet', 'traderPostcode', 'traderCity'].map((name) => opt(name));
  const matches = ['Name', 'CompanyType', 'Street', 'Postcode', 'City'].map((n) =>
    opt(`trader${n}Match`, 'tns1:matchCode'),
  );
  const elements = [
    `<xsd:element name="checkVat">${seq(head)}</xsd:element>`,
    `<xsd:element name="checkVatResponse">${seq([...answer, opt('name', 'xsd:string', true), opt('address', 'xsd:string', true)])}</xsd:element>`,
    `<xsd:element name="checkVatApprox">${seq([...head, opt('traderName'), opt('traderCompanyType', 'tns1:companyTypeCode'), ...trader, opt('requesterCountryCode'), opt('requesterVatNumber')])}</xsd:element>`,
    `<xsd:element name="checkVatApproxResponse">${seq([...answer, opt('traderName', 'xsd:string', true), opt('traderCompanyType', 'tns1:companyTypeCode', true), opt('traderAddress'), ...trader, ...matches, el('requestIdentifier')])}</xsd:element>`,
    '<xsd:simpleType name="companyTypeCode"><xsd:restriction base="xsd:string"><xsd:pattern value="[A-Z]{2}\\-[1-9][0-9]?"/></xsd:restriction></xsd:simpleType>',
    '<xsd:simpleType name="matchCode"><xsd:restriction base="xsd:string"><xsd:enumeration value="1"/><xsd:enumeration value="2"/><xsd:enumeration value="3"/></xsd:restriction></xsd:simpleType>',
  ];
  const ops = ['checkVat', 'checkVatApprox'];
  const messages = ops.flatMap((op) => [
    `<wsdl:message name="${op}Request"><wsdl:part name="parameters" element="tns1:${op}"/></wsdl:message>`,
    `<wsdl:message name="${op}Response"><wsdl:part name="parameters" element="tns1:${op}Response"/></wsdl:message>`,
  ]);
  const portOps = ops.map(
    (op) =>
      `<wsdl:operation name="${op}"><wsdl:input name="${op}Request" message="impl:${op}Request"/><wsdl:output name="${op}Response" message="impl:${op}Response"/></wsdl:operation>`,
  );
  const bindingOps = ops.map(
    (op) =>
      `<wsdl:operation name="${op}"><wsdlsoap:operation soapAction=""/><wsdl:input name="${op}Request"><wsdlsoap:body use="literal"/></wsdl:input><wsdl:output name="${op}Response"><wsdlsoap:body use="literal"/></wsdl:output></wsdl:operation>`,
  );
  return [
    `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:tns1="${TYPES_NS}" xmlns:impl="urn:ec.europa.eu:taxud:vies:services:checkVat" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:wsdlsoap="http://schemas.xmlsoap.org/wsdl/soap/" targetNamespace="urn:ec.europa.eu:taxud:vies:services:checkVat">`,
    `<wsdl:types><xsd:schema xmlns="${TYPES_NS}" attributeFormDefault="qualified" elementFormDefault="qualified" targetNamespace="${TYPES_NS}">${elements.join('')}</xsd:schema></wsdl:types>`,
    ...messages,
    `<wsdl:portType name="checkVatPortType">${portOps.join('')}</wsdl:portType>`,
    `<wsdl:binding name="checkVatBinding" type="impl:checkVatPortType"><wsdlsoap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps.join('')}</wsdl:binding>`,
    `<wsdl:service name="checkVatService"><wsdl:port name="checkVatPort" binding="impl:checkVatBinding"><wsdlsoap:address location="${escapeXml(location)}"/></wsdl:port></wsdl:service>`,
    '</wsdl:definitions>',
  ].join('\n');
}
