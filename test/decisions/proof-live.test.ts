import { expect, it } from 'vitest';
import { sealLedger } from '../../src/ledger/sealer.js';
import { useLiveApp, validate } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { checkDecisionProof, decide, getBytes, pdfText } from './api-support.js';

/**
 * A decision's proof as a tax auditor reads it, made with a live key against the registry
 * simulator: the buyer's check it rests on names the company, the registry, the consultation
 * number and when the registry answered (for a stale answer: when the cache was filled), and the
 * invoice note prints as written (the arrow between the two numbers, non-Latin-1 letters).
 */

const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

describeEachDialect('decision proof over a live check', (dialect) => {
  const live = useLiveApp(dialect, { CACHE_TTL_SECONDS: '3600' });

  it('names the buyer check behind a reverse charge resting on a stale answer, and an intra-community supply', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const first = await validate(app, account.live, 'PL5211355116');
    expect(first.status, first.text).toBe(200);
    const answeredAt = first.body.data.requested_at;
    app.clock.advance(2 * 3_600_000);
    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    const charge = await decide(app, account.live, {
      seller: { country_code: 'DE', vat_number: 'DE123456704' },
      buyer: { country_code: 'PL', vat_number: 'PL5211355116' },
      supply: { kind: 'services' },
    });
    expect(charge.status, charge.text).toBe(200);
    expect(charge.body.data).toMatchObject({
      treatment: 'reverse_charge',
      buyer_validation: { source_status: 'unavailable', checked_at: answeredAt },
    });
    sim.setBehaviour('vies', { mode: 'up' });
    const supply = await decide(app, account.live, {
      seller: { country_code: 'DE', vat_number: 'DE123456704' },
      buyer: { country_code: 'CZ', vat_number: 'CZ25123891' },
      supply: { kind: 'goods' },
    });
    expect(supply.body.data.treatment, supply.text).toBe('intra_community_supply');
    app.clock.advance(120_000);
    await sealLedger({ ledger: app.services.ledger, clock: app.clock, intervalMs: 60_000 });

    const proof = (
      await app.request('GET', `/v1/decisions/${charge.body.data.id}/proof`, { key: account.live })
    ).body.data;
    expect(proof.buyer_record).toMatchObject({
      company: { name: 'Wisła Meble Sp. z o.o.', address: 'ul. Marszałkowska 1, 00-624 Warszawa' },
      consultation_number: null,
      requester_vat_number: null,
      source: 'vies',
    });
    expect(checkDecisionProof(proof)).toEqual({ leafOk: true, rootOk: true, sealOk: true });
    const text = pdfText(
      (await getBytes(app, account.live, `/v1/decisions/${charge.body.data.id}/proof?format=pdf`)).bytes,
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Company: Wisła Meble Sp. z o.o., ul. Marszałkowska 1, 00-624 Warszawa');
    expect(text).toContain('Registry: EU VIES');
    expect(text).toContain(`Registry asked at: ${utc(answeredAt)}`);
    expect(text).toContain('served while the registry was unavailable');
    expect(text).toContain(`Previous seal hash: ${proof.seal.previous_hash ?? 'none (the first seal)'}`);

    const supplyText = pdfText(
      (await getBytes(app, account.live, `/v1/decisions/${supply.body.data.id}/proof?format=pdf`)).bytes,
    ).replace(/\s+/g, ' ');
    expect(supplyText).toContain('DE123456704 → CZ25123891');
    expect(supplyText).toContain('Company: Vltava Stroj s.r.o., Národní 10, 110 00 Praha 1');
  });
});
