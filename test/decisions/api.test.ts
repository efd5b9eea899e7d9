import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DECISION_CASES, type DecisionCase } from '../../src/decisions/rules.js';
import type { BuyerStanding } from '../../src/decisions/types.js';
import { sealLedger } from '../../src/ledger/sealer.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { recordsOf } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { expectError, OFFLINE_REGISTRIES } from '../http/support.js';
import {
  bodyOf,
  checkDecisionProof,
  decide,
  getBytes,
  pdfText,
  TEST_DOWN,
  TEST_INVALID,
  TEST_STALE,
  wellFormed,
} from './api-support.js';

/**
 * POST /v1/decisions with test keys (answered from the test numbers, no registry): every row of
 * the rules table through the API, the rate looked up from the rates data, amounts rounded half up
 * in decimal, the decision read back and listed, sealed in the ledger with the validation records
 * and proven (JSON checked with node:crypto alone, PDF read by pdftotext), and refused to other
 * accounts and the other key mode.
 */

/** The buyer number a test key is answered with as `standing` says; undefined for none. */
function testNumberFor(standing: BuyerStanding): string | undefined {
  switch (standing.kind) {
    case 'no_number':
      return undefined;
    case 'malformed':
      return 'DE12';
    case 'valid':
      return standing.source_status === 'unavailable' ? TEST_STALE : wellFormed(standing.country_code);
    case 'invalid':
      return TEST_INVALID;
    case 'unavailable':
      return TEST_DOWN;
    case 'degraded':
      return undefined;
  }
}

/** Cases a test key can show; a degraded answer needs a registry (fail-closed.test.ts). */
const TEST_MODE_CASES = DECISION_CASES.filter(
  (entry) =>
    entry.example.buyer.kind !== 'degraded' &&
    !(
      entry.example.buyer.kind === 'valid' &&
      entry.example.buyer.source_status === 'unavailable' &&
      entry.example.buyer.country_code !== 'DE'
    ),
);

async function decisionsOf(app: TestApp, accountId: string) {
  return app.database.db.selectFrom('decisions').selectAll().where('account_id', '=', accountId).execute();
}

/**
 * A trigger that makes the database itself refuse inserts into `decisions` for one account, as a
 * failing write would; `drop` removes it.
 */
async function refuseDecisionsOf(app: TestApp, accountId: string): Promise<{ drop(): Promise<void> }> {
  const { db, dialect } = app.database;
  const account = sql.lit(accountId);
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_decisions before insert on decisions when new.account_id = ${account}
      begin select raise(abort, 'decisions refused'); end`.execute(db);
    return { drop: async () => void (await sql`drop trigger refuse_decisions`.execute(db)) };
  }
  await sql`create function refuse_decisions() returns trigger language plpgsql as $$
      begin raise exception 'decisions refused'; end $$`.execute(db);
  await sql`create trigger refuse_decisions before insert on decisions for each row
      when (new.account_id = ${account}) execute function refuse_decisions()`.execute(db);
  return {
    drop: async () => {
      await sql`drop trigger refuse_decisions on decisions`.execute(db);
      await sql`drop function refuse_decisions()`.execute(db);
    },
  };
}

describeEachDialect('decisions API', (dialect) => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
    account = await app.account('pro');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has cases to drive', () => {
    expect(DECISION_CASES.length).toBeGreaterThan(0);
    expect(TEST_MODE_CASES.length).toBeGreaterThan(0);
  });

  it.each(TEST_MODE_CASES.map((entry): [string, DecisionCase] => [entry.id, entry]))(
    'decides the rules-table case %s through the API',
    async (_id, entry) => {
      const { input, buyer, expected } = entry.example;
      const res = await decide(app, account.test, bodyOf(input, testNumberFor(buyer)));
      expect(res.status, res.text).toBe(200);
      const decision = res.body.data;
      expect(decision).toMatchObject({
        case_id: expected.case_id,
        treatment: expected.treatment,
        charge_vat: expected.charge_vat,
        vat_country: expected.vat_country,
        legal_basis: expected.legal_basis,
        mode: 'test',
      });
      expect(decision.id).toMatch(/^dec_[0-9a-f]{32}$/);
      if (expected.charge_vat === null) expect(decision.rate).toBeNull();
      else if (expected.zero_rated) expect(decision.rate).toBe(0);
      else if (expected.fixed_rate !== null) expect(decision.rate).toBe(expected.fixed_rate);
      else if (expected.rate_country && !input.supply.category) {
        const country = expected.rate_country === 'XI' ? 'GB' : expected.rate_country;
        expect(decision.rate).toBe(app.services.rates.get(country, input.date)?.standard_rate);
      }
      expect(decision.invoice_note.text.length).toBeGreaterThan(0);
      expect(Array.isArray(decision.reasons)).toBe(true);
      if (buyer.kind === 'valid' || buyer.kind === 'invalid')
        expect(decision.buyer_validation).toMatchObject({ validation_id: expect.stringMatching(/^val_/) });
      else expect(decision.buyer_validation).toBeNull();
    },
  );

  it('computes amounts in decimal, rounded half up per line, in the currency sent', async () => {
    // NL charges 21 %: 0.50 × 21 % = 0.105, which binary floating point would round down.
    const base = {
      seller: { country_code: 'NL' },
      buyer: { country_code: 'NL' },
      supply: { kind: 'goods' },
      date: '2026-03-02',
    };
    const half = await decide(app, account.test, { ...base, amount: { net: 0.5, currency: 'EUR' } });
    expect(half.status, half.text).toBe(200);
    expect(half.body.data).toMatchObject({ treatment: 'domestic', rate: 21 });
    expect(half.body.data.amount).toEqual({ net: '0.50', vat: '0.11', gross: '0.61', currency: 'EUR' });
    const text = await decide(app, account.test, { ...base, amount: { net: '1234.5', currency: 'eur' } });
    expect(text.body.data.amount).toEqual({
      net: '1234.50',
      vat: '259.25',
      gross: '1493.75',
      currency: 'EUR',
    });
    // A currency without minor units.
    const yen = await decide(app, account.test, { ...base, amount: { net: '1003', currency: 'JPY' } });
    expect(yen.body.data.amount).toEqual({ net: '1003', vat: '211', gross: '1214', currency: 'JPY' });
  });

  it('reads a decision back, lists and filters them with cursor paging', async () => {
    const own = await app.account('business');
    const made: string[] = [];
    for (const [country, reference] of [
      ['FR', 'inv-1'],
      ['IT', 'inv-2'],
      ['FR', 'inv-3'],
    ]) {
      const res = await decide(app, own.test, {
        seller: { country_code: 'DE' },
        buyer: { country_code: country },
        supply: { kind: 'services' },
        reference,
      });
      expect(res.status, res.text).toBe(200);
      made.push(res.body.data.id);
      app.clock.advance(1);
    }
    const one = await app.request('GET', `/v1/decisions/${made[0]}`, { key: own.test });
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toMatchObject({ id: made[0], reference: 'inv-1', buyer: { country_code: 'FR' } });
    expect(one.body.data.ledger).toMatchObject({
      seal_id: null,
      record_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const first = await app.request('GET', '/v1/decisions?limit=2', { key: own.test });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([made[2], made[1]]);
    expect(first.body.meta.has_more).toBe(true);
    const second = await app.request('GET', `/v1/decisions?limit=2&cursor=${first.body.meta.next_cursor}`, {
      key: own.test,
    });
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([made[0]]);
    expect(second.body.meta).toMatchObject({ has_more: false, next_cursor: null });

    const french = await app.request('GET', '/v1/decisions?buyer_country=fr', { key: own.test });
    expect(french.body.data.map((d: { id: string }) => d.id)).toEqual([made[2], made[0]]);
    const byReference = await app.request('GET', '/v1/decisions?reference=inv-2', { key: own.test });
    expect(byReference.body.data.map((d: { id: string }) => d.id)).toEqual([made[1]]);
    const byTreatment = await app.request('GET', '/v1/decisions?treatment=export', { key: own.test });
    expect(byTreatment.body.data).toEqual([]);
    const inRange = await app.request(
      'GET',
      `/v1/decisions?from=${encodeURIComponent(new Date(app.clock.now() - 2).toISOString())}`,
      { key: own.test },
    );
    expect(inRange.body.data.map((d: { id: string }) => d.id)).toEqual([made[2], made[1]]);

    // A cursor belongs to its filters and key.
    expectError(
      await app.request(
        'GET',
        `/v1/decisions?limit=2&buyer_country=IT&cursor=${first.body.meta.next_cursor}`,
        {
          key: own.test,
        },
      ),
      422,
      'validation_error',
    );
    expectError(
      await app.request('GET', '/v1/decisions?buyer_country=US', { key: own.test }),
      422,
      'validation_error',
    );
    expectError(
      await app.request('GET', '/v1/decisions?treatment=zero', { key: own.test }),
      422,
      'validation_error',
    );
    expectError(
      await app.request('GET', '/v1/decisions?from=yesterday', { key: own.test }),
      422,
      'validation_error',
    );
  });

  it('keeps every one of many decisions made at once (written together, in batches)', async () => {
    const own = await app.account('pro');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        decide(app, own.test, {
          seller: { country_code: 'DE' },
          buyer: { country_code: 'FR' },
          supply: { kind: 'goods' },
          reference: `burst-${i}`,
        }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    const listed = await app.request('GET', '/v1/decisions?limit=100', { key: own.test });
    expect(listed.body.data.map((d: { id: string }) => d.id).sort()).toEqual(
      answers.map((res) => res.body.data.id).sort(),
    );
  });

  it("keeps a test-mode decision exactly when its buyer's check is recorded", async () => {
    const own = await app.account('pro');
    const body = {
      seller: { country_code: 'DE' },
      buyer: { country_code: 'FR', vat_number: wellFormed('FR'), is_business: true },
      supply: { kind: 'services' },
    };
    // The database refuses this account's decisions: the write of the decision fails after the
    // record's insert ran, and the record must go with it.
    const refusing = await refuseDecisionsOf(app, own.id);
    try {
      const res = await decide(app, own.test, body);
      expect(res.status, res.text).toBe(500);
    } finally {
      await refusing.drop();
    }
    expect(await recordsOf(app, own.id)).toEqual([]);
    expect(await decisionsOf(app, own.id)).toEqual([]);

    const res = await decide(app, own.test, body);
    expect(res.status, res.text).toBe(200);
    const [record] = await recordsOf(app, own.id);
    expect(record).toMatchObject({ mode: 'test', vat_number: wellFormed('FR') });
    expect(await decisionsOf(app, own.id)).toMatchObject([
      { id: res.body.data.id, validation_id: record.id },
    ]);
  });

  it('refuses another account and the other key mode (404), and the Free tier (403)', async () => {
    const owner = await app.account('pro');
    const other = await app.account('pro');
    const res = await decide(app, owner.test, {
      seller: { country_code: 'DE' },
      buyer: { country_code: 'AT' },
      supply: { kind: 'goods' },
    });
    const id = res.body.data.id;
    for (const key of [other.test, other.live, owner.live]) {
      expectError(await app.request('GET', `/v1/decisions/${id}`, { key }), 404, 'not_found');
      expectError(await app.request('GET', `/v1/decisions/${id}/proof`, { key }), 404, 'not_found');
      const list = await app.request('GET', '/v1/decisions', { key });
      expect(list.body.data.map((d: { id: string }) => d.id)).not.toContain(id);
    }
    const free = await app.account('free');
    expectError(
      await decide(app, free.test, {
        seller: { country_code: 'DE' },
        buyer: { country_code: 'AT' },
        supply: { kind: 'goods' },
      }),
      403,
      'tier_insufficient',
    );
    // Reading needs no tier (an account moved to Free keeps its decisions): an empty list here.
    const freeList = await app.request('GET', '/v1/decisions', { key: free.test });
    expect(freeList.status, freeList.text).toBe(200);
    expect(freeList.body.data).toEqual([]);
  });

  it('seals decisions with the validation records and proves them in JSON and PDF; ledger verify holds', async () => {
    const own = await app.account('pro');
    const res = await decide(app, own.test, {
      seller: { country_code: 'DE', vat_number: 'DE123456704' },
      buyer: { country_code: 'FR', vat_number: wellFormed('FR') },
      supply: { kind: 'services' },
      reference: 'proof-1',
    });
    expect(res.status, res.text).toBe(200);
    const { id, buyer_validation } = res.body.data;
    expect(buyer_validation).toMatchObject({ valid: true, source_status: 'live' });

    const before = await app.request('GET', `/v1/decisions/${id}/proof`, { key: own.test });
    expect(before.status, before.text).toBe(200);
    expect(before.body.data).toMatchObject({ sealed: false, seal: null, inclusion_path: null });
    expect(checkDecisionProof(before.body.data).leafOk).toBe(true);
    expect(before.body.data.buyer_record).toMatchObject({
      validation_id: buyer_validation.validation_id,
      answer_basis: { registry_consulted: false },
    });

    app.clock.advance(120_000);
    const seal = await sealLedger({ ledger: app.services.ledger, clock: app.clock, intervalMs: 60_000 });
    expect(seal?.count).toBeGreaterThanOrEqual(2);
    const after = await app.request('GET', `/v1/decisions/${id}/proof`, { key: own.test });
    expect(after.body.data).toMatchObject({ sealed: true, seal: { id: seal?.id } });
    expect(checkDecisionProof(after.body.data)).toEqual({ leafOk: true, rootOk: true, sealOk: true });
    const read = await app.request('GET', `/v1/decisions/${id}`, { key: own.test });
    expect(read.body.data.ledger).toMatchObject({ seal_id: seal?.id, sealed_at: expect.any(String) });

    const pdf = await getBytes(app, own.test, `/v1/decisions/${id}/proof?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toMatch(/^application\/pdf/);
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Proof of a test-mode VAT decision');
    expect(text).toContain('no registry was consulted');
    expect(text).toContain(buyer_validation.validation_id);
    expect(text).toContain(res.body.data.invoice_note.text.split('\n')[0].replace(/\s+/g, ' ').slice(0, 30));
    expect(text).toContain(after.body.data.record_hash.slice(0, 32));

    const report = await verifyLedger(app.services.ledger);
    expect(report.breaks).toEqual([]);
    // An edited decision is found.
    await app.database.db
      .updateTable('decisions')
      .set({ treatment: 'export' })
      .where('id', '=', id)
      .execute();
    const broken = await verifyLedger(app.services.ledger);
    expect(broken.breaks.some((line) => line.startsWith(`${id}:`))).toBe(true);
    await app.database.db
      .updateTable('decisions')
      .set({ treatment: res.body.data.treatment })
      .where('id', '=', id)
      .execute();
  });

  it('reads, proves and verifies a decision stored before its body held the whole decision', async () => {
    const own = await app.account('pro');
    const res = await decide(app, own.test, {
      seller: { country_code: 'DE', vat_number: 'DE123456704' },
      buyer: { country_code: 'FR', vat_number: wellFormed('FR') },
      supply: { kind: 'services' },
      reference: 'old-body',
    });
    expect(res.status, res.text).toBe(200);
    const { ledger, ...shown } = res.body.data;
    // The body as it was written then: the decision without the members its columns hold, in the
    // order the API shows.
    const { id, account_id, mode, request_id, reference, treatment, created_at, ...oldBody } = shown;
    const fresh = await app.request('GET', `/v1/decisions/${id}`, { key: own.test });
    expect(Object.keys(fresh.body.data)).toEqual(Object.keys(res.body.data));
    await app.database.db
      .updateTable('decisions')
      .set({ body: JSON.stringify(oldBody) })
      .where('id', '=', id)
      .execute();
    const read = await app.request('GET', `/v1/decisions/${id}`, { key: own.test });
    expect(read.status, read.text).toBe(200);
    const { ledger: readLedger, ...readShown } = read.body.data;
    expect(readShown).toEqual(shown);
    expect(Object.keys(readShown)).toEqual(Object.keys(shown));
    expect(readLedger.record_hash).toBe(ledger.record_hash);
    const proof = await app.request('GET', `/v1/decisions/${id}/proof`, { key: own.test });
    expect(checkDecisionProof(proof.body.data).leafOk).toBe(true);
    expect((await verifyLedger(app.services.ledger)).breaks).toEqual([]);
  });
});
