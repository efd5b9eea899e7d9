import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAccount } from '../src/accounts/keys.js';
import { ManualClock } from '../src/clock.js';
import { sealLedger } from '../src/ledger/sealer.js';
import { verifyLedger } from '../src/ledger/verify.js';
import { keptHashes, sha256Hex } from '../src/records/evidence-integrity.js';
import { recordHash } from '../src/records/record-shape.js';
import type { EvidenceRow } from '../src/store/evidence.js';
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
 * As in real traffic, records rest on evidence: every other record is a live answer with an
 * exchange of its own (a VIES reply of about 1 KB), the one after it a cached answer resting on
 * the same exchange.
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
  /** CPU time of this process (user + system) while verifying: the figure a busy machine disturbs least. */
  verifyCpuMs: number;
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
    let evidence: EvidenceRow | undefined;
    for (let written = 0; written < total; ) {
      const batch: ValidationRecord[] = [];
      const exchanges: EvidenceRow[] = [];
      for (let i = 0; i < 5_000 && written < total; i++, written++) {
        const createdAt = start + Math.floor(written / PER_MINUTE) * 60_000 + (written % PER_MINUTE);
        if (written % 2 === 1) {
          evidence = evidenceAt(createdAt, written);
          exchanges.push(evidence);
        }
        batch.push(recordAt(account.id, createdAt, written, evidence));
      }
      // 500 rows of 19 columns a statement: within both engines' parameter limits.
      for (let from = 0; from < exchanges.length; from += 500)
        await database.db
          .insertInto('evidence')
          .values(exchanges.slice(from, from + 500))
          .execute();
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
    const cpu = process.cpuUsage();
    const report = await verifyLedger(ledger);
    const verifyMs = performance.now() - t;
    const used = process.cpuUsage(cpu);
    return {
      dialect,
      records: report.records,
      seals: report.seals,
      writeMs,
      sealMs,
      verifyMs,
      verifyCpuMs: (used.user + used.system) / 1000,
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
        note: `A fresh database of its own with ${LEDGER_RECORDS.toLocaleString('en-US')} records written through the record store (${(figure.writeMs / 1000).toFixed(0)} s), half of them live answers with an exchange of their own (about 1 KB) and half cached answers resting on the one before, sealed ten thousand a minute as the sealing job would (${figure.seals} seals, ${(figure.sealMs / 1000).toFixed(0)} s), then \`verifyLedger\`, what \`vat-service ledger verify\` runs, timed alone: every record's hash recomputed, every exchange's stored reply and request hashed again, every seal's Merkle root and chain link checked.`,
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
      `(${Math.round(figure.records / (ms / 1000))} records/s; ${(figure.verifyCpuMs / 1000).toFixed(1)} s of CPU in this process): ${figure.ok ? 'ok' : 'BROKEN'}; target < ${TARGET_MS / 1000} s ` +
      `for 1,000,000\n`,
  );
  return figure.ok && withinTarget(figure) ? 0 : 1;
}

/** A VIES checkVat exchange of about 1 KB, as the registry client keeps it. */
function evidenceAt(createdAt: number, n: number): EvidenceRow {
  const number = String(10_000_000 + (n % 90_000_000)).padStart(8, '0');
  const request = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="urn:ec.europa.eu:taxud:vies:services:checkVat:types"><soapenv:Body><urn:checkVat><urn:countryCode>AT</urn:countryCode><urn:vatNumber>U${number}</urn:vatNumber></urn:checkVat></soapenv:Body></soapenv:Envelope>`;
  const reply = `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body><ns2:checkVatResponse xmlns:ns2="urn:ec.europa.eu:taxud:vies:services:checkVat:types"><ns2:countryCode>AT</ns2:countryCode><ns2:vatNumber>U${number}</ns2:vatNumber><ns2:requestDate>2026-01-05+01:00</ns2:requestDate><ns2:valid>true</ns2:valid><ns2:name>Muster Handels GmbH</ns2:name><ns2:address>Hauptstraße 1, 1010 Wien</ns2:address></ns2:checkVatResponse></env:Body></env:Envelope>`;
  return {
    id: `evd_${createdAt.toString(16).padStart(12, '0')}${n.toString(16).padStart(20, '0')}`,
    registry: 'vies',
    url: 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService',
    method: 'POST',
    requested_at: createdAt - 40,
    duration_ms: 40,
    request,
    response_status: 200,
    response_content_type: 'text/xml;charset=UTF-8',
    response_body: reply,
    response_encoding: 'utf8',
    truncated: 0,
    response_sha256: sha256Hex(reply),
    ...keptHashes(request, Buffer.from(reply), false),
    account_id: null,
    requester_vat_number: null,
    consultation_number: null,
    created_at: createdAt,
  };
}

function recordAt(accountId: string, createdAt: number, n: number, evidence?: EvidenceRow): ValidationRecord {
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
    evidence_id: evidence?.id ?? null,
    record_hash: null,
    seal_id: null,
    created_at: createdAt,
  };
  row.record_hash = recordHash(row, evidence?.response_sha256 ?? null);
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
