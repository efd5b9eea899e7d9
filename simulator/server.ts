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
import { hmrcSim } from './hmrc.js';
import { kasSim } from './kas.js';
import type {
  RegistryBehaviour,
  RegistryId,
  SimCompany,
  SimContext,
  SimRegistry,
  SimRequest,
  SimResponse,
} from './types.js';
import { uidSim } from './uid.js';
import { viesSim } from './vies.js';

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
 * `/abr` and the national fallbacks' `/kas`, `/ares`, `/adis`, `/anaf`, steerable at run time
 * through `/_sim/*` (or the methods of this class in-process).
 */
export class RegistrySimulator {
  private server: Server | undefined;
  private readonly companies = new Map<string, SimCompany>();
  private readonly behaviour = new Map<RegistryId, RegistryBehaviour>();
  private readonly stats = new Map<RegistryId, RegistryStats>();
  private readonly inFlightByNumber = new Map<string, number>();
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
    };
  }

  setBehaviour(id: RegistryId, behaviour: Partial<RegistryBehaviour>): void {
    const current = this.behaviour.get(id) ?? UP;
    this.behaviour.set(id, { ...current, ...behaviour });
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
      });
    }
    this.inFlightByNumber.clear();
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
    if (number && numberKey) {
      stats.callsByNumber[number] = (stats.callsByNumber[number] ?? 0) + 1;
      const now = (this.inFlightByNumber.get(numberKey) ?? 0) + 1;
      this.inFlightByNumber.set(numberKey, now);
      stats.maxInFlightPerNumber = Math.max(stats.maxInFlightPerNumber, now);
    }
    try {
      const behaviour = this.takeBehaviour(registry.id, number !== null);
      if (behaviour.latencyMs > 0) await delay(behaviour.latencyMs);
      const context: SimContext = {
        company: (vatNumber: string) => this.companies.get(vatNumber),
        companies: () => [...this.companies.values()],
        behaviour,
      };
      const response = await answerFor(registry, request, context);
      if (!response) {
        res.socket?.destroy();
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
      if (numberKey) this.inFlightByNumber.set(numberKey, (this.inFlightByNumber.get(numberKey) ?? 1) - 1);
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
   * - `GET  /_sim/companies`, `POST /_sim/companies` body SimCompany, `DELETE /_sim/companies/{vatNumber}`
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
      return null;
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
