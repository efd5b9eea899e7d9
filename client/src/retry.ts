/**
 * When a failed attempt is tried again, and after how long. Retried: no answer (the connection
 * failed or the attempt timed out), 408 (the request did not arrive in time: nothing was done),
 * 429 and 5xx; and 409 on a retry of a call with an `Idempotency-Key` (anything but a GET), which
 * the service answers while the first attempt
 * with the same `Idempotency-Key` is still running. The wait is
 * the answer's `Retry-After` when it gives one, else an exponential backoff with jitter. An
 * answer asking for more than a minute (the monthly quota, until next month) is not waited for:
 * the error goes to the caller with its `retryAfter`.
 */

/** The longest `Retry-After` the client waits for by itself. */
export const MAX_RETRY_AFTER_SECONDS = 60;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

export interface FailedAnswer {
  status: number;
  retryAfter: number | undefined;
  /** A call sent again with the `Idempotency-Key` of an earlier attempt. */
  keyedRetry: boolean;
}

/** Milliseconds to wait before attempt `attempt + 1` when attempt `attempt` (from 0) had no answer. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt) * (0.5 + random() / 2);
}

/** Milliseconds to wait before trying again after a failed answer, or undefined when it is final. */
export function retryDelayMs(
  { status, retryAfter, keyedRetry }: FailedAnswer,
  attempt: number,
  random: () => number = Math.random,
): number | undefined {
  const retryable = status === 408 || status === 429 || status >= 500 || (status === 409 && keyedRetry);
  if (!retryable) return undefined;
  if (retryAfter === undefined) return backoffMs(attempt, random);
  return retryAfter <= MAX_RETRY_AFTER_SECONDS ? retryAfter * 1000 : undefined;
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
