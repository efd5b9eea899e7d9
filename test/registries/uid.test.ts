/**
 * The UID-WSE client (src/registries/uid.ts) and the simulator's uid module (simulator/uid.ts), over
 * real HTTP on 127.0.0.1: first against the captured answers in ../shared/upstreams/fixtures/ch,
 * then against the simulator, then the simulator's answers against the captures' shape.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { type Registry, RegistryError } from '../../src/registries/registry.js';
import { createUidRegistry, DEFAULT_URL } from '../../src/registries/uid.js';
import { shared } from '../helpers/shared.js';

// The captured answers of the shared upstream notes (test/helpers/shared.ts finds them).
const FIXTURES = shared('upstreams', 'fixtures', 'ch');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const ACTION_PREFIX = 'http://www.uid.admin.ch/xmlns/uid-wse/IPublicServices/';
const XML = 'text/xml; charset=utf-8';

/** The service's normalised CH number for nine UID digits (registry.ts ParsedVatNumber). */
function ch(digits: string): ParsedVatNumber {
  return { countryCode: 'CH', national: `E${digits}MWST`, vatNumber: `CHE${digits}MWST` };
}

/** Wraps a body-only capture in the envelope WCF writes around successful answers (ch-uid §4.1). */
function successEnvelope(body: string): string {
  return (
    `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xmlns:xsd="http://www.w3.org/2001/XMLSchema">${body}</s:Body></s:Envelope>`
  );
}

async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected a RegistryError, got an answer');
}

// ---------------------------------------------------------------------------------------------
// Namespace-aware shape of an XML document: the ordered list of distinct element paths, each step
// `{namespace}localName`, plus non-namespace attributes. Prefixes and values do not count.

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
});

function shapeOf(xml: string): string[] {
  const paths = new Set<string>();
  const walk = (nodes: Array<Record<string, unknown>>, scope: Map<string, string>, parent: string) => {
    for (const node of nodes) {
      const tag = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
      if (!tag) continue;
      const attributes = (node[':@'] ?? {}) as Record<string, string>;
      const inner = new Map(scope);
      for (const [key, value] of Object.entries(attributes)) {
        if (key === 'xmlns') inner.set('', value);
        else if (key.startsWith('xmlns:')) inner.set(key.slice(6), value);
      }
      const [prefix, name] = tag.includes(':') ? tag.split(':', 2) : ['', tag];
      const path = `${parent}/{${inner.get(prefix) ?? ''}}${name}`;
      paths.add(path);
      for (const key of Object.keys(attributes).filter((key) => !key.startsWith('xmlns'))) {
        paths.add(`${path}/@${key}`);
      }
      walk(node[tag] as Array<Record<string, unknown>>, inner, path);
    }
  };
  walk(orderedParser.parse(xml, true) as Array<Record<string, unknown>>, new Map(), '');
  return [...paths];
}

// ---------------------------------------------------------------------------------------------
// A tiny server that replays captured bodies by SOAPAction, and records what the client sent.

interface Canned {
  status: number;
  body: string;
  contentType?: string;
}

interface SeenRequest {
  action: string;
  contentType: string;
  body: string;
}

interface FixtureServer {
  url: string;
  requests: SeenRequest[];
  answer: Partial<Record<'ValidateVatNumber' | 'GetByUID', Canned>>;
  close(): Promise<void>;
}

async function startFixtureServer(): Promise<FixtureServer> {
  const requests: SeenRequest[] = [];
  const state: FixtureServer = { url: '', requests, answer: {}, close: async () => {} };
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const action = String(req.headers.soapaction ?? '').replace(/^"(.*)"$/, '$1');
    requests.push({
      action,
      contentType: String(req.headers['content-type']),
      body: Buffer.concat(chunks).toString(),
    });
    const operation = action.slice(ACTION_PREFIX.length) as 'ValidateVatNumber' | 'GetByUID';
    const canned = req.url === '/V5.0/PublicServices.svc' ? state.answer[operation] : undefined;
    if (!canned) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`nothing canned for ${req.url} ${action}`);
      return;
    }
    res.writeHead(canned.status, { 'content-type': canned.contentType ?? XML }).end(canned.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/V5.0/PublicServices.svc`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

describe('UID client against the captured answers', () => {
  let upstream: FixtureServer;
  let client: Registry;
  const valid = { status: 200, body: fixture('validate-vat-number-true.response.xml') };
  const notValid = { status: 200, body: fixture('validate-vat-number-false.response.xml') };
  const rateLimited = { status: 500, body: fixture('fault-Request_limit_exceeded.http500.xml') };
  const deletedEntity = {
    status: 200,
    body: fixture('get-by-uid-v5-deleted-entity-vat-liquidated.response.xml'),
  };

  beforeEach(async () => {
    upstream = await startFixtureServer();
    client = createUidRegistry({ baseUrl: upstream.url, timeoutMs: 2000 });
  });

  afterEach(async () => {
    await client.close();
    await upstream.close();
  });

  it('points at the production V5.0 endpoint by default', () => {
    expect(DEFAULT_URL).toBe('https://www.uid-wse.admin.ch/V5.0/PublicServices.svc');
  });

  it('sends ValidateVatNumber exactly as the captured request: canonical number, SOAPAction, text/xml', async () => {
    upstream.answer.ValidateVatNumber = notValid;
    await client.lookup({ target: ch('116281710') });
    const [sent] = upstream.requests;
    expect(sent.action).toBe(`${ACTION_PREFIX}ValidateVatNumber`);
    expect(sent.contentType).toBe(XML);
    expect(shapeOf(sent.body)).toEqual(shapeOf(fixture('validate-vat-number.request.xml')));
    expect(sent.body).toContain('>CHE-116.281.710 MWST<');
  });

  it('takes validity from ValidateVatNumber, then name and address from GetByUID', async () => {
    upstream.answer.ValidateVatNumber = valid;
    upstream.answer.GetByUID = deletedEntity;
    const answer = await client.lookup({ target: ch('423681861') });
    expect(answer).toEqual({
      valid: true,
      name: 'Jacqeline Fehr',
      address: 'Ackeretstrasse 19, 8400 Winterthur',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
    expect(upstream.requests.map((request) => request.action)).toEqual([
      `${ACTION_PREFIX}ValidateVatNumber`,
      `${ACTION_PREFIX}GetByUID`,
    ]);
    // ch-uid §4.2: the uid structure's children are in the eCH-0097 V5 namespace.
    expect(shapeOf(upstream.requests[1].body)).toContain(
      `/{${SOAP_NS}}Envelope/{${SOAP_NS}}Body/{http://www.uid.admin.ch/xmlns/uid-wse}GetByUID` +
        '/{http://www.uid.admin.ch/xmlns/uid-wse}uid/{http://www.ech.ch/xmlns/eCH-0097/5}uidOrganisationId',
    );
    expect(upstream.requests[1].body).toContain('>423681861<');
  });

  it('answers not valid on false, without asking GetByUID', async () => {
    upstream.answer.ValidateVatNumber = notValid;
    const answer = await client.lookup({ target: ch('116281710') });
    expect(answer).toEqual({
      valid: false,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers valid with name and address withheld when GetByUID finds nothing (not-found capture)', async () => {
    upstream.answer.ValidateVatNumber = valid;
    upstream.answer.GetByUID = {
      status: 200,
      body: successEnvelope(fixture('get-by-uid-not-found.response-body.xml')),
    };
    const answer = await client.lookup({ target: ch('116281710') });
    expect(answer).toEqual({
      valid: true,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('maps the captured Request_limit_exceeded fault (HTTP 500) to throttled', async () => {
    upstream.answer.ValidateVatNumber = rateLimited;
    const error = await failureOf(client.lookup({ target: ch('116281710') }));
    expect(error.kind).toBe('throttled');
    expect(error.upstreamCode).toBe('Request_limit_exceeded');
    expect(error.registry).toBe('uid');
  });

  it('maps the rate-limit fault on the GetByUID call to throttled too', async () => {
    upstream.answer.ValidateVatNumber = valid;
    upstream.answer.GetByUID = rateLimited;
    const error = await failureOf(client.lookup({ target: ch('116281710') }));
    expect(error.kind).toBe('throttled');
  });

  it('maps the captured Data_validation_failed fault detail to invalid_input', async () => {
    // The capture is the V3 detail only; WCF's default reason text stands in for the faultstring.
    const detail = fixture('legacy-v3-business-fault-Data_validation_failed.detail.xml');
    upstream.answer.ValidateVatNumber = {
      status: 500,
      body:
        `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body><s:Fault><faultcode>s:Client</faultcode>` +
        '<faultstring xml:lang="de-CH">The creator of this fault did not specify a Reason.</faultstring>' +
        `<detail>${detail}</detail></s:Fault></s:Body></s:Envelope>`,
    };
    const error = await failureOf(client.lookup({ target: ch('115635627') }));
    expect(error.kind).toBe('invalid_input');
    expect(error.upstreamCode).toBe('Data_validation_failed');
  });

  it('reads only the V5 layout: a legacy V3 answer gives the name but no made-up address', async () => {
    upstream.answer.ValidateVatNumber = valid;
    upstream.answer.GetByUID = {
      status: 200,
      body: successEnvelope(fixture('legacy-v3-get-by-uid.response-body.xml')),
    };
    const answer = await client.lookup({ target: ch('115635627') });
    expect(answer).toEqual({
      valid: true,
      name: 'mimacom ag',
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });
});

describe('UID client on answers no capture shows', () => {
  let upstream: FixtureServer;
  let client: Registry;
  const valid = { status: 200, body: fixture('validate-vat-number-true.response.xml') };

  beforeEach(async () => {
    upstream = await startFixtureServer();
    client = createUidRegistry({ baseUrl: upstream.url, timeoutMs: 2000 });
  });

  afterEach(async () => {
    await client.close();
    await upstream.close();
  });

  it('treats an HTML maintenance page with 200 as malformed', async () => {
    upstream.answer.ValidateVatNumber = {
      status: 200,
      contentType: 'text/html',
      body: '<html><body><h1>Wartungsarbeiten</h1></body></html>',
    };
    expect((await failureOf(client.lookup({ target: ch('116281710') }))).kind).toBe('malformed');
  });

  it('treats a 503 HTML page as server_error', async () => {
    upstream.answer.ValidateVatNumber = {
      status: 503,
      contentType: 'text/html',
      body: '<html>Service Unavailable</html>',
    };
    const error = await failureOf(client.lookup({ target: ch('116281710') }));
    expect(error.kind).toBe('server_error');
    expect(error.upstreamCode).toBe('HTTP 503');
  });

  it('treats a result that is neither true nor false as malformed', async () => {
    upstream.answer.ValidateVatNumber = { status: 200, body: valid.body.replace('>true<', '>yes<') };
    expect((await failureOf(client.lookup({ target: ch('116281710') }))).kind).toBe('malformed');
  });

  it('refuses a GetByUID answer declaring a DTD, so no declared entity becomes the name', async () => {
    upstream.answer.ValidateVatNumber = valid;
    const captured = fixture('get-by-uid-v5-deleted-entity-vat-liquidated.response.xml');
    upstream.answer.GetByUID = { status: 200, body: captured };
    const plain = await client.lookup({ target: ch('423681861') });
    expect(plain.name).not.toBeNull();
    const named = captured.replace(/(<[\w:]*organisationName[^>]*>)[^<]*/, '$1&name;');
    expect(named).toContain('&name;');
    // The DTD goes after the XML declaration, where a well-formed document has it.
    const declared = named.replace(
      /^(<\?xml[^>]*\?>)/,
      '$1<!DOCTYPE s:Envelope [<!ENTITY name "Declared AG">]>',
    );
    expect(declared).toContain('?><!DOCTYPE');
    upstream.answer.GetByUID = { status: 200, body: declared };
    expect((await failureOf(client.lookup({ target: ch('423681861') }))).kind).toBe('malformed');
  });

  it('treats a GetByUID answer about another UID as malformed', async () => {
    upstream.answer.ValidateVatNumber = valid;
    upstream.answer.GetByUID = {
      status: 200,
      body: fixture('get-by-uid-v5-deleted-entity-vat-liquidated.response.xml'),
    };
    expect((await failureOf(client.lookup({ target: ch('116281710') }))).kind).toBe('malformed');
  });

  it('refuses a number that is not a Swiss VAT number without calling the register', async () => {
    const target = { countryCode: 'DE' as const, national: '123456788', vatNumber: 'DE123456788' };
    expect((await failureOf(client.lookup({ target }))).kind).toBe('invalid_input');
    expect(upstream.requests).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('UID client against the simulator', () => {
  let sim: RegistrySimulator;
  let client: Registry;

  beforeAll(async () => {
    sim = await startSimulator();
  });

  afterAll(async () => {
    await sim.close();
  });

  beforeEach(() => {
    sim.reset();
    client = createUidRegistry({ baseUrl: sim.env().UID_URL, timeoutMs: 2000 });
  });

  afterEach(async () => {
    await client.close();
  });

  it('answers a VAT-registered company with name and address, in two calls', async () => {
    const answer = await client.lookup({ target: ch('100000006') });
    expect(answer).toEqual({
      valid: true,
      name: 'Muster AG',
      address: 'Musterstrasse 1, 3000 Bern',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
    expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 2 });
  });

  it('keeps extra address lines and non-ASCII text', async () => {
    const answer = await client.lookup({ target: ch('100000012') });
    expect(answer.name).toBe('Exemple Sàrl');
    expect(answer.address).toBe('c/o Fiduciaire Léman SA, Rue du Marché 12, 1204 Genève');
  });

  it('appends the country for an address outside Switzerland', async () => {
    const answer = await client.lookup({ target: ch('100000064') });
    expect(answer.address).toBe('Friedrichstrasse 100, 10115 Berlin, DE');
  });

  it('answers valid with name and address null when the register withholds them', async () => {
    const answer = await client.lookup({ target: ch('100000058') });
    expect(answer).toEqual({
      valid: true,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it.each([
    ['not in the register', '100000070'],
    ['a UID never registered for VAT', '100000029'],
    ['a UID whose VAT registration ended', '100000035'],
    ['a deleted entity', '100000041'],
  ])('answers not valid for %s, in one call', async (_case, digits) => {
    const answer = await client.lookup({ target: ch(digits) });
    expect(answer).toEqual({
      valid: false,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
    expect(sim.statsOf('uid').callsByNumber).toEqual({ [`CHE${digits}MWST`]: 1 });
  });

  it('answers a company added at run time', async () => {
    sim.addCompany({
      vatNumber: 'CHE100000087MWST',
      name: 'Neu  AG',
      addressLines: ['Postgasse 3', '3011 Bern'],
      vatRegistered: true,
    });
    const answer = await client.lookup({ target: ch('100000087') });
    expect(answer).toMatchObject({ valid: true, name: 'Neu AG', address: 'Postgasse 3, 3011 Bern' });
  });

  it.each([
    ['Request_limit_exceeded', 'throttled', 'Request_limit_exceeded'],
    ['Data_validation_failed', 'invalid_input', 'Data_validation_failed'],
    ['securityFault', 'auth', 'Access_denied'],
    ['infrastructureFault', 'server_error', 'Internal_error'],
    ['no-such-code', 'server_error', 'Internal_error'],
    ['ActionNotSupported', 'server_error', 'ActionNotSupported'],
    ['415', 'server_error', 'HTTP 415'],
  ])('maps the simulated fault %s to %s', async (fault, kind, upstreamCode) => {
    sim.setBehaviour('uid', { mode: 'fault', fault });
    const error = await failureOf(client.lookup({ target: ch('100000006') }));
    expect(error.kind).toBe(kind);
    expect(error.upstreamCode).toBe(upstreamCode);
  });

  it('gets the register Data_validation_failed fault for a wrong check digit', async () => {
    const error = await failureOf(client.lookup({ target: ch('100000007') }));
    expect(error.kind).toBe('invalid_input');
  });

  it('reports down (503) as server_error', async () => {
    sim.setBehaviour('uid', { mode: 'down' });
    const error = await failureOf(client.lookup({ target: ch('100000006') }));
    expect(error.kind).toBe('server_error');
    expect(error.upstreamCode).toBe('HTTP 503');
  });

  it('reports a connection reset as unreachable', async () => {
    sim.setBehaviour('uid', { mode: 'reset' });
    expect((await failureOf(client.lookup({ target: ch('100000006') }))).kind).toBe('unreachable');
  });

  it('reports an answer slower than the timeout as timeout', async () => {
    const impatient = createUidRegistry({ baseUrl: sim.env().UID_URL, timeoutMs: 150 });
    sim.setBehaviour('uid', { mode: 'up', latencyMs: 600 });
    try {
      expect((await failureOf(impatient.lookup({ target: ch('100000006') }))).kind).toBe('timeout');
    } finally {
      await impatient.close();
    }
  });

  it('reports a malformed body as malformed', async () => {
    sim.setBehaviour('uid', { mode: 'malformed' });
    expect((await failureOf(client.lookup({ target: ch('100000006') }))).kind).toBe('malformed');
  });

  it('refuses a GetByUID answer about another company, also for a number the register does not hold', async () => {
    sim.setBehaviour('uid', { mode: 'wrong_number' });
    const error = await failureOf(client.lookup({ target: ch('100000006') }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('does not hold CHE100000006');
    // ValidateVatNumber has no echo and says true for the other company; GetByUID gives it away.
    expect((await failureOf(client.lookup({ target: ch('100000029') }))).kind).toBe('malformed');
    expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 2, CHE100000029MWST: 2 });
  });

  it('refuses a GetByUID answer declaring a DTD whose entity is the name', async () => {
    sim.setBehaviour('uid', { mode: 'doctype' });
    const error = await failureOf(client.lookup({ target: ch('100000006') }));
    expect(error.kind).toBe('malformed');
    expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 2 });
  });

  it('recovers once a fault limited by times is used up', async () => {
    sim.setBehaviour('uid', { mode: 'fault', fault: 'Request_limit_exceeded', times: 1 });
    expect((await failureOf(client.lookup({ target: ch('100000006') }))).kind).toBe('throttled');
    expect((await client.lookup({ target: ch('100000006') })).valid).toBe(true);
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = await startSimulator();
    const url = closed.env().UID_URL;
    await closed.close();
    const orphan = createUidRegistry({ baseUrl: url, timeoutMs: 2000 });
    try {
      expect((await failureOf(orphan.lookup({ target: ch('100000006') }))).kind).toBe('unreachable');
    } finally {
      await orphan.close();
    }
  });

  it('never takes a requester, and ignores one it is given', async () => {
    for (const requester of [ch('100000006'), ch('100000012')]) {
      expect(client.acceptsRequester(requester)).toBe(false);
    }
    expect(
      client.acceptsRequester({
        countryCode: 'DE' as const,
        national: '123456788',
        vatNumber: 'DE123456788',
      }),
    ).toBe(false);
    const answer = await client.lookup({ target: ch('100000006'), requester: ch('100000012') });
    expect(answer.consultationNumber).toBeNull();
    expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 2 });
  });
});

// ---------------------------------------------------------------------------------------------

describe('UID simulator speaks the captured protocol', () => {
  let sim: RegistrySimulator;
  let url: string;

  beforeAll(async () => {
    sim = await startSimulator();
    url = sim.env().UID_URL;
  });

  afterAll(async () => {
    await sim.close();
  });

  beforeEach(() => sim.reset());

  const post = async (operation: string, inner: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': XML, soapaction: `${ACTION_PREFIX}${operation}`, ...headers },
      body:
        `<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:uid="http://www.uid.admin.ch/xmlns/uid-wse" ` +
        `xmlns:ns="http://www.ech.ch/xmlns/eCH-0097/5"><soapenv:Header/><soapenv:Body>${inner}</soapenv:Body>` +
        '</soapenv:Envelope>',
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    };
  };
  const validate = (vatNumber: string) =>
    `<uid:ValidateVatNumber><uid:vatNumber>${vatNumber}</uid:vatNumber></uid:ValidateVatNumber>`;
  const getByUid = (id: string, ns = 'ns') =>
    `<uid:GetByUID><uid:uid><${ns}:uidOrganisationIdCategorie>CHE</${ns}:uidOrganisationIdCategorie>` +
    `<${ns}:uidOrganisationId>${id}</${ns}:uidOrganisationId></uid:uid></uid:GetByUID>`;

  it('answers GetByUID about another VAT-active company in mode wrong_number', async () => {
    sim.setBehaviour('uid', { mode: 'wrong_number' });
    const answer = await post('GetByUID', getByUid('100000006'));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<uidOrganisationId>100000012</uidOrganisationId>');
    expect(answer.body).not.toContain('<uidOrganisationId>100000006</uidOrganisationId>');
    const unknown = await post('ValidateVatNumber', validate('CHE-100.000.029 MWST'));
    expect(unknown.body).toContain('<ValidateVatNumberResult>true</ValidateVatNumberResult>');
  });

  it('declares a DTD on GetByUID only in mode doctype, its entity in place of organisationName', async () => {
    sim.setBehaviour('uid', { mode: 'doctype' });
    const validated = await post('ValidateVatNumber', validate('CHE-100.000.006 MWST'));
    expect(validated.body).not.toContain('<!DOCTYPE');
    const answer = await post('GetByUID', getByUid('100000006'));
    expect(answer.body).toMatch(/^<!DOCTYPE s:Envelope \[<!ENTITY company "[^"]+">\]><s:Envelope /);
    expect(answer.body).toMatch(/<organisationName xmlns="[^"]+">&company;<\/organisationName>/);
  });

  it('answers ValidateVatNumber in the shape of the captured answer', async () => {
    const answer = await post('ValidateVatNumber', validate('CHE-100.000.006 MWST'));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe(XML);
    expect(shapeOf(answer.body)).toEqual(shapeOf(fixture('validate-vat-number-true.response.xml')));
    expect(answer.body).toContain('<ValidateVatNumberResult>true</ValidateVatNumberResult>');
  });

  it('accepts the compact form, the TVA suffix and an unquoted or quoted SOAPAction', async () => {
    const compact = await post('ValidateVatNumber', validate('CHE100000006 TVA'));
    expect(compact.body).toContain('>true<');
    const quoted = await post('ValidateVatNumber', validate('CHE-100.000.006 MWST'), {
      soapaction: `"${ACTION_PREFIX}ValidateVatNumber"`,
    });
    expect(quoted.body).toContain('>true<');
  });

  it('answers the rate-limit fault in the shape of the captured fault', async () => {
    sim.setBehaviour('uid', { mode: 'fault', fault: 'Request_limit_exceeded' });
    const answer = await post('GetByUID', getByUid('100000006'));
    expect(answer.status).toBe(500);
    expect(answer.contentType).toBe(XML);
    expect(shapeOf(answer.body)).toEqual(shapeOf(fixture('fault-Request_limit_exceeded.http500.xml')));
    expect(answer.body).toContain(
      '<operation xmlns="http://www.uid.admin.ch/xmlns/uid-wse-shared/2">GetByUID<',
    );
  });

  it('answers an unknown UID with the captured empty GetByUIDResult', async () => {
    const answer = await post('GetByUID', getByUid('100000070'));
    expect(answer.status).toBe(200);
    const body = /<s:Body[^>]*>(.*)<\/s:Body>/.exec(answer.body)?.[1] ?? '';
    expect(body).toBe(fixture('get-by-uid-not-found.response-body.xml').trim());
  });

  it('lays out a deleted entity exactly as the captured V5 GetByUID answer', async () => {
    const answer = await post('GetByUID', getByUid('100000041'));
    expect(answer.status).toBe(200);
    expect(shapeOf(answer.body)).toEqual(
      shapeOf(fixture('get-by-uid-v5-deleted-entity-vat-liquidated.response.xml')),
    );
    expect(answer.body).toContain('<uidregStatusEnterpriseDetail>5<');
    expect(answer.body).toContain('<vatEntryStatus>2<');
  });

  it('uses only elements of the captured layout for an active company', async () => {
    const answer = await post('GetByUID', getByUid('100000006'));
    const captured = shapeOf(fixture('get-by-uid-v5-deleted-entity-vat-liquidated.response.xml'));
    expect(captured).toEqual(expect.arrayContaining(shapeOf(answer.body)));
    expect(answer.body).toContain('<vatStatus>2</vatStatus><vatEntryStatus>1</vatEntryStatus>');
  });

  it('answers a wrong check digit with the Data_validation_failed fault, not false', async () => {
    for (const answer of [
      await post('ValidateVatNumber', validate('CHE-100.000.007 MWST')),
      await post('GetByUID', getByUid('100000007')),
    ]) {
      expect(answer.status).toBe(500);
      expect(answer.body).toContain('<faultstring xml:lang="de-CH">Data_validation_failed</faultstring>');
      expect(shapeOf(answer.body)).toEqual(shapeOf(fixture('fault-Request_limit_exceeded.http500.xml')));
    }
  });

  it('treats V3-namespaced parameters as missing (Data_validation_failed)', async () => {
    const v3 = getByUid('100000006', 'v3').replace(
      '<uid:uid>',
      '<uid:uid xmlns:v3="http://www.ech.ch/xmlns/eCH-0097-f/2">',
    );
    const answer = await post('GetByUID', v3);
    expect(answer.status).toBe(500);
    expect(answer.body).toContain('>Data_validation_failed<');
  });

  it('refuses SOAP 1.2 with 415 and an unknown SOAPAction with ActionNotSupported', async () => {
    const soap12 = await post('ValidateVatNumber', validate('CHE-100.000.006 MWST'), {
      'content-type': 'application/soap+xml; charset=utf-8',
    });
    expect(soap12.status).toBe(415);
    const unknown = await post('CheckVat', validate('CHE-100.000.006 MWST'));
    expect(unknown.status).toBe(500);
    expect(unknown.body).toContain('a:ActionNotSupported');
  });

  it('counts lookups per normalised number, whatever the form asked', async () => {
    await post('ValidateVatNumber', validate('CHE100000006 IVA'));
    await post('GetByUID', getByUid('100000006'));
    await post('ValidateUID', '<uid:ValidateUID><uid:uid>CHE-100.000.006</uid:uid></uid:ValidateUID>');
    expect(sim.statsOf('uid').callsByNumber).toEqual({ CHE100000006MWST: 3 });
  });
});
