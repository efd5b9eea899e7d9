import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRREG_FAULTS, brregSim } from '../../simulator/brreg.js';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { createBrregRegistry, DEFAULT_URL } from '../../src/registries/brreg.js';
import {
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryFailureKind,
} from '../../src/registries/registry.js';

/** The captured answers of shared/upstreams/fixtures/no (provenance in its README). */
const FIXTURES = process.env.BRREG_FIXTURES_DIR ?? '/work/shared/upstreams/fixtures/no';
const V2 = 'application/vnd.brreg.enhetsregisteret.enhet.v2+json';
const V2_UTF8 = `${V2};charset=UTF-8`;

type Json = Record<string, unknown>;

function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

function fixtureJson(name: string): Json {
  return JSON.parse(fixtureText(name)) as Json;
}

function norwegian(digits: string): ParsedVatNumber {
  return { countryCode: 'NO', national: `${digits}MVA`, vatNumber: `NO${digits}MVA` };
}

/** Answers carry their exchange; its contents are checked in the evidence tests. */
const NOT_VALID: RegistryAnswer = {
  valid: false,
  name: null,
  address: null,
  consultationNumber: null,
  exchange: expect.any(Object),
};

async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected a RegistryError, got an answer');
}

async function expectFailure(promise: Promise<unknown>, kind: RegistryFailureKind, upstreamCode?: string) {
  const error = await failureOf(promise);
  expect(error.registry).toBe('brreg');
  expect(error.kind).toBe(kind);
  if (upstreamCode !== undefined) expect(error.upstreamCode).toBe(upstreamCode);
  return error;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Sorted `path:type` list of a JSON value: what "same field names and nesting" compares. */
function shapeOf(value: unknown, path = '$'): string[] {
  const walk = (node: unknown, at: string): string[] => {
    if (Array.isArray(node)) return [`${at}:array`, ...node.flatMap((item) => walk(item, `${at}[]`))];
    if (node !== null && typeof node === 'object') {
      return Object.entries(node).flatMap(([key, child]) => walk(child, `${at}.${key}`));
    }
    return [`${at}:${node === null ? 'null' : typeof node}`];
  };
  return [...new Set(walk(value, path))].sort();
}

describe('brreg client against the captured fixtures', () => {
  interface Canned {
    status: number;
    contentType?: string;
    body: string;
  }
  const canned = new Map<string, Canned>();
  const requests: Array<{ method: string; path: string; accept: string | undefined }> = [];
  let server: Server;
  let client: Registry;

  /** Answers `GET /enhetsregisteret/api/enheter/{orgnr}` as the real service did (README statuses and types). */
  function serve(orgnr: string, answer: Canned): void {
    canned.set(`/enhetsregisteret/api/enheter/${orgnr}`, answer);
  }

  function digdirWith(changes: Json, drop: string[] = []): string {
    const entity: Json = { ...fixtureJson('enhet-200-991825827-digdir.json'), ...changes };
    for (const key of drop) delete entity[key];
    return JSON.stringify(entity);
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', accept: req.headers.accept });
      const answer = canned.get(req.url ?? '') ?? { status: 404, body: '' };
      res.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {});
      res.end(answer.body);
    });
    const url = await listen(server);
    // The same layout as the real service: the root path is part of the configured base URL.
    client = createBrregRegistry({ baseUrl: `${url}/enhetsregisteret/api`, timeoutMs: 2000 });
  });

  afterAll(async () => {
    await client.close();
    await closeServer(server);
  });

  beforeEach(() => {
    canned.clear();
    requests.length = 0;
  });

  it('defaults to the real service root', () => {
    expect(DEFAULT_URL).toBe('https://data.brreg.no/enhetsregisteret/api');
  });

  it('asks /enheter/{9 digits} with the v2 media type, and maps a non-VAT entity to valid false', async () => {
    serve('991825827', {
      status: 200,
      contentType: V2_UTF8,
      body: fixtureText('enhet-200-991825827-digdir.json'),
    });
    expect(await client.lookup({ target: norwegian('991825827') })).toEqual(NOT_VALID);
    expect(requests).toEqual([
      { method: 'GET', path: '/enhetsregisteret/api/enheter/991825827', accept: V2_UTF8 },
    ]);
  });

  it('maps a VAT-registered entity to valid with navn and the business address', async () => {
    serve('991825827', {
      status: 200,
      contentType: V2_UTF8,
      body: digdirWith({ registrertIMvaregisteret: true }),
    });
    expect(await client.lookup({ target: norwegian('991825827') })).toEqual({
      valid: true,
      name: 'DIGITALISERINGSDIREKTORATET',
      address: 'Lørenfaret 1C, 0585 OSLO',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('accepts the unversioned application/json type as well', async () => {
    serve('991825827', {
      status: 200,
      contentType: 'application/json',
      body: digdirWith({ registrertIMvaregisteret: true }),
    });
    expect((await client.lookup({ target: norwegian('991825827') })).valid).toBe(true);
  });

  it('falls back to the postal address when there is no business address', async () => {
    const body = digdirWith({ registrertIMvaregisteret: true }, ['forretningsadresse']);
    serve('991825827', { status: 200, contentType: V2_UTF8, body });
    const answer = await client.lookup({ target: norwegian('991825827') });
    expect(answer.address).toBe('Postboks 1382 Vika, 0114 OSLO');
  });

  it('answers address null (withheld) with the name when neither address is given', async () => {
    const body = digdirWith({ registrertIMvaregisteret: true }, ['forretningsadresse', 'postadresse']);
    serve('991825827', { status: 200, contentType: V2_UTF8, body });
    expect(await client.lookup({ target: norwegian('991825827') })).toEqual({
      valid: true,
      name: 'DIGITALISERINGSDIREKTORATET',
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('adds the country to a foreign address and skips empty address lines', async () => {
    const foreign = {
      land: 'Polen',
      landkode: 'PL',
      poststed: '81-336 GDYNIA',
      adresse: ['ul. Budowniczych 12', ''],
    };
    serve('991825827', {
      status: 200,
      contentType: V2_UTF8,
      body: digdirWith({ registrertIMvaregisteret: true, forretningsadresse: foreign }),
    });
    const answer = await client.lookup({ target: norwegian('991825827') });
    expect(answer.address).toBe('ul. Budowniczych 12, 81-336 GDYNIA, Polen');
  });

  it('keeps a bankrupt entity valid while it is in the VAT register', async () => {
    const body = digdirWith({ registrertIMvaregisteret: true, konkurs: true, konkursdato: '2025-01-15' });
    serve('991825827', { status: 200, contentType: V2_UTF8, body });
    expect((await client.lookup({ target: norwegian('991825827') })).valid).toBe(true);
  });

  it('maps the deleted entity (200 with slettedato) to valid false', async () => {
    serve('821227062', {
      status: 200,
      contentType: V2_UTF8,
      body: fixtureText('enhet-200-slettet-821227062.json'),
    });
    expect(await client.lookup({ target: norwegian('821227062') })).toEqual(NOT_VALID);
  });

  it('maps 410 Gone (removed for legal reasons) to valid false', async () => {
    const body = fixtureText('underenhet-410-fjernet-433695968.json');
    serve('433695968', { status: 410, contentType: 'application/json', body });
    expect(await client.lookup({ target: norwegian('433695968') })).toEqual(NOT_VALID);
  });

  it('refuses a 410 whose body names another organisation number', async () => {
    const body = fixtureText('underenhet-410-fjernet-433695968.json');
    serve('991825827', { status: 410, contentType: 'application/json', body });
    const error = await expectFailure(client.lookup({ target: norwegian('991825827') }), 'malformed', '410');
    expect(error.message).toContain('433695968, not 991825827');
  });

  it('refuses an entity answer about another organisation number', async () => {
    serve('900000006', { status: 200, contentType: V2_UTF8, body: digdirWith({}) });
    const error = await expectFailure(client.lookup({ target: norwegian('900000006') }), 'malformed');
    expect(error.message).toContain('991825827, not 900000006');
  });

  it('maps 404 with no body to valid false, also for a sub-unit number (asked at /enheter/)', async () => {
    canned.set('/enhetsregisteret/api/underenheter/924203617', {
      status: 200,
      contentType: 'application/vnd.brreg.enhetsregisteret.underenhet.v2+json;charset=UTF-8',
      body: fixtureText('underenhet-200-924203617.json'),
    });
    expect(await client.lookup({ target: norwegian('924203617') })).toEqual(NOT_VALID);
    expect(requests.map((request) => request.path)).toEqual(['/enhetsregisteret/api/enheter/924203617']);
  });

  it('maps the docs 400 BadRequest to invalid_input with the register message', async () => {
    serve('995525828', {
      status: 400,
      contentType: 'application/json',
      body: fixtureText('error-400-docs-example.json'),
    });
    const error = await expectFailure(
      client.lookup({ target: norwegian('995525828') }),
      'invalid_input',
      '400',
    );
    expect(error.message).toContain('nøyaktig 9 siffer');
  });

  it('maps the docs 500 InternalServerError to server_error, quoting its trace', async () => {
    serve('999999999', {
      status: 500,
      contentType: 'application/json',
      body: fixtureText('error-500-docs-example.json'),
    });
    const error = await expectFailure(
      client.lookup({ target: norwegian('999999999') }),
      'server_error',
      '500',
    );
    expect(error.message).toContain('5631709a-6e3e-4b72-94e7-fcbf6341272a');
  });

  it.each([
    ['429', { status: 429, body: '' }, 'throttled'],
    ['406 (v2 refused)', { status: 406, body: '' }, 'server_error'],
    [
      '503 from a gateway',
      { status: 503, contentType: 'text/plain', body: 'Service Unavailable' },
      'server_error',
    ],
    ['302 redirect', { status: 302, body: '' }, 'server_error'],
  ] as const)('maps %s to %s', async (_label, answer, kind) => {
    serve('995525828', answer);
    await expectFailure(client.lookup({ target: norwegian('995525828') }), kind, String(answer.status));
  });

  it.each([
    ['an HTML 200', { status: 200, contentType: 'text/html', body: '<html>maintenance</html>' }],
    [
      'truncated JSON',
      { status: 200, contentType: V2_UTF8, body: '{"organisasjonsnummer":"995525828","navn":"X' },
    ],
    ['a JSON array', { status: 200, contentType: V2_UTF8, body: '[]' }],
    ['an answer for another number', { status: 200, contentType: V2_UTF8, body: digdirWith({}) }],
    [
      'a 404 with a body (not the register: wrong base URL?)',
      { status: 404, contentType: 'text/html', body: '<h1>404</h1>' },
    ],
    [
      'a 400 without the BadRequest body',
      { status: 400, contentType: 'text/html', body: '<h1>Bad Request</h1>' },
    ],
  ] as const)('maps %s to malformed', async (_label, answer) => {
    serve('995525828', answer);
    await expectFailure(client.lookup({ target: norwegian('995525828') }), 'malformed');
  });

  it('maps an entity without registrertIMvaregisteret or without navn to malformed, not a guess', async () => {
    serve('991825827', {
      status: 200,
      contentType: V2_UTF8,
      body: digdirWith({}, ['registrertIMvaregisteret']),
    });
    await expectFailure(client.lookup({ target: norwegian('991825827') }), 'malformed');
    serve('991825827', {
      status: 200,
      contentType: V2_UTF8,
      body: digdirWith({ registrertIMvaregisteret: true }, ['navn']),
    });
    await expectFailure(client.lookup({ target: norwegian('991825827') }), 'malformed');
  });

  it('refuses a number that is not Norwegian without calling the register', async () => {
    const target = { countryCode: 'DE' as const, national: '123456704', vatNumber: 'DE123456704' };
    await expectFailure(client.lookup({ target }), 'invalid_input');
    expect(requests).toEqual([]);
  });
});

describe('brreg client against the simulator', () => {
  let sim: RegistrySimulator;
  let client: Registry;

  beforeAll(async () => {
    sim = await startSimulator();
    client = createBrregRegistry({ baseUrl: sim.env().BRREG_URL, timeoutMs: 2000 });
  });

  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  beforeEach(() => sim.reset());

  it.each([
    ['900000006', 'NORSK TESTBEDRIFT AS', 'Havnegata 48, 8900 BRØNNØYSUND'],
    ['900000022', 'POSTBOKS HANDEL AS', 'Postboks 123 Sentrum, 0102 OSLO'],
    ['900000030', 'BALTIC TRADE SP Z O O NUF', 'ul. Budowniczych 12, 81-336 GDYNIA, Polen'],
    ['900000049', 'ADRESSELØS AS', null],
    ['900000057', 'KONKURSBO TESTBEDRIFT AS', 'Storgata 1, 0155 OSLO'],
  ])('answers seeded NO%sMVA as valid with its name and address', async (digits, name, address) => {
    const answer = await client.lookup({ target: norwegian(digits) });
    expect(answer).toEqual({
      valid: true,
      name,
      address,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it.each([
    ['991825827', 'registered, not in the VAT register'],
    ['821227062', 'deleted (200 with slettedato)'],
    ['509100675', 'removed for legal reasons (410)'],
    ['924203617', 'a sub-unit (404 at /enheter/)'],
    ['900000014', 'not in the register at all (404)'],
  ])('answers NO%sMVA (%s) as valid false', async (digits) => {
    expect(await client.lookup({ target: norwegian(digits) })).toEqual(NOT_VALID);
  });

  it('every seeded number passes the mod-11 check and is stored normalised', () => {
    const weights = [3, 2, 7, 6, 5, 4, 3, 2, 1];
    for (const company of brregSim.seed) {
      const match = /^NO([0-9]{9})MVA$/.exec(company.vatNumber);
      expect(match, company.vatNumber).not.toBeNull();
      const sum = [...match![1]].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
      expect(sum % 11, company.vatNumber).toBe(0);
    }
  });

  it('answers a company added at run time, and counts lookups per normalised number', async () => {
    sim.addCompany({
      vatNumber: 'NO900000065MVA',
      name: 'NY BEDRIFT AS',
      addressLines: ['Kongens gate 2', '0153 OSLO'],
      vatRegistered: true,
    });
    const answer = await client.lookup({ target: norwegian('900000065') });
    expect(answer).toEqual({
      valid: true,
      name: 'NY BEDRIFT AS',
      address: 'Kongens gate 2, 0153 OSLO',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
    await client.lookup({ target: norwegian('900000065') });
    expect(sim.statsOf('brreg').callsByNumber).toEqual({ NO900000065MVA: 2 });
  });

  it.each([
    ['500', 'server_error'],
    ['400', 'invalid_input'],
    ['406', 'server_error'],
    ['no-such-code', 'server_error'],
  ] as const)('maps fault %s to %s', async (fault, kind) => {
    sim.setBehaviour('brreg', { mode: 'fault', fault });
    const expectedCode = fault === 'no-such-code' ? '500' : fault;
    await expectFailure(client.lookup({ target: norwegian('900000006') }), kind, expectedCode);
  });

  it.each(['404', '410'])('maps fault %s to valid false even for a VAT-registered number', async (fault) => {
    sim.setBehaviour('brreg', { mode: 'fault', fault });
    expect(await client.lookup({ target: norwegian('900000006') })).toEqual(NOT_VALID);
  });

  it('covers every fault code the simulator lists', () => {
    expect([...BRREG_FAULTS].sort()).toEqual(['400', '404', '406', '410', '500']);
  });

  it('fails only the next lookup when a fault is limited to one call', async () => {
    sim.setBehaviour('brreg', { mode: 'fault', fault: '500', times: 1 });
    await expectFailure(client.lookup({ target: norwegian('900000006') }), 'server_error');
    expect((await client.lookup({ target: norwegian('900000006') })).valid).toBe(true);
  });

  it('maps down (503) to server_error', async () => {
    sim.setBehaviour('brreg', { mode: 'down' });
    await expectFailure(client.lookup({ target: norwegian('900000006') }), 'server_error', '503');
  });

  it('maps a connection reset to unreachable', async () => {
    sim.setBehaviour('brreg', { mode: 'reset' });
    await expectFailure(client.lookup({ target: norwegian('900000006') }), 'unreachable');
  });

  it('maps an answer slower than the client timeout to timeout', async () => {
    const impatient = createBrregRegistry({ baseUrl: sim.env().BRREG_URL, timeoutMs: 150 });
    sim.setBehaviour('brreg', { mode: 'up', latencyMs: 600 });
    try {
      await expectFailure(impatient.lookup({ target: norwegian('900000006') }), 'timeout');
    } finally {
      await impatient.close();
    }
  });

  it('maps a malformed 200 to malformed', async () => {
    sim.setBehaviour('brreg', { mode: 'malformed' });
    await expectFailure(client.lookup({ target: norwegian('900000006') }), 'malformed');
  });

  it('refuses an answer about another entity in the VAT register', async () => {
    sim.setBehaviour('brreg', { mode: 'wrong_number' });
    for (const digits of ['900000006', '991825827', '900000014']) {
      const error = await expectFailure(client.lookup({ target: norwegian(digits) }), 'malformed');
      expect(error.message).toMatch(new RegExp(`brreg answered for \\d{9}, not ${digits}`));
    }
    expect(sim.statsOf('brreg').callsByNumber).toEqual({
      NO900000006MVA: 1,
      NO991825827MVA: 1,
      NO900000014MVA: 1,
    });
  });

  it('maps a refused connection to unreachable', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await closeServer(closed);
    const refused = createBrregRegistry({ baseUrl: `${url}/brreg`, timeoutMs: 2000 });
    try {
      await expectFailure(refused.lookup({ target: norwegian('900000006') }), 'unreachable');
    } finally {
      await refused.close();
    }
  });

  it('maps the answer of a wrong base URL (404 with a body) to malformed, not to "not registered"', async () => {
    const lost = createBrregRegistry({ baseUrl: `${sim.baseUrl}/nowhere`, timeoutMs: 2000 });
    try {
      await expectFailure(lost.lookup({ target: norwegian('900000006') }), 'malformed', '404');
    } finally {
      await lost.close();
    }
  });

  it('never takes a requester, and answers without a consultation number when one is passed', async () => {
    expect(client.acceptsRequester(norwegian('900000006'))).toBe(false);
    expect(
      client.acceptsRequester({
        countryCode: 'DE' as const,
        national: '123456704',
        vatNumber: 'DE123456704',
      }),
    ).toBe(false);
    const answer = await client.lookup({ target: norwegian('900000006'), requester: norwegian('991825827') });
    expect(answer).toMatchObject({ valid: true, consultationNumber: null });
  });
});

describe('brreg simulator speaks the real protocol', () => {
  let sim: RegistrySimulator;
  const openapi = () =>
    fixtureJson('enhetsregisteret-openapi-2.0.0.json') as { components: { schemas: Json } };
  const schema = (name: string) =>
    openapi().components.schemas[name] as { properties: Json; required: string[] };

  beforeAll(async () => {
    sim = await startSimulator();
  });

  afterAll(() => sim.close());

  beforeEach(() => sim.reset());

  async function get(path: string, accept?: string) {
    const response = await fetch(`${sim.baseUrl}/brreg${path}`, { headers: accept ? { accept } : {} });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type'), text };
  }

  /** Fields the sim sends must be the fixture's (same nesting) or, when the fixture lacks them, the spec's. */
  function expectSameShape(simulated: Json, captured: Json, schemaName: string): void {
    const { properties, required } = schema(schemaName);
    for (const key of Object.keys(simulated)) {
      if (key in captured) {
        expect(shapeOf(simulated[key], key), key).toEqual(shapeOf(captured[key], key));
      } else {
        expect(Object.keys(properties), `${key} is neither captured nor in the spec`).toContain(key);
      }
    }
    for (const key of required) expect(Object.keys(simulated), `required ${key}`).toContain(key);
  }

  it('answers an active entity in the shape of the captured Enhet and the spec', async () => {
    const answer = await get('/enheter/991825827', V2_UTF8);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe(V2_UTF8);
    expectSameShape(JSON.parse(answer.text), fixtureJson('enhet-200-991825827-digdir.json'), 'Enhet');
  });

  it('answers a sub-unit in the shape of the captured Underenhet and the spec', async () => {
    const underenhetV2 = 'application/vnd.brreg.enhetsregisteret.underenhet.v2+json;charset=UTF-8';
    const answer = await get('/underenheter/924203617', underenhetV2);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe(underenhetV2);
    expectSameShape(JSON.parse(answer.text), fixtureJson('underenhet-200-924203617.json'), 'Underenhet');
  });

  it('answers the deleted entity exactly as captured, plus respons_klasse', async () => {
    const answer = await get('/enheter/821227062', V2_UTF8);
    expect(answer.status).toBe(200);
    const { respons_klasse, ...rest } = JSON.parse(answer.text) as Json;
    expect(respons_klasse).toBe('SlettetEnhet');
    expect(rest).toEqual(fixtureJson('enhet-200-slettet-821227062.json'));
  });

  it('answers a removed entity with 410 and the GoneEnhet body', async () => {
    const answer = await get('/enheter/509100675', V2_UTF8);
    expect(answer.status).toBe(410);
    expect(answer.contentType).toBe('application/json');
    expect(shapeOf(JSON.parse(answer.text))).toEqual(
      shapeOf(fixtureJson('underenhet-410-fjernet-433695968.json')),
    );
  });

  it('answers an unknown number with 404 and no body', async () => {
    const answer = await get('/enheter/900000014', V2_UTF8);
    expect(answer).toEqual({ status: 404, contentType: null, text: '' });
  });

  it('answers a number that is not nine digits with 400 and the docs BadRequest body', async () => {
    const answer = await get('/enheter/9ECD01011', V2_UTF8);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe('application/json');
    const body = JSON.parse(answer.text) as Json;
    expect(shapeOf(body)).toEqual(shapeOf(fixtureJson('error-400-docs-example.json')));
    expect(body.sti).toBe('/enhetsregisteret/api/enheter/9ECD01011');
    expect(sim.statsOf('brreg').callsByNumber).toEqual({});
  });

  it('answers fault 500 with the docs InternalServerError body', async () => {
    sim.setBehaviour('brreg', { mode: 'fault', fault: '500' });
    const answer = await get('/enheter/900000006', V2_UTF8);
    expect(answer.status).toBe(500);
    expect(answer.contentType).toBe('application/json');
    expect(shapeOf(JSON.parse(answer.text))).toEqual(shapeOf(fixtureJson('error-500-docs-example.json')));
  });

  it('negotiates the content type: v2 when asked, application/json otherwise, 406 for v1', async () => {
    expect((await get('/enheter/900000006', 'application/json')).contentType).toBe('application/json');
    expect((await get('/enheter/900000006')).contentType).toBe('application/json');
    const v1 = await get('/enheter/900000006', 'application/vnd.brreg.enhetsregisteret.enhet.v1+json');
    expect(v1.status).toBe(406);
  });

  it('also serves the real /enhetsregisteret/api prefix, and counts lookups per normalised number', async () => {
    const answer = await get('/enhetsregisteret/api/enheter/900000006', V2_UTF8);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      organisasjonsnummer: '900000006',
      registrertIMvaregisteret: true,
    });
    expect(sim.statsOf('brreg').callsByNumber).toEqual({ NO900000006MVA: 1 });
  });

  it('sends a malformed body with the JSON content type', async () => {
    sim.setBehaviour('brreg', { mode: 'malformed' });
    const answer = await get('/enheter/900000006', V2_UTF8);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe(V2_UTF8);
    expect(() => JSON.parse(answer.text)).toThrow();
  });
});
