import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY_PATTERN } from '../accounts/keys.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../http/plugins/idempotency.js';
import {
  type Command,
  type CommandContext,
  type CommandGroup,
  type OptionSpec,
  UsageError,
} from './command.js';

/**
 * `bulk upload | status | list`: bulk files through the running service's own API with an
 * account's key (never its database), as a customer's script would use it. `upload --wait`
 * follows the file with a progress bar on stderr and writes the results file.
 */

const DEFAULT_SERVICE_URL = 'http://localhost:3000';
/** How often `upload --wait` asks for progress. */
const POLL_MS = 500;
/**
 * Tries of one upload. A lost connection, a 5xx or a 409 (the first try still being read) is tried
 * again after 1 s, then 2 s, under the same Idempotency-Key: a file the service took before the
 * connection broke is answered with its first 202, never accepted and counted twice.
 */
const UPLOAD_TRIES = 3;
const UPLOAD_RETRY_MS = 1_000;
/** Connection errors after which the service cannot have received any of the upload. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND']);

const CLIENT_OPTIONS: Record<string, OptionSpec> = {
  key: { type: 'string', value: 'KEY', description: 'an API key (or VAT_SERVICE_KEY)' },
  url: {
    type: 'string',
    value: 'URL',
    description: `the service's base URL (default ${DEFAULT_SERVICE_URL})`,
  },
};

interface Client {
  key: string;
  service: string;
}

function clientOf({ option, env }: CommandContext): Client {
  const key = option('key') ?? env.VAT_SERVICE_KEY;
  if (key === undefined || key === '') throw new UsageError('--key is required (or set VAT_SERVICE_KEY)');
  if (!KEY_PATTERN.test(key))
    throw new UsageError('--key is not a vat-service API key (svc_test_… or svc_live_…)');
  const service = option('url') ?? DEFAULT_SERVICE_URL;
  let parsed: URL | undefined;
  try {
    parsed = new URL(service);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') {
    throw new UsageError(`--url must be the service's http:// or https:// base URL; got '${service}'`);
  }
  return { key, service: service.replace(/\/+$/, '') };
}

async function call(client: Client, path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(`${client.service}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${client.key}`, ...init.headers },
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const why = code ?? (error as Error).message;
    throw Object.assign(
      new Error(`Could not reach the service at ${client.service} (${why}). Is it running? Pass --url.`),
      { code },
    );
  }
}

/** The `data` of a success answer; a failure answer's code and message as the error. */
// biome-ignore lint/suspicious/noExplicitAny: the service's JSON envelope, read by member
async function json(response: Response): Promise<any> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const body: any = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = body?.error;
    throw new Error(error ? `${error.code}: ${error.message}` : `the service answered ${response.status}`);
  }
  return body.data;
}

interface Progress {
  bulk_id: string;
  status: string;
  total: number;
  accepted: number;
  rejected: number;
  processed: number;
  succeeded: number;
  failed: number;
  eta_seconds: number | null;
}

function progressLine(progress: Progress): string {
  const done = progress.accepted === 0 ? 1 : progress.processed / progress.accepted;
  const width = 30;
  const filled = Math.round(done * width);
  const eta = progress.eta_seconds === null ? '' : ` eta ${progress.eta_seconds}s`;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(done * 100)}% ${progress.processed}/${progress.accepted}${eta}`;
}

function summary(progress: Progress): string {
  return `${progress.bulk_id}: ${progress.status}, ${progress.total} rows, ${progress.accepted} accepted, ${progress.rejected} rejected, ${progress.processed} answered (${progress.succeeded} succeeded, ${progress.failed} failed)`;
}

const upload: Command = {
  path: ['bulk', 'upload'],
  synopsis: 'FILE [--key KEY] [--url URL] [--reference REF] [--wait] [--out FILE]',
  summary: 'upload a CSV file of VAT numbers; with --wait, follow it and write the results file',
  details: [
    'FILE is UTF-8 CSV with a header row naming at least vat_number (see docs/bulk.md).',
    'With --wait a progress bar goes to stderr and the results are written to --out',
    '(default: FILE with .results.csv in place of .csv). Exits 1 when the service refuses the file.',
    'A lost connection, a 5xx or a 409 is tried again twice under the same Idempotency-Key, so the',
    'file is accepted and counted once; after the last try the error names the key to resend it with.',
  ],
  positionals: ['FILE'],
  options: {
    ...CLIENT_OPTIONS,
    reference: { type: 'string', value: 'REF', description: 'your reference for rows without their own' },
    'idempotency-key': {
      type: 'string',
      value: 'KEY',
      description: "the upload's Idempotency-Key (default: a new UUID); repeat it to resend a file safely",
    },
    wait: { type: 'boolean', description: 'wait for completion and download the results' },
    out: { type: 'string', value: 'FILE', description: 'where --wait writes the results' },
  },
  json: 'print the 202 answer { bulk_id, status, total, accepted, rejected }; with --wait the final progress and results_file',
  examples: [
    'vat-service bulk upload customers.csv --key svc_test_… --wait',
    'vat-service bulk upload customers.csv --key svc_live_… --url https://vat.example.com --json',
  ],
  async run(context) {
    const client = clientOf(context);
    const file = context.args.FILE;
    const size = await stat(file).then(
      (info) => info.size,
      () => {
        throw new Error(`Cannot read ${file}.`);
      },
    );
    const reference = context.option('reference');
    const query = reference === undefined ? '' : `?reference=${encodeURIComponent(reference)}`;
    const idempotencyKey = context.option('idempotency-key') ?? randomUUID();
    if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new UsageError('--idempotency-key must be 1 to 255 visible ASCII characters');
    }
    const send = () =>
      call(client, `/v1/bulk${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          'content-length': String(size),
          'idempotency-key': idempotencyKey,
        },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
    const accepted = await json(await withRetries(send, idempotencyKey, context));
    if (!context.flag('wait')) {
      context.print(
        accepted,
        `Accepted ${accepted.bulk_id}: ${accepted.total} rows, ${accepted.accepted} queued, ${accepted.rejected} rejected.`,
      );
      return 0;
    }
    let progress: Progress;
    for (;;) {
      progress = await json(await call(client, `/v1/bulk/${accepted.bulk_id}`));
      if (!context.json) context.io.err(`\r${progressLine(progress)}`);
      if (progress.status === 'completed') break;
      await sleep(POLL_MS, undefined, { signal: context.io.signal });
    }
    const out = context.option('out') ?? `${file.replace(/\.csv$/i, '')}.results.csv`;
    const results = await call(client, `/v1/bulk/${accepted.bulk_id}/results`);
    if (!results.ok || !results.body) await json(results);
    await pipeline(Readable.fromWeb(results.body as never), createWriteStream(out));
    context.print({ ...progress, results_file: out }, `${summary(progress)}\nResults written to ${out}`);
    return 0;
  },
};

/**
 * The upload's answer, after up to UPLOAD_TRIES tries (see UPLOAD_TRIES). What the service refused
 * for the file itself (4xx other than 409) is final at once, and so is a connection never made
 * (refused, or a host that does not resolve): nothing was sent, so there is nothing to resend.
 */
async function withRetries(
  send: () => Promise<Response>,
  idempotencyKey: string,
  context: CommandContext,
): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    let why: string;
    try {
      const response = await send();
      if (response.status !== 409 && response.status < 500) return response;
      if (attempt === UPLOAD_TRIES) return response;
      await response.body?.cancel();
      why = `the service answered ${response.status}`;
    } catch (error) {
      if (NOTHING_SENT.has((error as { code?: string }).code ?? '')) throw error;
      if (attempt === UPLOAD_TRIES) {
        throw new Error(
          `${(error as Error).message} Resend the file with --idempotency-key ${idempotencyKey}: if the service took it, you get its first answer.`,
        );
      }
      why = (error as Error).message;
    }
    const delayMs = UPLOAD_RETRY_MS * attempt;
    context.io.err(`Upload try ${attempt} failed (${why}); trying again in ${delayMs / 1000} s.\n`);
    await sleep(delayMs, undefined, { signal: context.io.signal });
  }
}

const status: Command = {
  path: ['bulk', 'status'],
  synopsis: 'ID [--key KEY] [--url URL]',
  summary: "a bulk file's progress",
  positionals: ['ID'],
  options: CLIENT_OPTIONS,
  json: 'print the progress { bulk_id, status, total, accepted, rejected, processed, succeeded, failed, created_at, completed_at, eta_seconds, results_url }',
  examples: ['vat-service bulk status blk_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c --key svc_live_…'],
  async run(context) {
    const progress = await json(
      await call(clientOf(context), `/v1/bulk/${encodeURIComponent(context.args.ID)}`),
    );
    context.print(progress, summary(progress));
    return 0;
  },
};

const list: Command = {
  path: ['bulk', 'list'],
  synopsis: '[--key KEY] [--url URL]',
  summary: "the key's bulk files, newest first (the latest 100)",
  options: CLIENT_OPTIONS,
  json: 'print { files: [progress, …] }',
  examples: ['vat-service bulk list --key svc_live_…'],
  async run(context) {
    const files = (await json(await call(clientOf(context), '/v1/bulk?limit=100'))) as Progress[];
    context.print({ files }, files.length === 0 ? 'No bulk files.' : files.map(summary).join('\n'));
    return 0;
  },
};

export const bulk: CommandGroup = {
  name: 'bulk',
  summary: 'upload CSV files of VAT numbers and follow them, through the API',
  commands: [upload, status, list],
};
