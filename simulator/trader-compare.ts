import type { SimCompany } from './types.js';

/**
 * How the simulated registries that compare trader data (VIES approximate check, the federal tax
 * office) judge a field: loosely equal to what the company is registered with. A company may hold
 * data it never discloses (`extra.registeredName`, `extra.registeredAddress` with lines split by
 * `|`), as Spain compares names it does not publish.
 */

/** Upper case, accents and dots off, other punctuation a space. */
export function loose(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f.]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export interface Registered {
  name: string;
  lines: string[];
  sameName(sent: string): boolean;
  /** The first of several address lines. */
  sameStreet(sent: string): boolean;
  /** A word, or two adjacent words, of the last address line. */
  samePostcode(sent: string): boolean;
  /** Words of the last address line. */
  sameCity(sent: string): boolean;
}

export function registeredData(found: SimCompany): Registered {
  const name = found.extra?.registeredName ?? found.name;
  const lines = found.extra?.registeredAddress?.split('|') ?? found.addressLines;
  const last = loose(lines.at(-1) ?? '');
  const words = last.split(' ');
  return {
    name,
    lines,
    sameName: (sent) => loose(sent) === loose(name),
    sameStreet: (sent) => lines.length > 1 && loose(sent) === loose(lines[0]),
    samePostcode: (sent) => {
      const wanted = loose(sent).replace(/ /g, '');
      return words.some((word, i) => word === wanted || word + (words[i + 1] ?? '') === wanted);
    },
    sameCity: (sent) => ` ${last} `.includes(` ${loose(sent)} `),
  };
}
