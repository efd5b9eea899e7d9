import { describe, expect, it } from 'vitest';
import {
  compareCity,
  compareCompanyType,
  compareNames,
  comparePostcode,
  compareStreet,
  computeMatch,
  hasTraderFields,
} from '../../src/matching/compare.js';
import { fold, nameForm, postcodeForm, streetForm } from '../../src/matching/normalise.js';

describe('normal forms', () => {
  it.each([
    ['Müller GmbH', 'mueller gmbh'],
    ['Société Générale S.A.', 'societe generale sa'],
    ['  ACME   Ltd. ', 'acme ltd'],
    ['Smith & Sons', 'smith and sons'],
    ['Łódź Sp. z o.o.', 'lodz sp z oo'],
    ['Straße', 'strasse'],
  ])('fold(%j) is %j', (text, folded) => expect(fold(text)).toBe(folded));

  it.each([
    ['Müller GmbH', { core: 'mueller', legalForm: 'gmbh' }],
    ['Acme Limited', { core: 'acme', legalForm: 'ltd' }],
    ['Société Générale S.A.', { core: 'societe generale', legalForm: 'sa' }],
    ['Polska Firma Sp. z o.o.', { core: 'polska firma', legalForm: 'spzoo' }],
    ['Schmidt GmbH & Co. KG', { core: 'schmidt', legalForm: 'gmbhcokg' }],
    ['GitHub B.V.', { core: 'github', legalForm: 'bv' }],
    ['Societe Generale', { core: 'societe generale', legalForm: null }],
  ])('nameForm(%j)', (name, form) => expect(nameForm(name)).toEqual(form));

  it.each([
    ['Hauptstr. 5', 'hauptstrasse 5'],
    ['Hauptstraße 5', 'hauptstrasse 5'],
    ['10 Downing St', '10 downing street'],
    ['Av. de la Liberté 3', 'avenue de la liberte 3'],
    ['12 Baker Rd.', '12 baker road'],
  ])('streetForm(%j) is %j', (street, form) => expect(streetForm(street)).toBe(form));

  it.each([
    ['D-10115', '10115'],
    ['NL 1017 HL', '1017hl'],
    ['SW1A 1AA', 'sw1a1aa'],
    ['75008', '75008'],
  ])('postcodeForm(%j) is %j', (postcode, form) => expect(postcodeForm(postcode)).toBe(form));
});

describe('names', () => {
  it.each([
    ['Müller GmbH', 'MUELLER GMBH', 'match'],
    ['Muller GmbH', 'MÜLLER GMBH', 'match'],
    ['Société Générale S.A.', 'Societe Generale', 'match'],
    ['Acme Ltd', 'ACME LIMITED', 'match'],
    ['GitHub B.V.', 'GITHUB B.V.', 'match'],
    ['Schmidt GmbH', 'Schmidt AG', 'partial'],
    ['Dupont', 'Dupont et Fils SARL', 'partial'],
    ['Microsoft Ireland Operations Limited', 'Microsoft Ireland Operations Ltd', 'match'],
    ['Bäckerei Schulz', 'Baeckerei Schultz', 'partial'],
    ['Acme Ltd', 'Globex Corporation', 'mismatch'],
    ['Nordic Timber AS', 'Baltic Timber Oy', 'partial'],
    ['Alpha Beta Gamma', 'Delta Epsilon', 'mismatch'],
  ])('%j against %j: %s', (given, registered, outcome) =>
    expect(compareNames(given, registered)).toBe(outcome),
  );
});

describe('company type', () => {
  it.each([
    ['GmbH', 'Müller GmbH', 'match'],
    ['Limited', 'Acme Ltd', 'match'],
    ['S.A.', 'Société Générale SA', 'match'],
    ['AG', 'Müller GmbH', 'mismatch'],
    ['GmbH', 'Müller', 'not_processed'],
    ['ES-3', 'Empresa SL', 'not_processed'],
  ])('%j against %j: %s', (given, name, outcome) => expect(compareCompanyType(given, name)).toBe(outcome));
});

describe('addresses', () => {
  const berlin = 'Hauptstraße 5\n10115 Berlin';
  const amsterdam = 'VIJZELSTRAAT 00068\n1017HL AMSTERDAM';
  const london = '10 DOWNING STREET, LONDON, SW1A 2AA';
  it.each([
    ['Hauptstr. 5', berlin, 'match'],
    ['Hauptstraße 7', berlin, 'partial'],
    ['Nebenweg 5', berlin, 'mismatch'],
    ['10 Downing St', london, 'match'],
    ['Vijzelstraat 00068', amsterdam, 'match'],
  ])('street %j in %j: %s', (street, address, outcome) =>
    expect(compareStreet(street, address)).toBe(outcome),
  );

  it.each([
    ['10115', berlin, 'match'],
    ['D-10115', berlin, 'match'],
    ['1017 HL', amsterdam, 'match'],
    ['SW1A 2AA', london, 'match'],
    ['SW1A 2AB', london, 'partial'],
    ['80331', berlin, 'mismatch'],
  ])('postcode %j in %j: %s', (postcode, address, outcome) =>
    expect(comparePostcode(postcode, address)).toBe(outcome),
  );

  it.each([
    ['Berlin', berlin, 'match'],
    ['berlin', berlin, 'match'],
    ['Amsterdam', amsterdam, 'match'],
    ['München', 'Marienplatz 1\n80331 Munchen', 'match'],
    ['Frankfurt am Main', 'Zeil 1\n60313 Frankfurt', 'partial'],
    ['Hamburg', berlin, 'mismatch'],
  ])('city %j in %j: %s', (city, address, outcome) => expect(compareCity(city, address)).toBe(outcome));
});

describe('computeMatch', () => {
  const company = { name: 'MÜLLER GMBH', address: 'Hauptstraße 5\n10115 Berlin' };

  it('compares every field given and leaves the others not processed', () => {
    expect(computeMatch({ trader_name: 'Mueller GmbH', trader_city: 'Berlin' }, company)).toEqual({
      name: 'match',
      company_type: 'not_processed',
      street: 'not_processed',
      postcode: 'not_processed',
      city: 'match',
      method: 'computed',
    });
  });

  it('processes nothing the registry withheld', () => {
    const withheld = computeMatch(
      { trader_name: 'Mueller GmbH', trader_street: 'Hauptstr. 5' },
      { name: null, address: null },
    );
    expect(withheld.name).toBe('not_processed');
    expect(withheld.street).toBe('not_processed');
    expect(computeMatch({ trader_name: 'X' }, null).name).toBe('not_processed');
  });

  it('knows when trader fields were given', () => {
    expect(hasTraderFields({})).toBe(false);
    expect(hasTraderFields({ trader_city: 'Berlin' })).toBe(true);
  });
});
