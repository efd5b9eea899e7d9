/**
 * The computed comparison's rules one by one (docs/matching.md): letters, legal forms, names and
 * their thresholds, streets, postcodes and towns, and registered addresses in layouts the service
 * cannot read, which never raise and never match. The practitioner's pairs run through the API in
 * pairs.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRegisteredAddress } from '../../src/matching/address.js';
import {
  compareCity,
  compareCompanyType,
  compareNames,
  comparePostcode,
  compareStreet,
  computeMatch,
  hasTraderFields,
} from '../../src/matching/compare.js';
import { legalFormNamed, legalFormsVersion, splitLegalForm } from '../../src/matching/legal-forms.js';
import {
  greekSpellings,
  MEMO_MAX_CHARS,
  memoisedByText,
  oneSlipApart,
  SLIP_MIN_LENGTH,
  wordsOf,
} from '../../src/matching/letters.js';
import { SHORTENED_MIN_LENGTH } from '../../src/matching/names.js';

const plain = (text: string) => wordsOf(text).map((word) => word.plain);
const spelled = (text: string) => wordsOf(text).map((word) => word.spelled);

describe('letters', () => {
  it.each([
    ['Müller GmbH', ['muller', 'gmbh'], ['mueller', 'gmbh']],
    ['Ærø Øster Ålborg', ['aero', 'oster', 'alborg'], ['aeroe', 'oester', 'aalborg']],
    ['Straße', ['strasse'], ['strasse']],
    ['Łódź Győr Đakovo', ['lodz', 'gyor', 'dakovo'], ['lodz', 'gyor', 'djakovo']],
    ['ΕΡΜΟΥ Λευκωσία', ['ermoy', 'leykosia'], ['ermou', 'lefkosia']],
    ['ЩАСТИЕ Княз Александър', ['shchastie', 'knyaz', 'aleksandr'], ['shtastie', 'knyaz', 'aleksandar']],
    ["L'ORÉAL", ['loreal'], ['loreal']],
    ['ＡＣＭＥ　Ｌｔｄ', ['acme', 'ltd'], ['acme', 'ltd']],
    ['S.A. G.m.b.H. Ges.m.b.H. St.Gallen', ['sa', 'gmbh', 'gesmbh', 'st', 'gallen'], undefined],
    ['Smith & Sons', ['smith', '&', 'sons'], undefined],
  ])('%j reads %j (and %j)', (text, plainWords, spelledWords) => {
    expect(plain(text)).toEqual(plainWords);
    expect(spelled(text)).toEqual(spelledWords ?? plainWords);
  });

  it('gives the words of a Greek text their Latin spellings: β as b or v, η as e or i, φ as f or ph', () => {
    const [alfa, ermou] = wordsOf('ΑΛΦΑ ΕΡΜΟΥ');
    expect(alfa).toMatchObject({ plain: 'alfa', spelled: 'alfa' });
    expect(new Set(greekSpellings(alfa))).toEqual(new Set(['alfa', 'alpha']));
    expect(new Set(greekSpellings(ermou))).toEqual(new Set(['ermou']));
    expect(new Set(greekSpellings(wordsOf('ΒΗΤΑ')[0]))).toEqual(new Set(['vita', 'bita', 'veta', 'beta']));
    expect(wordsOf('Beta')[0].marked).toBeUndefined();
    // The control characters that stand for those letters while a text is spelled out are
    // dropped from the text first: one of its own never becomes a letter.
    expect(new Set(greekSpellings(wordsOf('ΒΗΤΑ\u0001\u0002')[0]))).toEqual(
      new Set(['vita', 'bita', 'veta', 'beta']),
    );
    expect(greekSpellings(wordsOf('ΤΑ\u0003\u000e\u0011')[0])).toEqual(['ta']);
  });

  it('spells χ, υ, αυ and ευ, μπ and ντ each common way, each one way throughout a word', () => {
    expect(new Set(greekSpellings(wordsOf('ΧΑΤΖΗΣ')[0]))).toEqual(
      new Set(['chatzis', 'hatzis', 'khatzis', 'chatzes', 'hatzes', 'khatzes']),
    );
    expect(new Set(greekSpellings(wordsOf('ΜΠΑΜΠΑΣ')[0]))).toEqual(new Set(['babas', 'bambas', 'mpampas']));
    expect(new Set(greekSpellings(wordsOf('ΝΤΟΝΤΑ')[0]))).toEqual(new Set(['ntonta', 'donda']));
    expect(new Set(greekSpellings(wordsOf('ΕΥΣΤΑΘΙΑ ΑΥΡΑ')[0]))).toEqual(new Set(['efstathia', 'evstathia']));
    expect(new Set(greekSpellings(wordsOf('ΑΥΡΑ')[0]))).toEqual(new Set(['avra', 'afra']));
    expect(new Set(greekSpellings(wordsOf('ΚΥΡΟΣ')[0]))).toEqual(new Set(['kyros', 'kiros']));
    expect(wordsOf('ΧΑΤΖΗΣ')[0].spelled).toBe('chatzis');
  });

  it(`remembers the readings of its last texts, none longer than ${MEMO_MAX_CHARS} characters`, () => {
    let reads = 0;
    const read = memoisedByText((text) => {
      reads++;
      return [text];
    }, 2);
    expect(read('a')).toBe(read('a'));
    expect(reads).toBe(1);
    read('b');
    read('c');
    read('a');
    expect(reads).toBe(4);
    // A long text (a registry may answer with up to a MiB) is read each time, never kept.
    const long = 'x'.repeat(MEMO_MAX_CHARS + 1);
    expect(read(long)).toEqual([long]);
    read(long);
    expect(reads).toBe(6);
    expect(wordsOf(long)).not.toBe(wordsOf(long));
    expect(wordsOf('Acme Ltd')).toBe(wordsOf('Acme Ltd'));
  });

  it(`takes one slip for a word of ${SLIP_MIN_LENGTH} letters or more, not for shorter ones`, () => {
    expect(oneSlipApart('schulze', 'schultze')).toBe(true);
    expect(oneSlipApart('corticas', 'cortica')).toBe(true);
    expect(oneSlipApart('maschine', 'mashcine')).toBe(true);
    expect(oneSlipApart('meier', 'meyer')).toBe(false);
    expect(oneSlipApart('schulze', 'schultz')).toBe(false);
  });
});

describe('legal forms (ISO 20275)', () => {
  const codes = (name: string, country: string) => [
    ...(splitLegalForm(wordsOf(name), country).form?.codes ?? []),
  ];

  it('knows the version of the list it was derived from', () => {
    expect(legalFormsVersion()).toBe('1.5');
  });

  it.each([
    ['Müller Bau GmbH', 'DE', ['2HBR']],
    ['Müller Bau Gesellschaft mit beschränkter Haftung', 'DE', ['2HBR']],
    ['Alpenblick Handelsgesellschaft m.b.H.', 'AT', ['AXSB']],
    ['Wisła Meble Spółka z ograniczoną odpowiedzialnością', 'PL', ['O7XB']],
    ['Saimaa Paper Osakeyhtiö', 'FI', ['DKUW']],
    ['Saimaa Paper Ab', 'FI', ['DKUW']],
    ['Saimaa Paper Oy Ab', 'FI', ['DKUW']],
    ['Nordhavn A/S', 'DK', ['ZRPO']],
    ['Nestlé SA', 'CH', ['MVII']],
    ['Schmidt GmbH & Co. KG', 'DE', ['8Z6G']],
    ['SIA "Daugava Koks"', 'LV', ['ES2D']],
    ['ΟΛΥΜΠΙΑΚΗ ΕΛΑΙΟΥΡΓΙΑ Α.Ε.', 'EL', ['W2NK']],
    ['Lagan Engineering Ltd', 'XI', ['4GJI', 'H0PO', 'ZQ6S']],
  ])('%j in %s is %j', (name, country, expected) => {
    expect(codes(name, country).sort()).toEqual(expected);
  });

  it('reads a form of another country as foreign, and none at all as none', () => {
    expect(splitLegalForm(wordsOf('Rila Trade Ltd'), 'BG').form?.foreign).toBe(true);
    expect(splitLegalForm(wordsOf('Hans Meier'), 'DE').form).toBeNull();
    // A Roman numeral is a form only at home (a Romanian `II`), elsewhere the number of a company.
    expect(splitLegalForm(wordsOf('Fastighets AB Kvarnen II'), 'SE').form).toBeNull();
    expect(codes('Popescu Ion II', 'RO')).toEqual(['DUGD']);
    expect(legalFormNamed('ES-3', 'ES')).toBeNull();
  });
});

describe('names', () => {
  it.each([
    ['Müller Bau GmbH', 'MÜLLER BAU GMBH', 'DE', 'match'],
    ['Mueller Bau GmbH', 'Müller Bau GmbH', 'DE', 'match'],
    ['Müller Bau Gesellschaft mit beschränkter Haftung', 'Müller Bau GmbH', 'DE', 'match'],
    ['Grachtentechniek B.V.', 'Grachten Techniek B.V.', 'NL', 'match'],
    ['Construcciones García y Hijos S.L.', 'CONSTRUCCIONES GARCIA E HIJOS SL', 'ES', 'match'],
    ['Olympiaki Elaiourgia SA', 'ΟΛΥΜΠΙΑΚΗ ΕΛΑΙΟΥΡΓΙΑ Α.Ε.', 'EL', 'match'],
    ['Alpha Trofima AE', 'ΑΛΦΑ ΤΡΟΦΙΜΑ Α.Ε.', 'EL', 'match'],
    ['Alfa Trofima AE', 'ΑΛΦΑ ΤΡΟΦΙΜΑ Α.Ε.', 'EL', 'match'],
    ['Volvo AB', 'AKTIEBOLAGET VOLVO', 'SE', 'match'],
    ['Volvo AB', 'AB VOLVO (PUBL)', 'SE', 'match'],
    // partial: a legal form on one side, a word that distinguishes nothing, a slip, initials, order
    ['Müller Bau', 'Müller Bau GmbH', 'DE', 'partial'],
    ['Siemens Deutschland GmbH', 'Siemens GmbH', 'DE', 'partial'],
    ['Saint-Gobain', 'COMPAGNIE DE SAINT-GOBAIN', 'FR', 'partial'],
    ['Blumen Meier e.K.', 'Blumen Meier e.K. Inh. Hans Meier', 'DE', 'partial'],
    ['Drei Eichen Verlag GmbH', '3 Eichen Verlag GmbH', 'DE', 'partial'],
    ['Three Counties Ltd', '3 COUNTIES LIMITED', 'GB', 'partial'],
    ['Weber Maschinenbau GmbH', 'Weber Maschinenbau GmbH Zweigniederlassung Hamburg', 'DE', 'partial'],
    // another branch of the firm is worth a look, the same one the same
    ['Weber GmbH Zweigniederlassung Berlin', 'Weber GmbH Zweigniederlassung Hamburg', 'DE', 'partial'],
    ['Weber Ltd Niederlassung Deutschland', 'Weber Ltd Niederlassung Österreich', 'AT', 'partial'],
    ['Weber GmbH Zweigniederlassung Hamburg', 'WEBER GMBH ZWEIGNIEDERLASSUNG HAMBURG', 'DE', 'match'],
    ['Bäckerei Schulze GmbH', 'Bäckerei Schultze GmbH', 'DE', 'partial'],
    ['Schneider Elektro GmbH', 'Schneider Elektrotechnik GmbH', 'DE', 'partial'],
    ['BMW AG', 'Bayerische Motoren Werke AG', 'DE', 'partial'],
    ['Moda Navigli S.r.l.', 'NAVIGLI MODA S.R.L.', 'IT', 'partial'],
    ['Rila Trade Ltd', 'Rila Trade EOOD', 'BG', 'partial'],
    ['Janssens BV', 'JANSSENS BVBA', 'BE', 'partial'],
    ['Müller KG', 'Müller GmbH & Co. KG', 'DE', 'partial'],
    // mismatch: distinctive words differ, another form, only a common word shared, short words
    ['Müller Bau GmbH', 'Müller Logistik GmbH', 'DE', 'mismatch'],
    ['British Airways Plc', 'BRITISH TELECOMMUNICATIONS PLC', 'GB', 'mismatch'],
    ['Müller Bau GmbH', 'Müller Bau AG', 'DE', 'mismatch'],
    ['International Ltd', 'International Trading Ltd', 'GB', 'mismatch'],
    ['Meier GmbH', 'Meyer GmbH', 'DE', 'mismatch'],
    ['Müller Bau GmbH', 'Müller Bad GmbH', 'DE', 'mismatch'],
    ['Siemens Deutschland GmbH', 'Siemens Österreich GmbH', 'DE', 'mismatch'],
    // a distinctive word on one side only names another trader
    ['Siemens Energy AG', 'Siemens AG', 'DE', 'mismatch'],
    ['Volvo Car AB', 'AB Volvo', 'SE', 'mismatch'],
    ['Zwei Brüder GmbH', '3 Brüder GmbH', 'DE', 'mismatch'],
    ['Kappas AE', 'ΚΑΡΡΑΣ Α.Ε.', 'EL', 'mismatch'],
    ['Bau GmbH', 'Bauunternehmung GmbH', 'DE', 'mismatch'],
    // `and` joins two words only: a letter at the end is a word of the name
    ['Bolek i Lolek sp. z o.o.', 'BOLEK & LOLEK SP. Z O.O.', 'PL', 'match'],
    ['Immobilienfonds Berlin I GmbH & Co. KG', 'Immobilienfonds Berlin II GmbH & Co. KG', 'DE', 'mismatch'],
    ['Fastighets AB Kvarnen I', 'Fastighets AB Kvarnen', 'SE', 'mismatch'],
    ['Fastighets AB Kvarnen I', 'Fastighets AB Kvarnen II', 'SE', 'mismatch'],
    ['Fond A s.r.o.', 'Fond B s.r.o.', 'CZ', 'mismatch'],
    // the Bulgarian branch, liquidation and insolvency words, cut off with what follows: the same trader, worth a look
    ['Rila Trade EOOD', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'partial'],
    ['Рила Трейд ЕООД', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'partial'],
    ['Рила Трейд ЕООД', 'РИЛА ТРЕЙД ЕООД В НЕСЪСТОЯТЕЛНОСТ', 'BG', 'partial'],
    ['Рила Трейд ЕООД', 'РИЛА ТРЕЙД ЕООД КЛОН ПЛОВДИВ', 'BG', 'partial'],
    ['Rila Trade EOOD', 'РИЛА ТРЕЙД ЕООД - КЛОН ПЛОВДИВ', 'BG', 'partial'],
    ['ACME GmbH', 'ACME GMBH - КЛОН БЪЛГАРИЯ', 'BG', 'partial'],
    // on both sides, in either script and the usual Latin spellings
    ['Рила Трейд ЕООД в ликвидация', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'match'],
    ['Rila Trade EOOD v likvidatsia', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'match'],
    ['Rila Trade EOOD v likvidatsiya', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'match'],
    ['Rila Trade EOOD v likvidacia', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'match'],
    ['Rila Trade EOOD v likvidaciya', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'match'],
    ['Rila Trade EOOD v nesastoyatelnost', 'РИЛА ТРЕЙД ЕООД В НЕСЪСТОЯТЕЛНОСТ', 'BG', 'match'],
    ['Rila Trade EOOD v nesustoyatelnost', 'РИЛА ТРЕЙД ЕООД В НЕСЪСТОЯТЕЛНОСТ', 'BG', 'match'],
    ['Rila Trade EOOD klon Plovdiv', 'РИЛА ТРЕЙД ЕООД КЛОН ПЛОВДИВ', 'BG', 'match'],
    // they never make another trader the same, and a name that begins with one keeps it
    ['Rila Group EOOD', 'РИЛА ТРЕЙД ЕООД В ЛИКВИДАЦИЯ', 'BG', 'mismatch'],
    ['Плиска ЕООД', 'РИЛА ТРЕЙД ЕООД КЛОН ПЛИСКА', 'BG', 'mismatch'],
    ['Klon Trade EOOD', 'КЛОН ТРЕЙД ЕООД', 'BG', 'match'],
    ['Trade EOOD', 'КЛОН ТРЕЙД ЕООД', 'BG', 'mismatch'],
    // for Bulgarian numbers only: `klon` is a maple in Polish
    ['Zielony sp. z o.o.', 'ZIELONY KLON SP. Z O.O.', 'PL', 'mismatch'],
  ])('%j against %j (%s): %s', (sent, registered, country, outcome) => {
    expect(compareNames(sent, registered, country)).toBe(outcome);
  });

  it(`cuts a word short only from ${SHORTENED_MIN_LENGTH} letters`, () => {
    expect(compareNames('Elek GmbH', 'Elektrotechnik GmbH', 'DE')).toBe('partial');
    expect(compareNames('Ele GmbH', 'Elektrotechnik GmbH', 'DE')).toBe('mismatch');
  });

  it.each([
    ['GmbH', 'Müller Bau GmbH', 'DE', 'match'],
    ['Gesellschaft mit beschränkter Haftung', 'Müller Bau GmbH', 'DE', 'match'],
    ['AG', 'Müller Bau GmbH', 'DE', 'mismatch'],
    ['SA', 'Nestlé AG', 'CH', 'match'],
    ['Oy', 'Saimaa Paper Ab', 'FI', 'match'],
    ['Limited', 'Acme Ltd', 'GB', 'match'],
    ['GmbH', 'Hans Meier', 'DE', 'not_processed'],
    ['ES-3', 'Empresa SL', 'ES', 'not_processed'],
    ['BV', 'BVBA Janssens', 'BE', 'mismatch'],
    ['KG', 'Müller GmbH & Co. KG', 'DE', 'match'],
    ['SRL', 'Janssens BV', 'BE', 'match'],
  ])('company type %j against %j (%s): %s', (sent, name, country, outcome) => {
    expect(compareCompanyType(sent, name, country)).toBe(outcome);
  });
});

describe('reading the registered address', () => {
  it.each([
    ['Hauptstraße 5, 10115 Berlin', 'DE', 'Hauptstraße 5', '10115', ['Berlin']],
    // The line between names a part of the town, not the street (the VIES CZ capture's layout).
    [
      'Příkladná 1234/5\nPRAHA 1 - NOVÉ MĚSTO\n110 00  PRAHA 1',
      'CZ',
      'Příkladná 1234/5',
      '11000',
      ['PRAHA 1'],
    ],
    ['KEIZERSGRACHT 00123, 1015CJ AMSTERDAM', 'NL', 'KEIZERSGRACHT 00123', '1015CJ', ['AMSTERDAM']],
    ['12, RUE DE LA GARE L-1611 LUXEMBOURG', 'LU', '12 RUE DE LA GARE', '1611', ['LUXEMBOURG']],
    ['1061 BUDAPEST, ANDRÁSSY ÚT 9.', 'HU', 'ANDRÁSSY ÚT 9.', '1061', ['BUDAPEST']],
    ['гр. София 1000, ул. Витоша 15', 'BG', 'ул. Витоша 15', '1000', ['София']],
    ['15 REPUBLIC STREET, VALLETTA VLT 1117', 'MT', '15 REPUBLIC STREET', 'VLT1117', ['VALLETTA']],
    ['Brīvības iela 30, Rīga, LV-1050', 'LV', 'Brīvības iela 30', '1050', ['Rīga']],
    ['Harju maakond, Tallinn, Kesklinna linnaosa, Pikk tn 5, 10123', 'EE', 'Pikk tn 5', '10123', ['Tallinn']],
    [
      'Unit 5 Mill Lane, Little Snoring, Fakenham, Norfolk, NR21 0AA',
      'GB',
      'Unit 5 Mill Lane',
      'NR210AA',
      ['Little Snoring', 'Fakenham'],
    ],
    ['1 GRAND CANAL SQUARE, GRAND CANAL HARBOUR, DUBLIN 2', 'IE', '1 GRAND CANAL SQUARE', null, ['DUBLIN 2']],
    ['MAIN STREET 12, MALLOW, CO. CORK', 'IE', 'MAIN STREET 12', null, ['MALLOW']],
    ['12 Church Road, Lewes, East Sussex, BN7 1AA', 'GB', '12 Church Road', 'BN71AA', ['Lewes']],
    [
      'MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5, BL.1, ET.2, AP.3',
      'RO',
      'BD. UNIRII NR.5 BL.1 ET.2 AP.3',
      null,
      // the sector's line names the district of the town
      ['BUCUREŞTI SECTOR 3'],
    ],
  ])('%j (%s)', (address, country, street, postcode, towns) => {
    expect(readRegisteredAddress(address, country)).toMatchObject({
      confident: true,
      street,
      postcode,
      towns,
    });
  });

  it.each([
    ['12 RUE DE RIVOLI PARIS', 'FR'],
    ['Postfach', 'DE'],
    ['---', 'NL'],
    ['75004', 'FR'],
    ['12, , ,', 'LU'],
    ['10115 Berlin', 'XX'],
  ])('%j (%s) cannot be read with confidence', (address, country) => {
    expect(readRegisteredAddress(address, country).confident).toBe(false);
  });
});

describe('streets, postcodes and towns', () => {
  const at = (address: string, country: string) => readRegisteredAddress(address, country);
  const berlin = at('Hauptstraße 5, 10115 Berlin', 'DE');

  it.each([
    ['Hauptstr. 5', 'match'],
    ['Haupt-Straße 5', 'match'],
    ['Hauptstraße 5 A', 'partial'],
    ['Hauptstraße', 'partial'],
    ['Hauptstraße 7', 'mismatch'],
    ['Hauptstraße 10115', 'mismatch'],
    ['Nebenstraße 5', 'mismatch'],
    ['Hauptweg 5', 'mismatch'],
    ['Am Haupt 5', 'mismatch'],
  ])('street %j in Hauptstraße 5, 10115 Berlin: %s', (street, outcome) => {
    expect(compareStreet(street, berlin, 'DE')).toBe(outcome);
  });

  it.each([
    ['Keizersgracht 123', 'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM', 'NL', 'match'],
    ['Národní 10', 'Národní 138/10, 110 00 Praha 1', 'CZ', 'match'],
    ['Národní 139/10', 'Národní 138/10, 110 00 Praha 1', 'CZ', 'mismatch'],
    ['Straße des 17. Juni 135', 'Straße des 17. Juni 135, 10623 Berlin', 'DE', 'match'],
    ['Straße des 17. Juni 136', 'Straße des 17. Juni 135, 10623 Berlin', 'DE', 'mismatch'],
    ['Av. da República, 50 - 3º Esq.', 'AVENIDA DA REPUBLICA 50, 1050-196 LISBOA', 'PT', 'match'],
    ['12 London Road, Flat 3', '12 London Road, Brighton, BN1 1AA', 'GB', 'match'],
    ['12 London Road, Flat 3', '12 London Road, Flat 4, Brighton, BN1 1AA', 'GB', 'mismatch'],
    ['Flat 3, 12 London Road', 'Flat 4, 12 London Road, Brighton, BN1 1AA', 'GB', 'mismatch'],
    ['12 London Road', 'Flat 4, 12 London Road, Brighton, BN1 1AA', 'GB', 'match'],
    [
      'Bd. Unirii 5, ap. 3',
      'MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5, BL.1, ET.2, AP.3',
      'RO',
      'match',
    ],
    [
      'Bd. Unirii 5, ap. 4',
      'MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5, BL.1, ET.2, AP.3',
      'RO',
      'mismatch',
    ],
    ['Unit 5 Mill Lane', 'Unit 6 Mill Lane, Fakenham, NR21 0AA', 'GB', 'mismatch'],
    ['ul. Marszałkowska 10 lok. 5', 'UL. MARSZAŁKOWSKA 10 LOK. 7, 00-590 WARSZAWA', 'PL', 'mismatch'],
    // a staircase, block or flat named by a letter is another place as one named by a number
    ['Mariahilfer Straße 12 Stiege A', 'Mariahilfer Straße 12 Stiege B, 1070 Wien', 'AT', 'mismatch'],
    ['Mariahilfer Straße 12 Stiege A', 'Mariahilfer Straße 12, 1070 Wien', 'AT', 'match'],
    ['Str. Florilor 5, Sc. A', 'STR. FLORILOR 5, SC. B, 400000 CLUJ-NAPOCA', 'RO', 'mismatch'],
    ['Str. Florilor 5, Sc. B', 'STR. FLORILOR 5, SC. B, 400000 CLUJ-NAPOCA', 'RO', 'match'],
    ['Flat A, 12 High Street', 'Flat B, 12 High Street, London, SW1A 1AA', 'GB', 'mismatch'],
    // the Italian 5/A is house 5A
    ['Via Roma 5/A', 'VIA ROMA 5/B, 00187 ROMA RM', 'IT', 'mismatch'],
    ['Via Roma 5A', 'VIA ROMA 5/A, 00187 ROMA RM', 'IT', 'match'],
    // a number after a hyphen that is no range is a floor or door, as after a slash (the Dutch `5-2`)
    ['Keizersgracht 5-1', 'KEIZERSGRACHT 5-2, 1015 CJ AMSTERDAM', 'NL', 'mismatch'],
    ['Keizersgracht 5', 'KEIZERSGRACHT 5-2, 1015 CJ AMSTERDAM', 'NL', 'match'],
    ['Keizersgracht 5-2', 'KEIZERSGRACHT 5-2, 1015 CJ AMSTERDAM', 'NL', 'match'],
    ['Mariahilfer Straße 12/3/14', 'Mariahilfer Straße 12, 1070 Wien', 'AT', 'match'],
    ['Mariahilfer Straße 12/3/14', 'Mariahilfer Straße 12/3/15, 1070 Wien', 'AT', 'mismatch'],
    ['ul. Marszałkowska 10/12', 'UL. MARSZAŁKOWSKA 10/12, 00-590 WARSZAWA', 'PL', 'match'],
    ['ul. Marszałkowska 10', 'UL. MARSZAŁKOWSKA 10/12, 00-590 WARSZAWA', 'PL', 'partial'],
    ['ul. Marszałkowska 10/14', 'UL. MARSZAŁKOWSKA 10/12, 00-590 WARSZAWA', 'PL', 'mismatch'],
    ['Hauptstraße 6', 'Hauptstraße 5-7, 10115 Berlin', 'DE', 'partial'],
    ['12 rue de Rivoli', '12 bis RUE DE RIVOLI, 75004 PARIS', 'FR', 'partial'],
    ['C/ Alcalá 48', 'CALLE DE ALCALA 48, 28014 MADRID', 'ES', 'match'],
    ['12 avenue de Rivoli', '12 RUE DE RIVOLI, 75004 PARIS', 'FR', 'mismatch'],
    ['10 rue Saint-Honoré', '10 RUE DU FAUBOURG SAINT-HONORE, 75008 PARIS', 'FR', 'mismatch'],
    ['Storgatan 22', 'STORGATAN 2, 111 22 STOCKHOLM', 'SE', 'mismatch'],
    ['Am Markt 1', 'Marktplatz 1, 10115 Berlin', 'DE', 'mismatch'],
    ['Am Markt 1', 'Am Markt 1, 10115 Berlin', 'DE', 'match'],
    ['Markt 1', 'Am Markt 1, 10115 Berlin', 'DE', 'match'],
    ['Kirchstraße 3', 'An der Kirche 3, 10115 Berlin', 'DE', 'mismatch'],
    // A unit word that is the street's only word of its own is its name (`Am Stock`, `Via Scala`).
    ['Am Block 5', 'Am Stiege 5, 10115 Berlin', 'DE', 'mismatch'],
    ['Am Stock 5', 'Am Top 5, 1010 Wien', 'AT', 'mismatch'],
    ['Am Block 5', 'Am Block 5, 10115 Berlin', 'DE', 'match'],
    ['Via Scala 5', 'VIA SCALA 5, 50123 FIRENZE', 'IT', 'match'],
    ['Via della Scala 5', 'VIA DELLA SCALA 5, 50123 FIRENZE', 'IT', 'match'],
  ])('street %j in %j (%s): %s', (street, address, country, outcome) => {
    expect(compareStreet(street, at(address, country), country)).toBe(outcome);
  });

  it.each([
    ['10115', berlin, 'DE', 'match'],
    ['D-10115', berlin, 'DE', 'match'],
    ['10117', berlin, 'DE', 'mismatch'],
    // another country's prefix names a postcode of that country
    ['A-1070', at('Mariahilfer Straße 12, 1070 Wien', 'AT'), 'AT', 'match'],
    ['H-1070', at('Mariahilfer Straße 12, 1070 Wien', 'AT'), 'AT', 'mismatch'],
    ['MC-98000', at('1 AVENUE DE MONTE-CARLO, 98000 MONACO', 'FR'), 'FR', 'match'],
    ['SF-00100', at('Mannerheimintie 1, 00100 Helsinki', 'FI'), 'FI', 'match'],
    ['AX-22100', at('Torggatan 1, 22100 Mariehamn', 'FI'), 'FI', 'match'],
    ['VA-00120', at('VIA DELLA CONCILIAZIONE 1, 00120 CITTA DEL VATICANO', 'IT'), 'IT', 'match'],
    ['SW1A', at('10 Downing Street, London, SW1A 2AA', 'GB'), 'GB', 'partial'],
    ['SW1A 2AB', at('10 Downing Street, London, SW1A 2AA', 'GB'), 'GB', 'mismatch'],
    ['1015', at('KEIZERSGRACHT 00123, 1015CJ AMSTERDAM', 'NL'), 'NL', 'partial'],
    ['1067', at('Altmarkt 1, 01067 Dresden', 'DE'), 'DE', 'partial'],
    ['030167', at('MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5', 'RO'), 'RO', 'not_processed'],
  ])('postcode %j: %s', (postcode, address, country, outcome) => {
    expect(comparePostcode(postcode, address, country)).toBe(outcome);
  });

  it.each([
    ['Berlin', 'Hauptstraße 5, 10115 Berlin', 'DE', 'match'],
    ['Munich', 'Marienplatz 1, 80331 München', 'DE', 'match'],
    ['St. Ingbert', 'Kaiserstraße 1, 66386 Sankt Ingbert', 'DE', 'match'],
    ['Praha', 'Národní 10, 110 00 Praha 1', 'CZ', 'match'],
    ['Praha 2', 'Národní 10, 110 00 Praha 1', 'CZ', 'partial'],
    ['Frankfurt', 'Zeil 1, 60313 Frankfurt am Main', 'DE', 'partial'],
    ['Frankfurt (Oder)', 'Zeil 1, 60313 Frankfurt am Main', 'DE', 'mismatch'],
    ['Frankfurt', 'Zeil 1, 60313 Frankfurt/Main', 'DE', 'partial'],
    ['Main', 'Zeil 1, 60313 Frankfurt/Main', 'DE', 'mismatch'],
    ['Reggio Calabria', 'VIA MARINA 1, 89127 REGGIO DI CALABRIA RC', 'IT', 'match'],
    ['Marseille', '1 QUAI DU PORT, 13002 MARSEILLE 2E ARRONDISSEMENT', 'FR', 'match'],
    ['Bienne', 'Zentralstrasse 1, 2502 Biel/Bienne', 'CH', 'match'],
    ['Vienne', 'Stephansplatz 1, 1010 Wien', 'AT', 'match'],
    ['Wien', '1 PLACE DE MIRAMONT, 38200 VIENNE', 'FR', 'mismatch'],
    ['Berlin', 'Berliner Straße 10, 14467 Potsdam', 'DE', 'mismatch'],
    ['Paris', '12 RUE DE PARIS, 69001 LYON', 'FR', 'mismatch'],
    ['London', '12 London Road, Brighton, BN1 1AA', 'GB', 'mismatch'],
  ])('town %j in %j (%s): %s', (town, address, country, outcome) => {
    expect(compareCity(town, at(address, country), country)).toBe(outcome);
  });

  it('is partial at best, never match, against an address it cannot read', () => {
    const garbled = at('12 RUE DE RIVOLI PARIS', 'FR');
    expect(compareCity('Paris', garbled, 'FR')).toBe('partial');
    expect(compareStreet('12 rue de Rivoli', garbled, 'FR')).toBe('partial');
    expect(compareCity('Lyon', garbled, 'FR')).toBe('mismatch');
    expect(comparePostcode('75004', garbled, 'FR')).toBe('not_processed');
  });
});

describe('computeMatch', () => {
  const company = { name: 'MÜLLER GMBH', address: 'Hauptstraße 5, 10115 Berlin' };

  it('compares every field given and leaves the others not processed', () => {
    expect(computeMatch({ trader_name: 'Mueller GmbH', trader_city: 'Berlin' }, company, 'DE')).toEqual({
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
      'DE',
    );
    expect(withheld.name).toBe('not_processed');
    expect(withheld.street).toBe('not_processed');
    expect(computeMatch({ trader_name: 'X' }, null, 'DE').name).toBe('not_processed');
  });

  it('knows when trader fields were given', () => {
    expect(hasTraderFields({})).toBe(false);
    expect(hasTraderFields({ trader_city: 'Berlin' })).toBe(true);
  });

  it('never raises and never matches an address in a layout it cannot read, whatever the text', () => {
    const printable = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 });
    fc.assert(
      fc.property(
        printable,
        printable,
        fc.constantFrom('DE', 'FR', 'GB', 'RO', 'IE', 'AU', 'EL', 'BG'),
        (sent, address, country) => {
          const registered = readRegisteredAddress(address, country);
          const match = computeMatch(
            {
              trader_name: sent,
              trader_company_type: sent,
              trader_street: sent,
              trader_postcode: sent,
              trader_city: sent,
            },
            { name: address, address },
            country,
          );
          if (!registered.confident) {
            expect(match.street).not.toBe('match');
            expect(match.postcode).not.toBe('match');
            expect(match.city).not.toBe('match');
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('Brussels names in French and Dutch', () => {
  const at = (address: string) => readRegisteredAddress(address, 'BE');

  it.each([
    // the table of Brussels streets: the same street in the other language
    ['Rue de la Loi 16', 'Wetstraat 16, 1040 Brussel', 'match'],
    ['Wetstraat 16', 'Rue de la Loi 16, 1040 Bruxelles', 'match'],
    ['Avenue Louise 54', 'Louizalaan 54, 1050 Elsene', 'match'],
    ['Louizalaan 54', 'Avenue Louise 54, 1050 Ixelles', 'match'],
    ['Chaussée de Wavre 100', 'Waversesteenweg 100, 1050 Elsene', 'match'],
    // the same name, the street word translated one for one
    ['Place Flagey 18', 'Flageyplein 18, 1050 Elsene', 'match'],
    ['Rue Belliard 20', 'Belliardstraat 20, 1040 Brussel', 'match'],
    // laan is both avenue and boulevard: worth a look
    ['Boulevard Anspach 1', 'Anspachlaan 1, 1000 Brussel', 'partial'],
    ['Rue Neuve 1', 'Nieuwstraat 1, 1000 Brussel', 'match'],
    // a name the table does not hold, in the other language: cannot be told, worth a look
    ['Rue du Midi 1', 'Zuidstraat 1, 1000 Brussel', 'partial'],
    // near misses
    ['Avenue Louise 54', 'Louizalaan 56, 1050 Elsene', 'mismatch'],
    ['Rue de la Loi 16', 'Wetstraat 18, 1040 Brussel', 'mismatch'],
    ['Rue Louise 54', 'Louizalaan 54, 1050 Elsene', 'mismatch'],
    ['Rue de la Loi 16', 'Waversesteenweg 16, 1050 Elsene', 'mismatch'],
    ['Avenue Louise 54', 'Avenue Louise 56, 1050 Ixelles', 'mismatch'],
    ['Rue de la Loi 16', 'Rue Royale 16, 1000 Bruxelles', 'mismatch'],
    ['Chaussée de Wavre 100', 'Wetstraat 100, 1040 Brussel', 'mismatch'],
    // outside Brussels, streets have one official name: another name is another street
    ['Rue Neuve 1', 'Nieuwstraat 1, 9000 Gent', 'mismatch'],
  ])('street %j in %j: %s', (street, address, outcome) => {
    expect(compareStreet(street, at(address), 'BE')).toBe(outcome);
  });

  it('reads French and Dutch street words as one kind only in Belgium', () => {
    expect(compareStreet('Flageyplein 18', at('Place Flagey 18, 1050 Ixelles'), 'BE')).toBe('match');
    expect(
      compareStreet(
        'Place Flagey 18',
        readRegisteredAddress('Flageyplein 18, 1017 AB Amsterdam', 'NL'),
        'NL',
      ),
    ).toBe('mismatch');
  });

  it.each([
    ['Ixelles', 'Louizalaan 54, 1050 Elsene', 'match'],
    ['Elsene', 'Avenue Louise 54, 1050 Ixelles', 'match'],
    ['Sint-Gillis', 'Rue de la Victoire 1, 1060 Saint-Gilles', 'match'],
    ['Schaarbeek', 'Rue Royale 200, 1030 Schaerbeek', 'match'],
    ['Ukkel', 'Avenue Brugmann 1, 1180 Uccle', 'match'],
    ['Sint-Jans-Molenbeek', 'Chaussée de Gand 1, 1080 Molenbeek-Saint-Jean', 'match'],
    // a municipality of the region against the region's name: worth a look
    ['Bruxelles', 'Rue de la Loi 42, 1040 Etterbeek', 'partial'],
    ['Brussel', 'Louizalaan 54, 1050 Elsene', 'partial'],
    // near misses: another municipality
    ['Ixelles', 'Rue de la Loi 42, 1040 Etterbeek', 'mismatch'],
    ['Elsene', 'Rue Royale 200, 1030 Schaerbeek', 'mismatch'],
    ['Saint-Gilles', 'Sint-Pieters-Woluwe, 1150 Sint-Pieters-Woluwe', 'mismatch'],
    ['Bruxelles', 'Rue Neuve 1, 9000 Gent', 'mismatch'],
  ])('town %j in %j: %s', (town, address, outcome) => {
    expect(compareCity(town, at(address), 'BE')).toBe(outcome);
  });
});

describe('numbers in street names', () => {
  const rome = (street: string) => readRegisteredAddress(`${street}, 00187 Roma`, 'IT');

  it.each([
    ['Via Venti Settembre 5', 'Via XX Settembre 5', 'match'],
    ['Via 20 Settembre 5', 'Via XX Settembre 5', 'match'],
    ['Via XX Settembre 5', 'VIA 20 SETTEMBRE 5', 'match'],
    ['Via 20 Settembre 5', 'VIA VENTI SETTEMBRE 5', 'match'],
    ['Piazza IV Novembre 1', 'PIAZZA QUATTRO NOVEMBRE 1', 'match'],
    ['Via Primo Maggio 3', 'VIA I MAGGIO 3', 'match'],
    // other numbers are other streets, even one letter or digit apart
    ['Via XX Settembre 5', 'Via XXI Settembre 5', 'mismatch'],
    ['Via Ventuno Settembre 5', 'Via XX Settembre 5', 'mismatch'],
    ['Via 21 Settembre 5', 'Via XX Settembre 5', 'mismatch'],
    ['Via 2 Settembre 5', 'Via XX Settembre 5', 'mismatch'],
    ['Via XX Settembre 5', 'Via XX Settembre 7', 'mismatch'],
    ['Via Settembre 5', 'Via XX Settembre 5', 'mismatch'],
    ['Corso Vittorio Emanuele II 5', 'CORSO VITTORIO EMANUELE III 5', 'mismatch'],
    ['Via Pio X 5', 'VIA PIO XI 5', 'mismatch'],
  ])('%j in %j: %s', (street, registered, outcome) => {
    expect(compareStreet(street, rome(registered), 'IT')).toBe(outcome);
  });

  it.each([
    ['Calle Dos de Mayo 5', 'CALLE 2 DE MAYO 5, 28004 MADRID', 'ES', 'match'],
    ['Calle Tres de Mayo 5', 'CALLE 2 DE MAYO 5, 28004 MADRID', 'ES', 'mismatch'],
    ['Rue du Quatre Septembre 10', '10 RUE DU 4 SEPTEMBRE, 75002 PARIS', 'FR', 'match'],
    ['Rue du Cinq Septembre 10', '10 RUE DU 4 SEPTEMBRE, 75002 PARIS', 'FR', 'mismatch'],
    // number words of the country's own languages only
    ['Via Tres Settembre 5', 'VIA 3 SETTEMBRE 5, 00187 ROMA', 'IT', 'mismatch'],
    // a joining word that is also a number word is read as one only before `de`
    ['Rúa dos Olmos 5', 'RUA OLMOS 5, 15001 A CORUÑA', 'ES', 'match'],
    ['Carrer de Pau i Claris 5', 'CARRER DE PAU CLARIS 5, 08010 BARCELONA', 'ES', 'partial'],
  ])('%j in %j (%s): %s', (street, address, country, outcome) => {
    expect(compareStreet(street, readRegisteredAddress(address, country), country)).toBe(outcome);
  });
});

describe('Greek letters read every common way: β, η, φ, χ, υ, αυ and ευ, μπ, ντ', () => {
  it.each([
    ['Beta AE', 'ΒΗΤΑ Α.Ε.', 'match'],
    ['Vita AE', 'ΒΗΤΑ Α.Ε.', 'match'],
    ['Zeta AE', 'ΖΗΤΑ Α.Ε.', 'match'],
    ['Zita AE', 'ΖΗΤΑ Α.Ε.', 'match'],
    ['Theta AE', 'ΘΗΤΑ Α.Ε.', 'match'],
    ['Vasilis AE', 'ΒΑΣΙΛΗΣ Α.Ε.', 'match'],
    ['Basiles AE', 'ΒΑΣΙΛΗΣ Α.Ε.', 'match'],
    ['ΒΗΤΑ ΑΕ', 'BETA SA', 'match'],
    // letters that are not β or η keep one reading
    ['Beta AE', 'ΒΙΤΑ Α.Ε.', 'mismatch'],
    ['Vita AE', 'ΒΕΤΑ Α.Ε.', 'mismatch'],
    ['Beta AE', 'ΒΗΤΤΑ Α.Ε.', 'mismatch'],
    ['Gamma AE', 'ΒΗΤΑ Α.Ε.', 'mismatch'],
    ['Bota AE', 'ΒΗΤΑ Α.Ε.', 'mismatch'],
    // Latin against Latin is untouched, and two Greek names still compare letter by letter
    ['Beta AE', 'VITA AE', 'mismatch'],
    ['ΜΕΤΑ ΑΕ', 'ΜΗΤΑ Α.Ε.', 'mismatch'],
    ['ΒΕΤΑ ΑΕ', 'ΒΗΤΑ Α.Ε.', 'mismatch'],
    // χ as ch (ELOT 743), h or kh
    ['Chatzis AE', 'ΧΑΤΖΗΣ Α.Ε.', 'match'],
    ['Hatzis AE', 'ΧΑΤΖΗΣ Α.Ε.', 'match'],
    ['Khatzis AE', 'ΧΑΤΖΗΣ Α.Ε.', 'match'],
    ['Hristou AE', 'ΧΡΗΣΤΟΥ Α.Ε.', 'match'],
    // υ as y (ELOT 743) or i
    ['Kyriakou AE', 'ΚΥΡΙΑΚΟΥ Α.Ε.', 'match'],
    ['Kiriakou AE', 'ΚΥΡΙΑΚΟΥ Α.Ε.', 'match'],
    // αυ and ευ as ELOT 743 reads them (f before a voiceless consonant), or v or f throughout
    ['Efstathiou AE', 'ΕΥΣΤΑΘΙΟΥ Α.Ε.', 'match'],
    ['Evstathiou AE', 'ΕΥΣΤΑΘΙΟΥ Α.Ε.', 'match'],
    ['Avra AE', 'ΑΥΡΑ Α.Ε.', 'match'],
    // μπ as b (ELOT 743), b first and mb inside, or mp; ντ as nt (ELOT 743), or d first and nd inside
    ['Babis AE', 'ΜΠΑΜΠΗΣ Α.Ε.', 'match'],
    ['Bambis AE', 'ΜΠΑΜΠΗΣ Α.Ε.', 'match'],
    ['Mpampis AE', 'ΜΠΑΜΠΗΣ Α.Ε.', 'match'],
    ['Lambrou AE', 'ΛΑΜΠΡΟΥ Α.Ε.', 'match'],
    ['Labrou AE', 'ΛΑΜΠΡΟΥ Α.Ε.', 'match'],
    ['Olympiaki AE', 'ΟΛΥΜΠΙΑΚΗ Α.Ε.', 'match'],
    ['Olimbiaki AE', 'ΟΛΥΜΠΙΑΚΗ Α.Ε.', 'match'],
    ['Kontos AE', 'ΚΟΝΤΟΣ Α.Ε.', 'match'],
    ['Kondos AE', 'ΚΟΝΤΟΣ Α.Ε.', 'match'],
    ['Dinos AE', 'ΝΤΙΝΟΣ Α.Ε.', 'match'],
    ['Ntinos AE', 'ΝΤΙΝΟΣ Α.Ε.', 'match'],
    ['Hatzis AE', 'χατζής α.ε.', 'match'],
    // other letters are other names
    ['Katzis AE', 'ΧΑΤΖΗΣ Α.Ε.', 'mismatch'],
    ['Chatzis AE', 'ΤΣΑΤΖΗΣ Α.Ε.', 'mismatch'],
    ['Kirakou AE', 'ΚΥΡΙΑΚΟΥ Α.Ε.', 'mismatch'],
    ['Papis AE', 'ΜΠΑΜΠΗΣ Α.Ε.', 'mismatch'],
    ['Vavis AE', 'ΜΠΑΜΠΗΣ Α.Ε.', 'mismatch'],
    ['Kodos AE', 'ΚΟΝΤΟΣ Α.Ε.', 'mismatch'],
    // one letter apart in a long word: a slip worth a look, never a match
    ['Kuriakou AE', 'ΚΥΡΙΑΚΟΥ Α.Ε.', 'partial'],
    ['Tinos AE', 'ΝΤΙΝΟΣ Α.Ε.', 'partial'],
    ['Estathiou AE', 'ΕΥΣΤΑΘΙΟΥ Α.Ε.', 'partial'],
    // each of these letters is read one way throughout a word
    ['Bampis AE', 'ΜΠΑΜΠΗΣ Α.Ε.', 'mismatch'],
    // two Greek names still compare letter by letter
    ['ΚΥΡΟΣ ΑΕ', 'ΚΙΡΟΣ Α.Ε.', 'mismatch'],
    ['ΜΠΑΜΠΗΣ ΑΕ', 'ΒΑΒΗΣ Α.Ε.', 'mismatch'],
    ['ΚΟΝΤΟΣ ΑΕ', 'ΚΟΔΟΣ Α.Ε.', 'mismatch'],
    ['ΧΑΤΖΗΣ ΑΕ', 'ΚΑΤΖΗΣ Α.Ε.', 'mismatch'],
    ['ΧΑΤΖΗΣ ΑΕ', 'Χατζής Α.Ε.', 'match'],
    ['χατζησ αε', 'ΧΑΤΖΗΣ Α.Ε.', 'match'],
    // letters romanised alike (ω and ο, η and ι, ψ and πσ) are still other letters: worth a look at most
    ['ΚΩΣΤΑΣ ΑΕ', 'ΚΟΣΤΑΣ Α.Ε.', 'partial'],
    ['ΜΗΤΣΗΣ ΑΕ', 'ΜΙΤΣΙΣ Α.Ε.', 'partial'],
    ['ΨΑΡΑΣ ΑΕ', 'ΠΣΑΡΑΣ Α.Ε.', 'partial'],
    // and so they are beside a number or a word in Latin letters, the name's words run together too
    ['ΚΩΣΤΑΣ 2000 ΑΕ', 'ΚΟΣΤΑΣ 2000 Α.Ε.', 'partial'],
    ['ΚΩΣΤΑΣ GROUP ΑΕ', 'ΚΟΣΤΑΣ GROUP Α.Ε.', 'partial'],
    ['ΚΩΣΤΑΣ 2000 ΑΕ', 'ΚΩΣΤΑΣ 2000 Α.Ε.', 'match'],
    ['ΚΩΣΤΑΣ2000 ΑΕ', 'ΚΩΣΤΑΣ 2000 Α.Ε.', 'match'],
  ])('%j against %j: %s', (sent, registered, outcome) => {
    expect(compareNames(sent, registered, 'EL')).toBe(outcome);
  });

  it.each([
    ['street', 'Odos Iras 12', 'ΟΔΟΣ ΗΡΑΣ 12, 105 57 ΑΘΗΝΑ', 'match'],
    ['street', 'Odos Eras 12', 'ΟΔΟΣ ΗΡΑΣ 12, 105 57 ΑΘΗΝΑ', 'match'],
    ['street', 'Odos Oras 12', 'ΟΔΟΣ ΗΡΑΣ 12, 105 57 ΑΘΗΝΑ', 'mismatch'],
    ['city', 'Veroia', 'ΜΗΤΡΟΠΟΛΕΩΣ 1, 591 00 ΒΕΡΟΙΑ', 'match'],
    ['city', 'Beroia', 'ΜΗΤΡΟΠΟΛΕΩΣ 1, 591 00 ΒΕΡΟΙΑ', 'match'],
    ['city', 'Verria', 'ΜΗΤΡΟΠΟΛΕΩΣ 1, 591 00 ΒΕΡΟΙΑ', 'mismatch'],
    ['street', 'Leoforos Siggrou 12', 'ΛΕΩΦΟΡΟΣ ΣΥΓΓΡΟΥ 12, 117 42 ΑΘΗΝΑ', 'match'],
    ['street', 'Leoforos Syggrou 12', 'ΛΕΩΦΟΡΟΣ ΣΥΓΓΡΟΥ 12, 117 42 ΑΘΗΝΑ', 'match'],
    ['street', 'Leoforos Sgrou 12', 'ΛΕΩΦΟΡΟΣ ΣΥΓΓΡΟΥ 12, 117 42 ΑΘΗΝΑ', 'mismatch'],
    ['city', 'Hania', 'ΧΑΛΗΔΩΝ 5, 731 31 ΧΑΝΙΑ', 'match'],
    ['city', 'Chania', 'ΧΑΛΗΔΩΝ 5, 731 31 ΧΑΝΙΑ', 'match'],
    ['city', 'Kania', 'ΧΑΛΗΔΩΝ 5, 731 31 ΧΑΝΙΑ', 'mismatch'],
  ])('%s %j in %j: %s', (field, sent, address, outcome) => {
    const compare = field === 'street' ? compareStreet : compareCity;
    expect(compare(sent, readRegisteredAddress(address, 'EL'), 'EL')).toBe(outcome);
  });
});

describe('Bulgarian Cyrillic read as customers write it in Latin letters', () => {
  it.each([
    // the transliteration law, and the readings in wide use beside it
    ['Rila Trade EOOD', 'РИЛА ТРЕЙД ЕООД', 'match'],
    ['Rila Treyd EOOD', 'РИЛА ТРЕЙД ЕООД', 'match'],
    ['Rila Treid EOOD', 'РИЛА ТРЕЙД ЕООД', 'match'],
    ['Rila Trejd EOOD', 'РИЛА ТРЕЙД ЕООД', 'match'],
    ['Rila Trade Ltd', 'РИЛА ТРЕЙД ЕООД', 'partial'],
    ['Hristov Konsult OOD', 'ХРИСТОВ КОНСУЛТ ООД', 'match'],
    ['Khristov Consult OOD', 'ХРИСТОВ КОНСУЛТ ООД', 'match'],
    ['Balkan Tsentar AD', 'БАЛКАН ЦЕНТЪР АД', 'match'],
    ['Balkan Centar AD', 'БАЛКАН ЦЕНТЪР АД', 'match'],
    ['Balkan Tzentur AD', 'БАЛКАН ЦЕНТЪР АД', 'match'],
    ['Zhelezov EOOD', 'ЖЕЛЕЗОВ ЕООД', 'match'],
    ['Jelezov EOOD', 'ЖЕЛЕЗОВ ЕООД', 'match'],
    ['Yuzhna Zvezda EOOD', 'ЮЖНА ЗВЕЗДА ЕООД', 'match'],
    ['Iujna Zvezda EOOD', 'ЮЖНА ЗВЕЗДА ЕООД', 'match'],
    ['Mariya Foods EOOD', 'МАРИЯ ФУУДС ЕООД', 'match'],
    ['Maria Foods EOOD', 'МАРИЯ ФУУДС ЕООД', 'match'],
    ['Shtastie OOD', 'ЩАСТИЕ ООД', 'match'],
    ['Shchastie OOD', 'ЩАСТИЕ ООД', 'match'],
    ['РилаТрейд ЕООД', 'РИЛА ТРЕЙД ЕООД', 'match'],
    ['RilaTrade EOOD', 'РИЛА ТРЕЙД ЕООД', 'match'],
    // a group word on one side only distinguishes nothing, in either script
    ['Rila EOOD', 'РИЛА ГРУП ЕООД', 'partial'],
    ['Rila Group EOOD', 'РИЛА ГРУП ЕООД', 'match'],
    // near misses: other names stay other names
    ['Pirin Trade EOOD', 'РИЛА ТРЕЙД ЕООД', 'mismatch'],
    ['Rila Trading EOOD', 'РИЛА ТРЕЙД ЕООД', 'mismatch'],
    ['Rila Trade EOOD', 'РИЛА ТРЕЙДИНГ ЕООД', 'mismatch'],
    ['Rila Group EOOD', 'РИЛА ТРЕЙД ЕООД', 'mismatch'],
    ['Rila Tread EOOD', 'РИЛА ТРЕЙД ЕООД', 'mismatch'],
    ['Sena EOOD', 'ЦЕНА ЕООД', 'mismatch'],
    ['Kaos EOOD', 'ХАОС ЕООД', 'mismatch'],
    // a slip in a long word is worth a look, as in Latin letters
    ['Kristov Konsult OOD', 'ХРИСТОВ КОНСУЛТ ООД', 'partial'],
    ['Balkan Sentar AD', 'БАЛКАН ЦЕНТЪР АД', 'partial'],
    ['Balkan Centor AD', 'БАЛКАН ЦЕНТЪР АД', 'mismatch'],
    ['Selezov EOOD', 'ЖЕЛЕЗОВ ЕООД', 'mismatch'],
    ['Maria Foods EOOD', 'МАРТА ФУУДС ЕООД', 'mismatch'],
    // two Cyrillic names compare letter by letter: the other readings and loanwords count against Latin only
    ['ТУР ЕООД', 'ТЪР ЕООД', 'mismatch'],
    // the law spells ъ and а, щ and шт alike: still other letters
    ['ТЪР ЕООД', 'ТАР ЕООД', 'mismatch'],
    ['ТЪР 2000 ЕООД', 'ТАР 2000 ЕООД', 'mismatch'],
    ['ТЪР GROUP ЕООД', 'ТАР GROUP ЕООД', 'mismatch'],
    ['ТЪР 2000 ЕООД', 'ТЪР 2000 ЕООД', 'match'],
    ['ТЪР2000 ЕООД', 'ТЪР 2000 ЕООД', 'match'],
    ['ЩИТ ЕООД', 'ШТИТ ЕООД', 'mismatch'],
    ['ТРЕЙД ЕООД', 'ТРЕЙДИНГ ЕООД', 'partial'],
    ['ЖАНА ЕООД', 'ЙАНА ЕООД', 'mismatch'],
    ['ЦЕНА ЕООД', 'СЕНА ЕООД', 'mismatch'],
  ])('%j against %j: %s', (sent, registered, outcome) => {
    expect(compareNames(sent, registered, 'BG')).toBe(outcome);
  });

  it('reads Bulgarian streets and towns the same way', () => {
    const address = readRegisteredAddress('гр. София 1000, ул. Цар Шишман 15', 'BG');
    expect(compareStreet('ul. Tsar Shishman 15', address, 'BG')).toBe('match');
    expect(compareStreet('ul. Car Shishman 15', address, 'BG')).toBe('match');
    expect(compareStreet('ul. Tzar Shishman 15', address, 'BG')).toBe('match');
    expect(compareStreet('ul. Tsar Simeon 15', address, 'BG')).toBe('mismatch');
    expect(compareStreet('ul. Car Shishman 51', address, 'BG')).toBe('mismatch');
    expect(compareCity('Sofia', address, 'BG')).toBe('match');
    expect(compareCity('Sofiya', address, 'BG')).toBe('match');
    expect(compareCity('Sopot', address, 'BG')).toBe('mismatch');
    const varna = readRegisteredAddress('гр. Хасково 6300, бул. България 1', 'BG');
    expect(compareCity('Haskovo', varna, 'BG')).toBe('match');
    expect(compareCity('Khaskovo', varna, 'BG')).toBe('match');
    expect(compareStreet('bul. Bulgaria 1', varna, 'BG')).toBe('match');
    expect(compareStreet('bul. Balgariya 1', varna, 'BG')).toBe('match');
    expect(compareStreet('bul. Bulgaria 2', varna, 'BG')).toBe('mismatch');
  });

  it('keeps the word as written for Bulgarian words only', () => {
    const [rila, trade, ltd] = wordsOf('РИЛА ТРЕЙД Ltd');
    expect(rila).toMatchObject({ plain: 'rila', cyrillic: ['рила'] });
    expect(trade.cyrillic).toEqual(['трейд']);
    expect(ltd.cyrillic).toBeUndefined();
    expect(wordsOf('Rila Trade')[0].cyrillic).toBeUndefined();
    expect(wordsOf('ΒΗΤΑ')[0].cyrillic).toBeUndefined();
  });
});

describe('German and Polish numbers in street names', () => {
  it.each([
    ['Straße des Siebzehnten Juni 135', 'Straße des 17. Juni 135, 10623 Berlin', 'DE', 'match'],
    ['Str. des 17. Juni 135', 'STRASSE DES SIEBZEHNTEN JUNI 135, 10623 BERLIN', 'DE', 'match'],
    ['Strasse des siebzehnten Juni 135', 'Straße des 17. Juni 135, 10623 Berlin', 'DE', 'match'],
    ['Platz des Einundzwanzigsten Mai 2', 'Platz des 21. Mai 2, 01067 Dresden', 'DE', 'match'],
    ['Straße des Fuenften Mai 3', 'Straße des 5. Mai 3, 01067 Dresden', 'DE', 'match'],
    ['Zu den Drei Linden 4', 'Zu den 3 Linden 4, 04109 Leipzig', 'DE', 'match'],
    ['Straße des Achten Mai 1', 'Straße des 8. Mai 1, 01067 Dresden', 'DE', 'match'],
    ['ul. Trzeciego Maja 5', 'ul. 3 Maja 5, 00-001 Warszawa', 'PL', 'match'],
    ['ul. 3-go Maja 5', 'UL. TRZECIEGO MAJA 5, 00-001 WARSZAWA', 'PL', 'match'],
    ['ul. 3 Maja 5', 'UL. 3-GO MAJA 5, 00-001 WARSZAWA', 'PL', 'match'],
    ['ul. Jedenastego Listopada 2', 'ul. 11 Listopada 2, 00-001 Warszawa', 'PL', 'match'],
    ['ul. Dwudziestego Dziewiątego Listopada 2', 'ul. 29 Listopada 2, 30-001 Kraków', 'PL', 'match'],
    ['ul. Pierwszej Dywizji 7', 'ul. 1 Dywizji 7, 00-001 Warszawa', 'PL', 'match'],
    // another number is another street
    ['Straße des Achtzehnten Juni 135', 'Straße des 17. Juni 135, 10623 Berlin', 'DE', 'mismatch'],
    ['Straße des Siebten Juni 135', 'Straße des 17. Juni 135, 10623 Berlin', 'DE', 'mismatch'],
    ['Straße des 7. Juni 135', 'STRASSE DES SIEBZEHNTEN JUNI 135, 10623 BERLIN', 'DE', 'mismatch'],
    ['Platz des Zwanzigsten Mai 2', 'Platz des 21. Mai 2, 01067 Dresden', 'DE', 'mismatch'],
    ['Zu den Vier Linden 4', 'Zu den 3 Linden 4, 04109 Leipzig', 'DE', 'mismatch'],
    ['ul. Drugiego Maja 5', 'ul. 3 Maja 5, 00-001 Warszawa', 'PL', 'mismatch'],
    ['ul. 13 Maja 5', 'UL. TRZECIEGO MAJA 5, 00-001 WARSZAWA', 'PL', 'mismatch'],
    ['ul. Trzydziestego Listopada 2', 'ul. 29 Listopada 2, 30-001 Kraków', 'PL', 'mismatch'],
    ['ul. Maja 5', 'ul. 3 Maja 5, 00-001 Warszawa', 'PL', 'mismatch'],
    ['ul. Trzeciego Maja 7', 'ul. 3 Maja 5, 00-001 Warszawa', 'PL', 'mismatch'],
    // a number glued to the name with a hyphen is a word of it, not the house's number
    ['12-Apostel-Straße 5', 'Zwölf-Apostel-Straße 5, 10115 Berlin', 'DE', 'match'],
    ['Zwölf-Apostel-Straße 5', '12-Apostel-Straße 5, 10115 Berlin', 'DE', 'match'],
    ['Drei-Linden-Weg 2', '3-Linden-Weg 2, 04109 Leipzig', 'DE', 'match'],
    ['12-Apostel-Straße', '12-Apostel-Straße 5, 10115 Berlin', 'DE', 'partial'],
    ['Elf-Apostel-Straße 5', '12-Apostel-Straße 5, 10115 Berlin', 'DE', 'mismatch'],
    ['13-Apostel-Straße 5', 'Zwölf-Apostel-Straße 5, 10115 Berlin', 'DE', 'mismatch'],
    ['12-Apostel-Straße 7', 'Zwölf-Apostel-Straße 5, 10115 Berlin', 'DE', 'mismatch'],
    ['Apostel-Straße 12', '12-Apostel-Straße 5, 10115 Berlin', 'DE', 'mismatch'],
    ['Apostelstraße 5', '12-Apostel-Straße 5, 10115 Berlin', 'DE', 'mismatch'],
    // a range and a suffix after a hyphen stay the house's number
    ['12-14 rue de Rivoli', '12-14 RUE DE RIVOLI, 75004 PARIS', 'FR', 'match'],
    ['12-A High Street', '12A High Street, Brighton, BN1 1AA', 'GB', 'match'],
    // `achter` is `behind` in Dutch and Low German, no number
    ['Achterstraat 5', 'ACHTSTRAAT 5, 2000 ANTWERPEN', 'BE', 'mismatch'],
  ])('%j in %j (%s): %s', (street, address, country, outcome) => {
    expect(compareStreet(street, readRegisteredAddress(address, country), country)).toBe(outcome);
  });
});

describe('French and Portuguese numbers with and one, and French ordinals in digits', () => {
  it.each([
    ['Rue du Vingt et Un Août 3', '3 RUE DU 21 AOUT, 75002 PARIS', 'FR', 'match'],
    ['Rue du 21 Août 3', '3 RUE DU VINGT ET UN AOUT, 75002 PARIS', 'FR', 'match'],
    ['Rue du Trente et Un Décembre 3', '3 RUE DU 31 DECEMBRE, 75002 PARIS', 'FR', 'match'],
    ['Rua Vinte e Um de Janeiro 10', 'RUA 21 DE JANEIRO 10, 1100-053 LISBOA', 'PT', 'match'],
    ['Rua Trinta e Um de Janeiro 10', 'RUA 31 DE JANEIRO 10, 1100-053 LISBOA', 'PT', 'match'],
    // another number, and `un` / `um` as an article, are not one
    ['Rue du Vingt et Un Août 3', '3 RUE DU 20 AOUT, 75002 PARIS', 'FR', 'mismatch'],
    ['Rue du Vingt Août 3', '3 RUE DU 21 AOUT, 75002 PARIS', 'FR', 'mismatch'],
    ['Rue du Trente et Un Décembre 3', '3 RUE DU 30 DECEMBRE, 75002 PARIS', 'FR', 'mismatch'],
    ['Rua Vinte e Um de Janeiro 10', 'RUA 20 DE JANEIRO 10, 1100-053 LISBOA', 'PT', 'mismatch'],
    ['Rua Vinte e Dois de Janeiro 10', 'RUA 21 DE JANEIRO 10, 1100-053 LISBOA', 'PT', 'mismatch'],
    ['Rua 20 e Um de Janeiro 10', 'RUA 21 DE JANEIRO 10, 1100-053 LISBOA', 'PT', 'mismatch'],
    ['Rue Victor Hugo et Un Ami 3', '3 RUE VICTOR HUGO ET 1 AMI, 75002 PARIS', 'FR', 'mismatch'],
    // a French ordinal in digits is its number
    ['Rue du 1er Mai 3', '3 RUE DU PREMIER MAI, 75002 PARIS', 'FR', 'match'],
    ['3 rue du 2e Régiment', '3 RUE DU DEUX REGIMENT, 75002 PARIS', 'FR', 'match'],
    ['Rue du 1er Mai 3', '3 RUE DU 11 MAI, 75002 PARIS', 'FR', 'mismatch'],
    ['3 rue du 2e Régiment', '3 RUE DU 3E REGIMENT, 75002 PARIS', 'FR', 'mismatch'],
  ])('%j in %j (%s): %s', (street, address, country, outcome) => {
    expect(compareStreet(street, readRegisteredAddress(address, country), country)).toBe(outcome);
  });
});

describe('a town sent with its postcode', () => {
  const at = (address: string, country: string) => readRegisteredAddress(address, country);

  it.each([
    ['75008 Paris', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'match'],
    ['F-75008 Paris', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'match'],
    ['Paris 75008', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'match'],
    ['Paris 8e', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'match'],
    ['Paris 16e', '1 AVENUE FOCH, 75116 PARIS', 'FR', 'match'],
    // 75116 is the 16th's second postcode: another arrondissement sent with it is no match
    ['Paris 1er', '1 AVENUE FOCH, 75116 PARIS', 'FR', 'partial'],
    ['Lyon 3e', '1 RUE DE LA PART-DIEU, 69003 LYON', 'FR', 'match'],
    ['1000 Bruxelles', 'Rue Neuve 1, 1000 Bruxelles', 'BE', 'match'],
    ['1000 Brussel', 'Rue Neuve 1, 1000 Bruxelles', 'BE', 'match'],
    ['10115 Berlin', 'Hauptstraße 5, 10115 Berlin', 'DE', 'match'],
    ['SW1A 2AA London', '10 Downing Street, London, SW1A 2AA', 'GB', 'match'],
    ['1015 CJ Amsterdam', 'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM', 'NL', 'match'],
    // the postcode written shorter: worth a look
    ['1015 Amsterdam', 'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM', 'NL', 'partial'],
    // another postcode, or another arrondissement, of the same town: worth a look, never a match
    ['75009 Paris', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'partial'],
    ['Paris 75009', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'partial'],
    ['Paris 9e', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'partial'],
    ['Paris 9', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'partial'],
    ['Marseille 2e', '1 QUAI DU PORT, 13002 MARSEILLE', 'FR', 'match'],
    ['Paris 08', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'match'],
    ['Marseille 2e', '1 QUAI DU PORT, 13002 MARSEILLE 2E ARRONDISSEMENT', 'FR', 'match'],
    ['Marseille 3e', '1 QUAI DU PORT, 13002 MARSEILLE', 'FR', 'partial'],
    // the numbered districts of Prague, Vienna, Budapest and Bucharest in their postcodes
    ['Praha 1', 'Národní 10, 110 00 Praha', 'CZ', 'match'],
    ['Praha 2', 'Národní 10, 110 00 Praha', 'CZ', 'partial'],
    ['Praha 10', 'Vinohradská 1, 101 00 Praha', 'CZ', 'match'],
    ['Praha 1', 'Vinohradská 1, 101 00 Praha', 'CZ', 'partial'],
    ['Wien 3', 'Landstraßer Hauptstraße 1, 1030 Wien', 'AT', 'match'],
    ['Wien 3. Bezirk', 'Landstraßer Hauptstraße 1, 1030 Wien', 'AT', 'match'],
    ['Wien 9', 'Landstraßer Hauptstraße 1, 1030 Wien', 'AT', 'partial'],
    ['Wien 13', 'Landstraßer Hauptstraße 1, 1030 Wien', 'AT', 'partial'],
    ['Budapest VI. kerület', 'Andrássy út 9., 1061 Budapest', 'HU', 'match'],
    ['Budapest VI.', 'Andrássy út 9., 1061 Budapest', 'HU', 'match'],
    ['Budapest 6', 'Andrássy út 9., 1061 Budapest', 'HU', 'match'],
    ['Budapest XIII. kerület', 'Andrássy út 9., 1061 Budapest', 'HU', 'partial'],
    ['Budapest IV', 'Andrássy út 9., 1061 Budapest', 'HU', 'partial'],
    ['Budapest 16', 'Andrássy út 9., 1061 Budapest', 'HU', 'partial'],
    ['București Sector 1', 'Calea Victoriei 1, 010061 București', 'RO', 'match'],
    ['București Sector 2', 'Calea Victoriei 1, 010061 București', 'RO', 'partial'],
    // a Bucharest sector on a line of its own, without a postcode, names the district as well
    ['București Sector 1', 'MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5', 'RO', 'partial'],
    ['București Sector 3', 'MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5', 'RO', 'match'],
    ['București', 'MUNICIPIUL BUCUREŞTI, SECTOR 3, BD. UNIRII, NR.5', 'RO', 'match'],
    // a part of the town after a dash: another one is another district
    ['Bratislava - Petržalka', 'Obchodná 2, 811 06 Bratislava - mestská časť Staré Mesto', 'SK', 'partial'],
    ['Bratislava - Staré Mesto', 'Obchodná 2, 811 06 Bratislava - mestská časť Staré Mesto', 'SK', 'match'],
    ['Berlin - Mitte', 'Hauptstraße 5, 10115 Berlin - Spandau', 'DE', 'partial'],
    ['Budapest', 'Andrássy út 9., 1061 Budapest', 'HU', 'match'],
    ['Wien', 'Landstraßer Hauptstraße 1, 1030 Wien', 'AT', 'match'],
    ['1050 Bruxelles', 'Rue Neuve 1, 1000 Bruxelles', 'BE', 'partial'],
    ['Berlin 10117', 'Hauptstraße 5, 10115 Berlin', 'DE', 'partial'],
    ['10117 Berlin', 'Hauptstraße 5, 10115 Berlin', 'DE', 'partial'],
    // another town, whatever the postcode
    ['75008 Lyon', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'mismatch'],
    ['69003 Lyon', '12 RUE DE LA BOETIE, 75008 PARIS', 'FR', 'mismatch'],
  ])('town %j in %j (%s): %s', (town, address, country, outcome) => {
    expect(compareCity(town, at(address, country), country)).toBe(outcome);
  });

  it('is partial at best when the register holds no postcode to compare it with', () => {
    const cluj = at('JUD. CLUJ, MUN. CLUJ-NAPOCA, STR. MEMORANDUMULUI, NR.28', 'RO');
    expect(compareCity('400114 Cluj-Napoca', cluj, 'RO')).toBe('partial');
    expect(compareCity('Cluj-Napoca', cluj, 'RO')).toBe('match');
  });
});
