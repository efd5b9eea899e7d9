import { recordHash } from '../../src/records/record-shape.js';
import type { KeyMode, ValidationsTable } from '../../src/store/tables.js';
import { newRecordId } from '../../src/validation/record.js';

/**
 * A validation record row as the pipeline writes it (a live check-digit answer for DE123456789
 * unless `fields` say otherwise), with its hash: for suites that read records back and need
 * channels, references or times the API cannot make on demand.
 */
export function recordRow(
  accountId: string,
  fields: Partial<ValidationsTable> & { created_at: number },
  mode: KeyMode = 'live',
): ValidationsTable {
  const row: ValidationsTable = {
    id: newRecordId(fields.created_at),
    account_id: accountId,
    mode,
    request_id: crypto.randomUUID(),
    reference: null,
    channel: 'sync',
    batch_id: null,
    bulk_id: null,
    monitor_id: null,
    vat_number: 'DE123456789',
    country_code: 'DE',
    valid: 0,
    company_name: null,
    company_address: null,
    consultation_number: null,
    requester_vat_number: null,
    requested_at: fields.created_at,
    match: null,
    source: 'checksum',
    source_status: 'live',
    cached: 0,
    cached_at: null,
    stale: 0,
    evidence_id: null,
    record_hash: null,
    seal_id: null,
    ...fields,
  };
  return { ...row, record_hash: recordHash(row, null) };
}
