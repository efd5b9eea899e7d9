import { expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { BURST_WINDOW_MS, createMemoryBurstLimiter } from '../../src/limits/burst.js';

/**
 * The in-memory sliding window (src/limits/burst.ts) keeps one entry per millisecond with a count,
 * so a limit of thousands per minute costs no more per request than a limit of 20; the window stays
 * exact: a request is allowed when fewer than `limit` were allowed in the 60 s before it.
 */
it('stays exact with a high limit, many requests in the same millisecond and a window that slides', async () => {
  const clock = new ManualClock(1_000_000);
  const limiter = createMemoryBurstLimiter(clock);
  const consume = () => limiter.consume('acc', 5_000);
  for (let i = 0; i < 3_000; i++) expect((await consume()).allowed).toBe(true);
  clock.advance(30_000);
  for (let i = 0; i < 2_000; i++) expect((await consume()).allowed).toBe(true);
  const refused = await consume();
  expect(refused).toEqual({ allowed: false, limit: 5_000, remaining: 0, retryAfterSeconds: 30 });
  // The first 3,000 leave the window all at once, exactly 60 s after they came.
  clock.set(1_000_000 + BURST_WINDOW_MS - 1);
  expect((await consume()).allowed).toBe(false);
  clock.set(1_000_000 + BURST_WINDOW_MS);
  const allowed = await consume();
  expect(allowed).toMatchObject({ allowed: true, remaining: 5_000 - 2_001 });
  for (let i = 0; i < 2_999; i++) expect((await consume()).allowed).toBe(true);
  expect((await consume()).allowed).toBe(false);
  await limiter.close();
});
