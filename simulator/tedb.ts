import { readFileSync } from 'node:fs';
import { resourcePath } from '../src/paths.js';
import { escapeXml, parseXml } from '../src/registries/xml.js';
import { withDoctype } from './doctype.js';
import type { SimContext, SimRegistry, SimRequest, SimResponse, TedbAnnouncement } from './types.js';

/*
 * The EU's Taxes in Europe Database, SOAP 1.1 `retrieveVatRates`, as ../../shared/upstreams/eu-tedb.md
 * describes it, answering from TEDB's own answer for all 27 member states over 2025-07-27..2025-08-26
 * (resources/tedb/, the snapshot the service seeds its categories from), in TEDB's namespaces.
 *
 * A member state's situations are the snapshot's (each `situationOn` with every result of it) and
 * those announced through the control API: an announcement is a new situation on its day, copied
 * from the situation in force that day with its changes. `situationOn` asks for the situation in
 * force on a day; `from`/`to` for the one in force at `from` and every one starting after it until
 * `to` (no `to`: all later ones). Before a member state's first situation, its first is in force.
 * Dates are answered with a zone (`2025-08-01+01:00`), as TEDB does.
 *
 * Path below /tedb: POST /ws/VatRetrievalService. Mode `fault` answers a SOAP fault (HTTP 500),
 * `malformed` a reply cut off in its first result, `doctype` the reply with a DTD declaring an
 * entity; a slow TEDB is `latencyMs`, `down` a 503.
 */

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SERVICE_NS = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService';
const TYPES_NS = `${SERVICE_NS}:types`;
const XML_HEADERS = { 'content-type': 'text/xml; charset=utf-8' };
const SERVICE_PATH = '/ws/VatRetrievalService';

/** A result as the snapshot holds it (JSON from the SOAP reply, element names kept). */
interface RawResult {
  memberState: string;
  type: string;
  rate: { type: string; value?: number | null };
  situationOn: string;
  cnCodes?: { code: Array<{ value: string; description?: string }> } | null;
  cpaCodes?: { code: Array<{ value: string; description?: string }> } | null;
  category?: { identifier: string; description?: string } | null;
  comment?: string | null;
}

let snapshot: RawResult[] | undefined;

function snapshotResults(): RawResult[] {
  snapshot ??= (
    JSON.parse(
      readFileSync(resourcePath('tedb', 'retrieveVatRates-2025-07-27_to_2025-08-26.json'), 'utf8'),
    ) as { vatRateResults: RawResult[] }
  ).vatRateResults;
  return snapshot;
}

/** Each member state's situations by day, the snapshot's and the announced ones. */
function situations(announcements: readonly TedbAnnouncement[]): Map<string, Map<string, RawResult[]>> {
  const byState = new Map<string, Map<string, RawResult[]>>();
  for (const result of snapshotResults()) {
    const days = byState.get(result.memberState) ?? new Map<string, RawResult[]>();
    byState.set(result.memberState, days);
    days.set(result.situationOn, [...(days.get(result.situationOn) ?? []), result]);
  }
  const ordered = [...announcements]
    .filter((a) => !a.withdrawn)
    .sort((a, b) => (a.situationOn < b.situationOn ? -1 : 1));
  for (const announcement of ordered) {
    const days = byState.get(announcement.memberState) ?? new Map<string, RawResult[]>();
    byState.set(announcement.memberState, days);
    const base = days.get(inForce([...days.keys()], announcement.situationOn) ?? '') ?? [];
    days.set(announcement.situationOn, announced(base, announcement));
  }
  return byState;
}

/** The latest day on or before `date`; the first day when none is (its first situation holds). */
function inForce(days: string[], date: string): string | undefined {
  const sorted = days.sort();
  return sorted.filter((day) => day <= date).at(-1) ?? sorted[0];
}

/** The situation an announcement makes of the one in force on its day. */
function announced(base: readonly RawResult[], change: TedbAnnouncement): RawResult[] {
  const domesticStandard = base.find((r) => r.rate.type === 'DEFAULT' && !/^VAT - /.test(r.comment ?? ''))
    ?.rate.value;
  let results = base.map((result): RawResult => {
    const copy: RawResult = { ...result, rate: { ...result.rate }, situationOn: change.situationOn };
    const value = copy.rate.value ?? null;
    if (change.standard !== undefined && copy.rate.type === 'DEFAULT' && value === domesticStandard) {
      copy.rate.value = change.standard;
    }
    const moved = value === null ? undefined : change.rates?.[String(value)];
    if (moved !== undefined && copy.rate.type !== 'DEFAULT') copy.rate.value = moved;
    return copy;
  });
  for (const [identifier, rate] of Object.entries(change.categories ?? {})) {
    const description =
      snapshotResults().find((r) => r.category?.identifier === identifier)?.category?.description ??
      identifier;
    results = results.filter((r) => r.category?.identifier !== identifier);
    for (const entry of rate === null ? [] : Array.isArray(rate) ? rate : [rate]) {
      results.push({
        memberState: change.memberState,
        type: 'REDUCED',
        rate: { type: entry.type, value: entry.value },
        situationOn: change.situationOn,
        category: { identifier, description },
        comment: entry.comment ?? null,
      });
    }
  }
  return results;
}

interface TedbRequest {
  memberStates: string[];
  situationOn?: string;
  from?: string;
  to?: string;
}

function readRequest(body: string): TedbRequest | undefined {
  try {
    const envelope = parseXml(body).Envelope as Record<string, Record<string, Record<string, unknown>>>;
    const message = envelope?.Body?.retrieveVatRatesReqMsg;
    if (!message) return undefined;
    const codes = (message.memberStates as Record<string, unknown> | undefined)?.isoCode;
    const memberStates = (Array.isArray(codes) ? codes : codes === undefined ? [] : [codes]).map(String);
    const text = (name: string) =>
      typeof message[name] === 'string' ? (message[name] as string) : undefined;
    return { memberStates, situationOn: text('situationOn'), from: text('from'), to: text('to') };
  } catch {
    return undefined;
  }
}

/** The results a request asks for, member state by member state. */
function answerResults(request: TedbRequest, context: SimContext): RawResult[] {
  const announcements = context.tedbAnnouncements?.() ?? [];
  const withdrawn = new Set(announcements.filter((a) => a.withdrawn).map((a) => a.memberState));
  const all = situations(announcements);
  const out: RawResult[] = [];
  for (const state of request.memberStates) {
    const days = all.get(state);
    if (!days || withdrawn.has(state)) continue;
    const sorted = [...days.keys()].sort();
    const start = request.situationOn ?? request.from!;
    const first = inForce(sorted, start)!;
    const picked = request.situationOn
      ? [first]
      : [first, ...sorted.filter((day) => day > start && (!request.to || day <= request.to))];
    for (const day of picked) out.push(...days.get(day)!);
  }
  return out;
}

const percent = (value: number) => (Number.isInteger(value) ? value.toFixed(1) : String(value));
const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

function codesXml(name: string, codes: RawResult['cnCodes']): string {
  if (!codes?.code?.length) return '';
  const items = codes.code.map(
    (code) =>
      `<code>${element('value', code.value)}${code.description ? element('description', code.description) : ''}</code>`,
  );
  return `<${name}>${items.join('')}</${name}>`;
}

function resultXml(result: RawResult): string {
  const value = result.rate.value;
  return [
    '<vatRateResults>',
    element('memberState', result.memberState),
    element('type', result.type),
    `<rate>${element('type', result.rate.type)}${value === undefined || value === null ? '' : element('value', percent(value))}</rate>`,
    element('situationOn', `${result.situationOn}+01:00`),
    codesXml('cnCodes', result.cnCodes),
    codesXml('cpaCodes', result.cpaCodes),
    result.category
      ? `<category>${element('identifier', result.category.identifier)}${element('description', result.category.description ?? '')}</category>`
      : '',
    result.comment ? element('comment', result.comment) : '',
    '</vatRateResults>',
  ].join('');
}

function envelope(inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${SOAP_ENV}"><env:Header/><env:Body>${inner}</env:Body></env:Envelope>`;
}

function reply(results: readonly RawResult[]): string {
  return envelope(
    `<ns0:retrieveVatRatesRespMsg xmlns="${TYPES_NS}" xmlns:ns0="${SERVICE_NS}"><additionalInformation/>${results.map(resultXml).join('')}</ns0:retrieveVatRatesRespMsg>`,
  );
}

function soapFault(message: string): SimResponse {
  return {
    status: 500,
    headers: XML_HEADERS,
    body: envelope(
      `<env:Fault><faultcode>env:Server</faultcode><faultstring>${escapeXml(message)}</faultstring></env:Fault>`,
    ),
  };
}

export const tedbSim: SimRegistry = {
  id: 'tedb',
  seed: [],
  handle(request, context) {
    if (request.method !== 'POST' || request.path !== SERVICE_PATH) {
      return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
    }
    const query = readRequest(request.body);
    const dates = query && [query.situationOn, query.from, query.to].filter((d) => d !== undefined);
    if (
      !query ||
      query.memberStates.length === 0 ||
      !query.memberStates.every((code) => /^[A-Z]{2}$/.test(code)) ||
      (query.situationOn === undefined) === (query.from === undefined) ||
      !dates!.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date!))
    ) {
      return soapFault('TEDB-400: the request is not a valid retrieveVatRatesReqMsg');
    }
    return { status: 200, headers: XML_HEADERS, body: reply(answerResults(query, context)) };
  },
  fault(code) {
    return soapFault(code || 'TEDB-500: internal error');
  },
  malformed() {
    const whole = reply(snapshotResults().slice(0, 1));
    return { status: 200, headers: XML_HEADERS, body: whole.slice(0, whole.indexOf('<rate>') + 12) };
  },
  /** The usual reply with a DTD in front whose entity stands in for the first member state. */
  doctype(request, context) {
    const answer = this.handle(request, context) as SimResponse;
    if (answer.status !== 200) return answer;
    return { ...answer, body: withDoctype(answer.body.replace(/^<\?xml[^>]*\?>/, ''), 'memberState') };
  },
  wrongNumber(request: SimRequest, context: SimContext) {
    return this.handle(request, context);
  },
  numberOf() {
    return null;
  },
};
