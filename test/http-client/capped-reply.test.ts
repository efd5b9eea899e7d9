import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { pollViesStatus } from '../../src/availability/vies-status.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { DEFAULT_MAX_REPLY_BYTES, requestCapped } from '../../src/http-client/capped-reply.js';
import type { ParsedVatNumber } from '../../src/numbers/index.js';
import { createRegistryGateway } from '../../src/registries/index.js';
import { RegistryError } from '../../src/registries/registry.js';
import { KyselyAvailabilityStore } from '../../src/store/availability.js';
import { createTestDatabase, type TestDatabase } from '../helpers/dialects.js';

/**
 * Replies of 50 MiB from every kind of outbound read, over real HTTP from the simulator in mode
 * `flood`: a registry (VIES), a national fallback (ARES) and VIES's status report. Each is refused
 * at the cap, and the process's memory stays where it was (reading one whole took it from 236 MB
 * to 1.75 GB in the attack this guards against).
 */
const MiB = 1_048_576;
const FLOOD_BYTES = 50 * MiB;
/** Generous: the cap is 1 MiB; reading the reply whole grows the process by hundreds of MiB. */
const MAX_GROWTH = 40 * MiB;

/** Runs `work` while sampling RSS; the growth over the RSS before it started. */
async function rssGrowthOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure, got an answer');
}

const AT: ParsedVatNumber = { countryCode: 'AT', national: 'U12345675', vatNumber: 'ATU12345675' };
const DE: ParsedVatNumber = { countryCode: 'DE', national: '123456704', vatNumber: 'DE123456704' };
const GB: ParsedVatNumber = { countryCode: 'GB', national: '123456727', vatNumber: 'GB123456727' };
const CZ: ParsedVatNumber = { countryCode: 'CZ', national: '27082440', vatNumber: 'CZ27082440' };

describe('replies past the size cap, over real HTTP', () => {
  let sim: RegistrySimulator;
  let testDb: TestDatabase;

  beforeAll(async () => {
    sim = await startSimulator();
    testDb = await createTestDatabase({ name: 'sqlite' });
  });

  afterEach(() => {
    sim.reset();
  });

  afterAll(async () => {
    await sim.close();
    await testDb.drop();
  });

  const gatewayOf = (env: Record<string, string> = {}) => {
    const lines: Array<{ fields: object; message: string }> = [];
    const config = loadConfig({ ...sim.env(), CIRCUIT_FAILURE_THRESHOLD: '1', ...env });
    const gateway = createRegistryGateway(config, new ManualClock(Date.now()), {
      warn: (fields, message) => lines.push({ fields, message }),
    });
    return { gateway, lines };
  };

  it('refuses a VIES reply of 50 MiB as malformed, logs it once, and the breaker counts it', async () => {
    sim.setBehaviour('vies', { mode: 'flood', floodBytes: FLOOD_BYTES });
    const { gateway, lines } = gatewayOf();
    try {
      let error: Error | undefined;
      const growth = await rssGrowthOf(async () => {
        error = await failureOf(gateway.lookup(gateway.registryFor('AT')!, AT));
      });
      expect(error).toBeInstanceOf(RegistryError);
      expect(error).toMatchObject({ registry: 'vies', kind: 'malformed' });
      expect(error!.message).toBe(`vies reply larger than ${DEFAULT_MAX_REPLY_BYTES} bytes`);
      expect(growth).toBeLessThan(MAX_GROWTH);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        fields: { registry: 'vies', limit: DEFAULT_MAX_REPLY_BYTES },
        message: `vies reply refused: reply larger than ${DEFAULT_MAX_REPLY_BYTES} bytes`,
      });
      // A failure like any unusable reply: with a threshold of one, the member state's breaker opens.
      expect(gateway.breaker('vies:AT').state).toBe('open');
    } finally {
      await gateway.close();
    }
  });

  it('refuses a national fallback’s reply of 50 MiB (Czechia’s ADIS) the same way', async () => {
    sim.setBehaviour('adis', { mode: 'flood', floodBytes: FLOOD_BYTES });
    const { gateway, lines } = gatewayOf({ FALLBACKS_ENABLED: 'true' });
    try {
      const ares = gateway.registryById('ares');
      expect(ares).toBeDefined();
      let error: Error | undefined;
      const growth = await rssGrowthOf(async () => {
        error = await failureOf(gateway.lookup(ares!, CZ));
      });
      expect(error).toMatchObject({ registry: 'ares', kind: 'malformed' });
      expect(growth).toBeLessThan(MAX_GROWTH);
      expect(lines.map((line) => line.message)).toEqual([
        `ares reply refused: reply larger than ${DEFAULT_MAX_REPLY_BYTES} bytes`,
      ]);
    } finally {
      await gateway.close();
    }
  });

  it.each<{
    id: 'hmrc' | 'bzst';
    what: string;
    target: ParsedVatNumber;
    requester?: ParsedVatNumber;
    env: Record<string, string>;
  }>([
    { id: 'hmrc', what: 'HMRC’s token fetch', target: GB, env: {} },
    {
      id: 'bzst',
      what: 'Germany’s federal tax office',
      target: AT,
      requester: DE,
      env: { BZST_ENABLED: 'true' },
    },
  ])('refuses a reply of 50 MiB from $what', async ({ id, target, requester, env }) => {
    sim.setBehaviour(id, { mode: 'flood', floodBytes: FLOOD_BYTES });
    const { gateway, lines } = gatewayOf(env);
    try {
      let error: Error | undefined;
      const growth = await rssGrowthOf(async () => {
        error = await failureOf(gateway.registryById(id)!.lookup({ target, requester }));
      });
      expect(error).toMatchObject({ registry: id, kind: 'malformed' });
      expect(growth).toBeLessThan(MAX_GROWTH);
      expect(lines).toHaveLength(1);
    } finally {
      await gateway.close();
    }
  });

  it('refuses a VIES status report of 50 MiB and records nothing from it', async () => {
    const store = new KyselyAvailabilityStore(testDb.database);
    const healthBefore = await store.health();
    sim.setBehaviour('vies', { mode: 'flood', floodBytes: FLOOD_BYTES });
    let error: Error | undefined;
    const growth = await rssGrowthOf(async () => {
      error = await failureOf(
        pollViesStatus({
          baseUrl: `${sim.baseUrl}/vies`,
          timeoutMs: 20_000,
          store,
          clock: new ManualClock(Date.now()),
        }),
      );
    });
    expect(error!.message).toBe(
      `VIES check-status could not be read: reply larger than ${DEFAULT_MAX_REPLY_BYTES} bytes`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(await store.health()).toEqual(healthBefore);
  });

  it('reads the status report under the cap, and refuses it past a smaller one', async () => {
    const store = new KyselyAvailabilityStore(testDb.database);
    const clock = new ManualClock(Date.now());
    const baseUrl = `${sim.baseUrl}/vies`;
    const report = await pollViesStatus({ baseUrl, timeoutMs: 5_000, store, clock });
    expect(report.platformAvailable).toBe(true);
    const error = await failureOf(
      pollViesStatus({ baseUrl, timeoutMs: 5_000, maxReplyBytes: 64, store, clock }),
    );
    // The simulator declares the report's length: refused before its body is read.
    expect(error.message).toMatch(
      /^VIES check-status could not be read: reply declares \d+ bytes, more than the 64 read$/,
    );
  });

  it('requestCapped answers a reply of exactly the cap', async () => {
    const reply = await requestCapped(`${sim.baseUrl}/vies/rest-api/check-status`, { timeoutMs: 5_000 });
    const exact = await requestCapped(`${sim.baseUrl}/vies/rest-api/check-status`, {
      timeoutMs: 5_000,
      maxBytes: reply.body.length,
    });
    expect(exact.body.equals(reply.body)).toBe(true);
  });
});
