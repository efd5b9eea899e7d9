/**
 * The Czech fallback's two services, simulated as shared/upstreams/national-fallbacks.md section 2
 * describes them: ARES (`aresSim`, company details) and the VAT-payer register ADIS (`adisSim`, the
 * verdict), each with its own switches.
 *
 * ARES, below `/ares`: GET /ekonomicke-subjekty/{ico} (the real prefix
 * `/ekonomicke-subjekty-v-be/rest` is accepted in front). Unknown IČO: 404 `NENALEZENO`; not 8
 * digits: 400 `CHYBA_VSTUPU`.
 * ADIS, below `/adis`: POST /axis2/services/rozhraniCRPDPH.rozhraniCRPDPHSOAP with a
 * `StatusNespolehlivyPlatceRozsirenyRequest`; each `dic` answered `NE`, `ANO` or `NENALEZEN`.
 *
 * Seeded numbers (normalised; all pass the CZ check digit):
 *   CZ27082440    Alza.cz a.s., VAT payer (`NE`) → valid; ARES name "Alza.cz a.s."
 *   CZ25123891    the VIES seed company: VAT payer → valid
 *   CZ45274649    VAT payer flagged unreliable (`ANO`) → valid
 *   CZ00177041    company in ARES, not a VAT payer (ADIS `NENALEZEN`, `stavZdrojeDph` NEEXISTUJICI)
 *   CZ7103192745  natural person, VAT payer: ADIS only (a birth number is not an IČO)
 *   any other number → ADIS `NENALEZEN`, ARES 404
 * `SimCompany.extra`: unreliable `true` (ADIS `ANO`).
 *
 * ADIS faults: `maintenance` (statusCode 2, the nightly 00:00–00:10 window), `unavailable`
 * (statusCode 3, also the "busy" answer), `soap_fault` (500 SOAP Fault), `500` (plain), and the
 * broken replies `html`, `shape`, `garbage`. ARES faults: `500`, `400`, and the broken replies.
 * Mode `malformed`: truncated XML (ADIS), truncated JSON (ARES); `doctype` (ADIS): a DTD whose entity
 * is the name; `wrong_number`: the answer about another registered payer.
 */
import { escapeXml, parseXml } from '../src/registries/xml.js';
import { withDoctype } from './doctype.js';
import { brokenReply, company, json, otherRegistered } from './fallback-replies.js';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

const ARES_PATH = /^(?:\/ekonomicke-subjekty-v-be\/rest)?\/ekonomicke-subjekty\/([^/]*)$/;
const ADIS_PATH = '/axis2/services/rozhraniCRPDPH.rozhraniCRPDPHSOAP';
const ADIS_NS = 'http://adis.mfcr.cz/rozhraniCRPDPH/';
const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const XML_TYPE = { 'content-type': 'text/xml; charset=utf-8' };

const SEED: SimCompany[] = [
  company('CZ27082440', 'Alza.cz a.s.', ['Jankovcova 1522/53', '17000 Praha 7'], true),
  company('CZ45274649', 'Nespolehlivá Obchodní s.r.o.', ['Dlouhá 12', '11000 Praha 1'], true, {
    unreliable: 'true',
  }),
  company('CZ00177041', 'Neplátce Spolek z.s.', ['Masarykova 1', '60200 Brno'], false),
  company('CZ7103192745', 'Jan Novák', ['Husova 3', '37001 České Budějovice'], true),
];

// ---------------------------------------------------------------- ARES

export const aresSim: SimRegistry = {
  id: 'ares',
  seed: [],
  handle: handleAres,
  fault(code) {
    if (code === '400') return json(400, { kod: 'CHYBA_VSTUPU', popis: 'Chyba vstupních dat' });
    return brokenReply(code) ?? json(500, { kod: 'CHYBA_SERVERU', popis: 'Interní chyba serveru' });
  },
  malformed() {
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ico":"2708244' };
  },
  wrongNumber(request, context) {
    const ico = ARES_PATH.exec(request.path)?.[1];
    const other = ico ? otherRegistered(context, `CZ${ico}`) : undefined;
    return other ? aresSubject(other) : handleAres(request, context);
  },
  numberOf(request) {
    const ico = ARES_PATH.exec(request.path)?.[1];
    return ico && /^[0-9]{8}$/.test(ico) ? `CZ${ico}` : null;
  },
};

function handleAres(request: SimRequest, context: SimContext): SimResponse {
  const ico = ARES_PATH.exec(request.path)?.[1];
  if (request.method !== 'GET' || ico === undefined)
    return json(404, { kod: 'NENALEZENO', popis: 'Nenalezeno' });
  if (!/^[0-9]{1,8}$/.test(ico)) return aresSim.fault('400', request);
  const found = context.company(`CZ${ico.padStart(8, '0')}`);
  if (!found) {
    return json(404, {
      kod: 'NENALEZENO',
      popis: 'Ekonomický subjekt nebyl nalezen.',
      subKod: 'VYSTUP_SUBJEKT_NENALEZEN',
    });
  }
  return aresSubject(found);
}

/** Section 2.1: the fields the client reads, plus enough of the rest to look real. */
function aresSubject(found: SimCompany): SimResponse {
  const ico = found.vatNumber.slice(2);
  return json(200, {
    ico,
    obchodniJmeno: found.name,
    sidlo: { kodStatu: 'CZ', textovaAdresa: found.addressLines.join(', ') },
    pravniForma: '121',
    datumVzniku: '2003-08-26',
    dic: found.vatRegistered ? found.vatNumber : null,
    seznamRegistraci: {
      stavZdrojeVr: 'AKTIVNI',
      stavZdrojeRes: 'AKTIVNI',
      stavZdrojeDph: found.vatRegistered ? 'AKTIVNI' : 'NEEXISTUJICI',
    },
    primarniZdroj: 'ros',
  });
}

// ---------------------------------------------------------------- ADIS

export const adisSim: SimRegistry = {
  id: 'adis',
  seed: SEED,
  handle: handleAdis,
  fault(code) {
    if (code === 'maintenance') return adisReply([], '2', 'Technická odstávka');
    if (code === 'unavailable') return adisReply([], '3', 'Služba nedostupná');
    if (code === 'soap_fault') {
      return {
        status: 500,
        headers: XML_TYPE,
        body: `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>Internal error</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`,
      };
    }
    return (
      brokenReply(code) ?? {
        status: 500,
        headers: { 'content-type': 'text/plain' },
        body: 'Internal Server Error',
      }
    );
  },
  malformed() {
    return {
      status: 200,
      headers: XML_TYPE,
      body: `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Body><StatusNespolehlivyPlatceRozsirenyResponse xmlns="${ADIS_NS}"><status statusCode="0"`,
    };
  },
  wrongNumber(request, context) {
    const asked = dicsOf(request)[0];
    const other = asked ? otherRegistered(context, `CZ${asked}`) : undefined;
    return other
      ? adisReply([payer(other.vatNumber.slice(2), other)], '0', 'OK')
      : handleAdis(request, context);
  },
  doctype(request, context) {
    const usual = handleAdis(request, context);
    return { ...usual, body: withDoctype(usual.body.replace(/^<\?xml[^>]*\?>/, ''), 'nazevSubjektu') };
  },
  numberOf(request) {
    const dic = dicsOf(request)[0];
    return dic ? `CZ${dic}` : null;
  },
};

function handleAdis(request: SimRequest, context: SimContext): SimResponse {
  if (request.path !== ADIS_PATH || request.method !== 'POST') {
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
  }
  const dics = dicsOf(request);
  if (dics.length === 0) return adisSim.fault('soap_fault', request);
  const payers = dics.slice(0, 100).map((dic) => payer(dic, context.company(`CZ${dic}`)));
  return adisReply(payers, dics.length > 100 ? '1' : '0', 'OK');
}

/** The `dic` elements of a StatusNespolehlivyPlatceRozsirenyRequest, in order. */
function dicsOf(request: SimRequest): string[] {
  let document: Record<string, unknown>;
  try {
    document = parseXml(request.body);
  } catch {
    return [];
  }
  const child = (node: unknown, name: string): unknown =>
    typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[name] : undefined;
  const call = child(child(document.Envelope, 'Body'), 'StatusNespolehlivyPlatceRozsirenyRequest');
  const dic = child(call, 'dic');
  return (Array.isArray(dic) ? dic : dic === undefined ? [] : [dic]).map(String);
}

/** One `statusPlatceDPH`, space-padded as the register pads its names (section 2.2). */
function payer(dic: string, found: SimCompany | undefined): string {
  if (!found?.vatRegistered)
    return `<statusPlatceDPH dic="${escapeXml(dic)}" nespolehlivyPlatce="NENALEZEN"/>`;
  const flag = found.extra?.unreliable === 'true' ? 'ANO' : 'NE';
  const [street = '', place = ''] = found.addressLines;
  const [psc = '', ...town] = place.split(' ');
  return (
    `<statusPlatceDPH dic="${escapeXml(dic)}" nespolehlivyPlatce="${flag}" cisloFu="13">` +
    '<zverejneneUcty/>' +
    `<nazevSubjektu>${escapeXml(found.name.toUpperCase())}           </nazevSubjektu>` +
    `<adresa><uliceCislo>${escapeXml(street)}</uliceCislo><mesto>${escapeXml(town.join(' ').toUpperCase())}</mesto>` +
    `<psc>${escapeXml(psc)}</psc><stat>Česká republika</stat></adresa></statusPlatceDPH>`
  );
}

function adisReply(payers: string[], statusCode: string, statusText: string): SimResponse {
  const day = new Date().toISOString().slice(0, 10);
  return {
    status: 200,
    headers: XML_TYPE,
    body:
      `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Header/><soapenv:Body>` +
      `<StatusNespolehlivyPlatceRozsirenyResponse xmlns="${ADIS_NS}">` +
      `<status odpovedGenerovana="${day}" statusCode="${statusCode}" statusText="${statusText}"/>${payers.join('')}` +
      '</StatusNespolehlivyPlatceRozsirenyResponse></soapenv:Body></soapenv:Envelope>',
  };
}
