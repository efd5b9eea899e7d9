import { NUMBER_JOINS, STREET_LINKS } from './address-formats.js';
import { asciiWord, type Word } from './letters.js';

/** Numbers written as words in a country's languages, merged once per address format (streets.ts). */
export interface NumberWords {
  /** Numbers written as words in the country's languages (`venti`, `dos`). */
  numbers: ReadonlyMap<string, number>;
  /** Words for one read so only after tens and a joining word (`vingt et un`). */
  onesAfterTens: ReadonlySet<string>;
  /** What makes digits an ordinal, written apart (`3-go`). */
  ordinalEndings: ReadonlySet<string>;
}

/** A Roman numeral of two letters or more, or `I`, `V`, `X` alone (`Via XX Settembre`, `Piazza V Giornate`). */
const ROMAN = /^(?=[ivxlcdm]{2}|[ivx]$)m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/;
const ROMAN_VALUES: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** A Roman numeral's value (`xiii` is 13), or undefined for a word that is none. */
export function romanNumber(word: string): number | undefined {
  return ROMAN.test(word) ? romanValue(word) : undefined;
}

function romanValue(numeral: string): number {
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const value = ROMAN_VALUES[numeral[i]];
    total += value < (ROMAN_VALUES[numeral[i + 1]] ?? 0) ? -value : value;
  }
  return total;
}

/**
 * A number in a street's name read as its digits, however it is written: `XX`, `Venti` and `20`
 * are one word `20` (a number word of the country's languages only, tens and unit joined:
 * `dix-sept`, `treinta y uno`).
 */
export function numbersWritten(name: readonly Word[], vocabulary: NumberWords): Word[] {
  const numberOf = (word: Word, next: Word | undefined) => {
    if (/^\d+$/.test(word.plain)) return Number(word.plain);
    // A joining word that is also a number (`dos`: of the, in Galician) is one only before `de` (`Dos de Mayo`).
    if (STREET_LINKS.has(word.plain) && next?.plain !== 'de') return undefined;
    return vocabulary.numbers.get(word.plain) ?? romanNumber(word.plain);
  };
  const out: Word[] = [];
  for (let i = 0; i < name.length; i++) {
    let value = numberOf(name[i], name[i + 1]);
    if (value === undefined) {
      out.push(name[i]);
      continue;
    }
    // Tens followed by a unit, a joining word between or not: `vingt deux`, `treinta y uno`; a
    // word for one that is also an article only after a joining word, in the number that begins
    // the name (`vingt et un`, `vinte e um`).
    const join = NUMBER_JOINS.has(name[i + 1]?.plain ?? '') ? 1 : 0;
    const after = name[i + 1 + join]?.plain ?? '';
    const leading = out.every((word) => STREET_LINKS.has(word.plain));
    const unit =
      vocabulary.numbers.get(after) ??
      (join === 1 && leading && vocabulary.onesAfterTens.has(after) && !/^\d/.test(name[i].plain)
        ? 1
        : undefined);
    if (value % 10 === 0 && value >= 10 && value <= 30 && unit !== undefined && unit < 10) {
      value += unit;
      i += 1 + join;
    }
    // `3-go Maja`: the ordinal's ending is no word of the name.
    if (vocabulary.ordinalEndings.has(name[i + 1]?.plain ?? '')) i++;
    out.push(asciiWord(String(value)));
  }
  return out;
}

/** The numbers in a street's name (`20` of `Via XX Settembre`), in order. */
export function numbersIn(name: readonly Word[]): string[] {
  return name.filter((word) => /^\d+$/.test(word.plain)).map((word) => word.plain);
}
