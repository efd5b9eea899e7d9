import { expect, it } from 'vitest';
import { DECISION_CASES } from '../../src/decisions/rules.js';
import { cacheRow, recordsOf, usedUnits, useLiveApp, validate } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestApp } from '../helpers/harness.js';
import { answeredOnce, withAnswerRefused } from '../helpers/idempotency.js';
import { expectError } from '../http/support.js';
import { bodyOf, decide, SEEDED } from './api-support.js';

/**
 * Live keys against the registry simulator over HTTP: the buyer's check is a validation like any
 * other (charged once, recorded, with evidence) and the decision points at its record; with the
 * registry down it fails closed (no reverse charge, no intra-community supply, nothing charged);
 * an answer kept from before the outage is used within DECISION_STALE_MAX_DAYS and flagged, not
 * beyond; a degraded answer (the registry now says "not registered") never counts as valid.
 */

const DAY = 86_400_000;

/** The Pro tier's monthly validations. */
const PRO_MONTHLY = 10_000;

async function decisionsOf(app: TestApp, accountId: string) {
  return app.database.db.selectFrom('decisions').selectAll().where('account_id', '=', accountId).execute();
}

/** Services from DE to a French business: a reverse charge when its number is valid. */
const B2B_SERVICES = (vatNumber: string) => ({
  seller: { country_code: 'DE', vat_number: 'DE123456704' },
  buyer: { country_code: 'FR', vat_number: vatNumber, is_business: true },
  supply: { kind: 'services' },
});

describeEachDialect('decisions with live keys', (dialect) => {
  // Stale answers: used up to 5 days old here, so "beyond the age" fits in the pipeline's 30 days.
  const live = useLiveApp(dialect, { DECISION_STALE_MAX_DAYS: '5' });

  it("checks the buyer's number through the pipeline: charged once, recorded with evidence, pointed at", async () => {
    const { app } = live;
    const account = await app.account('pro');
    const res = await decide(app, account.live, B2B_SERVICES(SEEDED.FR));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      treatment: 'reverse_charge',
      charge_vat: false,
      rate: 0,
      mode: 'live',
    });
    expect(res.body.data.buyer_validation).toMatchObject({ valid: true, source_status: 'live' });
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(await usedUnits(app, account.id)).toBe(1);
    const record = await app.request(
      'GET',
      `/v1/validations/${res.body.data.buyer_validation.validation_id}`,
      {
        key: account.live,
      },
    );
    expect(record.status, record.text).toBe(200);
    expect(record.body.data).toMatchObject({ vat_number: SEEDED.FR, valid: true, source: 'vies' });
    expect(record.body.data.evidence).not.toBeNull();
    // Without a buyer number nothing is charged.
    const consumer = await decide(app, account.live, {
      seller: { country_code: 'DE' },
      buyer: { country_code: 'FR' },
      supply: { kind: 'digital_services' },
    });
    expect(consumer.status, consumer.text).toBe(200);
    expect(await usedUnits(app, account.id)).toBe(1);
    // A retry with the same Idempotency-Key gets the first decision again, checked and charged once.
    const again = {
      key: account.live,
      body: B2B_SERVICES(SEEDED.FR),
      headers: { 'idempotency-key': 'dec-1' },
    };
    const first = await app.request('POST', '/v1/decisions', again);
    const retry = await app.request('POST', '/v1/decisions', again);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await usedUnits(app, account.id)).toBe(2);
  });

  it('a decision, its charge and its stored answer commit together: when the answer cannot be stored, nothing is kept', async () => {
    const { app } = live;
    const account = await app.account('pro');
    const decisionsOf = () =>
      app.database.db.selectFrom('decisions').select('id').where('account_id', '=', account.id).execute();
    const bodies = [
      // The buyer's number checked and charged, the decision written with its charge.
      B2B_SERVICES(SEEDED.FR),
      // No buyer number: the decision alone, nothing charged.
      { seller: { country_code: 'DE' }, buyer: { country_code: 'FR' }, supply: { kind: 'digital_services' } },
    ];
    for (const [index, body] of bodies.entries()) {
      const key = `dec-refused-${dialect.name}-${Date.now()}-${index}`;
      const send = () =>
        app.request('POST', '/v1/decisions', {
          key: account.live,
          body,
          headers: { 'idempotency-key': key },
        });
      await withAnswerRefused(app, key, async () => {
        const refused = await send();
        expect(refused.status, refused.text).toBeGreaterThanOrEqual(500);
        expect(await decisionsOf()).toHaveLength(index);
        // The first body's check was not charged; the second charges nothing.
        expect(await usedUnits(app, account.id)).toBe(index);
      });
      await answeredOnce(send, 200);
      expect(await decisionsOf()).toHaveLength(index + 1);
    }
    expect(await usedUnits(app, account.id)).toBe(1);
  });

  it('fails closed with the registry down and nothing kept: no reverse charge, not charged, reasons say why', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    sim.setMemberState('FR', { mode: 'down' });
    const res = await decide(app, account.live, B2B_SERVICES(SEEDED.FR));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.treatment).not.toBe('reverse_charge');
    expect(res.body.data.charge_vat).toBe(true);
    expect(res.body.data.buyer_validation).toBeNull();
    expect(res.body.data.reasons.join(' ')).toMatch(/could not be checked/);
    expect(await usedUnits(app, account.id)).toBe(0);
    // Goods to a buyer that says it is a business: the seller's rate, never an intra-community supply.
    const goods = await decide(app, account.live, { ...B2B_SERVICES(SEEDED.FR), supply: { kind: 'goods' } });
    expect(goods.status, goods.text).toBe(200);
    expect(goods.body.data.treatment).not.toBe('intra_community_supply');
    expect(goods.body.data.charge_vat).toBe(true);
  });

  it('uses an answer kept from before the outage within the age, flagged; beyond it, fails closed', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    expect((await validate(app, account.live, SEEDED.FR)).status).toBe(200);
    app.clock.advance(2 * DAY);
    sim.setMemberState('FR', { mode: 'down' });
    const within = await decide(app, account.live, B2B_SERVICES(SEEDED.FR));
    expect(within.status, within.text).toBe(200);
    expect(within.body.data.treatment).toBe('reverse_charge');
    expect(within.body.data.buyer_validation).toMatchObject({ valid: true, source_status: 'unavailable' });
    expect(within.body.data.reasons.join(' ')).toMatch(/cannot be asked now/);

    app.clock.advance(4 * DAY); // six days old: past DECISION_STALE_MAX_DAYS=5
    const beyond = await decide(app, account.live, B2B_SERVICES(SEEDED.FR));
    expect(beyond.status, beyond.text).toBe(200);
    expect(beyond.body.data.treatment).not.toBe('reverse_charge');
    expect(beyond.body.data.reasons.join(' ')).toMatch(/older than 5 days/);
    // The stale check was served, so it was charged and recorded, and the decision points at it.
    expect(beyond.body.data.buyer_validation).toMatchObject({ source_status: 'unavailable' });
  });

  it('never gives a reverse charge or an intra-community supply on a degraded answer', async () => {
    const { app, sim } = live;
    const account = await app.account('pro');
    expect((await validate(app, account.live, SEEDED.FR)).status).toBe(200);
    app.clock.advance(2 * DAY); // past the cache's TTL: the registry is asked again
    sim.removeCompany(SEEDED.FR); // and now answers "not registered" for a number valid 2 days ago
    const res = await decide(app, account.live, B2B_SERVICES(SEEDED.FR));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.buyer_validation).toMatchObject({ source_status: 'degraded' });
    expect(res.body.data.treatment).not.toBe('reverse_charge');
    const goods = await decide(app, account.live, { ...B2B_SERVICES(SEEDED.FR), supply: { kind: 'goods' } });
    expect(goods.body.data.treatment).not.toBe('intra_community_supply');
  });

  it('decides every rules-table case whose buyer check is degraded, through VIES', async () => {
    const { app, sim } = live;
    const degraded = DECISION_CASES.filter((entry) => entry.example.buyer.kind === 'degraded');
    for (const entry of degraded) {
      const account = await app.account('pro');
      const number = SEEDED[entry.example.input.buyer.country_code];
      if (!number) continue; // a degraded answer comes from VIES: EU and XI buyers only
      sim.reset();
      expect((await validate(app, account.live, number)).status).toBe(200);
      app.clock.advance(2 * DAY);
      sim.removeCompany(number);
      const res = await decide(app, account.live, bodyOf(entry.example.input, number));
      expect(res.status, res.text).toBe(200);
      expect(res.body.data, entry.id).toMatchObject({
        case_id: entry.example.expected.case_id,
        treatment: entry.example.expected.treatment,
        charge_vat: entry.example.expected.charge_vat,
      });
    }
  });

  it("keeps a decision exactly when its buyer's check is charged and recorded", async () => {
    const { app } = live;
    // The quota used up: 429 as GET /v1/validate answers, and no decision is kept.
    const spent = await app.account('pro');
    await app.database.db
      .insertInto('usage')
      .values({
        account_id: spent.id,
        period: new Date(app.clock.now()).toISOString().slice(0, 7),
        used: PRO_MONTHLY,
      })
      .execute();
    expectError(await decide(app, spent.live, B2B_SERVICES(SEEDED.FR)), 429, 'rate_limit_exceeded');
    expect(await decisionsOf(app, spent.id)).toEqual([]);
    expect(await recordsOf(app, spent.id)).toEqual([]);

    // A decision refused once the buyer was checked (a category with several rates where the VAT
    // applies): 422, nothing charged or recorded, though the registry's answer is kept.
    const rates = app.services.rates;
    const date = new Date(app.clock.now()).toISOString().slice(0, 10);
    const ambiguous = rates.euMembers
      .filter((country) => SEEDED[country] !== undefined)
      .flatMap((country) => {
        const byId = new Map<string, Set<string>>();
        for (const entry of rates.categories(country, date) ?? [])
          byId.set(entry.id, (byId.get(entry.id) ?? new Set()).add(`${entry.rate}/${entry.type}`));
        return [...byId].filter(([, set]) => set.size > 1).map(([category]) => ({ country, category }));
      })[0];
    expect(ambiguous).toBeDefined();
    const account = await app.account('pro');
    const number = SEEDED[ambiguous.country];
    const refused = await decide(app, account.live, {
      seller: { country_code: ambiguous.country },
      buyer: { country_code: ambiguous.country, vat_number: number, is_business: true },
      supply: { kind: 'goods', category: ambiguous.category },
    });
    expectError(refused, 422, 'category_ambiguous');
    expect(await usedUnits(app, account.id)).toBe(0);
    expect(await recordsOf(app, account.id)).toEqual([]);
    expect(await decisionsOf(app, account.id)).toEqual([]);
    expect(await cacheRow(app, number)).toBeDefined();

    // Granted: one unit, one record, one decision resting on it.
    const res = await decide(app, account.live, B2B_SERVICES(SEEDED.FR));
    expect(res.status, res.text).toBe(200);
    expect(await usedUnits(app, account.id)).toBe(1);
    const [decision] = await decisionsOf(app, account.id);
    const [record] = await recordsOf(app, account.id);
    expect(decision).toMatchObject({ id: res.body.data.id, validation_id: record.id });
  });
});
