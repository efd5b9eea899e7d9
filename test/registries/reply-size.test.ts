import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { ManualClock } from '../../src/clock.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { DEFAULT_MAX_REPLY_BYTES, RegistryHttp } from '../../src/registries/http.js';
import { createRegistryGateway } from '../../src/registries/index.js';
import { RegistryError } from '../../src/registries/registry.js';

/**
 * The reply-size cap of RegistryHttp, over real HTTP: a local server that streams a reply far larger
 * than the cap, or declares one, and the five clients built from configuration against the simulator.
 */
const MiB = 1_048_576;
const HUGE_REPLY_BYTES = 50 * MiB;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected a RegistryError, got an answer');
}

/** What the server saw of one reply: bytes written before the client's socket went away. */
interface Delivery {
  written: number;
  finished: boolean;
  closed: Promise<void>;
}

/** Writes `total` bytes in chunks, waiting for the client to read each one (as a real upstream does). */
async function stream(res: ServerResponse, total: number, delivery: Delivery): Promise<void> {
  while (delivery.written < total && !res.destroyed) {
    const more = res.write(CHUNK);
    delivery.written += CHUNK.length;
    if (!more) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  if (!res.destroyed) res.end(() => (delivery.finished = true));
}

describe('RegistryHttp reply-size cap', () => {
  let server: Server;
  let base: string;
  let deliveries: Delivery[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const delivery = { written: 0, finished: false } as Delivery;
      delivery.closed = new Promise<void>((resolve) => res.once('close', resolve));
      deliveries.push(delivery);
      const size = Number(url.searchParams.get('bytes') ?? '0');
      if (url.pathname === '/stream') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        void stream(res, size, delivery);
      } else if (url.pathname === '/declared') {
        // Declares the size, sends a first chunk, then holds the connection open.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(size) });
        res.write(CHUNK.subarray(0, 1024));
        delivery.written = 1024;
      } else {
        const body = 'x'.repeat(size);
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(body.length) });
        res.end(body, () => (delivery.finished = true));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    deliveries = [];
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('defaults to 1 MiB', () => {
    expect(DEFAULT_MAX_REPLY_BYTES).toBe(1_048_576);
  });

  it('refuses a streamed reply past the cap at once, closes the socket, and reads no more', async () => {
    const http = new RegistryHttp('vies', { timeoutMs: 20_000 });
    try {
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 2);
      const started = performance.now();
      const error = await failureOf(
        http.send({ method: 'GET', url: `${base}/stream?bytes=${HUGE_REPLY_BYTES}` }),
      );
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

      expect(error).toMatchObject({ registry: 'vies', kind: 'malformed' });
      expect(error.message).toBe('vies reply larger than 1048576 bytes');
      expect(elapsed).toBeLessThan(2_000);
      // The server sees its socket closed long before it could write the whole reply.
      const [delivery] = deliveries;
      await delivery.closed;
      expect(delivery.finished).toBe(false);
      expect(delivery.written).toBeLessThan(HUGE_REPLY_BYTES / 4);
      // Reading it whole took hundreds of megabytes; capped, the process stays where it was.
      expect(rssPeak - rssBefore).toBeLessThan(32 * MiB);
    } finally {
      await http.close();
    }
  });

  it('refuses a declared Content-Length above the cap without waiting for the body', async () => {
    const http = new RegistryHttp('uid', { timeoutMs: 20_000 });
    try {
      const started = performance.now();
      const error = await failureOf(
        http.send({ method: 'GET', url: `${base}/declared?bytes=${HUGE_REPLY_BYTES}` }),
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(error).toMatchObject({ registry: 'uid', kind: 'malformed' });
      expect(error.message).toBe('uid reply larger than 1048576 bytes');
      await deliveries[0].closed;
      expect(deliveries[0].finished).toBe(false);
    } finally {
      await http.close();
    }
  });

  it('reads a reply of exactly the cap, and refuses one byte more, declared or streamed', async () => {
    const http = new RegistryHttp('abr', { timeoutMs: 5_000, maxReplyBytes: 1_000 });
    try {
      const exact = await http.send({ method: 'GET', url: `${base}/plain?bytes=1000` });
      expect(exact.body).toHaveLength(1_000);
      const declared = await failureOf(http.send({ method: 'GET', url: `${base}/plain?bytes=1001` }));
      expect(declared).toMatchObject({ kind: 'malformed', message: 'abr reply larger than 1000 bytes' });
      const streamed = await failureOf(http.send({ method: 'GET', url: `${base}/stream?bytes=${MiB}` }));
      expect(streamed).toMatchObject({ kind: 'malformed', message: 'abr reply larger than 1000 bytes' });
    } finally {
      await http.close();
    }
  });

  it('keeps working for the next call after refusing a reply', async () => {
    const http = new RegistryHttp('brreg', { timeoutMs: 5_000, connections: 1 });
    try {
      await failureOf(http.send({ method: 'GET', url: `${base}/stream?bytes=${4 * MiB}` }));
      const next = await http.send({ method: 'GET', url: `${base}/plain?bytes=10` });
      expect(next).toMatchObject({ status: 200, body: 'xxxxxxxxxx' });
    } finally {
      await http.close();
    }
  });
});

describe('REGISTRY_MAX_REPLY_BYTES', () => {
  let sim: RegistrySimulator;

  beforeAll(async () => {
    sim = await startSimulator();
  });

  afterAll(async () => {
    await sim.close();
  });

  it('defaults to 1 MiB and refuses a cap below one byte', () => {
    expect(loadConfig({}).registryMaxReplyBytes).toBe(1_048_576);
    expect(loadConfig({ REGISTRY_MAX_REPLY_BYTES: '2048' }).registryMaxReplyBytes).toBe(2048);
    expect(() => loadConfig({ REGISTRY_MAX_REPLY_BYTES: '0' })).toThrow(ConfigError);
  });

  const parsed = (countryCode: ParsedVatNumber['countryCode'], national: string): ParsedVatNumber => ({
    countryCode,
    national,
    vatNumber: `${countryCode}${national}`,
  });
  const NUMBERS: ParsedVatNumber[] = [
    parsed('AT', 'U12345675'),
    parsed('GB', '123456727'),
    { countryCode: 'CH', national: 'E100000006MWST', vatNumber: 'CHE100000006MWST' },
    parsed('NO', '900000006MVA'),
    parsed('AU', '51824753556'),
  ];

  it.each(NUMBERS)(
    'reaches the $countryCode client, which refuses the simulator’s replies as too large',
    async (target) => {
      const config = loadConfig({ ...sim.env(), REGISTRY_MAX_REPLY_BYTES: '64' });
      const gateway = createRegistryGateway(config, new ManualClock(Date.now()));
      try {
        const registry = gateway.registryFor(target.countryCode)!;
        const error = await failureOf(registry.lookup({ target }));
        expect(error).toMatchObject({ registry: registry.id, kind: 'malformed' });
        expect(error.message).toBe(`${registry.id} reply larger than 64 bytes`);
      } finally {
        await gateway.close();
      }
    },
  );

  it.each(NUMBERS)('leaves the $countryCode client answering under the default cap', async (target) => {
    const gateway = createRegistryGateway(loadConfig(sim.env()), new ManualClock(Date.now()));
    try {
      const answer = await gateway.registryFor(target.countryCode)!.lookup({ target });
      expect(answer.valid).toBe(true);
    } finally {
      await gateway.close();
    }
  });
});
