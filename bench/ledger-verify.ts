import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createAccount } from '../src/accounts/keys.js';
import { ManualClock } from '../src/clock.js';
import { sealLedger } from '../src/ledger/sealer.js';
import { verifyLedger } from '../src/ledger/verify.js';
import { recordHash } from '../src/records/record-shape.js';
import { type Database, migrateToLatest, openDatabase } from '../src/store/database.js';
import { LedgerStore } from '../src/store/ledger.js';
import type { ValidationRecord } from '../src/store/records.js';
import { createStores } from '../src/store/stores.js';

/**
 * `node dist/bench/ledger-verify.js [--records N] [--dialect sqlite|postgres]`: writes N records
 * (default 1,000,000) into a fresh database, seals them minute by minute as the sealing job would,
 * then times `ledger verify` over all of them (target: under 60 s for a million). Prints one line
 * per phase on stderr and the figure on stdout; exit 1 when the target is missed.
 */

const TARGET_MS = 60_000;
const PER_MINUTE = 10_000;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { records: { type: 'string' }, dialect: { type: 'string' } },
  });
  const total = Number(values.records ?? 1_000_000);
  const dialect = values.dialect ?? 'sqlite';
  const suffix = randomBytes(5).toString('hex');
  const file = join(tmpdir(), `vat-bench-ledger-${suffix}.sqlite`);
  const schema = `bench_ledger_${suffix}`;
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database: Database =
    dialect === 'postgres' ? openDatabase(postgresUrl, { schema }) : openDatabase(`sqlite:${file}`);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    await migrateToLatest(database, dialect === 'postgres' ? schema : undefined);
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
    log(`wrote ${total} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    let seals = 0;
    for (let minute = 0; minute <= Math.ceil(total / PER_MINUTE); minute++) {
      clock.set(start + (minute + 1) * 60_000 + 10_000);
      if (await sealLedger({ ledger, clock, intervalMs: 60_000 })) seals += 1;
    }
    log(`sealed them into ${seals} seals in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    const report = await verifyLedger(ledger);
    const ms = performance.now() - t;
    const ok = report.breaks.length === 0 && report.records === total;
    process.stdout.write(
      `ledger verify (${dialect}): ${report.records} records in ${report.seals} seals in ${(ms / 1000).toFixed(1)} s ` +
        `(${Math.round(report.records / (ms / 1000))} records/s): ${ok ? 'ok' : 'BROKEN'}; target < ${TARGET_MS / 1000} s ` +
        `for 1,000,000\n`,
    );
    return ok && (ms * 1_000_000) / total < TARGET_MS ? 0 : 1;
  } finally {
    if (dialect === 'postgres')
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
    await database.close();
    if (dialect !== 'postgres')
      for (const extra of ['', '-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
  }
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exitCode = 2;
  },
);
