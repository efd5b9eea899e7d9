import { checkVatNumber } from '../src/numbers/index.js';
import { registryIdFor } from '../src/registries/gateway.js';
import type { PrimaryRegistryId as RegistryId } from '../src/registries/registry.js';

/**
 * VAT numbers for the bench. The cached cases need distinct well-formed numbers that pass their
 * check digits (a registry "not registered" answer is cached like any other); the registry case
 * needs numbers the simulator knows, spread over all five registries.
 */

/** Countries whose registry decides on numbers that fail local check digits (decisions section 1). */
const REGISTRY_DECIDES_CHECKSUM = new Set(['GB', 'XI']);

/**
 * Candidate numbers per registry; between one in ten and one in a hundred pass their check digits.
 * VIES's are ten member states without a national fallback, so numbers taken in turn use all ten
 * member states' queues (4 calls at once each by default).
 */
const CANDIDATES: Readonly<Record<RegistryId, ReadonlyArray<(n: number) => string>>> = {
  vies: [
    (n) => `DE${210000000 + n}`,
    (n) => `ATU${21000000 + n}`,
    (n) => `FI${21000000 + n}`,
    (n) => `DK${21000000 + n}`,
    (n) => `EE${210000000 + n}`,
    (n) => `NL${210000000 + n}B01`,
    (n) => `SE${2100000000 + n}01`,
    (n) => `SI${21000000 + n}`,
    (n) => `HU${21000000 + n}`,
    (n) => `PT${210000000 + n}`,
  ],
  hmrc: [(n) => `GB${210000000 + n}`],
  uid: [(n) => `CHE${210000000 + n}MWST`],
  brreg: [(n) => `NO${910000000 + n}MVA`],
  abr: [(n) => `AU${21000000000 + n * 7}`],
};

/** True when the service would send this number to a registry (not answer it locally). */
export function goesToRegistry(vatNumber: string): boolean {
  const check = checkVatNumber(vatNumber);
  if (check.kind !== 'checked' || check.number.countryCode === 'LI') return false;
  return check.checksumValid || REGISTRY_DECIDES_CHECKSUM.has(check.number.countryCode);
}

/**
 * `count` distinct numbers that pass their check digits, taken from `registries` in turn (and from
 * each registry's countries in turn); `offset` starts the candidates further on, so two calls give
 * disjoint sets. The simulator knows none of them: each is a registry call answered "not
 * registered" (and cached like any other answer).
 */
export function generatedNumbers(
  count: number,
  registries: readonly RegistryId[] = ['vies'],
  offset = 0,
): string[] {
  const found: string[] = [];
  const next = new Map<(n: number) => string, number>();
  for (let turn = 0; found.length < count; turn += 1) {
    const templates = CANDIDATES[registries[turn % registries.length]];
    const template = templates[Math.floor(turn / registries.length) % templates.length];
    let n = next.get(template) ?? offset;
    // A valid candidate turns up within a few hundred tries for every template above.
    for (let tries = 0; tries < 10_000; tries += 1, n += 1) {
      if (goesToRegistry(template(n))) {
        found.push(template(n));
        n += 1;
        break;
      }
    }
    next.set(template, n);
    if (turn > count * 10) throw new Error(`only ${found.length} of ${count} checksum-valid numbers found`);
  }
  return found;
}

export function registryOf(vatNumber: string): RegistryId | undefined {
  const check = checkVatNumber(vatNumber);
  return check.kind === 'checked' ? registryIdFor(check.number.countryCode) : undefined;
}

/**
 * `count` numbers out of `known` (the simulator's companies), every non-VIES registry first so all
 * five are in the batch, then VIES numbers from as many countries as possible; `exclude` holds
 * numbers already cached by earlier cases.
 */
export function spreadOverRegistries(
  known: readonly string[],
  count: number,
  exclude: ReadonlySet<string>,
): string[] {
  const usable = known.filter((number) => !exclude.has(number) && goesToRegistry(number));
  const byRegistry = new Map<RegistryId, string[]>();
  for (const number of usable) {
    const id = registryOf(number);
    if (!id) continue;
    byRegistry.set(id, [...(byRegistry.get(id) ?? []), number]);
  }
  const picked = [...byRegistry.entries()].filter(([id]) => id !== 'vies').flatMap(([, numbers]) => numbers);
  picked.splice(count);
  const vies = byRegistry.get('vies') ?? [];
  picked.push(...vies.slice(0, count - picked.length));
  if (picked.length < count)
    throw new Error(`the simulator knows only ${picked.length} usable numbers; ${count} needed`);
  return picked;
}

/** `{ vies: 26, hmrc: 7, … }` for a list of numbers. */
export function countByRegistry(numbers: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const number of numbers) {
    const id = registryOf(number) ?? 'local';
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/** Candidate numbers per VIES member state, for batches spread over many member states. */
const MEMBER_STATE_CANDIDATES: Readonly<Record<string, (n: number) => string>> = {
  DE: (n) => `DE${210000000 + n}`,
  AT: (n) => `ATU${21000000 + n}`,
  FI: (n) => `FI${21000000 + n}`,
  DK: (n) => `DK${21000000 + n}`,
  EE: (n) => `EE${100000000 + n}`,
  FR: (n) => `FR${21000000000 + n}`,
  IT: (n) => `IT${String(10000000000 + n).padStart(11, '0')}`,
  BE: (n) => `BE0${210000000 + n}`,
  LU: (n) => `LU${21000000 + n}`,
  SI: (n) => `SI${21000000 + n}`,
  NL: (n) => `NL${210000000 + n}B01`,
  PT: (n) => `PT${210000000 + n}`,
};

export const MEMBER_STATES_WITH_CANDIDATES: readonly string[] = Object.keys(MEMBER_STATE_CANDIDATES);

/**
 * `perState` numbers for each of `memberStates` that pass their check digits and go to VIES,
 * interleaved (DE, AT, …, DE, AT, …) so a batch's first items do not all queue on one member
 * state; `offset` starts further on, so two calls with offsets far apart give disjoint sets.
 */
export function memberStateNumbers(memberStates: readonly string[], perState: number, offset = 0): string[] {
  const columns = memberStates.map((code) => {
    const template = MEMBER_STATE_CANDIDATES[code];
    if (!template) throw new Error(`no candidate numbers for ${code}`);
    const found: string[] = [];
    for (let n = offset; found.length < perState; n += 1) {
      if (n - offset > 100_000) throw new Error(`only ${found.length} of ${perState} numbers for ${code}`);
      if (goesToRegistry(template(n))) found.push(checkedNumber(template(n)));
    }
    return found;
  });
  return Array.from({ length: perState }, (_, row) => columns.map((column) => column[row])).flat();
}

/** The number as the service normalises it (so the cached set and the batch agree). */
function checkedNumber(input: string): string {
  const check = checkVatNumber(input);
  return check.kind === 'checked' ? check.number.vatNumber : input;
}
