import type { Principal } from '../accounts/authenticator.js';
import type { Quota, QuotaState } from '../accounts/quota.js';
import type { Tier } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { timeOrderedUuid } from '../ids.js';
import { type BulkFile, type BulkRow, NO_RESULT } from '../store/bulk.js';
import type { Stores } from '../store/stores.js';
import { parseNumber } from '../validation/parse.js';
import type { DeliveryService } from '../webhooks/delivery-service.js';
import { type CsvRow, REFERENCE_COLUMN, readCsv, VAT_COLUMN } from './csv-input.js';
import { bulkCompletedEvent } from './progress.js';

/**
 * Acceptance of a bulk file (wave-2 E1): the file is read as it arrives, every row sorted into
 * rejected (a malformed number or reference: answered in the results with its error code) or
 * accepted, duplicates grouped into one unit each (L3: one answer, one record), and then the
 * file, its rows, the quota for its unique numbers and the jobs for its units are written in one
 * transaction: a file is accepted whole or not at all. jobs/handlers/bulk-slice.ts does the work.
 */

export const BULK_SLICE_JOB = 'bulk_slice';
/** Unique numbers per job: one job's numbers are looked up at once, each registry within its limit. */
export const UNITS_PER_SLICE = 100;
/** Large enough for 100,000 rows with trader columns; a larger body is 413. */
export const BULK_MAX_BYTES = 40 * 1024 * 1024;
const REFERENCE_MAX_LENGTH = 255;

/** Data rows per file by tier (E1): Pro 10,000, Business and Scale 100,000. */
export function bulkRowLimit(tier: Tier): number {
  return tier === 'pro' ? 10_000 : tier === 'free' ? 0 : 100_000;
}

export interface BulkAcceptanceDeps {
  stores: Stores;
  quota: Quota;
  clock: Clock;
  deliveries: DeliveryService;
  publicUrl: string;
  /** Called after jobs were enqueued, so an in-process worker can start at once. */
  onEnqueued?: () => void;
}

export interface BulkRequest {
  /** Applies to every row whose `reference` cell is empty (L2). */
  reference?: string;
  useCache: boolean;
  /**
   * Called once the whole file is read and found acceptable, before anything is written; what it
   * throws refuses the file (the route claims the upload's Idempotency-Key here).
   */
  beforeCommit?: () => Promise<void>;
}

export interface BulkAccepted {
  bulk_id: string;
  status: 'pending' | 'completed';
  total: number;
  accepted: number;
  rejected: number;
}

/** A new bulk id: `blk_` and a time-ordered id, so files list newest first by id. */
export function newBulkId(now: number): string {
  return `blk_${timeOrderedUuid(now).replace(/-/g, '')}`;
}

/** A reference as L2 has it: trimmed, printable, not empty; otherwise the message why not. */
export function checkReference(value: string): { ok: true; value: string } | { ok: false; reason: string } {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: false, reason: 'must not be empty or only spaces' };
  if (trimmed.length > REFERENCE_MAX_LENGTH)
    return { ok: false, reason: `must be at most ${REFERENCE_MAX_LENGTH} characters` };
  if (/\p{Cc}/u.test(trimmed)) return { ok: false, reason: 'must hold printable characters only' };
  return { ok: true, value: trimmed };
}

export class BulkAcceptance {
  constructor(private readonly deps: BulkAcceptanceDeps) {}

  async accept(
    principal: Principal,
    body: AsyncIterable<Uint8Array | string>,
    request: BulkRequest,
  ): Promise<{ data: BulkAccepted; quota: QuotaState }> {
    let reference: string | undefined;
    if (request.reference !== undefined) {
      const checked = checkReference(request.reference);
      if (!checked.ok) throw new ApiError('validation_error', `reference: ${checked.reason}.`);
      reference = checked.value;
    }
    const maxRows = bulkRowLimit(principal.tier);
    const now = this.deps.clock.now();
    const id = newBulkId(now);
    let sorter: RowSorter | undefined;
    const file = await readCsv(
      body,
      { maxRows, limitReason: `the limit of the ${principal.tier} tier`, maxBytes: BULK_MAX_BYTES },
      (header) => {
        sorter = new RowSorter(id, header.columns, reference);
        return (row) => sorter!.add(row);
      },
    );
    const { rows, units } = sorter!;
    const accepted = rows.length - rows.filter((row) => row.status === 'rejected').length;
    const rejected = rows.length - accepted;
    const status = accepted === 0 ? ('completed' as const) : ('pending' as const);
    const bulkFile: BulkFile = {
      id,
      account_id: principal.accountId,
      mode: principal.mode,
      status,
      total: rows.length,
      accepted,
      rejected,
      unique_count: units,
      processed: 0,
      succeeded: 0,
      failed: 0,
      columns: JSON.stringify(file.columns),
      delimiter: file.delimiter,
      reference: reference ?? null,
      use_cache: request.useCache ? 1 : 0,
      created_at: now,
      started_at: null,
      completed_at: accepted === 0 ? now : null,
    };
    await request.beforeCommit?.();
    const quota = await this.deps.stores.transaction(async (stores) => {
      // Test keys are answered from test mode: nothing counted (decisions section 5).
      const quota = this.deps.quota.on(stores.usage);
      const state =
        principal.mode === 'live'
          ? await quota.reserve(principal, units, now)
          : await quota.current(principal, now);
      await stores.bulk.insertFile(bulkFile);
      await stores.bulk.insertRows(rows);
      const jobs = [];
      for (let from = 0; from < units; from += UNITS_PER_SLICE) {
        const payload = { bulkId: id, from, to: Math.min(units, from + UNITS_PER_SLICE) };
        jobs.push({ kind: BULK_SLICE_JOB, payload, runAt: now });
      }
      await stores.jobs.enqueue(jobs, now);
      // Every row rejected: the file is complete at once, and says so when a webhook is configured.
      const owner = { accountId: principal.accountId, mode: principal.mode };
      if (accepted === 0 && (await stores.webhooks.getConfig(owner))) {
        await this.deps.deliveries.emit(stores, owner, bulkCompletedEvent(bulkFile, this.deps.publicUrl));
      }
      return state;
    });
    this.deps.onEnqueued?.();
    return { data: { bulk_id: id, status, total: rows.length, accepted, rejected }, quota };
  }
}

/** The file's rows as read: each accepted row with the unit of its number, each rejected one with its code. */
class RowSorter {
  readonly rows: BulkRow[] = [];
  private readonly unitOf = new Map<string, number>();
  private readonly vatIndex: number;
  private readonly referenceIndex: number;

  constructor(
    private readonly bulkId: string,
    columns: readonly string[],
    private readonly reference: string | undefined,
  ) {
    const names = columns.map((name) => name.trim().toLowerCase());
    this.vatIndex = names.indexOf(VAT_COLUMN);
    this.referenceIndex = names.indexOf(REFERENCE_COLUMN);
  }

  get units(): number {
    return this.unitOf.size;
  }

  add({ line, cells }: CsvRow): void {
    this.rows.push(this.sort(this.rows.length, line, cells));
  }

  private sort(position: number, line: number, cells: string[]): BulkRow {
    const input = cells[this.vatIndex];
    const row: BulkRow = {
      bulk_id: this.bulkId,
      position,
      line,
      input: JSON.stringify(cells),
      vat_number: input,
      normalised: null,
      unit: null,
      reference: this.reference ?? null,
      status: 'rejected',
      ...NO_RESULT,
    };
    const own = this.referenceIndex === -1 ? '' : cells[this.referenceIndex];
    if (own.trim() !== '') {
      const checked = checkReference(own);
      if (!checked.ok) return { ...row, error_code: 'validation_error' };
      row.reference = checked.value;
    }
    try {
      row.normalised = parseNumber(input).number.vatNumber;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ...row, error_code: error.code };
    }
    let unit = this.unitOf.get(row.normalised);
    if (unit === undefined) {
      unit = this.unitOf.size;
      this.unitOf.set(row.normalised, unit);
    }
    row.unit = unit;
    row.status = 'pending';
    return row;
  }
}
