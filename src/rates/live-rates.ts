import type { Clock } from '../clock.js';
import type { RateStore } from '../store/rates.js';
import type { RatesTable } from './rates-table.js';
import type { SyncResult } from './sync.js';

/**
 * Keeps this instance's rates table current with the changes any instance's sync applied: the
 * table is rebuilt when the stored changes differ from those it was built with (checked every
 * `everyMs` with one small query). The instance that applies rebuilds at once.
 */
export class RatesRefresher {
  private version: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;

  constructor(
    private readonly deps: {
      table: RatesTable;
      store: RateStore;
      everyMs: number;
      onError?: (error: unknown) => void;
    },
  ) {}

  /** Rebuilds the table if the stored changes moved; true when it did. */
  refresh(): Promise<boolean> {
    this.running ??= this.load().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Refreshes now, then every `everyMs` until closed; failures are reported, not thrown. */
  start(): void {
    if (this.timer) return;
    const tick = () => this.refresh().catch((error) => this.deps.onError?.(error));
    void tick();
    this.timer = setInterval(tick, this.deps.everyMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async load(): Promise<boolean> {
    const { store, table } = this.deps;
    const version = await store.changesVersion();
    if (version === this.version) return false;
    table.apply(await store.listChanges());
    this.version = version;
    return true;
  }
}

/** `/v1/status`'s `rates` and the `/metrics` gauges of the same figures. */
export interface RatesSyncStatus {
  /** When the last sync ended, whatever its result; null before the first. */
  last_sync_at: string | null;
  result: SyncResult | null;
  /** Differences the last sync that read TEDB's reply found and did not apply (report mode). */
  pending_differences: number;
}

/** Reads the sync status at most once per `maxAgeMs`, so the status endpoint costs no query per request. */
export class RatesSyncStatusReader {
  private cached: { at: number; value: Promise<RatesSyncStatus> } | undefined;

  constructor(
    private readonly store: RateStore,
    private readonly clock: Clock,
    private readonly maxAgeMs = 1_000,
  ) {}

  read(): Promise<RatesSyncStatus> {
    const now = this.clock.now();
    if (!this.cached || now - this.cached.at > this.maxAgeMs || now < this.cached.at) {
      const value = this.load();
      this.cached = { at: now, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    return this.cached.value;
  }

  private async load(): Promise<RatesSyncStatus> {
    const [last, lastOk] = await Promise.all([this.store.lastSync(), this.store.lastOkSync()]);
    return {
      last_sync_at: last ? new Date(Number(last.finished_at)).toISOString() : null,
      result: (last?.result as SyncResult | undefined) ?? null,
      pending_differences: lastOk ? Number(lastOk.pending) : 0,
    };
  }
}
