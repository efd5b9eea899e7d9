import anyAscii from 'any-ascii';
import { LOANWORDS } from './loanwords.js';

/**
 * Letters and spellings (docs/matching.md, "Letters"): every script the served countries write
 * in is brought to lower-case ASCII by any-ascii (architecture.md says why that library), and
 * each word keeps two readings, so the spellings a register and a customer use compare equal:
 *
 * - `plain`: any-ascii's reading: ü → u, ø → o, å → a, ß → ss, ł → l, ő → o, Greek and
 *   Cyrillic letter by letter (ου → oy, щ → shch);
 * - `spelled`: the two-letter spellings (ü → ue, ö → oe, ä → ae, ø → oe, å → aa, đ → dj) and
 *   the official romanisations customers type: Greek as ELOT 743 writes it (ου → ou, ευ → ev or
 *   ef, χ → ch, μπ → b), Bulgarian as its transliteration law does (щ → sht, ъ → a, х → h);
 * - `marked`, Greek words only: the older, customary and brand spellings beside ELOT's, with β as
 *   b or v, η as e or i, φ as ph or f, χ as ch, h or kh, υ as y or i, αυ and ευ as ELOT 743 reads
 *   them or with v or f throughout, μπ as b, as b first and mb inside, or mp, ντ as nt or as d first
 *   and nd inside (`ΒΗΤΑ` = `Beta` = `Vita`, `ΑΛΦΑ` = `Alpha`, `ΧΑΤΖΗΣ` = `Hatzis`, `ΜΠΑΜΠΗΣ` =
 *   `Bambis`), compared only with a word written in Latin letters: two Greek words still compare
 *   letter by letter.
 * - `cyrillic`, Bulgarian words only: the word as written, read against a word in Latin letters
 *   by the transliteration law and the other spellings customers use (х as kh, ъ as u, й as i or
 *   j, ц as c or tz, ж as j, ю and я as iu, ju, ia, ja; a final ия as ia, `София` = `Sofia`), and an
 *   English business word the firm spells by sound as the English word (`ТРЕЙД` = `Trade`, see
 *   loanwords.ts). Two Cyrillic words still compare letter by letter.
 *
 * Two words are the same when either reading agrees: Müller = Muller (plain) = Mueller
 * (spelled), Ερμού = Ermou (spelled), София = Sofiya (plain).
 */

export interface Word {
  plain: string;
  spelled: string;
  /**
   * The words of a Greek text only: the word in Latin letters with a mark for each letter read
   * several ways (β, η, φ, χ, υ, μπ, ντ), which a Latin word is read against (`readsGreek`), each
   * letter one way throughout the word.
   */
  marked?: string;
  /**
   * The words of a Bulgarian (Cyrillic) text only: the word as written, lower case; a word run
   * together from several (`joined`) keeps each one's, a word without Cyrillic letters its plain reading.
   */
  cyrillic?: readonly string[];
  /**
   * The words of a Greek text only: the word as written, lower case, without accents and with σ
   * for a final ς, which another word with Greek letters is compared with letter by letter.
   */
  greek?: string;
}

/** Letters whose usual second spelling is two letters (German, Nordic, Croatian, Icelandic). */
const TWO_LETTERS: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ø: 'oe',
  å: 'aa',
  æ: 'ae',
  œ: 'oe',
  đ: 'dj',
  þ: 'th',
};

/** Bulgarian letters the transliteration law (Streamlined System) writes otherwise than any-ascii. */
const BULGARIAN: Readonly<Record<string, string>> = {
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  х: 'h',
  й: 'y',
  ю: 'yu',
  я: 'ya',
  ц: 'ts',
  ж: 'zh',
  ч: 'ch',
  ш: 'sh',
};

/**
 * How customers write each Bulgarian letter in Latin letters, the transliteration law's reading
 * first, then the other readings in wide use: older systems (х kh, щ shch, ъ u), the French-based
 * one of former passports (ж j, ц tz, й i), and the Central European one (ц c, й and я as j, ja).
 * Only against a word in Latin letters (`sameWord`).
 */
const CYRILLIC_LATIN: Readonly<Record<string, readonly string[]>> = {
  а: ['a'],
  б: ['b'],
  в: ['v'],
  г: ['g'],
  д: ['d'],
  е: ['e'],
  ж: ['zh', 'j'],
  з: ['z'],
  и: ['i'],
  ѝ: ['i'],
  й: ['y', 'i', 'j'],
  к: ['k'],
  л: ['l'],
  м: ['m'],
  н: ['n'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s'],
  т: ['t'],
  у: ['u'],
  ф: ['f'],
  х: ['h', 'kh'],
  ц: ['ts', 'c', 'tz'],
  ч: ['ch'],
  ш: ['sh'],
  щ: ['sht', 'shch'],
  ъ: ['a', 'u'],
  ь: ['y', 'i', 'j'],
  ю: ['yu', 'iu', 'ju'],
  я: ['ya', 'ia', 'ja'],
};
/** The law writes ия at the end of a word ia (`България` = `Bulgaria`, `София` = `Sofia`). */
const FINAL_IYA = 'ия';
const CYRILLIC = /[\u0400-\u04ff]/u;

const VOICELESS_GREEK = 'θκξπστφχψς';
const GREEK_VOWEL_DIGRAPH = /([αεη])υ(.?)/gu;
/** μπ and ντ at the start of a word. */
const FIRST_MP = /(?<!\p{L})μπ/gu;
const FIRST_NT = /(?<!\p{L})ντ/gu;

/**
 * How the Greek letters romanisations disagree on are read (ELOT 743: β v, η i, φ f, χ ch, υ y,
 * μπ b, ντ nt, and υ after α, ε, η as v, or f before a voiceless consonant and at the end).
 */
interface GreekChoice {
  beta: string;
  eta: string;
  phi: string;
  chi: string;
  upsilon: string;
  /** υ after α, ε, η: before a voiced letter, and before a voiceless one or at the end. */
  voicedU: string;
  voicelessU: string;
  /** μπ and ντ at the start of a word, and inside it. */
  firstMp: string;
  innerMp: string;
  firstNt: string;
  innerNt: string;
}

const ELOT: GreekChoice = {
  beta: 'v',
  eta: 'i',
  phi: 'f',
  chi: 'ch',
  upsilon: 'y',
  voicedU: 'v',
  voicelessU: 'f',
  firstMp: 'b',
  innerMp: 'b',
  firstNt: 'nt',
  innerNt: 'nt',
};
const GREEK = /[\u0370-\u03ff]/u;
/**
 * Control characters standing for the letters read several ways while a Greek text is spelled
 * once: ASCII and no space, so any-ascii and lower-casing leave them and they split no word (the
 * text loses any of its own first).
 */
const GREEK_MARKS: GreekChoice = {
  beta: '\u0001',
  eta: '\u0002',
  phi: '\u0003',
  chi: '\u0004',
  upsilon: '\u0005',
  voicedU: '\u0006',
  voicelessU: '\u0007',
  firstMp: '\u000e',
  innerMp: '\u000f',
  firstNt: '\u0010',
  innerNt: '\u0011',
};
/**
 * The letters read several ways, each with the ways customers and older registers write it,
 * ELOT 743's first; letters read together share a line and take their ways side by side (μπ as
 * `b`, as `b` first and `mb` inside, as `mp`), so a text reads each of them one way throughout.
 */
const GREEK_MARK_WAYS: ReadonlyArray<{
  marks: readonly string[];
  ways: ReadonlyArray<readonly string[]>;
}> = [
  { marks: [GREEK_MARKS.beta], ways: [['v'], ['b']] },
  { marks: [GREEK_MARKS.eta], ways: [['i'], ['e']] },
  { marks: [GREEK_MARKS.phi], ways: [['f'], ['ph']] },
  { marks: [GREEK_MARKS.chi], ways: [['ch'], ['h'], ['kh']] },
  { marks: [GREEK_MARKS.upsilon], ways: [['y'], ['i']] },
  {
    marks: [GREEK_MARKS.voicedU, GREEK_MARKS.voicelessU],
    ways: [
      ['v', 'f'],
      ['v', 'v'],
      ['f', 'f'],
    ],
  },
  {
    marks: [GREEK_MARKS.firstMp, GREEK_MARKS.innerMp],
    ways: [
      ['b', 'b'],
      ['b', 'mb'],
      ['mp', 'mp'],
    ],
  },
  {
    marks: [GREEK_MARKS.firstNt, GREEK_MARKS.innerNt],
    ways: [
      ['nt', 'nt'],
      ['d', 'nd'],
    ],
  },
];
const MARK_LETTERS = Object.values(GREEK_MARKS).join('');
const ALL_GREEK_MARKS = new RegExp(`[${MARK_LETTERS}]`, 'g');
/** Each mark → its line of GREEK_MARK_WAYS and its place in the line. */
const MARK_PLACE: ReadonlyMap<string, readonly [line: number, slot: number]> = new Map(
  GREEK_MARK_WAYS.flatMap(({ marks }, line) => marks.map((mark, slot) => [mark, [line, slot] as const])),
);
/** Each mark → ELOT 743's way (the first). */
const ELOT_WAY: Readonly<Record<string, string>> = Object.fromEntries(
  GREEK_MARK_WAYS.flatMap(({ marks, ways }) => marks.map((mark, slot) => [mark, ways[0][slot]])),
);

const SECOND_READING = new RegExp(
  `[${Object.keys(TWO_LETTERS).join('')}${Object.keys(BULGARIAN).join('')}\u0370-\u03ff]`,
  'u',
);
const SPELLED = new RegExp(`[${Object.keys(TWO_LETTERS).join('')}${Object.keys(BULGARIAN).join('')}]`, 'gu');

/**
 * The second reading's letters, before any-ascii does the rest (input in lower case, accents
 * composed); the Greek letters romanisations disagree on as `greek` reads them (ELOT 743 by default).
 */
function spellOut(lower: string, greek: GreekChoice = ELOT): string {
  let text = lower.replace(SPELLED, (letter) => TWO_LETTERS[letter] ?? BULGARIAN[letter]);
  if (GREEK.test(text)) {
    const vowels: Readonly<Record<string, string>> = { α: 'a', ε: 'e', η: greek.eta };
    // ου is ou; αυ, ευ, ηυ are af, ef, if before a voiceless consonant or at the end, else av, ev, iv.
    text = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/ου/gu, 'ou')
      .replace(GREEK_VOWEL_DIGRAPH, (_all, vowel: string, next: string) => {
        const voiceless = next === '' || VOICELESS_GREEK.includes(next) || !/\p{L}/u.test(next);
        return `${vowels[vowel]}${voiceless ? greek.voicelessU : greek.voicedU}${next}`;
      })
      .replace(FIRST_MP, greek.firstMp)
      .replace(/μπ/gu, greek.innerMp)
      .replace(FIRST_NT, greek.firstNt)
      .replace(/ντ/gu, greek.innerNt)
      .replace(/υ/gu, greek.upsilon)
      .replace(/χ/gu, greek.chi)
      .replace(/φ/gu, greek.phi)
      .replace(/β/gu, greek.beta)
      .replace(/η/gu, greek.eta);
  }
  return anyAscii(text);
}

/**
 * Dots inside an abbreviation go (`S.A.` → `sa`, `G.m.b.H.` → `gmbh`, `Ges.m.b.H.` → `gesmbh`),
 * a dot before a whole word stays a separator (`St.Gallen` → `st gallen`).
 */
const ABBREVIATION_DOT = /([a-z])\.(?=[a-z](?:[^a-z]|$))/g;
const APOSTROPHES = /['’`´ʼ‘]/g;
const WORD = /[a-z0-9]+|&/g;
/** ABBREVIATION_DOT and WORD with the Greek marks as letters. */
const MARKED_ABBREVIATION_DOT = new RegExp(
  `([a-z${MARK_LETTERS}])\\.(?=[a-z${MARK_LETTERS}](?:[^a-z${MARK_LETTERS}]|$))`,
  'g',
);
const MARKED_WORD = new RegExp(`[a-z0-9${MARK_LETTERS}]+|&`, 'g');

/** Lower-case ASCII words of an already transliterated text, `&` kept as a word of its own. */
export function foldAscii(ascii: string): string[] {
  const text = ascii.includes('.') ? ascii.replace(ABBREVIATION_DOT, '$1') : ascii;
  return text.match(WORD) ?? [];
}

/** foldAscii for a Greek text's marked reading: a mark is a letter. */
function foldMarked(marked: string): string[] {
  const text = marked.includes('.') ? marked.replace(MARKED_ABBREVIATION_DOT, '$1') : marked;
  return text.match(MARKED_WORD) ?? [];
}

/** TOKEN of streets.ts (`\d+`, letters, `/`, `-`) for a Greek text's marked reading. */
export const MARKED_TOKEN = new RegExp(`(\\d+)|([a-z${MARK_LETTERS}]+)|(\\/)|(-)`, 'g');

const ASCII = /^[\x20-\x7e]*$/;

/** A text in both readings, lower-case ASCII, apostrophes gone; one string when they agree. */
export function readings(text: string): { plain: string; spelled: string; marked?: string } {
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) {
    const ascii = lower.replace(APOSTROPHES, '');
    return { plain: ascii, spelled: ascii };
  }
  const composed = lower.normalize('NFC');
  const plain = anyAscii(composed).toLowerCase().replace(APOSTROPHES, '');
  // Only the letters of TWO_LETTERS and BULGARIAN, and Greek, read otherwise the second time.
  if (!SECOND_READING.test(composed)) return { plain, spelled: plain };
  if (!GREEK.test(composed))
    return { plain, spelled: spellOut(composed).toLowerCase().replace(APOSTROPHES, '') };
  // Spelled once with a mark for each letter read two ways, then each reading fills the marks in.
  const unmarked = composed.replace(ALL_GREEK_MARKS, '');
  const marked = spellOut(unmarked, GREEK_MARKS).toLowerCase().replace(APOSTROPHES, '');
  return { plain, spelled: elotSpelling(marked), marked };
}

/** A marked text with ELOT 743's way for each mark. */
function elotSpelling(marked: string): string {
  return marked.replace(ALL_GREEK_MARKS, (mark) => ELOT_WAY[mark]);
}

/**
 * Every Latin spelling of a Greek word, ELOT 743's first: each line of marks filled in each way
 * (what `readsGreek` reads a Latin word against, listed).
 */
export function greekSpellings(word: Word): string[] {
  if (word.marked === undefined) return [];
  let spellings = [word.marked];
  for (const { marks, ways } of GREEK_MARK_WAYS) {
    if (!marks.some((mark) => word.marked?.includes(mark))) continue;
    const filled = new Set<string>();
    for (const text of spellings)
      for (const way of ways)
        filled.add(marks.reduce((spelling, mark, k) => spelling.replaceAll(mark, way[k]), text));
    spellings = [...filled];
  }
  return spellings;
}

/**
 * A word in Latin letters is a spelling of a marked Greek word: its letters in turn, each mark
 * read one of its ways, the same way wherever its line's marks recur in the word.
 */
function readsGreek(marked: string, latin: string): boolean {
  const chosen: Array<number | undefined> = [];
  const walk = (i: number, at: number): boolean => {
    for (; i < marked.length; i++) {
      const place = MARK_PLACE.get(marked[i]);
      if (place === undefined) {
        if (latin[at] !== marked[i]) return false;
        at++;
        continue;
      }
      const [line, slot] = place;
      const ways = GREEK_MARK_WAYS[line].ways;
      const bound = chosen[line];
      if (bound !== undefined) {
        const way = ways[bound][slot];
        if (!latin.startsWith(way, at)) return false;
        at += way.length;
        continue;
      }
      for (let k = 0; k < ways.length; k++) {
        const way = ways[k][slot];
        if (!latin.startsWith(way, at)) continue;
        chosen[line] = k;
        if (walk(i + 1, at + way.length)) return true;
      }
      chosen[line] = undefined;
      return false;
    }
    return at === latin.length;
  };
  return walk(0, 0);
}

/**
 * The longest text `memoisedByText` keeps: a sent field holds at most 200 characters and a
 * registered name or address line rarely more, while a registry's answer may carry up to its reply
 * cap (a MiB by default), which kept 2,000 times would hold gigabytes.
 */
export const MEMO_MAX_CHARS = 1_000;

/**
 * `read` remembering its last `limit` texts: a registered name or address recurs with every
 * answer given for its number, and so do the towns and legal forms customers send; reading a
 * Greek or Cyrillic text is most of what comparing it costs. What it gives back is shared, so it
 * is never changed: read-only by its type (freezing it would slow every later reading of it).
 */
export function memoisedByText<T>(read: (text: string) => T, limit = 2000): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    if (text.length > MEMO_MAX_CHARS) return read(text);
    let value = seen.get(text);
    if (value === undefined) {
      value = read(text);
      if (seen.size >= limit) seen.delete(seen.keys().next().value as string);
      seen.set(text, value);
    }
    return value;
  };
}

/** The words of a text, each with both readings (and the words of a Greek text their Latin spellings); read once. */
export const wordsOf: (text: string) => readonly Readonly<Word>[] = memoisedByText(readWords);

function readWords(text: string): Word[] {
  const read = readings(text);
  const plain = foldAscii(read.plain);
  const undotted = ASCII.test(text) ? text : text.replace(UNICODE_ABBREVIATION_DOT, '$1');
  const cyrillic = CYRILLIC.test(text) ? cyrillicWords(undotted, plain, WRITTEN_WORD) : undefined;
  const greek = read.marked === undefined ? undefined : greekWords(undotted, plain, WRITTEN_WORD);
  if (read.spelled === read.plain && read.marked === undefined && cyrillic === undefined)
    return plain.map((word) => ({ plain: word, spelled: word }));
  // Every reading splits the same way (every replacement is letters); should one not, the plain one serves.
  const spelled = alignedWith(plain, foldAscii(read.spelled));
  const marked = read.marked === undefined ? undefined : alignedWith(plain, foldMarked(read.marked));
  // Every word of a Greek text carries its marked reading, which marks it Greek for sameWord.
  return plain.map((word, i) => {
    const read: Word = marked
      ? { plain: word, spelled: spelled[i], marked: marked[i] }
      : { plain: word, spelled: spelled[i] };
    const inGreek = greek?.[i];
    if (inGreek !== undefined) read.greek = inGreek;
    const written = cyrillic?.[i];
    if (written !== undefined) read.cyrillic = [written];
    return read;
  });
}

/** foldAscii's words and abbreviation dots, in the letters of any script. */
const WRITTEN_WORD = /[\p{L}\p{N}]+|&/gu;
const UNICODE_ABBREVIATION_DOT = /(\p{L})\.(?=\p{L}(?:[^\p{L}]|$))/gu;

/**
 * The words of a text with Cyrillic letters as written (lower case, apostrophes gone), split by
 * `pattern` beside its ASCII words `ascii` split alike: undefined for a word without Cyrillic
 * letters, and for the whole text when the two do not line up word for word (it then reads as
 * before, letter by letter only).
 */
export function cyrillicWords(
  text: string,
  ascii: readonly string[],
  pattern: RegExp,
): Array<string | undefined> | undefined {
  if (!CYRILLIC.test(text)) return undefined;
  const written = text.toLowerCase().normalize('NFC').replace(APOSTROPHES, '').match(pattern) ?? [];
  const lineUp =
    written.length === ascii.length &&
    written.every((word, i) => anyAscii(word).toLowerCase().replace(APOSTROPHES, '') === ascii[i]);
  return lineUp ? written.map((word) => (CYRILLIC.test(word) ? word : undefined)) : undefined;
}

/**
 * The words of a Greek text as written, lower case, without accents, a final ς written σ (a number
 * or a word in Latin letters among them too, so that the words run together keep every one):
 * undefined for the whole text when it splits into another number of words than its ASCII words
 * `ascii` (it then reads as before, by its romanisations only).
 */
export function greekWords(
  text: string,
  ascii: readonly string[],
  pattern: RegExp,
): Array<string | undefined> | undefined {
  const lower = text.toLowerCase().replace(APOSTROPHES, '');
  const written = lower.replace(GREEK_ACCENTED, (letter) => GREEK_UNACCENTED[letter]).match(pattern) ?? [];
  return written.length === ascii.length ? written : undefined;
}
/** The accented Greek letters (and the final ς), each without its accent; built once. */
const GREEK_UNACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'άέήίόύώϊϋΐΰς'].map((letter) => [letter, letter === 'ς' ? 'σ' : letter.normalize('NFD')[0]]),
);
const GREEK_ACCENTED = new RegExp(`[${Object.keys(GREEK_UNACCENTED).join('')}]`, 'g');

/**
 * A Latin spelling of Cyrillic words run together: each word read by CYRILLIC_LATIN letter by
 * letter (any reading of each letter), or as its English word when it is a loanword.
 */
function readsAs(words: readonly string[], latin: string): boolean {
  let at: ReadonlySet<number> = new Set([0]);
  for (const word of words) {
    const next = new Set<number>();
    const loan = LOANWORDS.get(word);
    for (const start of at) {
      if (loan !== undefined && latin.startsWith(loan, start)) next.add(start + loan.length);
      for (const end of lettersRead(word, latin, start)) next.add(end);
    }
    if (next.size === 0) return false;
    at = next;
  }
  return at.has(latin.length);
}

/** Where in `latin` a reading of `word`'s letters that starts at `start` can end. */
function lettersRead(word: string, latin: string, start: number): ReadonlySet<number> {
  const reached = Array.from({ length: word.length + 1 }, () => new Set<number>());
  reached[0].add(start);
  const finalIya = word.endsWith(FINAL_IYA) ? word.length - FINAL_IYA.length : -1;
  for (let i = 0; i < word.length; i++) {
    const letter = word[i];
    const ways = CYRILLIC_LATIN[letter] ?? [CYRILLIC.test(letter) ? anyAscii(letter).toLowerCase() : letter];
    for (const at of reached[i]) {
      for (const reading of ways) if (latin.startsWith(reading, at)) reached[i + 1].add(at + reading.length);
      if (i === finalIya && latin.startsWith('ia', at)) reached[i + 2].add(at + 2);
    }
  }
  return reached[word.length];
}

function alignedWith(plain: readonly string[], other: readonly string[]): readonly string[] {
  return other.length === plain.length ? other : plain;
}

/**
 * Either reading agrees; a Greek word's Latin spellings, and a Bulgarian word's Latin readings,
 * count against a word in Latin letters only, so two Greek or two Cyrillic words never meet
 * through them (`ΒΗΤΑ` is not `ΒΕΤΑ`, though both may be `Beta`; `ТЪР` is not `ТУР`, though both
 * may be `Tur`).
 */
export function sameWord(a: Word, b: Word): boolean {
  // Two Greek or two Cyrillic words compare as written: `ΚΩΣΤΑΣ` is not `ΚΟΣΤΑΣ` nor `ТЪР` `ТАР`,
  // though a romanisation spells each pair alike; so do words run together with a number or a
  // Latin word among them (`ΚΩΣΤΑΣ 2000`).
  if (greekAsWritten(a) && greekAsWritten(b)) return a.greek === b.greek;
  if (cyrillicAsWritten(a) && cyrillicAsWritten(b)) return a.cyrillic.join('') === b.cyrillic.join('');
  if (a.plain === b.plain || a.spelled === b.spelled) return true;
  if (a.cyrillic !== undefined || b.cyrillic !== undefined) {
    const [cyrillic, other] = a.cyrillic ? [a.cyrillic, b] : [b.cyrillic ?? [], a];
    // Two Cyrillic (or a Cyrillic and a Greek) words compare letter by letter only.
    if (other.cyrillic !== undefined || other.marked !== undefined) return false;
    return readsAs(cyrillic, other.plain) || readsAs(cyrillic, other.spelled);
  }
  if ((a.marked === undefined) === (b.marked === undefined)) return false;
  const [greek, other] = a.marked !== undefined ? [a.marked, b] : [b.marked ?? '', a];
  return (
    readsGreek(greek, other.plain) || (other.spelled !== other.plain && readsGreek(greek, other.spelled))
  );
}

/**
 * A word with Greek letters as written, or words run together with one among them: written
 * otherwise than it reads (a number or an ASCII word of a Greek text reads as written).
 */
function greekAsWritten(word: Word): word is Word & { greek: string } {
  return word.greek !== undefined && word.greek !== word.plain;
}

/** A Cyrillic word, or words run together with one among them (`joined` keeps a Latin word's plain reading). */
function cyrillicAsWritten(word: Word): word is Word & { cyrillic: readonly string[] } {
  return word.cyrillic?.some((written) => CYRILLIC.test(written)) ?? false;
}

/** The words run together, in each reading: `Grachten Techniek` and `Grachtentechniek` join the same. */
export function joined(words: readonly Word[]): Word {
  let plain = '';
  let spelled = '';
  let marked = '';
  let greek = false;
  const cyrillic: string[] = [];
  let bulgarian = false;
  let inGreek: string | undefined = '';
  for (const word of words) {
    inGreek = inGreek !== undefined && word.greek !== undefined ? inGreek + word.greek : undefined;
    plain += word.plain;
    spelled += word.spelled;
    marked += word.marked ?? word.spelled;
    greek ||= word.marked !== undefined;
    cyrillic.push(...(word.cyrillic ?? [word.plain]));
    bulgarian ||= word.cyrillic !== undefined;
  }
  const run: Word = greek ? { plain, spelled, marked } : { plain, spelled };
  if (bulgarian) run.cyrillic = cyrillic;
  // As written only when every word was kept as written (a number or a Latin word of a Greek text is too).
  if (inGreek && words.length > 0) run.greek = inGreek;
  return run;
}

export function sameWords(a: readonly Word[], b: readonly Word[]): boolean {
  return a.length === b.length && a.every((word, i) => sameWord(word, b[i]));
}

/** A word made from one ASCII spelling (table entries). */
export function asciiWord(text: string): Word {
  return { plain: text, spelled: text };
}

/** A slip of the keyboard is one edit in a word at least this long (Schulze / Schultze, not Meier / Meyer). */
export const SLIP_MIN_LENGTH = 6;

/**
 * One letter inserted, left out, replaced, or two neighbours swapped, in a word of SLIP_MIN_LENGTH
 * letters or more.
 */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b || Math.max(a.length, b.length) < SLIP_MIN_LENGTH || Math.abs(a.length - b.length) > 1)
    return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) ||
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
