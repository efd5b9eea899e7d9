/** The application's clock, injected everywhere time matters so tests can move it (month rollover, TTLs). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}
  now(): number {
    return this.current;
  }
  set(ms: number | string | Date): void {
    this.current = typeof ms === 'number' ? ms : new Date(ms).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * The creation time of a row made `now` beside `existing` rows: now, or a millisecond after the
 * newest of them when it was made in the same millisecond (or the clock stepped back), so rows
 * listed oldest first keep the order they were made in. The caller holds the owner's lock.
 */
export function createdAfter(existing: readonly { created_at: number | string }[], now: number): number {
  return existing.reduce((latest, row) => Math.max(latest, Number(row.created_at) + 1), now);
}
