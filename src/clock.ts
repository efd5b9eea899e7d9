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
