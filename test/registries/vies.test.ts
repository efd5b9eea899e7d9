import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { viesSim } from '../../simulator/vies.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { type Registry, RegistryError } from '../../src/registries/registry.js';
import { createViesRegistry, DEFAULT_URL } from '../../src/registries/vies.js';
import { parseXml } from '../../src/registries/xml.js';

/**
 * The VIES client against the captured real answers (served by a tiny local server) and against the
 * simulator, all over real HTTP on 127.0.0.1. Protocol notes: /work/shared/upstreams/vies.md (§).
 * The captured fixtures and test vectors live outside the repository; VAT_SHARED_DIR overrides where.
 */
const SHARED = process.env.VAT_SHARED_DIR ?? '/work/shared';
const FIXTURES = join(SHARED, 'upstreams/fixtures/vies/soap');
const TYPES_NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';
const VIES_CODES =
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' ');
const XML = 'text/xml; charset=utf-8';

function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A number as the service hands it over (normalised, see src/registries/registry.ts). */
function parsed(vatNumber: string): ParsedVatNumber {
  return {
    countryCode: vatNumber.slice(0, 2) as ParsedVatNumber['countryCode'],
    national: vatNumber.slice(2),
    vatNumber,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected the lookup to fail');
}

/** Element names and nesting of a parsed XML document, text replaced by `#`, attributes left out. */
function shapeOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return '#';
  const entries = Object.entries(value).filter(([key]) => !key.startsWith('@_'));
  return Object.fromEntries(entries.map(([key, child]) => [key, shapeOf(child)]));
}

function bodyOf(xml: string): Record<string, unknown> {
  return (parseXml(xml).Envelope as Record<string, unknown>).Body as Record<string, unknown>;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('VIES client against captured real answers', () => {
  let server: Server;
  let client: Registry;
  let reply = { status: 200, contentType: XML, body: '' };
  let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string } | undefined;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      res.writeHead(reply.status, { 'content-type': reply.contentType });
      res.end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = createViesRegistry({ baseUrl: `http://127.0.0.1:${port}/vies`, timeoutMs: 2_000 });
  });

  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const serve = (body: string, status = 200, contentType = XML) => {
    reply = { status, contentType, body };
  };

  it('uses the real service root and posts SOAP 1.1 checkVat to /services/checkVatService', async () => {
    expect(DEFAULT_URL).toBe('https://ec.europa.eu/taxation_customs/vies');
    serve(fixture('checkVat-valid-response-LU-2022.xml'));
    await client.lookup({ target: parsed('LU26375245') });
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/vies/services/checkVatService');
    expect(seen?.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(seen?.headers.soapaction).toBe('""');
    expect(seen?.body).toContain(TYPES_NS);
    expect(bodyOf(seen?.body ?? '')).toEqual({ checkVat: { countryCode: 'LU', vatNumber: '26375245' } });
  });

  it.each([
    ['ATU12345675', 'AT', 'U12345675'],
    ['NL123456782B01', 'NL', '123456782B01'],
    ['EL123456709', 'EL', '123456709'],
    ['XI123456727', 'XI', '123456727'],
  ])('sends %s as country %s and national part %s', async (number, countryCode, vatNumber) => {
    serve(fixture('checkVat-invalid-response-DK-2022.xml').replace('>DK<', `>${countryCode}<`));
    await client.lookup({ target: parsed(number) });
    expect(bodyOf(seen?.body ?? '')).toEqual({ checkVat: { countryCode, vatNumber } });
  });

  it('maps a valid answer with name and address to one address line', async () => {
    serve(fixture('checkVat-valid-response-LU-2022.xml'));
    expect(await client.lookup({ target: parsed('LU26375245') })).toEqual({
      valid: true,
      name: 'AMAZON EUROPE CORE S.A R.L.',
      address: '38, AVENUE JOHN F. KENNEDY L-1855 LUXEMBOURG',
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('maps a valid answer whose name and address are withheld (---) to nulls', async () => {
    serve(fixture('checkVat-valid-response-DE-name-address-withheld-2022.xml'));
    expect(await client.lookup({ target: parsed('DE812383453') })).toEqual({
      valid: true,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it.each([
    ['checkVat-invalid-response-DK-2022.xml', 'DK10503280'],
    ['checkVat-invalid-response-CZ-empty-name-address-2022.xml', 'CZ25123891'],
  ])('maps the invalid answer %s to valid false', async (name, number) => {
    serve(fixture(name));
    expect(await client.lookup({ target: parsed(number) })).toEqual({
      valid: false,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it('asks checkVatApprox with the requester and reads the requestIdentifier', async () => {
    serve(fixture('checkVatApprox-valid-with-requester-response-NL-legacy-2018.xml'));
    const answer = await client.lookup({
      target: parsed('NL854265259B01'),
      requester: parsed('ATU12345675'),
    });
    expect(answer).toEqual({
      valid: true,
      name: 'GITHUB B.V.',
      address: 'VIJZELSTRAAT 00068, 1017HL AMSTERDAM',
      consultationNumber: 'WAPIAAAAWVymNggi',
      exchange: expect.any(Object),
    });
    expect(bodyOf(seen?.body ?? '')).toEqual({
      checkVatApprox: {
        countryCode: 'NL',
        vatNumber: '854265259B01',
        requesterCountryCode: 'AT',
        requesterVatNumber: 'U12345675',
      },
    });
  });

  it('gives no consultation number for an invalid target asked with a requester', async () => {
    serve(fixture('checkVatApprox-invalid-with-requester-response-IT-2024.xml'));
    const answer = await client.lookup({ target: parsed('IT01739710307'), requester: parsed('DE123456704') });
    expect(answer).toEqual({
      valid: false,
      name: null,
      address: null,
      consultationNumber: null,
      exchange: expect.any(Object),
    });
  });

  it.each([
    ['fault-INVALID_INPUT.xml', 200, 'invalid_input', 'INVALID_INPUT'],
    ['fault-MS_UNAVAILABLE.xml', 200, 'server_error', 'MS_UNAVAILABLE'],
    // The fixtures README: this one was served with HTTP 500; a Fault decides whatever the status (§2.7).
    ['fault-MS_MAX_CONCURRENT_REQ.xml', 500, 'throttled', 'MS_MAX_CONCURRENT_REQ'],
  ])('maps %s (HTTP %i) to %s', async (name, status, kind, code) => {
    serve(fixture(name), status);
    const error = await failureOf(client.lookup({ target: parsed('DE123456704') }));
    expect(error.kind).toBe(kind);
    expect(error.upstreamCode).toBe(code);
    expect(error.registry).toBe('vies');
  });

  it('treats an HTML error page on a 500 as a server error and on a 200 as malformed', async () => {
    const page = '<HTML><HEAD><TITLE>Error 500--Internal Server Error</TITLE></HEAD><BODY></BODY></HTML>';
    serve(page, 500, 'text/html');
    expect((await failureOf(client.lookup({ target: parsed('DE123456704') }))).kind).toBe('server_error');
    serve(page, 200, 'text/html');
    expect((await failureOf(client.lookup({ target: parsed('DE123456704') }))).kind).toBe('malformed');
  });

  it('refuses answers without a verdict or for another country as malformed', async () => {
    serve(fixture('checkVat-valid-response-LU-2022.xml').replace(/<ns2:valid>true<\/ns2:valid>/, ''));
    expect((await failureOf(client.lookup({ target: parsed('LU26375245') }))).kind).toBe('malformed');
    serve(fixture('checkVat-valid-response-LU-2022.xml'));
    expect((await failureOf(client.lookup({ target: parsed('DE123456704') }))).kind).toBe('malformed');
    serve(fixture('checkVat-valid-response-LU-2022.xml').replace('true', 'yes'));
    expect((await failureOf(client.lookup({ target: parsed('LU26375245') }))).kind).toBe('malformed');
  });

  it('refuses an answer whose vatNumber echo names another number', async () => {
    serve(fixture('checkVat-valid-response-LU-2022.xml'));
    const error = await failureOf(client.lookup({ target: parsed('LU10059929') }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('LU26375245, not LU10059929');
    serve(fixture('checkVatApprox-valid-with-requester-response-NL-legacy-2018.xml'));
    const approx = client.lookup({ target: parsed('NL123456782B01'), requester: parsed('ATU12345675') });
    expect((await failureOf(approx)).kind).toBe('malformed');
  });

  it('compares the echo upper-cased and without spaces, and accepts an empty or missing one', async () => {
    const legacy = fixture('checkVatApprox-valid-with-requester-response-NL-legacy-2018.xml');
    serve(legacy.replace('>854265259B01<', '> 854265259 b01 <'));
    const spaced = await client.lookup({
      target: parsed('NL854265259B01'),
      requester: parsed('ATU12345675'),
    });
    expect(spaced).toMatchObject({ valid: true, name: 'GITHUB B.V.' });
    const luxembourg = fixture('checkVat-valid-response-LU-2022.xml');
    serve(luxembourg.replace(/<ns2:vatNumber>26375245<\/ns2:vatNumber>/, '<ns2:vatNumber></ns2:vatNumber>'));
    expect(await client.lookup({ target: parsed('LU10059929') })).toMatchObject({ valid: true });
    serve(luxembourg.replace(/<ns2:vatNumber>26375245<\/ns2:vatNumber>/, ''));
    expect(await client.lookup({ target: parsed('LU10059929') })).toMatchObject({ valid: true });
  });

  it('refuses an answer declaring a DTD, so no declared entity becomes the name', async () => {
    const luxembourg = fixture('checkVat-valid-response-LU-2022.xml');
    const withDtd = `<!DOCTYPE Envelope [<!ENTITY name "Declared Name SA">]>${luxembourg.replace(/<ns2:name>[^<]*</, '<ns2:name>&name;<')}`;
    serve(withDtd);
    const error = await failureOf(client.lookup({ target: parsed('LU26375245') }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('declares a DTD');
    // The same refusal whatever the case, and for an entity declaration without a DOCTYPE around it.
    serve(`<!doctype Envelope>${luxembourg}`);
    expect((await failureOf(client.lookup({ target: parsed('LU26375245') }))).kind).toBe('malformed');
    serve(luxembourg.replace('<ns2:name>', '<!-- <!ENTITY x "y"> --><ns2:name>'));
    expect((await failureOf(client.lookup({ target: parsed('LU26375245') }))).kind).toBe('malformed');
    // An HTML error page with a DOCTYPE on a 500 is still the service failing.
    serve('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Draft//EN"><HTML></HTML>', 500, 'text/html');
    expect((await failureOf(client.lookup({ target: parsed('LU26375245') }))).kind).toBe('server_error');
  });

  it('decodes the predefined entities and numeric character references in a name, nothing else', async () => {
    const luxembourg = fixture('checkVat-valid-response-LU-2022.xml');
    serve(luxembourg.replace(/<ns2:name>[^<]*</, '<ns2:name>Caf&#233; &amp; Cr&#xE8;me &copy; &amp;#65;<'));
    const answer = await client.lookup({ target: parsed('LU26375245') });
    expect(answer.name).toBe('Café & Crème &copy; &#65;');
  });
});

describe('VIES simulator seed', () => {
  const vectors = JSON.parse(readFileSync(join(SHARED, 'vat-vectors.json'), 'utf8')) as Array<{
    normalized?: string;
    valid_format: boolean;
    failure?: string;
  }>;
  const validNumbers = new Set(vectors.filter((v) => v.valid_format && !v.failure).map((v) => v.normalized));

  it('has a VAT-registered company for every one of the 28 VIES codes', () => {
    const covered = new Set(viesSim.seed.filter((c) => c.vatRegistered).map((c) => c.vatNumber.slice(0, 2)));
    expect([...covered].sort()).toEqual([...VIES_CODES].sort());
  });

  it('seeds only numbers that pass their check digits (valid vectors)', () => {
    const failing = viesSim.seed.map((c) => c.vatNumber).filter((number) => !validNumbers.has(number));
    expect(failing).toEqual([]);
  });

  it('holds the cases other tests rely on', () => {
    const byNumber = new Map(viesSim.seed.map((c) => [c.vatNumber, c]));
    expect(byNumber.get('DE123456704')).toMatchObject({ vatRegistered: true, addressLines: [] });
    expect(byNumber.get('DE123456704')?.name).not.toBe('');
    expect(byNumber.get('NL123456782B01')?.addressLines.length).toBeGreaterThan(0);
    expect(byNumber.has('FR10123456717')).toBe(false);
    expect(viesSim.seed.some((c) => c.vatRegistered && c.name === '' && c.addressLines.length === 0)).toBe(
      true,
    );
    expect(viesSim.seed.some((c) => !c.vatRegistered)).toBe(true);
  });
});

describe('VIES client against the simulator', () => {
  let sim: RegistrySimulator;
  let client: Registry;
  let serviceUrl: string;

  beforeAll(async () => {
    sim = await startSimulator();
    client = createViesRegistry({ baseUrl: sim.env().VIES_URL, timeoutMs: 2_000 });
    serviceUrl = `${sim.env().VIES_URL}/services/checkVatService`;
  });

  beforeEach(() => sim.reset());

  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  const lookup = (target: string, requester?: string) =>
    client.lookup({ target: parsed(target), requester: requester ? parsed(requester) : undefined });

  describe('answers', () => {
    it('gives name and a one-line address for a valid company', async () => {
      expect(await lookup('NL123456782B01')).toEqual({
        valid: true,
        name: 'Grachten Techniek B.V.',
        address: 'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM',
        consultationNumber: null,
        exchange: expect.any(Object),
      });
    });

    it('gives the name and a null address when the address is withheld', async () => {
      expect(await lookup('DE123456704')).toEqual({
        valid: true,
        name: 'Musterfirma Handels GmbH',
        address: null,
        consultationNumber: null,
        exchange: expect.any(Object),
      });
    });

    it.each(['DE113866163', 'ESA28184661'])(
      'gives null name and address when %s has both withheld',
      async (n) => {
        expect(await lookup(n)).toEqual({
          valid: true,
          name: null,
          address: null,
          consultationNumber: null,
          exchange: expect.any(Object),
        });
      },
    );

    it.each(['FR10123456717', 'BE0402918402'])(
      'answers valid false for %s (not registered, deregistered)',
      async (n) => {
        expect(await lookup(n)).toEqual({
          valid: false,
          name: null,
          address: null,
          consultationNumber: null,
          exchange: expect.any(Object),
        });
      },
    );

    it('answers a company added at run time', async () => {
      sim.addCompany({
        vatNumber: 'PT502448911',
        name: 'Added Lda',
        addressLines: ['Rua A 1', 'Porto'],
        vatRegistered: true,
      });
      expect(await lookup('PT502448911')).toMatchObject({
        valid: true,
        name: 'Added Lda',
        address: 'Rua A 1, Porto',
      });
    });

    it.each(['GB123456727', 'DEX'])(
      'reports the registry’s INVALID_INPUT for %s as invalid_input',
      async (n) => {
        const error = await failureOf(lookup(n));
        expect(error).toMatchObject({ kind: 'invalid_input', upstreamCode: 'INVALID_INPUT' });
      },
    );

    it('counts lookups per normalised number', async () => {
      await lookup('ATU12345675');
      await lookup('ATU12345675');
      expect(sim.statsOf('vies').callsByNumber).toEqual({ ATU12345675: 2 });
    });
  });

  describe('failures', () => {
    const FAULTS: Array<[string, string]> = [
      ['INVALID_INPUT', 'invalid_input'],
      ['INVALID_REQUESTER_INFO', 'requester_rejected'],
      ['SERVICE_UNAVAILABLE', 'server_error'],
      ['MS_UNAVAILABLE', 'server_error'],
      ['TIMEOUT', 'server_error'],
      ['VAT_BLOCKED', 'server_error'],
      ['IP_BLOCKED', 'auth'],
      ['GLOBAL_MAX_CONCURRENT_REQ', 'throttled'],
      ['GLOBAL_MAX_CONCURRENT_REQ_TIME', 'throttled'],
      ['MS_MAX_CONCURRENT_REQ', 'throttled'],
      ['MS_MAX_CONCURRENT_REQ_TIME', 'throttled'],
      ['SERVER_BUSY', 'throttled'],
    ];

    it.each(FAULTS)('maps the fault %s to %s', async (code, kind) => {
      sim.setBehaviour('vies', { mode: 'fault', fault: code });
      expect(await failureOf(lookup('DE123456704'))).toMatchObject({ kind, upstreamCode: code });
    });

    it.each(FAULTS)('maps the fault %s sent with HTTP 500 to %s', async (code, kind) => {
      sim.setBehaviour('vies', { mode: 'fault', fault: `${code}:500` });
      expect(await failureOf(lookup('DE123456704'))).toMatchObject({ kind, upstreamCode: code });
    });

    it('answers an unknown fault code with the generic SERVICE_UNAVAILABLE', async () => {
      sim.setBehaviour('vies', { mode: 'fault', fault: 'SOMETHING_NEW' });
      expect(await failureOf(lookup('DE123456704'))).toMatchObject({
        kind: 'server_error',
        upstreamCode: 'SERVICE_UNAVAILABLE',
      });
    });

    it('recovers after a fault limited to one call', async () => {
      sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_MAX_CONCURRENT_REQ', times: 1 });
      expect((await failureOf(lookup('DE123456704'))).kind).toBe('throttled');
      expect((await lookup('DE123456704')).valid).toBe(true);
    });

    it('reports a 503 from a dead service as server_error', async () => {
      sim.setBehaviour('vies', { mode: 'down' });
      expect(await failureOf(lookup('DE123456704'))).toMatchObject({
        kind: 'server_error',
        upstreamCode: '503',
      });
    });

    it('reports a reset connection as unreachable', async () => {
      sim.setBehaviour('vies', { mode: 'reset' });
      expect((await failureOf(lookup('DE123456704'))).kind).toBe('unreachable');
    });

    it('reports an answer slower than the timeout as timeout', async () => {
      const impatient = createViesRegistry({ baseUrl: sim.env().VIES_URL, timeoutMs: 150 });
      try {
        sim.setBehaviour('vies', { mode: 'up', latencyMs: 600 });
        expect((await failureOf(impatient.lookup({ target: parsed('DE123456704') }))).kind).toBe('timeout');
      } finally {
        await impatient.close();
      }
    });

    it('reports a truncated body as malformed', async () => {
      sim.setBehaviour('vies', { mode: 'malformed' });
      expect((await failureOf(lookup('DE123456704'))).kind).toBe('malformed');
    });

    it('refuses an answer about another number, with or without a requester', async () => {
      sim.setBehaviour('vies', { mode: 'wrong_number' });
      const sameCountry = await failureOf(lookup('DE123456704'));
      expect(sameCountry).toMatchObject({ kind: 'malformed' });
      expect(sameCountry.message).toContain('answer is for DE113866163, not DE123456704');
      expect((await failureOf(lookup('FR10123456717'))).kind).toBe('malformed');
      expect((await failureOf(lookup('DE113866163', 'ATU12345675'))).kind).toBe('malformed');
      // The store holds no other Dutch company: the answer is about another country.
      expect((await failureOf(lookup('NL123456782B01'))).message).toContain('answer is for country');
    });

    it('accepts an answer whose vatNumber echo is empty', async () => {
      sim.setBehaviour('vies', { mode: 'empty_echo' });
      expect(await lookup('NL123456782B01')).toMatchObject({ valid: true, name: 'Grachten Techniek B.V.' });
      expect((await lookup('NL123456782B01', 'ATU12345675')).consultationNumber).toMatch(/^WAPI/);
      expect((await lookup('FR10123456717')).valid).toBe(false);
    });

    it('refuses an answer declaring a DTD whose entity is the name', async () => {
      sim.setBehaviour('vies', { mode: 'doctype' });
      for (const answer of [lookup('NL123456782B01'), lookup('NL123456782B01', 'ATU12345675')]) {
        expect((await failureOf(answer)).kind).toBe('malformed');
      }
    });

    it('reports a refused connection as unreachable', async () => {
      const port = await closedPort();
      const nowhere = createViesRegistry({ baseUrl: `http://127.0.0.1:${port}/vies`, timeoutMs: 1_000 });
      try {
        expect((await failureOf(nowhere.lookup({ target: parsed('DE123456704') }))).kind).toBe('unreachable');
      } finally {
        await nowhere.close();
      }
    });
  });

  describe('requester', () => {
    it('gets a fresh WAPI consultation number per call with an EU requester', async () => {
      const first = await lookup('NL123456782B01', 'ATU12345675');
      const second = await lookup('NL123456782B01', 'ATU12345675');
      expect(first).toMatchObject({ valid: true, name: 'Grachten Techniek B.V.' });
      expect(first.consultationNumber).toMatch(/^WAPI[A-Za-z0-9]{12}$/);
      expect(second.consultationNumber).toMatch(/^WAPI[A-Za-z0-9]{12}$/);
      expect(second.consultationNumber).not.toBe(first.consultationNumber);
    });

    it('accepts Greek and Northern Irish requesters', async () => {
      expect((await lookup('DE123456704', 'EL123456709')).consultationNumber).toMatch(/^WAPI/);
      expect((await lookup('DE123456704', 'XI123456727')).consultationNumber).toMatch(/^WAPI/);
    });

    it('gives no consultation number for an invalid target', async () => {
      expect(await lookup('FR10123456717', 'ATU12345675')).toEqual({
        valid: false,
        name: null,
        address: null,
        consultationNumber: null,
        exchange: expect.any(Object),
      });
    });

    it.each([
      ['DE118619592', 'not known to VIES'],
      ['BE0402918402', 'deregistered'],
    ])('reports INVALID_REQUESTER_INFO for requester %s (%s) as requester_rejected', async (requester) => {
      expect(await failureOf(lookup('NL123456782B01', requester))).toMatchObject({
        kind: 'requester_rejected',
        upstreamCode: 'INVALID_REQUESTER_INFO',
      });
    });

    it('accepts EU and XI requesters only', () => {
      for (const number of ['DE123456704', 'ATU12345675', 'EL123456709', 'XI123456727', 'NL123456782B01']) {
        expect(client.acceptsRequester(parsed(number))).toBe(true);
      }
      for (const number of ['GB123456727', 'CHE100000006MWST', 'NO900000006MVA', 'AU51824753556']) {
        expect(client.acceptsRequester(parsed(number))).toBe(false);
      }
    });

    it('falls back to a plain checkVat when handed a requester it cannot use', async () => {
      expect(await lookup('NL123456782B01', 'GB123456727')).toMatchObject({
        valid: true,
        consultationNumber: null,
      });
    });
  });

  describe('wire format against the captured answers', () => {
    const post = async (
      body: string,
      path = '/services/checkVatService',
      contentType: string | null = XML,
    ) => {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      const response = await fetch(`${sim.env().VIES_URL}${path}`, { method: 'POST', headers, body });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    };
    const checkVat = (country: string, number: string) =>
      `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="${TYPES_NS}"><soapenv:Body><urn:checkVat><urn:countryCode>${country}</urn:countryCode><urn:vatNumber>${number}</urn:vatNumber></urn:checkVat></soapenv:Body></soapenv:Envelope>`;
    const approx = (country: string, number: string, requester: string) =>
      `<Envelope xmlns="http://schemas.xmlsoap.org/soap/envelope/"><Body><checkVatApprox xmlns="${TYPES_NS}"><countryCode>${country}</countryCode><vatNumber>${number}</vatNumber><requesterCountryCode>${requester.slice(0, 2)}</requesterCountryCode><requesterVatNumber>${requester.slice(2)}</requesterVatNumber></checkVatApprox></Body></Envelope>`;
    const DATE = /<ns2:requestDate>(\d{4}-\d{2}-\d{2}[+-]\d{2}:\d{2})<\/ns2:requestDate>/;
    const dateOf = (xml: string) => DATE.exec(xml)?.[1] ?? '(no date)';

    it('answers a valid checkVat with the shape of the captured LU answer', async () => {
      const answer = await post(checkVat('DE', '123456704'));
      expect(answer).toMatchObject({ status: 200, type: XML });
      expect(shapeOf(parseXml(answer.body))).toEqual(
        shapeOf(parseXml(fixture('checkVat-valid-response-LU-2022.xml'))),
      );
      expect(answer.body).toMatch(DATE);
      expect(answer.body).toContain('<ns2:address>---</ns2:address>');
    });

    it('answers an unknown number byte for byte like the captured DK answer (but for date and echo)', async () => {
      const answer = await post(checkVat('DK', '10503281'));
      const expected = fixture('checkVat-invalid-response-DK-2022.xml')
        .replace('<ns2:vatNumber></ns2:vatNumber>', '<ns2:vatNumber>10503281</ns2:vatNumber>')
        .replace('2022-08-12+02:00', dateOf(answer.body));
      expect(answer.body).toBe(expected);
    });

    it('answers checkVatApprox for an invalid target byte for byte like the captured IT answer', async () => {
      const answer = await post(approx('IT', '01739710307', 'ATU12345675'));
      const expected = fixture('checkVatApprox-invalid-with-requester-response-IT-2024.xml').replace(
        '2024-02-09+01:00',
        dateOf(answer.body),
      );
      expect(answer.body).toBe(expected);
    });

    it('answers a valid checkVatApprox with the body shape of the captured NL answer', async () => {
      const answer = await post(approx('NL', '123456782B01', 'DE123456704'));
      const captured = fixture('checkVatApprox-valid-with-requester-response-NL-legacy-2018.xml');
      expect(shapeOf(bodyOf(answer.body))).toEqual(shapeOf(bodyOf(captured)));
      expect(answer.body).toMatch(
        /<ns2:traderAddress>\nKEIZERSGRACHT 00123\n1015CJ AMSTERDAM\n<\/ns2:traderAddress>/,
      );
      expect(answer.body).toMatch(/<ns2:requestIdentifier>WAPI[A-Za-z0-9]{12}<\/ns2:requestIdentifier>/);
    });

    it('sends faults byte for byte like the captured fault', async () => {
      sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
      const answer = await post(checkVat('DE', '123456704'));
      expect(answer).toEqual({ status: 200, type: XML, body: fixture('fault-MS_UNAVAILABLE.xml') });
      sim.setBehaviour('vies', { mode: 'fault', fault: 'INVALID_INPUT' });
      const invalid = await post(checkVat('DE', '123456704'));
      expect(shapeOf(parseXml(invalid.body))).toEqual(shapeOf(parseXml(fixture('fault-INVALID_INPUT.xml'))));
      expect(bodyOf(invalid.body)).toEqual(bodyOf(fixture('fault-INVALID_INPUT.xml')));
    });

    it('accepts the captured request styles (prefixes, default namespace)', async () => {
      sim.addCompany({
        vatNumber: 'IE6388047V',
        name: 'Example Ireland',
        addressLines: ['Dublin'],
        vatRegistered: true,
      });
      sim.addCompany({
        vatNumber: 'DE129415943',
        name: 'Requester GmbH',
        addressLines: [],
        vatRegistered: true,
      });
      const plain = bodyOf((await post(fixture('checkVat-request.xml'))).body);
      expect(plain.checkVatResponse).toMatchObject({
        countryCode: 'IE',
        vatNumber: '6388047V',
        valid: 'true',
      });
      const withRequester = bodyOf((await post(fixture('checkVatApprox-request-with-requester.xml'))).body);
      expect(withRequester.checkVatApproxResponse).toMatchObject({
        valid: 'true',
        traderName: 'Example Ireland',
      });
      // The default-namespace sample's requester (DE 123456789) is a placeholder VIES does not know.
      const defaultNs = bodyOf((await post(fixture('checkVatApprox-request-default-namespace.xml'))).body);
      expect(defaultNs.Fault).toEqual({ faultcode: 'env:Server', faultstring: 'INVALID_REQUESTER_INFO' });
    });

    it('answers about another company of the same country in mode wrong_number', async () => {
      sim.setBehaviour('vies', { mode: 'wrong_number' });
      const answer = await post(checkVat('DE', '123456704'));
      expect(shapeOf(parseXml(answer.body))).toEqual(
        shapeOf(parseXml(fixture('checkVat-valid-response-LU-2022.xml'))),
      );
      expect(bodyOf(answer.body).checkVatResponse).toMatchObject({
        countryCode: 'DE',
        vatNumber: '113866163',
        valid: 'true',
      });
      expect(sim.statsOf('vies').callsByNumber).toEqual({ DE123456704: 1 });
    });

    it('leaves the vatNumber echo empty in mode empty_echo, as the captured DK answer', async () => {
      sim.setBehaviour('vies', { mode: 'empty_echo' });
      const answer = await post(checkVat('DK', '10503281'));
      const expected = fixture('checkVat-invalid-response-DK-2022.xml').replace(
        '2022-08-12+02:00',
        dateOf(answer.body),
      );
      expect(answer.body).toBe(expected);
    });

    it('puts a DTD in front in mode doctype, its entity in place of the name', async () => {
      sim.setBehaviour('vies', { mode: 'doctype' });
      const answer = await post(checkVat('NL', '123456782B01'));
      expect(answer.body).toMatch(/^<!DOCTYPE env:Envelope \[<!ENTITY company "[^"]+">\]><env:Envelope /);
      expect(answer.body).toContain('<ns2:name>&company;</ns2:name>');
    });

    it('answers the HTML 500 page when Content-Type is missing, as since Aug 2022', async () => {
      const answer = await post(checkVat('DE', '123456704'), '/services/checkVatService', null);
      expect(answer.status).toBe(500);
      expect(answer.body).toContain('Error 500--Internal Server Error');
    });

    it('serves the WSDL at the real paths', async () => {
      for (const path of [
        '/checkVatService.wsdl',
        '/services/checkVatService.wsdl',
        '/services/checkVatService?wsdl',
      ]) {
        const response = await fetch(`${sim.env().VIES_URL}${path}`);
        const text = await response.text();
        expect(response.status).toBe(200);
        expect(text).toContain(`<wsdlsoap:address location="${serviceUrl}"/>`);
        expect(() => parseXml(text)).not.toThrow();
      }
      expect(sim.statsOf('vies').callsByNumber).toEqual({});
    });

    it('answers the magic numbers of the test service', async () => {
      const valid = bodyOf((await post(checkVat('DE', '100'), '/test-services/checkVatTestService')).body);
      expect(valid.checkVatResponse).toMatchObject({
        valid: 'true',
        name: 'John Doe',
        address: '123 Main St, Anytown, UK',
      });
      const fault = bodyOf((await post(checkVat('DE', '600'), '/test-services/checkVatTestService')).body);
      expect(fault.Fault).toMatchObject({ faultstring: 'MS_MAX_CONCURRENT_REQ' });
    });
  });
});
