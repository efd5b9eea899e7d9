import type { Clock } from '../clock.js';
import type { JobHandler } from '../jobs/worker.js';
import { recurringJobId } from '../jobs/worker.js';
import type { NewJob } from '../store/jobs.js';
import type { RatesSync } from './sync.js';

/**
 * The daily sync job (RATES_SYNC, RATES_SYNC_AT): one row in the jobs table, claimed by one worker
 * of one instance at a time like every recurring job, made due again at the next RATES_SYNC_AT
 * after each run. Its row is added due at the next RATES_SYNC_AT, not at once, so starting an
 * instance never calls TEDB. A sync that TEDB failed or refused is recorded and waits for the next
 * day (the client has already retried); only an error of the service's own (its database) is
 * retried sooner, with the worker's backoff.
 */

export const RATES_SYNC_JOB = 'rates.sync';

export type RatesSyncMode = 'off' | 'report' | 'apply';

/** `06:00` → minutes after midnight UTC. */
export function minutesOfDay(at: string): number {
  const [hours, minutes] = at.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The first instant after `nowMs` at `minutes` past midnight UTC. */
export function nextSyncAt(nowMs: number, minutes: number): number {
  const day = 86_400_000;
  const today = Math.floor(nowMs / day) * day + minutes * 60_000;
  return today > nowMs ? today : today + day;
}

export function ratesSyncJob(runAt: number): NewJob {
  return { id: recurringJobId(RATES_SYNC_JOB), kind: RATES_SYNC_JOB, payload: null, runAt };
}

export function ratesSyncHandler(deps: {
  sync: RatesSync;
  mode: RatesSyncMode;
  minutes: number;
  clock: Clock;
}): JobHandler {
  return async () => {
    if (deps.mode !== 'off') await deps.sync.run({ apply: deps.mode === 'apply', trigger: 'job' });
    return { nextRunAt: nextSyncAt(deps.clock.now(), deps.minutes) };
  };
}
