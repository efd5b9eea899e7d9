import pg from 'pg';
import { createAccount, createKey } from '../src/accounts/keys.js';
import { encodeCursor } from '../src/records/record-query.js';
import { openDatabase } from '../src/store/database.js';
import { createStores } from '../src/store/stores.js';
import { runLoad } from './load.js';
import {
  authed,
  type BenchCase,
  type CaseContext,
  expectOk,
  measureWarm,
  noFailures,
  send,
  throughputRow,
} from './measure.js';
import { PeakRss } from './processes.js';
import type { Row } from './report.js';
import type { RunningService } from './service.js';

/**
 * The history case (PostgreSQL): one account with 1,000,000 validation records, then
 * GET /v1/validations p99 at 20 connections (first page, a page deep in the history through a
 * cursor, a filtered page) and the CSV export of all of them with the service's peak RSS.
 */

const RECORDS = 1_000_000;
const CONNECTIONS = 20;
/**
 * Requests a second the 20 connections offer together in the target's runs (5 a second each):
 * a busy integration paging its history, about a quarter of what a filtered page of 100 costs in
 * CPU on this 2-core machine. The closed loop after it (each connection asking again as soon as
 * answered) finds the ceiling, where p99 measures throughput more than latency.
 */
const OFFERED_RATE = 100;
const TARGET_P99_MS = 50;
const TARGET_EXPORT_RSS_MB = 250;
/** The seeded records are 10 ms apart, ending an hour before the run. */
const SPACING_MS = 10;

/**
 * 1M records in one statement (generate_series) for `accountId`, shaped like the pipeline's: a
 * third invalid, a quarter answered from check digits, one in ten with a reference; then ANALYZE.
 */
export async function seedRecords(url: string, accountId: string, start: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into validations (id, account_id, mode, request_id, reference, channel, vat_number, country_code,
         valid, company_name, company_address, requested_at, source, source_status, cached, stale, record_hash,
         created_at)
       select 'val_' || lpad(to_hex(g), 32, '0'), $1, 'live', md5(g::text),
         case when g % 10 = 0 then 'order-' || (g % 5000) end, 'sync', 'DE' || (100000000 + g % 200000), 'DE',
         (g % 3 <> 0)::int, case when g % 3 <> 0 then 'Company ' || g || ' GmbH' end,
         case when g % 3 <> 0 then 'Hauptstr. ' || (g % 200) || ', 10115 Berlin' end,
         $2::bigint + g * ${SPACING_MS}, case when g % 4 = 0 then 'checksum' else 'vies' end, 'live', 0, 0,
         md5(g::text) || md5((g + 1)::text), $2::bigint + g * ${SPACING_MS}
       from generate_series(1, ${RECORDS}) g`,
      [accountId, start],
    );
    await client.query('analyze validations');
  } finally {
    await client.end();
  }
}

/**
 * An account of its own with a live key: the other cases' answers are records of the bench
 * account, and the history's figures are of exactly RECORDS records.
 */
async function historyAccount(url: string): Promise<{ accountId: string; key: string }> {
  const database = openDatabase(url);
  try {
    const { accounts } = createStores(database);
    const now = Date.now();
    const account = await createAccount(accounts, 'history', 'business', now);
    return { accountId: account.id, key: (await createKey(accounts, account.id, 'live', now)).key };
  } finally {
    await database.close();
  }
}

/** One list request under load: at OFFERED_RATE (the target's row), then as fast as answered. */
async function listRows(
  ctx: CaseContext,
  service: RunningService,
  name: string,
  path: string,
  note: string,
): Promise<Row[]> {
  const request = authed(service, path);
  const page = (await expectOk(request, name)) as { data: unknown[] };
  if (page.data.length === 0) throw new Error(`${name}: an empty page`);
  await runLoad(request, {
    connections: CONNECTIONS,
    durationSec: ctx.settings.warmupSec,
    tool: 'autocannon',
  });
  const settings = { ...ctx.settings, connections: CONNECTIONS };
  const offered = await measureWarm(settings, service.pid, request, 'paced', OFFERED_RATE);
  const saturated = await measureWarm(settings, service.pid, request, 'autocannon');
  const where = `${CONNECTIONS} connections, autocannon, one account with ${RECORDS.toLocaleString('en-US')} records on PostgreSQL.`;
  return [
    throughputRow(
      ctx,
      `${name}, ${OFFERED_RATE} req/s offered`,
      offered,
      () => [
        {
          label: 'p99',
          target: `p99 < ${TARGET_P99_MS} ms at ${OFFERED_RATE} req/s offered`,
          met: offered.stats.p99Ms < TARGET_P99_MS,
          gate: 'absolute',
        },
      ],
      `${note} ${where} ${OFFERED_RATE} requests a second offered by the connections together.`,
    ),
    throughputRow(
      ctx,
      `${name}, as fast as answered`,
      saturated,
      () => [],
      `${note} ${where} Closed loop: each connection asks again as soon as answered (the ceiling).`,
    ),
  ];
}

/** Downloads the whole export, counting its lines as they arrive; the service's peak RSS meanwhile. */
async function exportRow(ctx: CaseContext, service: RunningService): Promise<Row> {
  const request = authed(service, '/v1/validations/export');
  const peak = new PeakRss(service.pid);
  const started = performance.now();
  const response = await fetch(request.url, { headers: request.headers });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const peakMb = peak.stop() ?? Number.NaN;
  const rows = lines - 1;
  return {
    kind: 'figure',
    name: `GET /v1/validations/export (${RECORDS.toLocaleString('en-US')} records)`,
    dialect: ctx.dialect,
    tool: 'fetch',
    figure:
      `${rows.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
      `(${Math.round(rows / seconds).toLocaleString('en-US')} rows/s); service peak RSS ${peakMb.toFixed(0)} MB`,
    checks: [
      noFailures({ failures: response.status === 200 ? 0 : 1, failureDetail: `HTTP ${response.status}` }),
      {
        label: 'rows',
        target: `${RECORDS.toLocaleString('en-US')} rows`,
        met: rows === RECORDS,
        gate: 'sanity',
      },
      {
        label: 'peak RSS',
        target: `peak RSS < ${TARGET_EXPORT_RSS_MB} MB`,
        met: peakMb < TARGET_EXPORT_RSS_MB,
        gate: 'absolute',
      },
    ],
    note: 'One client reading the CSV as fast as it arrives; RSS of the service process sampled every 50 ms and its kernel peak (VmHWM reset first).',
  };
}

export const history: BenchCase = {
  id: 'history',
  title: `Validation history with ${RECORDS.toLocaleString('en-US')} records (PostgreSQL)`,
  quick: false,
  async run(ctx) {
    if (ctx.dialect !== 'postgres') {
      ctx.progress('    history: PostgreSQL only, skipped');
      return [];
    }
    const start = Date.now() - 3_600_000 - RECORDS * SPACING_MS;
    const seeding = performance.now();
    const { accountId, key } = await historyAccount(ctx.database.url);
    await seedRecords(ctx.database.url, accountId, start);
    ctx.progress(
      `    history: ${RECORDS.toLocaleString('en-US')} records seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    // A process of its own: the cases before it leave the heap of hundreds of thousands of answers.
    const shared = await ctx.service({ accessLog: false, fresh: true });
    const service = { ...shared, key };
    const check = await send(authed(service, '/v1/validations?limit=1'));
    if (check.status !== 200) throw new Error(`GET /v1/validations answered ${check.status}`);
    // Half-way down the history: what a client paging back reaches after 25,000 pages of 20.
    const middle = RECORDS / 2;
    const deep = encodeCursor(
      { createdAt: start + middle * SPACING_MS, id: `val_${middle.toString(16).padStart(32, '0')}` },
      { accountId, mode: 'live' },
    );
    // The export first, in the fresh process: its peak RSS is then its own, not the heap that the
    // list loads grow and leave for the collector.
    const exported = await exportRow(ctx, service);
    return [
      ...(await listRows(
        ctx,
        service,
        'GET /v1/validations (first page)',
        '/v1/validations',
        'The newest 20.',
      )),
      ...(await listRows(
        ctx,
        service,
        'GET /v1/validations (page 25,000)',
        `/v1/validations?cursor=${deep}`,
        'A cursor half-way down the history.',
      )),
      ...(await listRows(
        ctx,
        service,
        'GET /v1/validations?valid=false&source=vies&limit=100',
        '/v1/validations?valid=false&source=vies&limit=100',
        'Two filters applied while walking the time index, 100 a page.',
      )),
      exported,
    ];
  },
};
