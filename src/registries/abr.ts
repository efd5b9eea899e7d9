/**
 * ABN Lookup (Australian Business Register) client for AU numbers, over the JSON service
 * `AbnDetails.aspx` (shared/upstreams/au-abr.md section 2; section 4 recommends it over the XML
 * search service). Product rule (decisions section 3): an AU number is valid when the ABN is active
 * AND currently registered for GST; ABN Lookup never gives a consultation number.
 */
import type { ParsedVatNumber } from '../numbers/index.js';
import { joinUrl, RegistryHttp, type RegistryPoolOptions } from './http.js';
import {
  cleanText,
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryFailureKind,
  type RegistryQuery,
  type RegistryVerdict,
} from './registry.js';

/** The real service's root (au-abr.md section 2.1); the JSON path is appended beneath it. */
export const DEFAULT_URL = 'https://abr.business.gov.au';

export interface Options extends RegistryPoolOptions {
  /** Registration GUID (au-abr.md section 1); sent as the `guid` query parameter. */
  guid: string;
}

const DETAILS_PATH = '/json/AbnDetails.aspx';

/**
 * The service answers `callback({...})` whether or not a callback is asked for (au-abr.md 2.1, 2.2);
 * some proxies and older captures give the bare object. Dot-all: the object may span lines.
 */
const JSONP_WRAPPER = /^\s*[\w$.]+\s*\(([\s\S]*)\)\s*;?\s*$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+)?$/;

type AbnDetails = Record<string, unknown>;

export function createAbrRegistry(options: Options): Registry {
  const http = new RegistryHttp('abr', options);
  return {
    id: 'abr',
    async lookup(query: RegistryQuery): Promise<RegistryAnswer> {
      const guid = options.guid?.trim() ?? '';
      // Without a GUID the service answers its "not recognised" text (au-abr.md 2.4): say so
      // before the call, naming the setting, so the operator sees the real cause.
      if (guid === '') throw failure('auth', 'ABR GUID is not configured (ABR_GUID)');
      const abn = abnOf(query.target);
      const answer = await http.send({
        method: 'GET',
        url: detailsUrl(options.baseUrl, abn, guid),
        headers: { accept: 'application/javascript, application/json, text/plain, */*' },
        // The GUID is our credential: `[redacted]` in the exchange's query string.
        secrets: [guid],
      });
      checkStatus(answer.status);
      return { ...toAnswer(parseDetails(answer.body), abn), exchange: answer.exchange };
    },
    // Section 3 of the decisions: ABN Lookup has no consultation number for any requester.
    acceptsRequester: () => false,
    close: () => http.close(),
  };
}

function failure(kind: RegistryFailureKind, message: string, upstreamCode?: string): RegistryError {
  return new RegistryError('abr', kind, message, upstreamCode);
}

/** The 11-digit ABN from the service's normalised form (`AU51824753556` → `51824753556`). */
function abnOf(target: ParsedVatNumber): string {
  const abn = target.national.replace(/\s+/g, '');
  if (target.countryCode !== 'AU' || !/^\d{11}$/.test(abn)) {
    throw failure('invalid_input', `ABN Lookup only checks 11-digit AU numbers, not ${target.vatNumber}`);
  }
  return abn;
}

/** `abn` without spaces, `callback`, `guid` (au-abr.md 2.1). */
function detailsUrl(baseUrl: string, abn: string, guid: string): string {
  const query = new URLSearchParams({ abn, callback: 'callback', guid });
  return `${joinUrl(baseUrl, DETAILS_PATH)}?${query.toString()}`;
}

/**
 * The service reports its own errors with HTTP 200 (au-abr.md 2.2, 2.4), so any other status
 * comes from the web server or a gateway in front of it. None is documented: 429 is read as
 * throttling, 401/403 as our access being refused, 5xx as the service failing.
 */
function checkStatus(status: number): void {
  if (status === 200) return;
  const code = String(status);
  if (status === 429) throw failure('throttled', 'ABN Lookup answered HTTP 429', code);
  if (status === 401 || status === 403)
    throw failure('auth', `ABN Lookup refused access (HTTP ${status})`, code);
  if (status >= 500) throw failure('server_error', `ABN Lookup answered HTTP ${status}`, code);
  throw failure('malformed', `ABN Lookup answered HTTP ${status}, not its JSON answer`, code);
}

/** Strips the JSONP wrapper when there is one and parses the single JSON object (au-abr.md 2.2). */
function parseDetails(body: string): AbnDetails {
  const text = body.replace(/^\uFEFF/, '').trim();
  const json = JSONP_WRAPPER.exec(text)?.[1] ?? text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new RegistryError('abr', 'malformed', 'ABN Lookup answer is not JSON or JSONP', undefined, {
      cause: error,
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw failure('malformed', 'ABN Lookup answer is not a JSON object');
  }
  return value as AbnDetails;
}

function toAnswer(details: AbnDetails, abn: string): RegistryVerdict {
  const message = optionalString(details, 'Message') ?? '';
  const isError = message.trim() !== '';
  // au-abr.md 2.3: error answers leave `Abn` empty, but "No record found" echoes the ABN asked.
  checkAbnEcho(details, abn, !isError);
  if (isError) return answerForMessage(message);
  const valid = isActive(details) && isGstCurrent(details);
  // decisions section 3: no company data when the number is not valid.
  if (!valid) return notRegistered();
  return { valid, name: nameOf(details), address: addressOf(details), consultationNumber: null };
}

/**
 * au-abr.md 2.4: a non-empty `Message` is an error; only "No record found" is an answer
 * (`valid: false`). Matched on a trimmed, case-insensitive prefix, as 3.5 advises for the texts.
 */
function answerForMessage(message: string): RegistryVerdict {
  const text = message.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  if (lower.startsWith('no record')) return notRegistered();
  if (lower.startsWith('search text is not a valid abn')) {
    throw failure('invalid_input', `ABN Lookup: ${text}`, text);
  }
  if (lower.includes('guid')) throw failure('auth', `ABN Lookup refused the GUID: ${text}`, text);
  // "There was a problem completing your request." and any text not documented: a failure,
  // never an answer (au-abr.md 2.4, last sentence).
  throw failure('server_error', `ABN Lookup: ${text}`, text);
}

function notRegistered(): RegistryVerdict {
  return { valid: false, name: null, address: null, consultationNumber: null };
}

/**
 * The answer must be about the ABN we asked for, or its verdict and name would be kept for ours.
 * `required`: an answer with details must name it; an error answer may leave it empty.
 */
function checkAbnEcho(details: AbnDetails, abn: string, required: boolean): void {
  const echoed = optionalString(details, 'Abn')?.replace(/\s+/g, '') ?? '';
  if (echoed === abn || (echoed === '' && !required)) return;
  throw failure('malformed', `ABN Lookup answered for ABN ${echoed || '(none)'}, not ${abn}`);
}

/** `AbnStatus` is `Active` or `Cancelled` (au-abr.md 2.3); any other value is not understood. */
function isActive(details: AbnDetails): boolean {
  const status = optionalString(details, 'AbnStatus')?.trim().toLowerCase();
  if (status === 'active') return true;
  if (status === 'cancelled') return false;
  throw failure('malformed', `ABN Lookup answered an unknown AbnStatus: ${String(details.AbnStatus)}`);
}

/**
 * au-abr.md 2.3: `Gst` is the effective-from date of the current GST registration, null when there
 * is none (a cancelled registration shows as null: the JSON service has no end date). 3.4 adds
 * "from ≤ today", read in the register's own time zone. A missing member cannot be read as "not
 * registered" without guessing, so it is malformed.
 */
function isGstCurrent(details: AbnDetails): boolean {
  if (!('Gst' in details)) throw failure('malformed', 'ABN Lookup answer has no Gst member');
  const gst = details.Gst;
  if (gst === null || gst === '') return false;
  const from = typeof gst === 'string' ? ISO_DATE.exec(gst.trim())?.[1] : undefined;
  if (!from) throw failure('malformed', `ABN Lookup answered an unreadable Gst date: ${String(gst)}`);
  return from <= todayInAustralia();
}

function todayInAustralia(): string {
  // en-CA formats as YYYY-MM-DD; Sydney is the register's (ATO's) civil date.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
}

/**
 * au-abr.md 2.3: `EntityName` is the company name to return. When it is blank, the first
 * registered business name is the next best public name; else the name is withheld (null).
 */
function nameOf(details: AbnDetails): string | null {
  const entityName = cleanText(optionalString(details, 'EntityName'));
  if (entityName) return entityName;
  const businessNames = Array.isArray(details.BusinessName) ? details.BusinessName : [];
  for (const candidate of businessNames) {
    const name = typeof candidate === 'string' ? cleanText(candidate) : null;
    if (name) return name;
  }
  return null;
}

/**
 * ABN Lookup publishes no street address, only the main business location's state and postcode
 * (au-abr.md 2.3). The one-line address is `"{AddressState} {AddressPostcode}"` (e.g. `NSW 2000`),
 * either part alone when the other is blank, null when both are.
 */
function addressOf(details: AbnDetails): string | null {
  const parts = [optionalString(details, 'AddressState'), optionalString(details, 'AddressPostcode')]
    .map((part) => cleanText(part))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A member that must be a string when present; null and absence both read as "not given". */
function optionalString(details: AbnDetails, key: string): string | undefined {
  const value = details[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw failure('malformed', `ABN Lookup member ${key} is not a string`);
  }
  return value;
}
