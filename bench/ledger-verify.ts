import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAccount } from '../src/accounts/keys.js';
import { ManualClock } from '../src/clock.js';
import { sealLedger } from '../src/ledger/sealer.js';
import { verifyLedger } from '../src/ledger/verify.js';
import { recordHash } from '../src/records/record-shape.js';
import { LedgerStore } from '../src/store/ledger.js';
import type { ValidationRecord } from '../src/store/records.js';
import { createStores } from '../src/store/stores.js';
import type { BenchCase } from './measure.js';
import { withScratchDatabase } from './scratch-database.js';
import type { Dialect } from './service.js';

/**
 * `ledger verify` over a million records (target: under 60 s), as the `ledger` case of
 * `npm run bench` on each engine, or alone:
 * `node dist/bench/ledger-verify.js [--records N] [--dialect sqlite|postgres]`. Writes N records
 * into a fresh database (its own SQLite file or PostgreSQL schema, not the service's), seals them
 * minute by minute as the sealing job would, then times `verifyLedger`, what the command runs.
 */

const TARGET_MS = 60_000;
const PER_MINUTE = 10_000;
export const LEDGER_RECORDS = 1_000_000;

export interface LedgerFigure {
  dialect: Dialect;
  records: number;
  seals: number;
  writeMs: number;
  sealMs: number;
  verifyMs: number;
  /** No break found and every record written was checked. */
  ok: boolean;
}

export async function measureLedgerVerify(
  dialect: Dialect,
  total: number,
  postgresUrl: string,
  log: (line: string) => void,
): Promise<LedgerFigure> {
  return withScratchDatabase(dialect, postgresUrl, 'ledger', async (database) => {
    const start = Date.UTC(2026, 0, 5, 0, 0, 0);
    const clock = new ManualClock(start);
    const account = await createAccount(createStores(database).accounts, 'Bench', 'business', start);
    const records = createStores(database).records;
    const ledger = new LedgerStore(database);

    let t = performance.now();
    for (let written = 0; written < total; ) {
      const batch: ValidationRecord[] = [];
      for (let i = 0; i < 5_000 && written < total; i++, written++) {
        const createdAt = start + Math.floor(written / PER_MINUTE) * 60_000 + (written % PER_MINUTE);
        batch.push(recordAt(account.id, createdAt, written));
      }
      await records.insert(batch);
    }
    const writeMs = performance.now() - t;
    log(`    ledger: wrote ${total} records in ${(writeMs / 1000).toFixed(1)} s`);

    t = performance.now();
    let seals = 0;
    for (let minute = 0; minute <= Math.ceil(total / PER_MINUTE); minute++) {
      clock.set(start + (minute + 1) * 60_000 + 10_000);
      if (await sealLedger({ ledger, clock, intervalMs: 60_000 })) seals += 1;
    }
    const sealMs = performance.now() - t;
    log(`    ledger: sealed them into ${seals} seals in ${(sealMs / 1000).toFixed(1)} s`);

    t = performance.now();
    const report = await verifyLedger(ledger);
    const verifyMs = performance.now() - t;
    return {
      dialect,
      records: report.records,
      seals: report.seals,
      writeMs,
      sealMs,
      verifyMs,
      ok: report.breaks.length === 0 && report.records === total,
    };
  });
}

/** Whether the figure meets the target, scaled to a million records when fewer were written. */
function withinTarget(figure: LedgerFigure): boolean {
  return (figure.verifyMs * LEDGER_RECORDS) / Math.max(figure.records, 1) < TARGET_MS;
}

export const ledgerVerify: BenchCase = {
  id: 'ledger',
  title: `ledger verify over ${LEDGER_RECORDS.toLocaleString('en-US')} records`,
  quick: false,
  async run(ctx) {
    const figure = await measureLedgerVerify(ctx.dialect, LEDGER_RECORDS, ctx.postgresUrl, ctx.progress);
    const seconds = figure.verifyMs / 1000;
    return [
      {
        kind: 'figure',
        name: `ledger verify (${LEDGER_RECORDS.toLocaleString('en-US')} records)`,
        dialect: ctx.dialect,
        tool: 'verifyLedger',
        figure:
          `${figure.records.toLocaleString('en-US')} records in ${figure.seals} seals in ${seconds.toFixed(1)} s ` +
          `(${Math.round(figure.records / seconds).toLocaleString('en-US')} records/s)`,
        checks: [
          { label: 'chain', target: 'no break, every record', met: figure.ok, gate: 'sanity' },
          {
            label: 'wall time',
            target: `< ${TARGET_MS / 1000} s`,
            met: withinTarget(figure),
            gate: 'absolute',
          },
        ],
        note: `A fresh database of its own with ${LEDGER_RECORDS.toLocaleString('en-US')} records written through the record store (${(figure.writeMs / 1000).toFixed(0)} s), sealed ten thousand a minute as the sealing job would (${figure.seals} seals, ${(figure.sealMs / 1000).toFixed(0)} s), then \`verifyLedger\`, what \`vat-service ledger verify\` runs, timed alone: every record's hash recomputed, every seal's Merkle root and chain link checked.`,
      },
    ];
  },
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { records: { type: 'string' }, dialect: { type: 'string' } },
  });
  const total = Number(values.records ?? LEDGER_RECORDS);
  const dialect = (values.dialect ?? 'sqlite') as Dialect;
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const figure = await measureLedgerVerify(dialect, total, postgresUrl, (line) =>
    process.stderr.write(`${line.trim()}\n`),
  );
  const ms = figure.verifyMs;
  process.stdout.write(
    `ledger verify (${dialect}): ${figure.records} records in ${figure.seals} seals in ${(ms / 1000).toFixed(1)} s ` +
      `(${Math.round(figure.records / (ms / 1000))} records/s): ${figure.ok ? 'ok' : 'BROKEN'}; target < ${TARGET_MS / 1000} s ` +
      `for 1,000,000\n`,
  );
  return figure.ok && withinTarget(figure) ? 0 : 1;
}

function recordAt(accountId: string, createdAt: number, n: number): ValidationRecord {
  const row: ValidationRecord = {
    id: `val_${createdAt.toString(16).padStart(12, '0')}${n.toString(16).padStart(20, '0')}`,
    account_id: accountId,
    mode: 'live',
    request_id: `bench-${n}`,
    reference: n % 3 === 0 ? `order-${n}` : null,
    channel: 'sync',
    batch_id: null,
    bulk_id: null,
    monitor_id: null,
    vat_number: `ATU${String(10_000_000 + (n % 90_000_000)).padStart(8, '0')}`,
    country_code: 'AT',
    valid: 1,
    company_name: 'Muster Handels GmbH',
    company_address: 'Hauptstraße 1, 1010 Wien',
    consultation_number: null,
    requester_vat_number: null,
    requested_at: createdAt - 40,
    match: null,
    source: 'vies',
    source_status: n % 2 === 0 ? 'cached' : 'live',
    cached: n % 2 === 0 ? 1 : 0,
    cached_at: n % 2 === 0 ? createdAt - 3_600_000 : null,
    stale: 0,
    evidence_id: null,
    record_hash: null,
    seal_id: null,
    created_at: createdAt,
  };
  row.record_hash = recordHash(row, null);
  return row;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`);
      process.exitCode = 2;
    },
  );
