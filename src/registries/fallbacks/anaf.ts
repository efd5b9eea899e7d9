/**
 * Romania's VAT-payer service of ANAF (PlatitorTvaRest v9), as a fallback when VIES cannot answer
 * for RO (shared/upstreams/national-fallbacks.md section 3). It states registration for VAT
 * purposes (`scpTVA`), so it can confirm `valid: true`. Open API: no key, JSON both ways.
 */
import type { ParsedVatNumber } from '../../numbers/index.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from '../http.js';
import { cleanText, type Registry, type RegistryAnswer, type RegistryVerdict } from '../registry.js';
import { dayOf, failureOf, isObject, type Json, jsonObjectOf, textOf, unreadable } from './json.js';

/** The real service's host (section 3.1); the v9 path is appended beneath it. */
export const DEFAULT_URL = 'https://webservicesp.anaf.ro';
/** Section 3.1: the v9 endpoint (v8 answers the same shape under `PlatitorTvaRest/api/v8/ws/tva`). */
const SERVICE_PATH = 'api/PlatitorTvaRest/v9/tva';

/** `now` also gives the `data` asked for (today). */
export type Options = RegistryPoolOptions;

const failure = failureOf('anaf');

export function createAnafRegistry(options: Options): Registry {
  const now = options.now ?? Date.now;
  const http = new RegistryHttp('anaf', options);
  return {
    id: 'anaf',
    async lookup({ target }): Promise<RegistryAnswer> {
      const cui = cuiOf(target);
      const answer = await http.send({
        method: 'POST',
        url: joinUrl(options.baseUrl, SERVICE_PATH),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        // Section 3.1: an array of {cui, data}; `cui` is a number, not a string.
        body: JSON.stringify([{ cui, data: dayOf(now()) }]),
      });
      return { ...interpret(answer, cui), exchange: answer.exchange };
    },
    acceptsRequester: () => false,
    close: () => http.close(),
  };
}

/** The digits after `RO` (2 to 10, no leading zero in a valid CUI) as the number ANAF expects. */
function cuiOf(target: ParsedVatNumber): number {
  if (target.countryCode !== 'RO' || !/^[1-9][0-9]{1,9}$/.test(target.national)) {
    throw failure('invalid_input', `${target.vatNumber} is not a Romanian CUI`);
  }
  return Number(target.national);
}

function interpret(answer: HttpAnswer, cui: number): RegistryVerdict {
  if (answer.status !== 200) throw unreadable('anaf', answer, `HTTP ${answer.status}`);
  const body = jsonObjectOf(answer);
  if (!body) throw failure('malformed', 'anaf answered 200 with a body that is not a JSON object');
  if (typeof body.cod !== 'number') throw failure('malformed', 'anaf answer lacks its `cod`');
  // Section 3.2: a `cod` other than 200 is the service failing, whatever the HTTP status said.
  if (body.cod !== 200) {
    throw failure(
      'server_error',
      `anaf answered cod ${String(body.cod)}: ${textOf(body.message)}`,
      String(body.cod),
    );
  }
  if (!Array.isArray(body.found) || !Array.isArray(body.notFound)) {
    throw failure('malformed', 'anaf answer lacks the `found` and `notFound` arrays');
  }
  const entry = body.found.find(
    (item) => isObject(item) && isObject(item.date_generale) && item.date_generale.cui === cui,
  );
  if (isObject(entry)) return readEntry(entry);
  // Section 3.2: `notFound` holds numbers, or {cui, data} objects.
  const missing = body.notFound.some((item) => item === cui || (isObject(item) && Number(item.cui) === cui));
  if (missing) return notRegistered();
  // Found about another CUI only, or about none: not an answer to our question.
  throw failure('malformed', `anaf answer names neither found nor notFound for ${cui}`);
}

function readEntry(entry: Json): RegistryVerdict {
  const general = entry.date_generale as Json;
  const vat = entry.inregistrare_scop_Tva;
  if (!isObject(vat) || typeof vat.scpTVA !== 'boolean') {
    throw failure('malformed', 'anaf answer lacks inregistrare_scop_Tva.scpTVA');
  }
  if (!vat.scpTVA) return notRegistered();
  // Section 3.2: an inactive or struck-off taxpayer is not a valid trader even with scpTVA.
  const inactive = entry.stare_inactiv;
  if (isObject(inactive) && (inactive.statusInactivi === true || textOf(inactive.dataRadiere) !== '')) {
    return notRegistered();
  }
  const name = cleanText(textOf(general.denumire));
  if (name === null) throw failure('malformed', 'anaf answer lacks date_generale.denumire');
  return { valid: true, name, address: cleanText(textOf(general.adresa)), consultationNumber: null };
}

function notRegistered(): RegistryVerdict {
  return { valid: false, name: null, address: null, consultationNumber: null };
}
