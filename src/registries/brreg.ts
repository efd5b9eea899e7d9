/**
 * Brønnøysund Register Centre, Enhetsregisteret open-data API, for NO numbers
 * (shared/upstreams/no-brreg.md). Product rule (decisions section 3): a NO number is valid when the
 * legal entity is registered in the VAT register (`registrertIMvaregisteret`); the register never
 * gives a consultation number. The API is open: no key, no credentials (no-brreg.md section 1).
 */
import type { ParsedVatNumber } from '../numbers/index.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from './http.js';
import {
  cleanText,
  joinAddress,
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryFailureKind,
  type RegistryQuery,
  type RegistryVerdict,
} from './registry.js';

/** The real service's root (no-brreg.md section 1); `enheter/{orgnr}` is appended beneath it. */
export const DEFAULT_URL = 'https://data.brreg.no/enhetsregisteret/api';

export type Options = RegistryPoolOptions;

/**
 * Pins version 2 explicitly (no-brreg.md section 2): unversioned requests get "the latest version",
 * which could change shape under us without notice.
 */
const ACCEPT_V2 = 'application/vnd.brreg.enhetsregisteret.enhet.v2+json;charset=UTF-8';

/** The national part as normalised by the service: 9 digits, with or without `MVA` (no-brreg.md section 8). */
const NATIONAL_PART = /^([0-9]{9})(?:MVA)?$/;

/** Not registered, deleted, removed: company null whenever valid is false (decisions section 3). */
function notRegistered(): RegistryVerdict {
  return { valid: false, name: null, address: null, consultationNumber: null };
}

type Json = Record<string, unknown>;

export function createBrregRegistry(options: Options): Registry {
  const http = new RegistryHttp('brreg', options);
  return {
    id: 'brreg',
    async lookup(query: RegistryQuery): Promise<RegistryAnswer> {
      // The requester is ignored: Enhetsregisteret has no notion of one (decisions section 3).
      const orgnr = organisationNumberOf(query.target);
      const answer = await http.send({
        method: 'GET',
        url: joinUrl(options.baseUrl, `enheter/${orgnr}`),
        headers: { accept: ACCEPT_V2 },
      });
      return { ...interpret(answer, orgnr), exchange: answer.exchange };
    },
    acceptsRequester: () => false,
    close: () => http.close(),
  };
}

function organisationNumberOf(target: ParsedVatNumber): string {
  const match = target.countryCode === 'NO' ? NATIONAL_PART.exec(target.national) : null;
  if (!match) {
    throw failure('invalid_input', `${target.vatNumber} is not a Norwegian organisation number`);
  }
  return match[1];
}

/** The outcome table of no-brreg.md section 3, mapped as section 7 says. */
function interpret(answer: HttpAnswer, orgnr: string): RegistryVerdict {
  const status = answer.status;
  if (status === 200) return interpretEntity(answer, orgnr);
  if (status === 404) return interpretNotFound(answer);
  if (status === 410) return interpretGone(answer, orgnr);
  if (status === 400) return rejectBadRequest(answer);
  // No rate limit is documented (section 9), but a 429 can only mean "too many requests".
  if (status === 429) throw failure('throttled', 'brreg answered 429 Too Many Requests', '429');
  // 5xx, 406 (our v2 Accept refused, section 2) and any status outside the outcome table (a
  // redirect, a proxy's 401/403): the registry did not answer the lookup (section 7).
  throw failure(
    'server_error',
    `brreg answered HTTP ${status}${serverErrorDetail(answer.body)}`,
    String(status),
  );
}

/**
 * The register answers 404 "with no content" (no-brreg.md section 5). A 404 with a body comes from
 * something else (a wrong base URL, a proxy): treating it as "not registered" would be a guess.
 */
function interpretNotFound(answer: HttpAnswer): RegistryVerdict {
  if (answer.body.trim() === '') return notRegistered();
  throw failure(
    'malformed',
    'brreg answered 404 with a body; the register’s not-found has none (wrong URL?)',
    '404',
  );
}

/**
 * 410 Gone: removed from open data for legal reasons; the entity is not answerable as registered.
 * The `GoneEnhet` body names the number (section 5): a body naming another one is not about ours.
 */
function interpretGone(answer: HttpAnswer, orgnr: string): RegistryVerdict {
  const body = tryParseJson(answer.body);
  const echoed = isObject(body) ? body.organisasjonsnummer : undefined;
  if (typeof echoed === 'string' && echoed !== orgnr) {
    throw failure('malformed', `brreg answered 410 for ${echoed}, not ${orgnr}`, '410');
  }
  return notRegistered();
}

function interpretEntity(answer: HttpAnswer, orgnr: string): RegistryVerdict {
  const entity = parseJsonBody(answer);
  // The answer must be about the number asked, or its verdict and name would be kept for ours.
  if (entity.organisasjonsnummer !== orgnr) {
    throw failure('malformed', `brreg answered for ${String(entity.organisasjonsnummer)}, not ${orgnr}`);
  }
  // Deleted entities answer 200 with a reduced body; detect them by `slettedato`, since
  // `respons_klasse` is missing from older answers (section 4.1, section 3).
  if (typeof entity.slettedato === 'string' || entity.respons_klasse === 'SlettetEnhet')
    return notRegistered();
  // Required by the spec and the one fact the answer rests on: without it we would be guessing.
  if (typeof entity.registrertIMvaregisteret !== 'boolean') {
    throw failure('malformed', 'brreg answer lacks registrertIMvaregisteret');
  }
  // Bankruptcy and winding-up flags do not change `valid` (section 7: valid = in the VAT register).
  if (!entity.registrertIMvaregisteret) return notRegistered();
  const name = typeof entity.navn === 'string' ? cleanText(entity.navn) : null;
  if (name === null) throw failure('malformed', 'brreg answer lacks navn');
  // Business address first, postal address as the fallback (decisions section 3).
  const address = addressOf(entity.forretningsadresse) ?? addressOf(entity.postadresse);
  return { valid: true, name, address, consultationNumber: null };
}

/** 200 bodies are `…json` types: the v2 media type or `application/json` (section 2). */
function parseJsonBody(answer: HttpAnswer): Json {
  const contentType = headerOf(answer, 'content-type');
  if (!/json/i.test(contentType)) {
    throw failure('malformed', `brreg answered 200 with content type "${contentType}", not JSON`);
  }
  const parsed = tryParseJson(answer.body);
  if (!isObject(parsed))
    throw failure('malformed', 'brreg answered 200 with a body that is not a JSON object');
  return parsed;
}

/**
 * The address object of section 4.2: non-empty `adresse` lines, then "postnummer poststed", then
 * `land` for a foreign address (foreign post codes sit inside `poststed`). Null when nothing is left.
 */
function addressOf(value: unknown): string | null {
  if (!isObject(value)) return null;
  const lines = Array.isArray(value.adresse) ? value.adresse.filter((line) => typeof line === 'string') : [];
  const place = [textOf(value.postnummer), textOf(value.poststed)].filter(Boolean).join(' ');
  const country = isForeign(value) ? textOf(value.land) : '';
  return joinAddress([...lines, place, country]);
}

/** `landkode` decides; an address without one is Norwegian unless `land` names another country. */
function isForeign(address: Json): boolean {
  const code = textOf(address.landkode).toUpperCase();
  if (code !== '') return code !== 'NO';
  const land = textOf(address.land);
  return land !== '' && land.toLowerCase() !== 'norge';
}

/**
 * 400 is the register's "input invalid" (section 5) only when it carries the register's
 * `BadRequest` body; any other 400 (a proxy's page) is not the register speaking.
 */
function rejectBadRequest(answer: HttpAnswer): never {
  const body = tryParseJson(answer.body);
  if (!isObject(body) || !Array.isArray(body.valideringsfeil)) {
    throw failure('malformed', 'brreg answered 400 without its BadRequest body', '400');
  }
  const reasons = body.valideringsfeil
    .map((error) => (isObject(error) ? textOf(error.feilmelding) : ''))
    .filter(Boolean);
  const message = reasons.length > 0 ? reasons.join('; ') : textOf(body.feilmelding) || 'invalid request';
  throw failure('invalid_input', `brreg rejected the organisation number: ${message}`, '400');
}

/** The `trace` of an `InternalServerError` body (section 5) is what brreg asks to be quoted. */
function serverErrorDetail(body: string): string {
  const parsed = tryParseJson(body);
  if (!isObject(parsed)) return '';
  const trace = textOf(parsed.trace);
  return trace ? ` (trace ${trace})` : '';
}

function headerOf(answer: HttpAnswer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function failure(kind: RegistryFailureKind, message: string, upstreamCode?: string): RegistryError {
  return new RegistryError('brreg', kind, message, upstreamCode);
}
