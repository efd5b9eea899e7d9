import type { IncomingHttpHeaders } from 'node:http';
import type { RegistryId as ServiceRegistryId } from '../src/registries/registry.js';

/**
 * The service's registries, plus `adis` (the Czech VAT-payer register behind the `ares` fallback)
 * and `tedb` (the EU's Taxes in Europe Database, which the rates sync asks).
 */
export type RegistryId = ServiceRegistryId | 'adis' | 'tedb';

/**
 * A change announced to the TEDB simulator (`POST /_sim/tedb/changes`): a new situation of one
 * member state on `situationOn`, copied from the one in force that day with these changes.
 */
export interface TedbAnnouncedRate {
  type: string;
  value: number;
  comment?: string;
}

export interface TedbAnnouncement {
  memberState: string;
  situationOn: string;
  /** The new domestic standard rate. */
  standard?: number;
  /** Rates moved: every reduced, super-reduced or parking result at a key's rate takes its value (`{ "9": 11 }`). */
  rates?: Record<string, number>;
  /**
   * One category's results replaced by one rate (`{ "FOODSTUFFS": { "type": "REDUCED_RATE", "value": 5 } }`),
   * by several (a list, each with an optional member state's `comment`), or removed (null).
   */
  categories?: Record<string, TedbAnnouncedRate | TedbAnnouncedRate[] | null>;
  /** The member state is left out of every reply (a reply that would remove the country). */
  withdrawn?: boolean;
}

export interface SimRequest {
  method: string;
  /** Path below the registry's prefix, e.g. `/services/checkVatService` for `/vies/services/checkVatService`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** A company the simulator's registries know. Numbers are normalised as the service returns them. */
export interface SimCompany {
  /** e.g. `DE123456704`, `GB123456727`, `CHE100000006MWST`, `NO900000006MVA`, `AU51824753556`. */
  vatNumber: string;
  name: string;
  /** Address lines as the registry would hold them (joined by the client into one line). */
  addressLines: string[];
  /**
   * Registered for VAT/GST. false = known to the register but not VAT-registered
   * (NO: not in Merverdiavgiftsregisteret; AU: ABN without GST; CH: UID without MWST; VIES/HMRC: deregistered).
   */
  vatRegistered: boolean;
  /** Registry specific extras (e.g. AU entity type, CH legal form); each registry module documents its own. */
  extra?: Record<string, string>;
}

/**
 * How a registry behaves right now. Tests and people steer it through the control API.
 * - `up`: answers from the seeded companies.
 * - `down`: HTTP 503 with a plain body, as a gateway in front of a dead service would.
 * - `reset`: the connection is destroyed without an answer (ECONNRESET at the client).
 * - `fault`: the registry's own failure named by `fault` (e.g. VIES `MS_UNAVAILABLE`, HMRC `429`).
 * - `malformed`: a 200 whose body is not the protocol's (truncated XML, broken JSON).
 * - `wrong_number`: a 200 in the protocol's own shape, but about another known company than the one
 *   asked (a registry or proxy mixing up answers).
 * - `doctype`: XML registries (VIES, UID) send the usual answer with an internal DTD in front whose
 *   entity stands in for the company name; the JSON registries send their `malformed` body.
 * - `empty_echo`: VIES sends the usual answer with an empty vatNumber echo, as it has during
 *   incidents; the other registries answer as `up`.
 * - `garbage`: a 200 of random bytes under the protocol's content type.
 * - `html`: a 200 `text/html` page (a captive portal or maintenance page in front of the registry).
 * - `hang`: the request is read and never answered (the client's timeout has to end it).
 * - `flood`: a 200 under the protocol's content type whose body streams `floodBytes` (default
 *   50 MiB) with no Content-Length, as fast as the client reads; for VIES the check-status report
 *   floods too. The size cap of the service's reader has to end it.
 * `times`: apply a non-`up` mode to the next N calls only, then go back to `up`.
 */
export interface RegistryBehaviour {
  mode:
    | 'up'
    | 'down'
    | 'reset'
    | 'fault'
    | 'malformed'
    | 'wrong_number'
    | 'doctype'
    | 'empty_echo'
    | 'garbage'
    | 'html'
    | 'hang'
    | 'flood';
  fault?: string;
  /** Mode `flood`: how many bytes the body would run to (default 50 MiB). */
  floodBytes?: number;
  latencyMs: number;
  times?: number;
}

export interface SimContext {
  /** Looks a company up by its normalised number. */
  company(vatNumber: string): SimCompany | undefined;
  /** Every company the simulator knows, for answers about a number other than the one asked. */
  companies(): SimCompany[];
  /** The fault code set by the control API, when mode is `fault`. */
  readonly behaviour: RegistryBehaviour;
  /** Whether a VIES member state (`AT`, `EL`) is switched `down` (the federal tax office asks through it). */
  memberStateDown?(code: string): boolean;
  /** The changes announced to TEDB, in the order they were announced. */
  tedbAnnouncements?(): readonly TedbAnnouncement[];
}

/** One registry protocol. The core does latency, down/reset, counting; a module does the protocol. */
export interface SimRegistry {
  id: RegistryId;
  /** Companies this registry knows from the start (numbers must pass their check digits). */
  seed: SimCompany[];
  /** Answers a request in the registry's real protocol. */
  handle(request: SimRequest, context: SimContext): SimResponse | Promise<SimResponse>;
  /** The registry's own failure for a fault code; unknown codes fall back to its generic server fault. */
  fault(code: string, request: SimRequest): SimResponse;
  /** A 200 with a body that does not parse as the protocol. */
  malformed(request: SimRequest): SimResponse;
  /**
   * Mode `wrong_number`: for a lookup the registry would answer, the answer it gives for another
   * known, VAT-registered company instead; any other request is answered as usual.
   */
  wrongNumber(request: SimRequest, context: SimContext): SimResponse | Promise<SimResponse>;
  /** Mode `doctype`, XML registries only: the usual answer declaring a DTD whose entity is the name. */
  doctype?(request: SimRequest, context: SimContext): SimResponse;
  /** Mode `empty_echo`, VIES only: the usual answer with the vatNumber echo left empty. */
  emptyEcho?(request: SimRequest, context: SimContext): SimResponse;
  /**
   * The normalised target number a request asks about (for per-number counters), or null when the
   * request is not a lookup (e.g. the HMRC token endpoint, a WSDL fetch).
   */
  numberOf(request: SimRequest): string | null;
}

/**
 * How one VIES member state behaves (on top of the registry's behaviour), so breakers can be
 * watched per member state:
 * - `up`: as the registry.
 * - `down`: the SOAP fault `MS_UNAVAILABLE`.
 * - `slow`: answers after `latencyMs` (default 3000).
 * - `busy`: the SOAP fault `MS_MAX_CONCURRENT_REQ`.
 * - `wrong`: answers about another company (as the registry mode `wrong_number`).
 * `availability` is what check-status reports for it (default: `unavailable` when down, else
 * `available`); `times` limits a non-`up` mode to the next N lookups.
 */
export interface MemberStateBehaviour {
  mode: 'up' | 'down' | 'slow' | 'busy' | 'wrong';
  latencyMs?: number;
  availability?: 'available' | 'unavailable' | 'monitoring_disabled';
  times?: number;
}
