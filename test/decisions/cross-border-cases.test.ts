import { it } from 'vitest';
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
  ZERO,
} from './api-support.js';

/**
 * Cross-border cases written by a tax adviser from the law before reading the rules table: sellers
 * in GB, Northern Ireland, CH, LI, NO and AU selling to each other and into the EU, EU sellers
 * selling out of it and to Northern Ireland, goods held in another country than the seller's,
 * services bound to a place, buyer numbers that fail or come from a stale answer, the threshold
 * and the OSS, and dates around rate changes. Sources: Directive 2006/112/EC and Implementing
 * Regulation 282/2011; VAT Act 1994 and the Windsor Framework; the Swiss and Liechtenstein MWSTG;
 * the Norwegian merverdiavgiftsloven; the Australian GST Act. They go through POST /v1/decisions
 * with test keys; rates are the statutory ones on the date of each sale.
 */

const DATE = '2026-03-02';

/** Test-mode numbers: a valid answer kept an hour ago, a registry error (GB), valid UK/CH/NO/AU numbers. */
const CACHED = 'DE123456712';
const GB_ERROR = 'GB999999918';
const GB_VALID = 'GB123456727';
const CH_VALID = 'CHE100000006MWST';
const NO_VALID = 'NO900000006MVA';
const AU_VALID = 'AU51824753556';

/** A case's sale, with the date when it is not the suite's. */
type Sale = CaseSale & { date?: string };

const body = (seller: string, buyer: string, kind: string, sale: Sale = {}) =>
  caseBody(seller, buyer, kind, sale, sale.date ?? DATE);

type Expected = ExpectedDecision;

const EXPORT = { treatment: 'export', vat_country: null, ...ZERO } as const;
const OUTSIDE = { treatment: 'outside_scope', vat_country: null, ...ZERO } as const;
const at = (country: string, rate: number) => ({ vat_country: country, charge_vat: true, rate });

const CASES: [string, ReturnType<typeof body>, Expected][] = [
  // Great Britain: goods leave the UK zero-rated (VAT Act 1994 s.30(6)); GB and XI are one VAT area.
  [
    'GB goods to a DE business with a valid number: UK export, zero-rated (s.30(6)), the buyer imports',
    body('GB', 'DE', 'goods', { vat: 'DE123456704' }),
    { ...EXPORT, legal: [/s\.30\(6\)/] },
  ],
  [
    'GB goods to a Northern Ireland consumer: a UK sale at 20 %',
    body('GB', 'XI', 'goods'),
    { treatment: 'domestic', ...at('GB', 20) },
  ],
  [
    'GB goods to a Norwegian consumer: UK export, NOK 3,000 (VOEC) noted',
    body('GB', 'NO', 'goods'),
    { ...EXPORT, reasons: [/NOK 3,000/] },
  ],
  [
    'GB goods to an Australian consumer: UK export, AUD 1,000 noted',
    body('GB', 'AU', 'goods'),
    { ...EXPORT, reasons: [/AUD 1,000/] },
  ],
  [
    'GB services to a Northern Ireland business: one UK VAT area, 20 %',
    body('GB', 'XI', 'services', { vat: 'XI' }),
    { treatment: 'domestic', ...at('GB', 20) },
  ],
  [
    'GB services to a Northern Ireland consumer: a UK sale at 20 %',
    body('GB', 'XI', 'services'),
    { treatment: 'domestic', ...at('GB', 20) },
  ],
  [
    'GB e-services to a Northern Ireland consumer: a UK sale at 20 %',
    body('GB', 'XI', 'digital_services'),
    { treatment: 'domestic', ...at('GB', 20) },
  ],
  [
    'GB services to a Norwegian business with a valid number: outside UK VAT (s.7A(2)(a))',
    body('GB', 'NO', 'services', { vat: NO_VALID }),
    { ...OUTSIDE, legal: [/s\.7A\(2\)\(a\)/] },
  ],
  [
    'GB services to an Australian business with a valid ABN: outside UK VAT (s.7A(2)(a))',
    body('GB', 'AU', 'services', { vat: AU_VALID }),
    { ...OUTSIDE, legal: [/s\.7A\(2\)\(a\)/] },
  ],
  [
    'GB services to a FR buyer whose number is not registered: a consumer, UK VAT (s.7A(2)(b))',
    body('GB', 'FR', 'services', { vat: TEST_INVALID }),
    { treatment: 'domestic', ...at('GB', 20), reasons: [/Schedule 4A paragraph 16/] },
  ],
  [
    'GB e-services to a DE business with a valid number: reverse charge in DE (Art. 196)',
    body('GB', 'DE', 'digital_services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO, legal: [/Art\. 196$/] },
  ],
  [
    'GB e-services to a DE buyer whose registry is down: a consumer, DE VAT via the non-Union OSS',
    body('GB', 'DE', 'digital_services', { vat: TEST_DOWN }),
    { treatment: 'distance_sale', ...at('DE', 19), reasons: [/could not be checked/] },
  ],
  [
    'GB e-services to a Norwegian consumer: made where the consumer belongs (Sch. 4A para. 15)',
    body('GB', 'NO', 'digital_services'),
    { ...OUTSIDE, legal: [/Sch\. 4A para\. 15/] },
  ],
  ['GB e-services to an Australian consumer: outside UK VAT', body('GB', 'AU', 'digital_services'), OUTSIDE],
  [
    'GB seller, goods from DE stock to a FR business with a valid number: ICS from DE (Art. 138(1))',
    body('GB', 'FR', 'goods', { vat: 'FR', ships_from: 'DE' }),
    { treatment: 'intra_community_supply', vat_country: 'FR', ...ZERO, legal: [/Art\. 138\(1\)$/] },
  ],
  [
    'GB seller, goods from DE stock to a DE consumer: a sale within DE, not assessed',
    body('GB', 'DE', 'goods', { ships_from: 'DE' }),
    NOT_ASSESSED,
  ],
  [
    'GB seller, goods from FR stock to a GB consumer: exempt EU export from FR (Art. 146(1)(a))',
    body('GB', 'GB', 'goods', { ships_from: 'FR' }),
    { ...EXPORT, legal: [/Art\. 146\(1\)/] },
  ],
  [
    'GB seller, goods from Northern Ireland stock to an IE business: ICS from XI (Windsor Framework)',
    body('GB', 'IE', 'goods', { vat: 'IE', ships_from: 'XI' }),
    { treatment: 'intra_community_supply', vat_country: 'IE', ...ZERO },
  ],
  [
    'GB seller, goods from Northern Ireland stock to a FR consumer: no threshold, FR VAT (Art. 33(a))',
    body('GB', 'FR', 'goods', { ships_from: 'XI' }),
    { treatment: 'distance_sale', ...at('FR', 20) },
  ],
  [
    'GB seller, goods from Northern Ireland stock to a Northern Ireland consumer: a UK sale at 20 %, goods rules of XI',
    body('GB', 'XI', 'goods', { ships_from: 'XI' }),
    { treatment: 'domestic', ...at('XI', 20) },
  ],
  [
    'GB seller, goods shipped from CN to a FR consumer: an import, IOSS noted, not assessed',
    body('GB', 'FR', 'goods', { ships_from: 'CN' }),
    { ...NOT_ASSESSED, reasons: [/EUR 150/] },
  ],
  [
    'GB hotel stay in GB for a FR business: UK VAT where the land is (Sch. 4A para. 1), 20 %',
    body('GB', 'FR', 'services', { vat: 'FR', category: 'accommodation' }),
    { treatment: 'domestic', ...at('GB', 20) },
  ],
  [
    'GB seller, hotel stay in FR: taxed in FR, not assessed',
    body('GB', 'FR', 'services', { category: 'accommodation', performed_in: 'FR' }),
    NOT_ASSESSED,
  ],

  // Northern Ireland: EU rules for goods, GB rules for services.
  [
    'XI goods to a DE business with a valid number: ICS into DE, both numbers on the note',
    body('XI', 'DE', 'goods', { vat: 'DE123456704', seller_vat: 'XI123456727' }),
    {
      treatment: 'intra_community_supply',
      vat_country: 'DE',
      ...ZERO,
      legal: [/Art\. 138\(1\)$/],
      note: /XI123456727 → DE123456704/,
    },
  ],
  [
    'XI goods to a FR buyer whose number is not registered: UK VAT at 20 %, never ICS (Art. 32)',
    body('XI', 'FR', 'goods', { vat: TEST_INVALID }),
    { treatment: 'domestic', ...at('XI', 20), legal: [/Art\. 32/] },
  ],
  [
    'XI goods to a DE business with a GB number: not a member-state number, UK VAT at 20 %',
    body('XI', 'DE', 'goods', { vat: GB_VALID }),
    { treatment: 'domestic', ...at('XI', 20) },
  ],
  [
    'XI goods to a FR consumer, seller in the OSS: FR VAT (Art. 33(a))',
    body('XI', 'FR', 'goods', { oss: true }),
    { treatment: 'distance_sale', ...at('FR', 20) },
  ],
  [
    'XI goods to a Norwegian consumer: export, NOK 3,000 noted',
    body('XI', 'NO', 'goods'),
    { ...EXPORT, reasons: [/NOK 3,000/] },
  ],
  [
    'XI seller, goods from GB stock to an IE consumer: leaves the UK zero-rated, an import into IE',
    body('XI', 'IE', 'goods', { ships_from: 'GB' }),
    { ...EXPORT, reasons: [/EUR 150/] },
  ],
  [
    'XI seller, goods from GB stock to a Northern Ireland consumer: a UK sale at 20 %, supplied where they leave (GB)',
    body('XI', 'XI', 'goods', { ships_from: 'GB' }),
    { treatment: 'domestic', ...at('GB', 20), legal: [/Windsor Framework/] },
  ],
  [
    'XI services to a DE business with a valid number: reverse charge in DE (Art. 196)',
    body('XI', 'DE', 'services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO },
  ],
  [
    'XI services to a GB business: one UK VAT area, 20 %',
    body('XI', 'GB', 'services', { vat: GB_VALID }),
    { treatment: 'domestic', ...at('XI', 20) },
  ],
  [
    'XI e-services to a FR consumer: services follow GB, FR VAT from the first sale (non-Union OSS)',
    body('XI', 'FR', 'digital_services'),
    { treatment: 'distance_sale', ...at('FR', 20), legal: [/Art\. 58$/] },
  ],
  [
    'XI e-services to a GB consumer: a UK sale at 20 %',
    body('XI', 'GB', 'digital_services'),
    { treatment: 'domestic', ...at('XI', 20) },
  ],
  [
    'XI hotel stay in Northern Ireland for an IE business: UK VAT where the land is, 20 %',
    body('XI', 'IE', 'services', { vat: 'IE', category: 'accommodation' }),
    { treatment: 'domestic', ...at('XI', 20) },
  ],

  // EU sellers to Northern Ireland, GB, CH, LI, NO, AU.
  [
    'FR goods to a Northern Ireland consumer, under the threshold: FR VAT (Art. 59c)',
    body('FR', 'XI', 'goods'),
    { treatment: 'distance_sale', ...at('FR', 20) },
  ],
  [
    'IE goods to a Northern Ireland consumer, seller in the OSS: UK VAT at 20 %',
    body('IE', 'XI', 'goods', { oss: true }),
    { treatment: 'distance_sale', ...at('XI', 20) },
  ],
  [
    'FR services to a Northern Ireland consumer: FR VAT under the general rule (Art. 45)',
    body('FR', 'XI', 'services'),
    { treatment: 'domestic', ...at('FR', 20), legal: [/Art\. 45$/] },
  ],
  [
    'FR e-services to a Northern Ireland consumer: services outside the EU, UK VAT (Art. 58)',
    body('FR', 'XI', 'digital_services'),
    { ...OUTSIDE, legal: [/Art\. 58$/] },
  ],
  [
    'FR e-services to a Northern Ireland business with an XI number: the XI number is for goods, outside the EU (Art. 44)',
    body('FR', 'XI', 'digital_services', { vat: 'XI' }),
    { ...OUTSIDE, legal: [/Art\. 44$/] },
  ],
  [
    'FR goods to a Liechtenstein business: exempt export (Art. 146(1)(a))',
    body('FR', 'LI', 'goods', { business: true }),
    { ...EXPORT, legal: [/Art\. 146\(1\)/] },
  ],
  [
    'FR services to a Liechtenstein consumer: FR VAT (Art. 45)',
    body('FR', 'LI', 'services'),
    { treatment: 'domestic', ...at('FR', 20) },
  ],
  [
    'FR e-services to a Liechtenstein consumer: outside the EU (Art. 58)',
    body('FR', 'LI', 'digital_services'),
    OUTSIDE,
  ],
  [
    'FR services to a Liechtenstein buyer saying it is a business, no number: a consumer (Reg. Art. 18(3)), FR VAT',
    body('FR', 'LI', 'services', { business: true }),
    { treatment: 'domestic', ...at('FR', 20) },
  ],
  [
    'FR services to a Norwegian business with a valid number: outside the EU (Art. 44)',
    body('FR', 'NO', 'services', { vat: NO_VALID }),
    { ...OUTSIDE, legal: [/Art\. 44$/] },
  ],
  [
    'FR services to an Australian business with a valid ABN: outside the EU (Art. 44)',
    body('FR', 'AU', 'services', { vat: AU_VALID }),
    { ...OUTSIDE, legal: [/Art\. 44$/] },
  ],
  [
    'FR services to an Australian buyer saying it is a business, no number: a consumer, FR VAT',
    body('FR', 'AU', 'services', { business: true }),
    { treatment: 'domestic', ...at('FR', 20) },
  ],
  [
    'DE e-services to a GB buyer whose registry errs: a consumer outside the EU, still outside (Art. 58)',
    body('DE', 'GB', 'digital_services', { vat: GB_ERROR }),
    OUTSIDE,
  ],
  [
    'DE e-services to a Swiss business with a valid UID: outside the EU (Art. 44)',
    body('DE', 'CH', 'digital_services', { vat: CH_VALID }),
    { ...OUTSIDE, legal: [/Art\. 44$/] },
  ],
  [
    'DE hotel stay in DE for a GB business: DE VAT at 7 % (Art. 47)',
    body('DE', 'GB', 'services', { vat: GB_VALID, category: 'accommodation' }),
    { treatment: 'domestic', ...at('DE', 7), rate_type: 'reduced' },
  ],
  [
    'IT hotel stay in IT for a Northern Ireland business: IT VAT at 10 %',
    body('IT', 'XI', 'services', { vat: 'XI', category: 'accommodation' }),
    { treatment: 'domestic', ...at('IT', 10) },
  ],
  [
    'IE seller, hotel stay in Northern Ireland: taxed in the UK, not assessed',
    body('IE', 'XI', 'services', { category: 'accommodation', performed_in: 'XI' }),
    NOT_ASSESSED,
  ],
  [
    'FR seller, hotel stay in CH: taxed in CH, not assessed',
    body('FR', 'CH', 'services', { category: 'accommodation', performed_in: 'CH' }),
    NOT_ASSESSED,
  ],

  // EU sellers, goods held elsewhere.
  [
    'DE seller, goods from Northern Ireland stock to a FR business: ICS from XI (Art. 138(1))',
    body('DE', 'FR', 'goods', { vat: 'FR', ships_from: 'XI' }),
    { treatment: 'intra_community_supply', vat_country: 'FR', ...ZERO },
  ],
  [
    'DE seller, goods from Northern Ireland stock to a FR consumer: no threshold, FR VAT',
    body('DE', 'FR', 'goods', { ships_from: 'XI' }),
    { treatment: 'distance_sale', ...at('FR', 20) },
  ],
  [
    'DE seller, goods from Northern Ireland stock to a GB consumer: a sale within the UK, not assessed',
    body('DE', 'GB', 'goods', { ships_from: 'XI' }),
    NOT_ASSESSED,
  ],
  [
    'DE seller, goods from AT stock to an AT business: a sale within AT, not assessed',
    body('DE', 'AT', 'goods', { vat: 'AT', ships_from: 'AT' }),
    NOT_ASSESSED,
  ],
  [
    'DE seller, goods from CH to a FR business: an import, not assessed',
    body('DE', 'FR', 'goods', { vat: 'FR', ships_from: 'CH' }),
    NOT_ASSESSED,
  ],
  [
    'DE seller, goods from GB to a DE consumer: an import, IOSS noted, not assessed',
    body('DE', 'DE', 'goods', { ships_from: 'GB' }),
    { ...NOT_ASSESSED, reasons: [/EUR 150/] },
  ],
  [
    'FR seller, goods from DE stock to a Swiss business: exempt export from DE (Art. 146(1)(a))',
    body('FR', 'CH', 'goods', { vat: CH_VALID, ships_from: 'DE' }),
    EXPORT,
  ],
  [
    'DE seller, goods from CH stock to a CH consumer: a Swiss sale, not assessed',
    body('DE', 'CH', 'goods', { ships_from: 'CH' }),
    NOT_ASSESSED,
  ],

  // Switzerland and Liechtenstein: one VAT area; services taxed where the recipient is (MWSTG Art. 8(1)).
  [
    'CH goods to a LI business: one VAT area, 8.1 %',
    body('CH', 'LI', 'goods', { business: true }),
    { treatment: 'domestic', ...at('CH', 8.1) },
  ],
  [
    'CH e-services to a LI consumer: one VAT area, 8.1 %',
    body('CH', 'LI', 'digital_services'),
    { treatment: 'domestic', ...at('CH', 8.1) },
  ],
  [
    'LI goods to a LI consumer: 8.1 %',
    body('LI', 'LI', 'goods'),
    { treatment: 'domestic', ...at('LI', 8.1) },
  ],
  [
    'LI services to an AT business with a valid number: reverse charge in AT (Art. 196)',
    body('LI', 'AT', 'services', { vat: 'AT' }),
    { treatment: 'reverse_charge', vat_country: 'AT', ...ZERO },
  ],
  [
    'LI e-services to a FR consumer: FR VAT, non-Union OSS',
    body('LI', 'FR', 'digital_services'),
    { treatment: 'distance_sale', ...at('FR', 20) },
  ],
  [
    'LI goods to an AT consumer: export, IOSS noted',
    body('LI', 'AT', 'goods'),
    { ...EXPORT, reasons: [/EUR 150/] },
  ],
  [
    'LI services to a DE consumer: outside Liechtenstein VAT (MWSTG Art. 8)',
    body('LI', 'DE', 'services'),
    OUTSIDE,
  ],
  [
    'CH services to a DE business with a valid number: reverse charge in DE (Art. 196)',
    body('CH', 'DE', 'services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO },
  ],
  [
    'CH e-services to a DE business with a valid number: reverse charge in DE',
    body('CH', 'DE', 'digital_services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO },
  ],
  [
    'CH services to a GB business with a valid number: outside Swiss VAT (MWSTG Art. 8(1))',
    body('CH', 'GB', 'services', { vat: GB_VALID }),
    OUTSIDE,
  ],
  [
    'CH services to a DE buyer whose registry is down: a consumer, still outside Swiss VAT',
    body('CH', 'DE', 'services', { vat: TEST_DOWN }),
    OUTSIDE,
  ],
  [
    'CH goods to a GB consumer: Swiss export, GBP 135 noted',
    body('CH', 'GB', 'goods'),
    { ...EXPORT, legal: [/Art\. 23/], reasons: [/GBP 135/] },
  ],
  [
    'CH goods to a Norwegian consumer: Swiss export, NOK 3,000 noted',
    body('CH', 'NO', 'goods'),
    { ...EXPORT, reasons: [/NOK 3,000/] },
  ],
  [
    'CH seller, goods from DE stock to a FR business: ICS from DE',
    body('CH', 'FR', 'goods', { vat: 'FR', ships_from: 'DE' }),
    { treatment: 'intra_community_supply', vat_country: 'FR', ...ZERO },
  ],
  [
    'CH seller, goods from DE stock to a DE consumer: a sale within DE, not assessed',
    body('CH', 'DE', 'goods', { ships_from: 'DE' }),
    NOT_ASSESSED,
  ],
  [
    'CH seller, goods from LI stock to a CH consumer: one VAT area, Swiss VAT at 8.1 %',
    body('CH', 'CH', 'goods', { ships_from: 'LI' }),
    {
      treatment: 'domestic',
      ...at('CH', 8.1),
      legal: [/MWSTG \(CH\) Art\. 3$/],
      notReasons: [/delivered in Liechtenstein/],
    },
  ],
  [
    'CH seller, goods from LI stock to a LI business: one VAT area, Swiss VAT at 8.1 %',
    body('CH', 'LI', 'goods', { business: true, ships_from: 'LI' }),
    { treatment: 'domestic', ...at('CH', 8.1), legal: [/Treaty between Switzerland and Liechtenstein/] },
  ],
  [
    'LI seller, goods from CH stock to a LI consumer: one VAT area, Liechtenstein VAT at 8.1 %',
    body('LI', 'LI', 'goods', { ships_from: 'CH' }),
    { treatment: 'domestic', ...at('LI', 8.1), legal: [/MWSTG \(LI\) Art\. 3$/] },
  ],
  [
    'CH concert tickets in CH: exempt unless opted for tax (MWSTG Art. 21 Abs. 2 Ziff. 14, Art. 22), not assessed',
    body('CH', 'CH', 'services', { category: 'cultural_events' }),
    { ...NOT_ASSESSED, legal: [/Art\. 21 Abs\. 2 Ziff\. 14, 15/, /Art\. 22$/], reasons: [/opted/] },
  ],
  [
    'CH theatre tickets for a DE business: exempt unless opted, not assessed (never 8.1 % as a guess)',
    body('CH', 'DE', 'services', { vat: 'DE123456704', category: 'theatre_performances' }),
    NOT_ASSESSED,
  ],
  [
    'LI football match tickets for a CH consumer: exempt unless opted (MWSTG (LI) Art. 21 Abs. 2 Ziff. 15)',
    body('LI', 'CH', 'services', { category: 'sporting_events' }),
    { ...NOT_ASSESSED, legal: [/MWSTG \(LI\) Art\. 21/] },
  ],
  [
    'CH seller, event admission in LI: one VAT area, exempt unless opted, not assessed',
    body('CH', 'AT', 'services', { category: 'admission_sporting_events', performed_in: 'LI' }),
    NOT_ASSESSED,
  ],
  [
    'DE sports event tickets in DE for a CH consumer: DE rules (Art. 54), not the Swiss exemption',
    body('DE', 'CH', 'services', { category: 'sporting_events' }),
    { treatment: 'domestic', vat_country: 'DE', charge_vat: true, rate: 19 },
  ],
  [
    'CH seller, goods from DE stock to a CH consumer: exempt EU export from DE (Art. 146)',
    body('CH', 'CH', 'goods', { ships_from: 'DE' }),
    EXPORT,
  ],
  [
    'CH hotel stay in CH for a GB consumer: Swiss VAT at 3.8 %',
    body('CH', 'GB', 'services', { category: 'accommodation' }),
    { treatment: 'domestic', ...at('CH', 3.8) },
  ],
  [
    'CH seller, hotel stay in DE: taxed in DE, not assessed',
    body('CH', 'DE', 'services', { category: 'accommodation', performed_in: 'DE' }),
    NOT_ASSESSED,
  ],
  [
    'LI hotel stay in LI for a CH business: one VAT area, 3.8 %',
    body('LI', 'CH', 'services', { vat: CH_VALID, category: 'accommodation' }),
    { treatment: 'domestic', ...at('LI', 3.8) },
  ],

  // Norway (merverdiavgiftsloven).
  [
    'NO services to a NO business: Norwegian VAT at 25 %',
    body('NO', 'NO', 'services', { vat: NO_VALID }),
    { treatment: 'domestic', ...at('NO', 25) },
  ],
  [
    'NO e-services to a NO consumer: Norwegian VAT at 25 %',
    body('NO', 'NO', 'digital_services'),
    { treatment: 'domestic', ...at('NO', 25) },
  ],
  [
    'NO services to a GB business with a valid number: outside Norwegian VAT (§ 6-22)',
    body('NO', 'GB', 'services', { vat: GB_VALID }),
    OUTSIDE,
  ],
  [
    'NO e-services to a GB consumer: UK VAT due there, outside',
    body('NO', 'GB', 'digital_services'),
    OUTSIDE,
  ],
  [
    'NO e-services to a FR buyer whose number is not registered: a consumer, FR VAT (non-Union OSS)',
    body('NO', 'FR', 'digital_services', { vat: TEST_INVALID }),
    { treatment: 'distance_sale', ...at('FR', 20), reasons: [/not valid/] },
  ],
  [
    'NO goods to a SE business with a valid number: Norwegian export (§ 6-21)',
    body('NO', 'SE', 'goods', { vat: 'SE' }),
    { ...EXPORT, legal: [/6-21/] },
  ],
  [
    'NO goods to a GB consumer: Norwegian export, GBP 135 noted',
    body('NO', 'GB', 'goods'),
    { ...EXPORT, reasons: [/GBP 135/] },
  ],
  [
    'NO goods to an Australian consumer: Norwegian export, AUD 1,000 noted',
    body('NO', 'AU', 'goods'),
    { ...EXPORT, reasons: [/AUD 1,000/] },
  ],
  [
    'NO seller, goods from SE stock to a FI consumer: no threshold, FI VAT at 25.5 %',
    body('NO', 'FI', 'goods', { ships_from: 'SE' }),
    { treatment: 'distance_sale', ...at('FI', 25.5) },
  ],
  [
    'NO hotel stay in NO for a DE business: Norwegian VAT at 12 %',
    body('NO', 'DE', 'services', { vat: 'DE123456704', category: 'accommodation' }),
    { treatment: 'domestic', ...at('NO', 12), rate_type: 'reduced' },
  ],
  [
    'NO passenger transport in NO for a DE consumer: Norwegian VAT at 12 %',
    body('NO', 'DE', 'services', { category: 'transport_passengers' }),
    { treatment: 'domestic', ...at('NO', 12), rate_type: 'reduced' },
  ],

  // Australia (GST Act).
  [
    'AU goods to an AU consumer: GST at 10 %',
    body('AU', 'AU', 'goods'),
    { treatment: 'domestic', ...at('AU', 10) },
  ],
  [
    'AU e-services to an AU consumer: GST at 10 %',
    body('AU', 'AU', 'digital_services'),
    { treatment: 'domestic', ...at('AU', 10) },
  ],
  [
    'AU e-services to a DE business with a valid number: reverse charge in DE',
    body('AU', 'DE', 'digital_services', { vat: 'DE123456704' }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO },
  ],
  [
    'AU services to a GB business with a valid number: GST-free (s 38-190)',
    body('AU', 'GB', 'services', { vat: GB_VALID }),
    { ...OUTSIDE, legal: [/38-190/] },
  ],
  [
    'AU e-services to a GB consumer: UK VAT due there, outside GST',
    body('AU', 'GB', 'digital_services'),
    OUTSIDE,
  ],
  [
    'AU e-services to a Northern Ireland consumer: services follow GB, UK VAT due there',
    body('AU', 'XI', 'digital_services'),
    OUTSIDE,
  ],
  [
    'AU e-services to a Norwegian consumer: Norwegian VAT due there (VOEC), outside GST',
    body('AU', 'NO', 'digital_services'),
    OUTSIDE,
  ],
  [
    'AU goods to a Norwegian consumer: GST-free export, NOK 3,000 noted',
    body('AU', 'NO', 'goods'),
    { ...EXPORT, reasons: [/NOK 3,000/] },
  ],
  [
    'AU seller, goods from NL stock to a BE consumer: BE VAT at 21 % (Art. 33(a))',
    body('AU', 'BE', 'goods', { ships_from: 'NL' }),
    { treatment: 'distance_sale', ...at('BE', 21) },
  ],
  [
    'AU passenger transport in AU: GST at 10 %',
    body('AU', 'AU', 'services', { category: 'transport_passengers' }),
    { treatment: 'domestic', ...at('AU', 10) },
  ],

  // Goods across the UK's two areas and through third countries.
  [
    'XI goods to an IE buyer quoting an XI number: a number of the dispatch state, UK VAT at 20 % (Art. 138(1)(b))',
    body('XI', 'IE', 'goods', { vat: 'XI' }),
    { treatment: 'domestic', ...at('XI', 20), legal: [/Art\. 138\(1\)\(b\)/] },
  ],
  [
    'IE seller, goods from Northern Ireland stock to a Northern Ireland business: a sale within the UK, not assessed',
    body('IE', 'XI', 'goods', { vat: 'XI', ships_from: 'XI' }),
    NOT_ASSESSED,
  ],
  [
    'DE goods to a FR business quoting a NL number: ICS, any member state but the dispatch state (Art. 138(1)(b))',
    body('DE', 'FR', 'goods', { vat: 'NL123456782B01' }),
    { treatment: 'intra_community_supply', vat_country: 'FR', ...ZERO },
  ],
  [
    'GB seller, hotel stay in Northern Ireland: one UK VAT area, 20 %',
    body('GB', 'FR', 'services', { category: 'accommodation', performed_in: 'XI' }),
    { treatment: 'domestic', ...at('XI', 20) },
  ],
  [
    'XI seller, hotel stay in GB: one UK VAT area, 20 %',
    body('XI', 'IE', 'services', { category: 'accommodation', performed_in: 'GB' }),
    { treatment: 'domestic', ...at('GB', 20) },
  ],
  [
    'CH seller, hotel stay in LI: one VAT area, 3.8 %',
    body('CH', 'DE', 'services', { category: 'accommodation', performed_in: 'LI' }),
    { treatment: 'domestic', ...at('LI', 3.8) },
  ],
  [
    'GB seller, goods from IE stock to a Northern Ireland business with an XI number: ICS into XI',
    body('GB', 'XI', 'goods', { vat: 'XI', ships_from: 'IE' }),
    { treatment: 'intra_community_supply', vat_country: 'XI', ...ZERO },
  ],
  [
    'GB seller, goods from IE stock to a GB consumer: exempt EU export (Art. 146), GBP 135 noted',
    body('GB', 'GB', 'goods', { ships_from: 'IE' }),
    { ...EXPORT, legal: [/Art\. 146\(1\)/], reasons: [/GBP 135/] },
  ],
  [
    'GB seller, goods from IE stock to a Northern Ireland consumer: no threshold, UK VAT at 20 % (Art. 33(a))',
    body('GB', 'XI', 'goods', { ships_from: 'IE' }),
    { treatment: 'distance_sale', ...at('XI', 20) },
  ],
  [
    'AU seller, goods from NL stock to an AU consumer: exempt EU export, AUD 1,000 noted',
    body('AU', 'AU', 'goods', { ships_from: 'NL' }),
    { ...EXPORT, reasons: [/AUD 1,000/] },
  ],
  [
    'CH seller, goods from DE stock to a FR buyer whose number is not registered: DE VAT at 19 % (Art. 32)',
    body('CH', 'FR', 'goods', { vat: TEST_INVALID, ships_from: 'DE' }),
    { treatment: 'domestic', ...at('DE', 19), legal: [/Art\. 32/] },
  ],
  [
    'FR seller, goods from GB stock to a GB business: a sale within the UK, not assessed',
    body('FR', 'GB', 'goods', { vat: GB_VALID, ships_from: 'GB' }),
    NOT_ASSESSED,
  ],
  [
    'NO goods to a SE consumer: Norwegian export, IOSS noted',
    body('NO', 'SE', 'goods'),
    { ...EXPORT, reasons: [/EUR 150/] },
  ],
  [
    'CH goods to a Northern Ireland consumer: Swiss export, the UK’s GBP 135 rule noted (not the IOSS)',
    body('CH', 'XI', 'goods'),
    { ...EXPORT, reasons: [/GBP 135/], notReasons: [/EUR 150/] },
  ],
  [
    'DE seller, goods from CN to a Northern Ireland consumer: an import into the UK, GBP 135 noted',
    body('DE', 'XI', 'goods', { ships_from: 'CN' }),
    { ...NOT_ASSESSED, reasons: [/GBP 135/] },
  ],
  [
    'XI seller, goods from GB stock to an IE business: UK export, no low-value note for a business',
    body('XI', 'IE', 'goods', { vat: 'IE', ships_from: 'GB' }),
    { ...EXPORT, legal: [/s\.30\(6\)/], notReasons: [/EUR 150/] },
  ],
  [
    'NO seller, goods from SE stock to a NO consumer: exempt EU export, NOK 3,000 noted',
    body('NO', 'NO', 'goods', { ships_from: 'SE' }),
    { ...EXPORT, reasons: [/NOK 3,000/] },
  ],
  [
    'CH seller, goods from CN to a CH consumer: an import into CH, not assessed',
    body('CH', 'CH', 'goods', { ships_from: 'CN' }),
    NOT_ASSESSED,
  ],
  [
    'DE services to a FR consumer, seller in the OSS: the OSS does not move general services, DE VAT (Art. 45)',
    body('DE', 'FR', 'services', { oss: true }),
    { treatment: 'domestic', ...at('DE', 19), legal: [/Art\. 45$/] },
  ],

  // Buyer numbers: a valid answer kept, a stale one, a registry down.
  [
    'FR services to a DE business whose valid answer is an hour old: reverse charge',
    body('FR', 'DE', 'services', { vat: CACHED }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO },
  ],
  [
    'FR services to a DE business whose last valid answer is 3 days old, registry down: reverse charge, flagged',
    body('FR', 'DE', 'services', { vat: TEST_STALE }),
    { treatment: 'reverse_charge', vat_country: 'DE', ...ZERO, source_status: 'unavailable' },
  ],
  [
    'FR services to a DE buyer whose registry is down, nothing kept: a consumer, FR VAT (Reg. Art. 18(2))',
    body('FR', 'DE', 'services', { vat: TEST_DOWN }),
    { treatment: 'domestic', ...at('FR', 20), reasons: [/could not be checked/] },
  ],
  [
    'FR e-services in the OSS to a DE buyer whose registry is down: a consumer, DE VAT at 19 %',
    body('FR', 'DE', 'digital_services', { vat: TEST_DOWN, oss: true }),
    { treatment: 'distance_sale', ...at('DE', 19) },
  ],

  // Dates: the start of the OSS, and rate changes.
  [
    'DE goods to a FR consumer on 2021-07-01, over the threshold: FR VAT, no rate held that early',
    body('DE', 'FR', 'goods', { over: true, date: '2021-07-01' }),
    { treatment: 'distance_sale', vat_country: 'FR', charge_vat: true, rate: null },
  ],
  [
    'DE e-services to an EE consumer on 2025-06-30, seller in the OSS: 22 %',
    body('DE', 'EE', 'digital_services', { oss: true, date: '2025-06-30' }),
    { treatment: 'distance_sale', ...at('EE', 22) },
  ],
  [
    'DE e-services to an EE consumer on 2025-07-01, seller in the OSS: 24 %',
    body('DE', 'EE', 'digital_services', { oss: true, date: '2025-07-01' }),
    { treatment: 'distance_sale', ...at('EE', 24) },
  ],
  [
    'EE goods to a FI consumer on 2025-07-01, under the threshold: EE VAT at 24 %',
    body('EE', 'FI', 'goods', { date: '2025-07-01' }),
    { treatment: 'distance_sale', ...at('EE', 24) },
  ],
  [
    'GB e-services to an EE consumer on 2025-07-01: EE VAT at 24 %',
    body('GB', 'EE', 'digital_services', { date: '2025-07-01' }),
    { treatment: 'distance_sale', ...at('EE', 24) },
  ],
  [
    'SK goods to a SK consumer on 2024-12-31: 20 %',
    body('SK', 'SK', 'goods', { date: '2024-12-31' }),
    { treatment: 'domestic', ...at('SK', 20) },
  ],
  [
    'SK goods to a SK consumer on 2025-01-01: 23 %',
    body('SK', 'SK', 'goods', { date: '2025-01-01' }),
    { treatment: 'domestic', ...at('SK', 23) },
  ],
];

describeEachDialect('cross-border cases through POST /v1/decisions', (dialect) => {
  const send = decidingWithTestKeys(dialect);

  it.each(CASES)('%s', async (_name, request, expected) => {
    expectDecision(await send(request), expected);
  });
});
