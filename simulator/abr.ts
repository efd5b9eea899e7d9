/**
 * ABN Lookup (Australian Business Register) JSON service, as shared/upstreams/au-abr.md section 2
 * describes it: `GET /json/AbnDetails.aspx?abn=&callback=&guid=` → HTTP 200, `callback({...})`,
 * members in alphabetical order, errors as a non-empty `Message` with blank members.
 *
 * Seeded numbers (normalised; all pass the ABN check digits, all from shared/vat-vectors.json):
 * - AU51824753556  active ABN, GST registered, name and address (`NSW 2000`)  → valid
 * - AU53004085616  active company ABN (ACN 004085616), NOT registered for GST  → valid false
 * - AU83914571673  cancelled ABN (AbnStatus `Cancelled`, no GST)               → valid false
 * - AU99870624871  sole trader (IND, name "CITIZEN, JANE MARY"), GST registered → valid
 * - AU11574456001  active, GST registered, no state/postcode on record         → valid, address null
 * Not seeded, check digits valid, free for tests: AU21108258859 (the registry's "No record found"),
 * AU46002722349, AU12123552732 (add them with `addCompany`).
 *
 * SimCompany mapping: `name` → EntityName; state and postcode come from `extra.state` /
 * `extra.postcode`, else from the address lines (a state code and a 4-digit postcode found in
 * them); `vatRegistered` → `Gst` (a date, or null). Optional `extra`: `abnStatus` (`Active` |
 * `Cancelled`), `abnStatusEffectiveFrom`, `acn`, `entityTypeCode`, `entityTypeName`, `gstFrom`,
 * `addressDate`, `businessNames` (`|`-separated).
 *
 * Accepted GUID: the one `RegistrySimulator.env()` hands out; any other gets the GUID message.
 *
 * Mode `wrong_number`: a lookup of a valid ABN is answered as if another active, GST-registered ABN
 * had been asked (its own `Abn` in the body).
 *
 * Fault codes (`mode: 'fault'`), case-insensitive:
 * - `invalid_guid`     200, Message "The GUID entered is not recognised as a Registered Party"
 * - `invalid_abn`      200, Message "Search text is not a valid ABN or ACN"
 * - `request_problem`  200, Message "There was a problem completing your request." (also any unknown code)
 * - `no_record`        200, Message "No record found" even for a seeded number (a false negative)
 * - `500`              HTTP 500, ASP.NET error page (text/html)
 * - `503`              HTTP 503, IIS "Service Unavailable" page (text/html)
 */
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

const ACCEPTED_GUID = '00000000-0000-4000-8000-000000000000';
const DETAILS_PATH = '/json/abndetails.aspx';

/**
 * The JSON service's content type was never captured (au-abr.md 2.2, 7.1); a JavaScript type fits
 * a JSONP body. Clients must not rely on it, and ours does not.
 */
const JSONP_HEADERS = { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'private' };

const MESSAGES = {
  noRecord: 'No record found',
  invalidAbn: 'Search text is not a valid ABN or ACN',
  invalidGuid: 'The GUID entered is not recognised as a Registered Party',
  problem: 'There was a problem completing your request.',
} as const;

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];

function company(
  vatNumber: string,
  name: string,
  addressLines: string[],
  vatRegistered: boolean,
  extra: Record<string, string>,
): SimCompany {
  return { vatNumber, name, addressLines, vatRegistered, extra };
}

const SEED: SimCompany[] = [
  company('AU51824753556', 'SOUTHERN CROSS TRADING PARTNERS', ['NSW 2000'], true, {
    entityTypeCode: 'PTR',
    entityTypeName: 'Other Partnership',
    abnStatusEffectiveFrom: '2012-07-01',
    gstFrom: '2012-07-01',
    addressDate: '2015-03-02',
  }),
  company('AU53004085616', 'KOALA CONSULTING PTY LTD', ['VIC 3000'], false, {
    acn: '004085616',
    entityTypeCode: 'PRV',
    entityTypeName: 'Australian Private Company',
    abnStatusEffectiveFrom: '2000-07-01',
    addressDate: '2010-05-11',
  }),
  company('AU83914571673', 'THE TRUSTEE FOR WATTLE FAMILY TRUST', ['QLD 4000'], false, {
    abnStatus: 'Cancelled',
    abnStatusEffectiveFrom: '2019-06-30',
    entityTypeCode: 'TRT',
    entityTypeName: 'Other trust',
    addressDate: '2008-01-15',
  }),
  company('AU99870624871', 'CITIZEN, JANE MARY', ['SA 5067'], true, {
    entityTypeCode: 'IND',
    entityTypeName: 'Individual/Sole Trader',
    abnStatusEffectiveFrom: '2002-12-01',
    gstFrom: '2003-01-01',
    addressDate: '2002-12-01',
    businessNames: "JANE'S BAKERY",
  }),
  company('AU11574456001', 'BLUE GUM HOLDINGS', [], true, {
    entityTypeCode: 'OIE',
    entityTypeName: 'Other Incorporated Entity',
    abnStatusEffectiveFrom: '2005-09-20',
    gstFrom: '2005-09-20',
  }),
];

export const abrSim: SimRegistry = {
  id: 'abr',
  seed: SEED,

  handle(request, context) {
    if (!isDetailsLookup(request)) return notFoundPage();
    // GUID before input: the service authenticates the caller before reading the search text.
    if (request.query.get('guid') !== ACCEPTED_GUID) return errorAnswer(request, MESSAGES.invalidGuid);
    const abn = abnParam(request);
    if (!isValidAbn(abn)) return errorAnswer(request, MESSAGES.invalidAbn);
    const found = context.company(`AU${abn}`);
    // "No record found" echoes the ABN asked for (au-abr.md 2.3, `Abn` row).
    if (!found) return errorAnswer(request, MESSAGES.noRecord, abn);
    return jsonp(request, renderDetails(found));
  },

  fault(code, request) {
    switch (code.trim().toLowerCase()) {
      case 'invalid_guid':
        return errorAnswer(request, MESSAGES.invalidGuid);
      case 'invalid_abn':
        return errorAnswer(request, MESSAGES.invalidAbn);
      case 'no_record':
        return errorAnswer(request, MESSAGES.noRecord, abnParam(request));
      case '500':
        return serverErrorPage();
      case '503':
        return serviceUnavailablePage();
      default:
        // The service's own generic failure (au-abr.md 2.4, last row).
        return errorAnswer(request, MESSAGES.problem);
    }
  },

  malformed(request) {
    // Right content type and wrapper start, body cut off mid-object.
    return {
      status: 200,
      headers: JSONP_HEADERS,
      body: `${callbackName(request)}({"Abn":"${abnParam(request)}","AbnStatus":"Act`,
    };
  },

  wrongNumber(request, context) {
    const abn = abnParam(request);
    const other = isDetailsLookup(request) && isValidAbn(abn) ? otherGstRegistered(abn, context) : undefined;
    if (!other) return abrSim.handle(request, context);
    const query = new URLSearchParams(request.query);
    query.set('abn', other.vatNumber.slice(2));
    return abrSim.handle({ ...request, query }, context);
  },

  numberOf(request) {
    if (!isDetailsLookup(request)) return null;
    const abn = abnParam(request);
    return /^\d{11}$/.test(abn) ? `AU${abn}` : null;
  },
};

/** Mode `wrong_number`: an active, GST-registered ABN the register holds, not the one asked. */
function otherGstRegistered(abn: string, context: SimContext): SimCompany | undefined {
  return context
    .companies()
    .find(
      (found) =>
        found.vatNumber.startsWith('AU') &&
        found.vatNumber !== `AU${abn}` &&
        found.vatRegistered &&
        found.extra?.abnStatus !== 'Cancelled',
    );
}

/** ASP.NET paths are case-insensitive (au-abr.md 3.1 says so for the XML service; IIS does it for all). */
function isDetailsLookup(request: SimRequest): boolean {
  return request.path.toLowerCase() === DETAILS_PATH;
}

/** Clients strip spaces first (au-abr.md 2.1); the service is lenient about them too. */
function abnParam(request: SimRequest): string {
  return (request.query.get('abn') ?? '').replace(/\s+/g, '');
}

/** The official ABN test (au-abr.md section 5): d1 − 1, weights 10 1 3 … 19, sum mod 89 = 0. */
function isValidAbn(abn: string): boolean {
  if (!/^[1-9]\d{10}$/.test(abn)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = [...abn].map(Number);
  digits[0] -= 1;
  return digits.reduce((sum, digit, index) => sum + digit * weights[index], 0) % 89 === 0;
}

/** Default callback name `callback` when none is given (au-abr.md 2.1). */
function callbackName(request: SimRequest): string {
  const name = request.query.get('callback') ?? '';
  return /^[\w$.]+$/.test(name) ? name : 'callback';
}

/** `{callback}({json})`, no trailing semicolon or newline, as captured (au-abr.md 2.2). */
function jsonp(request: SimRequest, details: Record<string, unknown>): SimResponse {
  return {
    status: 200,
    headers: JSONP_HEADERS,
    body: `${callbackName(request)}(${JSON.stringify(details)})`,
  };
}

/** Error answers: HTTP 200, blank members, dates null (au-abr.md 2.4, hyraiq stub shape). */
function errorAnswer(request: SimRequest, message: string, abn = ''): SimResponse {
  return jsonp(request, {
    Abn: abn,
    AbnStatus: '',
    AbnStatusEffectiveFrom: '',
    Acn: '',
    AddressDate: null,
    AddressPostcode: '',
    AddressState: '',
    BusinessName: [],
    EntityName: '',
    EntityTypeCode: '',
    EntityTypeName: '',
    Gst: null,
    Message: message,
  });
}

/** The 13 members in the wire's alphabetical order (au-abr.md 2.2, 2.3). */
function renderDetails(found: SimCompany): Record<string, unknown> {
  const extra = found.extra ?? {};
  const status = extra.abnStatus === 'Cancelled' ? 'Cancelled' : 'Active';
  const { state, postcode } = locationOf(found);
  // A cancelled ABN has no current GST registration; the JSON service shows none (Gst null).
  const gst = found.vatRegistered && status === 'Active' ? (extra.gstFrom ?? '2000-07-01') : null;
  return {
    Abn: found.vatNumber.slice(2),
    AbnStatus: status,
    AbnStatusEffectiveFrom: extra.abnStatusEffectiveFrom ?? '2000-07-01',
    Acn: extra.acn ?? '',
    AddressDate: state || postcode ? (extra.addressDate ?? '2000-07-01') : null,
    AddressPostcode: postcode,
    AddressState: state,
    BusinessName: extra.businessNames ? extra.businessNames.split('|') : [],
    EntityName: found.name,
    EntityTypeCode: extra.entityTypeCode ?? 'OIE',
    EntityTypeName: extra.entityTypeName ?? 'Other Incorporated Entity',
    Gst: gst,
    Message: '',
  };
}

/** ABN Lookup only holds the state and postcode of the main business location (au-abr.md 2.3). */
function locationOf(found: SimCompany): { state: string; postcode: string } {
  const text = found.addressLines.join(' ').toUpperCase();
  const stateMatches = text.match(new RegExp(`\\b(${STATES.join('|')})\\b`, 'g')) ?? [];
  const postcodeMatches = text.match(/\b\d{4}\b/g) ?? [];
  return {
    state: found.extra?.state ?? stateMatches.at(-1) ?? '',
    postcode: found.extra?.postcode ?? postcodeMatches.at(-1) ?? '',
  };
}

/** IIS answers unknown paths with its HTML 404 page. */
function notFoundPage(): SimResponse {
  return {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: "<!DOCTYPE html><html><head><title>The resource cannot be found.</title></head><body><h1>Server Error in '/' Application.</h1><h2><i>The resource cannot be found.</i></h2></body></html>",
  };
}

/** An unhandled ASP.NET exception: HTTP 500 with the runtime error page. */
function serverErrorPage(): SimResponse {
  return {
    status: 500,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: "<!DOCTYPE html><html><head><title>Runtime Error</title></head><body><h1>Server Error in '/' Application.</h1><h2><i>Runtime Error</i></h2></body></html>",
  };
}

/** HTTP.sys in front of a stopped application pool. */
function serviceUnavailablePage(): SimResponse {
  return {
    status: 503,
    headers: { 'content-type': 'text/html; charset=us-ascii' },
    body: '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n<HTML><HEAD><TITLE>Service Unavailable</TITLE>\r\n<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n<BODY><h2>Service Unavailable</h2>\r\n<hr><p>HTTP Error 503. The service is unavailable.</p>\r\n</BODY></HTML>\r\n',
  };
}
