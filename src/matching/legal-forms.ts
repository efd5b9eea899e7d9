import { readFileSync } from 'node:fs';
import { resourcePath } from '../paths.js';
import { type Word, wordsOf } from './letters.js';

/**
 * Legal forms as the ISO 20275 Entity Legal Forms list names them (resources/legal-forms.json,
 * derived by scripts/derive-legal-forms.ts; docs/architecture.md). Every local and transliterated
 * name and abbreviation of a country's forms maps to the form's ELF code, so `GmbH` and
 * `Gesellschaft mit beschränkter Haftung` are one form, as are the Swiss `AG` and `SA` or the
 * Finnish `Oy` and `Ab`. Spellings are looked up with their words run together (`S.à r.l.`,
 * `SARL` and `s a rl` all read `sarl`), and with the words that join forms left out (`GmbH & Co.
 * KG` = `GmbH und Co KG`). The tables are built once, at the first lookup, and kept: only
 * requests that compare a name need them, and a service that answers none never holds them.
 */

interface FormsFile {
  version: string;
  countries: Record<string, Array<{ code: string; active: boolean; spellings: string[]; became?: string }>>;
}

export interface LegalForm {
  /** ELF codes the spelling stands for (one abbreviation may name several forms, as `Ltd` in GB). */
  codes: ReadonlySet<string>;
  /** Recognised only from another country's list (an English `Ltd` on a Bulgarian name). */
  foreign: boolean;
  /**
   * The partner a form names before `& Co.` (`gmbh` of `GmbH & Co. KG`), run together; empty for
   * a form that names none. One ELF code covers the KG and the GmbH & Co. KG: their names differ.
   */
  partner: string;
}

export interface NameWithForm {
  /** The name's words without the legal form. */
  core: Word[];
  form: LegalForm | null;
}

/** Words that join the parts of a form and are left out of its key (`GmbH & Co. KG`). */
const JOINERS = new Set(['&', 'and', 'und', 'et', 'en', 'og', 'och', 'es', 'ja', 've']);
/** The longest form looked for, in words: longer spellings exist but never end a company's name. */
const MOST_WORDS = 8;
/** A written-out form whose first word is this long may be glued to the word before it (`Handelsgesellschaft mbH`). */
const GLUED_HEAD = 8;

interface Table {
  /** Run-together spelling → codes, in both readings. */
  keys: Map<string, Set<string>>;
  /** Written-out forms whose first word may end a compound: rest of the key → first words and codes. */
  glued: Map<string, Array<{ head: string; codes: Set<string> }>>;
}

const ELF_COUNTRY: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB' };

function keyWords(words: readonly Word[]): Word[] {
  return words.filter((word) => !JOINERS.has(word.plain));
}

function keysOf(words: readonly Word[]): string[] {
  const kept = keyWords(words);
  const plain = kept.map((word) => word.plain).join('');
  const spelled = kept.map((word) => word.spelled).join('');
  return plain === spelled ? [plain] : [plain, spelled];
}

function emptyTable(): Table {
  return { keys: new Map(), glued: new Map() };
}

/** A Roman numeral (`II`, `IV`): a Romanian `II` is a form at home, elsewhere the number of a fund or company. */
const ROMAN = /^x{0,3}(?:ix|iv|v?i{0,3})$/;

function add(table: Table, spelling: string, code: string, own = true): void {
  const words = keyWords(wordsOf(spelling));
  const keys = keysOf(words);
  // One-letter abbreviations (a Swedish `I`, a Lithuanian `S`) would find a form in any initial.
  if (words.length === 0 || keys[0].length < 2 || words.length > MOST_WORDS) return;
  if (!own && ROMAN.test(keys[0])) return;
  for (const key of keys) {
    const codes = table.keys.get(key) ?? new Set();
    codes.add(code);
    table.keys.set(key, codes);
  }
  if (words.length >= 2 && words[0].plain.length >= GLUED_HEAD) {
    const rest = words
      .slice(1)
      .map((word) => word.plain)
      .join('');
    const entries = table.glued.get(rest) ?? [];
    entries.push({ head: words[0].plain, codes: new Set([code]) });
    table.glued.set(rest, entries);
  }
}

interface Tables {
  byCountry: Map<string, Table>;
  all: Table;
  /** Former form → the form the law turned it into (a Belgian BVBA became a BV). */
  became: Map<string, string>;
  version: string;
}

function loadTables(): Tables {
  const file = JSON.parse(readFileSync(resourcePath('legal-forms.json'), 'utf8')) as FormsFile;
  const byCountry = new Map<string, Table>();
  const all = emptyTable();
  const became = new Map<string, string>();
  for (const [country, forms] of Object.entries(file.countries)) {
    const table = emptyTable();
    for (const form of forms) {
      if (form.became) became.set(form.code, form.became);
      for (const spelling of form.spellings) {
        add(table, spelling, form.code);
        add(all, spelling, form.code, false);
      }
    }
    byCountry.set(country, table);
  }
  return { byCountry, all, became, version: file.version };
}

let loaded: Tables | undefined;

function tables(): Tables {
  loaded ??= loadTables();
  return loaded;
}

/** The version of the ISO 20275 list the forms come from. */
export function legalFormsVersion(): string {
  return tables().version;
}

function tableOf(countryCode: string): Table | undefined {
  return tables().byCountry.get(ELF_COUNTRY[countryCode] ?? countryCode);
}

/** The codes of `words` read as one spelling of a form, or undefined. */
function lookUp(table: Table, words: readonly Word[]): Set<string> | undefined {
  for (const key of keysOf(words)) {
    const codes = table.keys.get(key);
    if (codes) return codes;
  }
  return undefined;
}

/**
 * The run-together keys of a name's last (or first) 1..MOST_WORDS words, joiners left out, built
 * once and looked up in both tables: `keys[size]` holds both readings of the `size` words.
 */
function edgeKeys(words: readonly Word[], fromEnd: boolean): Array<[string, string]> {
  const keys: Array<[string, string]> = [['', '']];
  let plain = '';
  let spelled = '';
  for (let size = 1; size <= Math.min(MOST_WORDS, words.length); size++) {
    const word = words[fromEnd ? words.length - size : size - 1];
    if (!JOINERS.has(word.plain)) {
      plain = fromEnd ? word.plain + plain : plain + word.plain;
      spelled = fromEnd ? word.spelled + spelled : spelled + word.spelled;
    }
    keys.push([plain, spelled]);
  }
  return keys;
}

function codesOf(table: Table, [plain, spelled]: [string, string]): Set<string> | undefined {
  return table.keys.get(plain) ?? (spelled === plain ? undefined : table.keys.get(spelled));
}

/**
 * The legal form at the end of a name (or, failing that, at its start, as Latvian, Lithuanian
 * and Bulgarian names write it), the longest spelling first; the country's list first, then
 * every served country's.
 */
export function splitLegalForm(words: readonly Word[], countryCode: string): NameWithForm {
  const own = tableOf(countryCode);
  const ends = edgeKeys(words, true);
  const starts = edgeKeys(words, false);
  for (const [table, foreign] of [
    [own, false],
    [tables().all, true],
  ] as const) {
    if (!table) continue;
    const atEndFound = atEnd(table, words, ends);
    const found = atEndFound ?? atStart(table, words, starts);
    if (found) {
      const formWords = atEndFound ? words.slice(-found.size) : words.slice(0, found.size);
      return { core: found.core, form: { codes: found.codes, foreign, partner: partnerOf(formWords) } };
    }
  }
  return { core: [...words], form: null };
}

/** The words of a form before its `Co` (`GmbH & Co. KG` → `gmbh`), run together. */
function partnerOf(words: readonly Word[]): string {
  const kept = keyWords(words).map((word) => word.plain);
  const co = kept.indexOf('co');
  return co > 0 ? kept.slice(0, co).join('') : '';
}

function atEnd(table: Table, words: readonly Word[], keys: ReadonlyArray<[string, string]>) {
  for (let size = keys.length - 1; size >= 1; size--) {
    const codes = codesOf(table, keys[size]);
    if (codes) return { core: words.slice(0, words.length - size), codes, size };
    const glued = size >= 2 ? gluedForm(table, words[words.length - size], keys[size - 1][0]) : undefined;
    if (glued)
      return {
        core: [...words.slice(0, words.length - size), glued.rest],
        codes: glued.codes,
        size: size - 1,
      };
  }
  return undefined;
}

function atStart(table: Table, words: readonly Word[], keys: ReadonlyArray<[string, string]>) {
  for (let size = Math.min(keys.length - 1, words.length - 1); size >= 1; size--) {
    const codes = codesOf(table, keys[size]);
    if (codes) return { core: words.slice(size), codes, size };
  }
  return undefined;
}

/** `Handelsgesellschaft mbH`: the form's first word (`gesellschaft`) ends `first`, `rest` is the others run together. */
function gluedForm(table: Table, first: Word, rest: string) {
  for (const entry of table.glued.get(rest) ?? []) {
    if (first.plain.length > entry.head.length && first.plain.endsWith(entry.head)) {
      const cut = -entry.head.length;
      return {
        codes: entry.codes,
        rest: { plain: first.plain.slice(0, cut), spelled: first.spelled.slice(0, cut) },
      };
    }
  }
  return undefined;
}

/** The form a `trader_company_type` names, or null when no list knows it (a VIES code such as `ES-3`). */
export function legalFormNamed(text: string, countryCode: string): LegalForm | null {
  const words = wordsOf(text);
  if (words.length === 0) return null;
  const own = tableOf(countryCode);
  const codes = own && lookUp(own, words);
  if (codes) return { codes, foreign: false, partner: partnerOf(words) };
  const anywhere = lookUp(tables().all, words);
  return anywhere ? { codes: anywhere, foreign: true, partner: partnerOf(words) } : null;
}

export function sameForm(a: LegalForm, b: LegalForm): boolean {
  for (const code of a.codes) if (b.codes.has(code)) return true;
  return false;
}

/** One form is the former name of the other (a Belgian BVBA, which the law turned into a BV). */
export function succeededForm(a: LegalForm, b: LegalForm): boolean {
  const { became } = tables();
  for (const code of a.codes) if (b.codes.has(became.get(code) ?? '')) return true;
  for (const code of b.codes) if (a.codes.has(became.get(code) ?? '')) return true;
  return false;
}
