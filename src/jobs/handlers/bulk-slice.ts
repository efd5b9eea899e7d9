import { bulkCompletedEvent } from '../../bulk/progress.js';
import { type TraderColumn, traderColumnsOf, traderOfRow } from '../../bulk/trader-columns.js';
import type { Clock } from '../../clock.js';
import { ApiError, type ErrorCode } from '../../errors.js';
import { registryIdFor } from '../../registries/gateway.js';
import { type BulkFile, type BulkRow, NO_RESULT, type UnitOutcome } from '../../store/bulk.js';
import type { Stores } from '../../store/stores.js';
import type { ValidationAnswer } from '../../validation/answer.js';
import { BACKGROUND_BUDGET_MS } from '../../validation/live-lookup.js';
import { parseNumber } from '../../validation/parse.js';
import type { ValidationPipeline } from '../../validation/pipeline.js';
import { newRecordId } from '../../validation/record.js';
import type { DeliveryService } from '../../webhooks/delivery-service.js';
import type { JobHandler } from '../worker.js';

/**
 * The `bulk_slice` job: up to UNITS_PER_SLICE unique numbers of one bulk file, all
 * looked up at once (cache hits answer at once; registry calls wait for their registry's limit in
 * the gateway). A unit whose rows have trader fields (C1) sends them with its lookup: the registry
 * compares or the service does, and the rows and the record keep `data.match`. Each answer is
 * written as it comes: the rows of its number, its record and the file's counters commit
 * together, answers that finish together sharing one transaction. A row settles only while
 * pending, so a job repeated after a crash answers only what is left, and nothing twice. Numbers
 * whose registry is unavailable are retried on the async schedule; the last settled row completes
 * the file and sends `bulk.completed` when a webhook is configured.
 */

export interface BulkSliceDeps {
  stores: Stores;
  pipeline: ValidationPipeline;
  deliveries: DeliveryService;
  clock: Clock;
  /** Delays between registry retries, the async items' schedule. */
  retryDelaysMs: readonly number[];
  publicUrl: string;
  onSettled?: () => void;
}

type Outcome = { ok: true; answer: ValidationAnswer } | { ok: false; code: ErrorCode };

interface Settled {
  row: BulkRow;
  outcome: Outcome;
}

/** Answers settled in one transaction at most; more wait for the next. */
const MAX_PER_TRANSACTION = 500;

export function bulkSliceHandler(deps: BulkSliceDeps): JobHandler {
  return async (job) => {
    const { bulkId, from, to } = JSON.parse(job.payload) as { bulkId: string; from: number; to: number };
    const file = await deps.stores.bulk.getFile(bulkId);
    if (!file || file.status === 'completed') return { done: true };
    const units = firstRowOfEachUnit(await deps.stores.bulk.pendingRows(bulkId, from, to));
    const maxAttempts = deps.retryDelaysMs.length + 1;
    // Attempts used up by crashes (each claim counts) end like retries used up.
    const exhausted = job.attempts > maxAttempts;
    const traderColumns = traderColumnsOf(JSON.parse(file.columns) as string[]);
    const writer = new SettleWriter(deps, file);
    let unavailable = 0;
    await Promise.all(
      units.map(async (row) => {
        let outcome: Outcome;
        if (exhausted) {
          outcome = { ok: false, code: unreachableCode(row.normalised!) };
        } else {
          try {
            outcome = { ok: true, answer: await answer(deps, file, row, traderColumns) };
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            // Test mode answers the same every time: its 503 is final at once.
            if (error.status === 503 && file.mode === 'live' && job.attempts < maxAttempts) {
              unavailable += 1;
              return;
            }
            outcome = { ok: false, code: error.code };
          }
        }
        writer.add({ row, outcome });
      }),
    );
    await writer.flushed();
    if (unavailable > 0) {
      return {
        retryAt: deps.clock.now() + deps.retryDelaysMs[job.attempts - 1],
        error: `${unavailable} numbers: registry unavailable`,
      };
    }
    return { done: true };
  };
}

function firstRowOfEachUnit(rows: readonly BulkRow[]): BulkRow[] {
  const byUnit = new Map<number, BulkRow>();
  for (const row of rows) if (!byUnit.has(row.unit!)) byUnit.set(row.unit!, row);
  return [...byUnit.values()];
}

async function answer(
  deps: BulkSliceDeps,
  file: BulkFile,
  row: BulkRow,
  traderColumns: readonly TraderColumn[],
): Promise<ValidationAnswer> {
  const checked = parseNumber(row.normalised);
  // The unit's rows share their trader fields (acceptance keys units by them), so its first row's say.
  const read = traderOfRow(traderColumns, JSON.parse(row.input) as string[]);
  const trader = read.ok ? read.trader : undefined;
  if (file.mode === 'test') {
    return deps.pipeline.answerTest(checked, { wantsConsultation: false, now: deps.clock.now(), trader });
  }
  return deps.pipeline.answerLive(checked, {
    useCache: file.use_cache === 1,
    accountId: file.account_id,
    budgetMs: BACKGROUND_BUDGET_MS,
    trader,
  });
}

function unreachableCode(vatNumber: string): ErrorCode {
  return registryIdFor(vatNumber.slice(0, 2)) === 'hmrc' ? 'upstream_error' : 'upstream_unavailable';
}

/** Writes settled answers in the order they come, those that arrive during a write in the next one. */
class SettleWriter {
  private readonly pending: Settled[] = [];
  private running: Promise<void> | undefined;
  private failure: unknown;

  constructor(
    private readonly deps: BulkSliceDeps,
    private readonly file: BulkFile,
  ) {}

  add(settled: Settled): void {
    this.pending.push(settled);
    this.running ??= this.drain().catch((error) => {
      this.failure ??= error;
    });
  }

  /** Resolves once everything added is written; throws the first write's failure. */
  async flushed(): Promise<void> {
    while (this.running) await this.running;
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.failure) {
        await this.write(this.pending.splice(0, MAX_PER_TRANSACTION));
      }
    } finally {
      this.running = undefined;
    }
  }

  private async write(batch: readonly Settled[]): Promise<void> {
    const { deps, file } = this;
    const now = deps.clock.now();
    const owner = { accountId: file.account_id, mode: file.mode };
    const completed = await deps.stores.transaction(async (stores) => {
      let succeeded = 0;
      let failed = 0;
      for (const { row, outcome } of batch) {
        const validationId = outcome.ok ? newRecordId(now) : null;
        const rows = await stores.bulk.settleUnit(file.id, unitOutcome(row.unit!, outcome, validationId));
        if (rows === 0) continue;
        if (!outcome.ok) {
          failed += rows;
          continue;
        }
        succeeded += rows;
        const context = {
          accountId: file.account_id,
          mode: file.mode,
          requestId: file.id,
          channel: 'bulk' as const,
          reference: row.reference,
          bulkId: file.id,
        };
        await deps.pipeline.record([outcome.answer], context, stores, [validationId!]);
      }
      if (succeeded + failed === 0) return false;
      const counts = await stores.bulk.countSettled(file.id, { succeeded, failed }, now);
      if (counts.processed < counts.accepted || !(await stores.bulk.completeFile(file.id, now))) return false;
      // The event only to endpoints subscribed to it: a file's results are read from the API.
      const done = (await stores.bulk.getFile(file.id))!;
      await deps.deliveries.emit(stores, owner, bulkCompletedEvent(done, deps.publicUrl), {
        onlyIfSubscribed: true,
      });
      return true;
    });
    if (completed) deps.onSettled?.();
  }
}

function unitOutcome(unit: number, outcome: Outcome, validationId: string | null): UnitOutcome {
  if (!outcome.ok) {
    return { unit, status: 'failed', ...NO_RESULT, error_code: outcome.code };
  }
  const { data, meta } = outcome.answer;
  return {
    unit,
    status: 'succeeded',
    valid: data.valid ? 1 : 0,
    company_name: data.company?.name ?? null,
    company_address: data.company?.address ?? null,
    source: meta.source,
    source_status: meta.source_status,
    consultation_number: data.consultation_number ?? null,
    validation_id: validationId,
    error_code: null,
    match: data.match ? JSON.stringify(data.match) : null,
  };
}
