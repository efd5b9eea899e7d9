import { randomBytes } from 'node:crypto';
import { checkVatNumber } from '../../src/numbers/index.js';

const serials = new Map<string, number>();

/**
 * German numbers new to this run: `valid` ones pass the check digit (so they reach VIES, which
 * answers "not registered" for anything not seeded in the simulator), `checksum-failing` ones are
 * answered locally (`source: checksum`) and never reach a registry.
 */
export function germanNumbers(count: number, kind: 'valid' | 'checksum-failing'): string[] {
  let serial = serials.get(kind) ?? randomBytes(3).readUIntBE(0, 3) % 4_000_000;
  const out: string[] = [];
  while (out.length < count) {
    serial += 1;
    const body = `${kind === 'valid' ? '2' : '6'}${String(serial).padStart(7, '0')}`;
    for (let digit = 0; digit <= 9; digit++) {
      const result = checkVatNumber(`DE${body}${digit}`);
      if (result.kind !== 'checked') continue;
      if (result.checksumValid === (kind === 'valid')) {
        out.push(result.number.vatNumber);
        break;
      }
    }
  }
  serials.set(kind, serial);
  return out;
}

/**
 * Milliseconds checkVatNumber takes on `input`, at best: a slow call is timed again, up to three
 * times, so that a GC pause or the scheduler of a busy machine does not fail a run.
 */
export function checkTime(input: unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && best > 2; attempt++) {
    const started = performance.now();
    checkVatNumber(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
