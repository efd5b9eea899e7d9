import { fold, legalFormOf, nameForms, postcodeForm, streetForm } from './normalise.js';

/**
 * The computed comparison (wave-2 C2): what the caller believes about a trader against what the
 * registry returned, field by field, when the registry itself does not compare. The rules and
 * examples are in docs/matching.md; each outcome is the best over both readings of German letters.
 */

export type FieldMatch = 'match' | 'partial' | 'mismatch' | 'not_processed';

export interface TraderFields {
  trader_name?: string;
  trader_company_type?: string;
  trader_street?: string;
  trader_postcode?: string;
  trader_city?: string;
}

export interface ComputedMatch {
  name: FieldMatch;
  company_type: FieldMatch;
  street: FieldMatch;
  postcode: FieldMatch;
  city: FieldMatch;
  method: 'computed';
}

export interface RegisteredCompany {
  name: string | null;
  address: string | null;
}

const RANK: Record<FieldMatch, number> = { not_processed: 0, mismatch: 1, partial: 2, match: 3 };

const best = (outcomes: readonly FieldMatch[]): FieldMatch =>
  outcomes.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'mismatch');

/** True when any trader field was given: the answer then carries `data.match`. */
export function hasTraderFields(trader: TraderFields): boolean {
  return Object.values(trader).some((value) => value !== undefined);
}

export function computeMatch(trader: TraderFields, company: RegisteredCompany | null): ComputedMatch {
  const name = company?.name ?? null;
  const address = company?.address ?? null;
  const compare = (
    given: string | undefined,
    registered: string | null,
    rule: (a: string, b: string) => FieldMatch,
  ) =>
    given === undefined || registered === null || registered.trim() === ''
      ? 'not_processed'
      : rule(given, registered);
  return {
    name: compare(trader.trader_name, name, compareNames),
    company_type: compare(trader.trader_company_type, name, compareCompanyType),
    street: compare(trader.trader_street, address, compareStreet),
    postcode: compare(trader.trader_postcode, address, comparePostcode),
    city: compare(trader.trader_city, address, compareCity),
    method: 'computed',
  };
}

/**
 * Names: the same core and legal form (or a legal form on one side only) match; the same core
 * under different legal forms, one name's words all within the other's, half the words shared or
 * a near spelling is partial; anything else a mismatch.
 */
export function compareNames(given: string, registered: string): FieldMatch {
  const outcomes: FieldMatch[] = [];
  for (const a of nameForms(given))
    for (const b of nameForms(registered)) {
      if (a.core === b.core && a.core !== '')
        outcomes.push(a.legalForm === b.legalForm || !a.legalForm || !b.legalForm ? 'match' : 'partial');
      else outcomes.push(similar(a.core, b.core) ? 'partial' : 'mismatch');
    }
  return best(outcomes);
}

/** The legal form the caller named against the one at the end of the registered name. */
export function compareCompanyType(given: string, registeredName: string): FieldMatch {
  const wanted = legalFormOf(given);
  const registered = nameForms(registeredName)[0].legalForm;
  if (wanted === null || registered === null) return 'not_processed';
  return wanted === registered ? 'match' : 'mismatch';
}

/**
 * A street against the registered address: its words and house number all there is a match, its
 * words there with another or no number (or half its words there) is partial.
 */
export function compareStreet(given: string, address: string): FieldMatch {
  const wanted = streetForm(given).split(' ');
  const present = new Set(streetForm(address).split(' '));
  const words = wanted.filter((token) => !/\d/.test(token));
  const numbers = wanted.filter((token) => /\d/.test(token));
  const wordsFound = words.filter((word) => present.has(word)).length;
  const numbersFound = numbers.every((number) => present.has(number));
  if (words.length > 0 && wordsFound === words.length) return numbersFound ? 'match' : 'partial';
  return wordsFound * 2 >= words.length && wordsFound > 0 ? 'partial' : 'mismatch';
}

/**
 * A postcode against the registered address: found as a word or two adjacent words (`1017 HL`) is
 * a match, only its first part found is partial.
 */
export function comparePostcode(given: string, address: string): FieldMatch {
  const wanted = postcodeForm(given);
  if (wanted === '') return 'mismatch';
  const words = fold(address).split(' ');
  const candidates = words.flatMap((word, i) => [word, word + (words[i + 1] ?? '')]);
  if (candidates.includes(wanted)) return 'match';
  // Only part of it there: the Dutch digits without the letters, a British outward code alone.
  const close = candidates.some(
    (word) => word.length >= 3 && /\d/.test(word) && (wanted.startsWith(word) || word.startsWith(wanted)),
  );
  return close ? 'partial' : 'mismatch';
}

/** A city against the registered address: all its words there is a match, its first word there partial. */
export function compareCity(given: string, address: string): FieldMatch {
  const outcomes = [fold, (text: string) => fold(text.normalize('NFKD'))].map((folder) => {
    const wanted = folder(given);
    const text = ` ${folder(address)} `;
    if (wanted !== '' && text.includes(` ${wanted} `)) return 'match';
    const first = wanted.split(' ')[0];
    return first.length >= 4 && text.includes(` ${first} `) ? 'partial' : 'mismatch';
  });
  return best(outcomes);
}

/** Near enough to be the same name written differently: shared words or a close spelling. */
function similar(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  const wordsA = new Set(a.split(' '));
  const wordsB = new Set(b.split(' '));
  const shared = [...wordsA].filter((word) => wordsB.has(word)).length;
  if (shared > 0 && shared === Math.min(wordsA.size, wordsB.size)) return true;
  if (shared * 2 >= Math.max(wordsA.size, wordsB.size)) return true;
  const longest = Math.max(a.length, b.length);
  return longest <= 200 && 1 - editDistance(a, b) / longest >= 0.85;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length];
}
