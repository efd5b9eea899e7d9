/**
 * Poland's white list client against the simulator over real HTTP: the statuses of
 * national-fallbacks.md section 1.3, its error shapes (section 1.4), and every broken reply as a failure.
 */
import { describe, expect, it } from 'vitest';
import { createKasRegistry } from '../../../src/registries/fallbacks/kas.js';
import { expectFailure, NOT_VALID, parsed, useClient } from './helpers.js';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');

describe('kas client (Polish VAT-payer white list)', () => {
  const suite = useClient((sim) =>
    createKasRegistry({ baseUrl: sim.env().KAS_URL, timeoutMs: 500, now: () => NOW }),
  );

  it('answers Czynny as valid, with the name and the working address, asking for today', async () => {
    const answer = await suite.client.lookup({ target: parsed('PL5260250274') });
    expect(answer).toMatchObject({
      valid: true,
      name: 'MAZOWIECKA HURTOWNIA SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      address: 'PROSTA 67, 00-838 WARSZAWA',
      consultationNumber: null,
    });
    expect(answer.exchange).toMatchObject({
      registry: 'kas',
      method: 'GET',
      request: 'date=2026-11-25',
      status: 200,
    });
    expect(answer.exchange.url).toBe(`${suite.sim.baseUrl}/kas/api/search/nip/5260250274`);
  });

  it.each([
    ['Zwolniony (VAT-exempt)', 'PL7740001454'],
    ['removed (Niezarejestrowany)', 'PL1132191233'],
    ['not on the list (subject null)', 'PL8567346215'],
  ])('answers %s as not registered', async (_, number) => {
    expect(await suite.client.lookup({ target: parsed(number) })).toEqual(NOT_VALID);
  });

  it.each([
    ['WL-113', 'invalid_input'],
    ['WL-113-wrapped', 'invalid_input'],
    ['WL-115', 'invalid_input'],
    ['HTTP-503', 'server_error'],
    ['500', 'server_error'],
    ['html', 'malformed'],
    ['shape', 'malformed'],
    ['garbage', 'malformed'],
  ] as const)('fault %s is a %s failure, never a verdict', async (fault, kind) => {
    suite.sim.setBehaviour('kas', { mode: 'fault', fault });
    await expectFailure(suite.client.lookup({ target: parsed('PL5260250274') }), 'kas', kind);
  });

  it.each([
    ['down (503)', { mode: 'down' }, 'server_error'],
    ['truncated', { mode: 'malformed' }, 'malformed'],
    ['about another NIP', { mode: 'wrong_number' }, 'malformed'],
    ['hanging', { mode: 'up', latencyMs: 1500 }, 'timeout'],
    ['resetting', { mode: 'reset' }, 'unreachable'],
  ] as const)('a register %s is a failure of its kind', async (_, behaviour, kind) => {
    suite.sim.setBehaviour('kas', behaviour);
    await expectFailure(suite.client.lookup({ target: parsed('PL5260250274') }), 'kas', kind);
  });
});
