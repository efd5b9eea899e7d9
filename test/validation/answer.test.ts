import { expect, it } from 'vitest';
import { iso } from '../../src/validation/answer.js';

// iso() remembers its last two instants (a request asks for its own time and its cache entry's in
// turn); whatever the order of the calls, each answer must be that instant's own string.
it('formats every instant as its own ISO string, repeated, alternating and new ones mixed', () => {
  const instants = [
    0, 1_795_000_000_000, 1_795_000_000_001, 1_795_000_000_000, 0, 0, 7, 1_795_000_000_001, 7,
  ];
  for (const ms of [...instants, ...instants.reverse()]) expect(iso(ms)).toBe(new Date(ms).toISOString());
});

it('refuses an instant that is not a time, as Date does', () => {
  expect(() => iso(Number.NaN)).toThrow(RangeError);
  expect(iso(5)).toBe('1970-01-01T00:00:00.005Z');
});
