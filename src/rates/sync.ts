import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { RateSyncRow } from '../store/rates.js';
import type { Stores } from '../store/stores.js';
import type { DeliveryService } from '../webhooks/delivery-service.js';
import { rateChangedEvent } from '../webhooks/events.js';
import { type AppliedChange, previousDay, type RateChange } from './entries.js';
import { type RatesTable, todayUtc } from './rates-table.js';
import { planSync } from './sync-plan.js';
import { type TedbClient, TedbError, type TedbReply } from './tedb-client.js';

/**
 * `vat-service rates sync` and the daily job (docs/rates.md): asks TEDB what changed since the last
 * sync, reports each difference from what the service answers, and with `apply` stores them as
 * effective-dated changes and sends `rate.changed` for those taking effect today or later.
 *
 * The comparison and the apply run in one transaction that first takes the sync lock, so syncs on
 * several instances (the job, the command) follow one another: the second compares against the
 * first one's changes and finds nothing left to apply. The events are recorded in that same
 * transaction, through the delivery service, so a change is never stored without its events.
 */

export type SyncResult = 'ok' | 'failed' | 'refused';

export interface SyncOptions {
  apply: boolean;
  /** The first day whose changes to report; default: where the last sync left off. */
  from?: string;
  trigger: 'cli' | 'job';
}

export interface SyncReport {
  id: string;
  mode: 'report' | 'apply';
  from: string;
  started_at: string;
  finished_at: string;
  result: SyncResult;
  /** Why TEDB failed or the reply was refused; null when ok. */
  reason: string | null;
  retrieved_at: string | null;
  reply_sha256: string | null;
  /** Every difference found, applied or not. */
  differences: RateChange[];
  /** Changes stored by this run (fewer than the differences when another sync stored some first). */
  applied: number;
  /** `rate.changed` events recorded (one per change taking effect today or later, per account). */
  events: number;
}

export interface RatesSyncDeps {
  stores: Stores;
  table: RatesTable;
  client: TedbClient;
  clock: Clock;
  deliveries: DeliveryService;
  logger?: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Called after a run recorded events, so an in-process worker delivers them at once. */
  onEnqueued?: () => void;
}

export class RatesSync {
  constructor(private readonly deps: RatesSyncDeps) {}

  async run(options: SyncOptions): Promise<SyncReport> {
    const { stores, table, clock } = this.deps;
    const startedAt = clock.now();
    // Every situation since the hand-kept data's cut-off, not only since the last sync: TEDB has
    // no "changed since", and member states often report late, so a situation dated before the
    // last sync can appear after it. What the service already answers is no difference, so asking
    // again is harmless. A difference left pending from before the cut-off is asked for until applied.
    const pendingFrom = (await stores.rates.lastOkSync())?.next_from;
    const from = options.from ?? (pendingFrom && pendingFrom < table.asOf ? pendingFrom : table.asOf);
    const base = {
      id: newId('rsy'),
      mode: options.apply ? ('apply' as const) : ('report' as const),
      trigger: options.trigger,
      from,
      startedAt,
    };
    let reply: TedbReply;
    try {
      // Asked from the day before, so the situation in force before `from` comes too: what
      // changed on `from` itself is then a difference like any later one.
      reply = await this.deps.client.retrieve({ memberStates: table.euMembers, from: previousDay(from) });
    } catch (error) {
      const failure = error instanceof TedbError ? error : new TedbError('unreachable', String(error));
      return this.finish(base, { result: failure.refused ? 'refused' : 'failed', reason: failure.message });
    }
    const source = {
      kind: 'tedb' as const,
      retrieved_at: new Date(reply.retrievedAt).toISOString(),
      reply_sha256: reply.sha256,
    };
    const replied = { retrievedAt: reply.retrievedAt, sha256: reply.sha256 };
    const outcome = await stores.transaction(async (trx) => {
      await trx.rates.lock();
      const applied = await trx.rates.listChanges();
      const plan = planSync({
        table,
        applied,
        results: reply.results,
        memberStates: table.euMembers,
        from,
        source,
        // Later than every change stored before, even within one millisecond: of two changes of
        // one kind and day, the one applied later holds.
        now: applied.reduce((latest, change) => Math.max(latest, change.applied_at + 1), clock.now()),
      });
      if (!plan.ok) return this.record(trx, base, { ...replied, result: 'refused', reason: plan.reason });
      // Ids in the order found, so the changes read back in that order (they share one applied_at).
      const ids = (index: number) => `rch_${base.id.slice(4)}${String(index + 1).padStart(5, '0')}`;
      const stored = options.apply ? await trx.rates.insertChanges(base.id, plan.changes, ids) : [];
      const events = await this.emit(trx, stored, todayUtc(startedAt));
      return this.record(trx, base, { ...replied, result: 'ok', differences: plan.changes, stored, events });
    });
    if (outcome.applied > 0) table.apply(await stores.rates.listChanges());
    if (outcome.events > 0) this.deps.onEnqueued?.();
    this.log(outcome);
    return outcome;
  }

  /**
   * One `rate.changed` per stored change taking effect today or later, to every account's live
   * endpoints subscribed to it (an account without one records nothing).
   */
  private async emit(trx: Stores, stored: readonly AppliedChange[], today: string): Promise<number> {
    const upcoming = stored.filter((change) => change.effective_from >= today);
    if (upcoming.length === 0) return 0;
    const owners = await trx.webhooks.ownersWithEndpoints('live', this.deps.clock.now());
    let events = 0;
    for (const change of upcoming) {
      for (const owner of owners) {
        const sent = await this.deps.deliveries.emit(trx, owner, rateChangedEvent(change), {
          onlyIfSubscribed: true,
        });
        if (sent !== null) events += 1;
      }
    }
    return events;
  }

  /** A run that ended before a transaction: TEDB failed, or its reply could not be read. */
  private async finish(base: RunBase, outcome: { result: SyncResult; reason: string }): Promise<SyncReport> {
    const report = await this.record(this.deps.stores, base, outcome);
    this.log(report);
    return report;
  }

  private async record(
    stores: Stores,
    base: RunBase,
    outcome: {
      result: SyncResult;
      reason?: string;
      retrievedAt?: number;
      sha256?: string;
      differences?: AppliedChange[];
      stored?: AppliedChange[];
      events?: number;
    },
  ): Promise<SyncReport> {
    // Later than every run recorded before, even within one millisecond: the last row is the last run.
    const previous = await stores.rates.lastSync();
    const finishedAt = Math.max(this.deps.clock.now(), Number(previous?.finished_at ?? 0) + 1);
    const differences = (outcome.differences ?? []).map(differenceOf);
    const pending = base.mode === 'apply' ? [] : differences;
    const today = todayUtc(base.startedAt);
    const row: RateSyncRow = {
      id: base.id,
      started_at: base.startedAt,
      finished_at: finishedAt,
      mode: base.mode,
      trigger: base.trigger,
      from_date: base.from,
      result: outcome.result,
      reason: outcome.reason ?? null,
      retrieved_at: outcome.retrievedAt ?? null,
      reply_sha256: outcome.sha256 ?? null,
      differences: JSON.stringify(differences),
      pending: pending.length,
      applied: outcome.stored?.length ?? 0,
      // Differences left pending are asked for again until applied.
      next_from:
        outcome.result === 'ok'
          ? pending.reduce(
              (day, change) => (change.effective_from < day ? change.effective_from : day),
              today,
            )
          : null,
    };
    await stores.rates.recordSync(row);
    return {
      id: row.id,
      mode: base.mode,
      from: base.from,
      started_at: new Date(row.started_at).toISOString(),
      finished_at: new Date(finishedAt).toISOString(),
      result: outcome.result,
      reason: row.reason,
      retrieved_at: row.retrieved_at === null ? null : new Date(row.retrieved_at).toISOString(),
      reply_sha256: row.reply_sha256,
      differences,
      applied: row.applied,
      events: outcome.events ?? 0,
    };
  }

  private log(report: SyncReport): void {
    const fields = {
      changes: report.differences.map(describeChange),
      sync_id: report.id,
      mode: report.mode,
      from: report.from,
      result: report.result,
      differences: report.differences.length,
      applied: report.applied,
      events: report.events,
      reply_sha256: report.reply_sha256,
    };
    if (report.result === 'ok') this.deps.logger?.info(fields, 'rates sync with TEDB');
    else
      this.deps.logger?.warn({ ...fields, reason: report.reason }, `rates sync with TEDB ${report.result}`);
  }
}

interface RunBase {
  id: string;
  mode: 'report' | 'apply';
  trigger: 'cli' | 'job';
  from: string;
  startedAt: number;
}

/** `RO standard 19 → 21 from 2025-08-01`, `RO category foodstuffs 9 → 11 from 2025-08-01`. */
export function describeChange(change: RateChange): string {
  const side = (entries: RateChange['before']) =>
    entries.length === 0
      ? change.kind === 'category'
        ? 'standard'
        : 'none'
      : entries
          .map((entry) => `${entry.rate}${entry.note ? ` (${entry.note.slice(0, 40)})` : ''}`)
          .join(', ');
  const what = change.kind === 'category' ? `category ${change.category?.id}` : change.kind;
  return `${change.country_code} ${what} ${side(change.before)} → ${side(change.after)} from ${change.effective_from}`;
}

function differenceOf(change: AppliedChange): RateChange {
  const { source: _source, applied_at: _appliedAt, ...difference } = change;
  return difference;
}
