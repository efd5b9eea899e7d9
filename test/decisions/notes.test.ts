import { describe, expect, it } from 'vitest';
import { DECISION_COUNTRIES } from '../../src/decisions/facts.js';
import { noteLanguages, renderInvoiceNote, SELLER_LANGUAGES } from '../../src/decisions/notes.js';
import { DECISION_CASES, decideTreatment } from '../../src/decisions/rules.js';
import {
  type BuyerStanding,
  type DecisionInput,
  type NoteKey,
  type RuleOutcome,
  SUPPLY_KINDS,
} from '../../src/decisions/types.js';

const live = (country_code: string): BuyerStanding => ({
  kind: 'valid',
  country_code,
  source_status: 'live',
});

function sale(
  seller: string,
  buyer: string,
  kind: DecisionInput['supply']['kind'],
  over = false,
): DecisionInput {
  return {
    seller: { country_code: seller, eu_distance_sales_over_threshold: over },
    buyer: { country_code: buyer },
    supply: { kind },
    date: '2026-03-02',
  };
}

/** Every outcome a seller's country can produce, by note key, from a walk over buyers, kinds and standings. */
function outcomesBySeller(): Map<string, Map<NoteKey, RuleOutcome>> {
  const bySeller = new Map<string, Map<NoteKey, RuleOutcome>>();
  const places = [undefined, 'AT', 'CH'];
  for (const seller of DECISION_COUNTRIES) {
    const found = new Map<NoteKey, RuleOutcome>();
    for (const buyer of DECISION_COUNTRIES)
      for (const kind of SUPPLY_KINDS)
        for (const over of [false, true])
          for (const standing of [{ kind: 'no_number' } as BuyerStanding, live(buyer)])
            for (const from of places) {
              const input = sale(seller, buyer, kind, over);
              if (from && kind === 'goods') input.supply.ships_from = from;
              if (from && kind !== 'goods')
                Object.assign(input.supply, { category: 'restaurant', performed_in: from });
              const outcome = decideTreatment(input, standing);
              if (!found.has(outcome.note)) found.set(outcome.note, outcome);
            }
    bySeller.set(seller, found);
  }
  return bySeller;
}

describe('invoice notes', () => {
  it("has notes in the seller's languages and English for every note each country can produce", () => {
    const bySeller = outcomesBySeller();
    for (const [seller, outcomes] of bySeller) {
      const languages = noteLanguages(seller);
      expect(languages.at(-1), seller).toBe('en');
      for (const [key, outcome] of outcomes) {
        const note = renderInvoiceNote(outcome, {
          seller_country: seller,
          buyer_country: 'FR',
          rate: '20',
          seller_vat_number: 'DE123456704',
          buyer_vat_number: 'NL123456782B01',
        });
        const where = `${seller} ${key}`;
        expect(note.language, where).toBe(languages.join(','));
        const lines = note.text.split('\n');
        // One line per language; a rate line that reads the same in two ("VAT 20 %" in Polish and English) once.
        if (key === 'domestic' || key === 'distance_sale')
          expect(lines.length, where).toBeLessThanOrEqual(languages.length);
        else expect(lines, where).toHaveLength(languages.length);
        for (const text of lines) {
          expect(text.trim().length, where).toBeGreaterThan(2);
          expect(text, where).not.toMatch(/undefined|null|\{|\}/);
        }
      }
    }
    // Every seller can produce at least a domestic note and a not-assessed one.
    for (const outcomes of bySeller.values())
      expect([...outcomes.keys()]).toEqual(expect.arrayContaining(['domestic', 'not_assessed']));
  });

  it('writes a German reverse charge as a tax adviser would, with the article', () => {
    const row = DECISION_CASES.find((candidate) => candidate.id === 'reverse-charge-services')!;
    const outcome = decideTreatment(row.example.input, row.example.buyer);
    const note = renderInvoiceNote(outcome, { seller_country: 'DE', buyer_country: 'NL' });
    expect(note).toEqual({
      text: 'Steuerschuldnerschaft des Leistungsempfängers (Art. 196 MwStSystRL 2006/112/EG)\nReverse charge: VAT to be accounted for by the recipient (Article 196 Directive 2006/112/EC)',
      language: 'de,en',
    });
  });

  it('carries both numbers on an intra-community supply', () => {
    const row = DECISION_CASES.find((candidate) => candidate.id === 'intra-community-supply')!;
    const outcome = decideTreatment(row.example.input, row.example.buyer);
    const note = renderInvoiceNote(outcome, {
      seller_country: 'DE',
      buyer_country: 'NL',
      seller_vat_number: 'DE123456704',
      buyer_vat_number: 'NL123456782B01',
    });
    expect(note.text.split('\n')[1]).toBe(
      'Exempt intra-Community supply of goods (Article 138(1) Directive 2006/112/EC): DE123456704 → NL123456782B01',
    );
  });

  it('uses three languages in Belgium and Switzerland, the Swiss law in French and Italian, and English only in GB and AU', () => {
    expect(noteLanguages('BE')).toEqual(['nl', 'fr', 'de', 'en']);
    expect(noteLanguages('GB')).toEqual(['en']);
    const row = DECISION_CASES.find((candidate) => candidate.id === 'export-by-non-eu-seller')!;
    const outcome = decideTreatment(sale('CH', 'FR', 'goods'), row.example.buyer);
    const note = renderInvoiceNote(outcome, { seller_country: 'CH', buyer_country: 'FR' });
    expect(note.language).toBe('de,fr,it,en');
    expect(note.text).toContain('art. 23, al. 2, ch. 1 LTVA');
    expect(note.text).toContain('art. 23 cpv. 2 n. 1 LIVA');
    const au = renderInvoiceNote(decideTreatment(sale('AU', 'AU', 'services'), { kind: 'no_number' }), {
      seller_country: 'AU',
      buyer_country: 'AU',
      rate: '10',
    });
    expect(au).toEqual({ text: 'GST 10 %', language: 'en' });
  });

  it("says outside the scope which country's VAT is usually due, in the buyer's country name", () => {
    const outcome = decideTreatment(sale('FR', 'GB', 'services'), live('GB'));
    const note = renderInvoiceNote(outcome, { seller_country: 'FR', buyer_country: 'GB' });
    expect(note.text).toBe(
      'La TVA du pays du client (Royaume-Uni) est en général due par vous sur place : non examiné (article 44 de la directive 2006/112/CE)\nVAT of United Kingdom is usually due from you there: not assessed (Article 44 Directive 2006/112/EC)',
    );
  });

  it('lists languages for every country a decision can name', () => {
    expect(Object.keys(SELLER_LANGUAGES).sort()).toEqual([...DECISION_COUNTRIES].sort());
  });
});
