import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { TestApp, TestResponse } from '../helpers/harness.js';
import { until } from '../helpers/processes.js';

/** Helpers of the bulk suites: uploads as CSV or multipart, waiting for a file, its results. */

export async function upload(
  app: TestApp,
  key: string,
  csv: string | Buffer | ReadableStream<Uint8Array>,
  options: { query?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const response = await fetch(`${app.url}/v1/bulk${options.query ?? ''}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': options.contentType ?? 'text/csv',
      ...options.headers,
    },
    body: csv,
    // A stream is sent as it is produced (chunked).
    ...(csv instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export function multipartBody(
  csv: string,
  boundary = 'XyZ-boundary-42',
): { body: Buffer; contentType: string } {
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nignored\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
      `--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Polls the file's progress until it is completed; the last progress seen. A 503 is waited out as
 * a client would (a busy machine can keep the database past its statement timeout while the
 * worker writes); any other answer than 200 fails at once.
 */
export async function waitForCompletion(
  app: TestApp,
  key: string,
  id: string,
  timeoutMs = 20_000,
  // biome-ignore lint/suspicious/noExplicitAny: progress bodies are inspected freely
): Promise<any> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let last: any;
  await until(
    async () => {
      const res = await app.request('GET', `/v1/bulk/${id}`, { key });
      if (res.status === 503) return false;
      expect(res.status, res.text).toBe(200);
      last = res.body.data;
      return last.status === 'completed';
    },
    timeoutMs,
    `bulk file ${id} completed`,
  );
  return last;
}

export async function resultsOf(
  app: TestApp,
  key: string,
  id: string,
  delimiter = ',',
): Promise<{ text: string; rows: string[][]; headers: Headers }> {
  const response = await fetch(`${app.url}/v1/bulk/${id}/results`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { text, rows: parse(text, { delimiter }) as string[][], headers: response.headers };
}

export async function bulkFileCount(app: TestApp): Promise<number> {
  const row = await app.database.db
    .selectFrom('bulk_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
