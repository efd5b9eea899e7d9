import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { resourcePath } from '../src/paths.js';

/**
 * Derives resources/legal-forms.json, the legal forms the name comparison recognises, from
 * GLEIF's ISO 20275 Entity Legal Forms code list:
 *
 *   npm run legal-forms -- --source /work/shared/data/elf-code-list-v1.5.csv
 *
 * It keeps the rows of the countries the service serves (Greece as GR serves EL, the United
 * Kingdom serves XI), active and inactive (registers still carry names of forms since retired,
 * such as the Belgian BVBA), with every local and transliterated name and abbreviation as the
 * list writes them. Parentheses are opened: a short abbreviation in parentheses becomes one more
 * abbreviation (`Gesellschaft mit beschränkter Haftung (GmbH)`), an alternative name introduced
 * by "o"/"or"/"ou" one more name, anything else is dropped. The spellings stay as written; the
 * service folds them with the same rules as the names it compares when it loads the file.
 *
 * SUPPLEMENTS adds the abbreviations in daily use that the list lacks, each under the list's own
 * code, so a new version of the list replaces everything but them.
 */

const SERVED =
  'AT AU BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(
    ' ',
  );

/** Spellings in daily use the list does not carry, by country and ELF code (with why, where not obvious). */
const SUPPLEMENTS: Record<string, Record<string, string[]>> = {
  AT: { AXSB: ['Gesellschaft mbH', 'GesmbH'] },
  CY: { K9L6: ['Ltd', 'Ltd.', 'Limited', 'ΛΤΔ'], BCF5: ['PLC', 'Public Company Limited'] },
  CZ: {
    '9HLU': ['s.r.o.', 'spol. s r.o.', 'spol. s r. o.'],
    '6CQN': ['a.s.'],
    '5KU5': ['v.o.s.'],
    CD28: ['k.s.'],
  },
  DE: {
    '2HBR': ['Gesellschaft mbH'],
    OL20: ['eingetragener Kaufmann', 'eingetragene Kauffrau', 'e.Kfm.', 'e.Kfr.'],
  },
  ES: {
    R6UT: ['S.L.U.', 'Sociedad Limitada Unipersonal'],
    // An SLU is an SL with one partner, an SAU an SA with one shareholder: the same forms.
    DP3Q: ['Sociedad Limitada', 'S.L.', 'SL', 'S.L.U.', 'Sociedad Limitada Unipersonal'],
    '5RDO': ['S.A.U.', 'Sociedad Anónima Unipersonal'],
  },
  // Bilingual companies write the form in Finnish and Swedish together: `Oy Ab`, `Oyj Abp`.
  FI: { DKUW: ['Oy Ab', 'Ab Oy'], K6VE: ['Oyj Abp', 'Abp Oyj'] },
  // A SASU is an SAS with one shareholder, an EURL an SARL with one member: the same forms.
  FR: {
    V9QP: [
      'SARL',
      'Société à responsabilité limitée',
      'EURL',
      'Entreprise unipersonnelle à responsabilité limitée',
    ],
    '6CHY': ['SASU', 'Société par actions simplifiée unipersonnelle'],
    H1U2: ['SNC'],
    FY0F: ['SCI'],
  },
  GR: {
    W2NK: ['ΑΕ', 'Α.Ε.', 'AE', 'Ανώνυμη Εταιρεία'],
    H6OR: ['ΕΠΕ', 'EPE', 'Εταιρεία Περιορισμένης Ευθύνης'],
    QCA0: ['ΙΚΕ', 'IKE', 'Ιδιωτική Κεφαλαιουχική Εταιρεία'],
    TIZ2: ['ΟΕ', 'OE', 'Ομόρρυθμη Εταιρεία'],
    '54AL': ['ΕΕ', 'EE', 'Ετερόρρυθμη Εταιρεία'],
  },
  IE: { LGWG: ['DAC', 'Designated Activity Company'], '5AX8': ['DAC'] },
  IT: { CGSO: ['S.a.s.', 'SAS'] },
  LT: {
    BPLS: ['Uždaroji akcinė bendrovė'],
    '81KA': ['Akcinė bendrovė'],
    SFYA: ['Mažoji bendrija'],
  },
  LU: { DVXS: ['S.à r.l.', 'S.A R.L.', 'Sàrl'] },
  NL: { '54M6': ['besloten vennootschap'], B5PM: ['naamloze vennootschap'] },
  PT: {
    USOG: ['Lda', 'Lda.', 'Limitada'],
    VF4C: ['Unipessoal Lda', 'Unipessoal, Lda.'],
    DFE5: ['S.A.', 'SA'],
  },
  // Names begin with the definite form: `Aktiebolaget Volvo`.
  SE: { XJHM: ['AB (publ)', 'Aktiebolag (publ)', 'Aktiebolaget'] },
  SK: {
    VSZS: ['s.r.o.', 'spol. s r.o.', 'spol. s r. o.'],
    '2EEG': ['a.s.'],
    KB52: ['k.s.'],
    '5J5Y': ['v.o.s.'],
  },
};

/**
 * Forms the law turned into another, by country: former code → the code it became. A register
 * may still carry the former form of a trader that now has the new one.
 */
const SUCCESSIONS: Record<string, Record<string, string>> = {
  // The 2019 Code of Companies turned every BVBA/SPRL (and one-person EBVBA/SPRLU) into a BV/SRL.
  BE: { N5NT: '3W7E', C609: '3W7E' },
};

interface Form {
  code: string;
  active: boolean;
  spellings: string[];
  became?: string;
}

const COLUMNS = {
  code: 0,
  country: 2,
  localName: 5,
  transliteratedName: 8,
  localAbbreviations: 9,
  transliteratedAbbreviations: 10,
  status: 12,
} as const;

/**
 * A name with its parentheses opened: the name without them, the name with their content in line
 * (`UG (haftungsbeschränkt)` is also written `UG haftungsbeschränkt`), and what they add.
 */
function openParentheses(name: string): string[] {
  if (!name.includes('(')) return [name];
  const found: string[] = [name.replace(/[()]/g, ' ')];
  const bare = name.replace(/\(([^)]*)\)/g, (_all, inside: string) => {
    const text = inside.trim();
    const alternative = /^(?:o|or|ou)\s+(.+)$/i.exec(text);
    if (alternative) found.push(alternative[1]);
    else if (text.length <= 12 && !text.includes(' ')) found.push(text);
    return ' ';
  });
  return [bare, ...found];
}

function spellingsOf(row: string[]): string[] {
  const names = [row[COLUMNS.localName], row[COLUMNS.transliteratedName]].flatMap(openParentheses);
  const abbreviations = [row[COLUMNS.localAbbreviations], row[COLUMNS.transliteratedAbbreviations]]
    .flatMap((cell) => cell.split(/;| \/ /))
    .flatMap(openParentheses);
  return [...names, ...abbreviations]
    .map((text) => text.replace(/\s+/g, ' ').replace(/^[\s–-]+|[\s–-]+$/g, ''))
    .filter((text) => text !== '');
}

export function deriveLegalForms(csv: string): Record<string, Form[]> {
  const rows: string[][] = parse(csv, { bom: true, relax_column_count: true, from_line: 2 });
  const byCountry: Record<string, Map<string, Form>> = {};
  const formOf = (country: string, code: string, active: boolean) => {
    const forms = byCountry[country] ?? new Map<string, Form>();
    byCountry[country] = forms;
    let form = forms.get(code);
    if (!form) {
      form = { code, active, spellings: [] };
      forms.set(code, form);
    }
    return form;
  };
  for (const row of rows) {
    const country = row[COLUMNS.country];
    if (!SERVED.includes(country)) continue;
    const form = formOf(country, row[COLUMNS.code], row[COLUMNS.status] === 'ACTV');
    form.spellings.push(...spellingsOf(row));
  }
  for (const [country, codes] of Object.entries(SUPPLEMENTS))
    for (const [code, spellings] of Object.entries(codes))
      formOf(country, code, true).spellings.push(...spellings);
  for (const [country, codes] of Object.entries(SUCCESSIONS))
    for (const [code, became] of Object.entries(codes)) {
      const form = byCountry[country]?.get(code);
      if (!form || !byCountry[country].has(became))
        throw new Error(`no ${country} form ${code} or ${became}`);
      form.became = became;
    }
  return Object.fromEntries(
    Object.entries(byCountry)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, forms]) => [
        country,
        [...forms.values()]
          .sort((a, b) => a.code.localeCompare(b.code))
          .map((form) => ({ ...form, spellings: [...new Set(form.spellings)] })),
      ]),
  );
}

function main(): void {
  const { values } = parseArgs({ options: { source: { type: 'string' }, version: { type: 'string' } } });
  const source = values.source;
  if (!source) throw new Error('usage: npm run legal-forms -- --source path/to/elf-code-list-vX.Y.csv');
  const version = values.version ?? /v(\d+(?:\.\d+)*)\.csv$/.exec(source)?.[1];
  if (!version) throw new Error(`name the list's version (--version), it is not in ${source}`);
  const countries = deriveLegalForms(readFileSync(source, 'utf8'));
  const head = {
    source: 'ISO 20275 Entity Legal Forms code list, published by GLEIF',
    version,
    file: basename(source),
    generated_by: 'scripts/derive-legal-forms.ts',
  };
  // One form per line, so a new version of the list shows as a readable diff.
  const lines = Object.entries(countries).map(
    ([country, forms]) =>
      `  ${JSON.stringify(country)}: [\n${forms.map((form) => `   ${JSON.stringify(form)}`).join(',\n')}\n  ]`,
  );
  const text = `${JSON.stringify(head, null, 1).slice(0, -2)},\n "countries": {\n${lines.join(',\n')}\n }\n}\n`;
  const target = resourcePath('legal-forms.json');
  writeFileSync(target, text);
  const total = Object.values(countries).reduce((sum, forms) => sum + forms.length, 0);
  process.stdout.write(
    `${target}: ${total} forms in ${Object.keys(countries).length} countries (list ${version})\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
