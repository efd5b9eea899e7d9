import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { SAFE_CELLS } from '../csv/safe-cells.js';
import type { RecordFilter, RecordReadStore, RecordRow } from '../store/record-reads.js';

/**
 * The history export: records as CSV, newest first, read from the store one keyset
 * page at a time and written as the reader takes them, so memory stays flat however many rows
 * match. RFC 4180 (CRLF, quotes doubled, quoted when needed); a cell a spreadsheet would run as a
 * formula gets a leading `'` (csv/safe-cells.ts).
 */

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
const bool = (value: number | null) => (value === null ? '' : value === 1 ? 'true' : 'false');
const text = (value: string | null) => value ?? '';

/** The export's columns, in order, each with what it holds (docs/records.md lists the same). */
export const EXPORT_COLUMNS: ReadonlyArray<{
  name: string;
  description: string;
  cell: (row: RecordRow) => string;
}> = [
  { name: 'id', description: 'the record id, `val_…`', cell: (row) => row.id },
  { name: 'created_at', description: 'when the record was written', cell: (row) => iso(row.created_at) },
  { name: 'request_id', description: 'the request it answered', cell: (row) => row.request_id },
  { name: 'reference', description: 'your reference, or empty', cell: (row) => text(row.reference) },
  {
    name: 'channel',
    description: '`sync`, `batch`, `async`, `bulk` or `monitor`',
    cell: (row) => row.channel,
  },
  { name: 'batch_id', description: 'the batch, or empty', cell: (row) => text(row.batch_id) },
  { name: 'bulk_id', description: 'the bulk file, or empty', cell: (row) => text(row.bulk_id) },
  { name: 'monitor_id', description: 'the monitor, or empty', cell: (row) => text(row.monitor_id) },
  { name: 'vat_number', description: 'the normalised number', cell: (row) => row.vat_number },
  { name: 'country_code', description: 'its country code', cell: (row) => text(row.country_code) },
  { name: 'valid', description: '`true` or `false`', cell: (row) => bool(row.valid) },
  {
    name: 'company_name',
    description: 'as the registry gave it, or empty',
    cell: (row) => (row.valid === 1 ? text(row.company_name) : ''),
  },
  {
    name: 'company_address',
    description: 'as the registry gave it, or empty',
    cell: (row) => (row.valid === 1 ? text(row.company_address) : ''),
  },
  {
    name: 'consultation_number',
    description: 'the registry’s proof of the check, or empty',
    cell: (row) => text(row.consultation_number),
  },
  {
    name: 'requester_vat_number',
    description: 'your number, when sent',
    cell: (row) => text(row.requester_vat_number),
  },
  { name: 'requested_at', description: 'when the registry was asked', cell: (row) => iso(row.requested_at) },
  { name: 'source', description: '`meta.source` of the answer', cell: (row) => row.source },
  { name: 'source_status', description: '`meta.source_status`', cell: (row) => row.source_status },
  { name: 'cached', description: '`true` or `false`', cell: (row) => bool(row.cached ?? 0) },
  {
    name: 'cached_at',
    description: 'when the cached answer was fetched, or empty',
    cell: (row) => iso(row.cached_at),
  },
  { name: 'stale', description: '`true` or `false`', cell: (row) => bool(row.stale ?? 0) },
  {
    name: 'match',
    description: 'the name and address comparison as JSON, or empty',
    cell: (row) => text(row.match),
  },
  {
    name: 'evidence_id',
    description: 'the registry exchange, `evd_…`, or empty',
    cell: (row) => text(row.evidence_id),
  },
  { name: 'record_hash', description: 'the record’s ledger hash', cell: (row) => text(row.record_hash) },
  { name: 'seal_id', description: 'its seal, empty until sealed', cell: (row) => text(row.seal_id) },
  { name: 'sealed_at', description: 'when it was sealed, or empty', cell: (row) => iso(row.sealed_at) },
];

/** One header row; CRLF, quoting as needed (RFC 4180); formulas neutralised. */
export const CSV_OPTIONS = {
  header: true,
  columns: EXPORT_COLUMNS.map((column) => column.name),
  record_delimiter: 'windows',
  ...SAFE_CELLS,
} as const;

/** A record's cells, in column order. */
export const cellsOf = (row: RecordRow): string[] => EXPORT_COLUMNS.map((column) => column.cell(row));

/** Rows read per store query. */
export const EXPORT_PAGE_SIZE = 1000;

/** Pages of `filter`'s records, starting with `first` (already read), until one comes back short. */
async function* pagesOf(
  store: RecordReadStore,
  filter: RecordFilter,
  first: RecordRow[],
  pageSize: number,
): AsyncGenerator<string[]> {
  let rows = first;
  for (;;) {
    for (const row of rows) yield cellsOf(row);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    rows = await store.list(filter, { limit: pageSize, after: { createdAt: last.created_at, id: last.id } });
  }
}

/**
 * The CSV of `filter`'s records. The first page is read before the answer starts, so a database
 * that is away fails the request in the error envelope; a failure after that ends the stream.
 */
export async function exportRecords(
  store: RecordReadStore,
  filter: RecordFilter,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<Readable> {
  const first = await store.list(filter, { limit: pageSize });
  const csv = stringify(CSV_OPTIONS);
  const rows = Readable.from(pagesOf(store, filter, first, pageSize));
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
