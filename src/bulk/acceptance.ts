import type { Principal } from '../accounts/authenticator.js';
import type { Quota, QuotaState } from '../accounts/quota.js';
import type { Tier } from '../accounts/tiers.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { timeOrderedId } from '../ids.js';
import { lookupKey } from '../matching/trader-fields.js';
import { checkReference, parseReference } from '../records/reference.js';
import { BULK_ROWS_PER_INSERT, type BulkFile, type BulkRow, NO_RESULT } from '../store/bulk.js';
import { withKnownCommit } from '../store/commit-outcome.js';
import { CommitOutcomeUnknownError } from '../store/database.js';
import type { AnswerInCommit } from '../store/idempotency.js';
import type { Stores } from '../store/stores.js';
import { parseNumber } from '../validation/parse.js';
import type { DeliveryService } from '../webhooks/delivery-service.js';
import { type CsvFile, type CsvRow, REFERENCE_COLUMN, readCsv, VAT_COLUMN } from './csv-input.js';
import { bulkCompletedEvent } from './progress.js';
import { type TraderColumn, traderColumnsOf, traderOfRow } from './trader-columns.js';

/**
 * Acceptance of a bulk file: the file is read as it arrives, every row sorted into
 * rejected (a malformed number, reference or trader cell: answered in the results with its error
 * code) or accepted, duplicates grouped into one unit each (L3: one answer, one record; the same
 * number with other trader fields is a unit of its own, as in a sync batch). Rows are written
 * STAGE_ROWS at a time while the file is read, under a file row that stays `receiving` (listed
 * nowhere, worked by nothing); then one transaction counts the quota for the unique numbers,
 * writes the last rows, opens the file and queues the jobs for its units. A file is accepted whole
 * or not at all: a refused one is deleted with its rows. jobs/handlers/bulk-slice.ts does the work.
 */

export const BULK_SLICE_JOB = 'bulk_slice';
/** Unique numbers per job: one job's numbers are looked up at once, each registry within its limit. */
export const UNITS_PER_SLICE = 100;
/** Large enough for 100,000 rows with trader columns; a larger body is 413. */
export const BULK_MAX_BYTES = 40 * 1024 * 1024;
/**
 * Rows written at a time while a larger file is read: whole inserts of the store's size, so that
 * every stage runs the one prepared statement of that size and only the file's last rows another.
 */
export const STAGE_ROWS = 3 * BULK_ROWS_PER_INSERT;
/** A file still `receiving` after this long belongs to an upload whose process stopped. */
export const RECEIVING_EXPIRES_MS = 24 * 60 * 60 * 1000;

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
  /** The upload's answer for its Idempotency-Key, stored last in the transaction that accepts the file. */
  answer?: AnswerInCommit<{ data: BulkAccepted; quota: QuotaState }>;
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
  return timeOrderedId('blk', now);
}

export class BulkAcceptance {
  constructor(private readonly deps: BulkAcceptanceDeps) {}

  async accept(
    principal: Principal,
    body: AsyncIterable<Uint8Array | string>,
    request: BulkRequest,
  ): Promise<{ data: BulkAccepted; quota: QuotaState }> {
    const reference = request.reference === undefined ? undefined : parseReference(request.reference);
    const maxRows = bulkRowLimit(principal.tier);
    const now = this.deps.clock.now();
    const id = newBulkId(now);
    const { bulk } = this.deps.stores;
    let sorter: RowSorter | undefined;
    let file: Pick<CsvFile, 'columns' | 'delimiter'> | undefined;
    const fileRow = (sorted: RowSorter, status: BulkFile['status']): BulkFile => ({
      id,
      account_id: principal.accountId,
      mode: principal.mode,
      status,
      total: sorted.total,
      accepted: sorted.accepted,
      rejected: sorted.total - sorted.accepted,
      unique_count: sorted.units,
      processed: 0,
      succeeded: 0,
      failed: 0,
      columns: JSON.stringify(file!.columns),
      delimiter: file!.delimiter,
      reference: reference ?? null,
      use_cache: request.useCache ? 1 : 0,
      created_at: now,
      started_at: null,
      completed_at: status === 'completed' ? now : null,
    });
    // A large file's rows are written as it is read, under a file that is still `receiving`
    // (invisible, worked by nothing), so no file is held whole; the transaction below opens it.
    let staged = false;
    // One transaction a stage: one commit (and on PostgreSQL one WAL flush) per STAGE_ROWS rows.
    const stage = async () => {
      while (sorter && sorter.buffered >= STAGE_ROWS) {
        const rows = sorter.take(STAGE_ROWS);
        const first = !staged;
        staged = true;
        await this.deps.stores.transaction(async (stores) => {
          if (first) await stores.bulk.insertFile(fileRow(sorter!, 'receiving'));
          await stores.bulk.insertRows(rows);
        });
      }
    };
    try {
      await readCsv(
        between(body, stage),
        { maxRows, limitReason: `the limit of the ${principal.tier} tier`, maxBytes: BULK_MAX_BYTES },
        (header) => {
          file = header;
          sorter = new RowSorter(id, header.columns, reference);
          return (row) => sorter!.add(row);
        },
      );
      const sorted = sorter!;
      const status = sorted.accepted === 0 ? ('completed' as const) : ('pending' as const);
      const opened = fileRow(sorted, status);
      const data: BulkAccepted = {
        bulk_id: id,
        status,
        total: opened.total,
        accepted: opened.accepted,
        rejected: opened.rejected,
      };
      await request.beforeCommit?.();
      const write = () =>
        this.deps.stores.transaction(async (stores) => {
          // Test keys are answered from test mode: nothing counted (decisions section 5).
          const state = await this.deps.quota.on(stores.usage).charge(principal, sorted.units, now);
          if (staged) await stores.bulk.openFile(opened);
          else await stores.bulk.insertFile(opened);
          await stores.bulk.insertRows(sorted.take());
          const jobs = [];
          for (let from = 0; from < sorted.units; from += UNITS_PER_SLICE) {
            const payload = { bulkId: id, from, to: Math.min(sorted.units, from + UNITS_PER_SLICE) };
            jobs.push({ kind: BULK_SLICE_JOB, payload, runAt: now });
          }
          await stores.jobs.enqueue(jobs, now);
          // Every row rejected: the file is complete at once, and says so to endpoints subscribed to it.
          const owner = { accountId: principal.accountId, mode: principal.mode };
          if (status === 'completed') {
            await this.deps.deliveries.emit(stores, owner, bulkCompletedEvent(opened, this.deps.publicUrl), {
              onlyIfSubscribed: true,
            });
          }
          await request.answer?.store(stores, { data, quota: state });
          return state;
        });
      // A COMMIT whose reply was lost: the file accepted when it happened (store/commit-outcome.ts).
      const quota = await withKnownCommit(write, {
        committed: async () => {
          const found = await this.deps.stores.bulk.getFile(id);
          return found !== undefined && found.status !== 'receiving';
        },
        outcome: () => this.deps.quota.current(principal, now),
      });
      this.deps.onEnqueued?.();
      return { data, quota };
    } catch (error) {
      // A refused file leaves nothing; when the commit's outcome could not be looked up the file
      // may be open, and a file left receiving is removed by the sweep (sweepReceiving).
      if (staged && !(error instanceof CommitOutcomeUnknownError))
        await bulk.deleteReceiving(id).catch(() => undefined);
      throw error;
    }
  }
}

/**
 * The recurring `bulk.sweep` task: removes files left `receiving` by an upload whose process
 * stopped while reading it (a refused upload removes its own at once).
 */
export function sweepReceiving(stores: Stores, now: number): Promise<number> {
  return stores.bulk.deleteReceivingBefore(now - RECEIVING_EXPIRES_MS);
}

/** The source's chunks, with `after` awaited before each next chunk is asked for. */
async function* between(
  source: AsyncIterable<Uint8Array | string>,
  after: () => Promise<void>,
): AsyncGenerator<Uint8Array | string> {
  for await (const chunk of source) {
    yield chunk;
    await after();
  }
}

/**
 * The file's rows as read: each accepted row with the unit of its number and trader fields, each
 * rejected one with its code, held until taken (written).
 */
class RowSorter {
  private rows: BulkRow[] = [];
  /** Units by lookupKey: the number, and the trader fields when the row has any. */
  private readonly unitOf = new Map<string, number>();
  private readonly vatIndex: number;
  private readonly referenceIndex: number;
  private readonly traderColumns: TraderColumn[];
  /** Data rows read, and of them accepted. */
  total = 0;
  accepted = 0;

  constructor(
    private readonly bulkId: string,
    columns: readonly string[],
    private readonly reference: string | undefined,
  ) {
    const names = columns.map((name) => name.trim().toLowerCase());
    this.vatIndex = names.indexOf(VAT_COLUMN);
    this.referenceIndex = names.indexOf(REFERENCE_COLUMN);
    this.traderColumns = traderColumnsOf(columns);
  }

  get units(): number {
    return this.unitOf.size;
  }

  /** Rows read and not yet taken. */
  get buffered(): number {
    return this.rows.length;
  }

  add({ line, cells }: CsvRow): void {
    const row = this.sort(this.total, line, cells);
    this.total += 1;
    if (row.status === 'pending') this.accepted += 1;
    this.rows.push(row);
  }

  /** The first `count` rows read since the last take, all of them by default. */
  take(count = this.rows.length): BulkRow[] {
    return this.rows.splice(0, count);
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
    const trader = traderOfRow(this.traderColumns, cells);
    if (!trader.ok) return { ...row, error_code: 'validation_error' };
    try {
      row.normalised = parseNumber(input).number.vatNumber;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ...row, error_code: error.code };
    }
    const key = lookupKey(row.normalised, trader.trader);
    let unit = this.unitOf.get(key);
    if (unit === undefined) {
      unit = this.unitOf.size;
      this.unitOf.set(key, unit);
    }
    row.unit = unit;
    row.status = 'pending';
    return row;
  }
}
