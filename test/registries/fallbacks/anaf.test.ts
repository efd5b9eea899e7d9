/**
 * Romania's ANAF client against the simulator over real HTTP: scpTVA, inactive taxpayers, notFound
 * in both shapes (national-fallbacks.md section 3.2), and every broken reply as a failure.
 */
import { describe, expect, it } from 'vitest';
import { createAnafRegistry } from '../../../src/registries/fallbacks/anaf.js';
import { expectFailure, NOT_VALID, parsed, useClient } from './helpers.js';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');

describe('anaf client (Romanian VAT-payer service)', () => {
  const suite = useClient((sim) =>
    createAnafRegistry({ baseUrl: sim.env().ANAF_URL, timeoutMs: 500, now: () => NOW }),
  );

  it('answers scpTVA true as valid, posting the CUI as a number with today', async () => {
    const answer = await suite.client.lookup({ target: parsed('RO5888716') });
    expect(answer).toMatchObject({
      valid: true,
      name: 'DIGI ROMANIA S.A.',
      address: 'MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. DR. STAICOVICI, NR.75',
      consultationNumber: null,
    });
    expect(answer.exchange).toMatchObject({
      registry: 'anaf',
      method: 'POST',
      request: '[{"cui":5888716,"data":"2026-11-25"}]',
      url: `${suite.sim.baseUrl}/anaf/api/PlatitorTvaRest/v9/tva`,
    });
  });

  it.each([
    ['scpTVA false', 'RO14399840'],
    ['inactive and struck off', 'RO1590082'],
    ['in notFound', 'RO16341004'],
  ])('answers %s as not registered', async (_, number) => {
    expect(await suite.client.lookup({ target: parsed(number) })).toEqual(NOT_VALID);
  });

  it('reads notFound given as {cui, data} objects', async () => {
    suite.sim.setBehaviour('anaf', { mode: 'fault', fault: 'notfound-objects' });
    expect(await suite.client.lookup({ target: parsed('RO16341004') })).toEqual(NOT_VALID);
  });

  it.each([
    ['cod500', 'server_error'],
    ['429', 'throttled'],
    ['503', 'server_error'],
    ['500', 'server_error'],
    ['html', 'malformed'],
    ['shape', 'malformed'],
    ['garbage', 'malformed'],
  ] as const)('fault %s is a %s failure, never a verdict', async (fault, kind) => {
    suite.sim.setBehaviour('anaf', { mode: 'fault', fault });
    await expectFailure(suite.client.lookup({ target: parsed('RO5888716') }), 'anaf', kind);
  });

  it.each([
    ['down (503)', { mode: 'down' }, 'server_error'],
    ['truncated', { mode: 'malformed' }, 'malformed'],
    ['about another CUI', { mode: 'wrong_number' }, 'malformed'],
    ['hanging', { mode: 'up', latencyMs: 1500 }, 'timeout'],
  ] as const)('a register %s is a failure of its kind', async (_, behaviour, kind) => {
    suite.sim.setBehaviour('anaf', behaviour);
    await expectFailure(suite.client.lookup({ target: parsed('RO5888716') }), 'anaf', kind);
  });
});
