import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { expectError, OFFLINE_REGISTRIES } from '../http/support.js';
import { decide, wellFormed } from './api-support.js';

/**
 * Bad input to POST /v1/decisions: each kind once, 422 in the envelope naming the member, never a
 * 500; a category with several rates is 422 category_ambiguous listing them; a buyer number that
 * fails its format is no error: the decision is made as to a consumer, and nothing is charged.
 */

const GOOD = {
  seller: { country_code: 'DE' },
  buyer: { country_code: 'FR' },
  supply: { kind: 'services' },
  date: '2026-03-02',
};

const with_ = (patch: Record<string, unknown>) => ({ ...GOOD, ...patch });

const BAD: Array<[string, unknown, RegExp]> = [
  ['an unknown top-level member', with_({ sellr: {} }), /sellr/],
  ['an unknown member of seller', with_({ seller: { country_code: 'DE', vat: 'x' } }), /seller.*vat/],
  [
    'a country the service does not serve',
    with_({ buyer: { country_code: 'US' } }),
    /buyer\.country_code.*US/,
  ],
  [
    'a seller country the service does not serve',
    with_({ seller: { country_code: 'ZZ' } }),
    /seller\.country_code/,
  ],
  [
    'ships_from that is no ISO 3166 country',
    with_({ supply: { kind: 'goods', ships_from: 'ZZ' } }),
    /supply\.ships_from.*ISO 3166/,
  ],
  [
    'performed_in that is no ISO 3166 country',
    with_({ supply: { kind: 'services', category: 'accommodation', performed_in: 'QQ' } }),
    /supply\.performed_in.*ISO 3166/,
  ],
  ['an unknown kind', with_({ supply: { kind: 'software' } }), /supply\.kind|kind/],
  [
    'an unknown category',
    with_({ supply: { kind: 'goods', category: 'spaceships' } }),
    /supply\.category.*spaceships/,
  ],
  ['a negative amount', with_({ amount: { net: -1, currency: 'EUR' } }), /amount\.net.*negative/],
  [
    'a negative amount as text',
    with_({ amount: { net: '-1.00', currency: 'EUR' } }),
    /amount\.net.*negative/,
  ],
  ['a non-finite amount', with_({ amount: { net: '1e400', currency: 'EUR' } }), /amount\.net/],
  [
    'a currency that is not ISO 4217',
    with_({ amount: { net: 10, currency: 'EUX' } }),
    /amount\.currency.*EUX/,
  ],
  ['a date before 2021-07-01', with_({ date: '2021-06-30' }), /date.*2021-07-01/],
  ['a date that does not exist', with_({ date: '2026-02-30' }), /date/],
  ['a blank reference', with_({ reference: '   ' }), /reference/],
  [
    'a seller number with a control character',
    with_({ seller: { country_code: 'DE', vat_number: 'DE123456704\u0000' } }),
    /seller\.vat_number: must be a VAT number/,
  ],
  [
    'a seller number with markup',
    with_({ seller: { country_code: 'DE', vat_number: '<b>DE123456704</b>' } }),
    /seller\.vat_number: must be a VAT number/,
  ],

  [
    'a number where a boolean belongs',
    with_({ buyer: { country_code: 'FR', is_business: 1 } }),
    /buyer\.is_business/,
  ],
];

describeEachDialect('decisions API: bad input', (dialect) => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
    account = await app.account('pro');
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(BAD)('answers 422 validation_error naming the member for %s', async (_name, body, message) => {
    const res = await decide(app, account.test, body);
    expectError(res, 422, 'validation_error');
    expect(res.body.error.message).toMatch(message);
  });

  it.each([
    ['CHE-123.456.789 MWST', 'CH'],
    ['NO 123 456 789 MVA', 'NO'],
    ['51 824 753 556', 'AU'],
    ['  ', 'DE'],
  ])('takes the seller number %j as numbers are written (blank is none)', async (vat_number, country) => {
    const res = await decide(app, account.test, with_({ seller: { country_code: country, vat_number } }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.seller.vat_number).toBe(vat_number.trim() || null);
  });

  it('answers a non-finite JSON number as 422 (1e400 parses to Infinity)', async () => {
    const res = await app.request('POST', '/v1/decisions', {
      key: account.test,
      body: '{"seller":{"country_code":"DE"},"buyer":{"country_code":"FR"},"supply":{"kind":"goods"},"amount":{"net":1e400,"currency":"EUR"}}',
    });
    expectError(res, 422, 'validation_error');
    expect(res.body.error.message).toMatch(/^amount\.net: /);
  });

  it('answers goods sent from a country it does not decide for as an import, not assessed', async () => {
    const res = await decide(app, account.test, with_({ supply: { kind: 'goods', ships_from: 'cn' } }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ treatment: 'not_assessed', charge_vat: null, rate: null });
    expect(res.body.data.supply.ships_from).toBe('CN');
  });

  it('answers a place-bound service performed in a country it does not decide for as not assessed', async () => {
    const res = await decide(
      app,
      account.test,
      with_({ supply: { kind: 'services', category: 'accommodation', performed_in: 'US' } }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ treatment: 'not_assessed', charge_vat: null, rate: null });
  });

  it('reads GR as EL and answers with EL', async () => {
    const res = await decide(app, account.test, {
      seller: { country_code: 'gr' },
      buyer: { country_code: 'GR' },
      supply: { kind: 'goods' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      seller: { country_code: 'EL' },
      buyer: { country_code: 'EL' },
      vat_country: 'EL',
    });
  });

  it('refuses a category with several rates where its VAT applies: 422 category_ambiguous listing them', async () => {
    const rates = app.services.rates;
    const date = '2026-03-02';
    // A member state and category with more than one distinct rate in the shipped data.
    let found: { country: string; category: string } | undefined;
    for (const country of rates.euMembers) {
      const entries = rates.categories(country, date) ?? [];
      const byId = new Map<string, Set<string>>();
      for (const entry of entries)
        byId.set(entry.id, (byId.get(entry.id) ?? new Set()).add(`${entry.rate}/${entry.type}`));
      const ambiguous = [...byId].find(([, set]) => set.size > 1);
      if (ambiguous) {
        found = { country, category: ambiguous[0] };
        break;
      }
    }
    expect(found).toBeDefined();
    const { country, category } = found!;
    const res = await decide(app, account.test, {
      seller: { country_code: country },
      buyer: { country_code: country },
      supply: { kind: 'goods', category },
      date,
    });
    expectError(res, 422, 'category_ambiguous');
    expect(res.body.error.message).toContain(category);
    expect(res.body.error.message).toMatch(/\d+(\.\d+)? %.*;.*\d+(\.\d+)? %/);
  });

  it('decides for a malformed buyer number as to a consumer, says why, and charges nothing', async () => {
    const live = await app.account('pro');
    const res = await decide(app, live.live, {
      seller: { country_code: 'DE' },
      buyer: { country_code: 'FR', vat_number: 'FR12', is_business: true },
      supply: { kind: 'digital_services' },
      date: '2026-03-02',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.treatment).not.toBe('reverse_charge');
    expect(res.body.data.buyer_validation).toBeNull();
    expect(res.body.data.reasons.join(' ')).toMatch(/not well-formed/);
    const used = await app.database.db
      .selectFrom('usage')
      .select('used')
      .where('account_id', '=', live.id)
      .execute();
    expect(used.reduce((sum, row) => sum + Number(row.used), 0)).toBe(0);
    // Without a buyer number, nothing is charged either.
    const none = await decide(app, live.live, { ...GOOD });
    expect(none.status, none.text).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('charges a test key nothing and answers its buyer from the test numbers', async () => {
    const res = await decide(app, account.test, {
      ...GOOD,
      buyer: { country_code: 'FR', vat_number: wellFormed('FR') },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.buyer_validation).toMatchObject({ valid: true, source_status: 'live' });
  });
});
