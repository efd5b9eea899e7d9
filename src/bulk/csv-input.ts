import { TextDecoder } from 'node:util';
import { type CsvError, type Info, parse } from 'csv-parse';
import { ApiError } from '../errors.js';

/**
 * Reading an uploaded bulk file as it arrives: UTF-8 (a BOM is dropped), the
 * separator (`,` or `;`) taken from the header line, quoted fields as RFC 4180 has them, blank
 * lines skipped, a quote inside an unquoted field kept as a character (spreadsheets write them).
 * The bytes are decoded and parsed chunk by chunk and each row handed on as it is parsed, so
 * neither the file's text nor its parsed cells are held here. Anything unreadable is 422 `invalid_csv` naming the line.
 */

export interface CsvFile {
  /** The header row's names as given. */
  columns: string[];
  delimiter: ',' | ';';
  /** Data rows read. */
  rows: number;
}

/** Told of the header once, it answers with what takes each data row. */
export type RowSink = (header: Pick<CsvFile, 'columns' | 'delimiter'>) => (row: CsvRow) => void;

export interface CsvRow {
  /** The file line the row ends on (1-based; the header is line 1). */
  line: number;
  cells: string[];
}

export interface ReadOptions {
  /** Data rows allowed; one more is 422. */
  maxRows: number;
  /** Why at most `maxRows`, for the message (e.g. "the limit of the pro tier"). */
  limitReason: string;
  /** Bytes allowed; more is 413 `payload_too_large`. */
  maxBytes: number;
}

/** Column names the service reads; the header must have `vat_number`. */
export const VAT_COLUMN = 'vat_number';
export const REFERENCE_COLUMN = 'reference';

export async function readCsv(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: ReadOptions,
  sink: RowSink,
): Promise<CsvFile> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let lines = 1;
  let head = '';
  let file: CsvFile | undefined;
  let take: ((row: CsvRow) => void) | undefined;
  let parser: ReturnType<typeof parse> | undefined;
  let failure: unknown;

  const startParser = (delimiter: ',' | ';') => {
    const created = parse({ delimiter, info: true, skip_empty_lines: true, relax_quotes: true });
    created.on('data', ({ record, info }: { record: string[]; info: Info }) => {
      if (failure) return;
      try {
        if (!file) {
          file = { columns: headerOf(record, info.lines), delimiter, rows: 0 };
          take = sink(file);
          return;
        }
        if (file.rows >= options.maxRows) {
          throw invalid(
            info.lines,
            `more than ${options.maxRows.toLocaleString('en')} rows, ${options.limitReason}`,
          );
        }
        file.rows += 1;
        take!({ line: info.lines, cells: record });
      } catch (error) {
        failure = error;
      }
    });
    created.on('error', (error: CsvError) => {
      failure ??= csvError(error);
    });
    return created;
  };

  const feed = (text: string) => {
    if (text.includes('\0')) {
      throw invalid(
        lines + countLines(text.slice(0, text.indexOf('\0'))),
        'binary data (a NUL byte): not a CSV file',
      );
    }
    lines += countLines(text);
    if (!parser) {
      head += text;
      const end = head.indexOf('\n');
      if (end === -1) return;
      parser = startParser(delimiterOf(head.slice(0, end)));
      text = head;
      head = '';
    }
    parser.write(text);
  };

  try {
    for await (const chunk of source) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += data.byteLength;
      if (bytes > options.maxBytes) {
        throw new ApiError(
          'payload_too_large',
          `A bulk file may be at most ${Math.floor(options.maxBytes / 1024 / 1024)} MiB.`,
        );
      }
      feed(decode(decoder, data, lines));
      if (failure) throw failure;
    }
    feed(decode(decoder, undefined, lines));
    if (!parser && head.trim() !== '') parser = startParser(delimiterOf(head));
    if (parser && head !== '') parser.write(head);
    if (parser) await new Promise<void>((resolve) => parser!.end(resolve));
  } finally {
    parser?.destroy();
  }
  if (failure) throw failure;
  if (!file) throw invalid(1, 'the file is empty: it needs a header row naming at least vat_number');
  if (file.rows === 0) throw invalid(2, 'no rows after the header row');
  return file;
}

function decode(decoder: TextDecoder, data: Uint8Array | undefined, line: number): string {
  try {
    return data === undefined ? decoder.decode() : decoder.decode(data, { stream: true });
  } catch {
    throw invalid(line, 'the file is not UTF-8 text (bad encoding)');
  }
}

function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}

/** `;` when the header line has more semicolons than commas outside quotes, else `,`. */
function delimiterOf(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The most characters of a header name a message repeats: it comes from the file, whose first
 * line may be megabytes long, and the message goes back in the answer and onto the console's page.
 */
const MAX_NAME_IN_MESSAGE = 40;

const shownName = (name: string) =>
  name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE)}…` : name;

function headerOf(record: string[], line: number): string[] {
  const names = record.map((name) => name.trim().toLowerCase());
  if (!names.includes(VAT_COLUMN)) {
    const found = record.slice(0, 10).map(shownName).join(', ');
    throw invalid(line, `the header row has no vat_number column (found: ${found})`);
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (name !== '' && seen.has(name)) throw invalid(line, `the header row names ${shownName(name)} twice`);
    seen.add(name);
  }
  return record;
}

const CSV_REASONS: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the row has a different number of fields than the header row',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a character follows a closing quote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a character follows a closing quote',
  CSV_MAX_RECORD_SIZE: 'the row is too long',
};

function csvError(error: CsvError): ApiError {
  const line = typeof error.lines === 'number' ? error.lines : 1;
  const detail =
    error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
      ? ` (${error.message.replace(/^Invalid Record Length: /, '').replace(/ on line \d+$/, '')})`
      : '';
  return invalid(line, `${CSV_REASONS[error.code] ?? error.message}${detail}`);
}

export function invalid(line: number, reason: string): ApiError {
  return new ApiError('invalid_csv', `line ${line}: ${reason}.`);
}
