import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import {
  type CaseSale,
  caseBody,
  decidingWithTestKeys,
  type ExpectedDecision,
  expectDecision,
  NOT_ASSESSED,
  TEST_DOWN,
  TEST_INVALID,
  TEST_STALE,
  wellFormed,
  ZERO,
} from './api-support.js';

/**
 * Cases a tax adviser would check, written from Directive 2006/112/EC and Implementing Regulation
 * 282/2011 (and, for sellers outside the EU, the VAT Act 1994 with the Windsor Framework, the Swiss
 * and Liechtenstein MWSTG, the Norwegian merverdiavgiftsloven and the Australian GST Act), not from
 * the rules table: each states the sale, the article that decides it, and the outcome the law gives.
 * They go through POST /v1/decisions with test keys. Rates are the statutory ones on 2 March 2026.
 */

const DATE = '2026-03-02';

const body = (seller: string, buyer: string, kind: string, sale: CaseSale = {}) =>
  caseBody(seller, buyer, kind, sale, DATE);

type Expected = ExpectedDecision;

const std = (country: string, rate: number) => ({
  vat_country: country,
  charge_vat: true,
  rate,
  rate_type: 'standard',
});
const reduced = (country: string, rate: number) => ({
  vat_country: country,
  charge_vat: true,
  rate,
  rate_type: 'reduced',
});

const CASES: [string, ReturnType<typeof body>, Expected][] = [
  // Goods within one member state.
  [
    'DE goods to a DE consumer: domestic at 19 % (Art. 2(1)(a), 31)',
    body('DE', 'DE', 'goods'),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 2\(1\)\(a\)/] },
  ],
  [
    'DE goods to a DE business with a valid DE number: still domestic',
    body('DE', 'DE', 'goods', { vat: 'DE123456704' }),
    { treatment: 'domestic', ...std('DE', 19) },
  ],

  // Intra-community supplies (Art. 138) and their conditions.
  [
    'DE goods to a FR business with a valid FR number: exempt ICS, the arrival state named (Art. 138(1))',
    body('DE', 'FR', 'goods', { vat: 'FR', seller_vat: 'DE123456704' }),
    {
      treatment: 'intra_community_supply',
      vat_country: 'FR',
      ...ZERO,
      legal: [/Directive 2006\/112\/EC Art\. 138\(1\)$/, /Art\. 138\(1a\)/, /282\/2011 Art\. 45a/],
      reasons: [/EC Sales List/, /Art\. 45a/],
      note: /DE123456704 → FR/,
    },
  ],
  [
    'FR goods to a DE business whose last valid answer is 3 days old, registry down: ICS on the stale answer',
    body('FR', 'DE', 'goods', { vat: TEST_STALE }),
    { treatment: 'intra_community_supply', vat_country: 'DE', ...ZERO },
  ],
  [
    'DE goods dispatched from PL to a FR business with a DE number: ICS from PL (Art. 138(1)(b))',
    body('DE', 'FR', 'goods', { vat: 'DE123456704', ships_from: 'PL' }),
    { treatment: 'intra_community_supply', vat_country: 'FR', ...ZERO },
  ],
  [
    'DE goods to an AT business with a DE number (the dispatch state): no ICS, DE VAT (Art. 138(1)(b))',
    body('DE', 'AT', 'goods', { vat: 'DE123456704' }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 32/] },
  ],
  [
    'DE goods to a FR buyer whose number is not registered: DE VAT, never ICS (fails closed)',
    body('DE', 'FR', 'goods', { vat: TEST_INVALID }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 32/], reasons: [/not valid/] },
  ],
  [
    'FR goods to a DE buyer whose registry is down with nothing kept: FR VAT, never ICS',
    body('FR', 'DE', 'goods', { vat: TEST_DOWN }),
    { treatment: 'domestic', ...std('FR', 20), reasons: [/could not be checked/] },
  ],
  [
    'DE goods to a FR buyer that says it is a business but has no number: DE VAT, not a distance sale',
    body('DE', 'FR', 'goods', { business: true, over: true }),
    { treatment: 'domestic', ...std('DE', 19) },
  ],
  [
    'DE goods to a FR buyer with a valid number who buys as a consumer: a distance sale',
    body('DE', 'FR', 'goods', { vat: 'FR', business: false }),
    { treatment: 'distance_sale', ...std('DE', 19) },
  ],
  [
    'DE goods to a FR buyer with a malformed number: read as a consumer',
    body('DE', 'FR', 'goods', { vat: 'FR123' }),
    { treatment: 'distance_sale', ...std('DE', 19), reasons: [/format/] },
  ],

  // Distance sales of goods (Art. 14(4), 33, 59c) and the OSS.
  [
    'DE goods to a FR consumer, seller under EUR 10,000: DE VAT (Art. 59c(1))',
    body('DE', 'FR', 'goods'),
    { treatment: 'distance_sale', ...std('DE', 19), legal: [/Art\. 59c/] },
  ],
  [
    'DE goods to a FR consumer, seller over EUR 10,000: FR VAT through the OSS (Art. 33(a))',
    body('DE', 'FR', 'goods', { over: true }),
    { treatment: 'distance_sale', ...std('FR', 20), legal: [/Art\. 33\(a\)/], reasons: [/One-Stop Shop/] },
  ],
  [
    'DE goods to a FR consumer, seller under the threshold but in the OSS: FR VAT',
    body('DE', 'FR', 'goods', { oss: true }),
    { treatment: 'distance_sale', ...std('FR', 20) },
  ],
  [
    'DE goods dispatched from PL to a FR consumer: no threshold, FR VAT (Art. 59c(1)(b), 33(a))',
    body('DE', 'FR', 'goods', { ships_from: 'PL' }),
    { treatment: 'distance_sale', ...std('FR', 20), legal: [/Art\. 59c\(1\)\(b\)/] },
  ],
  [
    'DE goods dispatched from PL to a DE consumer: a distance sale into DE at 19 % (Art. 33(a))',
    body('DE', 'DE', 'goods', { ships_from: 'PL' }),
    { treatment: 'distance_sale', ...std('DE', 19) },
  ],
  [
    'Greece given as GR, seller over the threshold: EL VAT at 24 %',
    body('DE', 'GR', 'goods', { over: true }),
    { treatment: 'distance_sale', ...std('EL', 24) },
  ],
  [
    'DE goods to a Greek business (EL number): ICS into EL',
    body('DE', 'gr', 'goods', { vat: 'EL' }),
    { treatment: 'intra_community_supply', vat_country: 'EL', ...ZERO },
  ],
  [
    'DE goods dispatched from the buyer’s own country (FR to FR): not assessed',
    body('DE', 'FR', 'goods', { ships_from: 'FR' }),
    NOT_ASSESSED,
  ],
  [
    'DE goods shipped from CN to a FR consumer: an import, not assessed',
    body('DE', 'FR', 'goods', { ships_from: 'CN' }),
    { ...NOT_ASSESSED, reasons: [/EUR 150/] },
  ],

  // Exports (Art. 146).
  [
    'DE goods to a CH business: exempt export (Art. 146(1)(a))',
    body('DE', 'CH', 'goods', { vat: 'CH' }),
    { treatment: 'export', vat_country: null, ...ZERO, legal: [/Art\. 146\(1\)/] },
  ],
  [
    'DE goods to a Norwegian consumer: export, VOEC noted',
    body('DE', 'NO', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, reasons: [/NOK 3,000/] },
  ],
  [
    'DE goods to a GB consumer: export, GBP 135 noted',
    body('DE', 'GB', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, reasons: [/GBP 135/] },
  ],
  [
    'DE goods to a Liechtenstein consumer: export (LI is outside the EU VAT area)',
    body('DE', 'LI', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO },
  ],
  [
    'DE goods to an Australian consumer: export, AUD 1,000 noted',
    body('DE', 'AU', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, reasons: [/AUD 1,000/] },
  ],

  // Services: the general rules (Art. 44, 45, 196) and the customer's status (Reg. 282/2011 Art. 18).
  [
    'DE services to a FR business with a valid number: reverse charge in FR (Art. 44, 196)',
    body('DE', 'FR', 'services', { vat: 'FR' }),
    {
      treatment: 'reverse_charge',
      vat_country: 'FR',
      ...ZERO,
      legal: [/Art\. 44$/, /Art\. 196$/],
      note: /Art\. 196 MwStSystRL[\s\S]*Article 196 Directive 2006\/112\/EC/,
    },
  ],
  [
    'Greek seller given as GR, services to an IT business: reverse charge, note in Greek',
    body('GR', 'IT', 'services', { vat: 'IT' }),
    { treatment: 'reverse_charge', vat_country: 'IT', ...ZERO },
  ],
  [
    'DE services to a FR consumer: DE VAT (Art. 45)',
    body('DE', 'FR', 'services'),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 45$/] },
  ],
  [
    'DE services to a FR buyer whose number is not registered: treated as a consumer (Reg. Art. 18(2))',
    body('DE', 'FR', 'services', { vat: TEST_INVALID }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 45$/, /282\/2011 Art\. 18\(2\)/] },
  ],
  [
    'DE services to an AT buyer saying it is a business, no number: treated as a consumer (Art. 18(2))',
    body('DE', 'AT', 'services', { business: true }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/282\/2011 Art\. 18\(2\)/] },
  ],
  [
    'NL services to a NL business: domestic at 21 %',
    body('NL', 'NL', 'services', { vat: 'NL123456782B01' }),
    { treatment: 'domestic', ...std('NL', 21) },
  ],
  [
    'DE services to a Swiss business with a valid UID: outside the EU (Art. 44)',
    body('DE', 'CH', 'services', { vat: 'CH' }),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/Art\. 44$/] },
  ],
  [
    'DE services to a GB business with a valid number: outside the EU (Art. 44)',
    body('DE', 'GB', 'services', { vat: 'GB' }),
    { treatment: 'outside_scope', vat_country: null, ...ZERO },
  ],
  [
    'DE services to a GB buyer whose registry fails: treated as a consumer outside the EU (Reg. Art. 18(3))',
    body('DE', 'GB', 'services', { vat: 'GB999999918' }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 45$/, /282\/2011 Art\. 18\(3\)/] },
  ],
  [
    'DE services to a Northern Ireland business with an XI number: UK services, outside the EU',
    body('DE', 'XI', 'services', { vat: 'XI' }),
    { treatment: 'outside_scope', vat_country: null, ...ZERO },
  ],
  [
    'DE services to a Swiss consumer: DE VAT under the general rule (Art. 45)',
    body('DE', 'CH', 'services'),
    { treatment: 'domestic', ...std('DE', 19) },
  ],

  // Telecommunications, broadcasting and electronic services (Art. 58, 59c, OSS).
  [
    'DE e-services to a NL business: reverse charge (Art. 44, 196)',
    body('DE', 'NL', 'digital_services', { vat: 'NL123456782B01' }),
    { treatment: 'reverse_charge', vat_country: 'NL', ...ZERO },
  ],
  [
    'DE e-services to a FR consumer, under EUR 10,000: DE VAT (Art. 59c)',
    body('DE', 'FR', 'digital_services'),
    { treatment: 'distance_sale', ...std('DE', 19), legal: [/Art\. 59c/] },
  ],
  [
    'DE e-services to a FR consumer, over EUR 10,000: FR VAT through the OSS (Art. 58)',
    body('DE', 'FR', 'digital_services', { over: true }),
    { treatment: 'distance_sale', ...std('FR', 20), legal: [/Art\. 58$/], reasons: [/One-Stop Shop/] },
  ],
  [
    'DE e-services to an IT buyer with a number not registered: a consumer (Reg. Art. 18(2)), DE VAT under the threshold',
    body('DE', 'IT', 'digital_services', { vat: TEST_INVALID }),
    { treatment: 'distance_sale', ...std('DE', 19), legal: [/282\/2011 Art\. 18\(2\)/] },
  ],
  [
    'DE e-services in the OSS to a FR buyer saying it is a business, no number: a consumer (Art. 18(2)), FR VAT',
    body('DE', 'FR', 'digital_services', { business: true, oss: true }),
    { treatment: 'distance_sale', ...std('FR', 20), legal: [/Art\. 58$/, /282\/2011 Art\. 18\(2\)/] },
  ],
  [
    'IE e-services to a Norwegian consumer: taxed where the consumer lives (Art. 58), outside the EU',
    body('IE', 'NO', 'digital_services'),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/Directive 2006\/112\/EC Art\. 58/] },
  ],
  [
    'FR e-services to an Australian consumer: outside the EU (Art. 58)',
    body('FR', 'AU', 'digital_services'),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/Art\. 58/] },
  ],

  // Services bound to a place (Art. 47, 48, 53, 54, 55, 56).
  [
    'FR hotel stay sold to a DE business: FR VAT at 10 %, never a reverse charge (Art. 47)',
    body('FR', 'DE', 'services', { category: 'accommodation', vat: 'DE123456704' }),
    { treatment: 'domestic', ...reduced('FR', 10), legal: [/Art\. 47$/] },
  ],
  [
    'AT restaurant meal for an IT business: AT VAT at 10 % (Art. 55)',
    body('AT', 'IT', 'services', { category: 'restaurant', vat: 'IT' }),
    { treatment: 'domestic', ...reduced('AT', 10), legal: [/Art\. 55$/] },
  ],
  [
    'ES domestic passenger transport for a FR business: ES VAT at 10 % (Art. 48)',
    body('ES', 'FR', 'services', { category: 'transport_passengers', vat: 'FR' }),
    { treatment: 'domestic', ...reduced('ES', 10), legal: [/Art\. 48$/] },
  ],
  [
    'NL concert tickets for a BE business: NL VAT at 9 % (Art. 53)',
    body('NL', 'BE', 'services', { category: 'cultural_events', vat: 'BE' }),
    { treatment: 'domestic', ...reduced('NL', 9), legal: [/Art\. 53/] },
  ],
  [
    'NL concert tickets for a BE consumer: NL VAT at 9 % (Art. 54)',
    body('NL', 'BE', 'services', { category: 'cultural_events' }),
    { treatment: 'domestic', ...reduced('NL', 9), legal: [/54/] },
  ],
  [
    'DE seller, hotel in AT: taxed in AT, not assessed',
    body('DE', 'DE', 'services', { category: 'accommodation', performed_in: 'AT' }),
    NOT_ASSESSED,
  ],
  [
    'DE seller, passenger transport performed in FR: not assessed',
    body('DE', 'FR', 'services', { category: 'transport_passengers', performed_in: 'FR' }),
    NOT_ASSESSED,
  ],
  [
    'AT concert streamed to a DE consumer: not assessed',
    body('AT', 'DE', 'digital_services', { category: 'cultural_events' }),
    NOT_ASSESSED,
  ],
  [
    'Swiss hotel stay for a DE business: Swiss VAT at 3.8 %',
    body('CH', 'DE', 'services', { category: 'accommodation', vat: 'DE123456704' }),
    { treatment: 'domestic', ...reduced('CH', 3.8), legal: [/MWSTG \(CH\)/] },
  ],
  [
    'LU catering (food_service) for a DE business: LU VAT at 3 % where performed, never a reverse charge (Art. 55)',
    body('LU', 'DE', 'services', { category: 'food_service', vat: 'DE123456704' }),
    { treatment: 'domestic', vat_country: 'LU', charge_vat: true, rate: 3, legal: [/Art\. 55$/] },
  ],
  [
    'DE renovation of a building in DE for a FR business: DE VAT where the property is (Art. 47)',
    body('DE', 'FR', 'services', { category: 'renovation', vat: 'FR' }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 47$/] },
  ],
  [
    'DE renovation of a building in FR for a FR consumer: FR VAT where the property is, not assessed',
    body('DE', 'FR', 'services', { category: 'renovation', performed_in: 'FR' }),
    NOT_ASSESSED,
  ],
  [
    'DE short-term hire of a car handed over in DE to a FR business: DE VAT (Art. 56(1))',
    body('DE', 'FR', 'services', { category: 'hiring_short_period', vat: 'FR' }),
    { treatment: 'domestic', ...std('DE', 19), legal: [/Art\. 56\(1\)$/] },
  ],
  [
    'LU theatre tickets (event_access) for a DE business: LU VAT at 3 % (Art. 53)',
    body('LU', 'DE', 'services', { category: 'event_access', vat: 'DE123456704' }),
    { treatment: 'domestic', vat_country: 'LU', charge_vat: true, rate: 3, legal: [/Art\. 53/] },
  ],

  // Great Britain and Northern Ireland (VAT Act 1994, Windsor Framework).
  [
    'GB goods to a GB consumer: UK VAT at 20 %',
    body('GB', 'GB', 'goods'),
    { treatment: 'domestic', ...std('GB', 20), legal: [/VAT Act 1994 s\.4/] },
  ],
  [
    'GB goods to a Northern Ireland business: a UK sale at 20 %',
    body('GB', 'XI', 'goods', { vat: 'XI' }),
    { treatment: 'domestic', ...std('GB', 20) },
  ],
  [
    'GB goods to a FR consumer: zero-rated export (s.30(6)), IOSS noted',
    body('GB', 'FR', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, legal: [/s\.30\(6\)/], reasons: [/EUR 150/] },
  ],
  [
    'GB services to a DE consumer: UK VAT (s.7A(2)(b)), Schedule 4A para 16 noted',
    body('GB', 'DE', 'services'),
    {
      treatment: 'domestic',
      ...std('GB', 20),
      legal: [/s\.7A\(2\)\(b\)/],
      reasons: [/Schedule 4A paragraph 16 services not assessed/],
    },
  ],
  [
    'GB services to a DE business with a valid number: reverse charge in DE (Art. 196)',
    body('GB', 'DE', 'services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO, legal: [/Art\. 196$/] },
  ],
  [
    'GB e-services to an IT consumer: IT VAT from the first sale, non-Union OSS (Art. 58, 358a)',
    body('GB', 'IT', 'digital_services'),
    { treatment: 'distance_sale', ...std('IT', 22), legal: [/Art\. 58$/] },
  ],
  [
    'GB e-services to a Swiss consumer: made where the consumer belongs (Sch. 4A para. 15)',
    body('GB', 'CH', 'digital_services'),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/Sch\. 4A para\. 15/] },
  ],
  [
    'GB services to a Swiss business with a valid UID: outside UK VAT (s.7A(2)(a))',
    body('GB', 'CH', 'services', { vat: 'CH' }),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/s\.7A\(2\)\(a\)/] },
  ],
  [
    'XI goods to an IE business with an IE number: ICS under the Windsor Framework',
    body('XI', 'IE', 'goods', { vat: 'IE' }),
    {
      treatment: 'intra_community_supply',
      vat_country: 'IE',
      ...ZERO,
      legal: [/Art\. 138\(1\)$/, /VAT Regulations 1995 reg\. 133F/, /Windsor Framework/],
    },
  ],
  [
    'XI goods exported to a Swiss business: zero-rated by VAT Act 1994 s.30(6), the Directive by the Windsor Framework',
    body('XI', 'CH', 'goods', { vat: 'CH' }),
    {
      treatment: 'export',
      vat_country: null,
      ...ZERO,
      legal: [/Art\. 146\(1\)/, /VAT Act 1994 s\.30\(6\)/, /Windsor Framework/],
    },
  ],
  [
    'XI goods to an IE consumer under the threshold: UK VAT at 20 %',
    body('XI', 'IE', 'goods'),
    { treatment: 'distance_sale', vat_country: 'XI', charge_vat: true, rate: 20 },
  ],
  [
    'XI goods to an IE consumer over the threshold: IE VAT at 23 %',
    body('XI', 'IE', 'goods', { over: true }),
    { treatment: 'distance_sale', ...std('IE', 23) },
  ],
  [
    'XI services to a FR consumer: GB rules, UK VAT at 20 %',
    body('XI', 'FR', 'services'),
    { treatment: 'domestic', vat_country: 'XI', charge_vat: true, rate: 20 },
  ],
  [
    'XI goods to a GB consumer: a UK sale',
    body('XI', 'GB', 'goods'),
    { treatment: 'domestic', charge_vat: true, rate: 20, vat_country: 'XI' },
  ],
  [
    'IE goods to a Northern Ireland business with an XI number: ICS into XI',
    body('IE', 'XI', 'goods', { vat: 'XI' }),
    { treatment: 'intra_community_supply', vat_country: 'XI', ...ZERO },
  ],
  [
    'IE goods to a Northern Ireland business with a GB number: no ICS, IE VAT at 23 %',
    body('IE', 'XI', 'goods', { vat: 'GB' }),
    { treatment: 'domestic', ...std('IE', 23), reasons: [/XI number/] },
  ],
  [
    'IE goods to a Northern Ireland consumer, over the threshold: UK VAT at 20 %',
    body('IE', 'XI', 'goods', { over: true }),
    { treatment: 'distance_sale', vat_country: 'XI', charge_vat: true, rate: 20 },
  ],

  // Switzerland and Liechtenstein (MWSTG), Norway (mval.), Australia (GST Act).
  [
    'CH goods to a CH consumer: Swiss VAT at 8.1 %',
    body('CH', 'CH', 'goods'),
    { treatment: 'domestic', ...std('CH', 8.1) },
  ],
  [
    'CH services to a LI business: one VAT area, 8.1 %',
    body('CH', 'LI', 'services', { vat: 'CH' }),
    { treatment: 'domestic', ...std('CH', 8.1) },
  ],
  [
    'LI goods to a CH consumer: one VAT area, 8.1 %',
    body('LI', 'CH', 'goods'),
    { treatment: 'domestic', charge_vat: true, rate: 8.1, vat_country: 'LI' },
  ],
  [
    'CH goods to a DE consumer: Swiss export (MWSTG Art. 23)',
    body('CH', 'DE', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, legal: [/Art\. 23/], reasons: [/EUR 150/] },
  ],
  [
    'CH seller, goods from DE stock to a FR consumer: FR VAT (Art. 33(a), no threshold)',
    body('CH', 'FR', 'goods', { ships_from: 'DE' }),
    { treatment: 'distance_sale', ...std('FR', 20) },
  ],
  [
    'CH services to an AT consumer: outside Swiss VAT (MWSTG Art. 8)',
    body('CH', 'AT', 'services'),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/Art\. 8 Abs\. 1/] },
  ],
  [
    'CH e-services to an AT consumer: AT VAT, non-Union OSS',
    body('CH', 'AT', 'digital_services'),
    { treatment: 'distance_sale', ...std('AT', 20) },
  ],
  [
    'NO goods to a NO consumer: Norwegian VAT at 25 %',
    body('NO', 'NO', 'goods'),
    { treatment: 'domestic', ...std('NO', 25) },
  ],
  [
    'NO e-services to a SE consumer: SE VAT at 25 %, non-Union OSS',
    body('NO', 'SE', 'digital_services'),
    { treatment: 'distance_sale', ...std('SE', 25) },
  ],
  [
    'NO goods to a DE consumer: Norwegian export (§ 6-21)',
    body('NO', 'DE', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, legal: [/6-21/] },
  ],
  [
    'NO services to a DE business with a valid number: reverse charge in DE',
    body('NO', 'DE', 'services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO },
  ],
  [
    'AU services to an AU business: GST at 10 %',
    body('AU', 'AU', 'services', { vat: 'AU' }),
    { treatment: 'domestic', vat_country: 'AU', charge_vat: true, rate: 10, rate_type: 'standard' },
  ],
  [
    'AU goods to a GB consumer: GST-free export, GBP 135 noted',
    body('AU', 'GB', 'goods'),
    { treatment: 'export', vat_country: null, ...ZERO, legal: [/38-185/], reasons: [/GBP 135/] },
  ],
  [
    'AU e-services to a FR consumer: FR VAT at 20 %',
    body('AU', 'FR', 'digital_services'),
    { treatment: 'distance_sale', ...std('FR', 20) },
  ],
  [
    'AU services to a DE consumer: GST-free, outside GST (s 38-190)',
    body('AU', 'DE', 'services'),
    { treatment: 'outside_scope', vat_country: null, ...ZERO, legal: [/38-190/] },
  ],
];

describeEachDialect('cases from the Directive through POST /v1/decisions', (dialect) => {
  const send = decidingWithTestKeys(dialect);

  it.each(CASES)('%s', async (_name, request, expected) => {
    expectDecision(await send(request), expected);
  });

  it('answers a Greek number given with the GR prefix as Greek', async () => {
    const greek = wellFormed('EL').replace(/^EL/, 'GR');
    const res = await send(body('DE', 'GR', 'services', { vat: greek }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ treatment: 'reverse_charge', vat_country: 'EL' });
  });

  it('writes the amounts of a distance sale over the threshold at the buyer’s rate', async () => {
    const res = await send({
      ...body('DE', 'FR', 'goods', { over: true }),
      amount: { net: '100.00', currency: 'EUR' },
    });
    expect(res.body.data.amount).toEqual({ net: '100.00', vat: '20.00', gross: '120.00', currency: 'EUR' });
  });
});
