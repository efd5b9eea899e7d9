import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHmrcTokenLifetime } from '../../simulator/hmrc.js';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { createHmrcRegistry, DEFAULT_URL, type Options } from '../../src/registries/hmrc.js';
import {
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryQuery,
} from '../../src/registries/registry.js';
import { shared } from '../helpers/shared.js';

/** The captured HMRC answers (provenance in their README). */
const FIXTURES = shared('upstreams', 'fixtures', 'hmrc');
const LOOKUP = '/organisations/vat/check-vat-number/lookup';
const ACCEPT = 'application/vnd.hmrc.2.0+json';
const CONSULTATION = /^[ACDEFHJKLMNPQRTUVWXY]{3}-[ACDEFHJKLMNPQRTUVWXY]{3}-[ACDEFHJKLMNPQRTUVWXY]{3}$/;
const PROCESSING_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[01]:00$/;

function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8').trim();
}

function gb(national: string): ParsedVatNumber {
  return { countryCode: 'GB', national, vatNumber: `GB${national}` };
}

const clients: Registry[] = [];

function client(options: Partial<Options> & { baseUrl: string }): Registry {
  const registry = createHmrcRegistry({
    timeoutMs: 2_000,
    clientId: 'simulator-client-id',
    clientSecret: 'simulator-client-secret',
    ...options,
  });
  clients.push(registry);
  return registry;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((registry) => registry.close()));
});

async function failureOf(promise: Promise<RegistryAnswer>): Promise<RegistryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RegistryError);
  expect((error as RegistryError).registry).toBe('hmrc');
  return error as RegistryError;
}

/** Ordered key paths of a JSON value: the shape of an answer without its values. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...keyPaths(child, `${prefix}${key}.`),
  ]);
}

describe('HMRC client against the captured fixtures', () => {
  interface Seen {
    method: string;
    url: string;
    headers: IncomingHttpHeaders;
    body: string;
  }
  interface Reply {
    status: number;
    body: string;
  }
  const tokenFixture = fixture('oauth-token-response-sandbox-read-vat.json').replace(
    '<REDACTED-32-CHARS>',
    'a'.repeat(32),
  );
  let server: Server;
  let baseUrl: string;
  let seen: Seen[];
  let tokenReply: Reply;
  let lookupReply: Reply;

  const reply = (name: string, status: number): Reply => ({ status, body: fixture(name) });
  const lookups = () => seen.filter((request) => request.url.startsWith(`/hmrc${LOOKUP}/`));
  const tokenFetches = () => seen.filter((request) => request.url === '/hmrc/oauth/token');

  beforeAll(async () => {
    // The fixtures README and hmrc.md §4.7: every answer, errors included, is application/json.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' };
        request.body = Buffer.concat(chunks).toString('utf8');
        seen.push(request);
        const answer = request.url === '/hmrc/oauth/token' ? tokenReply : lookupReply;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hmrc`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    seen = [];
    tokenReply = { status: 200, body: tokenFixture };
    lookupReply = reply('lookup-200-sandbox-553557881.json', 200);
  });

  it('points at the production root by default', () => {
    expect(DEFAULT_URL).toBe('https://api.service.hmrc.gov.uk');
  });

  it('maps the sandbox 200 to valid with the name and a one-line address', async () => {
    const answer = await client({ baseUrl }).lookup({ target: gb('553557881') });
    expect(answer).toEqual({
      valid: true,
      name: 'Credite Sberger Donal Inc.',
      address: '131B Barton Hamlet, SW97 5CK',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('sends the token request and the lookup exactly as HMRC expects', async () => {
    await client({ baseUrl, clientId: 'my id', clientSecret: 's3cr&t' }).lookup({ target: gb('553557881') });
    const [token, lookup] = seen;
    expect(token?.method).toBe('POST');
    expect(token?.url).toBe('/hmrc/oauth/token');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = fixture('oauth-token-request-body.form')
      .replace('<CLIENT-ID>', 'my+id')
      .replace('<CLIENT-SECRET>', 's3cr%26t');
    expect(token?.body).toBe(form);
    expect(lookup?.method).toBe('GET');
    expect(lookup?.url).toBe(`/hmrc${LOOKUP}/553557881`);
    expect(lookup?.headers.accept).toBe(ACCEPT);
    expect(lookup?.headers.authorization).toBe(`Bearer ${'a'.repeat(32)}`);
  });

  it('joins two address lines and the postcode of the production capture', async () => {
    lookupReply = reply('lookup-200-production-v1-243609761.json', 200);
    const answer = await client({ baseUrl }).lookup({ target: gb('243609761') });
    expect(answer.name).toBe('DEUTSCHE BANK AG LONDON');
    expect(answer.address).toBe('21 MOORFIELDS, LONDON, EC2Y 9DB');
  });

  it('returns the consultation number of a verified check, asked under the requester path', async () => {
    lookupReply = reply('lookup-200-verified-sandbox-553557881-by-436189915.json', 200);
    const answer = await client({ baseUrl }).lookup({ target: gb('553557881'), requester: gb('436189915') });
    expect(answer).toMatchObject({ valid: true, consultationNumber: 'YQD-VNF-WWX' });
    expect(lookups()[0]?.url).toBe(`/hmrc${LOOKUP}/553557881/436189915`);
  });

  it('maps 404 NOT_FOUND to not registered, not to an error', async () => {
    lookupReply = reply('lookup-404-NOT_FOUND.json', 404);
    const answer = await client({ baseUrl }).lookup({ target: gb('553557817') });
    expect(answer).toEqual({
      valid: false,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('reports empty name and address members as withheld (null)', async () => {
    // Derived from the sandbox capture: HMRC's schema keeps the members, here with no content.
    const body = JSON.parse(fixture('lookup-200-sandbox-553557881.json'));
    body.target.name = ' ';
    body.target.address = { line1: '', countryCode: 'GB' };
    lookupReply = { status: 200, body: JSON.stringify(body) };
    const answer = await client({ baseUrl }).lookup({ target: gb('553557881') });
    expect(answer).toEqual({
      valid: true,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  const failures: Array<[string, number, string, string, boolean]> = [
    ['lookup-400-INVALID_REQUEST-target.json', 400, 'invalid_input', 'INVALID_REQUEST', false],
    ['lookup-400-INVALID_REQUEST-target-and-requester.json', 400, 'invalid_input', 'INVALID_REQUEST', true],
    ['lookup-400-INVALID_REQUEST-requester.json', 400, 'requester_rejected', 'INVALID_REQUEST', true],
    [
      'lookup-403-INVALID_REQUEST-requester-not-registered.json',
      403,
      'requester_rejected',
      'INVALID_REQUEST',
      true,
    ],
    ['lookup-500-INTERNAL_SERVER_ERROR.json', 500, 'server_error', 'INTERNAL_SERVER_ERROR', false],
    ['platform-401-MISSING_CREDENTIALS.json', 401, 'auth', 'MISSING_CREDENTIALS', false],
    ['platform-401-INVALID_CREDENTIALS.json', 401, 'auth', 'INVALID_CREDENTIALS', false],
    ['platform-403-INVALID_SCOPE.json', 403, 'auth', 'INVALID_SCOPE', false],
    ['platform-403-RESOURCE_FORBIDDEN.json', 403, 'auth', 'RESOURCE_FORBIDDEN', false],
    [
      'platform-404-MATCHING_RESOURCE_NOT_FOUND.json',
      404,
      'server_error',
      'MATCHING_RESOURCE_NOT_FOUND',
      false,
    ],
    ['platform-406-ACCEPT_HEADER_INVALID.json', 406, 'server_error', 'ACCEPT_HEADER_INVALID', false],
    ['platform-429-MESSAGE_THROTTLED_OUT-gateway-template-MALFORMED.txt', 429, 'throttled', '429', false],
  ];

  it.each(failures)('maps %s (HTTP %i) to %s', async (name, status, kind, code, withRequester) => {
    lookupReply = reply(name, status);
    const query: RegistryQuery = {
      target: gb('553557881'),
      ...(withRequester ? { requester: gb('436189915') } : {}),
    };
    const error = await failureOf(client({ baseUrl }).lookup(query));
    expect(error.kind).toBe(kind);
    expect(error.upstreamCode).toBe(code);
  });

  it('answers 401 INVALID_CREDENTIALS with one new token and one retry, then gives up', async () => {
    lookupReply = reply('platform-401-INVALID_CREDENTIALS.json', 401);
    await failureOf(client({ baseUrl }).lookup({ target: gb('553557881') }));
    expect(tokenFetches()).toHaveLength(2);
    expect(lookups()).toHaveLength(2);
  });

  it('maps the token endpoint refusing the credentials to auth', async () => {
    tokenReply = reply('oauth-token-error-401-invalid_client.json', 401);
    const error = await failureOf(client({ baseUrl }).lookup({ target: gb('553557881') }));
    expect(error).toMatchObject({ kind: 'auth', upstreamCode: 'invalid_client' });
    expect(lookups()).toHaveLength(0);
  });

  it("reads HMRC's documented token example (other key order, 40 characters)", async () => {
    tokenReply = reply('oauth-token-response-hmrc-docs-example.json', 200);
    await client({ baseUrl }).lookup({ target: gb('553557881') });
    expect(lookups()[0]?.headers.authorization).toBe('Bearer QGbWG8KckncuwwD4uYXgWxF4HQvuPmrmUqKgkpQP');
  });

  it('maps cut-off, incomplete or misdirected 200 answers to malformed', async () => {
    const registry = client({ baseUrl });
    const full = fixture('lookup-200-sandbox-553557881.json');
    lookupReply = { status: 200, body: full.slice(0, 60) };
    expect((await failureOf(registry.lookup({ target: gb('553557881') }))).kind).toBe('malformed');
    // A verified check must carry its consultation number.
    lookupReply = { status: 200, body: full };
    const verified = registry.lookup({ target: gb('553557881'), requester: gb('436189915') });
    expect((await failureOf(verified)).kind).toBe('malformed');
    // An answer about another number is never taken.
    expect((await failureOf(registry.lookup({ target: gb('123456727') }))).kind).toBe('malformed');
  });
});

describe('HMRC client against the simulator', () => {
  let sim: RegistrySimulator;
  let baseUrl: string;

  beforeAll(async () => {
    sim = await startSimulator();
    baseUrl = sim.env().HMRC_URL!;
  });

  afterAll(async () => {
    setHmrcTokenLifetime(14_400);
    await sim.close();
  });

  beforeEach(() => {
    sim.reset();
    setHmrcTokenLifetime(14_400);
  });

  const tokenCalls = () => {
    const stats = sim.statsOf('hmrc');
    return stats.calls - Object.values(stats.callsByNumber).reduce((sum, count) => sum + count, 0);
  };
  const lookupCalls = () => sim.statsOf('hmrc').callsByNumber;

  /** A client that already holds a token, so the next call is a lookup. */
  async function warmClient(options: Partial<Options> = {}): Promise<Registry> {
    const registry = client({ baseUrl, ...options });
    await registry.lookup({ target: gb('123456727') });
    return registry;
  }

  it('answers a seeded company with its name and one-line address', async () => {
    const answer = await client({ baseUrl }).lookup({ target: gb('123456727') });
    expect(answer).toEqual({
      valid: true,
      name: 'Simulated Widgets Ltd',
      address: '1 Simulation Street, Testington, TE1 1ST',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('reports a withheld name and address as null', async () => {
    const answer = await client({ baseUrl }).lookup({ target: gb('300000214') });
    expect(answer).toEqual({
      valid: true,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('answers unknown and deregistered numbers as not registered', async () => {
    const registry = client({ baseUrl });
    expect((await registry.lookup({ target: gb('700000629') })).valid).toBe(false);
    expect((await registry.lookup({ target: gb('400000359') })).valid).toBe(false);
  });

  it('answers the sandbox VRN that fails the local check digits, and a branch trader', async () => {
    const registry = client({ baseUrl });
    expect(await registry.lookup({ target: gb('553557881') })).toMatchObject({
      valid: true,
      name: 'Credite Sberger Donal Inc.',
      address: '131B Barton Hamlet, SW97 5CK',
    });
    expect(await registry.lookup({ target: gb('500000491001') })).toMatchObject({ valid: true });
    expect(await registry.lookup({ target: gb('600000539') })).toMatchObject({
      address: '5 Quay Street, Dublin 2',
    });
  });

  it('collapses whitespace and joins lines of an added company', async () => {
    sim.addCompany({
      vatNumber: 'GB111111162',
      name: '  Added   Company Ltd ',
      addressLines: ['Floor 2', ' 10  Long Street', 'Area', 'Town', 'County', 'Region', 'AB1 2CD'],
      vatRegistered: true,
    });
    const answer = await client({ baseUrl }).lookup({ target: gb('111111162') });
    expect(answer.name).toBe('Added Company Ltd');
    expect(answer.address).toBe('Floor 2, 10 Long Street, Area, Town, County, Region, AB1 2CD');
  });

  it('refuses GD/HA and non-GB targets without calling HMRC', async () => {
    const registry = client({ baseUrl });
    const gd: ParsedVatNumber = { countryCode: 'GB', national: 'GD100', vatNumber: 'GBGD100' };
    expect((await failureOf(registry.lookup({ target: gd }))).kind).toBe('invalid_input');
    const xi: ParsedVatNumber = { countryCode: 'XI', national: '123456727', vatNumber: 'XI123456727' };
    expect((await failureOf(registry.lookup({ target: xi }))).kind).toBe('invalid_input');
    expect(sim.statsOf('hmrc').calls).toBe(0);
  });

  const faults: Array<[string, string]> = [
    ['429', 'throttled'],
    ['MESSAGE_THROTTLED_OUT', 'throttled'],
    ['500', 'server_error'],
    ['INTERNAL_SERVER_ERROR', 'server_error'],
    ['501', 'server_error'],
    ['NOT_IMPLEMENTED', 'server_error'],
    ['503', 'server_error'],
    ['SERVER_ERROR', 'server_error'],
    ['SCHEDULED_MAINTENANCE', 'server_error'],
    ['504', 'server_error'],
    ['GATEWAY_TIMEOUT', 'server_error'],
    ['401', 'auth'],
    ['INVALID_CREDENTIALS', 'auth'],
    ['MISSING_CREDENTIALS', 'auth'],
    ['UNAUTHORIZED', 'auth'],
    ['INCORRECT_ACCESS_TOKEN_TYPE', 'auth'],
    ['403', 'auth'],
    ['RESOURCE_FORBIDDEN', 'auth'],
    ['INVALID_SCOPE', 'auth'],
    ['HTTPS_REQUIRED', 'auth'],
    ['invalid_client', 'auth'],
    ['404', 'server_error'],
    ['MATCHING_RESOURCE_NOT_FOUND', 'server_error'],
    ['405', 'server_error'],
    ['METHOD_NOT_ALLOWED', 'server_error'],
    ['406', 'server_error'],
    ['ACCEPT_HEADER_INVALID', 'server_error'],
    ['400', 'invalid_input'],
    ['INVALID_REQUEST', 'invalid_input'],
    ['NO_SUCH_FAULT', 'server_error'],
  ];

  it.each(faults)('maps the simulator fault %s to %s', async (fault, kind) => {
    const registry = await warmClient();
    sim.setBehaviour('hmrc', { mode: 'fault', fault });
    expect((await failureOf(registry.lookup({ target: gb('123456727') }))).kind).toBe(kind);
  });

  it('treats the NOT_FOUND fault (backend failure on a plain lookup) as not registered', async () => {
    const registry = await warmClient();
    sim.setBehaviour('hmrc', { mode: 'fault', fault: 'NOT_FOUND' });
    expect((await registry.lookup({ target: gb('123456727') })).valid).toBe(false);
  });

  it('maps down (503) to server_error and a reset connection to unreachable', async () => {
    const registry = await warmClient();
    sim.setBehaviour('hmrc', { mode: 'down' });
    expect(await failureOf(registry.lookup({ target: gb('123456727') }))).toMatchObject({
      kind: 'server_error',
      upstreamCode: '503',
    });
    sim.setBehaviour('hmrc', { mode: 'reset' });
    expect((await failureOf(registry.lookup({ target: gb('123456727') }))).kind).toBe('unreachable');
  });

  it('gives up with timeout when HMRC answers after the client timeout', async () => {
    const registry = await warmClient({ timeoutMs: 300 });
    sim.setBehaviour('hmrc', { mode: 'up', latencyMs: 1_000 });
    expect((await failureOf(registry.lookup({ target: gb('123456727') }))).kind).toBe('timeout');
  });

  it('maps a cut-off body to malformed, for lookups and for tokens', async () => {
    const registry = await warmClient();
    sim.setBehaviour('hmrc', { mode: 'malformed' });
    expect((await failureOf(registry.lookup({ target: gb('123456727') }))).kind).toBe('malformed');
    expect((await failureOf(client({ baseUrl }).lookup({ target: gb('123456727') }))).kind).toBe('malformed');
  });

  it('refuses an answer about another registered VRN, plain and verified', async () => {
    const registry = client({ baseUrl });
    sim.setBehaviour('hmrc', { mode: 'wrong_number' });
    const plain = await failureOf(registry.lookup({ target: gb('123456727') }));
    expect(plain.kind).toBe('malformed');
    expect(plain.message).toMatch(/HMRC answered for \d{9}, not 123456727/);
    const branch = await failureOf(registry.lookup({ target: gb('500000491001') }));
    expect(branch.kind).toBe('malformed');
    const verified = registry.lookup({ target: gb('123456727'), requester: gb('200000179') });
    expect((await failureOf(verified)).kind).toBe('malformed');
  });

  it('maps a refused connection to unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failureOf(
      client({ baseUrl: `http://127.0.0.1:${port}/hmrc` }).lookup({ target: gb('123456727') }),
    );
    expect(error.kind).toBe('unreachable');
  });

  it('gets a fresh consultation number for a GB requester', async () => {
    const registry = client({ baseUrl });
    const query = { target: gb('123456727'), requester: gb('200000179') };
    const first = await registry.lookup(query);
    const second = await registry.lookup(query);
    expect(first).toMatchObject({ valid: true, name: 'Simulated Widgets Ltd' });
    expect(first.consultationNumber).toMatch(CONSULTATION);
    expect(second.consultationNumber).toMatch(CONSULTATION);
    expect(second.consultationNumber).not.toBe(first.consultationNumber);
  });

  it('rejects an unknown requester, but answers an unknown target as not registered first', async () => {
    const registry = client({ baseUrl });
    const rejected = registry.lookup({ target: gb('123456727'), requester: gb('700000629') });
    expect((await failureOf(rejected)).kind).toBe('requester_rejected');
    expect((await registry.lookup({ target: gb('700000629'), requester: gb('700000629') })).valid).toBe(
      false,
    );
  });

  it('accepts GB requesters only', () => {
    const registry = client({ baseUrl });
    expect(registry.acceptsRequester(gb('200000179'))).toBe(true);
    expect(registry.acceptsRequester(gb('500000491001'))).toBe(true);
    expect(
      registry.acceptsRequester({ countryCode: 'XI', national: '200000179', vatNumber: 'XI200000179' }),
    ).toBe(false);
    expect(
      registry.acceptsRequester({ countryCode: 'DE', national: '123456704', vatNumber: 'DE123456704' }),
    ).toBe(false);
    expect(registry.acceptsRequester({ countryCode: 'GB', national: 'GD100', vatNumber: 'GBGD100' })).toBe(
      false,
    );
  });

  it('fetches one token for many lookups', async () => {
    const registry = client({ baseUrl });
    for (let i = 0; i < 5; i += 1) await registry.lookup({ target: gb('123456727') });
    expect(lookupCalls()).toEqual({ GB123456727: 5 });
    expect(tokenCalls()).toBe(1);
  });

  it('shares one token request among concurrent first lookups', async () => {
    sim.setBehaviour('hmrc', { latencyMs: 100 });
    const registry = client({ baseUrl });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => registry.lookup({ target: gb('123456727') })),
    );
    expect(answers.every((answer) => answer.valid)).toBe(true);
    expect(tokenCalls()).toBe(1);
  });

  it('refreshes the token the margin before it expires', async () => {
    setHmrcTokenLifetime(600);
    const clock = { now: 1_000_000 };
    const registry = client({ baseUrl, now: () => clock.now, tokenRefreshMarginMs: 60_000 });
    await registry.lookup({ target: gb('123456727') });
    clock.now += 539_000;
    await registry.lookup({ target: gb('123456727') });
    expect(tokenCalls()).toBe(1);
    clock.now += 2_000;
    await registry.lookup({ target: gb('123456727') });
    expect(tokenCalls()).toBe(2);
  });

  it('replaces a token HMRC no longer accepts with exactly one refetch and retry', async () => {
    setHmrcTokenLifetime(0.3);
    const registry = client({ baseUrl, now: () => 0, tokenRefreshMarginMs: 0 });
    await registry.lookup({ target: gb('123456727') });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The client's clock says the token is still good; the simulator has expired it.
    expect((await registry.lookup({ target: gb('123456727') })).valid).toBe(true);
    expect(tokenCalls()).toBe(2);
    expect(lookupCalls()).toEqual({ GB123456727: 3 });
  });

  it('retries a single INVALID_CREDENTIALS once, and gives up on a second', async () => {
    const registry = await warmClient();
    sim.setBehaviour('hmrc', { mode: 'fault', fault: 'INVALID_CREDENTIALS', times: 1 });
    expect((await registry.lookup({ target: gb('123456727') })).valid).toBe(true);
    expect(tokenCalls()).toBe(2);
    sim.setBehaviour('hmrc', { mode: 'fault', fault: 'INVALID_CREDENTIALS', times: 2 });
    expect((await failureOf(registry.lookup({ target: gb('123456727') }))).kind).toBe('auth');
    expect(tokenCalls()).toBe(3);
    expect(lookupCalls()).toEqual({ GB123456727: 5 });
  });

  it('maps wrong credentials to auth', async () => {
    const error = await failureOf(
      client({ baseUrl, clientSecret: 'wrong' }).lookup({ target: gb('123456727') }),
    );
    expect(error).toMatchObject({ kind: 'auth', upstreamCode: 'invalid_client' });
  });

  it('maps missing credentials to auth without calling HMRC', async () => {
    const registry = client({ baseUrl, clientId: '', clientSecret: undefined as unknown as string });
    const error = await failureOf(registry.lookup({ target: gb('123456727') }));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('HMRC_CLIENT_ID');
    expect(sim.statsOf('hmrc').calls).toBe(0);
  });
});

describe('HMRC simulator speaks the captured protocol', () => {
  let sim: RegistrySimulator;
  let root: string;
  let token: string;

  async function call(path: string, init: RequestInit = {}) {
    const response = await fetch(`${root}${path}`, init);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  }

  function get(
    path: string,
    headers: Record<string, string> = { accept: ACCEPT, authorization: `Bearer ${token}` },
  ) {
    return call(path, { headers });
  }

  function fetchToken(body: string) {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    return call('/oauth/token', { method: 'POST', headers, body });
  }

  beforeAll(async () => {
    sim = await startSimulator();
    root = sim.env().HMRC_URL!;
    const form = fixture('oauth-token-request-body.form')
      .replace('<CLIENT-ID>', 'simulator-client-id')
      .replace('<CLIENT-SECRET>', 'simulator-client-secret');
    token = JSON.parse((await fetchToken(form)).body).access_token;
  });

  afterAll(async () => {
    await sim.close();
  });

  beforeEach(() => sim.reset());

  it('issues tokens shaped like the sandbox capture, and refuses wrong credentials the RFC 6749 way', async () => {
    const form = fixture('oauth-token-request-body.form')
      .replace('<CLIENT-ID>', 'simulator-client-id')
      .replace('<CLIENT-SECRET>', 'simulator-client-secret');
    const answer = await fetchToken(form);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json');
    const body = JSON.parse(answer.body);
    expect(keyPaths(body)).toEqual(
      keyPaths(JSON.parse(fixture('oauth-token-response-sandbox-read-vat.json'))),
    );
    expect(body).toMatchObject({ scope: 'read:vat', expires_in: 14_400, token_type: 'bearer' });
    expect(body.access_token).toMatch(/^[0-9a-f]{32}$/);
    const refused = await fetchToken(form.replace('simulator-client-secret', 'wrong'));
    expect(refused.status).toBe(401);
    expect(refused.body).toBe(fixture('oauth-token-error-401-invalid_client.json'));
  });

  it('answers a plain lookup with the sandbox capture, byte for byte apart from the date', async () => {
    const answer = await get(`${LOOKUP}/553557881`);
    const captured = fixture('lookup-200-sandbox-553557881.json');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json');
    const date = JSON.parse(answer.body).processingDate;
    expect(date).toMatch(PROCESSING_DATE);
    expect(answer.body).toBe(captured.replace('2026-05-13T22:50:27+01:00', date));
  });

  it('answers a verified lookup in the shape of the verified capture', async () => {
    const answer = await get(`${LOOKUP}/553557881/200000179`);
    const body = JSON.parse(answer.body);
    const captured = JSON.parse(fixture('lookup-200-verified-sandbox-553557881-by-436189915.json'));
    expect(keyPaths(body)).toEqual(keyPaths(captured));
    expect(body.requester).toBe('200000179');
    expect(body.consultationNumber).toMatch(CONSULTATION);
  });

  it('renders two lines and a postcode in the shape of the production capture', async () => {
    const body = JSON.parse((await get(`${LOOKUP}/123456727`)).body);
    const captured = JSON.parse(fixture('lookup-200-production-v1-243609761.json'));
    expect(keyPaths(body)).toEqual(keyPaths(captured));
  });

  it('answers API errors with the captured bodies', async () => {
    const cases: Array<[string, number, string]> = [
      [`${LOOKUP}/700000629`, 404, 'lookup-404-NOT_FOUND.json'],
      [`${LOOKUP}/GB123456727`, 400, 'lookup-400-INVALID_REQUEST-target.json'],
      [`${LOOKUP}/123456727/12345`, 400, 'lookup-400-INVALID_REQUEST-requester.json'],
      [`${LOOKUP}/1234/12345`, 400, 'lookup-400-INVALID_REQUEST-target-and-requester.json'],
      [`${LOOKUP}/123456727/700000629`, 403, 'lookup-403-INVALID_REQUEST-requester-not-registered.json'],
    ];
    for (const [path, status, name] of cases) {
      const answer = await get(path);
      expect({ path, status: answer.status, type: answer.type, body: answer.body }).toEqual({
        path,
        status,
        type: 'application/json',
        body: fixture(name),
      });
    }
  });

  it('answers gateway errors with the captured bodies', async () => {
    expect((await get(`${LOOKUP}/123456727`, { authorization: `Bearer ${token}` })).body).toBe(
      fixture('platform-406-ACCEPT_HEADER_INVALID.json'),
    );
    expect((await get(`${LOOKUP}/123456727`, { accept: ACCEPT })).body).toBe(
      fixture('platform-401-MISSING_CREDENTIALS.json'),
    );
    expect((await get(`${LOOKUP}/123456727`, { accept: ACCEPT, authorization: 'Bearer nope' })).body).toBe(
      fixture('platform-401-INVALID_CREDENTIALS.json'),
    );
    expect((await get('/organisations/vat/check-vat-number/lookups/123456727')).body).toBe(
      fixture('platform-404-MATCHING_RESOURCE_NOT_FOUND.json'),
    );
  });

  it('answers each fault with the captured body and status', async () => {
    const cases: Array<[string, number, string]> = [
      ['429', 429, 'platform-429-MESSAGE_THROTTLED_OUT-gateway-template-MALFORMED.txt'],
      ['500', 500, 'lookup-500-INTERNAL_SERVER_ERROR.json'],
      ['INVALID_CREDENTIALS', 401, 'platform-401-INVALID_CREDENTIALS.json'],
      ['RESOURCE_FORBIDDEN', 403, 'platform-403-RESOURCE_FORBIDDEN.json'],
      ['INVALID_SCOPE', 403, 'platform-403-INVALID_SCOPE.json'],
      ['406', 406, 'platform-406-ACCEPT_HEADER_INVALID.json'],
      ['NOT_FOUND', 404, 'lookup-404-NOT_FOUND.json'],
    ];
    for (const [fault, status, name] of cases) {
      sim.setBehaviour('hmrc', { mode: 'fault', fault });
      const answer = await get(`${LOOKUP}/123456727`);
      expect({ fault, status: answer.status, body: answer.body }).toEqual({
        fault,
        status,
        body: fixture(name),
      });
    }
  });

  it('counts lookups per normalised number and token requests as calls without a number', async () => {
    await get(`${LOOKUP}/123456727/200000179`);
    await fetchToken('grant_type=client_credentials&client_id=x&client_secret=y&scope=read:vat');
    expect(sim.statsOf('hmrc')).toMatchObject({ calls: 2, callsByNumber: { GB123456727: 1 } });
  });
});
