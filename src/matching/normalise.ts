/**
 * The normal forms the computed comparison works on (wave-2 C2, rules in docs/matching.md): case,
 * diacritics, punctuation and whitespace folded away, legal forms and street words reduced to one
 * spelling each, so `Müller GmbH` and `MUELLER G.M.B.H.` read the same.
 */

/** German letters whose usual spelling without them is two letters; folded before diacritics. */
const TRANSLITERATIONS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  ø: 'oe',
  œ: 'oe',
  å: 'aa',
  ł: 'l',
  đ: 'd',
  þ: 'th',
};

/**
 * Legal forms, each written as it reads once case, diacritics and punctuation are folded (dots
 * dropped inside abbreviations, so `S.A.` is `sa`), mapped to one code. Longer spellings first.
 */
const LEGAL_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['gesellschaft mit beschraenkter haftung', 'gmbh'],
  ['gesellschaft mbh', 'gmbh'],
  ['aktiengesellschaft', 'ag'],
  ['kommanditgesellschaft', 'kg'],
  ['public limited company', 'plc'],
  ['private limited company', 'ltd'],
  ['limited liability company', 'llc'],
  ['limited', 'ltd'],
  ['incorporated', 'inc'],
  ['corporation', 'corp'],
  ['societe anonyme', 'sa'],
  ['sociedad anonima', 'sa'],
  ['societe a responsabilite limitee', 'sarl'],
  ['sociedad limitada', 'sl'],
  ['societa per azioni', 'spa'],
  ['societa a responsabilita limitata', 'srl'],
  ['besloten vennootschap', 'bv'],
  ['naamloze vennootschap', 'nv'],
  ['gmbh and co kg', 'gmbhcokg'],
  ['pty ltd', 'ptyltd'],
  ['sp z oo', 'spzoo'],
  ['spolka z ograniczona odpowiedzialnoscia', 'spzoo'],
  ['gmbh', 'gmbh'],
  ['ag', 'ag'],
  ['kg', 'kg'],
  ['ohg', 'ohg'],
  ['ug', 'ug'],
  ['ek', 'ek'],
  ['ltd', 'ltd'],
  ['plc', 'plc'],
  ['llp', 'llp'],
  ['llc', 'llc'],
  ['inc', 'inc'],
  ['corp', 'corp'],
  ['sa', 'sa'],
  ['sas', 'sas'],
  ['sasu', 'sasu'],
  ['sarl', 'sarl'],
  ['eurl', 'eurl'],
  ['sl', 'sl'],
  ['slu', 'slu'],
  ['spa', 'spa'],
  ['srl', 'srl'],
  ['bv', 'bv'],
  ['nv', 'nv'],
  ['bvba', 'bvba'],
  ['sro', 'sro'],
  ['as', 'as'],
  ['asa', 'asa'],
  ['aps', 'aps'],
  ['ab', 'ab'],
  ['oy', 'oy'],
  ['oyj', 'oyj'],
  ['kft', 'kft'],
  ['zrt', 'zrt'],
  ['doo', 'doo'],
  ['dd', 'dd'],
  ['ou', 'ou'],
  ['uab', 'uab'],
  ['sia', 'sia'],
  ['ehf', 'ehf'],
  ['pty', 'pty'],
];

/**
 * Street words and their abbreviations, by language, mapped to one spelling. A German street
 * name is often one word ending in `str.` or `straße`, so those endings are expanded inside words too.
 */
const STREET_WORDS: Record<string, string> = {
  str: 'strasse',
  strasse: 'strasse',
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  avda: 'avenida',
  blvd: 'boulevard',
  bd: 'boulevard',
  bld: 'boulevard',
  ln: 'lane',
  dr: 'drive',
  sq: 'square',
  pl: 'place',
  r: 'rue',
  c: 'calle',
  v: 'via',
  ul: 'ulica',
  pza: 'piazza',
  pte: 'porte',
};

/** Lowercase, without diacritics, punctuation as spaces (dots inside abbreviations dropped), single spaces. */
export function fold(text: string): string {
  const lower = text.toLowerCase().replace(/[äöüßæøœåłđþ]/g, (letter) => TRANSLITERATIONS[letter]);
  return lower
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' and ')
    .replace(/(?<=\p{L})\.(?=\p{L}\.?)/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The second spelling of German letters: `Müller` also read as `Muller`, as some registers write it. */
function foldPlain(text: string): string {
  return fold(text.replace(/[äöüÄÖÜ]/g, (letter) => letter.normalize('NFKD')[0]));
}

export interface NameForm {
  /** The name without its legal form. */
  core: string;
  /** The legal form's code (`gmbh`, `ltd`, `sa`, …), or null when the name has none. */
  legalForm: string | null;
}

/** A name split into its core and legal form (found at the end, or at the start as in `SA Dupont`). */
export function nameForm(name: string, folder: (text: string) => string = fold): NameForm {
  const folded = folder(name);
  for (const [spelling, code] of LEGAL_FORMS) {
    if (folded === spelling) return { core: '', legalForm: code };
    if (folded.endsWith(` ${spelling}`))
      return { core: folded.slice(0, -spelling.length - 1), legalForm: code };
    if (folded.startsWith(`${spelling} `))
      return { core: folded.slice(spelling.length + 1), legalForm: code };
  }
  return { core: folded, legalForm: null };
}

/** The legal form named by a company type the caller sent (`GmbH`, `Limited`, `S.A.`), or null. */
export function legalFormOf(companyType: string): string | null {
  const folded = fold(companyType);
  return LEGAL_FORMS.find(([spelling]) => spelling === folded)?.[1] ?? null;
}

/** Both readings of a name: German letters as two letters and as one. */
export function nameForms(name: string): NameForm[] {
  return [nameForm(name), nameForm(name, foldPlain)];
}

/** A street or address with street words written out: `Hauptstr. 5` → `hauptstrasse 5`. */
export function streetForm(text: string): string {
  return fold(text)
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word.replace(/(?<=\p{L}{3})str$/u, 'strasse'))
    .join(' ');
}

/** A postcode without spaces, dashes or a country prefix (`D-10115`, `NL 1017 HL` → `10115`, `1017hl`). */
export function postcodeForm(text: string): string {
  return fold(text)
    .replace(/^(?:[a-z]{1,2} )(?=\d)/, '')
    .replace(/ /g, '');
}
