/**
 * The Czech fallback (shared/upstreams/national-fallbacks.md section 2): the Ministry of Finance's
 * VAT-payer register (Registr plátců DPH, ADIS SOAP) gives the verdict, ARES the company's name and
 * address. Both are open: no key. The evidence is the ADIS exchange the verdict rests on; when ARES
 * cannot be asked (a natural person's DIČ is not an IČO) or fails, the name and address are the ones
 * in that ADIS reply, which the operation used here (`…Rozsireny`) carries too.
 */
import type { ParsedVatNumber } from '../../numbers/index.js';
import { type HttpAnswer, joinUrl, RegistryHttp, type RegistryPoolOptions } from '../http.js';
import {
  cleanText,
  joinAddress,
  type Registry,
  type RegistryAnswer,
  type RegistryVerdict,
} from '../registry.js';
import { escapeXml, parseXml } from '../xml.js';
import { failureOf, isObject, type Json, jsonObjectOf, textOf } from './json.js';

/** ARES REST root (section 2.1); `ekonomicke-subjekty/{ico}` is appended beneath it. */
export const DEFAULT_URL = 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest';
/** ADIS root (section 2.2, current endpoint); the SOAP service path is appended beneath it. */
export const DEFAULT_ADIS_URL = 'https://adisrws.mfcr.cz/dpr';
const ADIS_PATH = 'axis2/services/rozhraniCRPDPH.rozhraniCRPDPHSOAP';
const ADIS_NS = 'http://adis.mfcr.cz/rozhraniCRPDPH/';
const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

export interface Options extends RegistryPoolOptions {
  /** ADIS root. */
  adisUrl: string;
}

/** Section 2.2: `NE` reliable payer, `ANO` payer flagged unreliable: both VAT-registered. */
const REGISTERED: ReadonlySet<string> = new Set(['NE', 'ANO']);
/** Section 2.2: `status@statusCode` 0 OK, 1 OK (first 100 only); 2 maintenance, 3 unavailable. */
const ANSWERED: ReadonlySet<string> = new Set(['0', '1']);

const failure = failureOf('ares');

export function createAresRegistry(options: Options): Registry {
  const http = new RegistryHttp('ares', options);
  const askAres = async (ico: string) => {
    const answer = await http.send({
      method: 'GET',
      url: joinUrl(options.baseUrl, `ekonomicke-subjekty/${ico}`),
      headers: { accept: 'application/json' },
    });
    return aresCompany(answer, ico);
  };
  return {
    id: 'ares',
    async lookup({ target }): Promise<RegistryAnswer> {
      const dic = dicOf(target);
      // ARES is asked alongside ADIS, not after it: the name costs no extra wait. Only a legal
      // person's DIČ is its IČO (8 digits); a natural person's cannot be looked up in ARES.
      const details = dic.length === 8 ? askAres(dic).catch(() => undefined) : Promise.resolve(undefined);
      const answer = await http.send({
        method: 'POST',
        url: joinUrl(options.adisUrl, ADIS_PATH),
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: `"${ADIS_NS}getStatusNespolehlivyPlatceRozsireny"`,
          accept: 'text/xml',
        },
        body: envelope(dic),
      });
      const verdict = readAdis(answer, dic);
      const company = verdict.valid ? await details : undefined;
      return { ...verdict, ...(company ?? {}), exchange: answer.exchange };
    },
    acceptsRequester: () => false,
    close: () => http.close(),
  };
}

/** The digits after `CZ`: 8 (IČO of a legal person), 9 or 10 (birth number of a natural person). */
function dicOf(target: ParsedVatNumber): string {
  if (target.countryCode !== 'CZ' || !/^[0-9]{8,10}$/.test(target.national)) {
    throw failure('invalid_input', `${target.vatNumber} is not a Czech DIČ`);
  }
  return target.national;
}

function envelope(dic: string): string {
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:roz="${ADIS_NS}"><soapenv:Body>` +
    `<roz:StatusNespolehlivyPlatceRozsirenyRequest><roz:dic>${escapeXml(dic)}</roz:dic>` +
    '</roz:StatusNespolehlivyPlatceRozsirenyRequest></soapenv:Body></soapenv:Envelope>'
  );
}

function readAdis(answer: HttpAnswer, dic: string): RegistryVerdict {
  let document: Json;
  try {
    document = parseXml(answer.body);
  } catch {
    if (answer.status >= 300) throw statusFailure(answer.status);
    throw failure('malformed', 'ADIS answer is not well-formed XML, or it declares a DTD');
  }
  const envelope = isObject(document.Envelope) ? document.Envelope : undefined;
  const body = envelope && isObject(envelope.Body) ? envelope.Body : undefined;
  if (body && 'Fault' in body) {
    const fault = isObject(body.Fault) ? textOf(body.Fault.faultstring) : '';
    throw failure('server_error', `ADIS fault ${fault || '(without faultstring)'}`, fault || undefined);
  }
  if (answer.status < 200 || answer.status > 299) throw statusFailure(answer.status);
  const response = body?.StatusNespolehlivyPlatceRozsirenyResponse;
  if (!isObject(response))
    throw failure('malformed', 'no StatusNespolehlivyPlatceRozsirenyResponse in the SOAP body');
  const status = isObject(response.status) ? response.status : undefined;
  const code = textOf(status?.['@_statusCode']);
  if (!ANSWERED.has(code)) {
    if (code === '2' || code === '3') {
      throw failure('server_error', `ADIS status ${code}: ${textOf(status?.['@_statusText'])}`, code);
    }
    throw failure('malformed', `ADIS status code ${code || '(none)'}`);
  }
  const payers = Array.isArray(response.statusPlatceDPH)
    ? response.statusPlatceDPH
    : [response.statusPlatceDPH];
  const payer = payers.find((item): item is Json => isObject(item) && item['@_dic'] === dic);
  // The answer must be about the DIČ asked, or its verdict would be kept for ours.
  if (!payer) throw failure('malformed', `ADIS answer has no statusPlatceDPH for ${dic}`);
  const flag = textOf(payer['@_nespolehlivyPlatce']);
  if (flag === 'NENALEZEN') return { valid: false, name: null, address: null, consultationNumber: null };
  if (!REGISTERED.has(flag)) throw failure('malformed', `ADIS nespolehlivyPlatce "${flag}"`);
  const name = cleanText(textOf(payer.nazevSubjektu));
  return { valid: true, name, address: adisAddress(payer.adresa), consultationNumber: null };
}

/** Section 2.2: space-padded parts; street and number, then postcode and town. */
function adisAddress(value: unknown): string | null {
  if (!isObject(value)) return null;
  const place = [textOf(value.psc), textOf(value.mesto)].filter(Boolean).join(' ');
  return joinAddress([textOf(value.uliceCislo), place]);
}

/**
 * Section 2.1: the name and registered office ARES holds for this IČO, or undefined when ARES did
 * not answer for it in the expected shape (the ADIS reply's own name and address are kept then).
 */
function aresCompany(answer: HttpAnswer, ico: string): { name: string; address: string | null } | undefined {
  if (answer.status !== 200) return undefined;
  const subject = jsonObjectOf(answer);
  if (!subject || subject.ico !== ico) return undefined;
  const name = cleanText(textOf(subject.obchodniJmeno));
  if (name === null) return undefined;
  const office = isObject(subject.sidlo) ? subject.sidlo : {};
  return { name, address: cleanText(textOf(office.textovaAdresa)) };
}

function statusFailure(status: number) {
  return failure(
    status === 429 ? 'throttled' : 'server_error',
    `ADIS answered HTTP ${status}`,
    String(status),
  );
}
