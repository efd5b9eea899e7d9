import anyAscii from 'any-ascii';

/**
 * Letters and spellings (docs/matching.md, "Letters"): every script the served countries write
 * in is brought to lower-case ASCII by any-ascii (architecture.md says why that library), and
 * each word keeps two readings, so the spellings a register and a customer use compare equal:
 *
 * - `plain`: any-ascii's reading: ü → u, ø → o, å → a, ß → ss, ł → l, ő → o, Greek and
 *   Cyrillic letter by letter (ου → oy, щ → shch);
 * - `spelled`: the two-letter spellings (ü → ue, ö → oe, ä → ae, ø → oe, å → aa, đ → dj) and
 *   the official romanisations customers type: Greek as ELOT 743 writes it (ου → ou, ευ → ev or
 *   ef), Bulgarian as its transliteration law does (щ → sht, ъ → a, х → h);
 * - `latin`, Greek words only: the older and brand spellings beside ELOT's, with β as b or v, η
 *   as e or i and φ as ph or f (`ΒΗΤΑ` = `Beta` = `Vita`, `ΑΛΦΑ` = `Alpha`), compared only with a
 *   word written in Latin letters: two Greek words still compare letter by letter.
 *
 * Two words are the same when either reading agrees: Müller = Muller (plain) = Mueller
 * (spelled), Ερμού = Ermou (spelled), София = Sofiya (plain).
 */

export interface Word {
  plain: string;
  spelled: string;
  /**
   * The words of a Greek text only: each way of reading β, η and φ in Latin letters (one per
   * entry of GREEK_CHOICES, in its order), each letter read one way throughout the text.
   */
  latin?: readonly string[];
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

const VOICELESS_GREEK = 'θκξπστφχψς';
const GREEK_VOWEL_DIGRAPH = /([αεη])υ(.?)/gu;

/** How the Greek letters romanisations disagree on are read: ELOT 743 reads β, η, φ as v, i, f. */
interface GreekChoice {
  beta: 'v' | 'b';
  eta: 'i' | 'e';
  phi: 'f' | 'ph';
}

const ELOT: GreekChoice = { beta: 'v', eta: 'i', phi: 'f' };
/** Every reading of β (b or v), η (e or i) and φ (f or ph) that customers and older registers write. */
const GREEK_CHOICES: readonly GreekChoice[] = (['v', 'b'] as const).flatMap((beta) =>
  (['i', 'e'] as const).flatMap((eta) => (['f', 'ph'] as const).map((phi) => ({ beta, eta, phi }))),
);
const GREEK = /[\u0370-\u03ff]/u;

const SECOND_READING = new RegExp(
  `[${Object.keys(TWO_LETTERS).join('')}${Object.keys(BULGARIAN).join('')}\u0370-\u03ff]`,
  'u',
);
const SPELLED = new RegExp(`[${Object.keys(TWO_LETTERS).join('')}${Object.keys(BULGARIAN).join('')}]`, 'gu');

/**
 * The second reading's letters, before any-ascii does the rest (input in lower case, accents
 * composed); Greek β, η and φ as `greek` reads them (ELOT 743 by default).
 */
function spellOut(lower: string, greek: GreekChoice = ELOT): string {
  let text = lower.replace(SPELLED, (letter) => TWO_LETTERS[letter] ?? BULGARIAN[letter]);
  if (GREEK.test(text)) {
    const vowels: Readonly<Record<string, string>> = { α: 'a', ε: 'e', η: greek.eta };
    // ELOT 743: ου is ou; αυ, ευ, ηυ are af, ef, if before a voiceless consonant or at the end, else av, ev, iv.
    text = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/ου/gu, 'ou')
      .replace(GREEK_VOWEL_DIGRAPH, (_all, vowel: string, next: string) => {
        const voiceless = next === '' || VOICELESS_GREEK.includes(next) || !/\p{L}/u.test(next);
        return `${vowels[vowel]}${voiceless ? 'f' : 'v'}${next}`;
      })
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

/** Lower-case ASCII words of an already transliterated text, `&` kept as a word of its own. */
export function foldAscii(ascii: string): string[] {
  const text = ascii.includes('.') ? ascii.replace(ABBREVIATION_DOT, '$1') : ascii;
  return text.match(WORD) ?? [];
}

const ASCII = /^[\x20-\x7e]*$/;

/** A text in both readings, lower-case ASCII, apostrophes gone; one string when they agree. */
export function readings(text: string): { plain: string; spelled: string; latin?: readonly string[] } {
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) {
    const ascii = lower.replace(APOSTROPHES, '');
    return { plain: ascii, spelled: ascii };
  }
  const composed = lower.normalize('NFC');
  const plain = anyAscii(composed).toLowerCase().replace(APOSTROPHES, '');
  // Only the letters of TWO_LETTERS and BULGARIAN, and Greek, read otherwise the second time.
  if (!SECOND_READING.test(composed)) return { plain, spelled: plain };
  const spelled = spellOut(composed).toLowerCase().replace(APOSTROPHES, '');
  if (!GREEK.test(composed)) return { plain, spelled };
  const latin = GREEK_CHOICES.map((choice) =>
    spellOut(composed, choice).toLowerCase().replace(APOSTROPHES, ''),
  );
  return { plain, spelled, latin };
}

/** The words of a text, each with both readings (and the words of a Greek text their Latin spellings). */
export function wordsOf(text: string): Word[] {
  const read = readings(text);
  const plain = foldAscii(read.plain);
  if (read.spelled === read.plain && read.latin === undefined)
    return plain.map((word) => ({ plain: word, spelled: word }));
  // Every reading splits the same way (every replacement is letters); should one not, the plain one serves.
  const spelled = alignedWith(plain, foldAscii(read.spelled));
  const latin = read.latin?.map((reading) => alignedWith(plain, foldAscii(reading)));
  // Every word of a Greek text carries its Latin spellings, which marks it Greek for sameWord.
  return plain.map((word, i) =>
    latin
      ? { plain: word, spelled: spelled[i], latin: latin.map((reading) => reading[i]) }
      : { plain: word, spelled: spelled[i] },
  );
}

function alignedWith(plain: readonly string[], other: readonly string[]): readonly string[] {
  return other.length === plain.length ? other : plain;
}

/**
 * Either reading agrees; a Greek word's Latin spellings count against a word without them only,
 * so two Greek words never meet through them (`ΒΗΤΑ` is not `ΒΕΤΑ`, though both may be `Beta`).
 */
export function sameWord(a: Word, b: Word): boolean {
  if (a.plain === b.plain || a.spelled === b.spelled) return true;
  if ((a.latin === undefined) === (b.latin === undefined)) return false;
  const [greek, other] = a.latin ? [a.latin, b] : [b.latin ?? [], a];
  return greek.includes(other.plain) || greek.includes(other.spelled);
}

/** The words run together, in each reading: `Grachten Techniek` and `Grachtentechniek` join the same. */
export function joined(words: readonly Word[]): Word {
  let plain = '';
  let spelled = '';
  const latin = GREEK_CHOICES.map(() => '');
  let greek = false;
  for (const word of words) {
    plain += word.plain;
    spelled += word.spelled;
    for (let k = 0; k < latin.length; k++) latin[k] += word.latin?.[k] ?? word.spelled;
    greek ||= word.latin !== undefined;
  }
  return greek ? { plain, spelled, latin } : { plain, spelled };
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
