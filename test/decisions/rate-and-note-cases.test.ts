import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { decidingWithTestKeys, SEEDED, sellerOf } from './api-support.js';

/**
 * What ends up on the invoice: the rate, the amounts and the note, written from the law before
 * looking at how the service computes them. Rates are the statutory ones (the national VAT acts,
 * the Directive's annexes, the Commission's TEDB as resources/tedb holds it, and the research data
 * of resources/vat-rates.json where it cites a later law); amounts follow the rule that VAT is
 * rounded per line, half up, to the currency's ISO 4217 minor unit; notes carry the mention the
 * Directive requires (Art. 226(11) and (11a)) in the seller's country's official languages and
 * English. Each case goes through POST /v1/decisions with test keys.
 */

const DAY = '2026-03-02';

interface Sale {
  kind?: 'goods' | 'services' | 'digital_services';
  /** Buyer's VAT number (a seeded, registered one). */
  vat?: string;
  seller_vat?: string;
  over?: boolean;
  oss?: boolean;
  category?: string;
  date?: string;
  amount?: [string, string];
}

function body(seller: string, buyer: string, sale: Sale = {}) {
  return {
    seller: sellerOf(seller, sale),
    buyer: { country_code: buyer, ...(sale.vat ? { vat_number: sale.vat } : {}) },
    supply: { kind: sale.kind ?? 'goods', ...(sale.category ? { category: sale.category } : {}) },
    date: sale.date ?? DAY,
    ...(sale.amount ? { amount: { net: sale.amount[0], currency: sale.amount[1] } } : {}),
  };
}

/** The rate due on a sale, and optionally what the invoice line shows. */
interface Expected {
  treatment: string;
  vat_country: string;
  rate: number;
  rate_type?: string;
  /** [net, vat, gross] as printed. */
  amount?: [string, string, string];
}

// ---------------------------------------------------------------------------------------------
// Standard rates on 2 March 2026, wherever the sale is taxed in that country.
// EU: Directive Art. 96-97 and each national act; GB VAT Act 1994 s.2; CH and LI MWSTG Art. 25(1)
// (8.1 % since 2024-01-01); NO merverdiavgiftsloven § 5-1 (25 %).

const STANDARD: Record<string, number> = {
  AT: 20, // UStG 1994 § 10(1)
  BE: 21, // Code TVA art. 37 / KB nr. 20
  BG: 20, // ZDDS art. 66(1)
  CY: 19, // N. 95(I)/2000 art. 18
  CZ: 21, // zákon 235/2004 § 47(1)(a)
  DE: 19, // UStG § 12(1)
  DK: 25, // momsloven § 33
  EE: 24, // KMSS § 15(1), 24 % since 2025-07-01
  EL: 24, // N. 2859/2000 / Code 5144/2024 art. 21
  ES: 21, // Ley 37/1992 art. 90
  FI: 25.5, // AVL 84 §, 25.5 % since 2024-09-01
  FR: 20, // CGI art. 278
  HR: 25, // Zakon o PDV čl. 38(1)
  HU: 27, // Áfa tv. 82. § (1)
  IE: 23, // VATCA 2010 s.46(1)(a)
  IT: 22, // DPR 633/1972 art. 16
  LT: 21, // PVMĮ 19 str. 1 d.
  LU: 17, // loi TVA art. 39, 17 % since 2024-01-01
  LV: 21, // PVN likums 41. pants
  MT: 18, // VAT Act Cap. 406 art. 19
  NL: 21, // Wet OB 1968 art. 9(1)
  PL: 23, // ustawa o VAT art. 146ef
  PT: 23, // CIVA art. 18(1)(c), mainland
  RO: 21, // Codul fiscal art. 291(1), 21 % since 2025-08-01
  SE: 25, // ML 9 kap. 1 §
  SI: 22, // ZDDV-1 41. člen
  SK: 23, // zákon 222/2004 § 27(1), 23 % since 2025-01-01
};

const EU = Object.keys(STANDARD);

const STANDARD_OUTSIDE: Record<string, number> = { GB: 20, CH: 8.1, LI: 8.1, NO: 25 };
const OUTSIDE_EU: [string, string, string][] = [
  ['GB', 'GBP', 'VAT Act 1994 s.2'],
  ['CH', 'CHF', 'MWSTG Art. 25(1)'],
  ['LI', 'CHF', 'MWSTG LI Art. 25(1)'],
  ['NO', 'NOK', 'mval. § 5-1'],
];

const printed = (rate: number) => `${rate.toFixed(2)}`;
const line = (rate: number): [string, string, string] => ['100.00', printed(rate), printed(100 + rate)];

const STANDARD_CASES: [string, ReturnType<typeof body>, Expected][] = [
  ...EU.map((c): [string, ReturnType<typeof body>, Expected] => [
    `${c} goods sold at home: ${STANDARD[c]} %`,
    body(c, c, { amount: ['100.00', 'EUR'] }),
    {
      treatment: 'domestic',
      vat_country: c,
      rate: STANDARD[c],
      rate_type: 'standard',
      amount: line(STANDARD[c]),
    },
  ]),
  ...EU.map((c): [string, ReturnType<typeof body>, Expected] => {
    const seller = c === 'DE' ? 'AT' : 'DE';
    return [
      `${seller} goods to a ${c} consumer, seller over EUR 10,000: ${c} VAT at ${STANDARD[c]} % (Art. 33(a), 59c)`,
      body(seller, c, { over: true, amount: ['100.00', 'EUR'] }),
      {
        treatment: 'distance_sale',
        vat_country: c,
        rate: STANDARD[c],
        rate_type: 'standard',
        amount: line(STANDARD[c]),
      },
    ];
  }),
  ...EU.map((c): [string, ReturnType<typeof body>, Expected] => {
    const seller = c === 'FR' ? 'DE' : 'FR';
    return [
      `${seller} e-services to a ${c} consumer, seller in OSS: ${c} VAT at ${STANDARD[c]} % (Art. 58, 59c)`,
      body(seller, c, { kind: 'digital_services', oss: true, amount: ['100.00', 'EUR'] }),
      {
        treatment: 'distance_sale',
        vat_country: c,
        rate: STANDARD[c],
        rate_type: 'standard',
        amount: line(STANDARD[c]),
      },
    ];
  }),
  ...OUTSIDE_EU.flatMap(([c, currency, law]): [string, ReturnType<typeof body>, Expected][] => [
    [
      `${c} goods sold at home: ${STANDARD_OUTSIDE[c]} % (${law})`,
      body(c, c, { amount: ['100.00', currency] }),
      {
        treatment: 'domestic',
        vat_country: c,
        rate: STANDARD_OUTSIDE[c],
        rate_type: 'standard',
        amount: line(STANDARD_OUTSIDE[c]),
      },
    ],
    [
      `${c} services sold at home: ${STANDARD_OUTSIDE[c]} %`,
      body(c, c, { kind: 'services' }),
      { treatment: 'domestic', vat_country: c, rate: STANDARD_OUTSIDE[c], rate_type: 'standard' },
    ],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Rate changes: the day before and the day the new rate takes effect.

const dom = (
  c: string,
  date: string,
  rate: number,
  category?: string,
): [ReturnType<typeof body>, Expected] => [
  body(c, c, {
    date,
    ...(category ? { category, kind: category === 'foodstuffs' ? 'goods' : 'services' } : {}),
  }),
  { treatment: 'domestic', vat_country: c, rate },
];

const CHANGE_CASES: [string, ReturnType<typeof body>, Expected][] = [
  ['FI on 2024-08-31: 24 %', ...dom('FI', '2024-08-31', 24)],
  ['FI on 2024-09-01: 25.5 % (AVL 84 § as amended in 2024)', ...dom('FI', '2024-09-01', 25.5)],
  [
    'DE e-services to a FI consumer on 2024-08-31, seller in OSS: 24 %',
    body('DE', 'FI', { kind: 'digital_services', oss: true, date: '2024-08-31' }),
    { treatment: 'distance_sale', vat_country: 'FI', rate: 24 },
  ],
  [
    'DE e-services to a FI consumer on 2024-09-01, seller in OSS: 25.5 %',
    body('DE', 'FI', { kind: 'digital_services', oss: true, date: '2024-09-01' }),
    { treatment: 'distance_sale', vat_country: 'FI', rate: 25.5 },
  ],
  ['SK on 2024-12-31: 20 %', ...dom('SK', '2024-12-31', 20)],
  ['SK on 2025-01-01: 23 % (zákon 278/2024)', ...dom('SK', '2025-01-01', 23)],
  ['EE on 2025-06-30: 22 %', ...dom('EE', '2025-06-30', 22)],
  ['EE on 2025-07-01: 24 % (KMSS § 15(1) as amended 2024)', ...dom('EE', '2025-07-01', 24)],
  ['RO on 2025-07-31: 19 %', ...dom('RO', '2025-07-31', 19)],
  ['RO on 2025-08-01: 21 % (Legea 141/2025)', ...dom('RO', '2025-08-01', 21)],
  [
    'AT goods to a RO consumer on 2025-07-31, seller over the threshold: 19 %',
    body('AT', 'RO', { over: true, date: '2025-07-31' }),
    { treatment: 'distance_sale', vat_country: 'RO', rate: 19 },
  ],
  [
    'AT goods to a RO consumer on 2025-08-01, seller over the threshold: 21 %',
    body('AT', 'RO', { over: true, date: '2025-08-01' }),
    { treatment: 'distance_sale', vat_country: 'RO', rate: 21 },
  ],
  ['CH on 2024-01-01: 8.1 % (MWSTG Art. 25(1) as of 2024)', ...dom('CH', '2024-01-01', 8.1)],
  ['LI on 2024-01-01: 8.1 %', ...dom('LI', '2024-01-01', 8.1)],
  ['LU on 2024-01-01: 17 % again after the temporary 16 % of 2023', ...dom('LU', '2024-01-01', 17)],
  // Reduced rates that moved.
  ['RO restaurant on 2025-07-31: 9 %', ...dom('RO', '2025-07-31', 9, 'restaurant')],
  ['RO restaurant on 2025-08-01: 11 % (Legea 141/2025)', ...dom('RO', '2025-08-01', 11, 'restaurant')],
  ['FI foodstuffs on 2025-12-31: 14 %', ...dom('FI', '2025-12-31', 14, 'foodstuffs')],
  [
    'FI foodstuffs on 2026-01-01: 13.5 % (AVL 85 § as amended for 2026)',
    ...dom('FI', '2026-01-01', 13.5, 'foodstuffs'),
  ],
  ['FI restaurant on 2025-12-31: 14 %', ...dom('FI', '2025-12-31', 14, 'restaurant')],
  ['FI restaurant on 2026-01-01: 13.5 %', ...dom('FI', '2026-01-01', 13.5, 'restaurant')],
  ['NL accommodation on 2025-12-31: 9 %', ...dom('NL', '2025-12-31', 9, 'accommodation')],
  ['LT accommodation on 2025-12-31: 9 %', ...dom('LT', '2025-12-31', 9, 'accommodation')],
  [
    'LT accommodation on 2026-01-01: 12 % (PVMĮ 19 str. as amended 2025-06)',
    ...dom('LT', '2026-01-01', 12, 'accommodation'),
  ],
  ['BE accommodation on 2026-02-28: 6 %', ...dom('BE', '2026-02-28', 6, 'accommodation')],
  [
    'BE accommodation on 2026-03-01: 12 % (hotels and camping moved to 12 %)',
    ...dom('BE', '2026-03-01', 12, 'accommodation'),
  ],
  ['DE restaurant on 2025-12-31: 19 %', ...dom('DE', '2025-12-31', 19, 'restaurant')],
  [
    'DE restaurant on 2026-01-01: 7 % (UStG § 12(2) Nr. 15, food only)',
    ...dom('DE', '2026-01-01', 7, 'restaurant'),
  ],
  ['SE foodstuffs on 2026-03-31: 12 %', ...dom('SE', '2026-03-31', 12, 'foodstuffs')],
  [
    'SE foodstuffs on 2026-04-01: 6 % (temporary, to 2027-12-31)',
    ...dom('SE', '2026-04-01', 6, 'foodstuffs'),
  ],
  ['IE restaurant on 2026-06-30: 13.5 %', ...dom('IE', '2026-06-30', 13.5, 'restaurant')],
  ['IE restaurant on 2026-07-01: 9 % (Finance Act 2025)', ...dom('IE', '2026-07-01', 9, 'restaurant')],
];

// ---------------------------------------------------------------------------------------------
// Reduced rates by category on 2 March 2026, sold at home.

const CATEGORY_CASES: [string, ReturnType<typeof body>, Expected][] = [
  // Books (TEDB's loan_libraries for the EU; books for CY and the countries outside TEDB).
  ['DE books: 7 % (UStG Anlage 2 Nr. 49)', ...dom('DE', DAY, 7, 'loan_libraries')],
  ['FR books: 5.5 % (CGI art. 278-0 bis A 3°)', ...dom('FR', DAY, 5.5, 'loan_libraries')],
  ['IT books: 4 % (Tabella A parte II n. 18)', ...dom('IT', DAY, 4, 'loan_libraries')],
  ['NL books: 9 % (Tabel I a.30)', ...dom('NL', DAY, 9, 'loan_libraries')],
  ['ES books: 4 % (Ley 37/1992 art. 91.Dos.1.2º)', ...dom('ES', DAY, 4, 'loan_libraries')],
  ['AT books: 10 % (UStG § 10(2) Anlage 1 Z 33)', ...dom('AT', DAY, 10, 'loan_libraries')],
  ['SE books: 6 % (ML 9 kap. 13 §)', ...dom('SE', DAY, 6, 'loan_libraries')],
  ['CZ books: 0 % since 2024 (§ 71i)', ...dom('CZ', DAY, 0, 'loan_libraries')],
  ['CY books: 3 %', ...dom('CY', DAY, 3, 'books')],
  ['EL books: 6 %', ...dom('EL', DAY, 6, 'loan_libraries')],
  ['LT books: 5 % since 2026-01-01', ...dom('LT', DAY, 5, 'loan_libraries')],
  ['FI books: 13.5 % in 2026', ...dom('FI', DAY, 13.5, 'loan_libraries')],
  ['GB books: zero-rated (VAT Act 1994 Sch. 8 Group 3)', ...dom('GB', DAY, 0, 'books')],
  ['CH books: 2.6 % (MWSTG Art. 25(2)(a)(9))', ...dom('CH', DAY, 2.6, 'books')],
  ['NO books: zero-rated (mval. § 6-4)', ...dom('NO', DAY, 0, 'books')],
  // Foodstuffs.
  ['NL foodstuffs: 9 % (Tabel I a.1)', ...dom('NL', DAY, 9, 'foodstuffs')],
  ['LU foodstuffs: 3 %', ...dom('LU', DAY, 3, 'foodstuffs')],
  ['FI foodstuffs: 13.5 % in 2026', ...dom('FI', DAY, 13.5, 'foodstuffs')],
  ['SE foodstuffs before April 2026: 12 %', ...dom('SE', DAY, 12, 'foodstuffs')],
  ['CH foodstuffs: 2.6 % (MWSTG Art. 25(2)(a)(1))', ...dom('CH', DAY, 2.6, 'foodstuffs')],
  ['NO foodstuffs: 15 % (mval. § 5-2)', ...dom('NO', DAY, 15, 'foodstuffs')],
  ['DK foodstuffs: 25 %, Denmark has no reduced rate', ...dom('DK', DAY, 25, 'foodstuffs')],
  // Passenger transport.
  ['FR passenger transport: 10 % (CGI art. 279 b quater)', ...dom('FR', DAY, 10, 'transport_passengers')],
  ['ES passenger transport: 10 % (LIVA art. 91.Uno.2.1º)', ...dom('ES', DAY, 10, 'transport_passengers')],
  ['NL passenger transport: 9 %', ...dom('NL', DAY, 9, 'transport_passengers')],
  ['PL passenger transport: 8 %', ...dom('PL', DAY, 8, 'transport_passengers')],
  ['SE passenger transport: 6 %', ...dom('SE', DAY, 6, 'transport_passengers')],
  ['NO passenger transport: 12 % (mval. § 5-5)', ...dom('NO', DAY, 12, 'transport_passengers')],
  [
    'CH passenger transport: 8.1 %, no reduced rate in Switzerland',
    ...dom('CH', DAY, 8.1, 'transport_passengers'),
  ],
  // Accommodation.
  ['FR accommodation: 10 % (CGI art. 279 a)', ...dom('FR', DAY, 10, 'accommodation')],
  ['DE accommodation: 7 % (UStG § 12(2) Nr. 11)', ...dom('DE', DAY, 7, 'accommodation')],
  ['IT accommodation: 10 %', ...dom('IT', DAY, 10, 'accommodation')],
  ['ES accommodation: 10 %', ...dom('ES', DAY, 10, 'accommodation')],
  ['AT accommodation: 10 %', ...dom('AT', DAY, 10, 'accommodation')],
  ['PT accommodation: 6 %', ...dom('PT', DAY, 6, 'accommodation')],
  ['EL accommodation: 13 %', ...dom('EL', DAY, 13, 'accommodation')],
  ['HR accommodation: 13 %', ...dom('HR', DAY, 13, 'accommodation')],
  ['IE accommodation: 13.5 %', ...dom('IE', DAY, 13.5, 'accommodation')],
  ['MT accommodation: 7 %', ...dom('MT', DAY, 7, 'accommodation')],
  ['BE accommodation from 2026-03-01: 12 %', ...dom('BE', DAY, 12, 'accommodation')],
  ['FI accommodation in 2026: 13.5 %', ...dom('FI', DAY, 13.5, 'accommodation')],
  ['CH accommodation: 3.8 % (MWSTG Art. 25(4))', ...dom('CH', DAY, 3.8, 'accommodation')],
  ['LI accommodation: 3.8 %', ...dom('LI', DAY, 3.8, 'accommodation')],
  ['NO accommodation: 12 %', ...dom('NO', DAY, 12, 'accommodation')],
  ['GB accommodation: 20 %, no reduced rate', ...dom('GB', DAY, 20, 'accommodation')],
  ['DK accommodation: 25 %', ...dom('DK', DAY, 25, 'accommodation')],
  // Restaurants.
  ['FR restaurant: 10 % (CGI art. 279 m)', ...dom('FR', DAY, 10, 'restaurant')],
  ['IT restaurant: 10 %', ...dom('IT', DAY, 10, 'restaurant')],
  ['AT restaurant: 10 %', ...dom('AT', DAY, 10, 'restaurant')],
  ['BE restaurant: 12 %', ...dom('BE', DAY, 12, 'restaurant')],
  ['PT restaurant: 13 %', ...dom('PT', DAY, 13, 'restaurant')],
  ['HU restaurant: 5 % (Áfa tv. 3. melléklet I. 54.)', ...dom('HU', DAY, 5, 'restaurant')],
  ['PL restaurant: 8 %', ...dom('PL', DAY, 8, 'restaurant')],
  ['DE restaurant in 2026: 7 %', ...dom('DE', DAY, 7, 'restaurant')],
  ['LU restaurant (without alcohol): 3 % (loi TVA annexe B 4°)', ...dom('LU', DAY, 3, 'food_service')],
  [
    'CH restaurant: 8.1 %, only take-away food is reduced (MWSTG Art. 25(3))',
    ...dom('CH', DAY, 8.1, 'restaurant'),
  ],
  ['NO restaurant: 25 %', ...dom('NO', DAY, 25, 'restaurant')],
  // A category at the standard rate.
  ['DE hairdressing: 19 %', ...dom('DE', DAY, 19, 'hairdressing')],
  ['NL hairdressing: 9 % (Tabel I b.7)', ...dom('NL', DAY, 9, 'hairdressing')],
];

/**
 * Before the first day the service holds a country's categories (its situation in the TEDB
 * snapshot), the law had a reduced rate (EE accommodation 9 % in 2024 and 13 % from 2025-01-01, FI
 * food 14 % in 2024) the service cannot know: no rate, said in the reasons, never the standard rate.
 */
const BEFORE_CATEGORY_DATA: [string, string, string, string][] = [
  ['EE', 'accommodation', '2024-12-31', '2025-07-01'],
  ['EE', 'accommodation', '2025-01-01', '2025-07-01'],
  ['FI', 'foodstuffs', '2024-08-31', '2025-07-01'],
];

/**
 * Categories with several rates in a country: the caller must pick the narrower goods. So is a
 * category whose only reduced rate is restricted (imports, camping sites, prescription medicines):
 * the rest of it is at the standard rate.
 */
const AMBIGUOUS: [string, string, number[], string?][] = [
  ['EL', 'foodstuffs', [13, 6]],
  // Wet OB 1968 Tabel I b.11 (hotels) struck from 2026-01-01; b.10 (camping sites) kept at 9 %.
  ['NL', 'accommodation', [21, 9], '2026-01-01'],
  ['NL', 'accommodation', [21, 9]],
  // Malta's 5 % on works of art applies to imports only; sold at home they are at 18 %.
  ['MT', 'pictures', [18, 5]],
  // VAT Act 1994 Sch. 8 Group 12: medicines dispensed on prescription only; others at 20 %.
  ['GB', 'pharmaceutical_products', [20, 0]],
  // Sch. 8 Group 8 item 4: vehicles for at least 10 passengers, trains, ships and aircraft; taxis at 20 %.
  ['GB', 'transport_passengers', [20, 0]],
  // Merverdiavgiftsloven § 5-9: cinemas and museums at 12 %; § 3-7 (1): concerts and theatre exempt.
  ['NO', 'cultural_events', [12, 0]],
  // The standard rate covers part of these too (foods no reduced rate lists), so it is listed.
  ['IT', 'foodstuffs', [22, 10, 5, 4]],
  ['PL', 'foodstuffs', [23, 8, 5]],
  ['HU', 'foodstuffs', [27, 18, 5]],
  ['PT', 'foodstuffs', [23, 13, 6]],
  ['SK', 'foodstuffs', [23, 19, 5]],
  ['IT', 'transport_passengers', [10, 5]],
  ['PL', 'loan_libraries', [8, 5]],
  // Ley 37/1992 art. 91.Dos.1: basic foods and medicines for human use at 4 %, the rest at 10 %.
  ['ES', 'foodstuffs', [21, 10, 4]],
  ['ES', 'pharmaceutical_products', [10, 4]],
];

// ---------------------------------------------------------------------------------------------
// Amounts: VAT from the net, rounded per line half up to the currency's minor unit.

const AMOUNT_CASES: [string, ReturnType<typeof body>, Expected][] = [
  [
    'DE 19 % on EUR 10.05: 1.9095 → 1.91',
    body('DE', 'DE', { amount: ['10.05', 'EUR'] }),
    { treatment: 'domestic', vat_country: 'DE', rate: 19, amount: ['10.05', '1.91', '11.96'] },
  ],
  [
    'FR books 5.5 % on EUR 3.00: 0.165 → 0.17 half up (not 0.16 as binary or banker’s rounding gives)',
    body('FR', 'FR', { amount: ['3.00', 'EUR'], category: 'loan_libraries' }),
    { treatment: 'domestic', vat_country: 'FR', rate: 5.5, amount: ['3.00', '0.17', '3.17'] },
  ],
  [
    'NL 21 % on EUR 0.50: 0.105 → 0.11',
    body('NL', 'NL', { amount: ['0.50', 'EUR'] }),
    { treatment: 'domestic', vat_country: 'NL', rate: 21, amount: ['0.50', '0.11', '0.61'] },
  ],
  [
    'DE 19 % on EUR 0.01: 0.0019 → 0.00',
    body('DE', 'DE', { amount: ['0.01', 'EUR'] }),
    { treatment: 'domestic', vat_country: 'DE', rate: 19, amount: ['0.01', '0.00', '0.01'] },
  ],
  [
    'DE 19 % on EUR 0.03: 0.0057 → 0.01',
    body('DE', 'DE', { amount: ['0.03', 'EUR'] }),
    { treatment: 'domestic', vat_country: 'DE', rate: 19, amount: ['0.03', '0.01', '0.04'] },
  ],
  [
    'DE 19 % on EUR 12,345,678.91: 2,345,678.9929 → 2,345,678.99',
    body('DE', 'DE', { amount: ['12345678.91', 'EUR'] }),
    {
      treatment: 'domestic',
      vat_country: 'DE',
      rate: 19,
      amount: ['12345678.91', '2345678.99', '14691357.90'],
    },
  ],
  [
    'IE 23 % on EUR 999,999,999.99: 229,999,999.9977 → 230,000,000.00',
    body('IE', 'IE', { amount: ['999999999.99', 'EUR'] }),
    {
      treatment: 'domestic',
      vat_country: 'IE',
      rate: 23,
      amount: ['999999999.99', '230000000.00', '1229999999.99'],
    },
  ],
  [
    'FI 25.5 % on EUR 19.90: 5.0745 → 5.07',
    body('FI', 'FI', { amount: ['19.90', 'EUR'] }),
    { treatment: 'domestic', vat_country: 'FI', rate: 25.5, amount: ['19.90', '5.07', '24.97'] },
  ],
  [
    'FI 25.5 % on EUR 0.30: 0.0765 → 0.08',
    body('FI', 'FI', { amount: ['0.30', 'EUR'] }),
    { treatment: 'domestic', vat_country: 'FI', rate: 25.5, amount: ['0.30', '0.08', '0.38'] },
  ],
  [
    'SE 25 % on SEK 1,234.56: 308.64',
    body('SE', 'SE', { amount: ['1234.56', 'SEK'] }),
    { treatment: 'domestic', vat_country: 'SE', rate: 25, amount: ['1234.56', '308.64', '1543.20'] },
  ],
  [
    'SE books 6 % on SEK 199: 11.94',
    body('SE', 'SE', { amount: ['199', 'SEK'], category: 'loan_libraries' }),
    { treatment: 'domestic', vat_country: 'SE', rate: 6, amount: ['199.00', '11.94', '210.94'] },
  ],
  [
    'PL 23 % on PLN 99.99: 22.9977 → 23.00',
    body('PL', 'PL', { amount: ['99.99', 'PLN'] }),
    { treatment: 'domestic', vat_country: 'PL', rate: 23, amount: ['99.99', '23.00', '122.99'] },
  ],
  [
    'PL restaurant 8 % on PLN 45.50: 3.64',
    body('PL', 'PL', { kind: 'services', amount: ['45.50', 'PLN'], category: 'restaurant' }),
    { treatment: 'domestic', vat_country: 'PL', rate: 8, amount: ['45.50', '3.64', '49.14'] },
  ],
  [
    'HU 27 % on HUF 10,000 (ISO 4217 gives HUF two decimals): 2,700.00',
    body('HU', 'HU', { amount: ['10000', 'HUF'] }),
    { treatment: 'domestic', vat_country: 'HU', rate: 27, amount: ['10000.00', '2700.00', '12700.00'] },
  ],
  [
    'HU 27 % on HUF 333.33: 89.9991 → 90.00',
    body('HU', 'HU', { amount: ['333.33', 'HUF'] }),
    { treatment: 'domestic', vat_country: 'HU', rate: 27, amount: ['333.33', '90.00', '423.33'] },
  ],
  [
    'CH 8.1 % on CHF 19.95: 1.61595 → 1.62',
    body('CH', 'CH', { amount: ['19.95', 'CHF'] }),
    { treatment: 'domestic', vat_country: 'CH', rate: 8.1, amount: ['19.95', '1.62', '21.57'] },
  ],
  [
    'CH accommodation 3.8 % on CHF 250: 9.50',
    body('CH', 'CH', { kind: 'services', amount: ['250.00', 'CHF'], category: 'accommodation' }),
    { treatment: 'domestic', vat_country: 'CH', rate: 3.8, amount: ['250.00', '9.50', '259.50'] },
  ],
  [
    'CH books 2.6 % on CHF 29.90: 0.7774 → 0.78',
    body('CH', 'CH', { amount: ['29.90', 'CHF'], category: 'books' }),
    { treatment: 'domestic', vat_country: 'CH', rate: 2.6, amount: ['29.90', '0.78', '30.68'] },
  ],
  [
    'GB 20 % on GBP 0.99: 0.198 → 0.20',
    body('GB', 'GB', { amount: ['0.99', 'GBP'] }),
    { treatment: 'domestic', vat_country: 'GB', rate: 20, amount: ['0.99', '0.20', '1.19'] },
  ],
  [
    'GB books zero-rated on GBP 12.99: 0.00',
    body('GB', 'GB', { amount: ['12.99', 'GBP'], category: 'books' }),
    { treatment: 'domestic', vat_country: 'GB', rate: 0, amount: ['12.99', '0.00', '12.99'] },
  ],
  [
    'DE 19 % on JPY 1,234 (no minor unit): 234.46 → 234',
    body('DE', 'DE', { amount: ['1234', 'JPY'] }),
    { treatment: 'domestic', vat_country: 'DE', rate: 19, amount: ['1234', '234', '1468'] },
  ],
  [
    'DE 19 % on JPY 50: 9.5 → 10 half up',
    body('DE', 'DE', { amount: ['50', 'JPY'] }),
    { treatment: 'domestic', vat_country: 'DE', rate: 19, amount: ['50', '10', '60'] },
  ],
  [
    'CH 8.1 % on JPY 1,250: 101.25 → 101',
    body('CH', 'CH', { amount: ['1250', 'JPY'] }),
    { treatment: 'domestic', vat_country: 'CH', rate: 8.1, amount: ['1250', '101', '1351'] },
  ],
  [
    'DE 19 % on BHD 10.000 (three decimals): 1.900',
    body('DE', 'DE', { amount: ['10', 'BHD'] }),
    { treatment: 'domestic', vat_country: 'DE', rate: 19, amount: ['10.000', '1.900', '11.900'] },
  ],
  [
    'DE services to a NL business, reverse charge on EUR 1,000: VAT 0.00',
    body('DE', 'NL', { kind: 'services', vat: SEEDED.NL, amount: ['1000.00', 'EUR'] }),
    { treatment: 'reverse_charge', vat_country: 'NL', rate: 0, amount: ['1000.00', '0.00', '1000.00'] },
  ],
  [
    'SE services to a PL business, reverse charge on SEK 5,000: VAT 0.00',
    body('SE', 'PL', { kind: 'services', vat: SEEDED.PL, amount: ['5000', 'SEK'] }),
    { treatment: 'reverse_charge', vat_country: 'PL', rate: 0, amount: ['5000.00', '0.00', '5000.00'] },
  ],
  [
    'DE goods to a FR business, intra-community supply of EUR 2,500.50: VAT 0.00',
    body('DE', 'FR', { vat: SEEDED.FR, seller_vat: SEEDED.DE, amount: ['2500.50', 'EUR'] }),
    {
      treatment: 'intra_community_supply',
      vat_country: 'FR',
      rate: 0,
      amount: ['2500.50', '0.00', '2500.50'],
    },
  ],
];

/** Exports: no vat_country, 0 %, VAT 0.00 (Art. 146; MWSTG Art. 23(2)(1)). */
const EXPORTS: [string, ReturnType<typeof body>, [string, string, string]][] = [
  [
    'DE goods to a CH buyer, export of EUR 500: VAT 0.00',
    body('DE', 'CH', { amount: ['500.00', 'EUR'] }),
    ['500.00', '0.00', '500.00'],
  ],
  [
    'CH goods to a DE buyer, export of CHF 80.05: VAT 0.00',
    body('CH', 'DE', { amount: ['80.05', 'CHF'] }),
    ['80.05', '0.00', '80.05'],
  ],
  [
    'PL goods to a NO buyer, export of PLN 1,000: VAT 0.00',
    body('PL', 'NO', { amount: ['1000', 'PLN'] }),
    ['1000.00', '0.00', '1000.00'],
  ],
];

// ---------------------------------------------------------------------------------------------
// Invoice notes: the mention of Art. 226(11a) ("Reverse charge") in each official language as the
// Directive's language versions write it, and the article, then English.

const REVERSE_CHARGE: [string, string, RegExp[]][] = [
  ['AT', 'de,en', [/Steuerschuldnerschaft des Leistungsempfängers/]],
  ['BE', 'nl,fr,de,en', [/verlegd/i, /autoliquidation/i, /Steuerschuldnerschaft/]],
  ['BG', 'bg,en', [/обратно начисляване/i]],
  ['CY', 'el,en', [/Αντίστροφη επιβάρυνση/i]],
  ['CZ', 'cs,en', [/daň odvede zákazník/i]],
  ['DE', 'de,en', [/Steuerschuldnerschaft des Leistungsempfängers/]],
  ['DK', 'da,en', [/omvendt betalingspligt/i]],
  ['EE', 'et,en', [/pöördmaksustamine/i]],
  ['EL', 'el,en', [/Αντίστροφη επιβάρυνση/i]],
  ['ES', 'es,en', [/inversión del sujeto pasivo/i]],
  ['FI', 'fi,sv,en', [/käännetty verovelvollisuus/i, /omvänd (betalnings|skatt)skyldighet/i]],
  ['FR', 'fr,en', [/autoliquidation/i]],
  ['HR', 'hr,en', [/prijenos porezne obveze/i]],
  ['HU', 'hu,en', [/fordított adózás/i]],
  ['IE', 'ga,en', [/196/]],
  ['IT', 'it,en', [/inversione contabile/i]],
  ['LT', 'lt,en', [/atvirkštinis apmokestinimas/i]],
  ['LU', 'fr,de,en', [/autoliquidation/i, /Steuerschuldnerschaft/]],
  ['LV', 'lv,en', [/nodokļa apgrieztā maksāšana/i]],
  ['MT', 'mt,en', [/196/]],
  ['NL', 'nl,en', [/verlegd/i]],
  ['PL', 'pl,en', [/odwrotne obciążenie/i]],
  ['PT', 'pt,en', [/autoliquidação/i]],
  ['RO', 'ro,en', [/taxare inversă/i]],
  ['SE', 'sv,en', [/omvänd betalningsskyldighet/i]],
  ['SI', 'sl,en', [/obrnjena davčna obveznost/i]],
  ['SK', 'sk,en', [/prenesenie daňovej povinnosti/i]],
];

/** Intra-community supplies (Art. 138, Art. 226(11)) from sellers with several languages, and others. */
const ICS: [string, string, string, RegExp[]][] = [
  [
    'BE',
    'DE',
    'nl,fr,de,en',
    [/intracommunautaire levering/i, /livraison intracommunautaire/i, /innergemeinschaftliche Lieferung/i],
  ],
  ['LU', 'FR', 'fr,de,en', [/livraison intracommunautaire/i, /innergemeinschaftliche Lieferung/i]],
  ['FI', 'SE', 'fi,sv,en', [/yhteisömyynti/i, /(gemenskapsintern|unionsintern)/i]],
  ['IE', 'NL', 'ga,en', [/138/]],
  ['MT', 'IT', 'mt,en', [/138/]],
  ['CY', 'EL', 'el,en', [/ενδοκοινοτική/i]],
  ['DE', 'AT', 'de,en', [/innergemeinschaftliche Lieferung/i]],
  ['FR', 'ES', 'fr,en', [/livraison intracommunautaire/i]],
  ['IT', 'DE', 'it,en', [/cessione intracomunitaria/i]],
  ['ES', 'PT', 'es,en', [/entrega intracomunitaria/i]],
  ['PL', 'CZ', 'pl,en', [/wewnątrzwspólnotowa dostawa/i]],
];

describeEachDialect('rates, amounts and notes through POST /v1/decisions', (dialect) => {
  const send = decidingWithTestKeys(dialect);

  async function decided(request: unknown) {
    const res = await send(request);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function check(request: ReturnType<typeof body>, expected: Expected) {
    const decision = await decided(request);
    expect({
      treatment: decision.treatment,
      vat_country: decision.vat_country,
      rate: decision.rate,
    }).toEqual({ treatment: expected.treatment, vat_country: expected.vat_country, rate: expected.rate });
    if (expected.rate_type !== undefined) expect(decision.rate_type).toBe(expected.rate_type);
    if (expected.amount) {
      const [net, vat, gross] = expected.amount;
      expect(decision.amount).toEqual({ net, vat, gross, currency: request.amount?.currency });
    }
    return decision;
  }

  it.each(STANDARD_CASES)('standard rate: %s', async (_name, request, expected) => {
    await check(request, expected);
  });

  it.each(CHANGE_CASES)('rate by date: %s', async (_name, request, expected) => {
    await check(request, expected);
  });

  it('CH on 2023-12-31 (7.7 % then): never the 8.1 % of 2024, and an unknown rate is said', async () => {
    const decision = await decided(body('CH', 'CH', { date: '2023-12-31', amount: ['100.00', 'CHF'] }));
    expect(decision.treatment).toBe('domestic');
    expect([7.7, null]).toContain(decision.rate);
    if (decision.rate === null) {
      expect(decision.amount).toBeNull();
      expect(decision.reasons.join(' ')).toMatch(/2024-01-01/);
    }
  });

  it.each(CATEGORY_CASES)('category: %s', async (_name, request, expected) => {
    const decision = await check(request, expected);
    expect(decision.category).toBe(request.supply.category);
  });

  it.each(BEFORE_CATEGORY_DATA)(
    'category before the data: %s %s on %s gets no rate, never the standard one',
    async (country, category, date, from) => {
      const kind = category === 'foodstuffs' ? 'goods' : 'services';
      const decision = await decided(
        body(country, country, { kind, category, date, amount: ['100.00', 'EUR'] }),
      );
      expect(decision).toMatchObject({
        treatment: 'domestic',
        vat_country: country,
        rate: null,
        amount: null,
      });
      expect(decision.reasons.join(' ')).toContain(from);
    },
  );

  it.each(AMBIGUOUS)(
    'category with several rates: %s %s is refused, listing them',
    async (country, category, rates, date) => {
      const place = ['accommodation', 'transport_passengers', 'cultural_events'].includes(category);
      const kind = place ? 'services' : 'goods';
      const res = await send(body(country, country, { kind, category, date }));
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('category_ambiguous');
      for (const rate of rates) expect(res.body.error.message).toContain(`${rate} %`);
    },
  );

  it.each(AMOUNT_CASES)('amount: %s', async (_name, request, expected) => {
    await check(request, expected);
  });

  it.each(EXPORTS)('amount: %s', async (_name, request, [net, vat, gross]) => {
    const decision = await decided(request);
    expect(decision).toMatchObject({ treatment: 'export', vat_country: null, charge_vat: false, rate: 0 });
    expect(decision.amount).toEqual({ net, vat, gross, currency: request.amount?.currency });
  });

  it.each(REVERSE_CHARGE)(
    'note: reverse charge by a %s seller in %s',
    async (seller, languages, mentions) => {
      const buyer = seller === 'DE' ? 'FR' : 'DE';
      const decision = await decided(body(seller, buyer, { kind: 'services', vat: SEEDED[buyer] }));
      expect(decision.treatment).toBe('reverse_charge');
      expect(decision.invoice_note.language).toBe(languages);
      const lines: string[] = decision.invoice_note.text.split('\n');
      expect(lines).toHaveLength(languages.split(',').length);
      // Each line cites Art. 196, and the last is the English "Reverse charge" of Art. 226(11a).
      for (const text of lines) expect(text).toMatch(/196/);
      expect(lines.at(-1)).toMatch(/^Reverse charge/);
      mentions.forEach((mention, i) => {
        expect(lines[i]).toMatch(mention);
      });
    },
  );

  it.each(ICS)(
    'note: intra-community supply by a %s seller to a %s business in %s',
    async (seller, buyer, languages, mentions) => {
      const decision = await decided(body(seller, buyer, { vat: SEEDED[buyer], seller_vat: SEEDED[seller] }));
      expect(decision.treatment).toBe('intra_community_supply');
      expect(decision.invoice_note.language).toBe(languages);
      const lines: string[] = decision.invoice_note.text.split('\n');
      expect(lines).toHaveLength(languages.split(',').length);
      for (const text of lines) {
        expect(text).toMatch(/138/);
        expect(text).toContain(SEEDED[seller]);
        expect(text).toContain(SEEDED[buyer]);
      }
      expect(lines.at(-1)).toMatch(/intra-community supply/i);
      mentions.forEach((mention, i) => {
        expect(lines[i]).toMatch(mention);
      });
    },
  );

  it('note: a CH export is in German, French and Italian, citing MWSTG Art. 23, then English', async () => {
    const decision = await decided(body('CH', 'DE'));
    expect(decision.invoice_note.language).toBe('de,fr,it,en');
    const lines: string[] = decision.invoice_note.text.split('\n');
    expect(lines).toHaveLength(4);
    for (const text of lines) expect(text).toMatch(/23/);
  });

  it('note: a LI export is in German, citing the Liechtenstein MWSTG, then English', async () => {
    const decision = await decided(body('LI', 'AT'));
    expect(decision.treatment).toBe('export');
    expect(decision.invoice_note.language).toBe('de,en');
  });

  it('note: a NO export is in Norwegian, citing mval. § 6-21, then English', async () => {
    const decision = await decided(body('NO', 'SE'));
    expect(decision.treatment).toBe('export');
    expect(decision.invoice_note.language).toMatch(/^(nb|no),en$/);
    expect(decision.invoice_note.text).toMatch(/6-21/);
  });

  it('note: a GB reverse-charge-free export is in English only', async () => {
    const decision = await decided(body('GB', 'FR'));
    expect(decision.treatment).toBe('export');
    expect(decision.invoice_note.language).toBe('en');
  });
});
