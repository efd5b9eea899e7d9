/**
 * Germany's federal tax office confirmation service (wave-2 B5): the client against the
 * simulator's eVatR REST protocol (the official test cases, each kind of status code, letters,
 * garbage), and through the API with BZST_ENABLED: a German requester with trader fields on a
 * foreign EU number gets the office's field results in `data.match`, its exchange as evidence,
 * and VIES's answer when the office fails; off by default.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createBzstRegistry } from '../../src/registries/bzst.js';
import { useLiveApp, validate } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { expectFailure, parsed, useClient } from '../registries/fallbacks/helpers.js';

const REQUESTER = 'DE123456704';

describe('the BZSt eVatR client', () => {
  const suite = useClient((sim) => createBzstRegistry({ baseUrl: `${sim.baseUrl}/bzst`, timeoutMs: 2_000 }));
  const lookup = (target: string, trader = {}, requester = 'DE123456789') =>
    suite.client.lookup({ target: parsed(target), requester: parsed(requester), trader });

  it('answers the official simple test case valid, with no field results', async () => {
    const answer = await lookup('ATU12345678');
    expect(answer).toMatchObject({ valid: true, name: null, address: null, consultationNumber: null });
    expect(answer.match).toBeUndefined();
    expect(answer.exchange.registry).toBe('bzst');
    expect(JSON.parse(answer.exchange.request)).toEqual({
      anfragendeUstid: 'DE123456789',
      angefragteUstid: 'ATU12345678',
    });
    const body = JSON.parse(answer.exchange.body.toString());
    expect(body.status).toBe('evatr-0000');
    expect(body.id).toMatch(/^[a-f0-9]{16}$/);
    expect(body.anfrageZeitpunkt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}\+0[12]:00$/);
  });

  it('maps the letters of the official qualified test case (all A) to match', async () => {
    const answer = await lookup('ATU12345678', {
      trader_name: 'Musterhaus GmbH & Co KG',
      trader_city: 'Musterort',
      trader_street: 'Musterstrasse 22',
      trader_postcode: '12345',
    });
    expect(answer.match).toEqual({
      name: 'match',
      company_type: 'not_processed',
      street: 'match',
      postcode: 'match',
      city: 'match',
    });
  });

  it('maps B to mismatch and C (not asked) to not_processed', async () => {
    const answer = await lookup('ATU12345678', { trader_name: 'Anderhaus AG', trader_city: 'Musterort' });
    expect(answer.match).toMatchObject({ name: 'mismatch', city: 'match', street: 'not_processed' });
  });

  it('reads evatr-2001 (not assigned, HTTP 404) as not valid', async () => {
    expect(await lookup('FR10123456717')).toMatchObject({ valid: false });
  });

  it.each([
    ['evatr-0011', 'server_error'],
    ['evatr-2007', 'server_error'],
    ['evatr-1002', 'server_error'],
    ['evatr-0008', 'throttled'],
  ] as const)('fails on %s (%s)', async (code, kind) => {
    suite.sim.setBehaviour('bzst', { mode: 'fault', fault: code });
    const error = await expectFailure(lookup('ATU12345675'), 'bzst', kind);
    expect(error.upstreamCode).toBe(code);
  });

  it('fails when the requester is refused (the test pair answered evatr-0004)', async () => {
    await expectFailure(lookup('ATU12345679'), 'bzst', 'requester_rejected');
  });

  it.each(['garbage', 'html', 'malformed', 'down'] as const)(
    'never reads a verdict from %s',
    async (mode) => {
      suite.sim.setBehaviour('bzst', { mode });
      const error = await expectFailure(
        lookup('ATU12345675'),
        'bzst',
        mode === 'down' ? 'server_error' : 'malformed',
      );
      expect(error.registry).toBe('bzst');
    },
  );

  it('serves the status list and the member states, a VIES state switched down unavailable', async () => {
    const codes = await (await fetch(`${suite.sim.baseUrl}/bzst/app/v1/info/statusmeldungen`)).json();
    expect(codes).toContainEqual(
      expect.objectContaining({ status: 'evatr-0000', httpcode: 200, kategorie: 'Ergebnis' }),
    );
    suite.sim.setMemberState('AT', { mode: 'down' });
    const states = await (await fetch(`${suite.sim.baseUrl}/bzst/app/v1/info/eu_mitgliedstaaten`)).json();
    expect(states).toContainEqual({ alpha2: 'AT', name: 'Österreich', verfuegbar: false });
    expect(states).toContainEqual({ alpha2: 'FR', name: 'Frankreich', verfuegbar: true });
    await expectFailure(lookup('ATU12345675'), 'bzst', 'server_error');
  });

  it('is off by default', () => {
    expect(loadConfig({}).bzst.enabled).toBe(false);
  });
});

describeEachDialect('BZSt through the API', (dialect) => {
  const live = useLiveApp(dialect, { BZST_ENABLED: 'true', CIRCUIT_FAILURE_THRESHOLD: '1000' });
  const qualified = {
    requester_vat_number: REQUESTER,
    trader_name: 'Alpenblick Handels GmbH',
    trader_city: 'Wien',
    trader_postcode: '1070',
    trader_street: 'Mariahilfer Str. 12',
  };

  it('answers from the office with its letters as the match (method registry) and keeps its exchange', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'ATU12345675', qualified);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ source: 'bzst', source_status: 'live', cached: false });
    expect(res.body.data).toMatchObject({ valid: true, consultation_number: null });
    expect(res.body.data.match).toEqual({
      name: 'match',
      company_type: 'not_processed',
      street: 'mismatch',
      postcode: 'match',
      city: 'match',
      method: 'registry',
    });
    expect(sim.statsOf('vies').calls).toBe(0);
    const record = await app.request('GET', `/v1/validations/${res.body.meta.validation_id}`, {
      key: account.live,
    });
    expect(record.body.data.evidence.registry).toBe('bzst');
    expect(record.body.data.match).toEqual(res.body.data.match);
  });

  it('answers not valid when the office says the number is not assigned', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'FR10123456717', qualified);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.source).toBe('bzst');
    expect(res.body.data).toMatchObject({ valid: false, company: null });
  });

  it.each([
    { mode: 'down' },
    { mode: 'garbage' },
    { mode: 'html' },
    { mode: 'fault', fault: 'evatr-0011' },
    { mode: 'fault', fault: 'evatr-0008' },
  ] as const)('answers from VIES when the office fails ($mode $fault)', async (behaviour) => {
    const { app, sim } = live;
    const account = await app.account('pro');
    sim.setBehaviour('bzst', behaviour);
    const res = await validate(app, account.live, 'ATU12345675', qualified);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.source).toBe('vies');
    // Austria compares in VIES's approximate check.
    expect(res.body.data.match).toMatchObject({ name: 'match', city: 'match', method: 'registry' });
    // A throttled answer (the session cap) is retried within the request's budget, as every busy answer.
    expect(sim.statsOf('bzst').callsByNumber.ATU12345675).toBeGreaterThanOrEqual(1);
  });

  it('does not ask the office without a German requester, without name and city, or for a German number', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    for (const query of [
      { ...qualified, requester_vat_number: 'NL123456782B01' },
      { requester_vat_number: REQUESTER, trader_name: 'Alpenblick Handels GmbH' },
    ]) {
      const res = await validate(app, account.live, 'ATU12345675', query);
      expect(res.body.meta.source, res.text).toBe('vies');
    }
    const german = await validate(app, account.live, 'DE113866163', qualified);
    expect(german.body.meta.source, german.text).toBe('vies');
    expect(sim.statsOf('bzst').calls).toBe(0);
  });

  it('lists the office on the public status', async () => {
    const { app } = live;
    const res = await app.request('GET', '/v1/status');
    expect(res.status, res.text).toBe(200);
    expect(res.body.registries?.bzst ?? res.body.data?.registries?.bzst).toMatchObject({
      breaker: 'closed',
    });
  });
});

describeEachDialect('BZSt switched off (the default)', (dialect) => {
  const live = useLiveApp(dialect);

  it('never asks the office', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    const res = await validate(app, account.live, 'ATU12345675', {
      requester_vat_number: REQUESTER,
      trader_name: 'Alpenblick Handels GmbH',
      trader_city: 'Wien',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.source).toBe('vies');
    expect(sim.statsOf('bzst').calls).toBe(0);
  });
});
