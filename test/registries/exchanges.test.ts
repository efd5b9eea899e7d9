import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistrySimulator, type SimExchange, startSimulator } from '../../simulator/server.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { createBrregRegistry } from '../../src/registries/brreg.js';
import type { RegistryGateway } from '../../src/registries/gateway.js';
import { createRegistryGateway } from '../../src/registries/index.js';
import {
  type Registry,
  type RegistryAnswer,
  RegistryError,
  type RegistryExchange,
  type RegistryId,
} from '../../src/registries/registry.js';

/**
 * Each client's answer carries the exchange its verdict rests on (wave-2 A3), checked against what
 * the simulator received and wrote (its journal, byte for byte). The clients are built from
 * configuration as the service builds them, so `requestedAt` comes from the application's clock.
 */
const NOW = Date.parse('2026-11-25T10:00:00.000Z');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function parsed(countryCode: ParsedVatNumber['countryCode'], national: string): ParsedVatNumber {
  return { countryCode, national, vatNumber: `${countryCode}${national}` };
}

/** The exchange as the simulator saw it; `request` is the body, or the query string of a GET. */
function seenBy(sim: RegistrySimulator, entry: SimExchange, request?: string): RegistryExchange {
  const query = entry.url.indexOf('?');
  return {
    registry: entry.registry as RegistryExchange['registry'],
    url: `${sim.baseUrl}${query < 0 ? entry.url : entry.url.slice(0, query)}`,
    method: entry.method as RegistryExchange['method'],
    requestedAt: NOW,
    durationMs: expect.any(Number),
    request: request ?? (entry.method === 'GET' ? (query < 0 ? '' : entry.url.slice(query + 1)) : entry.body),
    status: entry.status,
    contentType: entry.replyHeaders['content-type'] ?? null,
    body: entry.reply,
    truncated: false,
    sha256: sha256(entry.reply),
  };
}

/** Every form a secret could be found in: the exchange as JSON, the body as UTF-8 and Latin-1. */
function expectNowhere(exchange: RegistryExchange, secrets: string[]): void {
  const texts = [
    JSON.stringify({ ...exchange, body: undefined }),
    exchange.body.toString('utf8'),
    exchange.body.toString('latin1'),
  ];
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(8);
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  }
}

async function failureOf(promise: Promise<RegistryAnswer>): Promise<RegistryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RegistryError);
  return error as RegistryError;
}

describe('registry exchanges against the simulator', () => {
  let sim: RegistrySimulator;
  let gateway: RegistryGateway;
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startSimulator();
    env = sim.env();
  });

  beforeEach(() => {
    sim.reset();
    gateway = createRegistryGateway(loadConfig(env), new ManualClock(NOW));
  });

  afterEach(async () => {
    await gateway.close();
  });

  afterAll(async () => {
    await sim.close();
  });

  const client = (countryCode: string): Registry => gateway.registryFor(countryCode)!;
  const journal = (id: RegistryId) => sim.exchanges(id);
  const last = (id: RegistryId) => journal(id).at(-1)!;

  describe('VIES', () => {
    it('is the checkVat call: the SOAP body sent and the reply as written', async () => {
      const answer = await client('NL').lookup({ target: parsed('NL', '123456782B01') });
      expect(answer.valid).toBe(true);
      expect(journal('vies')).toHaveLength(1);
      expect(answer.exchange).toEqual(seenBy(sim, last('vies')));
      expect(answer.exchange.request).toContain('<urn:checkVat>');
      expect(answer.exchange.url).toBe(`${sim.baseUrl}/vies/services/checkVatService`);
    });

    it('is the checkVatApprox call when a requester asks for a consultation number', async () => {
      const answer = await client('DE').lookup({
        target: parsed('DE', '123456704'),
        requester: parsed('AT', 'U12345675'),
      });
      expect(answer.consultationNumber).toMatch(/^WAPI/);
      expect(answer.exchange).toEqual(seenBy(sim, last('vies')));
      expect(answer.exchange.request).toContain('<urn:requesterVatNumber>U12345675</urn:requesterVatNumber>');
      expect(answer.exchange.body.toString('utf8')).toContain(answer.consultationNumber!);
    });

    it('is there for a "not registered" answer too', async () => {
      const answer = await client('FR').lookup({ target: parsed('FR', '10123456717') });
      expect(answer.valid).toBe(false);
      expect(answer.exchange).toEqual(seenBy(sim, last('vies')));
    });

    it('is not there on a failure', async () => {
      sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
      const error = await failureOf(client('DE').lookup({ target: parsed('DE', '123456704') }));
      expect(error.kind).toBe('server_error');
      expect(error).not.toHaveProperty('exchange');
    });
  });

  describe('HMRC', () => {
    const secret = () => env.HMRC_CLIENT_SECRET;
    /** The bearer tokens the simulator issued, read from its token replies. */
    const issuedTokens = () =>
      journal('hmrc')
        .filter((entry) => entry.url.endsWith('/oauth/token'))
        .map((entry) => JSON.parse(entry.reply.toString('utf8')).access_token as string);
    const lookups = () => journal('hmrc').filter((entry) => entry.url.includes('/lookup/'));

    it('is the lookup, never the token request, and carries neither token nor client secret', async () => {
      const answer = await client('GB').lookup({ target: parsed('GB', '123456727') });
      expect(answer.valid).toBe(true);
      expect(journal('hmrc').map((entry) => entry.url)).toEqual([
        '/hmrc/oauth/token',
        '/hmrc/organisations/vat/check-vat-number/lookup/123456727',
      ]);
      expect(answer.exchange).toEqual(seenBy(sim, last('hmrc')));
      expect(answer.exchange).toMatchObject({ method: 'GET', request: '' });
      const [token] = issuedTokens();
      expect(last('hmrc').headers.authorization).toBe(`Bearer ${token}`);
      expectNowhere(answer.exchange, [token, secret()]);
    });

    it('keeps the requester in the path of a verified lookup', async () => {
      const answer = await client('GB').lookup({
        target: parsed('GB', '123456727'),
        requester: parsed('GB', '200000179'),
      });
      expect(answer.exchange).toEqual(seenBy(sim, last('hmrc')));
      expect(answer.exchange.url).toBe(
        `${sim.baseUrl}/hmrc/organisations/vat/check-vat-number/lookup/123456727/200000179`,
      );
    });

    it('is the 404 NOT_FOUND of a number not registered', async () => {
      const answer = await client('GB').lookup({ target: parsed('GB', '700000629') });
      expect(answer.valid).toBe(false);
      expect(answer.exchange).toEqual(seenBy(sim, last('hmrc')));
      expect(answer.exchange.status).toBe(404);
    });

    it('is the retried lookup after a refused token, not the refused one', async () => {
      const registry = client('GB');
      await registry.lookup({ target: parsed('GB', '123456727') });
      sim.setBehaviour('hmrc', { mode: 'fault', fault: 'INVALID_CREDENTIALS', times: 1 });
      const answer = await registry.lookup({ target: parsed('GB', '123456727') });
      expect(answer.valid).toBe(true);
      const [, refused, retried] = lookups();
      expect(refused.status).toBe(401);
      expect(retried.status).toBe(200);
      expect(last('hmrc')).toBe(retried);
      expect(answer.exchange).toEqual(seenBy(sim, retried));
      expect(issuedTokens()).toHaveLength(2);
      expectNowhere(answer.exchange, [...issuedTokens(), secret()]);
    });

    it('is not there on a failure', async () => {
      sim.setBehaviour('hmrc', { mode: 'fault', fault: '503' });
      const error = await failureOf(client('GB').lookup({ target: parsed('GB', '123456727') }));
      expect(error).not.toHaveProperty('exchange');
    });
  });

  describe('Swiss UID register', () => {
    const ch = (digits: string): ParsedVatNumber => ({
      countryCode: 'CH',
      national: `E${digits}MWST`,
      vatNumber: `CHE${digits}MWST`,
    });
    const actionOf = (entry: SimExchange) => String(entry.headers.soapaction).replace(/^.*\/|"$/g, '');

    it('is the ValidateVatNumber call for a valid number, though GetByUID gave the name', async () => {
      const answer = await client('CH').lookup({ target: ch('100000006') });
      expect(answer).toMatchObject({ valid: true, name: 'Muster AG' });
      const [validate, getByUid] = journal('uid');
      expect([validate, getByUid].map(actionOf)).toEqual(['ValidateVatNumber', 'GetByUID']);
      expect(answer.exchange).toEqual(seenBy(sim, validate));
      expect(answer.exchange.request).toContain('<uid:vatNumber>CHE-100.000.006 MWST</uid:vatNumber>');
      expect(answer.exchange.body.toString('utf8')).toContain('ValidateVatNumberResult>true<');
    });

    it('is the one ValidateVatNumber call for a number not valid', async () => {
      const answer = await client('CH').lookup({ target: ch('100000029') });
      expect(answer.valid).toBe(false);
      expect(journal('uid').map(actionOf)).toEqual(['ValidateVatNumber']);
      expect(answer.exchange).toEqual(seenBy(sim, last('uid')));
    });
  });

  describe('Brønnøysund', () => {
    it('is the GET of the entity: no query string, so an empty request', async () => {
      const answer = await client('NO').lookup({ target: parsed('NO', '900000006MVA') });
      expect(answer.valid).toBe(true);
      expect(answer.exchange).toEqual(seenBy(sim, last('brreg')));
      expect(answer.exchange).toMatchObject({
        url: `${sim.baseUrl}/brreg/enheter/900000006`,
        method: 'GET',
        request: '',
      });
    });

    it('is the empty 404 of a number not in the register', async () => {
      const answer = await client('NO').lookup({ target: parsed('NO', '900000014MVA') });
      expect(answer.valid).toBe(false);
      expect(answer.exchange).toEqual(seenBy(sim, last('brreg')));
      expect(answer.exchange.body.length).toBe(0);
      expect(answer.exchange.sha256).toBe(sha256(Buffer.alloc(0)));
    });

    it('keeps the first 64 KiB of a reply over 64 KiB and hashes all of it', async () => {
      const name = `LANG NAVN ${'Æ'.repeat(40_000)} AS`;
      sim.addCompany({
        vatNumber: 'NO900000065MVA',
        name,
        addressLines: ['Kongens gate 2', '0153 OSLO'],
        vatRegistered: true,
      });
      const answer = await client('NO').lookup({ target: parsed('NO', '900000065MVA') });
      expect(answer.name).toBe(name);
      const sent = last('brreg').reply;
      expect(sent.length).toBeGreaterThan(80_000);
      expect(answer.exchange).toEqual({
        ...seenBy(sim, last('brreg')),
        body: sent.subarray(0, 65_536),
        truncated: true,
        sha256: sha256(sent),
      });
    });
  });

  describe('ABN Lookup', () => {
    const guid = () => env.ABR_GUID;

    it('is the GET of AbnDetails with the GUID redacted from the query string', async () => {
      const answer = await client('AU').lookup({ target: parsed('AU', '51824753556') });
      expect(answer.valid).toBe(true);
      const seen = last('abr');
      expect(seen.url).toBe(`/abr/json/AbnDetails.aspx?abn=51824753556&callback=callback&guid=${guid()}`);
      expect(answer.exchange).toEqual(seenBy(sim, seen, 'abn=51824753556&callback=callback&guid=[redacted]'));
      expectNowhere(answer.exchange, [guid()]);
    });

    it('is the "No record found" answer of a number not registered, GUID redacted', async () => {
      const answer = await client('AU').lookup({ target: parsed('AU', '21108258859') });
      expect(answer.valid).toBe(false);
      expect(answer.exchange).toEqual(
        seenBy(sim, last('abr'), 'abn=21108258859&callback=callback&guid=[redacted]'),
      );
      expectNowhere(answer.exchange, [guid()]);
    });

    it('is not there when the GUID is refused', async () => {
      sim.setBehaviour('abr', { mode: 'fault', fault: 'invalid_guid' });
      const error = await failureOf(client('AU').lookup({ target: parsed('AU', '51824753556') }));
      expect(error.kind).toBe('auth');
      expect(error).not.toHaveProperty('exchange');
    });
  });
});

describe('a registry reply that is not UTF-8', () => {
  let server: Server;
  let base: string;
  // ISO-8859-1, as a proxy re-encoding the register's answer might send it: Ø is the single byte D8.
  const body = Buffer.from(
    '{"organisasjonsnummer":"900000006","navn":"BRØNNØYSUND TEST AS","registrertIMvaregisteret":true}',
    'latin1',
  );

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=ISO-8859-1' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is kept byte for byte in the exchange, whatever the client made of the text', async () => {
    const registry = createBrregRegistry({ baseUrl: `${base}/brreg`, timeoutMs: 2_000, now: () => NOW });
    try {
      const answer = await registry.lookup({ target: parsed('NO', '900000006MVA') });
      expect(body.includes(0xd8)).toBe(true);
      expect(answer.name).toBe('BR\uFFFDNN\uFFFDYSUND TEST AS');
      expect(answer.exchange).toEqual({
        registry: 'brreg',
        url: `${base}/brreg/enheter/900000006`,
        method: 'GET',
        requestedAt: NOW,
        durationMs: expect.any(Number),
        request: '',
        status: 200,
        contentType: 'application/json; charset=ISO-8859-1',
        body,
        truncated: false,
        sha256: sha256(body),
      });
      expect(answer.exchange.body.equals(body)).toBe(true);
    } finally {
      await registry.close();
    }
  });
});
