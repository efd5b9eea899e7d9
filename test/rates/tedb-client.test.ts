import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { TedbClient, TedbError, type TedbQuery } from '../../src/rates/tedb-client.js';
import { parseXml } from '../../src/registries/xml.js';

/**
 * The TEDB client over real HTTP against the simulator's TEDB (shared/upstreams/eu-tedb.md): the
 * SOAP request exactly as the note gives it, the reply read back into results, the retries, and
 * every way a reply is refused (too large, malformed, a DTD) or a call fails (down, slow, a fault).
 */

const EU = 'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
const SNAPSHOT_RANGE: TedbQuery = { memberStates: EU, from: '2025-07-27', to: '2025-08-26' };

let sim: RegistrySimulator;
const clients: TedbClient[] = [];

function client(options: { timeoutMs?: number; retryDelaysMs?: number[]; maxReplyBytes?: number } = {}) {
  const made = new TedbClient({
    url: sim.env().RATES_TEDB_URL,
    timeoutMs: options.timeoutMs ?? 30_000,
    retryDelaysMs: options.retryDelaysMs ?? [],
    maxReplyBytes: options.maxReplyBytes,
  });
  clients.push(made);
  return made;
}

async function failure(promise: Promise<unknown>): Promise<TedbError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TedbError);
  return error as TedbError;
}

beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(() => {
  sim.reset();
});
afterAll(async () => {
  await Promise.all(clients.map((made) => made.close()));
  await sim.close();
});

describe('retrieveVatRates', () => {
  it('posts the SOAP 1.1 request of the note: SOAPAction, namespaces, member states and range', async () => {
    await client().retrieve({ memberStates: ['RO', 'EL'], from: '2025-07-26' });
    const [exchange] = sim.exchanges('tedb');
    expect(exchange.method).toBe('POST');
    expect(exchange.url).toBe('/tedb/ws/VatRetrievalService');
    expect(exchange.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(exchange.headers.soapaction).toBe(
      '"urn:ec.europa.eu:taxud:tedb:services:v1:VatRetrievalService/RetrieveVatRates"',
    );
    expect(exchange.body).toContain('xmlns:s="urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService"');
    expect(exchange.body).toContain(
      'xmlns:t="urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService:types"',
    );
    expect(exchange.body).toContain(
      '<s:retrieveVatRatesReqMsg><t:memberStates><t:isoCode>RO</t:isoCode><t:isoCode>EL</t:isoCode></t:memberStates><t:from>2025-07-26</t:from></s:retrieveVatRatesReqMsg>',
    );
    expect(parseXml(exchange.body)).toBeDefined();
  });

  it('reads the answer for all 27 member states over the snapshot range: every result, hashed as received', async () => {
    const reply = await client().retrieve(SNAPSHOT_RANGE);
    expect(reply.results).toHaveLength(1266);
    expect(reply.attempts).toBe(1);
    const [exchange] = sim.exchanges('tedb');
    expect(reply.bytes).toBe(exchange.reply.length);
    expect(reply.sha256).toBe(createHash('sha256').update(exchange.reply).digest('hex'));
    const romania = reply.results.filter((r) => r.memberState === 'RO' && r.rate.type === 'DEFAULT');
    expect(romania.map((r) => [r.situationOn, r.rate.value])).toEqual([
      ['2025-07-01', 19],
      ['2025-08-01', 21],
    ]);
  });

  it('asks for one day with situationOn and gets the situation in force that day', async () => {
    const reply = await client().retrieve({ memberStates: ['RO'], situationOn: '2025-07-31' });
    expect(sim.exchanges('tedb')[0].body).toContain('<t:situationOn>2025-07-31</t:situationOn>');
    expect(new Set(reply.results.map((r) => r.situationOn))).toEqual(new Set(['2025-07-01']));
  });

  it('answers an announced change from its day on', async () => {
    sim.announceTedbChange({ memberState: 'DE', situationOn: '2027-01-01', standard: 21 });
    const reply = await client().retrieve({ memberStates: ['DE'], from: '2026-12-31' });
    const standards = reply.results.filter((r) => r.rate.type === 'DEFAULT' && r.comment === null);
    expect(standards.map((r) => [r.situationOn, r.rate.value])).toEqual([
      ['2025-07-01', 19],
      ['2027-01-01', 21],
    ]);
  });
});

describe('when TEDB fails', () => {
  it('retries a failed call after its pause and answers with the attempt that worked', async () => {
    sim.setBehaviour('tedb', { mode: 'down', times: 2 });
    const reply = await client({ retryDelaysMs: [10, 10] }).retrieve({
      memberStates: ['AT'],
      from: '2025-07-27',
    });
    expect(reply.attempts).toBe(3);
    expect(sim.statsOf('tedb').calls).toBe(3);
  });

  it('reports TEDB down after every attempt', async () => {
    sim.setBehaviour('tedb', { mode: 'down' });
    const error = await failure(client({ retryDelaysMs: [10] }).retrieve(SNAPSHOT_RANGE));
    expect(error.kind).toBe('http');
    expect(error.refused).toBe(false);
    expect(error.message).toBe('TEDB answered HTTP 503 (after 2 attempts)');
    expect(sim.statsOf('tedb').calls).toBe(2);
  });

  it('gives up on a slow TEDB at the timeout', async () => {
    sim.setBehaviour('tedb', { mode: 'up', latencyMs: 3_000 });
    const error = await failure(client({ timeoutMs: 1_000 }).retrieve(SNAPSHOT_RANGE));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('TEDB did not answer within 1000 ms');
  });

  it("reports TEDB's SOAP fault", async () => {
    sim.setBehaviour('tedb', { mode: 'fault', fault: 'TEDB-503: service busy' });
    const error = await failure(client().retrieve(SNAPSHOT_RANGE));
    expect(error.kind).toBe('fault');
    expect(error.message).toBe('TEDB answered a SOAP fault: TEDB-503: service busy');
  });

  it('reports an unreachable TEDB', async () => {
    const closed = new TedbClient({ url: 'http://127.0.0.1:9', timeoutMs: 5_000, retryDelaysMs: [] });
    clients.push(closed);
    const error = await failure(closed.retrieve(SNAPSHOT_RANGE));
    expect(error.kind).toBe('unreachable');
  });

  it.each([
    ['malformed', 'a reply cut off in its first result', /^TEDB's reply is not XML/],
    ['doctype', 'a reply declaring a DTD (entities refused)', /DOCTYPE or ENTITY declaration is refused/],
    ['html', 'a maintenance page', /DOCTYPE or ENTITY declaration is refused/],
    ['garbage', 'random bytes', /^TEDB's reply is not XML/],
  ] as const)('refuses %s (%s) at once, without retrying', async (mode, _what, message) => {
    sim.setBehaviour('tedb', { mode });
    const error = await failure(client({ retryDelaysMs: [10, 10] }).retrieve(SNAPSHOT_RANGE));
    expect(error.kind).toBe('malformed');
    expect(error.refused).toBe(true);
    expect(error.message).toMatch(message);
    expect(sim.statsOf('tedb').calls).toBe(1);
  });

  it('refuses a reply larger than its cap, without reading it whole', async () => {
    const error = await failure(
      client({ maxReplyBytes: 100_000, retryDelaysMs: [10] }).retrieve(SNAPSHOT_RANGE),
    );
    expect(error.kind).toBe('too_large');
    expect(error.refused).toBe(true);
    expect(error.message).toBe("TEDB's reply is larger than 100000 bytes");
    expect(sim.statsOf('tedb').calls).toBe(1);
  });

  it("refuses a reply whose results are not TEDB's, naming the one at fault", async () => {
    sim.announceTedbChange({
      memberState: 'AT',
      situationOn: '2027-01-01',
      categories: { FOODSTUFFS: { type: 'HALF_RATE', value: 5 } },
    });
    const error = await failure(client().retrieve({ memberStates: ['AT'], from: '2026-12-31' }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(
      /^TEDB's reply is malformed: vatRateResults\[\d+\]: rate type 'HALF_RATE'$/,
    );
  });
});
