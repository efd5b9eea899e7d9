import { createHash, randomBytes } from 'node:crypto';
import { createAccount } from '../../src/accounts/keys.js';
import { runCli } from '../../src/cli.js';
import { keptHashes } from '../../src/records/evidence-integrity.js';
import { recordHash } from '../../src/records/record-shape.js';
import type { Database } from '../../src/store/database.js';
import type { EvidenceRow } from '../../src/store/evidence.js';
import type { ValidationRecord } from '../../src/store/records.js';
import { createStores } from '../../src/store/stores.js';
import { accountsOf } from '../helpers/accounts.js';

/** Records and evidence written straight to a test database, as the request path writes them. */

export async function newAccount(database: Database, now: number): Promise<string> {
  return (await createAccount(accountsOf(database), 'Ledger', 'business', now)).id;
}

export function evidenceRow(
  now: number,
  body = `<valid>true</valid>${randomBytes(4).toString('hex')}`,
): EvidenceRow {
  return {
    id: `evd_${randomBytes(8).toString('hex')}`,
    registry: 'vies',
    url: 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService',
    method: 'POST',
    requested_at: now - 40,
    duration_ms: 40,
    request: '<checkVat>…</checkVat>',
    response_status: 200,
    response_content_type: 'text/xml',
    response_body: body,
    response_encoding: 'utf8',
    truncated: 0,
    response_sha256: createHash('sha256').update(body).digest('hex'),
    ...keptHashes('<checkVat>…</checkVat>', Buffer.from(body), false),
    account_id: null,
    requester_vat_number: null,
    consultation_number: null,
    created_at: now,
  };
}

let serial = 0;

export function recordRow(
  accountId: string,
  createdAt: number,
  options: { evidence?: EvidenceRow; mode?: 'live' | 'test'; vatNumber?: string } = {},
): ValidationRecord {
  serial += 1;
  const row: ValidationRecord = {
    id: `val_${createdAt.toString(16).padStart(12, '0')}${String(serial).padStart(8, '0')}${randomBytes(6).toString('hex')}`,
    account_id: accountId,
    mode: options.mode ?? 'live',
    request_id: `req-${serial}`,
    reference: serial % 2 === 0 ? `order-${serial}` : null,
    channel: 'sync',
    batch_id: null,
    bulk_id: null,
    monitor_id: null,
    vat_number: options.vatNumber ?? 'ATU12345675',
    country_code: 'AT',
    valid: 1,
    company_name: 'Muster GmbH',
    company_address: 'Hauptstraße 1, 1010 Wien',
    consultation_number: options.evidence ? 'WAPIAAAAW1234567' : null,
    requester_vat_number: null,
    requested_at: createdAt - 50,
    match: null,
    source: 'vies',
    source_status: 'live',
    cached: 0,
    cached_at: null,
    stale: 0,
    evidence_id: options.evidence?.id ?? null,
    record_hash: null,
    seal_id: null,
    created_at: createdAt,
  };
  row.record_hash = recordHash(row, options.evidence?.response_sha256 ?? null);
  return row;
}

export async function insertRecords(database: Database, rows: readonly ValidationRecord[]): Promise<void> {
  await createStores(database).records.insert(rows);
}

export async function insertEvidence(database: Database, row: EvidenceRow): Promise<void> {
  await createStores(database).evidence.insert(row);
}

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

export async function cli(url: string, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    { DATABASE_URL: url, LOG_LEVEL: 'silent' },
    {
      out: (line) => out.push(...line.split('\n')),
      err: (line) => err.push(line),
    },
  );
  return { code, out, err };
}
