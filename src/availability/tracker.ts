import type { AvailabilityStore } from '../store/availability.js';
import type { RegistryCallsTable, RegistryHealthTable } from '../store/tables.js';

/**
 * Registry call outcomes of this process, added to the shared hourly counts (registry_calls) every
 * flush, and breaker changes written to registry_health as they happen, so GET /v1/status and the
 * other instances see every instance's traffic. Without a store (a gateway outside the service)
 * it counts nothing.
 */

/** Upper bounds (ms) of the latency buckets of answered calls; above the last: the last bucket. */
export const LATENCY_BOUNDS_MS = [
  25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000,
];
export const FAILED_BUCKET = -1;
export const HOUR_MS = 3_600_000;

export function latencyBucket(ms: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BOUNDS_MS.length - 1 : index;
}

/**
 * True while a breaker row an instance wrote holds at `now`: open, its probe not yet due, and no
 * call answered after the failure that opened it, on any instance (`answeredAt`: this instance's
 * last answered call). A registry that answered since is back, whoever opened the breaker.
 */
export function sharedOpen(row: RegistryHealthTable, now: number, answeredAt: number | null): boolean {
  if (row.breaker !== 'open' || row.open_until === null || row.open_until <= now) return false;
  return Math.max(row.last_success_at ?? 0, answeredAt ?? 0) <= (row.last_failure_at ?? 0);
}

/**
 * True when another instance closed a breaker after it opened here (`openedAt`, this instance's
 * clock): the row says closed and was written since, so that instance's probe was answered and
 * the registry is back. This instance closes its own breaker at its next refresh, and the status
 * page shows it closed at its next computation, rather than half-open until traffic of its own.
 */
export function closedElsewhere(row: RegistryHealthTable, openedAt: number | null): boolean {
  return row.breaker === 'closed' && openedAt !== null && row.updated_at > openedAt;
}

export type HealthValues = Partial<Omit<RegistryHealthTable, 'registry_key' | 'updated_at'>>;

export class AvailabilityTracker {
  private pending = new Map<string, RegistryCallsTable>();
  private readonly failures = new Map<string, { at: number; success: boolean }>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: AvailabilityStore | undefined,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** One registry call that ended at `at` (application clock), answered or failed. */
  record(key: string, answered: boolean, latencyMs: number, at: number): void {
    if (!this.store) return;
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    const bucket = answered ? latencyBucket(latencyMs) : FAILED_BUCKET;
    const id = `${key}|${hour}|${bucket}`;
    let row = this.pending.get(id);
    if (!row) {
      row = { registry_key: key, hour_at: hour, bucket, answered: 0, failed: 0 };
      this.pending.set(id, row);
    }
    if (answered) row.answered += 1;
    else row.failed += 1;
    const last = this.failures.get(key);
    if (!last || last.at <= at) this.failures.set(key, { at, success: answered });
  }

  /** Writes a breaker change (or a report) at once: the other instances read it at their next refresh. */
  health(key: string, values: HealthValues, now: number): void {
    const store = this.store;
    if (!store) return;
    this.writes = this.writes
      .then(() => store.putHealth(key, values, now))
      .catch((error) => this.onError(error));
  }

  /** Adds the pending counts to the shared rows, and the last failure or success time per key. */
  async flush(now: number): Promise<void> {
    const store = this.store;
    if (!store) return;
    const rows = [...this.pending.values()];
    const last = [...this.failures];
    this.pending = new Map();
    this.failures.clear();
    try {
      await this.writes;
      await store.addCalls(rows);
      for (const [key, { at, success }] of last)
        await store.putHealth(key, success ? { last_success_at: at } : { last_failure_at: at }, now);
    } catch (error) {
      // The database is away: put the counts back for the next flush rather than lose them.
      for (const row of rows) {
        const id = `${row.registry_key}|${row.hour_at}|${row.bucket}`;
        const kept = this.pending.get(id);
        if (kept) {
          kept.answered += row.answered;
          kept.failed += row.failed;
        } else this.pending.set(id, row);
      }
      this.onError(error);
    }
  }

  async readHealth(): Promise<RegistryHealthTable[]> {
    return this.store ? this.store.health() : [];
  }
}
