/**
 * When a monitor is checked. Each
 * monitor has a `slot`, a number given at creation from a counter; its checks fall at the same
 * offset of every interval (intervals counted from the Unix epoch). The offset is the fractional
 * part of slot × (√5 − 1)/2 times the interval: consecutive slots of this golden-ratio sequence
 * fill the interval evenly at every count (between any two neighbours of N points there are at
 * most three different gap lengths), so N monitors made one after another are N checks spread
 * evenly, whichever hour they were made in.
 */

export const INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type MonitorInterval = (typeof INTERVALS)[number];

const DAY_MS = 86_400_000;

/** `monthly` is 30 days: calendar months differ in length, a fixed period keeps checks evenly apart. */
export const INTERVAL_MS: Readonly<Record<MonitorInterval, number>> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
};

const GOLDEN_FRACTION = (Math.sqrt(5) - 1) / 2;

/** Where in each interval a slot's checks fall, in ms from the interval's start. */
export function slotOffset(slot: number, interval: MonitorInterval): number {
  const fraction = (slot * GOLDEN_FRACTION) % 1;
  return Math.floor(fraction * INTERVAL_MS[interval]);
}

/** The first of the slot's check times strictly after `after`. */
export function slotTimeAfter(after: number, slot: number, interval: MonitorInterval): number {
  const length = INTERVAL_MS[interval];
  const offset = slotOffset(slot, interval);
  const time = Math.floor((after - offset) / length) * length + offset;
  return time > after ? time : time + length;
}

/**
 * The scheduled check after one made at `now`: the slot's first time at least a quarter interval
 * later. A check on time is followed by one a whole interval later; one made early (the first
 * check, "check now") or late (a backlog) never brings the next one within the quarter interval
 * in which a cached answer would have served anyway, and every monitor returns to its own offset,
 * so a backlog after downtime does not stay bunched together.
 */
export function nextCheckAt(now: number, slot: number, interval: MonitorInterval): number {
  return slotTimeAfter(now + INTERVAL_MS[interval] / 4, slot, interval);
}

/** The oldest cached answer a scheduled check may use: a quarter of its interval. */
export function cacheMaxAgeMs(interval: MonitorInterval): number {
  return INTERVAL_MS[interval] / 4;
}
