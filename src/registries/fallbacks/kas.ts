/**
 * Poland's VAT-payer list ("Biała lista", Wykaz podatników VAT) of the Ministry of Finance / KAS,
 * as a fallback when VIES cannot answer for PL (shared/upstreams/national-fallbacks.md section 1).
 * It proves the domestic VAT status (`Czynny`), not the intra-EU VAT-UE registration VIES reflects
 * (section 1.6): the fallback stage asks it only when KAS_FALLBACK_ACCEPTS_CZYNNY allows, and the
 * answer names it as its source. Open API: no key, JSON.
 */
import type { ParsedVatNumber } from '../../numbers/index.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from '../http.js';
import { cleanText, type Registry, type RegistryAnswer, type RegistryVerdict } from '../registry.js';
import {
  dayOf,
  failureOf,
  isObject,
  type Json,
  jsonObjectOf,
  textOf,
  tryParseJson,
  unreadable,
} from './json.js';

/** The real service's root (section 1.1); `api/search/nip/{nip}` is appended beneath it. */
export const DEFAULT_URL = 'https://wl-api.mf.gov.pl';

/** `now` also gives the `date` asked for (today). */
export type Options = RegistryPoolOptions;

/** Section 1.3: the one status that means an active VAT taxpayer. */
const ACTIVE = 'Czynny';

/** Section 1.4: error codes about the NIP itself (wrong length, bad checksum, "invalid NIP"). */
const NIP_CODES: ReadonlySet<string> = new Set(['WL-101', 'WL-113', 'WL-115']);

const failure = failureOf('kas');

export function createKasRegistry(options: Options): Registry {
  const now = options.now ?? Date.now;
  const http = new RegistryHttp('kas', options);
  return {
    id: 'kas',
    async lookup({ target }): Promise<RegistryAnswer> {
      const nip = nipOf(target);
      const answer = await http.send({
        method: 'GET',
        url: joinUrl(options.baseUrl, `api/search/nip/${nip}?date=${dayOf(now())}`),
        headers: { accept: 'application/json' },
      });
      return { ...interpret(answer, nip), exchange: answer.exchange };
    },
    acceptsRequester: () => false,
    close: () => http.close(),
  };
}

/** Section 1.1: ten digits, without `PL`. */
function nipOf(target: ParsedVatNumber): string {
  if (target.countryCode !== 'PL' || !/^[0-9]{10}$/.test(target.national)) {
    throw failure('invalid_input', `${target.vatNumber} is not a Polish NIP`);
  }
  return target.national;
}

function interpret(answer: HttpAnswer, nip: string): RegistryVerdict {
  const error = errorBodyOf(answer.body);
  if (error) throw errorFailure(error, answer.status);
  if (answer.status !== 200) throw unreadable('kas', answer, `HTTP ${answer.status}`);
  const body = jsonObjectOf(answer);
  const result = body?.result;
  if (!isObject(result)) throw failure('malformed', 'kas answered 200 without a `result` object');
  // Section 1.3: not in the list at all is `subject: null` with 200.
  if (result.subject === null) return notRegistered();
  if (!isObject(result.subject)) throw failure('malformed', 'kas answer lacks `result.subject`');
  return readSubject(result.subject, nip);
}

function readSubject(subject: Json, nip: string): RegistryVerdict {
  // The answer must be about the NIP asked, or its verdict and name would be kept for ours.
  if (subject.nip !== nip) throw failure('malformed', `kas answered for ${String(subject.nip)}, not ${nip}`);
  const status = subject.statusVat;
  if (typeof status !== 'string' || status.trim() === '')
    throw failure('malformed', 'kas answer lacks statusVat');
  // Section 1.3: `Zwolniony` (exempt), removed or denied subjects: anything but `Czynny` is not registered.
  if (status.trim() !== ACTIVE) return notRegistered();
  const name = cleanText(textOf(subject.name));
  if (name === null) throw failure('malformed', 'kas answer lacks the subject name');
  // Section 1.2: one free-text line, working address for legal entities, residence for persons.
  const address = cleanText(textOf(subject.workingAddress)) ?? cleanText(textOf(subject.residenceAddress));
  return { valid: true, name, address, consultationNumber: null };
}

interface KasError {
  code: string;
  message: string;
}

/** Section 1.4: `{code, message}`, or wrapped as `{exception: {code, message}}`. */
function errorBodyOf(body: string): KasError | undefined {
  const parsed = tryParseJson(body);
  if (!isObject(parsed)) return undefined;
  const inner = isObject(parsed.exception) ? parsed.exception : parsed;
  const code = textOf(inner.code);
  return /^(WL|HTTP)-/.test(code) ? { code, message: textOf(inner.message) } : undefined;
}

function errorFailure(error: KasError, status: number) {
  const detail = `kas error ${error.code}${error.message ? `: ${error.message}` : ''}`;
  if (NIP_CODES.has(error.code)) return failure('invalid_input', detail, error.code);
  // Other WL codes include the daily quota (section 1.5); HTTP-503 is the service's own outage.
  if (error.code === 'HTTP-429' || status === 429) return failure('throttled', detail, error.code);
  return failure('server_error', detail, error.code);
}

function notRegistered(): RegistryVerdict {
  return { valid: false, name: null, address: null, consultationNumber: null };
}
