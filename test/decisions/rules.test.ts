import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISION_COUNTRIES } from '../../src/decisions/facts.js';
import { DECISION_CASES, decideTreatment } from '../../src/decisions/rules.js';
import {
  type BuyerStanding,
  type DecisionInput,
  SUPPLY_KINDS,
  TREATMENTS,
} from '../../src/decisions/types.js';
import { PROJECT_ROOT } from '../helpers/processes.js';

const live = (country_code: string): BuyerStanding => ({
  kind: 'valid',
  country_code,
  source_status: 'live',
});

function sale(
  seller: string,
  buyer: string,
  kind: DecisionInput['supply']['kind'],
  extra: Partial<DecisionInput['supply']> = {},
): DecisionInput {
  return {
    seller: { country_code: seller, eu_distance_sales_over_threshold: false },
    buyer: { country_code: buyer },
    supply: { kind, ...extra },
    date: '2026-03-02',
  };
}

describe('the rules table', () => {
  it('has unique ids, and each row decides its own example as stated', () => {
    const ids = DECISION_CASES.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of DECISION_CASES) {
      const { reasons, ...rest } = decideTreatment(row.example.input, row.example.buyer);
      expect(rest, row.id).toEqual(row.example.expected);
      expect(rest.case_id, row.id).toBe(row.id);
      expect(reasons.length, row.id).toBeGreaterThan(0);
      for (const reason of reasons) expect(reason, row.id).not.toMatch(/\{[a-z]+\}/);
    }
  });

  it('produces every treatment through some row', () => {
    const produced = new Set(DECISION_CASES.map((row) => row.example.expected.treatment));
    expect([...produced].sort()).toEqual([...TREATMENTS].sort());
  });

  it('finds a case for every pair of countries, kind and standing of the buyer', () => {
    const standings: BuyerStanding[] = [
      { kind: 'no_number' },
      { kind: 'malformed', detail: 'too short' },
      { kind: 'invalid', source_status: 'live' },
      { kind: 'unavailable', detail: 'VIES down' },
      { kind: 'degraded', detail: 'partial answer' },
    ];
    let decided = 0;
    const wrong: string[] = [];
    for (const seller of DECISION_COUNTRIES)
      for (const buyer of DECISION_COUNTRIES)
        for (const kind of SUPPLY_KINDS)
          for (const standing of [...standings, live(buyer)]) {
            const input = sale(seller, buyer, kind);
            if (standing.kind !== 'no_number') input.buyer.vat_number = `${buyer}X`;
            const outcome = decideTreatment(input, standing);
            decided++;
            const where = `${kind} ${seller} to ${buyer}, ${standing.kind}: ${outcome.case_id}`;
            // Fails closed: only a confirmed number gives a zero-rated business sale.
            if (
              standing.kind !== 'valid' &&
              ['reverse_charge', 'intra_community_supply'].includes(outcome.treatment)
            )
              wrong.push(`${where} without a confirmed number`);
            if (outcome.treatment === 'not_assessed' && outcome.charge_vat !== null)
              wrong.push(`${where} charges`);
            if (outcome.charge_vat === true && outcome.rate_country === null && outcome.fixed_rate === null)
              wrong.push(`${where} charges at no rate`);
            if (outcome.zero_rated && outcome.charge_vat !== false)
              wrong.push(`${where} zero-rated yet charged`);
          }
    // One assertion for the whole walk: per-item expects would make it slow on a busy machine.
    expect(wrong).toEqual([]);
    expect(decided).toBe(33 * 33 * 3 * 6);
  });
});

describe('fails closed', () => {
  const failures: BuyerStanding[] = [
    { kind: 'invalid', source_status: 'live' },
    { kind: 'unavailable', detail: 'VIES did not answer' },
    { kind: 'degraded', detail: 'the member state answered without a name' },
  ];

  it('never reverse charges services on a number that is invalid, unchecked or degraded, and says why', () => {
    for (const standing of failures) {
      const input = sale('DE', 'FR', 'services');
      input.buyer.vat_number = 'FR10123456717';
      const outcome = decideTreatment(input, standing);
      expect(outcome).toMatchObject({ treatment: 'domestic', vat_country: 'DE', rate_country: 'DE' });
      expect(outcome.legal_basis).toContain('Implementing Regulation (EU) 282/2011 Art. 18(2)');
      expect(outcome.reasons.join(' ')).toMatch(/not valid|could not be checked|degraded/);
    }
  });

  it('taxes goods to a buyer that says it is a business at the rate of the dispatch state, not as a distance sale', () => {
    for (const standing of failures) {
      const input = sale('DE', 'FR', 'goods', { ships_from: 'PL' });
      input.buyer.vat_number = 'FR10123456717';
      const outcome = decideTreatment(input, standing);
      expect(outcome).toMatchObject({
        case_id: 'goods-business-number-not-confirmed',
        vat_country: 'PL',
        rate_country: 'PL',
      });
    }
  });

  it('treats a buyer whose number fails its syntax as a consumer, and says so', () => {
    const input = sale('DE', 'FR', 'goods');
    input.buyer.vat_number = 'FR123';
    const outcome = decideTreatment(input, {
      kind: 'malformed',
      detail: 'FR numbers have 11 characters after the prefix',
    });
    expect(outcome.case_id).toBe('distance-sale-goods-under-threshold');
    expect(outcome.reasons.join(' ')).toContain('not charged');
  });

  it('wants an XI number for goods to Northern Ireland', () => {
    const input = sale('IE', 'XI', 'goods');
    input.buyer.vat_number = 'GB123456727';
    const withGb = decideTreatment(input, live('GB'));
    expect(withGb.case_id).toBe('goods-business-number-not-confirmed');
    expect(withGb.reasons.join(' ')).toContain('XI number');
    const withXi = decideTreatment(input, live('XI'));
    expect(withXi).toMatchObject({ treatment: 'intra_community_supply', vat_country: 'XI' });
  });

  it('does not exempt goods to a number of the dispatch state', () => {
    const input = sale('DE', 'FR', 'goods');
    input.buyer.vat_number = 'DE123456704';
    expect(decideTreatment(input, live('DE')).case_id).toBe('goods-business-number-not-confirmed');
  });

  it('uses a confirmed number only when the buyer does not say it buys as a consumer', () => {
    const input = sale('DE', 'NL', 'services');
    input.buyer.vat_number = 'NL123456782B01';
    input.buyer.is_business = false;
    expect(decideTreatment(input, live('NL')).treatment).toBe('domestic');
  });
});

describe('the cases a tax adviser would check', () => {
  const cases: [string, DecisionInput, BuyerStanding, Record<string, unknown>][] = [
    [
      'Greece is EL',
      sale('DE', 'EL', 'services'),
      live('EL'),
      { treatment: 'reverse_charge', vat_country: 'EL' },
    ],
    [
      'digital services to an EU business',
      sale('FR', 'NL', 'digital_services'),
      live('NL'),
      { treatment: 'reverse_charge' },
    ],
    [
      'XI services follow GB',
      sale('XI', 'FR', 'services'),
      { kind: 'no_number' },
      { case_id: 'services-uk-seller-to-consumer-abroad', rate_country: 'GB' },
    ],
    [
      'XI goods follow the EU',
      sale('XI', 'FR', 'goods'),
      live('FR'),
      { treatment: 'intra_community_supply' },
    ],
    [
      'EU goods to an XI consumer at the UK rate',
      {
        ...sale('DE', 'XI', 'goods'),
        seller: { country_code: 'DE', eu_distance_sales_over_threshold: true },
      },
      { kind: 'no_number' },
      { treatment: 'distance_sale', vat_country: 'XI', rate_country: 'GB' },
    ],
    [
      'XI to GB goods',
      sale('XI', 'GB', 'goods'),
      { kind: 'no_number' },
      { treatment: 'domestic', rate_country: 'GB' },
    ],
    [
      'LI to CH',
      sale('LI', 'CH', 'goods'),
      { kind: 'no_number' },
      { case_id: 'ch-li-one-vat-area', rate_country: 'LI' },
    ],
    [
      'CH seller, goods from DE stock to LI',
      sale('CH', 'LI', 'goods', { ships_from: 'DE' }),
      { kind: 'no_number' },
      { case_id: 'export-from-eu' },
    ],
    [
      'AU domestic goods at GST 10',
      sale('AU', 'AU', 'goods'),
      { kind: 'no_number' },
      { treatment: 'domestic', fixed_rate: 10, rate_country: null },
    ],
    [
      'AU export',
      sale('AU', 'GB', 'goods'),
      { kind: 'no_number' },
      { treatment: 'export', zero_rated: true },
    ],
    [
      'GB digital services to an EU consumer',
      sale('GB', 'IT', 'digital_services'),
      { kind: 'no_number' },
      { treatment: 'distance_sale', rate_country: 'IT' },
    ],
    ['GB services to a GB business', sale('GB', 'GB', 'services'), live('GB'), { treatment: 'domestic' }],
    [
      'NO services to an EU business',
      sale('NO', 'DE', 'services'),
      live('DE'),
      { treatment: 'reverse_charge', vat_country: 'DE' },
    ],
    [
      'restaurant abroad',
      sale('IT', 'IT', 'services', { category: 'restaurant', performed_in: 'FR' }),
      { kind: 'no_number' },
      { treatment: 'not_assessed' },
    ],
    [
      'passenger transport at home',
      sale('ES', 'FR', 'services', { category: 'transport_passengers' }),
      live('FR'),
      { treatment: 'domestic', rate_country: 'ES' },
    ],
  ];
  for (const [name, input, standing, expected] of cases)
    it(name, () => expect(decideTreatment(input, standing)).toMatchObject(expected));

  it('notes the low-value consignment rules without assessing them', () => {
    expect(decideTreatment(sale('DE', 'GB', 'goods'), { kind: 'no_number' }).reasons.join(' ')).toContain(
      'GBP 135',
    );
    expect(decideTreatment(sale('DE', 'NO', 'goods'), { kind: 'no_number' }).reasons.join(' ')).toContain(
      'NOK 3,000',
    );
    expect(decideTreatment(sale('GB', 'AU', 'goods'), { kind: 'no_number' }).reasons.join(' ')).toContain(
      'AUD 1,000',
    );
    expect(decideTreatment(sale('CH', 'FR', 'goods'), { kind: 'no_number' }).reasons.join(' ')).toContain(
      'EUR 150',
    );
    expect(decideTreatment(sale('CH', 'FR', 'goods'), live('FR')).reasons.join(' ')).not.toContain('EUR 150');
  });
});

describe('docs/decisions.md', () => {
  it('lists every case of the table', () => {
    const docs = readFileSync(join(PROJECT_ROOT, 'docs', 'decisions.md'), 'utf8');
    for (const row of DECISION_CASES) expect(docs, row.id).toContain(`\`${row.id}\``);
  });
});
