import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_RETRY_AFTER_SECONDS, retryDelayMs } from '../../client/src/retry.js';

/**
 * The SDK's retry policy as a table (the proxy tests in sdk.retries.test.ts drive it end to end):
 * what is tried again, after how long.
 */
describe('the retry policy', () => {
  const answer = (status: number, retryAfter?: number, keyedRetry = false) => ({
    status,
    retryAfter,
    keyedRetry,
  });

  it('backs off exponentially with jitter, up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffMs(attempt, () => 1))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(250);
  });

  it.each([
    ['a 503 with Retry-After: 2', answer(503, 2), 2_000],
    ['a burst 429 with Retry-After: 0', answer(429, 0), 0],
    ['a 500 without Retry-After', answer(500), 500],
    ['a 408 (the request did not arrive in time)', answer(408), 500],
    ['a 409 on a retry of a POST (its first attempt still running)', answer(409, undefined, true), 500],
    [
      `a 429 asking for ${MAX_RETRY_AFTER_SECONDS + 1} s`,
      answer(429, MAX_RETRY_AFTER_SECONDS + 1),
      undefined,
    ],
    ['a 409 on a first attempt', answer(409), undefined],
    ['a 422', answer(422), undefined],
    ['a 404', answer(404), undefined],
    ['a 401', answer(401), undefined],
  ])('%s: waits %s ms', (_, failed, wait) => {
    expect(retryDelayMs(failed, 0, () => 1)).toBe(wait);
  });
});
