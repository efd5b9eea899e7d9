import { expect, it } from 'vitest';
import { timeOrderedId, timeOrderedUuid } from '../src/ids.js';

const AT = Date.parse('2026-11-22T12:00:00.000Z');
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds a UUID version 7 carries. */
const msOf = (uuid: string) => Number.parseInt(uuid.replace(/-/g, '').slice(0, 12), 16);

it('makes UUIDs version 7 that sort in the order made, within one millisecond too', () => {
  // Ten in each of five milliseconds, then the clock stepped back and forth.
  const times = [...Array.from({ length: 50 }, (_, i) => AT + Math.floor(i / 10))];
  const made = times.map((ms) => timeOrderedUuid(ms));
  for (const uuid of made) expect(uuid).toMatch(UUID_V7);
  expect(made.map(msOf)).toEqual(times);
  expect([...made].sort()).toEqual(made);

  const before = timeOrderedUuid(AT - 1);
  expect(msOf(before)).toBe(AT - 1);
  expect(before < made[0]).toBe(true);
  const again = Array.from({ length: 5 }, () => timeOrderedUuid(AT + 4));
  expect([...again].sort()).toEqual(again);
  expect(new Set([...made, before, ...again]).size).toBe(56);
});

it('gives prefixed ids the same order', () => {
  const made = Array.from({ length: 20 }, () => timeOrderedId('val', AT));
  for (const id of made) expect(id).toMatch(/^val_[0-9a-f]{32}$/);
  expect([...made].sort()).toEqual(made);
});
