import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { keptHashes } from '../../records/evidence-integrity.js';
import { CSV_OPTIONS, cellsOf } from '../../records/record-export.js';
import { encodeCursor } from '../../records/record-query.js';
import { evidenceView, recordHash, recordSummary, recordView } from '../../records/record-shape.js';
import type { EvidenceTable, ValidationsTable } from '../../store/tables.js';
import { EXAMPLE_NOW, EXAMPLE_REQUEST_ID, EXAMPLE_REQUESTER, type NamedExample } from './examples.js';

/**
 * Examples of the history endpoints, made by the builders of the real answers
 * (src/records/record-shape.ts) from rows as the service writes them.
 */

const ACCOUNT_ID = 'acc_4Jd8sK2mQ9';
const at = (offsetMs: number) => EXAMPLE_NOW + offsetMs;

const VIES_REPLY =
  '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>' +
  '<ns2:checkVatApproxResponse xmlns:ns2="urn:ec.europa.eu:taxud:vies:services:checkVat:types">' +
  '<ns2:countryCode>NL</ns2:countryCode><ns2:vatNumber>123456782B01</ns2:vatNumber>' +
  '<ns2:requestDate>2026-03-02+01:00</ns2:requestDate><ns2:valid>true</ns2:valid>' +
  '<ns2:traderName>EXAMPLE TRADING B.V.</ns2:traderName>' +
  '<ns2:traderAddress>KEIZERSGRACHT 1, 1015 AA AMSTERDAM</ns2:traderAddress>' +
  '<ns2:requestIdentifier>WAPIAAAAW2mQ3xJk</ns2:requestIdentifier>' +
  '</ns2:checkVatApproxResponse></env:Body></env:Envelope>';

const VIES_REQUEST =
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="urn:ec.europa.eu:taxud:vies:services:checkVat:types"><soapenv:Body><urn:checkVatApprox><urn:countryCode>NL</urn:countryCode><urn:vatNumber>123456782B01</urn:vatNumber><urn:requesterCountryCode>DE</urn:requesterCountryCode><urn:requesterVatNumber>136695976</urn:requesterVatNumber></urn:checkVatApprox></soapenv:Body></soapenv:Envelope>';

const evidenceRow: EvidenceTable = {
  id: 'evd_019b7a2e4c1a7b3c8d9e0f1a2b3c4d5e',
  registry: 'vies',
  url: 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService',
  method: 'POST',
  requested_at: at(-180),
  duration_ms: 176,
  request: VIES_REQUEST,
  response_status: 200,
  response_content_type: 'text/xml;charset=UTF-8',
  response_body: VIES_REPLY,
  response_encoding: 'utf8',
  truncated: 0,
  response_sha256: createHash('sha256').update(VIES_REPLY).digest('hex'),
  ...keptHashes(VIES_REQUEST, Buffer.from(VIES_REPLY), false),
  account_id: ACCOUNT_ID,
  requester_vat_number: EXAMPLE_REQUESTER,
  consultation_number: 'WAPIAAAAW2mQ3xJk',
  created_at: at(0),
};

function row(
  fields: Partial<ValidationsTable> & Pick<ValidationsTable, 'id' | 'created_at'>,
): ValidationsTable {
  const record: ValidationsTable = {
    account_id: ACCOUNT_ID,
    mode: 'live',
    request_id: EXAMPLE_REQUEST_ID,
    reference: null,
    channel: 'sync',
    batch_id: null,
    bulk_id: null,
    monitor_id: null,
    vat_number: 'NL123456782B01',
    country_code: 'NL',
    valid: 1,
    company_name: 'EXAMPLE TRADING B.V.',
    company_address: 'KEIZERSGRACHT 1, 1015 AA AMSTERDAM',
    consultation_number: null,
    requester_vat_number: null,
    requested_at: fields.created_at,
    match: null,
    source: 'vies',
    source_status: 'live',
    cached: 0,
    cached_at: null,
    stale: 0,
    evidence_id: null,
    record_hash: null,
    seal_id: null,
    ...fields,
  };
  const sha256 = record.evidence_id === null ? null : evidenceRow.response_sha256;
  return { ...record, record_hash: recordHash(record, sha256) };
}

const SEALED_AT = at(60_000);

/** A live VIES answer with a consultation number, sealed. */
const consulted = row({
  id: 'val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c',
  created_at: at(0),
  reference: 'customer-4711',
  consultation_number: 'WAPIAAAAW2mQ3xJk',
  requester_vat_number: EXAMPLE_REQUESTER,
  requested_at: at(-180),
  evidence_id: evidenceRow.id,
  seal_id: 'seal_019b7a2f31c07d2e8f4a5b6c7d8e9f01',
});

/** A check-digit answer a minute later, not sealed yet. */
const checksum = row({
  id: 'val_019b7a2f2a817c4d9e0f1a2b3c4d5e6f',
  request_id: '7a1c3e5f-9b2d-4f6a-8c0e-1d3f5b7a9c2e',
  created_at: at(65_000),
  vat_number: 'DE123456789',
  country_code: 'DE',
  valid: 0,
  company_name: null,
  company_address: null,
  source: 'checksum',
});

export const RECORD_EXAMPLES: Record<string, NamedExample> = {
  sealed: {
    summary: 'A VIES answer with a consultation number: evidence and seal',
    value: {
      data: recordView(consulted, evidenceView(evidenceRow, ACCOUNT_ID), { sealed_at: SEALED_AT }),
      meta: { request_id: EXAMPLE_REQUEST_ID },
    },
  },
  checksum: {
    summary: 'A check-digit answer: no registry exchange, not sealed yet',
    value: { data: recordView(checksum, null), meta: { request_id: EXAMPLE_REQUEST_ID } },
  },
};

export const RECORD_LIST_EXAMPLES: Record<string, NamedExample> = {
  page: {
    summary: 'The first page with limit=2; pass next_cursor as cursor for the next',
    value: {
      data: [recordSummary(checksum), recordSummary(consulted, { sealed_at: SEALED_AT })],
      meta: {
        request_id: EXAMPLE_REQUEST_ID,
        next_cursor: encodeCursor(
          { createdAt: consulted.created_at, id: consulted.id },
          { accountId: ACCOUNT_ID, mode: 'live' },
        ),
        has_more: true,
      },
    },
  },
};

/** The export of the two records above, as sent. */
export const EXPORT_CSV_EXAMPLE = stringify(
  [checksum, consulted].map((record) =>
    cellsOf({ ...record, sealed_at: record.seal_id === null ? null : SEALED_AT }),
  ),
  CSV_OPTIONS,
);
