/**
 * Registry replies the service must not believe, end to end: an answer about another number than the
 * one asked, an answer declaring a DTD, and a reply larger than REGISTRY_MAX_REPLY_BYTES. With nothing
 * cached each is a 503 (no quota used), and none of them leaves a cache entry behind that a later
 * request, or an outage, would serve.
 */
import { expect, it } from 'vitest';
import { ENTITY_TEXT } from '../../simulator/doctype.js';
import type { RegistryBehaviour } from '../../simulator/types.js';
import type { RegistryId } from '../../src/registries/registry.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { cacheRow, type LiveSuite, usedUnits, useLiveApp, validate } from './live.js';

/** One seeded, VAT-registered number per registry. */
const NUMBERS: Array<[RegistryId, string]> = [
  ['vies', 'DE123456704'],
  ['hmrc', 'GB123456727'],
  ['uid', 'CHE100000006MWST'],
  ['brreg', 'NO900000006MVA'],
  ['abr', 'AU51824753556'],
];

/** The registries that answer XML, where a DTD can be declared. */
const XML_NUMBERS: Array<[RegistryId, string]> = [
  ['vies', 'NL123456782B01'],
  ['uid', 'CHE100000006MWST'],
];

/** Sets a registry's mode through the simulator's control API, as an operator or another process would. */
async function setMode(live: LiveSuite, id: RegistryId, mode: RegistryBehaviour['mode']): Promise<void> {
  const response = await fetch(`${live.sim.baseUrl}/_sim/registries/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(await response.json()).toMatchObject({ mode });
}

/** Validates `number` and expects the 503 of a registry failure with nothing cached, and no entry left. */
async function expectRefused(live: LiveSuite, id: RegistryId, number: string): Promise<void> {
  const { app, sim } = live;
  const account = await app.account('business');
  const res = await validate(app, account.live, number);
  expect(res.status, res.text).toBe(503);
  expect(res.body.error.code).toBe(id === 'hmrc' ? 'upstream_error' : 'upstream_unavailable');
  expect(res.text).not.toContain(ENTITY_TEXT);
  // The registry was asked (HMRC's token reply may already be the one refused).
  expect(sim.statsOf(id).calls).toBeGreaterThanOrEqual(1);
  expect(await cacheRow(app, number)).toBeUndefined();
  expect(await usedUnits(app, account.id)).toBe(0);
}

describeEachDialect('e2e registry answers about another number or with a DTD', (dialect) => {
  const live = useLiveApp(dialect, { CIRCUIT_FAILURE_THRESHOLD: '1000' });

  it.each(NUMBERS)(
    'answers 503 and caches nothing when %s answers %s for another number',
    async (id, number) => {
      await setMode(live, id, 'wrong_number');
      await expectRefused(live, id, number);
      // Once the registry answers about the number asked, the answer is live: nothing was kept before.
      await setMode(live, id, 'up');
      const account = await live.app.account('business');
      const res = await validate(live.app, account.live, number);
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toMatchObject({ cached: false, source: id, source_status: 'live' });
      expect(await cacheRow(live.app, number)).toBeDefined();
    },
  );

  it.each(XML_NUMBERS)('answers 503 and caches nothing when %s declares a DTD for %s', async (id, number) => {
    await setMode(live, id, 'doctype');
    await expectRefused(live, id, number);
  });

  it('accepts and caches a VIES answer whose vatNumber echo is empty', async () => {
    const { app } = live;
    await setMode(live, 'vies', 'empty_echo');
    const account = await app.account('business');
    const res = await validate(app, account.live, 'NL123456782B01');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, company: { name: 'Grachten Techniek B.V.' } });
    expect(await cacheRow(app, 'NL123456782B01')).toBeDefined();
  });
});

describeEachDialect('e2e registry replies above REGISTRY_MAX_REPLY_BYTES', (dialect) => {
  // Every simulator answer is longer than 64 bytes, so every registry's reply is too large.
  const live = useLiveApp(dialect, { REGISTRY_MAX_REPLY_BYTES: '64', CIRCUIT_FAILURE_THRESHOLD: '1000' });

  it.each(NUMBERS)('answers 503 and caches nothing when %s replies too much about %s', async (id, number) => {
    await expectRefused(live, id, number);
  });
});

/** The malformed replies of the bad-input list, as simulator modes (fault: VIES's SOAP fault in a 200). */
const MALFORMED: Array<[string, Partial<RegistryBehaviour>]> = [
  ['garbage', { mode: 'garbage' }],
  ['an HTML page', { mode: 'html' }],
  ['a truncated body', { mode: 'malformed' }],
  ['a hang', { mode: 'hang' }],
];

describeEachDialect('e2e malformed registry replies take the failure path', (dialect) => {
  const live = useLiveApp(dialect, { REGISTRY_TIMEOUT_MS: '400', CIRCUIT_FAILURE_THRESHOLD: '1000' });

  for (const [what, behaviour] of MALFORMED) {
    it.each(NUMBERS)(`answers 503 and caches nothing when %s sends ${what} about %s`, async (id, number) => {
      live.sim.setBehaviour(id, behaviour);
      await expectRefused(live, id, number);
    });
  }

  it('answers 503 and caches nothing for a VIES SOAP fault sent with HTTP 200', async () => {
    live.sim.setBehaviour('vies', { mode: 'fault', fault: 'SERVICE_UNAVAILABLE' });
    await expectRefused(live, 'vies', 'NL123456782B01');
  });

  it.each(NUMBERS)(
    'serves the earlier answer for %s (stale), never one built from garbage',
    async (id, number) => {
      const { app, sim } = live;
      const account = await app.account('business');
      const first = await validate(app, account.live, number);
      expect(first.status, first.text).toBe(200);
      for (const [, behaviour] of MALFORMED.slice(0, 3)) {
        sim.setBehaviour(id, behaviour);
        const res = await validate(app, account.live, number, { cache: 'false' });
        expect(res.status, res.text).toBe(200);
        expect(res.body.meta).toMatchObject({ cached: true, stale: true, source_status: 'unavailable' });
        const { valid, vat_number, company } = first.body.data;
        expect(res.body.data).toMatchObject({ valid, vat_number, company });
      }
      expect((await cacheRow(app, number))?.fetched_at).toBe(app.clock.now());
    },
  );
});
