/**
 * Poland's VAT-payer white list (wl-api.mf.gov.pl), simulated as
 * shared/upstreams/national-fallbacks.md section 1 describes it.
 *
 * Path below `/kas`: GET /api/search/nip/{nip}?date=YYYY-MM-DD. `date` is mandatory.
 *
 * Seeded numbers (normalised; all pass the NIP check digit):
 *   PL5260250274  MAZOWIECKA HURTOWNIA SP. Z O.O., `Czynny`, working address → valid
 *   PL5211355116  the VIES seed company: `Czynny` → valid
 *   PL7740001454  JAN NOWAK (natural person, residence address), `Zwolniony` → not registered
 *   PL1132191233  removed subject, `Niezarejestrowany` with removalDate → not registered
 *   any other NIP → `"subject": null` → not registered
 * `SimCompany.extra`: statusVat (default `Czynny` when vatRegistered, else `Zwolniony`), person
 * `true` (address goes to residenceAddress), removalDate.
 *
 * Faults (mode `fault`): `WL-113` (NIP length), `WL-115` (NIP checksum): HTTP 400 `{code,message}`;
 * `WL-113-wrapped`: the same inside `{exception: …}`; `HTTP-503` (busy / unavailable): 503 with the
 * register's own body; `500` a plain server error; and the broken replies `html`, `shape`, `garbage`.
 * Mode `malformed`: a 200 cut off mid-object. Mode `wrong_number`: the answer about another
 * registered NIP.
 */
import { randomBytes } from 'node:crypto';
import { brokenReply, company, json, otherRegistered } from './fallback-replies.js';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

const PATH = /^\/api\/search\/nip\/([^/]*)$/;
const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

const SEED: SimCompany[] = [
  company(
    'PL5260250274',
    'MAZOWIECKA HURTOWNIA SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    ['PROSTA 67, 00-838 WARSZAWA'],
    true,
  ),
  company('PL7740001454', 'JAN NOWAK', ['UL. DŁUGA 5, 31-147 KRAKÓW'], false, {
    statusVat: 'Zwolniony',
    person: 'true',
  }),
  company('PL1132191233', 'ZAMKNIĘTA FIRMA SP. Z O.O.', ['UL. KRÓTKA 1, 00-001 WARSZAWA'], false, {
    statusVat: 'Niezarejestrowany',
    removalDate: '2025-03-31',
  }),
];

export const kasSim: SimRegistry = {
  id: 'kas',
  seed: SEED,
  handle,
  fault(code) {
    switch (code) {
      case 'WL-113':
        return json(400, { code, message: 'Pole NIP ma nieprawidłową długość. Wymagane 10 znaków.' });
      case 'WL-113-wrapped':
        return json(400, { exception: { code: 'WL-113', message: 'Pole NIP ma nieprawidłową długość.' } });
      case 'WL-115':
        return json(400, { code, message: 'Nieprawidłowy NIP.' });
      case 'HTTP-503':
        return json(503, { code, message: 'Usługa niedostępna' });
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
      body: '{"result":{"subject":{"name":"MAZ',
    };
  },
  wrongNumber(request, context) {
    const nip = nipOf(request);
    const other = nip ? otherRegistered(context, `PL${nip}`) : undefined;
    return other ? answer(other.vatNumber.slice(2), other, request) : handle(request, context);
  },
  numberOf(request) {
    const nip = nipOf(request);
    return nip && /^[0-9]{10}$/.test(nip) ? `PL${nip}` : null;
  },
};

function nipOf(request: SimRequest): string | undefined {
  return PATH.exec(request.path)?.[1];
}

function handle(request: SimRequest, context: SimContext): SimResponse {
  const nip = nipOf(request);
  if (request.method !== 'GET' || nip === undefined)
    return json(404, { code: 'WL-404', message: 'Not found' });
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(request.query.get('date') ?? '')) {
    return json(400, { code: 'WL-112', message: 'Pole data jest wymagane.' });
  }
  if (!/^[0-9]{10}$/.test(nip)) return kasSim.fault('WL-113', request);
  if (!checksumOk(nip)) return kasSim.fault('WL-115', request);
  return answer(nip, context.company(`PL${nip}`), request);
}

/** Section 1.2: the subject, or `subject: null` when the NIP is not on the list. */
function answer(nip: string, found: SimCompany | undefined, _request: SimRequest): SimResponse {
  const extra = found?.extra ?? {};
  const address = found?.addressLines.join(', ') ?? null;
  const subject = found
    ? {
        name: found.name,
        nip,
        statusVat: extra.statusVat ?? (found.vatRegistered ? 'Czynny' : 'Zwolniony'),
        regon: '147315920',
        pesel: null,
        krs: extra.person === 'true' ? null : '0000515914',
        residenceAddress: extra.person === 'true' ? address : null,
        workingAddress: extra.person === 'true' ? null : address,
        representatives: [],
        authorizedClerks: [],
        partners: [],
        registrationLegalDate: '2014-07-31',
        registrationDenialBasis: null,
        registrationDenialDate: null,
        restorationBasis: null,
        restorationDate: null,
        removalBasis: extra.removalDate ? 'Art. 96 ust. 9' : null,
        removalDate: extra.removalDate ?? null,
        exemptionSmeDate: null,
        accountNumbers: [],
        hasVirtualAccounts: false,
      }
    : null;
  return json(200, {
    result: { subject, requestDateTime: requestDateTime(), requestId: randomBytes(6).toString('base64url') },
  });
}

/** `dd-MM-yyyy HH:mm:ss`, as section 1.2 shows. */
function requestDateTime(): string {
  const iso = new Date().toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

function checksumOk(nip: string): boolean {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(nip[index]), 0);
  return sum % 11 === Number(nip[9]);
}
