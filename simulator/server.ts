import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { abrSim } from './abr.js';
import { anafSim } from './anaf.js';
import { adisSim, aresSim } from './ares.js';
import { brregSim } from './brreg.js';
import { bzstSim } from './bzst.js';
import { hmrcSim } from './hmrc.js';
import { kasSim } from './kas.js';
import { tedbSim } from './tedb.js';
import type {
  MemberStateBehaviour,
  RegistryBehaviour,
  RegistryId,
  SimCompany,
  SimContext,
  SimRegistry,
  SimRequest,
  SimResponse,
  TedbAnnouncement,
} from './types.js';
import { uidSim } from './uid.js';
import { viesSim } from './vies.js';

/** The member states VIES serves, as check-status lists them. */
const VIES_MEMBER_STATES =
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' ');

export const SIM_REGISTRIES: readonly SimRegistry[] = [
  viesSim,
  hmrcSim,
  uidSim,
  brregSim,
  abrSim,
  // The national registers the service asks when VIES cannot answer (docs/fallbacks.md).
  kasSim,
  aresSim,
  adisSim,
  anafSim,
  // Germany's federal tax office confirmation service (docs/matching.md).
  bzstSim,
  // The EU's Taxes in Europe Database, which the rates sync asks (docs/rates.md).
  tedbSim,
];
const REGISTRY_IDS = SIM_REGISTRIES.map((registry) => registry.id);

export interface RegistryStats {
  /** Requests received, lookups and others (token, WSDL) alike. */
  calls: number;
  /** Lookups received per normalised number. */
  callsByNumber: Record<string, number>;
  inFlight: number;
  maxInFlight: number;
  /** Highest number of simultaneous lookups seen for any single number. */
  maxInFlightPerNumber: number;
  /** Highest number of simultaneous lookups per country prefix of the number (VIES: per member state). */
  maxInFlightByCountry: Record<string, number>;
  /** When each lookup arrived (epoch ms), the last 1000: for checking rate limits. */
  arrivals: number[];
}

/** One registry request the simulator received and the reply it wrote, byte for byte. */
export interface SimExchange {
  registry: RegistryId;
  method: string;
  /** Path and query as received, registry prefix included (`/abr/json/AbnDetails.aspx?abn=…`). */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  replyHeaders: Record<string, string>;
  /** The reply body exactly as written to the socket. */
  reply: Buffer;
}

/** Exchanges kept by `exchanges()`: the most recent, so a long run (npm start, the bench) stays small. */
const JOURNAL_SIZE = 100;

export interface SimulatorOptions {
  port?: number;
  host?: string;
}

const UP: RegistryBehaviour = { mode: 'up', latencyMs: 0 };

/**
 * The registry simulator: all protocols on one port, under `/vies`, `/hmrc`, `/uid`, `/brreg`,
 * `/abr`, the national fallbacks' `/kas`, `/ares`, `/adis`, `/anaf` and the federal tax office's
 * `/bzst`, steerable at run time
 * through `/_sim/*` (or the methods of this class in-process).
 */
export class RegistrySimulator {
  private server: Server | undefined;
  private readonly companies = new Map<string, SimCompany>();
  private readonly behaviour = new Map<RegistryId, RegistryBehaviour>();
  private readonly stats = new Map<RegistryId, RegistryStats>();
  private readonly inFlightByNumber = new Map<string, number>();
  private readonly inFlightByCountry = new Map<string, number>();
  private readonly memberStates = new Map<string, MemberStateBehaviour>();
  /** What check-status says of the VIES platform as a whole. */
  private viesPlatformAvailable = true;
  /** Rate changes announced to TEDB, oldest first. */
  private tedbAnnouncements: TedbAnnouncement[] = [];
  private journal: SimExchange[] = [];
  private url = '';

  constructor(private readonly options: SimulatorOptions = {}) {
    this.reset();
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      this.route(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`simulator error: ${(error as Error).message}`);
      });
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `http://${host}:${address.port}`;
    return this;
  }

  get baseUrl(): string {
    return this.url;
  }

  /** The configuration that points the service at this simulator. */
  env(): Record<string, string> {
    const base = this.url;
    return {
      VIES_URL: `${base}/vies`,
      HMRC_URL: `${base}/hmrc`,
      HMRC_CLIENT_ID: 'simulator-client-id',
      HMRC_CLIENT_SECRET: 'simulator-client-secret',
      UID_URL: `${base}/uid/V5.0/PublicServices.svc`,
      BRREG_URL: `${base}/brreg`,
      ABR_URL: `${base}/abr`,
      ABR_GUID: '00000000-0000-4000-8000-000000000000',
      KAS_URL: `${base}/kas`,
      ARES_URL: `${base}/ares`,
      ADIS_URL: `${base}/adis`,
      ANAF_URL: `${base}/anaf`,
      BZST_URL: `${base}/bzst`,
      RATES_TEDB_URL: `${base}/tedb`,
    };
  }

  setBehaviour(id: RegistryId, behaviour: Partial<RegistryBehaviour>): void {
    const current = this.behaviour.get(id) ?? UP;
    this.behaviour.set(id, { ...current, ...behaviour });
  }

  /** Announces a rate change to TEDB: a new situation of a member state (see simulator/tedb.ts). */
  announceTedbChange(announcement: TedbAnnouncement): void {
    this.tedbAnnouncements.push(structuredClone(announcement));
  }

  /** One VIES member state's behaviour (`DE`, `EL`, `XI`); `{ mode: 'up' }` clears it. */
  setMemberState(code: string, behaviour: MemberStateBehaviour): void {
    this.memberStates.set(code.toUpperCase(), behaviour);
  }

  /** The whole VIES platform as check-status reports it (`vow.available`). */
  setViesPlatform(available: boolean): void {
    this.viesPlatformAvailable = available;
  }

  /** VIES REST check-status (vies-approx-and-status.md §5): every member state, as switched. */
  viesStatusReport(): object {
    const countries = VIES_MEMBER_STATES.map((code) => {
      const behaviour = this.memberStates.get(code);
      const availability =
        behaviour?.availability ?? (behaviour?.mode === 'down' ? 'unavailable' : 'available');
      return {
        countryCode: code,
        availability: {
          available: 'Available',
          unavailable: 'Unavailable',
          monitoring_disabled: 'Monitoring Disabled',
        }[availability],
      };
    });
    return { vow: { available: this.viesPlatformAvailable }, countries };
  }

  getBehaviour(id: RegistryId): RegistryBehaviour {
    return this.behaviour.get(id) ?? UP;
  }

  /** Everything back to the seeded companies, all registries up, counters at zero. */
  reset(): void {
    this.companies.clear();
    for (const registry of SIM_REGISTRIES) {
      for (const company of registry.seed) this.companies.set(company.vatNumber, company);
      this.behaviour.set(registry.id, { ...UP });
    }
    this.memberStates.clear();
    this.viesPlatformAvailable = true;
    this.tedbAnnouncements = [];
    this.resetStats();
  }

  resetStats(): void {
    for (const id of REGISTRY_IDS) {
      this.stats.set(id, {
        calls: 0,
        callsByNumber: {},
        inFlight: 0,
        maxInFlight: 0,
        maxInFlightPerNumber: 0,
        maxInFlightByCountry: {},
        arrivals: [],
      });
    }
    this.inFlightByNumber.clear();
    this.inFlightByCountry.clear();
    this.journal = [];
  }

  /**
   * The registry requests received since the last reset and the replies written to them, oldest
   * first (the last JOURNAL_SIZE). A connection reset (mode `reset`) writes no reply and is not kept.
   */
  exchanges(id?: RegistryId): SimExchange[] {
    return this.journal.filter((exchange) => id === undefined || exchange.registry === id);
  }

  addCompany(company: SimCompany): void {
    this.companies.set(company.vatNumber, company);
  }

  removeCompany(vatNumber: string): void {
    this.companies.delete(vatNumber);
  }

  listCompanies(): SimCompany[] {
    return [...this.companies.values()];
  }

  statsOf(id: RegistryId): RegistryStats {
    return structuredClone(this.stats.get(id)!);
  }

  allStats(): Record<RegistryId, RegistryStats> {
    return Object.fromEntries(REGISTRY_IDS.map((id) => [id, this.statsOf(id)])) as Record<
      RegistryId,
      RegistryStats
    >;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const body = await readBody(req);
    if (url.pathname.startsWith('/_sim/')) {
      send(res, this.control(req.method ?? 'GET', url.pathname, body));
      return;
    }
    if (url.pathname === '/vies/rest-api/check-status' && req.method === 'GET') {
      const vies = this.getBehaviour('vies');
      if (vies.mode === 'flood') return flood(res, 'application/json', vies.floodBytes);
      send(res, {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(this.viesStatusReport(), null, 2),
      });
      return;
    }
    const prefix = url.pathname.split('/')[1] ?? '';
    const registry = SIM_REGISTRIES.find((candidate) => candidate.id === prefix);
    if (!registry) {
      send(res, { status: 404, headers: { 'content-type': 'text/plain' }, body: 'no such registry' });
      return;
    }
    const request: SimRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.slice(prefix.length + 1) || '/',
      query: url.searchParams,
      headers: req.headers,
      body,
    };
    await this.serve(registry, request, req.url ?? '/', res);
  }

  private async serve(
    registry: SimRegistry,
    request: SimRequest,
    url: string,
    res: ServerResponse,
  ): Promise<void> {
    const stats = this.stats.get(registry.id)!;
    const number = registry.numberOf(request);
    stats.calls += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const numberKey = number ? `${registry.id}:${number}` : undefined;
    const country = number ? number.slice(0, 2) : undefined;
    if (country) {
      stats.arrivals.push(Date.now());
      if (stats.arrivals.length > 1000) stats.arrivals.shift();
      const now = (this.inFlightByCountry.get(`${registry.id}:${country}`) ?? 0) + 1;
      this.inFlightByCountry.set(`${registry.id}:${country}`, now);
      stats.maxInFlightByCountry[country] = Math.max(stats.maxInFlightByCountry[country] ?? 0, now);
    }
    if (number && numberKey) {
      stats.callsByNumber[number] = (stats.callsByNumber[number] ?? 0) + 1;
      const now = (this.inFlightByNumber.get(numberKey) ?? 0) + 1;
      this.inFlightByNumber.set(numberKey, now);
      stats.maxInFlightPerNumber = Math.max(stats.maxInFlightPerNumber, now);
    }
    try {
      const behaviour =
        (registry.id === 'vies' && country && this.takeMemberState(country)) ||
        this.takeBehaviour(registry.id, number !== null);
      if (behaviour.latencyMs > 0) await delay(behaviour.latencyMs);
      if (behaviour.mode === 'flood') return await flood(res, contentTypeOf(registry), behaviour.floodBytes);
      const context: SimContext = {
        company: (vatNumber: string) => this.companies.get(vatNumber),
        companies: () => [...this.companies.values()],
        behaviour,
        memberStateDown: (code: string) => this.memberStates.get(code.toUpperCase())?.mode === 'down',
        tedbAnnouncements: () => this.tedbAnnouncements,
      };
      const response = await answerFor(registry, request, context);
      if (!response) {
        if (behaviour.mode === 'hang') await new Promise((resolve) => res.once('close', resolve));
        else res.socket?.destroy();
        return;
      }
      const reply = send(res, response);
      this.journal.push({
        registry: registry.id,
        method: request.method,
        url,
        headers: request.headers,
        body: request.body,
        status: response.status,
        replyHeaders: { ...response.headers },
        reply,
      });
      if (this.journal.length > JOURNAL_SIZE) this.journal.shift();
    } finally {
      stats.inFlight -= 1;
      if (country) {
        const key = `${registry.id}:${country}`;
        this.inFlightByCountry.set(key, (this.inFlightByCountry.get(key) ?? 1) - 1);
      }
      if (numberKey) this.inFlightByNumber.set(numberKey, (this.inFlightByNumber.get(numberKey) ?? 1) - 1);
    }
  }

  /** A VIES member state's switch as a registry behaviour for this lookup, or undefined when it is up. */
  private takeMemberState(code: string): RegistryBehaviour | undefined {
    const switched = this.memberStates.get(code);
    if (!switched || switched.mode === 'up') return undefined;
    if (switched.times !== undefined) {
      if (switched.times <= 1)
        this.memberStates.set(code, { mode: 'up', availability: switched.availability });
      else this.memberStates.set(code, { ...switched, times: switched.times - 1 });
    }
    const latencyMs = this.getBehaviour('vies').latencyMs;
    switch (switched.mode) {
      case 'down':
        return { mode: 'fault', fault: 'MS_UNAVAILABLE', latencyMs };
      case 'busy':
        return { mode: 'fault', fault: 'MS_MAX_CONCURRENT_REQ', latencyMs };
      case 'wrong':
        return { mode: 'wrong_number', latencyMs };
      case 'slow':
        return { mode: 'up', latencyMs: switched.latencyMs ?? 3000 };
    }
  }

  /** The behaviour for this call; a `times`-limited failure is used up by lookups only (not token fetches). */
  private takeBehaviour(id: RegistryId, isLookup: boolean): RegistryBehaviour {
    const behaviour = this.behaviour.get(id) ?? UP;
    if (behaviour.mode === 'up' || behaviour.times === undefined) return behaviour;
    if (!isLookup && behaviour.mode !== 'down' && behaviour.mode !== 'reset') {
      return { mode: 'up', latencyMs: behaviour.latencyMs };
    }
    const left = behaviour.times - 1;
    this.behaviour.set(
      id,
      left > 0 ? { ...behaviour, times: left } : { mode: 'up', latencyMs: behaviour.latencyMs },
    );
    return behaviour;
  }

  /**
   * Control API:
   * - `GET  /_sim/stats` → per-registry counters
   * - `POST /_sim/reset` → seeded companies, all up, counters zero
   * - `POST /_sim/reset-stats`
   * - `PUT  /_sim/registries/{id}` body `{ mode, fault, latencyMs, times }`; mode is one of
   *   RegistryBehaviour's: up, down, reset, fault, malformed, wrong_number, doctype, empty_echo
   * - `PUT  /_sim/vies/countries/{CC}` body MemberStateBehaviour `{ mode: up|down|slow|busy|wrong,
   *   latencyMs, availability, times }`: one VIES member state; `GET /_sim/vies/countries` lists them
   * - `PUT  /_sim/vies/platform` body `{ available }`: the whole platform in check-status
   * - `GET  /_sim/companies`, `POST /_sim/companies` body SimCompany, `DELETE /_sim/companies/{vatNumber}`
   * - `POST /_sim/tedb/changes` body TedbAnnouncement: a rate change TEDB answers from then on;
   *   `GET` lists them, `DELETE` withdraws them all
   */
  private control(method: string, path: string, body: string): SimResponse {
    const json = (status: number, value: unknown): SimResponse => ({
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(value),
    });
    let input: Record<string, unknown> = {};
    try {
      input = body ? JSON.parse(body) : {};
    } catch {
      return json(400, { error: 'body is not JSON' });
    }
    const parts = path.split('/').filter(Boolean).slice(1);
    if (method === 'GET' && parts[0] === 'stats') return json(200, this.allStats());
    if (method === 'POST' && parts[0] === 'reset') {
      this.reset();
      return json(200, { ok: true });
    }
    if (method === 'POST' && parts[0] === 'reset-stats') {
      this.resetStats();
      return json(200, { ok: true });
    }
    if (parts[0] === 'registries' && parts[1] && REGISTRY_IDS.includes(parts[1] as RegistryId)) {
      const id = parts[1] as RegistryId;
      if (method === 'PUT') this.setBehaviour(id, input as Partial<RegistryBehaviour>);
      return json(200, this.getBehaviour(id));
    }
    if (parts[0] === 'vies' && parts[1] === 'countries') {
      const code = (parts[2] ?? '').toUpperCase();
      if (method === 'PUT' && VIES_MEMBER_STATES.includes(code)) {
        this.setMemberState(code, input as unknown as MemberStateBehaviour);
        return json(200, this.memberStates.get(code));
      }
      if (method === 'GET') return json(200, Object.fromEntries(this.memberStates));
    }
    if (parts[0] === 'vies' && parts[1] === 'platform' && method === 'PUT') {
      this.setViesPlatform(input.available !== false);
      return json(200, { available: this.viesPlatformAvailable });
    }
    if (parts[0] === 'tedb' && parts[1] === 'changes') {
      if (method === 'POST') {
        const announcement = input as unknown as TedbAnnouncement;
        const dated = /^\d{4}-\d{2}-\d{2}$/.test(String(announcement.situationOn ?? ''));
        if (
          !/^[A-Z]{2}$/.test(String(announcement.memberState ?? '')) ||
          (!dated && !announcement.withdrawn)
        ) {
          return json(400, { error: 'memberState (AT, EL, ...) and situationOn (YYYY-MM-DD) are required' });
        }
        this.announceTedbChange(announcement);
        return json(201, this.tedbAnnouncements);
      }
      if (method === 'GET') return json(200, this.tedbAnnouncements);
      if (method === 'DELETE') {
        this.tedbAnnouncements = [];
        return json(200, { ok: true });
      }
    }
    if (parts[0] === 'companies') {
      if (method === 'GET') return json(200, this.listCompanies());
      if (method === 'POST') {
        this.addCompany(input as unknown as SimCompany);
        return json(201, input);
      }
      if (method === 'DELETE' && parts[1]) {
        this.removeCompany(decodeURIComponent(parts[1]));
        return json(200, { ok: true });
      }
    }
    return json(404, { error: 'unknown control path' });
  }
}

/** The reply a registry gives in its current behaviour; null for `reset` (no reply at all). */
async function answerFor(
  registry: SimRegistry,
  request: SimRequest,
  context: SimContext,
): Promise<SimResponse | null> {
  const behaviour = context.behaviour;
  switch (behaviour.mode) {
    case 'reset':
    case 'hang':
      return null;
    case 'garbage':
      return {
        status: 200,
        headers: { 'content-type': contentTypeOf(registry) },
        body: randomBytes(96).toString('latin1'),
      };
    case 'html':
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Service temporarily unavailable</h1><p>Please try again later.</p></body></html>',
      };
    case 'down':
      return { status: 503, headers: { 'content-type': 'text/plain' }, body: 'Service Unavailable' };
    case 'fault':
      return registry.fault(behaviour.fault ?? '', request);
    case 'malformed':
      return registry.malformed(request);
    case 'wrong_number':
      return registry.wrongNumber(request, context);
    case 'doctype':
      return registry.doctype?.(request, context) ?? registry.malformed(request);
    case 'empty_echo':
      return registry.emptyEcho?.(request, context) ?? registry.handle(request, context);
    default:
      return registry.handle(request, context);
  }
}

function contentTypeOf(registry: SimRegistry): string {
  return registry.id === 'vies' || registry.id === 'uid' || registry.id === 'tedb'
    ? 'text/xml; charset=utf-8'
    : 'application/json';
}

const FLOOD_CHUNK = Buffer.alloc(64 * 1024, ' ');
const FLOOD_BYTES = 50 * 1024 * 1024;

/**
 * Mode `flood`: a 200 whose body runs to `total` bytes, written as the client reads it (waiting on
 * drain), with no Content-Length; stops when the client closes the connection.
 */
async function flood(res: ServerResponse, contentType: string, total = FLOOD_BYTES): Promise<void> {
  res.writeHead(200, { 'content-type': contentType });
  let written = 0;
  while (written < total && !res.destroyed) {
    const chunk = FLOOD_CHUNK.subarray(0, Math.min(FLOOD_CHUNK.length, total - written));
    written += chunk.length;
    if (!res.write(chunk))
      await new Promise<void>((resolve) => {
        const resume = () => {
          res.off('drain', resume);
          res.off('close', resume);
          resolve();
        };
        res.on('drain', resume);
        res.on('close', resume);
      });
  }
  if (!res.destroyed) res.end();
}

/** Writes the reply and returns the body's bytes as written. */
function send(res: ServerResponse, response: SimResponse): Buffer {
  const body = Buffer.from(response.body, 'utf8');
  res.writeHead(response.status, { 'content-length': body.length, ...response.headers });
  res.end(body);
  return body;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RegistrySimulator> {
  return new RegistrySimulator(options).start();
}
