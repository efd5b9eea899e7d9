import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, type Dispatcher } from 'undici';
import { ReplyTooLargeError, readCappedReply } from '../http-client/capped-reply.js';
import { escapeXml, parseXml } from '../registries/xml.js';
import { checkResults, MalformedTedbReply, type TedbResult } from './tedb-results.js';

/**
 * The EU's Taxes in Europe Database, SOAP 1.1 `retrieveVatRates` (shared/upstreams/eu-tedb.md).
 * TEDB is slow (tens of seconds for all member states), so a call has a long budget and is retried
 * after a pause when the network, the service or its gateway fails; a reply that is too large or
 * not TEDB's answer is never retried, and its entities are refused as every registry reply's are
 * (registries/xml.ts).
 */

export const DEFAULT_URL = 'https://ec.europa.eu/taxation_customs/tedb';
/** The service's one endpoint, below the configured root. */
export const SERVICE_PATH = '/ws/VatRetrievalService';
const SOAP_ACTION = 'urn:ec.europa.eu:taxud:tedb:services:v1:VatRetrievalService/RetrieveVatRates';
const SERVICE_NS = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService';
const TYPES_NS = `${SERVICE_NS}:types`;

/**
 * Largest reply read: 32 MiB. TEDB's answer for all 27 member states over one month (the snapshot
 * in resources/tedb/, CN and CPA code lists included, as the simulator renders it) is 1.8 MB of
 * XML; a range of a few years repeats a member state's whole list once per new situation, so 18
 * times that leaves room for long ranges while a runaway reply is still cut off before it fills
 * memory.
 */
export const TEDB_MAX_REPLY_BYTES = 32 * 1024 * 1024;

/** The situation on one day, or the one in force at `from` and every one starting until `to`. */
export type TedbQuery =
  | { memberStates: readonly string[]; situationOn: string }
  | { memberStates: readonly string[]; from: string; to?: string };

export interface TedbReply {
  results: TedbResult[];
  /** SHA-256 (hex) of the reply's bytes as received. */
  sha256: string;
  /** When the reply was received (epoch ms, the application's clock). */
  retrievedAt: number;
  bytes: number;
  attempts: number;
}

/**
 * Why a call gave no usable reply: `unreachable`, `timeout`, `http` (a status other than 200 and
 * no SOAP fault), `fault` (TEDB's SOAP fault) after every attempt; `malformed` or `too_large` at once.
 */
export class TedbError extends Error {
  override readonly name = 'TedbError';
  constructor(
    readonly kind: 'unreachable' | 'timeout' | 'http' | 'fault' | 'malformed' | 'too_large',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** A reply that came but cannot be used is refused; one that never came is a failure. */
  get refused(): boolean {
    return this.kind === 'malformed' || this.kind === 'too_large';
  }
}

export interface TedbClientOptions {
  /** The service's root (RATES_TEDB_URL); SERVICE_PATH is appended. */
  url: string;
  /** One attempt's whole budget: connect, headers and body (RATES_TEDB_TIMEOUT_MS). */
  timeoutMs: number;
  /** Pauses before the second, third, ... attempt (RATES_TEDB_RETRY_DELAYS_MS). */
  retryDelaysMs: readonly number[];
  maxReplyBytes?: number;
  now?: () => number;
}

export class TedbClient {
  private readonly agent: Agent;
  private readonly endpoint: URL;

  constructor(private readonly options: TedbClientOptions) {
    this.endpoint = new URL(`${options.url.replace(/\/+$/, '')}${SERVICE_PATH}`);
    this.agent = new Agent({
      connections: 2,
      connectTimeout: options.timeoutMs,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  async retrieve(query: TedbQuery): Promise<TedbReply> {
    const delays = this.options.retryDelaysMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { ...(await this.attempt(query)), attempts: attempt };
      } catch (error) {
        const failure = toTedbError(error, this.options.timeoutMs);
        if (failure.refused || attempt > delays.length) {
          failure.message = `${failure.message}${attempt > 1 ? ` (after ${attempt} attempts)` : ''}`;
          throw failure;
        }
        await sleep(delays[attempt - 1]);
      }
    }
  }

  /** Ends the pool; a call in flight fails at once (a shutdown does not wait minutes for TEDB). */
  close(): Promise<void> {
    return this.agent.destroy();
  }

  private async attempt(query: TedbQuery): Promise<Omit<TedbReply, 'attempts'>> {
    const response = await this.agent.request({
      origin: this.endpoint.origin,
      path: `${this.endpoint.pathname}${this.endpoint.search}`,
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` },
      body: requestBody(query),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    } as Dispatcher.RequestOptions);
    const bytes = await readReply(response, this.options.maxReplyBytes ?? TEDB_MAX_REPLY_BYTES);
    const retrievedAt = (this.options.now ?? Date.now)();
    const results = resultsOf(new TextDecoder().decode(bytes), response.statusCode);
    return {
      results,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      retrievedAt,
      bytes: bytes.length,
    };
  }
}

/** `retrieveVatRatesReqMsg` in the service's namespace, its children in the types namespace. */
export function requestBody(query: TedbQuery): string {
  const states = query.memberStates.map((code) => `<t:isoCode>${escapeXml(code)}</t:isoCode>`).join('');
  const dates =
    'situationOn' in query
      ? `<t:situationOn>${escapeXml(query.situationOn)}</t:situationOn>`
      : `<t:from>${escapeXml(query.from)}</t:from>${query.to ? `<t:to>${escapeXml(query.to)}</t:to>` : ''}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:s="${SERVICE_NS}" xmlns:t="${TYPES_NS}"><soapenv:Header/><soapenv:Body><s:retrieveVatRatesReqMsg><t:memberStates>${states}</t:memberStates>${dates}</s:retrieveVatRatesReqMsg></soapenv:Body></soapenv:Envelope>`;
}

/** The reply's bytes through the shared capped reader; past the cap, TEDB's `too_large` failure. */
async function readReply(response: Dispatcher.ResponseData, maxBytes: number): Promise<Buffer> {
  try {
    return await readCappedReply(response, maxBytes);
  } catch (error) {
    if (error instanceof ReplyTooLargeError)
      throw new TedbError('too_large', `TEDB's reply is larger than ${maxBytes} bytes`);
    throw error;
  }
}

/** The results of a SOAP reply; a fault, another status or another document is an error. */
function resultsOf(text: string, status: number): TedbResult[] {
  let document: Record<string, unknown>;
  try {
    document = parseXml(text);
  } catch (error) {
    if (status !== 200) throw new TedbError('http', `TEDB answered HTTP ${status}`);
    throw new TedbError('malformed', `TEDB's reply is not XML: ${(error as Error).message}`);
  }
  const body = (document.Envelope as Record<string, unknown> | undefined)?.Body as
    | Record<string, unknown>
    | undefined;
  const fault = body?.Fault as Record<string, unknown> | undefined;
  if (fault)
    throw new TedbError(
      'fault',
      `TEDB answered a SOAP fault: ${String(fault.faultstring ?? '').slice(0, 200)}`,
    );
  if (status !== 200) throw new TedbError('http', `TEDB answered HTTP ${status}`);
  const message = body?.retrieveVatRatesRespMsg;
  if (typeof message !== 'object' || message === null) {
    throw new TedbError('malformed', "TEDB's reply has no retrieveVatRatesRespMsg");
  }
  const raw = (message as Record<string, unknown>).vatRateResults;
  const list = raw === undefined || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
  try {
    return checkResults(list);
  } catch (error) {
    throw new TedbError('malformed', `TEDB's reply is malformed: ${(error as Error).message}`);
  }
}

function toTedbError(error: unknown, timeoutMs: number): TedbError {
  if (error instanceof TedbError) return error;
  if (error instanceof MalformedTedbReply) return new TedbError('malformed', error.message);
  const name = (error as { name?: string }).name ?? '';
  const code = (error as { code?: string }).code ?? '';
  if (name === 'TimeoutError' || name === 'AbortError' || /TIMEOUT/.test(code)) {
    return new TedbError('timeout', `TEDB did not answer within ${timeoutMs} ms`, { cause: error });
  }
  return new TedbError('unreachable', `TEDB unreachable: ${code || (error as Error).message}`, {
    cause: error,
  });
}
