/**
 * Brønnøysund Enhetsregisteret open-data API (shared/upstreams/no-brreg.md), simulated.
 *
 * Paths below `/brreg`, as the client appends them to its base URL (no-brreg.md section 1):
 *   GET /enheter/{orgnr}              main entity (the only one VAT validation uses)
 *   GET|HEAD /underenheter/{orgnr}    sub-unit (establishment)
 * The real prefix `/enhetsregisteret/api` is accepted too, so a base URL of
 * `.../brreg/enhetsregisteret/api` works as well.
 *
 * Seeded numbers (normalised; every one passes the mod-11 check):
 *   NO900000006MVA  NORSK TESTBEDRIFT AS: AS in the VAT register, business address
 *                   "Havnegata 48, 8900 BRØNNØYSUND" plus a different postal address (the client
 *                   must prefer the business address) → valid, name and address.
 *   NO991825827MVA  DIGITALISERINGSDIREKTORATET: registered entity NOT in the VAT register, as in the
 *                   captured fixture (ORGL) → valid false.
 *   NO900000022MVA  POSTBOKS HANDEL AS: in the VAT register, postal address only
 *                   → address "Postboks 123 Sentrum, 0102 OSLO".
 *   NO900000030MVA  BALTIC TRADE SP Z O O NUF: foreign entity (NUF) in the VAT register with a Polish
 *                   business address → "ul. Budowniczych 12, 81-336 GDYNIA, Polen".
 *   NO900000049MVA  ADRESSELØS AS: in the VAT register, no address at all → valid, address null.
 *   NO900000057MVA  KONKURSBO TESTBEDRIFT AS: bankrupt (konkurs) but still in the VAT register
 *                   → valid (no-brreg.md section 7: only the VAT register decides).
 *   NO821227062MVA  VESTFOLD OG TELEMARK FYLKESKOMMUNE …: deleted entity as in the captured fixture
 *                   → 200 reduced body with slettedato → valid false.
 *   NO509100675MVA  SESAM STASJON: removed from open data for legal reasons → 410 Gone → valid false.
 *   NO924203617MVA  DIGITALISERINGSDIREKTORATET AVD BRØNNØYSUND: a sub-unit; /enheter/ answers 404
 *                   (section 1: separate number spaces) → valid false.
 *   Any other nine digits (e.g. NO900000014MVA) → 404 with no body → valid false.
 *
 * `SimCompany.extra` keys this module reads (all optional):
 *   organisasjonsform  code (default `AS`); adressetype `forretningsadresse` (default) or
 *   `postadresse`: which address object `addressLines` fill; postadresse: a second, postal address
 *   as lines joined by `|`; landkode, land: country of the address (default NO, Norge; foreign post
 *   codes go inside poststed, section 4.2); registreringsdato (default 2020-01-02); konkurs `true`;
 *   slettedato: deleted on that date; fjernet `true`: removed (410); enhetstype `underenhet`;
 *   overordnetEnhet: parent organisation number.
 * For a Norwegian address the last line "NNNN PLACE" becomes postnummer + poststed.
 *
 * Mode `wrong_number`: a lookup of nine digits is answered as if another main entity in the VAT
 * register had been asked (its own `organisasjonsnummer` in the body).
 *
 * Fault codes (`fault(code)`, no-brreg.md sections 3 and 5): `500` InternalServerError body (also
 * every unknown code), `400` BadRequest body, `404` no body, `406` (v2 media type refused, section 2),
 * `410` GoneEnhet body. No rate limit is documented (section 9), so there is no `429`.
 */
import { randomUUID } from 'node:crypto';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

export const BRREG_FAULTS = ['400', '404', '406', '410', '500'] as const;

/** Links in answers name the real service, as captured answers do (section 4). */
const ROOT = 'https://data.brreg.no/enhetsregisteret/api';
const REAL_PREFIX = '/enhetsregisteret/api';
const ORGNR = /^[0-9]{9}$/;
const NINE_DIGITS_MESSAGE = 'Organisasjonsnummer må være et nummer med nøyaktig 9 siffer';

type Kind = 'enhet' | 'underenhet';
type Json = Record<string, unknown>;

interface Lookup {
  kind: Kind;
  /** The path segment as sent, possibly not nine digits. */
  orgnr: string;
}

const FORMS: Record<string, string> = {
  AS: 'Aksjeselskap',
  ASA: 'Allmennaksjeselskap',
  ENK: 'Enkeltpersonforetak',
  NUF: 'Norskregistrert utenlandsk foretak',
  ORGL: 'Organisasjonsledd',
  FYLK: 'Fylkeskommune',
  FLI: 'Forening/lag/innretning',
  BEDR: 'Underenhet til næringsdrivende og offentlig forvaltning',
};

/** Municipalities of the seeded post places, so addresses carry `kommune` like real ones. */
const MUNICIPALITIES: Record<string, [string, string]> = {
  OSLO: ['OSLO', '0301'],
  BRØNNØYSUND: ['BRØNNØY', '1813'],
};

function company(
  vatNumber: string,
  name: string,
  addressLines: string[],
  vatRegistered: boolean,
  extra: Record<string, string> = {},
): SimCompany {
  return { vatNumber, name, addressLines, vatRegistered, extra };
}

const SEED: SimCompany[] = [
  company('NO900000006MVA', 'NORSK TESTBEDRIFT AS', ['Havnegata 48', '8900 BRØNNØYSUND'], true, {
    postadresse: 'Postboks 900|8910 BRØNNØYSUND',
  }),
  company('NO991825827MVA', 'DIGITALISERINGSDIREKTORATET', ['Lørenfaret 1C', '0585 OSLO'], false, {
    organisasjonsform: 'ORGL',
    postadresse: 'Postboks 1382 Vika|0114 OSLO',
    registreringsdato: '2007-10-15',
    overordnetEnhet: '932384469',
  }),
  company('NO900000022MVA', 'POSTBOKS HANDEL AS', ['Postboks 123 Sentrum', '0102 OSLO'], true, {
    adressetype: 'postadresse',
  }),
  company('NO900000030MVA', 'BALTIC TRADE SP Z O O NUF', ['ul. Budowniczych 12', '81-336 GDYNIA'], true, {
    organisasjonsform: 'NUF',
    landkode: 'PL',
    land: 'Polen',
  }),
  company('NO900000049MVA', 'ADRESSELØS AS', [], true),
  company('NO900000057MVA', 'KONKURSBO TESTBEDRIFT AS', ['Storgata 1', '0155 OSLO'], true, {
    konkurs: 'true',
  }),
  company('NO821227062MVA', 'VESTFOLD OG TELEMARK FYLKESKOMMUNE UNDER SLETTING FRA 01.01.2024', [], false, {
    organisasjonsform: 'FYLK',
    slettedato: '2024-11-26',
  }),
  company('NO509100675MVA', 'SESAM STASJON', ['Sesamgata 1', '0010 OSLO'], false, {
    fjernet: 'true',
    slettedato: '2024-03-09',
  }),
  company(
    'NO924203617MVA',
    'DIGITALISERINGSDIREKTORATET AVD BRØNNØYSUND',
    ['Havnegata 48', '8900 BRØNNØYSUND'],
    false,
    {
      organisasjonsform: 'BEDR',
      enhetstype: 'underenhet',
      registreringsdato: '2019-12-16',
      overordnetEnhet: '991825827',
    },
  ),
];

export const brregSim: SimRegistry = {
  id: 'brreg',
  seed: SEED,
  handle,
  fault(code, request) {
    const lookup = lookupOf(request) ?? { kind: 'enhet', orgnr: '' };
    switch (code) {
      case '400':
        return badRequest(request, lookup.orgnr);
      case '404':
        return notFound();
      case '406':
        return { status: 406, body: '' };
      case '410':
        return gone(lookup, today());
      default:
        return serverError(request, 500, 'Internal Server Error');
    }
  },
  malformed(request) {
    const lookup = lookupOf(request) ?? { kind: 'enhet', orgnr: '900000006' };
    return {
      status: 200,
      headers: jsonType(lookup.kind, request),
      body: `{"organisasjonsnummer":"${lookup.orgnr}","navn":"NORSK TE`,
    };
  },
  wrongNumber(request, context) {
    const lookup = lookupOf(request);
    const other = lookup && ORGNR.test(lookup.orgnr) ? otherRegistered(lookup, context) : undefined;
    if (!other) return handle(request, context);
    const orgnr = other.vatNumber.slice(2, 11);
    return handle({ ...request, path: request.path.replace(/[^/]+\/?$/, orgnr) }, context);
  },
  numberOf(request) {
    const lookup = lookupOf(request);
    return lookup && ORGNR.test(lookup.orgnr) ? `NO${lookup.orgnr}MVA` : null;
  },
};

/** Mode `wrong_number`: an entity of the same kind, in the VAT register and answerable, not the one asked. */
function otherRegistered(lookup: Lookup, context: SimContext): SimCompany | undefined {
  const asked = `NO${lookup.orgnr}MVA`;
  return context
    .companies()
    .find(
      (found) =>
        found.vatNumber.startsWith('NO') &&
        found.vatNumber !== asked &&
        found.vatRegistered &&
        kindOf(found) === lookup.kind &&
        !found.extra?.slettedato &&
        found.extra?.fjernet !== 'true',
    );
}

function handle(request: SimRequest, context: SimContext): SimResponse {
  const lookup = lookupOf(request);
  if (!lookup) return serverError(request, 404, 'Not Found');
  const allowed = lookup.kind === 'enhet' ? ['GET'] : ['GET', 'HEAD'];
  if (!allowed.includes(request.method)) return serverError(request, 405, 'Method Not Allowed');
  const contentType = negotiate(lookup.kind, request);
  if (!contentType) return { status: 406, body: '' };
  // Every endpoint validates parameters alike (section 3): not nine digits → 400 BadRequest.
  if (!ORGNR.test(lookup.orgnr)) return badRequest(request, lookup.orgnr);
  const found = context.company(`NO${lookup.orgnr}MVA`);
  // Main entities and sub-units are separate number spaces (section 1). A bad check digit is
  // simply unknown here: whether the register says 400 or 404 is an open question (section 11).
  if (!found || kindOf(found) !== lookup.kind) return notFound();
  if (found.extra?.fjernet === 'true') return gone(lookup, found.extra.slettedato ?? today());
  const body = found.extra?.slettedato ? deletedBody(found, lookup) : activeBody(found, lookup);
  return { status: 200, headers: { 'content-type': contentType }, body: JSON.stringify(body) };
}

function lookupOf(request: SimRequest): Lookup | null {
  const path = request.path.startsWith(`${REAL_PREFIX}/`)
    ? request.path.slice(REAL_PREFIX.length)
    : request.path;
  const match = /^\/(enheter|underenheter)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  return { kind: match[1] === 'enheter' ? 'enhet' : 'underenhet', orgnr: safeDecode(match[2]) };
}

function kindOf(found: SimCompany): Kind {
  return found.extra?.enhetstype === 'underenhet' ? 'underenhet' : 'enhet';
}

/**
 * Section 2: the v2 media type is echoed when asked for; plain or HAL JSON (or no Accept) get
 * `application/json`; anything else, a v1 type included (removed in 2024), is refused with 406.
 */
function negotiate(kind: Kind, request: SimRequest): string | null {
  const accept = String(request.headers.accept ?? '').toLowerCase();
  const v2 = `application/vnd.brreg.enhetsregisteret.${kind}.v2+json`;
  if (accept.includes(v2)) return `${v2};charset=UTF-8`;
  const generic = ['application/json', 'application/hal+json', 'application/*', '*/*'];
  if (accept.trim() === '' || generic.some((type) => accept.includes(type))) return 'application/json';
  return null;
}

function jsonType(kind: Kind, request: SimRequest): Record<string, string> {
  return { 'content-type': negotiate(kind, request) ?? 'application/json' };
}

/** The `Enhet` / `Underenhet` shape of section 4, members in the captured order, `respons_klasse` last. */
function activeBody(found: SimCompany, lookup: Lookup): Json {
  const extra = found.extra ?? {};
  const registered = extra.registreringsdato ?? '2020-01-02';
  const addresses = addressesOf(found, lookup.kind);
  const parent = extra.overordnetEnhet;
  const common = {
    organisasjonsnummer: lookup.orgnr,
    navn: found.name,
    organisasjonsform: formOf(extra.organisasjonsform ?? (lookup.kind === 'underenhet' ? 'BEDR' : 'AS')),
    ...addresses.before,
    registreringsdatoEnhetsregisteret: registered,
    registrertIMvaregisteret: found.vatRegistered,
    ...(found.vatRegistered
      ? {
          registreringsdatoMerverdiavgiftsregisteret: registered,
          registreringsdatoMerverdiavgiftsregisteretEnhetsregisteret: registered,
        }
      : {}),
    harRegistrertAntallAnsatte: false,
    ...(parent ? { overordnetEnhet: parent } : {}),
    ...addresses.after,
  };
  const links = linksOf(lookup, parent);
  if (lookup.kind === 'underenhet') return { ...common, _links: links, respons_klasse: 'Underenhet' };
  const bankrupt = extra.konkurs === 'true';
  return {
    ...common,
    registrertIForetaksregisteret: ['AS', 'ASA', 'NUF', 'ENK'].includes(extra.organisasjonsform ?? 'AS'),
    registrertIStiftelsesregisteret: false,
    registrertIFrivillighetsregisteret: false,
    konkurs: bankrupt,
    ...(bankrupt ? { konkursdato: extra.konkursdato ?? '2025-01-15' } : {}),
    underAvvikling: false,
    underTvangsavviklingEllerTvangsopplosning: false,
    maalform: 'Bokmål',
    registrertIPartiregisteret: false,
    paategninger: [],
    _links: links,
    respons_klasse: 'Enhet',
  };
}

/** The reduced `SlettetEnhet` body (section 3), as the captured fixture plus `respons_klasse`. */
function deletedBody(found: SimCompany, lookup: Lookup): Json {
  return {
    organisasjonsnummer: lookup.orgnr,
    navn: found.name,
    organisasjonsform: formOf(found.extra?.organisasjonsform ?? 'AS'),
    slettedato: found.extra?.slettedato,
    _links: linksOf(lookup, undefined),
    respons_klasse: 'SlettetEnhet',
  };
}

/** Postal address before, business/location address after the registration fields, as captured. */
function addressesOf(found: SimCompany, kind: Kind): { before: Json; after: Json } {
  const extra = found.extra ?? {};
  const main = addressObject(found.addressLines, extra.landkode, extra.land);
  const postal = extra.postadresse ? addressObject(extra.postadresse.split('|'), undefined, undefined) : null;
  if (extra.adressetype === 'postadresse') return { before: main ? { postadresse: main } : {}, after: {} };
  const mainKey = kind === 'underenhet' ? 'beliggenhetsadresse' : 'forretningsadresse';
  return { before: postal ? { postadresse: postal } : {}, after: main ? { [mainKey]: main } : {} };
}

function addressObject(lines: string[], landkode = 'NO', land = 'Norge'): Json | null {
  if (lines.length === 0) return null;
  const street = lines.slice(0, -1);
  const last = lines[lines.length - 1];
  if (landkode !== 'NO') return { land, landkode, poststed: last, adresse: street };
  const place = /^([0-9]{4})\s+(.+)$/.exec(last);
  if (!place) return { land, landkode, adresse: lines };
  const municipality = MUNICIPALITIES[place[2]];
  return {
    land,
    landkode,
    postnummer: place[1],
    poststed: place[2],
    adresse: street,
    ...(municipality ? { kommune: municipality[0], kommunenummer: municipality[1] } : {}),
  };
}

function formOf(code: string): Json {
  return {
    kode: code,
    beskrivelse: FORMS[code] ?? code,
    _links: { self: { href: `${ROOT}/organisasjonsformer/${code}` } },
  };
}

function linksOf(lookup: Lookup, parent: string | undefined): Json {
  return {
    self: { href: selfHref(lookup) },
    ...(parent ? { overordnetEnhet: { href: `${ROOT}/enheter/${parent}` } } : {}),
  };
}

function selfHref(lookup: Lookup): string {
  return `${ROOT}/${lookup.kind === 'enhet' ? 'enheter' : 'underenheter'}/${lookup.orgnr}`;
}

/** 404 "Ikke funnet": no body, no content type (section 5). */
function notFound(): SimResponse {
  return { status: 404, body: '' };
}

/** 410 `GoneEnhet` / `GoneUnderenhet` (section 5). */
function gone(lookup: Lookup, slettedato: string): SimResponse {
  return json(410, {
    organisasjonsnummer: lookup.orgnr,
    slettedato,
    _links: { self: { href: selfHref(lookup) } },
  });
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The docs' `BadRequest` (section 5), member order as in the docs example. */
function badRequest(request: SimRequest, orgnr: string): SimResponse {
  return json(400, {
    tidsstempel: Date.now(),
    status: 400,
    feilmelding: 'Feilaktig forespørsel',
    sti: realPath(request),
    antallFeil: 1,
    valideringsfeil: [{ feilmelding: NINE_DIGITS_MESSAGE, parametere: [orgnr], feilaktigVerdi: orgnr }],
  });
}

/** The Spring Boot style `InternalServerError` (section 5); the same shape for 404/405 on unknown paths. */
function serverError(request: SimRequest, status: number, error: string): SimResponse {
  return json(status, {
    timestamp: new Date().toISOString().replace('Z', '+0000'),
    status,
    error,
    message: error,
    path: realPath(request),
    trace: randomUUID(),
  });
}

function realPath(request: SimRequest): string {
  return request.path.startsWith(`${REAL_PREFIX}/`) ? request.path : `${REAL_PREFIX}${request.path}`;
}

function json(status: number, body: Json): SimResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
