import type { Clock } from '../../clock.js';
import type { IdempotencyStore } from '../../store/idempotency.js';
import { recurringHandler } from '../recurring.js';
import type { JobHandler } from '../worker.js';

export const EXPIRE_IDEMPOTENCY_KEYS_JOB = 'expire_idempotency_keys';
/** Expired keys are no longer answered (the plugin treats them as absent); this only reclaims space. */
export const EXPIRE_IDEMPOTENCY_KEYS_EVERY_MS = 60 * 60 * 1000;

/** The recurring `expire_idempotency_keys` job: deletes the keys past their 24 h, once an hour. */
export function expireIdempotencyKeysHandler(store: IdempotencyStore, clock: Clock): JobHandler {
  return recurringHandler(clock, EXPIRE_IDEMPOTENCY_KEYS_EVERY_MS, () => store.deleteExpired(clock.now()));
}
