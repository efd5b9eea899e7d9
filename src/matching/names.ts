import { type LegalForm, legalFormNamed, sameForm, splitLegalForm, succeededForm } from './legal-forms.js';
import { joined, oneSlipApart, sameWord, sameWords, type Word, wordsOf } from './letters.js';
import { LOANWORDS } from './loanwords.js';
import {
  CONJUNCTIONS,
  COUNTRY_CUTTING,
  CUTTING,
  FILLER,
  FILLER_LINKS,
  FORM_QUALIFIERS,
  LEADING_ARTICLES,
  NAME_ABBREVIATIONS,
  NAME_PREFIXES,
  NUMBER_WORDS,
} from './name-words.js';
import type { FieldMatch } from './outcome.js';

/**
 * Names (docs/matching.md, "Names"): the legal form is taken off and compared apart; of the rest,
 * the distinctive words decide. Two names that differ only in writing match; a word that
 * distinguishes nothing, a word missing on one side, one keyboard slip in a long word, the same
 * words in another order, or initials make them `partial`; names whose distinctive words differ
 * are a `mismatch` even when they share a common word (Müller Bau / Müller Logistik).
 */

/** A word cut short is at least this long (`Elektro` for `Elektrotechnik`, not `Bau` for `Bauunternehmung`). */
export const SHORTENED_MIN_LENGTH = 4;
/** Initials are compared when they are 2 to this many letters (`BMW`, `EDF`). */
const MOST_INITIALS = 6;

export interface ReadName {
  words: Word[];
  form: LegalForm | null;
  /**
   * Words cut off as a branch or a liquidation (`Zweigniederlassung Hamburg`), which distinguish
   * nothing from the firm itself; null when none was.
   */
  cut: Word[] | null;
}

/** Cuts a branch or liquidation phrase and what follows it (the branch's town): it names no other trader. */
function cutFiller(
  words: readonly Word[],
  countryCode: string,
): { words: readonly Word[]; cut: Word[] | null } {
  const own = COUNTRY_CUTTING[countryCode];
  const at = words.findIndex(
    (word, i) =>
      i > 0 && (CUTTING.has(word.plain) || own?.has(word.plain) === true || own?.has(word.spelled) === true),
  );
  if (at === -1) return { words, cut: null };
  const start = at > 1 && FILLER_LINKS.has(words[at - 1].plain) ? at - 1 : at;
  return { words: words.slice(0, start), cut: words.slice(at) };
}

function expandAbbreviations(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const entry = NAME_ABBREVIATIONS.find(([spelling]) =>
      spelling.every((part, k) => words[i + k]?.plain === part),
    );
    if (entry) {
      out.push({ plain: entry[1], spelled: entry[1] });
      i += entry[0].length - 1;
    } else out.push(words[i]);
  }
  return out;
}

export function readName(name: string, countryCode: string): ReadName {
  const filler = cutFiller(wordsOf(name), countryCode);
  const split = splitLegalForm(filler.words, countryCode);
  const { form } = split;
  const qualifiers = FORM_QUALIFIERS[countryCode] ?? [];
  const last = split.core.at(-1)?.plain ?? '';
  const core = form && qualifiers.includes(last) ? split.core.slice(0, -1) : split.core;
  const prefixes = NAME_PREFIXES[countryCode] ?? [];
  // `and` only joins two words: first or last it is a word of the name (`Kvarnen I`, `Projekt E`, `Generación Y`).
  let words = core.filter((word, i) => i === 0 || i === core.length - 1 || !CONJUNCTIONS.has(word.plain));
  if (words.length > 1 && (LEADING_ARTICLES.has(words[0].plain) || prefixes.includes(words[0].plain)))
    words = words.slice(1);
  return { words: expandAbbreviations(words), form, cut: filler.cut };
}

type CoreRelation = 'same' | 'near' | 'different';

/** Words of `a` not matched by a word of `b`, each word of `b` used once. */
function unmatched(a: readonly Word[], b: readonly Word[]): Word[] {
  const used = new Array<boolean>(b.length).fill(false);
  return a.filter((word) => {
    const at = b.findIndex((other, i) => !used[i] && sameWord(word, other));
    if (at === -1) return true;
    used[at] = true;
    return false;
  });
}

/** How the words of two names (legal forms off) relate. */
export function compareCores(a: readonly Word[], b: readonly Word[]): CoreRelation {
  if (a.length === 0 || b.length === 0) return 'different';
  if (sameWords(a, b)) return 'same';
  const runA = joined(a);
  const runB = joined(b);
  if (sameWord(runA, runB)) return 'same';
  const onlyA = unmatched(a, b);
  const onlyB = unmatched(b, a);
  // The same words in another order, or one name's words all within the other's but for filler,
  // sharing a word that is not filler (`International Ltd` is not `International Trading Ltd`, nor
  // `Siemens AG` `Siemens Energy AG`).
  if (onlyA.length === 0 || onlyB.length === 0) {
    const shared = unmatched(a, onlyA);
    const extra = onlyA.length === 0 ? onlyB : onlyA;
    return distinctive(shared).length > 0 && distinctive(extra).length === 0 ? 'near' : 'different';
  }
  if (
    onlyA.length === 1 &&
    onlyB.length === 1 &&
    (isSlip(onlyA[0], onlyB[0]) || isShortened(onlyA[0], onlyB[0]) || sameNumber(onlyA[0], onlyB[0]))
  )
    return 'near';
  if (areInitials(a, b) || areInitials(b, a)) return 'near';
  return 'different';
}

/** A number in digits and the same number as a word (`3` / `Drei`): written another way, but worth a look. */
function sameNumber(a: Word, b: Word): boolean {
  const value = (word: Word) =>
    /^\d+$/.test(word.plain) ? String(Number(word.plain)) : NUMBER_WORDS.get(word.plain);
  const [x, y] = [value(a), value(b)];
  return x !== undefined && x === y;
}

/** One insertion, deletion, substitution or swap of neighbours in a word of SLIP_MIN_LENGTH letters or more. */
function isSlip(a: Word, b: Word): boolean {
  return oneSlipApart(a.plain, b.plain) || oneSlipApart(a.spelled, b.spelled);
}

/** A word cut short (`Elektro` for `Elektrotechnik`): at least SHORTENED_MIN_LENGTH letters that begin the other. */
function isShortened(a: Word, b: Word): boolean {
  const [short, long] = a.plain.length < b.plain.length ? [a, b] : [b, a];
  return short.plain.length >= SHORTENED_MIN_LENGTH && long.plain.startsWith(short.plain);
}

/** `short` is one word made of the first letters of `long`'s words (with or without its small words). */
function areInitials(short: readonly Word[], long: readonly Word[]): boolean {
  if (short.length !== 1 || long.length < 2) return false;
  const letters = short[0].plain;
  if (letters.length < 2 || letters.length > MOST_INITIALS || !/^[a-z]+$/.test(letters)) return false;
  const all = long.map((word) => word.plain[0]).join('');
  const long3 = long
    .filter((word) => word.plain.length > 3)
    .map((word) => word.plain[0])
    .join('');
  return letters === all || letters === long3;
}

/** Words of `words` that are not filler (in either reading; a Bulgarian loanword as its English word: `ГРУП`). */
function distinctive(words: readonly Word[]): Word[] {
  return words.filter(
    (word) =>
      !FILLER.has(word.plain) &&
      !FILLER.has(word.spelled) &&
      !(word.cyrillic?.length === 1 && FILLER.has(LOANWORDS.get(word.cyrillic[0]) ?? '')),
  );
}

/** A sent name against the registered one (read once by `readName`, as the company type reads it too). */
export function compareNames(sent: string, registered: ReadName | string, countryCode: string): FieldMatch {
  const a = readName(sent, countryCode);
  const b = typeof registered === 'string' ? readName(registered, countryCode) : registered;
  const core = compareCores(a.words, b.words);
  if (core === 'different') return 'mismatch';
  const forms = compareForms(a.form, b.form);
  if (forms === 'different') return 'mismatch';
  return core === 'same' && forms === 'same' && sameCut(a.cut, b.cut) ? 'match' : 'partial';
}

/** No branch on either side, or the same branch (`Niederlassung Deutschland` is not `Niederlassung Österreich`). */
function sameCut(a: Word[] | null, b: Word[] | null): boolean {
  return a === null || b === null ? a === b : sameWord(joined(a), joined(b));
}

/**
 * Legal forms: the same ELF code, or none on either side, is the same; a form on one side only,
 * one read from another country's list (a Bulgarian EOOD written `Ltd`), the former name of the
 * other (a BVBA, which the law made a BV: the register may not have caught up), or the same code
 * with another partner (`KG` / `GmbH & Co. KG`) is near; else different.
 */
function compareForms(a: LegalForm | null, b: LegalForm | null): CoreRelation {
  if (!a && !b) return 'same';
  if (!a || !b) return 'near';
  if (sameForm(a, b)) return a.partner === b.partner ? 'same' : 'near';
  return a.foreign !== b.foreign || succeededForm(a, b) ? 'near' : 'different';
}

/** `trader_company_type` against the form at the end (or start) of the registered name. */
export function compareCompanyType(
  sent: string,
  registered: ReadName | string,
  countryCode: string,
): FieldMatch {
  const wanted = legalFormNamed(sent, countryCode);
  const form = (typeof registered === 'string' ? readName(registered, countryCode) : registered).form;
  if (!wanted || !form) return 'not_processed';
  return sameForm(wanted, form) ? 'match' : 'mismatch';
}
