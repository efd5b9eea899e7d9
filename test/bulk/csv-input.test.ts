import { describe, expect, it } from 'vitest';
import { type CsvRow, readCsv } from '../../src/bulk/csv-input.js';
import { ApiError } from '../../src/errors.js';

/** The bulk file reader on its own: separators, BOM, quotes, and each kind of unreadable file. */

const options = { maxRows: 3, limitReason: 'the limit of the pro tier', maxBytes: 1000 };

async function read(text: string | Uint8Array, chunkSize = 5) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize)
    chunks.push(bytes.subarray(start, start + chunkSize));
  const rows: CsvRow[] = [];
  const file = await readCsv(chunks, options, () => (row) => rows.push(row));
  expect(file.rows).toBe(rows.length);
  return { ...file, rows };
}

async function failure(text: string | Uint8Array): Promise<ApiError> {
  try {
    await read(text);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('readCsv', () => {
  it('reads a ;-separated file with a BOM and quoted fields holding separators and newlines', async () => {
    const file = await read('\uFEFFvat_number;reference;trader_name\nDE123;"a;b";x\n\nFR1;r;"q\nz"\n');
    expect(file.delimiter).toBe(';');
    expect(file.columns).toEqual(['vat_number', 'reference', 'trader_name']);
    expect(file.rows).toEqual([
      { line: 2, cells: ['DE123', 'a;b', 'x'] },
      { line: 5, cells: ['FR1', 'r', 'q\nz'] },
    ]);
  });

  it('reads a ,-separated file whose cells hold semicolons, and a file without a final newline', async () => {
    const file = await read('Vat_Number,company\r\nDE1,"A;B;C"\r\nDE2,x');
    expect(file.delimiter).toBe(',');
    expect(file.rows.map((row) => row.cells)).toEqual([
      ['DE1', 'A;B;C'],
      ['DE2', 'x'],
    ]);
  });

  it.each([
    ['', 'line 1: the file is empty'],
    ['vat_number\n', 'line 2: no rows after the header row'],
    ['name,reference\nA,1\n', 'line 1: the header row has no vat_number column'],
    ['vat_number,x\nDE1\n', 'line 2: the row has a different number of fields than the header row'],
    ['vat_number,x\nDE1,1,2\n', 'line 2: the row has a different number of fields than the header row'],
    ['vat_number\n1\n2\n3\n4\n', 'line 5: more than 3 rows, the limit of the pro tier'],
    ['vat_number\nab\0c', 'line 2: binary data'],
    ['vat_number\n"abc', 'line 2: a quoted field is never closed'],
    ['vat_number,vat_number\n1,2\n', 'line 1: the header row names vat_number twice'],
  ])('refuses %j: %s', async (text, message) => {
    const error = await failure(text);
    expect(error.code).toBe('invalid_csv');
    expect(error.message).toContain(message);
  });

  it('repeats at most 40 characters of each header name it refuses', async () => {
    const long = 'x'.repeat(300);
    const missing = await failure(`${long},${long}y\n1,2\n`);
    expect(missing.message).toBe(
      `line 1: the header row has no vat_number column (found: ${'x'.repeat(40)}…, ${'x'.repeat(40)}…).`,
    );
    const twice = await failure(`vat_number,${long},${long}\n1,2,3\n`);
    expect(twice.message).toBe(`line 1: the header row names ${'x'.repeat(40)}… twice.`);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const error = await failure(new Uint8Array([0x76, 0x61, 0x74, 0x0a, 0xff, 0xfe, 0x0a]));
    expect(error.code).toBe('invalid_csv');
    expect(error.message).toContain('not UTF-8');
  });

  it('refuses a body over the byte limit as payload_too_large', async () => {
    const body = [Buffer.from(`vat_number\n${'DE123456789\n'.repeat(100)}`)];
    await expect(readCsv(body, { ...options, maxRows: 1000 }, () => () => undefined)).rejects.toMatchObject({
      code: 'payload_too_large',
    });
  });
});
