import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, nextAttemptDelay } from '../../src/webhooks/retry-schedule.js';

const middle = () => 0.5;
const lowest = () => 0;
const almostHighest = () => 0.999_999;

describe('DEFAULT_WEBHOOK_RETRY_DELAYS_MS', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h', () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS_MS).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000,
    ]);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(DEFAULT_WEBHOOK_RETRY_DELAYS_MS)).toBe(true);
  });
});

describe('nextAttemptDelay', () => {
  it('gives each step its base delay when random() is 0.5', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((failed) =>
      nextAttemptDelay(failed, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle),
    );
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
  });

  it('jitters down to 80 % of the base at random() = 0', () => {
    expect(nextAttemptDelay(1, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, lowest)).toBe(4_000);
    expect(nextAttemptDelay(6, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, lowest)).toBe(28_800_000);
  });

  it('jitters up to just under 120 % of the base as random() approaches 1', () => {
    expect(nextAttemptDelay(1, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, almostHighest)).toBe(6_000);
    expect(nextAttemptDelay(2, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, () => 0.75)).toBe(330_000);
  });

  it('returns null once the schedule is used up', () => {
    expect(nextAttemptDelay(7, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle)).toBeNull();
    expect(nextAttemptDelay(100, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle)).toBeNull();
    expect(nextAttemptDelay(1, [], middle)).toBeNull();
  });

  it('works with a millisecond schedule, as tests configure it', () => {
    expect(nextAttemptDelay(1, [10, 20], middle)).toBe(10);
    expect(nextAttemptDelay(2, [10, 20], lowest)).toBe(16);
    expect(nextAttemptDelay(3, [10, 20], middle)).toBeNull();
  });

  it('refuses a failed-attempt count below 1 or not whole', () => {
    expect(() => nextAttemptDelay(0, DEFAULT_WEBHOOK_RETRY_DELAYS_MS)).toThrow(RangeError);
    expect(() => nextAttemptDelay(1.5, DEFAULT_WEBHOOK_RETRY_DELAYS_MS)).toThrow(RangeError);
  });

  describe('with a Retry-After from the receiver', () => {
    it('follows it when it lies between the base and twice the base, without jitter', () => {
      expect(nextAttemptDelay(2, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, lowest, 450_000)).toBe(450_000);
    });

    it('never retries earlier than the base delay', () => {
      expect(nextAttemptDelay(2, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, lowest, 1_000)).toBe(300_000);
      expect(nextAttemptDelay(2, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, lowest, 0)).toBe(300_000);
    });

    it('waits at most twice the base delay', () => {
      expect(nextAttemptDelay(1, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, almostHighest, 86_400_000)).toBe(10_000);
    });

    it('is ignored when it is not a usable number', () => {
      expect(nextAttemptDelay(1, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle, Number.NaN)).toBe(5_000);
      expect(nextAttemptDelay(1, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle, -5)).toBe(5_000);
    });

    it('does not extend the schedule', () => {
      expect(nextAttemptDelay(7, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, middle, 1_000)).toBeNull();
    });
  });

  it('always stays within ±20 % of the base, or [base, 2 × base] with Retry-After', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 200_000_000 }), { nil: undefined }),
        (failed, r, retryAfter) => {
          const base = DEFAULT_WEBHOOK_RETRY_DELAYS_MS[failed - 1];
          const delay = nextAttemptDelay(failed, DEFAULT_WEBHOOK_RETRY_DELAYS_MS, () => r, retryAfter)!;
          expect(Number.isInteger(delay)).toBe(true);
          if (retryAfter === undefined) {
            expect(delay).toBeGreaterThanOrEqual(base * 0.8);
            expect(delay).toBeLessThanOrEqual(base * 1.2);
          } else {
            expect(delay).toBeGreaterThanOrEqual(base);
            expect(delay).toBeLessThanOrEqual(base * 2);
          }
        },
      ),
    );
  });
});
