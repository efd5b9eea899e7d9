/**
 * Romania's VAT-payer service of ANAF (PlatitorTvaRest), simulated as
 * shared/upstreams/national-fallbacks.md section 3 describes it.
 *
 * Paths below `/anaf`: POST /api/PlatitorTvaRest/v9/tva (v9) and /PlatitorTvaRest/api/v8/ws/tva
 * (v8), body `[{"cui": <number>, "data": "YYYY-MM-DD"}]`, at most 100 items.
 *
 * Seeded numbers (normalised; all pass the RO check digit):
 *   RO5888716   DIGI ROMANIA S.A., scpTVA true → valid
 *   RO18547290  the VIES seed company: scpTVA true → valid
 *   RO14399840  registered company without VAT (scpTVA false) → not registered
 *   RO1590082   scpTVA true but inactive (statusInactivi) and struck off → not registered
 *   any other CUI → in `notFound` → not registered
 * `SimCompany.extra`: scpTVA `true` (forced on for a company not VAT-registered), inactive `true`.
 *
 * Faults: `cod500` (HTTP 200, `cod` 500: the service failing), `429` (busy: too many requests),
 * `503` (an HTML error page), `notfound-objects` (`notFound` as {cui,data} objects, a valid
 * variant), and the broken replies `html`, `shape`, `garbage`. Mode `malformed`: truncated JSON;
 * `wrong_number`: `found` holds another registered company.
 */
import { brokenReply, company, json, otherRegistered } from './fallback-replies.js';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

const PATHS = ['/api/PlatitorTvaRest/v9/tva', '/PlatitorTvaRest/api/v8/ws/tva'];

const SEED: SimCompany[] = [
  company(
    'RO5888716',
    'DIGI ROMANIA S.A.',
    ['MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. DR. STAICOVICI, NR.75'],
    true,
  ),
  company('RO14399840', 'FARA TVA SRL', ['JUD. CLUJ, MUN. CLUJ-NAPOCA, STR. MEMORANDUMULUI, NR.1'], false),
  company('RO1590082', 'RADIATA SA', ['JUD. IAŞI, MUN. IAŞI, STR. PĂCURARI, NR.9'], false, {
    scpTVA: 'true',
    inactive: 'true',
  }),
];

interface Asked {
  cui: number;
  data: string;
}

export const anafSim: SimRegistry = {
  id: 'anaf',
  seed: SEED,
  handle,
  fault(code, request) {
    switch (code) {
      case 'cod500':
        return json(200, { cod: 500, message: 'Eroare interna' });
      case '429':
        return json(429, { cod: 429, message: 'Too Many Requests' });
      case '503':
        return {
          status: 503,
          headers: { 'content-type': 'text/html' },
          body: '<html><body>Service Unavailable</body></html>',
        };
      case 'notfound-objects':
        return reply(askedOf(request) ?? [], undefined, true);
      default:
        return (
          brokenReply(code) ?? {
            status: 500,
            headers: { 'content-type': 'text/plain' },
            body: 'Internal Server Error',
          }
        );
    }
  },
  malformed() {
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"cod":200,"message":"SUCCESS","found":[{"date_generale":{"cui":58',
    };
  },
  wrongNumber(request, context) {
    const first = askedOf(request)?.[0];
    const other = first ? otherRegistered(context, `RO${first.cui}`) : undefined;
    if (!first || !other) return handle(request, context);
    return reply([{ cui: Number(other.vatNumber.slice(2)), data: first.data }], context);
  },
  numberOf(request) {
    const first = askedOf(request)?.[0];
    return first ? `RO${first.cui}` : null;
  },
};

function handle(request: SimRequest, context: SimContext): SimResponse {
  if (!PATHS.includes(request.path) || request.method !== 'POST') {
    return {
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Not Found</body></html>',
    };
  }
  const asked = askedOf(request);
  if (!asked || asked.length === 0 || asked.length > 100) {
    return json(200, { cod: 400, message: 'Lista de CUI-uri este invalida' });
  }
  return reply(asked, context);
}

/** The request's items; undefined when the body is not an array of {cui: number, data}. */
function askedOf(request: SimRequest): Asked[] | undefined {
  try {
    const body = JSON.parse(request.body) as unknown;
    if (!Array.isArray(body)) return undefined;
    const valid = body.every((item) => typeof item?.cui === 'number' && typeof item?.data === 'string');
    return valid ? (body as Asked[]) : undefined;
  } catch {
    return undefined;
  }
}

function reply(asked: Asked[], context: SimContext | undefined, objects = false): SimResponse {
  const found: unknown[] = [];
  const notFound: unknown[] = [];
  for (const item of asked) {
    const known = context?.company(`RO${item.cui}`);
    if (known) found.push(entry(item, known));
    else notFound.push(objects ? item : item.cui);
  }
  return json(200, { cod: 200, message: 'SUCCESS', found, notFound });
}

/** Section 3.2: the v9 entry, with the fields the client reads filled from the company. */
function entry(item: Asked, known: SimCompany): unknown {
  const inactive = known.extra?.inactive === 'true';
  const scpTVA = known.vatRegistered || known.extra?.scpTVA === 'true';
  return {
    date_generale: {
      cui: item.cui,
      data: item.data,
      denumire: known.name,
      adresa: known.addressLines.join(', '),
      nrRegCom: 'J40/1234/2003',
      telefon: '',
      fax: '',
      codPostal: '',
      act: '',
      stare_inregistrare: inactive ? 'RADIERE din data 01.02.2024' : 'INREGISTRAT din data 25.11.2003',
      data_inregistrare: '2003-11-25',
      cod_CAEN: '6110',
      iban: '',
      statusRO_e_Factura: false,
      organFiscalCompetent: 'Administraţia Fiscală',
      forma_de_proprietate: 'PRIVATA',
      forma_organizare: 'PERSOANA JURIDICA',
      forma_juridica: 'SOCIETATE COMERCIALĂ PE ACŢIUNI',
    },
    inregistrare_scop_Tva: {
      scpTVA,
      perioade_TVA: scpTVA
        ? [
            {
              data_inceput_ScpTVA: '2003-11-25',
              data_sfarsit_ScpTVA: '',
              data_anul_imp_ScpTVA: '',
              mesaj_ScpTVA: '',
            },
          ]
        : [],
    },
    inregistrare_RTVAI: { dataInceputTvaInc: '', dataSfarsitTvaInc: '', statusTvaIncasare: false },
    stare_inactiv: {
      dataInactivare: inactive ? '2023-05-02' : '',
      dataReactivare: '',
      dataPublicare: '',
      dataRadiere: inactive ? '2024-02-01' : '',
      statusInactivi: inactive,
    },
    inregistrare_SplitTVA: { dataInceputSplitTVA: '', dataAnulareSplitTVA: '', statusSplitTVA: false },
    inregistrare_RO_e_Factura: { statusRO_e_Factura: false, dataInceputRO_e_Factura: '' },
  };
}
