import type { Clock } from '../clock.js';
import type { JobHandler } from './worker.js';

/**
 * A task run at a fixed interval by whichever worker claims it (ledger sealing, retention, the
 * registries' status poll). Its job is one row that is claimed with a lease like any job and, when
 * the task is done, made due again at the next multiple of the interval, so any number of workers
 * and instances run it once per interval. A failed run is retried with the worker's backoff.
 */
export function recurringHandler(clock: Clock, everyMs: number, task: () => Promise<unknown>): JobHandler {
  return async () => {
    await task();
    const interval = Math.max(1, everyMs);
    return { nextRunAt: (Math.floor(clock.now() / interval) + 1) * interval };
  };
}
