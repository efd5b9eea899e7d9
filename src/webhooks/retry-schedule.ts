/**
 * When to try a failed webhook delivery again (decisions 6). Pure: the caller passes the schedule
 * (from config, milliseconds in tests) and the random source, so tests get exact values.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays before retries 1 to 6, in milliseconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. The first
 * attempt is not part of the list, so a delivery gets at most 7 attempts, the last one about
 * 17.6 h after the first. Same six steps as svix's default `retry_schedule`.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
]);

/** ±20 %: svix's `JITTER_DELTA` in `calculate_retry_delay`, so retries to one receiver spread out. */
export const RETRY_JITTER_RATIO = 0.2;

/**
 * Milliseconds to wait before the next attempt, after `failedAttempts` failed attempts (1 after the
 * first failure), or null when the schedule is used up and the delivery becomes `failed`.
 *
 * - Without `retryAfterMs`: the step's base delay × (1 ± 20 %), `random()` in [0, 1) mapping
 *   linearly onto [0.8 × base, 1.2 × base), rounded to whole milliseconds. random() = 0.5 gives
 *   the base exactly.
 * - With a receiver's `Retry-After` (already converted to milliseconds): that value clamped to
 *   [base, 2 × base], without jitter. svix jitters after clamping, which can retry up to 20 % before
 *   the time the receiver asked for; we keep the receiver's time and the [base, 2 × base] bound.
 *   A missing, negative or non-finite value counts as absent.
 */
export function nextAttemptDelay(
  failedAttempts: number,
  delaysMs: readonly number[],
  random: () => number = Math.random,
  retryAfterMs?: number,
): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) {
    throw new RangeError(`failedAttempts must be a whole number of at least 1, got ${failedAttempts}`);
  }
  if (failedAttempts > delaysMs.length) return null;
  const base = delaysMs[failedAttempts - 1];

  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    return Math.round(Math.min(Math.max(retryAfterMs, base), 2 * base));
  }
  const factor = 1 + RETRY_JITTER_RATIO * (2 * random() - 1);
  return Math.round(base * factor);
}
