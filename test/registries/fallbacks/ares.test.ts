/**
 * The Czech fallback client against the simulator over real HTTP: ADIS decides (NE, ANO, NENALEZEN,
 * national-fallbacks.md section 2.2), ARES gives the name and address when it can, and every broken
 * ADIS reply is a failure while a broken ARES reply only costs the nicer name.
 */
import { describe, expect, it } from 'vitest';
import { ENTITY_TEXT } from '../../../simulator/doctype.js';
import { createAresRegistry } from '../../../src/registries/fallbacks/ares.js';
import { expectFailure, NOT_VALID, parsed, useClient } from './helpers.js';

describe('ares client (Czech VAT-payer register with ARES)', () => {
  const suite = useClient((sim) =>
    createAresRegistry({ baseUrl: sim.env().ARES_URL, adisUrl: sim.env().ADIS_URL, timeoutMs: 500 }),
  );

  it('answers a payer (NE) as valid with the ARES name and address; the evidence is the ADIS exchange', async () => {
    const answer = await suite.client.lookup({ target: parsed('CZ27082440') });
    expect(answer).toMatchObject({
      valid: true,
      name: 'Alza.cz a.s.',
      address: 'Jankovcova 1522/53, 17000 Praha 7',
      consultationNumber: null,
    });
    expect(answer.exchange).toMatchObject({ registry: 'ares', method: 'POST', status: 200 });
    expect(answer.exchange.url).toBe(
      `${suite.sim.baseUrl}/adis/axis2/services/rozhraniCRPDPH.rozhraniCRPDPHSOAP`,
    );
    expect(answer.exchange.request).toContain('<roz:dic>27082440</roz:dic>');
    expect(suite.sim.exchanges('ares')).toHaveLength(1);
  });

  it('answers a payer flagged unreliable (ANO) as valid', async () => {
    expect(await suite.client.lookup({ target: parsed('CZ45274649') })).toMatchObject({ valid: true });
  });

  it("takes a natural person's name and address from ADIS (trimmed), without asking ARES", async () => {
    const answer = await suite.client.lookup({ target: parsed('CZ7103192745') });
    expect(answer).toMatchObject({
      valid: true,
      name: 'JAN NOVÁK',
      address: 'Husova 3, 37001 ČESKÉ BUDĚJOVICE',
    });
    expect(suite.sim.exchanges('ares')).toHaveLength(0);
  });

  it.each([
    ['in ARES but not a VAT payer', 'CZ00177041'],
    ['unknown to both', 'CZ26168685'],
  ])('answers a number %s (NENALEZEN) as not registered', async (_, number) => {
    expect(await suite.client.lookup({ target: parsed(number) })).toEqual(NOT_VALID);
  });

  it.each([
    ['down', { mode: 'down' }],
    ['broken (html)', { mode: 'fault', fault: 'html' }],
    ['about another company', { mode: 'wrong_number' }],
  ] as const)('keeps the verdict with the ADIS name when ARES is %s', async (_, behaviour) => {
    suite.sim.setBehaviour('ares', behaviour);
    const answer = await suite.client.lookup({ target: parsed('CZ27082440') });
    expect(answer).toMatchObject({
      valid: true,
      name: 'ALZA.CZ A.S.',
      address: 'Jankovcova 1522/53, 17000 PRAHA 7',
    });
  });

  it.each([
    ['maintenance', 'server_error'],
    ['unavailable', 'server_error'],
    ['soap_fault', 'server_error'],
    ['500', 'server_error'],
    ['html', 'malformed'],
    ['shape', 'malformed'],
    ['garbage', 'malformed'],
  ] as const)('ADIS fault %s is a %s failure, never a verdict', async (fault, kind) => {
    suite.sim.setBehaviour('adis', { mode: 'fault', fault });
    await expectFailure(suite.client.lookup({ target: parsed('CZ27082440') }), 'ares', kind);
  });

  it.each([
    ['down (503)', { mode: 'down' }, 'server_error'],
    ['truncated', { mode: 'malformed' }, 'malformed'],
    ['about another DIČ', { mode: 'wrong_number' }, 'malformed'],
    ['declaring a DTD', { mode: 'doctype' }, 'malformed'],
    ['hanging', { mode: 'up', latencyMs: 1500 }, 'timeout'],
  ] as const)('ADIS %s is a failure of its kind', async (_, behaviour, kind) => {
    suite.sim.setBehaviour('adis', behaviour);
    const error = await expectFailure(suite.client.lookup({ target: parsed('CZ27082440') }), 'ares', kind);
    expect(error.message).not.toContain(ENTITY_TEXT);
  });
});
