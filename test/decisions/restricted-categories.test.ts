import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';
import { decide } from './api-support.js';

/**
 * Categories whose reduced or zero rate covers only part of them, by facts a request cannot state
 * (the distance travelled, whether a food is confectionery): the rates endpoints serve the entry
 * with a note saying what it covers and leave it out of the categories of its rate at home, and a
 * decision for the category is refused with 422 category_ambiguous, listing the standard rate the
 * rest of it pays beside the restricted one, never one of them as a guess. Written from the
 * national law and TEDB's own comments on the entries (resources/rate-categories.json cites each).
 */

const DAY = '2026-03-02';

interface Restricted {
  country: string;
  category: string;
  date: string;
  /** The standard rate, which the rest of the category pays. */
  standard: number;
  rate: number;
  type: string;
  /** What the note must say the rate covers. */
  note: RegExp;
}

const RESTRICTED: [string, Restricted][] = [
  [
    'DE passenger transport: 7 % for rail and for local transport up to 50 km only (UStG § 12(2) Nr. 10)',
    {
      country: 'DE',
      category: 'transport_passengers',
      date: DAY,
      standard: 19,
      rate: 7,
      type: 'reduced',
      note: /^Rail transport, and local transport .* within one municipality or up to 50 km, only/,
    },
  ],
  [
    'GB food: zero-rated, with confectionery, crisps, soft drinks and hot takeaway food at 20 % (VAT Act 1994 Sch. 8 Group 1)',
    {
      country: 'GB',
      category: 'foodstuffs',
      date: DAY,
      standard: 20,
      rate: 0,
      type: 'zero',
      note: /^Food only .*confectionery, crisps .*soft drinks/,
    },
  ],
  [
    'FR food: 5.5 %, with confectionery, chocolate products, margarines and caviar at 20 % (CGI art. 278-0 bis A 1°)',
    {
      country: 'FR',
      category: 'foodstuffs',
      date: DAY,
      standard: 20,
      rate: 5.5,
      type: 'reduced',
      note: /^Food and non-alcoholic drinks .*confectionery, certain products containing chocolate or cocoa, margarines/,
    },
  ],
  [
    'HR food: 5 % on listed foods only (bread, milk, fresh meat, fish, fruit, vegetables...), the rest at 25 %',
    {
      country: 'HR',
      category: 'foodstuffs',
      date: DAY,
      standard: 25,
      rate: 5,
      type: 'reduced',
      note: /^Listed foods only: bread, milk .*; other foods and drinks at a higher rate$/,
    },
  ],
  [
    'BG food: 9 % on food for babies and young children only, other food at 20 % since 2025 (ZDDS art. 66)',
    {
      country: 'BG',
      category: 'foodstuffs',
      date: DAY,
      standard: 20,
      rate: 9,
      type: 'reduced',
      note: /^Food for babies and young children only/,
    },
  ],
  ...(
    [
      [DAY, /^Food for infants and certain fresh fruit, berries and vegetables only/],
      [
        '2026-07-01',
        /^Food for infants, certain fresh fruit, .*until 2027-06-30 bread, fresh milk, fresh poultry meat and fresh eggs, only/,
      ],
      ['2027-07-01', /^Food for infants and certain fresh fruit, berries and vegetables only/],
    ] as const
  ).map(([date, note]): [string, Restricted] => [
    `LV food on ${date}: 12 % on infant food and fresh fruit and vegetables (and bread, milk, poultry and eggs from 2026-07-01 to 2027-06-30) only (PVN likums 42. pants)`,
    { country: 'LV', category: 'foodstuffs', date, standard: 21, rate: 12, type: 'reduced', note },
  ]),
  [
    'HU passenger transport: 5 % on hop-on hop-off city tours by bus only, other transport at 27 % (Áfa tv. 3. melléklet)',
    {
      country: 'HU',
      category: 'transport_passengers',
      date: DAY,
      standard: 27,
      rate: 5,
      type: 'reduced',
      note: /^Hop-on hop-off guided city tours by bus/,
    },
  ],
  [
    'DE food: 7 % on the foods UStG Anlage 2 lists only; fruit juices, soft drinks, bottled water, lobster and caviar at 19 %',
    {
      country: 'DE',
      category: 'foodstuffs',
      date: DAY,
      standard: 19,
      rate: 7,
      type: 'reduced',
      note: /^Foods listed in UStG Anlage 2 only .*fruit juices, soft drinks, bottled water.*caviar at the standard rate$/,
    },
  ],
  [
    'DE cultural events: 7 % on theatres, concerts, museums, circus, films and zoos only (UStG § 12(2) Nr. 7)',
    {
      country: 'DE',
      category: 'cultural_events',
      date: DAY,
      standard: 19,
      rate: 7,
      type: 'reduced',
      note: /^Admission to theatres, concerts and museums, .*only \(UStG § 12\(2\) Nr\. 7\); fairs, amusement parks/,
    },
  ],
  [
    "DE medical care: 7 % on dental technicians' services and dental prostheses only (UStG § 12(2) Nr. 6)",
    {
      country: 'DE',
      category: 'medical_care',
      date: DAY,
      standard: 19,
      rate: 7,
      type: 'reduced',
      note: /^Dental technicians' services and dental prostheses .*only \(UStG § 12\(2\) Nr\. 6\); medical and dental treatment is mostly exempt/,
    },
  ],
  [
    'CZ food: 12 %, but of drinks only milk and milk drinks; other non-alcoholic drinks and water at 21 %',
    {
      country: 'CZ',
      category: 'foodstuffs',
      date: DAY,
      standard: 21,
      rate: 12,
      type: 'reduced',
      note: /^Food other than drinks, and of drinks milk, .*other non-alcoholic drinks and water at the standard rate$/,
    },
  ],
  ...(
    [
      [
        '2025-07-31',
        19,
        9,
        /other than infant formula, cozonac and biscuits \(Codul fiscal art\. 291\(2\)\(e\)\)/,
      ],
      ['2025-08-01', 21, 11, /other than infant formula \(Codul fiscal art\. 291\(2\)\(b\)\)/],
      [DAY, 21, 11, /other than infant formula \(Codul fiscal art\. 291\(2\)\(b\)\)/],
    ] as const
  ).map(([date, standard, rate, note]): [string, Restricted] => [
    `RO food on ${date}: ${rate} %, with soft drinks and foods with 10 g of added sugar per 100 g or more at ${standard} %`,
    { country: 'RO', category: 'foodstuffs', date, standard, rate, type: 'reduced', note },
  ]),
  [
    'SI food: 9.5 %, with drinks and syrups containing added sugar or sweeteners at 22 % (ZDDV-1 Priloga I)',
    {
      country: 'SI',
      category: 'foodstuffs',
      date: DAY,
      standard: 22,
      rate: 9.5,
      type: 'reduced',
      note: /^Food and drinks except non-alcoholic drinks, syrups and drink preparations containing added sugar or sweeteners/,
    },
  ],
  [
    'SK sporting events: 5 % on fitness centres and admission to sports events only (zákon o DPH príloha 7a)',
    {
      country: 'SK',
      category: 'sporting_events',
      date: DAY,
      standard: 23,
      rate: 5,
      type: 'reduced',
      note: /^Fitness centre services and admission to sports events only/,
    },
  ],
  [
    "EL sporting events: 13 % on the use of gyms only (TEDB's comment), the rest at 24 %",
    {
      country: 'EL',
      category: 'sporting_events',
      date: DAY,
      standard: 24,
      rate: 13,
      type: 'reduced',
      note: /^The use of gyms only; admission to sporting events .*at the standard rate$/,
    },
  ],
  [
    'ES sporting events: 10 % on amateur sporting events only, professional ones at 21 % (Ley 37/1992 art. 91)',
    {
      country: 'ES',
      category: 'sporting_events',
      date: DAY,
      standard: 21,
      rate: 10,
      type: 'reduced',
      note: /^Admission to amateur sporting events only/,
    },
  ],
  [
    'LV passenger transport: 12 % on scheduled inland transport only (PVN likums 42. panta ceturtā daļa)',
    {
      country: 'LV',
      category: 'transport_passengers',
      date: DAY,
      standard: 21,
      rate: 12,
      type: 'reduced',
      note: /^Scheduled inland passenger transport only/,
    },
  ],
  // The note stays with the entries when the 9 % rate becomes 12 % on 2026-01-01.
  ...(
    [
      ['2025-12-31', 9],
      [DAY, 12],
    ] as const
  ).map(([date, rate]): [string, Restricted] => [
    `LT passenger transport on ${date}: ${rate} % on established domestic regular routes only (PVMĮ 19 str.)`,
    {
      country: 'LT',
      category: 'transport_passengers',
      date,
      standard: 21,
      rate,
      type: 'reduced',
      note: /^Passenger transport on established domestic regular routes only/,
    },
  ]),
  ...(['supply_electricity', 'supply_gas'] as const).map((category): [string, Restricted] => [
    `FR ${category} on 2025-07-31: 5.5 % on the subscription part of the bill only (CGI art. 278-0 bis B)`,
    {
      country: 'FR',
      category,
      date: '2025-07-31',
      standard: 20,
      rate: 5.5,
      type: 'reduced',
      note: /^The subscription part of the bill only, until 2025-07-31/,
    },
  ]),
];

/**
 * Categories with several reduced rates in a country where the law leaves part of the category at
 * the standard rate (foods no reduced rate lists): the rates endpoints serve the reduced entries as
 * before, and a refused decision lists the standard rate beside them, saying what it covers
 * (resources/rate-categories.json, `standard_in_part`, cites the law for each).
 */
interface Several {
  country: string;
  category: string;
  date: string;
  standard: number;
  /** The rates the category's entries are served at, highest first. */
  rates: number[];
  /** What the refusal must say the standard rate covers; null where it covers none of it. */
  covers: RegExp | null;
}

const SEVERAL: [string, Several][] = [
  [
    'IT food: 10, 5 and 4 %, mineral water and dog and cat food at 22 % (DL 261/1990 art. 5, L. 413/1991 art. 75)',
    {
      country: 'IT',
      category: 'foodstuffs',
      date: DAY,
      standard: 22,
      rates: [10, 5, 4],
      covers: /^mineral water .*dog and cat food/,
    },
  ],
  [
    'HU food: 18 and 5 %, foods on neither list (soft drinks, confectionery) at 27 % (Áfa tv. 82. §)',
    {
      country: 'HU',
      category: 'foodstuffs',
      date: DAY,
      standard: 27,
      rates: [18, 5],
      covers: /^foods listed at neither 5 % nor 18 %/,
    },
  ],
  [
    "PT food: 13 and 6 %, foods on neither list at 23 % (TEDB's comment: also taxed at 23 %)",
    {
      country: 'PT',
      category: 'foodstuffs',
      date: DAY,
      standard: 23,
      rates: [13, 6],
      covers: /^foods listed in neither List I nor List II of the CIVA$/,
    },
  ],
  [
    'PL food: 8 and 5 %, seafood and caviar at 23 % (the 2020 rate matrix)',
    {
      country: 'PL',
      category: 'foodstuffs',
      date: DAY,
      standard: 23,
      rates: [8, 5],
      covers: /^crustaceans, molluscs and other seafood, and caviar/,
    },
  ],
  [
    'AT food: 13 and 10 %, donations exempt, drinks other than water and milk at 20 % (UStG 1994 Anlage 1 and 2)',
    {
      country: 'AT',
      category: 'foodstuffs',
      date: DAY,
      standard: 20,
      rates: [13, 10, 0],
      covers: /^drinks other than water, milk and milk drinks/,
    },
  ],
  ...(
    [
      [DAY, [13.5, 0]],
      ['2026-07-01', [9, 0]],
    ] as const
  ).map(([date, rates]): [string, Several] => [
    `IE food on ${date}: ${rates.join(' and ')} %, confectionery, crisps and soft drinks at 23 % (VATCA 2010 Sch. 2)`,
    {
      country: 'IE',
      category: 'foodstuffs',
      date,
      standard: 23,
      rates: [...rates],
      covers: /^confectionery, chocolate, crisps and savoury snacks, ice cream, soft drinks/,
    },
  ]),
  [
    "ES food: 10 and 4 %, sugar-sweetened drinks at 21 % since 2021 (TEDB's comment)",
    {
      country: 'ES',
      category: 'foodstuffs',
      date: DAY,
      standard: 21,
      rates: [10, 4],
      covers: /^sugar-sweetened drinks$/,
    },
  ],
  [
    'SK food from 2026-01-01: 19 and 5 %, foods high in sugar or salt at 23 % (Law 261/2025)',
    {
      country: 'SK',
      category: 'foodstuffs',
      date: DAY,
      standard: 23,
      rates: [19, 5],
      covers: /^foods with a high sugar or salt content: confectionery, chocolate/,
    },
  ],
  [
    'SK food in 2025: 19 and 5 %, every food not at 5 % at 19 %, so no standard rate listed',
    { country: 'SK', category: 'foodstuffs', date: '2025-12-31', standard: 23, rates: [19, 5], covers: null },
  ],
  [
    'EL food: 13 and 6 %, the standard rate not listed (what it covers is not kept)',
    { country: 'EL', category: 'foodstuffs', date: DAY, standard: 24, rates: [13, 6], covers: null },
  ],
];

/** Categories answered with one rate: the entries the endpoint serves and the decision's rate. */
interface Answered {
  country: string;
  category: string;
  date: string;
  entries: { rate: number; type: string; note: string | null }[];
  rate: number;
  rate_type: string;
}

const ANSWERED: [string, Answered][] = [
  [
    'DK newspapers: zero-rated (momsloven § 34(1)), the zero rate the hand-kept data states, which TEDB does not list',
    {
      country: 'DK',
      category: 'newspapers',
      date: DAY,
      entries: [{ rate: 0, type: 'zero', note: null }],
      rate: 0,
      rate_type: 'zero',
    },
  ],
  // Denmark has no reduced rate: TEDB lists none for books, and the abolition of VAT on books that
  // the 2026 Finance Bill announced is not verified as enacted.
  ...(['loan_libraries', 'books'] as const).map((category): [string, Answered] => [
    `DK ${category}: 25 %, the standard rate`,
    { country: 'DK', category, date: DAY, entries: [], rate: 25, rate_type: 'standard' },
  ]),
  ...(['2025-08-01', DAY] as const).flatMap((date) =>
    (['supply_electricity', 'supply_gas'] as const).map((category): [string, Answered] => [
      `FR ${category} on ${date}: the whole bill at 20 %, the 5.5 % on subscriptions abolished from 2025-08-01 (loi de finances pour 2025)`,
      { country: 'FR', category, date, entries: [], rate: 20, rate_type: 'standard' },
    ]),
  ),
];

const SERVICES = new Set(['transport_passengers', 'cultural_events', 'medical_care', 'sporting_events']);
const kindOf = (category: string) => (SERVICES.has(category) ? 'services' : 'goods');

describeEachDialect('categories restricted to part of them, through the API', (dialect) => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterAll(() => app.close());
  // A key may send 60 requests a minute: each test gets its own account.
  beforeEach(async () => {
    key = (await app.account('pro')).test;
  });

  const get = (path: string) => app.request('GET', path, { key });
  const decideFor = (country: string, category: string, date: string) =>
    decide(app, key, {
      seller: { country_code: country },
      buyer: { country_code: country },
      supply: { kind: kindOf(category), category },
      date,
    });

  it.each(RESTRICTED)('%s: the rates endpoints serve it with its note', async (_name, c) => {
    const res = await get(`/v1/rates/${c.country}/categories/${c.category}?date=${c.date}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: c.category,
        rate: c.rate,
        type: c.type,
        note: expect.stringMatching(c.note),
      }),
    ]);
    // A restricted entry is not one of the categories of its rate at home.
    const record = await get(`/v1/rates/${c.country}?date=${c.date}`);
    expect(record.status, record.text).toBe(200);
    const atRate = record.body.data.other_rates.find(
      (other: { rate: number; type: string }) => other.rate === c.rate && other.type === c.type,
    );
    expect(atRate, `${c.rate} % is one of the rates of ${c.country}`).toBeDefined();
    expect(atRate.categories.map((category: { id: string }) => category.id)).not.toContain(c.category);
  });

  it.each(RESTRICTED)('%s: a decision is refused, listing the standard rate beside it', async (_name, c) => {
    const res = await decideFor(c.country, c.category, c.date);
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('category_ambiguous');
    const { message } = res.body.error;
    expect(message).toContain(`'${c.category}'`);
    expect(message).toContain(`${c.standard} % (standard: the rest of the category)`);
    expect(message).toContain(`${c.rate} % (${c.type}: `);
  });

  it.each(SEVERAL)('%s: the rates endpoints serve the reduced entries only', async (_name, c) => {
    const res = await get(`/v1/rates/${c.country}/categories/${c.category}?date=${c.date}`);
    expect(res.status, res.text).toBe(200);
    expect([...new Set(res.body.data.map((entry: { rate: number }) => entry.rate))]).toEqual(c.rates);
  });

  it.each(SEVERAL)('%s: a decision is refused, listing the rates', async (_name, c) => {
    const res = await decideFor(c.country, c.category, c.date);
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('category_ambiguous');
    const { message } = res.body.error as { message: string };
    for (const rate of c.rates)
      expect(message).toMatch(new RegExp(`[:;] ${String(rate).replace('.', '\\.')} % \\(`));
    if (c.covers === null) {
      expect(message).not.toContain('(standard:');
      return;
    }
    // The standard rate comes first: '<rate> % (standard: the rest of the category: <covers>); ...'.
    const marker = ' % (standard: the rest of the category: ';
    expect(message, message).toContain(`: ${c.standard}${marker}`);
    const after = message.slice(message.indexOf(marker) + marker.length);
    expect(after.slice(0, after.indexOf('); '))).toMatch(c.covers);
  });

  it.each(ANSWERED)('%s', async (_name, c) => {
    const res = await get(`/v1/rates/${c.country}/categories/${c.category}?date=${c.date}`);
    expect(res.status, res.text).toBe(200);
    expect(
      res.body.data.map(({ rate, type, note }: Answered['entries'][number]) => ({ rate, type, note })),
    ).toEqual(c.entries);
    const decision = await decideFor(c.country, c.category, c.date);
    expect(decision.status, decision.text).toBe(200);
    expect(decision.body.data).toMatchObject({
      treatment: 'domestic',
      vat_country: c.country,
      category: c.category,
      rate: c.rate,
      rate_type: c.rate_type,
    });
  });
});
