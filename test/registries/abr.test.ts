/**
 * ABN Lookup client (src/registries/abr.ts) and its simulator module (simulator/abr.ts), all over
 * real HTTP on 127.0.0.1: first against the captured answers of shared/upstreams/fixtures/au/
 * served as they are, then against the simulator, then the simulator's shape against the captures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { createAbrRegistry, DEFAULT_URL } from '../../src/registries/abr.js';
import {
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryFailureKind,
} from '../../src/registries/registry.js';

const SIM_GUID = '00000000-0000-4000-8000-000000000000';
const SHARED_FIXTURES = '/work/shared/upstreams/fixtures/au';

/**
 * Verbatim copies of the fixture files (byte-for-byte: checked below when the shared folder is
 * present), so this suite runs wherever the repository does.
 */
const FIXTURES = {
  activeGst: {
    file: 'json-abndetails-200-active-gst-26154482283.jsonp',
    body: `callback({"Abn":"26154482283","AbnStatus":"Active","AbnStatusEffectiveFrom":"2011-11-28","Acn":"154482283","AddressDate":"2014-10-24","AddressPostcode":"2000","AddressState":"NSW","BusinessName":[],"EntityName":"Oneflare Pty Ltd","EntityTypeCode":"PRV","EntityTypeName":"Australian Private Company","Gst":"2011-11-28","Message":""})`,
  },
  legacy2018: {
    file: 'json-abndetails-200-legacy-2018-26008672179.jsonp',
    body: `callback({"Abn":"26008672179","AbnStatus":"Active","AddressDate":"2018-02-26","AddressPostcode":"3123","AddressState":"VIC","BusinessName":["Hibberson Street Centre","home@gladesville","Gladesville Homemaker Centre","Bunnings Outdoors","big prawn","G.Y.O.","BUNNINGS TRADE","BUNNINGS TRADE","BATEMANS BAY HOMEMAKER CENTRE","BUNNINGS","BALLINA HOME CENTRE","NARELLAN HOMEMAKER CENTRE","TAREE HOME CENTRE","BUNNINGS WAREHOUSE","BUNNINGS WAREHOUSE","BUNNINGS HOMEMAKER CENTRE","BUNNINGS SUPA CENTA","DUBBO HOMEMAKER CENTRE","BUNNINGS","BUNNINGS","BUNNINGS WAREHOUSE","BUNNINGS WAREHOUSE","BUNNINGS WAREHOUSE","BUNNINGS WAREHOUSE","BUNNINGS WAREHOUSE","BUNNINGS WAREHOUSE","HARDWARE CAFE","HARDWARE CAFE"],"EntityName":"BUNNINGS GROUP LIMITED","EntityTypeCode":"PUB","EntityTypeName":"Australian Public Company","Gst":"2000-07-01","Message":""})`,
  },
  unwrapped: {
    file: 'json-abndetails-unwrapped-74172177893.json',
    body: `{
   "Abn":"74172177893",
   "AbnStatus":"Active",
   "AddressDate":"2011-06-23",
   "AddressPostcode":"2601",
   "AddressState":"ACT",
   "BusinessName":[

   ],
   "EntityName":"THE TRUSTEE FOR PSS FUND",
   "EntityTypeCode":"CSP",
   "EntityTypeName":"Commonwealth Government APRA Regulated Public Sector Scheme",
   "Gst":"2000-07-01",
   "Message":""
}
`,
  },
  stubValid: {
    file: 'json-abndetails-stub-valid-12620650553.json',
    body: `{
  "Abn": "12620650553",
  "AbnStatus": "Active",
  "AbnStatusEffectiveFrom": "2017-07-24",
  "Acn": "620650553",
  "AddressDate": "2017-07-24",
  "AddressPostcode": "4000",
  "AddressState": "QLD",
  "BusinessName": ["Procure Pro", "Hyra iQ"],
  "EntityName": "BLENKTECH PTY LTD",
  "EntityTypeCode": "PRV",
  "EntityTypeName": "Australian Private Company",
  "Gst": "2018-04-03",
  "Message": ""
}
`,
  },
  stubNoRecord: {
    file: 'json-abndetails-stub-no-record-found-32726197536.json',
    body: `{
  "Abn": "32726197536",
  "AbnStatus": "",
  "AbnStatusEffectiveFrom": "",
  "Acn": "",
  "AddressDate": null,
  "AddressPostcode": "",
  "AddressState": "",
  "BusinessName": [],
  "EntityName": "",
  "EntityTypeCode": "",
  "EntityTypeName": "",
  "Gst": null,
  "Message": "No record found"
}
`,
  },
  stubInvalidAbn: {
    file: 'json-abndetails-stub-invalid-abn.json',
    body: `{
  "Abn": "",
  "AbnStatus": "",
  "AbnStatusEffectiveFrom": "",
  "Acn": "",
  "AddressDate": null,
  "AddressPostcode": "",
  "AddressState": "",
  "BusinessName": [],
  "EntityName": "",
  "EntityTypeCode": "",
  "EntityTypeName": "",
  "Gst": null,
  "Message": "Search text is not a valid ABN or ACN"
}
`,
  },
  stubInvalidGuid: {
    file: 'json-abndetails-stub-invalid-guid.json',
    body: `{
  "Abn": "",
  "AbnStatus": "",
  "AbnStatusEffectiveFrom": "",
  "Acn": "",
  "AddressDate": null,
  "AddressPostcode": "",
  "AddressState": "",
  "BusinessName": [],
  "EntityName": "",
  "EntityTypeCode": "",
  "EntityTypeName": "",
  "Gst": null,
  "Message": "The GUID entered is not recognised as a Registered Party"
}
`,
  },
  matchingNames: {
    file: 'json-matchingnames-200-bunnings-2018.jsonp',
    body: `callback({"Message":"","Names":[{"Abn":"26008672179","AbnStatus":"0000000001","IsCurrent":true,"Name":"BUNNINGS","NameType":"Business Name","Postcode":"3123","Score":100,"State":"VIC"},{"Abn":"63099797977","AbnStatus":"0000000002","IsCurrent":true,"Name":"BUNNINGS HANDICRAFTS","NameType":"Trading Name","Postcode":"3105","Score":97,"State":"VIC"}]})`,
  },
  xmlInvalidAbn: {
    file: 'xml-rpc-exception-invalid-abn-2011.xml',
    body: `<ABRPayloadSearchResults xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="http://abr.business.gov.au/ABRXMLSearchRPC/literalTypes">
  <request>
    <identifierSearchRequest>
      <authenticationGUID>abcde</authenticationGUID>
      <identifierType>ABN</identifierType>
      <identifierValue>98765</identifierValue>
      <history>Y</history>
    </identifierSearchRequest>
  </request>
  <response>
    <dateRegisterLastUpdated>0001-01-01</dateRegisterLastUpdated>
    <dateTimeRetrieved>2011-09-17T22:06:14.994085+10:00</dateTimeRetrieved>
    <exception>
      <exceptionDescription>Search text is not a valid ABN or ACN</exceptionDescription>
      <exceptionCode>Search</exceptionCode>
    </exception>
  </response>
</ABRPayloadSearchResults>

`,
  },
} as const;

type FixtureName = keyof typeof FIXTURES;

function au(abn: string): ParsedVatNumber {
  return { countryCode: 'AU', national: abn, vatNumber: `AU${abn}` };
}

/** Answers carry their exchange; its contents are checked in the evidence tests. */
const NOT_REGISTERED: RegistryAnswer = {
  valid: false,
  name: null,
  address: null,
  consultationNumber: null,
  exchange: expect.any(Object),
};

function valid(name: string | null, address: string | null): RegistryAnswer {
  return { valid: true, name, address, consultationNumber: null, exchange: expect.any(Object) };
}

async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected the lookup to fail with a RegistryError');
}

async function expectFailure(promise: Promise<unknown>, kind: RegistryFailureKind): Promise<RegistryError> {
  const error = await failureOf(promise);
  expect(error.kind).toBe(kind);
  expect(error.registry).toBe('abr');
  return error;
}

/** The JSON object inside a `callback(...)` wrapper, or the body itself when unwrapped. */
function parseJsonp(body: string): Record<string, unknown> {
  const match = /^\s*[\w$.]+\(([\s\S]*)\)\s*;?\s*$/.exec(body);
  return JSON.parse(match ? match[1] : body) as Record<string, unknown>;
}

function fixtureJson(name: FixtureName): Record<string, unknown> {
  return parseJsonp(FIXTURES[name].body);
}

/** A fixture object with some members changed, re-wrapped as the service sends it. */
function derived(name: FixtureName, changes: Record<string, unknown>): string {
  return `callback(${JSON.stringify({ ...fixtureJson(name), ...changes })})`;
}

/** Member names in wire order, each with its JSON type: what "same shape" means here. */
function shapeOf(value: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(value).map(([key, member]) => [
    key,
    member === null ? 'null' : Array.isArray(member) ? 'array' : typeof member,
  ]);
}

interface Canned {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Serves canned bodies by the `abn` asked for. The fixtures README gives no status or content type
 * for the JSON service beyond "always HTTP 200" (au-abr.md 2.2; the type was never captured), so
 * the types vary on purpose: the client must not depend on them.
 */
class FixtureServer {
  readonly requests: URL[] = [];
  private readonly answers = new Map<string, Canned>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fixtures');
      this.requests.push(url);
      const canned = this.answers.get(url.searchParams.get('abn') ?? '') ?? {
        status: 404,
        contentType: 'text/plain',
        body: 'no canned answer',
      };
      res.writeHead(canned.status, { 'content-type': canned.contentType });
      res.end(canned.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  answer(
    abn: string,
    body: string,
    status = 200,
    contentType = 'application/javascript; charset=utf-8',
  ): void {
    this.answers.set(abn, { status, contentType, body });
  }

  serveFixture(abn: string, name: FixtureName): void {
    const file = FIXTURES[name].file;
    const contentType = file.endsWith('.jsonp')
      ? 'text/javascript; charset=utf-8'
      : file.endsWith('.xml')
        ? 'text/xml; charset=utf-8'
        : 'application/json; charset=utf-8';
    this.answer(abn, FIXTURES[name].body, 200, contentType);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe('ABN Lookup client against the captured answers', () => {
  const fixtures = new FixtureServer();
  let client: Registry;

  beforeAll(async () => {
    await fixtures.start();
    // A base with its own path: the client must append the real path beneath it.
    client = createAbrRegistry({ baseUrl: `${fixtures.url}/abr-root/`, timeoutMs: 2_000, guid: 'test-guid' });
  });
  afterAll(async () => {
    await client.close();
    await fixtures.close();
  });

  it('keeps embedded fixture copies identical to the shared files', () => {
    if (!existsSync(SHARED_FIXTURES)) return;
    for (const fixture of Object.values(FIXTURES)) {
      expect(fixture.body).toBe(readFileSync(join(SHARED_FIXTURES, fixture.file), 'utf8'));
    }
  });

  it('asks the real AbnDetails path beneath the base URL with abn, callback and guid', async () => {
    fixtures.serveFixture('26154482283', 'activeGst');
    await client.lookup({ target: au('26154482283') });
    const request = fixtures.requests.at(-1)!;
    expect(request.pathname).toBe('/abr-root/json/AbnDetails.aspx');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      abn: '26154482283',
      callback: 'callback',
      guid: 'test-guid',
    });
  });

  it.each([
    ['activeGst', '26154482283', valid('Oneflare Pty Ltd', 'NSW 2000')],
    ['legacy2018', '26008672179', valid('BUNNINGS GROUP LIMITED', 'VIC 3123')],
    ['unwrapped', '74172177893', valid('THE TRUSTEE FOR PSS FUND', 'ACT 2601')],
    ['stubValid', '12620650553', valid('BLENKTECH PTY LTD', 'QLD 4000')],
    ['stubNoRecord', '32726197536', NOT_REGISTERED],
  ] as Array<[FixtureName, string, RegistryAnswer]>)('maps %s (ABN %s)', async (name, abn, expected) => {
    fixtures.serveFixture(abn, name);
    expect(await client.lookup({ target: au(abn) })).toEqual(expected);
  });

  it.each([
    ['stubInvalidAbn', 'invalid_input'],
    ['stubInvalidGuid', 'auth'],
    ['matchingNames', 'malformed'],
    ['xmlInvalidAbn', 'malformed'],
  ] as Array<[FixtureName, RegistryFailureKind]>)('maps %s to a %s failure', async (name, kind) => {
    fixtures.serveFixture('53004085616', name);
    await expectFailure(client.lookup({ target: au('53004085616') }), kind);
  });

  it('returns null for a withheld name and address, and falls back to a business name', async () => {
    const blank = { EntityName: '', AddressState: '', AddressPostcode: '' };
    fixtures.answer('26154482283', derived('activeGst', blank));
    expect(await client.lookup({ target: au('26154482283') })).toEqual(valid(null, null));
    fixtures.answer('12620650553', derived('stubValid', { EntityName: ' ', AddressPostcode: '' }));
    expect(await client.lookup({ target: au('12620650553') })).toEqual(valid('Procure Pro', 'QLD'));
  });

  it('answers valid false without company data when not GST registered, cancelled or GST starts later', async () => {
    fixtures.answer('26154482283', derived('activeGst', { Gst: null }));
    expect(await client.lookup({ target: au('26154482283') })).toEqual(NOT_REGISTERED);
    fixtures.answer('26154482283', derived('activeGst', { AbnStatus: 'Cancelled' }));
    expect(await client.lookup({ target: au('26154482283') })).toEqual(NOT_REGISTERED);
    fixtures.answer('26154482283', derived('activeGst', { Gst: '2999-01-01' }));
    expect(await client.lookup({ target: au('26154482283') })).toEqual(NOT_REGISTERED);
  });

  it('treats the generic problem message and unknown messages as server errors', async () => {
    const stub = FIXTURES.stubInvalidGuid.body;
    fixtures.answer(
      '26154482283',
      stub.replace(/"Message": ".*"/, '"Message": "There was a problem completing your request."'),
    );
    await expectFailure(client.lookup({ target: au('26154482283') }), 'server_error');
    fixtures.answer('26154482283', stub.replace(/"Message": ".*"/, '"Message": "Something new"'));
    await expectFailure(client.lookup({ target: au('26154482283') }), 'server_error');
  });

  it('never guesses from an incomplete or foreign answer', async () => {
    fixtures.serveFixture('51824753556', 'activeGst'); // answer about another ABN
    await expectFailure(client.lookup({ target: au('51824753556') }), 'malformed');
    const { Gst: _gst, ...withoutGst } = fixtureJson('activeGst');
    fixtures.answer('26154482283', `callback(${JSON.stringify(withoutGst)})`);
    await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
    fixtures.answer('26154482283', derived('activeGst', { AbnStatus: 'Suspended' }));
    await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
    fixtures.answer('26154482283', derived('activeGst', { Gst: 'yes' }));
    await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
    fixtures.answer('26154482283', FIXTURES.activeGst.body.slice(0, 60));
    await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
    fixtures.answer('26154482283', '<html><body>Maintenance</body></html>', 200, 'text/html');
    await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
  });

  it('refuses "No record found" echoing another ABN, and takes it with the ABN asked or none', async () => {
    fixtures.serveFixture('26154482283', 'stubNoRecord'); // echoes 32726197536
    const error = await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
    expect(error.message).toContain('32726197536, not 26154482283');
    const empty = FIXTURES.stubNoRecord.body.replace('"32726197536"', '""');
    fixtures.answer('26154482283', empty);
    expect(await client.lookup({ target: au('26154482283') })).toEqual(NOT_REGISTERED);
  });

  it('maps HTTP statuses other than 200', async () => {
    fixtures.answer('26154482283', 'Too Many Requests', 429, 'text/plain');
    expect(
      (await expectFailure(client.lookup({ target: au('26154482283') }), 'throttled')).upstreamCode,
    ).toBe('429');
    fixtures.answer('26154482283', '<h1>Server Error</h1>', 500, 'text/html');
    await expectFailure(client.lookup({ target: au('26154482283') }), 'server_error');
    fixtures.answer('26154482283', 'Forbidden', 403, 'text/plain');
    await expectFailure(client.lookup({ target: au('26154482283') }), 'auth');
    fixtures.answer('26154482283', 'Not Found', 404, 'text/plain');
    await expectFailure(client.lookup({ target: au('26154482283') }), 'malformed');
  });
});

describe('ABN Lookup client against the simulator', () => {
  let sim: RegistrySimulator;
  let client: Registry;

  beforeAll(async () => {
    sim = await startSimulator();
    client = createAbrRegistry({ baseUrl: sim.env().ABR_URL, timeoutMs: 1_000, guid: sim.env().ABR_GUID });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('points at the real service by default', () => {
    expect(DEFAULT_URL).toBe('https://abr.business.gov.au');
    expect(sim.env().ABR_GUID).toBe(SIM_GUID);
  });

  it('answers valid with name and address for an active, GST-registered ABN', async () => {
    expect(await client.lookup({ target: au('51824753556') })).toEqual(
      valid('SOUTHERN CROSS TRADING PARTNERS', 'NSW 2000'),
    );
    expect(await client.lookup({ target: au('99870624871') })).toEqual(
      valid('CITIZEN, JANE MARY', 'SA 5067'),
    );
    expect(sim.statsOf('abr').callsByNumber).toEqual({ AU51824753556: 1, AU99870624871: 1 });
  });

  it('answers valid false for an ABN without GST and for a cancelled ABN', async () => {
    expect(await client.lookup({ target: au('53004085616') })).toEqual(NOT_REGISTERED);
    expect(await client.lookup({ target: au('83914571673') })).toEqual(NOT_REGISTERED);
  });

  it('returns null for what the register withholds', async () => {
    expect(await client.lookup({ target: au('11574456001') })).toEqual(valid('BLUE GUM HOLDINGS', null));
    sim.addCompany({ vatNumber: 'AU46002722349', name: '', addressLines: [], vatRegistered: true });
    expect(await client.lookup({ target: au('46002722349') })).toEqual(valid(null, null));
  });

  it('reads state and postcode out of address lines added by other tests', async () => {
    sim.addCompany({
      vatNumber: 'AU12123552732',
      name: 'Harbour Pty Ltd',
      addressLines: ['1 George St', 'Sydney NSW 2000'],
      vatRegistered: true,
    });
    expect(await client.lookup({ target: au('12123552732') })).toEqual(valid('Harbour Pty Ltd', 'NSW 2000'));
  });

  it('answers not registered for a well-formed ABN it does not hold', async () => {
    expect(await client.lookup({ target: au('21108258859') })).toEqual(NOT_REGISTERED);
    expect(sim.statsOf('abr').callsByNumber).toEqual({ AU21108258859: 1 });
  });

  it.each([
    ['invalid_guid', 'auth'],
    ['invalid_abn', 'invalid_input'],
    ['request_problem', 'server_error'],
    ['500', 'server_error'],
    ['503', 'server_error'],
    ['no-such-code', 'server_error'],
  ] as Array<[string, RegistryFailureKind]>)('maps fault %s to %s', async (fault, kind) => {
    sim.setBehaviour('abr', { mode: 'fault', fault });
    await expectFailure(client.lookup({ target: au('51824753556') }), kind);
  });

  it('maps fault no_record to valid false, then recovers after `times`', async () => {
    sim.setBehaviour('abr', { mode: 'fault', fault: 'no_record', times: 1 });
    expect(await client.lookup({ target: au('51824753556') })).toEqual(NOT_REGISTERED);
    expect((await client.lookup({ target: au('51824753556') })).valid).toBe(true);
  });

  it('reports down as a server error and a reset connection as unreachable', async () => {
    sim.setBehaviour('abr', { mode: 'down' });
    expect(
      (await expectFailure(client.lookup({ target: au('51824753556') }), 'server_error')).upstreamCode,
    ).toBe('503');
    sim.setBehaviour('abr', { mode: 'reset' });
    await expectFailure(client.lookup({ target: au('51824753556') }), 'unreachable');
  });

  it('times out on an answer slower than the client timeout', async () => {
    sim.setBehaviour('abr', { mode: 'up', latencyMs: 600 });
    const slow = createAbrRegistry({ baseUrl: sim.env().ABR_URL, timeoutMs: 150, guid: SIM_GUID });
    try {
      await expectFailure(slow.lookup({ target: au('51824753556') }), 'timeout');
    } finally {
      await slow.close();
    }
  });

  it('reports a malformed body as malformed', async () => {
    sim.setBehaviour('abr', { mode: 'malformed' });
    await expectFailure(client.lookup({ target: au('51824753556') }), 'malformed');
  });

  it('refuses an answer about another active, GST-registered ABN', async () => {
    sim.setBehaviour('abr', { mode: 'wrong_number' });
    for (const abn of ['51824753556', '53004085616', '21108258859']) {
      const error = await expectFailure(client.lookup({ target: au(abn) }), 'malformed');
      expect(error.message).toMatch(new RegExp(`answered for ABN \\d{11}, not ${abn}`));
    }
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = createAbrRegistry({
      baseUrl: `http://127.0.0.1:${port}/abr`,
      timeoutMs: 1_000,
      guid: SIM_GUID,
    });
    try {
      await expectFailure(refused.lookup({ target: au('51824753556') }), 'unreachable');
    } finally {
      await refused.close();
    }
  });

  it('never accepts a requester: ABN Lookup gives no consultation number', async () => {
    for (const requester of [
      au('51824753556'),
      { countryCode: 'DE' as const, national: '123456704', vatNumber: 'DE123456704' },
    ]) {
      expect(client.acceptsRequester(requester)).toBe(false);
    }
    const answer = await client.lookup({ target: au('51824753556') });
    expect(answer.consultationNumber).toBeNull();
  });

  it('reports a wrong GUID as auth', async () => {
    const wrong = createAbrRegistry({ baseUrl: sim.env().ABR_URL, timeoutMs: 1_000, guid: 'not-our-guid' });
    try {
      await expectFailure(wrong.lookup({ target: au('51824753556') }), 'auth');
    } finally {
      await wrong.close();
    }
  });

  it('reports a missing GUID as auth without calling the registry', async () => {
    const missing = createAbrRegistry({ baseUrl: sim.env().ABR_URL, timeoutMs: 1_000, guid: ' ' });
    try {
      const error = await expectFailure(missing.lookup({ target: au('51824753556') }), 'auth');
      expect(error.message).toMatch(/GUID/);
      expect(sim.statsOf('abr').calls).toBe(0);
    } finally {
      await missing.close();
    }
  });

  it('refuses a target that is not an 11-digit AU number without calling the registry', async () => {
    await expectFailure(
      client.lookup({
        target: { countryCode: 'DE' as const, national: '123456704', vatNumber: 'DE123456704' },
      }),
      'invalid_input',
    );
    expect(sim.statsOf('abr').calls).toBe(0);
  });
});

describe('simulator answers have the shape of the captured ones', () => {
  let sim: RegistrySimulator;

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());
  afterEach(() => sim.reset());

  async function get(query: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
    const response = await fetch(`${sim.env().ABR_URL}/json/AbnDetails.aspx?${new URLSearchParams(query)}`);
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
  }

  const lookup = (abn: string, guid = SIM_GUID) => get({ abn, callback: 'callback', guid });

  it('wraps a found ABN exactly as the capture: callback(...), same members, order and types', async () => {
    const answer = await lookup('51824753556');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^callback\(\{[\s\S]*\}\)$/);
    expect(shapeOf(parseJsonp(answer.body))).toEqual(shapeOf(fixtureJson('activeGst')));
  });

  it.each([
    ['stubNoRecord', '21108258859', SIM_GUID, '21108258859'],
    ['stubInvalidAbn', '51824753557', SIM_GUID, ''],
    ['stubInvalidGuid', '51824753556', 'someone-else', ''],
  ] as Array<[FixtureName, string, string, string]>)('answers like %s', async (name, abn, guid, echoed) => {
    const answer = await lookup(abn, guid);
    expect(answer.status).toBe(200);
    const details = parseJsonp(answer.body);
    expect(shapeOf(details)).toEqual(shapeOf(fixtureJson(name)));
    expect(details.Message).toBe(fixtureJson(name).Message);
    expect(details.Abn).toBe(echoed);
  });

  it('uses the callback name asked for, and `callback` when none is given', async () => {
    expect((await get({ abn: '51824753556', callback: 'cb_1', guid: SIM_GUID })).body).toMatch(/^cb_1\(\{/);
    expect((await get({ abn: '51824753556', guid: SIM_GUID })).body).toMatch(/^callback\(\{/);
  });

  it('keeps the content type on malformed answers, and the body does not parse', async () => {
    const normal = await lookup('51824753556');
    sim.setBehaviour('abr', { mode: 'malformed' });
    const broken = await lookup('51824753556');
    expect(broken.status).toBe(200);
    expect(broken.type).toBe(normal.type);
    expect(() => parseJsonp(broken.body)).toThrow();
  });

  it('counts only lookups of a well-formed ABN per number', async () => {
    await lookup('51824753556');
    await get({ abn: '123', guid: SIM_GUID });
    await fetch(`${sim.env().ABR_URL}/json/Unknown.aspx`);
    expect(sim.statsOf('abr').callsByNumber).toEqual({ AU51824753556: 1 });
    expect(sim.statsOf('abr').calls).toBe(3);
  });
});
