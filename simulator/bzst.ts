import { randomBytes } from 'node:crypto';
import { registeredData } from './trader-compare.js';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

/*
 * Germany's federal tax office confirmation service (eVatR), REST, as
 * ../../shared/upstreams/de-bzst-evatr.md (§) describes it, below /bzst:
 *   POST /app/v1/abfrage                 simple and qualified confirmations (§3.1-§3.4)
 *   GET  /app/v1/info/statusmeldungen    the status code list (§3.4)
 *   GET  /app/v1/info/eu_mitgliedstaaten the member states and whether each is reachable (§3.5)
 *
 * It answers from the same companies as VIES (the office asks the member states through VIES):
 * a VAT-registered one is `evatr-0000`, anything else `evatr-2001`. A qualified request (name and
 * city) compares name, city and, when sent, postcode and street with the registered data (a
 * company's `extra.registeredName` / `extra.registeredAddress` when it has them, as ES): A match,
 * B no match, C not asked, D the member state holds none. The official test cases of §3.6 answer
 * as the live service does. A VIES member state switched `down` answers `evatr-2007` here too
 * (§5: the office depends on the same national nodes) and is `verfuegbar: false`.
 *
 * Fault codes for mode `fault`: any `evatr-NNNN` of the list, answered with its HTTP status, e.g.
 * `evatr-0011` (503, try later), `evatr-2007` (500, member state error), `evatr-0008` (403,
 * session cap of qualified requests).
 */

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const ABFRAGE = '/app/v1/abfrage';

/** §3.4: code, HTTP status, category, field, message (German, as the office words it, shortened). */
const STATUS_LIST: ReadonlyArray<[string, number, string, string | null, string]> = [
  ['evatr-0000', 200, 'Ergebnis', null, 'Die angefragte USt-IdNr. ist zum Anfragezeitpunkt gültig.'],
  ['evatr-0002', 400, 'Hinweis', 'angefragteUstid', 'Mindestens ein Pflichtfeld fehlt.'],
  [
    'evatr-0003',
    400,
    'Hinweis',
    'firmenname,ort',
    'Gültig; für die qualifizierte Bestätigung fehlt ein Pflichtfeld.',
  ],
  ['evatr-0004', 400, 'Fehler', 'anfragendeUstid', 'Die anfragende USt-IdNr. ist syntaktisch falsch.'],
  ['evatr-0005', 400, 'Fehler', 'angefragteUstid', 'Die angefragte USt-IdNr. ist syntaktisch falsch.'],
  [
    'evatr-0006',
    403,
    'Hinweis',
    'anfragendeUstid',
    'Keine Berechtigung zur Anfrage einer deutschen USt-IdNr.',
  ],
  ['evatr-0007', 403, 'Hinweis', null, 'Fehlerhafter Aufruf.'],
  ['evatr-0008', 403, 'Hinweis', null, 'Die maximale Anzahl qualifizierter Anfragen ist erreicht.'],
  ['evatr-0011', 503, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-0012', 400, 'Fehler', 'angefragteUstid', 'Die angefragte USt-IdNr. entspricht nicht dem Aufbau.'],
  ['evatr-0013', 503, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-1001', 503, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-1002', 500, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-1003', 500, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-1004', 500, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  [
    'evatr-2001',
    404,
    'Hinweis',
    'angefragteUstid',
    'Die angefragte USt-IdNr. ist zum Anfragezeitpunkt nicht vergeben.',
  ],
  ['evatr-2002', 200, 'Hinweis', 'angefragteUstid', 'Die angefragte USt-IdNr. ist erst ab gueltigAb gültig.'],
  ['evatr-2003', 400, 'Fehler', 'angefragteUstid', 'Das Länderkennzeichen ist nicht gültig.'],
  ['evatr-2004', 500, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-2005', 404, 'Fehler', 'anfragendeUstid', 'Die anfragende USt-IdNr. ist nicht gültig.'],
  [
    'evatr-2006',
    200,
    'Hinweis',
    'angefragteUstid',
    'Die angefragte USt-IdNr. war von gueltigAb bis gueltigBis gültig.',
  ],
  ['evatr-2007', 500, 'Fehler', null, 'Fehler bei der Verarbeitung der Daten des Mitgliedstaats.'],
  ['evatr-2008', 200, 'Hinweis', null, 'Gültig; für die qualifizierte Bestätigung gilt eine Besonderheit.'],
  ['evatr-2011', 500, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
  ['evatr-3011', 500, 'Fehler', null, 'Eine Bearbeitung ist derzeit nicht möglich.'],
];
const HTTP_STATUS = new Map(STATUS_LIST.map(([code, status]) => [code, status]));

/** §3.5: the member states (Greece as EL, as VIES has it) and their German names. */
const MEMBER_STATES: ReadonlyArray<[string, string]> = [
  ['AT', 'Österreich'],
  ['BE', 'Belgien'],
  ['BG', 'Bulgarien'],
  ['CY', 'Zypern'],
  ['CZ', 'Tschechien'],
  ['DK', 'Dänemark'],
  ['EE', 'Estland'],
  ['EL', 'Griechenland'],
  ['ES', 'Spanien'],
  ['FI', 'Finnland'],
  ['FR', 'Frankreich'],
  ['HR', 'Kroatien'],
  ['HU', 'Ungarn'],
  ['IE', 'Irland'],
  ['IT', 'Italien'],
  ['LT', 'Litauen'],
  ['LU', 'Luxemburg'],
  ['LV', 'Lettland'],
  ['MT', 'Malta'],
  ['NL', 'Niederlande'],
  ['PL', 'Polen'],
  ['PT', 'Portugal'],
  ['RO', 'Rumänien'],
  ['SE', 'Schweden'],
  ['SI', 'Slowenien'],
  ['SK', 'Slowakei'],
  ['XI', 'Nordirland'],
];
const MEMBER_STATE_CODES = new Set(['GR', ...MEMBER_STATES.map(([code]) => code)]);

/** §3.6: the official test cases, answered as the live service answers them. */
const TEST_REQUESTER = 'DE123456789';
const TEST_TARGET = 'ATU12345678';
const TEST_TRADER = {
  firmenname: 'Musterhaus GmbH & Co KG',
  ort: 'Musterort',
  strasse: 'Musterstrasse 22',
  plz: '12345',
};

export const bzstSim: SimRegistry = {
  id: 'bzst',
  seed: [],
  handle,
  fault(code) {
    const status = HTTP_STATUS.get(code) ?? 503;
    return reply(HTTP_STATUS.has(code) ? code : 'evatr-0011', status);
  },
  malformed() {
    return {
      status: 200,
      headers: JSON_HEADERS,
      body: `{"id":"${requestId()}","anfrageZeitpunkt":"${timestamp()}","sta`,
    };
  },
  wrongNumber: handle,
  numberOf(request) {
    if (request.method !== 'POST' || request.path !== ABFRAGE) return null;
    const body = parse(request.body);
    return typeof body?.angefragteUstid === 'string' ? body.angefragteUstid.toUpperCase() : null;
  },
};

function handle(request: SimRequest, context: SimContext): SimResponse {
  if (request.method === 'GET' && request.path === '/app/v1/info/statusmeldungen') {
    const list = STATUS_LIST.map(([status, httpcode, kategorie, feld, meldung]) => ({
      status,
      kategorie,
      httpcode,
      feld,
      meldung,
    }));
    return { status: 200, headers: JSON_HEADERS, body: JSON.stringify(list) };
  }
  if (request.method === 'GET' && request.path === '/app/v1/info/eu_mitgliedstaaten') {
    const list = MEMBER_STATES.map(([alpha2, name]) => ({
      alpha2,
      name,
      verfuegbar: context.memberStateDown?.(alpha2) !== true,
    }));
    return { status: 200, headers: JSON_HEADERS, body: JSON.stringify(list) };
  }
  if (request.path !== ABFRAGE) return { status: 404, headers: JSON_HEADERS, body: '{"status":404}' };
  if (request.method !== 'POST') return reply('evatr-0007');
  const body = parse(request.body);
  if (!body) return reply('evatr-0007');
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
  const requester = text('anfragendeUstid').toUpperCase();
  const target = text('angefragteUstid').toUpperCase();
  if (target === '') return reply('evatr-0002');
  // §3.6: the live service refuses this test pair with evatr-0004, for reasons unknown.
  if (!/^DE\d{9}$/.test(requester) || (requester === TEST_REQUESTER && target === 'ATU12345679'))
    return reply('evatr-0004');
  if (target.startsWith('DE')) return reply('evatr-0006');
  const country = target.slice(0, 2);
  if (!MEMBER_STATE_CODES.has(country)) return reply('evatr-2003');
  if (context.memberStateDown?.(country === 'GR' ? 'EL' : country)) return reply('evatr-2007');
  const trader = {
    firmenname: text('firmenname'),
    ort: text('ort'),
    plz: text('plz'),
    strasse: text('strasse'),
  };
  const found =
    requester === TEST_REQUESTER && target === TEST_TARGET
      ? testCompany()
      : context.company(country === 'GR' ? `EL${target.slice(2)}` : target);
  if (!found?.vatRegistered) return reply('evatr-2001');
  // §3.1: only one of name and city: valid, but no qualified result.
  if ((trader.firmenname === '') !== (trader.ort === '')) return reply('evatr-0003');
  if (trader.firmenname === '') return reply('evatr-0000');
  return reply('evatr-0000', 200, letters(trader, found));
}

function testCompany(): SimCompany {
  return {
    vatNumber: TEST_TARGET,
    name: TEST_TRADER.firmenname,
    addressLines: [TEST_TRADER.strasse, `${TEST_TRADER.plz} ${TEST_TRADER.ort}`],
    vatRegistered: true,
  };
}

/** §2: one letter per field of a qualified request. */
function letters(trader: Record<string, string>, found: SimCompany): Record<string, string> {
  const registered = registeredData(found);
  const held = registered.lines.length > 0;
  const letter = (sent: string, holds: boolean, same: (sent: string) => boolean) =>
    sent === '' ? 'C' : !holds ? 'D' : same(sent) ? 'A' : 'B';
  return {
    ergFirmenname: letter(trader.firmenname, registered.name.trim() !== '', registered.sameName),
    ergStrasse: letter(trader.strasse, registered.lines.length > 1, registered.sameStreet),
    ergPlz: letter(trader.plz, held, registered.samePostcode),
    ergOrt: letter(trader.ort, held, registered.sameCity),
  };
}

/** §3.2/§3.3: every answer is one JSON object with the timestamp and the code; results carry an id. */
function reply(status: string, httpStatus = HTTP_STATUS.get(status) ?? 500, extra: object = {}): SimResponse {
  const result = httpStatus < 300 || status === 'evatr-0003' || status === 'evatr-2001';
  const body = {
    ...(result ? { id: requestId() } : {}),
    anfrageZeitpunkt: timestamp(),
    status,
    ...extra,
  };
  return { status: httpStatus, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/** §3.2: 16 lowercase hex digits. */
function requestId(): string {
  return randomBytes(8).toString('hex');
}

/** §3.2: German local time with nine fractional digits and its offset. */
function timestamp(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  const fraction = String(now.getMilliseconds()).padStart(3, '0').padEnd(9, '0');
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}.${fraction}${offset}`;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
