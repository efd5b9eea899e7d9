import {
  type AddressFormat,
  type BilingualStreets,
  NUMBER_MARKERS,
  ONE_AFTER_TENS,
  ORDINAL_ENDINGS,
  STREET_LINKS,
  STREET_NUMBER_WORDS,
  STREET_PREPOSITIONS,
  STREET_WORD_LAST,
  STREET_WORDS,
  type StreetLanguage,
  UNIT_WORDS,
} from './address-formats.js';
import {
  cyrillicWords,
  greekWords,
  joined,
  MARKED_TOKEN,
  memoisedByText,
  oneSlipApart,
  readings,
  sameWord,
  type Word,
} from './letters.js';
import { saintly } from './places.js';
import { type NumberWords, numbersIn, numbersWritten } from './street-numbers.js';

/**
 * Streets (docs/matching.md, "Streets"): a street is read into its name, the kind of street
 * (`Straße`, `rue`, `ul.`, all abbreviations of the country's languages written out) and its
 * house number (`5a` = `5 A` = `5-A`, VIES's `00123` = `123`, a Czech `138/10` is either
 * number). The name decides, then the kind, then the number.
 */

export interface HouseNumber {
  /** The house's number; a Czech or Slovak `138/10` gives both, a range `5-7` its two ends. */
  numbers: number[];
  range: boolean;
  /** A letter or `bis` after the number (`5a`, `12 bis`). */
  suffix: string;
  /** Numbers after a slash that name a part of the house (`12/3/14`: staircase 3, door 14). */
  parts: number[];
}

export interface Street {
  name: Word[];
  kinds: Set<string>;
  number: HouseNumber | null;
  /**
   * Flats, units, floors and staircases by their word (`Unit 5`, `lok. 7`, `AP.3`, `Stiege B`): the
   * same word with another number or letter is another place.
   */
  units: Map<string, string>;
}

type Token =
  | { kind: 'word'; word: Word; dotted: boolean; raw: string }
  | { kind: 'number'; value: number }
  | { kind: 'slash' }
  | { kind: 'dash' };

const TOKEN = /(\d+)|([a-z]+)|(\/)|(-)/g;
/** TOKEN in the letters of any script. */
const WRITTEN_TOKEN = /\d+|\p{L}+|\/|-/gu;
const SUFFIX_WORDS = new Set(['bis', 'ter', 'quater']);

/** The street's numbers, words (both readings), slashes and dashes, in order; read once (shared, so read-only). */
const tokensOf: (text: string) => readonly Readonly<Token>[] = memoisedByText(readTokens);

function readTokens(text: string): Token[] {
  const { plain, spelled, marked } = readings(text);
  const found = matchesOf(plain);
  // Each other reading's words where they line up with the plain one's, else the plain word.
  const alongside = (reading: string, token = TOKEN) => {
    const other = reading === plain ? found : matchesOf(reading, token);
    return (i: number) => (other.length === found.length ? other[i][2] : undefined) ?? found[i][2];
  };
  const spelledAt = alongside(spelled);
  const markedAt = marked === undefined ? undefined : alongside(marked, MARKED_TOKEN);
  const words = found.map((match) => match[0]);
  const cyrillic = cyrillicWords(text, words, WRITTEN_TOKEN);
  const greek = marked === undefined ? undefined : greekWords(text, words, WRITTEN_TOKEN);
  return found.map((match, i): Token => {
    if (match[1] !== undefined) return { kind: 'number', value: Number.parseInt(match[1], 10) };
    if (match[2] === undefined) return { kind: match[3] !== undefined ? 'slash' : 'dash' };
    // An abbreviation is marked by a dot, or in Spain by a slash (`C/ Alcalá`).
    const mark = plain[match.index + match[0].length];
    const dotted = mark === '.' || (mark === '/' && match[2].length === 1);
    const word: Word = { plain: match[2], spelled: spelledAt(i) };
    if (markedAt) word.marked = markedAt(i);
    const written = cyrillic?.[i];
    if (written !== undefined) word.cyrillic = [written];
    const inGreek = greek?.[i];
    if (inGreek !== undefined) word.greek = inGreek;
    return { kind: 'word', word, dotted, raw: match[2] };
  });
}

function matchesOf(text: string, token = TOKEN): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  token.lastIndex = 0;
  for (let match = token.exec(text); match !== null; match = token.exec(text)) matches.push(match);
  return matches;
}

/**
 * A line holds a street word of the country (`Road`, `tn`, a one-word `…straße`): the street, not
 * the town. In English only its last word counts (`St. Albans` is a town, `High St` a street).
 */
export function hasStreetWord(words: readonly Word[], format: AddressFormat): boolean {
  const vocabulary = vocabularyOf(format);
  return words.some(
    ({ plain }, i) =>
      (plain.length > 1 && vocabulary.words.has(plain) && (!vocabulary.wordLast || i === words.length - 1)) ||
      vocabulary.suffixes.some((suffix) =>
        suffix.written.some((ending) => plain.length > ending.length + 1 && plain.endsWith(ending)),
      ),
  );
}

/** The street words of the country's languages, and their one-word endings, merged once per format. */
interface StreetVocabulary extends NumberWords {
  words: Map<string, string>;
  /** One-word endings: written ones always, abbreviated ones only before a dot. */
  suffixes: Array<{ kind: string; written: readonly string[]; dotted: readonly string[] }>;
  wordLast: boolean;
  /** Words that begin a street named by where it lies (`Am Markt`). */
  prepositions: ReadonlySet<string>;
}

const vocabularies = new WeakMap<AddressFormat, StreetVocabulary>();

function vocabularyOf(format: AddressFormat): StreetVocabulary {
  let vocabulary = vocabularies.get(format);
  if (!vocabulary) {
    const languages: readonly StreetLanguage[] = format.languages;
    vocabulary = {
      words: new Map(languages.flatMap((language) => [...STREET_WORDS[language].words])),
      suffixes: languages.flatMap((language) =>
        STREET_WORDS[language].suffixes.map(({ kind, written, abbreviated }) => ({
          kind,
          written,
          dotted: [...written, ...abbreviated],
        })),
      ),
      wordLast: languages.some((language) => STREET_WORD_LAST.has(language)),
      prepositions: new Set(languages.flatMap((language) => [...(STREET_PREPOSITIONS[language] ?? [])])),
      numbers: new Map(languages.flatMap((language) => [...(STREET_NUMBER_WORDS[language] ?? [])])),
      onesAfterTens: new Set(languages.flatMap((language) => ONE_AFTER_TENS[language] ?? [])),
      ordinalEndings: new Set(languages.flatMap((language) => ORDINAL_ENDINGS[language] ?? [])),
    };
    vocabularies.set(format, vocabulary);
  }
  return vocabulary;
}

/** Reads a street (sent, or the street line of a registered address). */
export function readStreet(text: string, format: AddressFormat): Street {
  let tokens = tokensOf(text);
  const units = unitsOf(tokens);
  // A flat or unit in front (`Flat 3, 12 London Road`, `Unit 5 Mill Lane`, `Flat A`) belongs to no street.
  while (tokens.length > 2 && isUnit(tokens[0]) && unitValue(tokens[1]) !== undefined)
    tokens = tokens.slice(2);
  const vocabulary = vocabularyOf(format);
  const inName = numberInName(tokens, vocabulary);
  const numberFirst = tokens[0]?.kind === 'number' && !inName;
  const start = numberFirst ? numberEnd(tokens, 0) : 0;
  const end = numberFirst
    ? nameEnd(tokens, start, vocabulary.ordinalEndings)
    : houseNumberAt(tokens, inName ? 1 : start);
  const number = numberFirst
    ? houseNumber(tokens, 0, format)
    : end < tokens.length
      ? houseNumber(tokens, end, format)
      : null;
  // A number inside the name (`Straße des 17. Juni`) is a word of it.
  const nameTokens = tokens
    .slice(start, end)
    .map((token) => (token.kind === 'number' ? numberWord(token.value) : token))
    .filter((token) => token.kind === 'word');
  while (nameTokens.length > 0 && (isMarker(nameTokens) || unitEndsName(nameTokens, vocabulary)))
    nameTokens.pop();
  return { ...nameOf(nameTokens, vocabulary), number, units };
}

/**
 * A number glued to the word after it with a hyphen begins the street's name (`12-Apostel-Straße`,
 * `3-Linden-Weg`), not its house number: not a range (`12-14`), a suffix (`12-A`, `12-bis`), a
 * flat or a street word (`12-rue`).
 */
function numberInName(tokens: readonly Token[], vocabulary: StreetVocabulary): boolean {
  const [number, dash, word] = tokens;
  return (
    number?.kind === 'number' &&
    dash?.kind === 'dash' &&
    word?.kind === 'word' &&
    word.raw.length > 1 &&
    !isSuffix(word) &&
    !isUnit(word) &&
    !vocabulary.words.has(word.raw)
  );
}

/** Words for one kind of flat or unit, written as the first. */
const UNIT_SYNONYMS: Readonly<Record<string, string>> = {
  apartment: 'flat',
  apt: 'flat',
  app: 'flat',
  appartement: 'flat',
  lokal: 'lok',
  ap: 'flat',
};

/** Each flat, unit or floor word followed by a number or a letter (`Unit 5`, `lok. 7`, `BL.1, AP.3`, `Sc. B`). */
function unitsOf(tokens: readonly Token[]): Map<string, string> {
  const units = new Map<string, string>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [token, next] = [tokens[i], tokens[i + 1]];
    if (token.kind !== 'word' || !isUnit(token) || token.raw.length < 2) continue;
    const value = unitValue(next);
    if (value !== undefined) units.set(UNIT_SYNONYMS[token.raw] ?? token.raw, value);
  }
  return units;
}

/** The number or the letter after a flat or unit word (`5` of `Unit 5`, `b` of `Sc. B`). */
function unitValue(token: Token): string | undefined {
  if (token.kind === 'number') return String(token.value);
  return token.kind === 'word' && token.raw.length === 1 && !token.dotted ? token.raw : undefined;
}

/**
 * Where the name of a number-first street ends: at the next number, unless a word of the name
 * follows it (`12 rue du 4 Septembre`), an ordinal's ending between or not (`3 rue du 2e
 * Régiment`, but `12 rue de Rivoli, 2e étage` is a floor); a flat's number (`12 London Road,
 * Flat 3`) ends it.
 */
function nameEnd(tokens: readonly Token[], from: number, ordinalEndings: ReadonlySet<string>): number {
  for (let i = nextNumber(tokens, from); i < tokens.length; i = nextNumber(tokens, i + 1)) {
    const before = tokens[i - 1];
    const next = tokens[i + 1];
    const ending = next?.kind === 'word' && ordinalEndings.has(next.raw) ? 1 : 0;
    const after = tokens[i + 1 + ending];
    const inName = after?.kind === 'word' && after.raw.length > 1 && !isUnit(after) && !isUnit(before);
    if (!inName) return i;
  }
  return tokens.length;
}

function nextNumber(tokens: readonly Token[], from: number): number {
  let at = from;
  while (at < tokens.length && tokens[at].kind !== 'number') at++;
  return at;
}

/**
 * Where the house number of a name-first street is: the first number after which only its suffix,
 * range and the flat or floor follow (`Straße des 17. Juni 135` → 135, `Strandgade 3, 2. tv.` → 3);
 * failing that, the first number (`Calle Mayor 5, 2º Dcha`).
 */
function houseNumberAt(tokens: readonly Token[], from: number): number {
  let first = -1;
  for (let i = from; i < tokens.length; i++) {
    if (tokens[i].kind !== 'number') continue;
    if (first === -1) first = i;
    const rest = tokens.slice(numberEnd(tokens, i));
    if (rest.every((token) => token.kind !== 'word' || isUnit(token) || token.raw.length === 1)) return i;
  }
  return first === -1 ? tokens.length : first;
}

function numberWord(value: number): Token {
  const text = String(value);
  return { kind: 'word', word: { plain: text, spelled: text }, dotted: false, raw: text };
}

/**
 * A flat or unit word last in a street's name (`Hauptstraße Stiege 5`) is left out of the name,
 * unless it is the name's only word of its own: `Am Stock 5` and `Via Scala 5` are the streets
 * `Am Stock` and `Via Scala`, not `Am` and `Via`.
 */
function unitEndsName(
  name: ReadonlyArray<Extract<Token, { kind: 'word' }>>,
  vocabulary: StreetVocabulary,
): boolean {
  return (
    isUnit(name[name.length - 1]) &&
    name
      .slice(0, -1)
      .some(
        (token) =>
          !STREET_LINKS.has(token.word.plain) &&
          !vocabulary.words.has(token.raw) &&
          !vocabulary.prepositions.has(token.raw),
      )
  );
}

function isUnit(token: Token): boolean {
  return token.kind === 'word' && UNIT_WORDS.has(token.word.plain);
}

/** `nr.`, `no`, `n.º` (folded `n`, `o`) just before the number. */
function isMarker(words: ReadonlyArray<Extract<Token, { kind: 'word' }>>): boolean {
  const last = words[words.length - 1].word.plain;
  if (NUMBER_MARKERS.has(last)) return true;
  return last === 'o' && words.length > 1 && words[words.length - 2].word.plain === 'n';
}

/** Where the house number that starts at `at` ends (its suffix, range or second number included). */
function numberEnd(tokens: readonly Token[], at: number): number {
  let i = at + 1;
  const next = tokens[i];
  if (next?.kind === 'word' && isSuffix(next)) i++;
  while ((tokens[i]?.kind === 'slash' || tokens[i]?.kind === 'dash') && tokens[i + 1]) {
    const after = tokens[i + 1];
    if (after.kind === 'number' || (after.kind === 'word' && after.raw.length === 1)) i += 2;
    else break;
  }
  return i;
}

/** `5a`, `5 A`, `12 bis`; not `12 r. de Rivoli`, where the letter is the abbreviated street word. */
function isSuffix(token: Extract<Token, { kind: 'word' }>): boolean {
  return (token.raw.length === 1 && /[a-z]/.test(token.raw) && !token.dotted) || SUFFIX_WORDS.has(token.raw);
}

function houseNumber(tokens: readonly Token[], at: number, format: AddressFormat): HouseNumber {
  const first = tokens[at] as Extract<Token, { kind: 'number' }>;
  const result: HouseNumber = { numbers: [first.value], range: false, suffix: '', parts: [] };
  let i = at + 1;
  const next = tokens[i];
  if (next?.kind === 'word' && isSuffix(next)) {
    result.suffix = next.raw;
    i++;
  }
  const separator = tokens[i];
  const after = tokens[i + 1];
  // A letter after a hyphen or a slash is the house's (`12-A`, the Italian `5/A`).
  if (
    (separator?.kind === 'dash' || separator?.kind === 'slash') &&
    after?.kind === 'word' &&
    after.raw.length === 1
  )
    result.suffix = after.raw;
  else if (separator?.kind === 'dash' && after?.kind === 'number' && after.value > first.value) {
    // A range ascends (`5-7`); `50 - 3º` is a number and a floor.
    result.numbers.push(after.value);
    result.range = true;
  } else if (separator?.kind === 'slash' && after?.kind === 'number' && format.slashAlternatives)
    result.numbers.push(after.value);
  // A door or floor after a slash, or after a hyphen where it is no range (the Dutch `5-2`, floor 2).
  else
    for (let k = i; isSeparator(tokens[k]) && tokens[k + 1]?.kind === 'number'; k += 2)
      result.parts.push((tokens[k + 1] as Extract<Token, { kind: 'number' }>).value);
  // Anything else after the number (a floor `2. tv.`, a flat `lok. 5`) is within the house.
  return result;
}

function isSeparator(token: Token | undefined): boolean {
  return token?.kind === 'slash' || token?.kind === 'dash';
}

/** The kind of a street named by a preposition (`Am Markt`, `An der Kirche`). */
const PREPOSITION_KIND = 'by-preposition';

/** The name of a street, its kind words taken out and one-word endings (`Hauptstr.`) split off. */
function nameOf(tokens: ReadonlyArray<Extract<Token, { kind: 'word' }>>, vocabulary: StreetVocabulary) {
  const kinds = new Set<string>();
  const name: Word[] = [];
  // `Am Markt` is not `Marktplatz`: its preposition stands for its kind.
  if (tokens.length > 1 && vocabulary.prepositions.has(tokens[0].raw)) kinds.add(PREPOSITION_KIND);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const last = i === tokens.length - 1;
    // `P.zza`, `C.so`, `V.le`, `B-dul`: a letter and its rest, written apart.
    const glued =
      token.raw.length === 1 && tokens[i + 1]
        ? vocabulary.words.get(token.raw + tokens[i + 1].raw)
        : undefined;
    if (glued) {
      kinds.add(glued);
      i++;
      continue;
    }
    const kind = vocabulary.words.get(token.raw);
    const oneLetter = token.raw.length === 1;
    const englishSaint = vocabulary.wordLast && token.raw === 'st' && !last;
    if (kind && !englishSaint && (!oneLetter || token.dotted)) {
      kinds.add(kind);
      continue;
    }
    const split = splitEnding(token, vocabulary);
    if (split) {
      kinds.add(split.kind);
      name.push(split.stem);
    } else name.push(token.word);
  }
  const numbered = numbersWritten(name, vocabulary);
  const linked = numbered.filter((word) => !STREET_LINKS.has(word.plain));
  return { name: (linked.length > 0 ? linked : numbered).map(saintly), kinds };
}

function splitEnding(token: Extract<Token, { kind: 'word' }>, vocabulary: StreetVocabulary) {
  const { plain, spelled } = token.word;
  for (const suffix of vocabulary.suffixes) {
    const endings = token.dotted ? suffix.dotted : suffix.written;
    for (const ending of endings)
      if (plain.length > ending.length + 1 && plain.endsWith(ending))
        return {
          kind: suffix.kind,
          stem: { plain: plain.slice(0, -ending.length), spelled: spelled.slice(0, -ending.length) },
        };
  }
  return undefined;
}

type Relation = 'same' | 'near' | 'different';

/**
 * Two streets: names, then kinds, then house numbers. `bothNames`: the registered street lies
 * where every street is named in both of the country's languages (Brussels).
 */
export function relateStreets(a: Street, b: Street, format: AddressFormat, bothNames = false): Relation {
  const across = format.bilingual ? acrossLanguages(a, b, format, bothNames) : undefined;
  const name = across?.name ?? relateNames(a.name, b.name);
  if (name === 'different') return 'different';
  // Both kinds given must be the same: `Rue du Faubourg Saint-Honoré` is not `Rue Saint-Honoré`.
  const kinds =
    across?.kinds ??
    (a.kinds.size > 0 && b.kinds.size > 0 && !sameKinds(a.kinds, b.kinds) ? 'different' : 'same');
  if (kinds === 'different') return 'different';
  const number = relateNumbers(a.number, b.number, format);
  if (number === 'different') return 'different';
  for (const [unit, value] of a.units)
    if (b.units.has(unit) && b.units.get(unit) !== value) return 'different';
  // Without house numbers, a unit is the number: given on one side only, it is missing on the other.
  const unitMissing = !a.number && !b.number && (a.units.size === 0) !== (b.units.size === 0);
  return name === 'same' && kinds === 'same' && number === 'same' && !unitMissing ? 'same' : 'near';
}

/** Each bilingual country's table of streets, read once: each street's two names. */
const bilingualStreets = new WeakMap<AddressFormat, ReadonlyArray<readonly [Street, Street]>>();

function streetsOf(format: AddressFormat): ReadonlyArray<readonly [Street, Street]> {
  let streets = bilingualStreets.get(format);
  if (!streets) {
    streets = (format.bilingual?.streets ?? []).map((line) => {
      const [one, other] = line.split('|');
      return [readStreet(one, format), readStreet(other, format)] as const;
    });
    bilingualStreets.set(format, streets);
  }
  return streets;
}

/** The street's one kind and the language it is a word of, when it names exactly one. */
function kindIn(street: Street, bilingual: BilingualStreets): { kind: string; language: 0 | 1 } | undefined {
  if (street.kinds.size !== 1) return undefined;
  const [kind] = street.kinds;
  const at = bilingual.languages.findIndex((language) =>
    [...STREET_WORDS[language].words.values()].includes(kind),
  );
  return at === 0 || at === 1 ? { kind, language: at } : undefined;
}

/**
 * A street named in one language against one named in the other (Belgium): the street words
 * translate (`rue` / `straat` one for one; `laan` may be an `avenue` or a `boulevard`, so only
 * `near`); the names are the same when written alike (`Place Flagey` / `Flageyplein`) or when the
 * table of streets holds them as one street's two names (`Rue de la Loi` / `Wetstraat`). Where every
 * street has both names, other names of translated kinds may still be the same street whose
 * translation the table lacks: `near`. Undefined when the streets are not in two languages.
 */
function acrossLanguages(
  a: Street,
  b: Street,
  format: AddressFormat,
  bothNames: boolean,
): { name: Relation; kinds: Relation } | undefined {
  const bilingual = format.bilingual as BilingualStreets;
  const alike = (x: Street, y: Street) =>
    relateNames(x.name, y.name) === 'same' && sameKinds(x.kinds, y.kinds);
  if (bothNames)
    for (const [one, other] of streetsOf(format))
      if ((alike(a, one) && alike(b, other)) || (alike(a, other) && alike(b, one)))
        return { name: 'same', kinds: 'same' };
  const [kindA, kindB] = [kindIn(a, bilingual), kindIn(b, bilingual)];
  if (!kindA || !kindB || kindA.language === kindB.language) return undefined;
  const [first, second] = kindA.language === 0 ? [kindA.kind, kindB.kind] : [kindB.kind, kindA.kind];
  const kinds: Relation = bilingual.sameKinds.some(([x, y]) => x === first && y === second)
    ? 'same'
    : bilingual.eitherKinds.some(([xs, y]) => xs.includes(first) && y === second)
      ? 'near'
      : 'different';
  const name = relateNames(a.name, b.name);
  return { name: name === 'different' && bothNames && kinds !== 'different' ? 'near' : name, kinds };
}

function sameKinds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((kind) => b.has(kind));
}

function relateNames(a: readonly Word[], b: readonly Word[]): Relation {
  if (a.length === 0 || b.length === 0) return 'near';
  // Another number in the name is another street, never a slip (`Via XX` / `Via XXI Settembre`).
  const [numbersA, numbersB] = [numbersIn(a), numbersIn(b)];
  if (numbersA.length > 0 && numbersB.length > 0 && numbersA.join(' ') !== numbersB.join(' '))
    return 'different';
  const runA = joined(a);
  const runB = joined(b);
  if (sameWord(runA, runB)) return 'same';
  return oneSlipApart(runA.plain, runB.plain) || oneSlipApart(runA.spelled, runB.spelled)
    ? 'near'
    : 'different';
}

function relateNumbers(a: HouseNumber | null, b: HouseNumber | null, format: AddressFormat): Relation {
  if (!a && !b) return 'same';
  if (!a || !b) return 'near';
  if (a.range !== b.range) {
    const [single, range] = a.range ? [b, a] : [a, b];
    const [low, high] = range.numbers;
    return single.numbers.some((n) => n >= low && n <= high) ? 'near' : 'different';
  }
  // A range, or a Czech `138/10` given whole on both sides, is the same only when both numbers are;
  // one number given is the same when it is either of the other's.
  const both = a.numbers.length === 2 && b.numbers.length === 2;
  const shared = both
    ? a.numbers[0] === b.numbers[0] && a.numbers[1] === b.numbers[1]
    : a.numbers.some((n) => b.numbers.includes(n));
  if (!shared) return 'different';
  const parts = relateParts(a.parts, b.parts, format);
  if (parts === 'different' || (a.suffix !== b.suffix && a.suffix !== '' && b.suffix !== ''))
    return 'different';
  return a.suffix === b.suffix && parts === 'same' ? 'same' : 'near';
}

/**
 * The parts after a slash: another door or staircase is another place (`12/3/14` / `12/3/15`);
 * parts on one side only are within the same house, except where the slash may also join the
 * numbers of one house (a Polish `10/12`): there it is worth a look.
 */
function relateParts(a: readonly number[], b: readonly number[], format: AddressFormat): Relation {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) if (a[i] !== b[i]) return 'different';
  return a.length === b.length || !format.slashMayJoinHouses ? 'same' : 'near';
}
