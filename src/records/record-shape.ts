import { type Static, Type } from '@sinclair/typebox';
import { leafHash } from '../ledger/hashing.js';
import type { EvidenceTable, SealsTable, ValidationsTable } from '../store/tables.js';
import { Company, IsoTime, Nullable } from '../validation/answer.js';
import { integrityOf } from './evidence-integrity.js';

/**
 * A validation record as the API shows it, built from its row; and the form it is
 * hashed in: the record without `ledger`, `evidence` replaced by the SHA-256 of the
 * reply it rests on. Everything a record shows is in what is hashed, so a changed column shows up
 * as a record whose hash no longer matches its seal.
 */

const CHANNELS = ['sync', 'batch', 'async', 'bulk', 'monitor'] as const;

const recordFields = {
  id: Type.String({ description: 'val_…' }),
  account_id: Type.String(),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  request_id: Type.String(),
  reference: Nullable(Type.String()),
  channel: Type.Union(CHANNELS.map((channel) => Type.Literal(channel))),
  batch_id: Nullable(Type.String()),
  bulk_id: Nullable(Type.String()),
  monitor_id: Nullable(Type.String()),
  vat_number: Type.String(),
  country_code: Nullable(Type.String()),
  valid: Type.Boolean(),
  company: Type.Union([Company, Type.Null()]),
  consultation_number: Nullable(Type.String()),
  requested_at: Nullable(IsoTime),
  requester_vat_number: Nullable(Type.String()),
  match: Nullable(Type.Record(Type.String(), Type.String())),
  source: Type.String(),
  source_status: Type.String(),
  cached: Type.Boolean(),
  cached_at: Nullable(IsoTime),
  stale: Type.Boolean(),
  created_at: IsoTime,
};

export const EvidenceIntegrity = Type.Union([Type.Literal('ok'), Type.Literal('mismatch')], {
  description:
    'Whether the stored evidence is still the bytes it was kept as, checked when it is served: `ok`, or `mismatch` when the reply no longer hashes to `response_sha256` (the hash sealed into the record; for a truncated reply, the hash of the bytes kept) or the request no longer hashes to the hash kept with it. Evidence that fails is shown as stored, never corrected; `vat-service ledger verify` reports it.',
  examples: ['ok'],
});

export const Evidence = Type.Object(
  {
    id: Type.String({ description: 'evd_…' }),
    registry: Type.String(),
    url: Type.String({ description: 'Scheme, host and path: no credentials' }),
    method: Type.String(),
    requested_at: IsoTime,
    duration_ms: Type.Integer(),
    request: Type.String({
      description: 'The body or query string sent; credentials and tokens as [redacted]',
    }),
    response: Type.Object({
      status: Type.Integer(),
      content_type: Nullable(Type.String()),
      body: Type.String({ description: 'The reply as received, up to 64 KiB (base64 when not UTF-8 text)' }),
      encoding: Type.Union([Type.Literal('utf8'), Type.Literal('base64')]),
      truncated: Type.Boolean(),
    }),
    response_sha256: Type.String({ description: 'SHA-256 of every byte of the reply, lowercase hex' }),
    integrity: EvidenceIntegrity,
    redacted: Type.Optional(
      Type.Boolean({ description: "true: another account's requester and consultation numbers removed" }),
    ),
  },
  { $id: 'Evidence' },
);

export const LedgerState = Type.Object({
  record_hash: Type.String(),
  seal_id: Nullable(Type.String()),
  sealed_at: Nullable(IsoTime),
});

export const ValidationRecord = Type.Object(
  { ...recordFields, evidence: Type.Union([Type.Ref(Evidence), Type.Null()]), ledger: LedgerState },
  { $id: 'ValidationRecord' },
);

export const RecordSummary = Type.Object(
  { ...recordFields, ledger: LedgerState },
  { $id: 'RecordSummary', description: 'A record without its evidence' },
);

export type EvidenceView = Static<typeof Evidence>;
export type RecordView = Static<typeof ValidationRecord>;
export type RecordSummaryView = Static<typeof RecordSummary>;
type RecordBody = Omit<RecordSummaryView, 'ledger'>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The record's own members, from its row. */
export function recordBody(row: ValidationsTable): RecordBody {
  const valid = row.valid === 1;
  return {
    id: row.id,
    account_id: row.account_id,
    mode: row.mode,
    request_id: row.request_id,
    reference: row.reference,
    channel: row.channel as RecordBody['channel'],
    batch_id: row.batch_id,
    bulk_id: row.bulk_id,
    monitor_id: row.monitor_id,
    vat_number: row.vat_number,
    country_code: row.country_code,
    valid,
    company:
      !valid || (row.company_name === null && row.company_address === null)
        ? null
        : { name: row.company_name, address: row.company_address },
    consultation_number: row.consultation_number,
    requested_at: iso(row.requested_at),
    requester_vat_number: row.requester_vat_number,
    match: row.match === null ? null : (JSON.parse(row.match) as Record<string, string>),
    source: row.source,
    source_status: row.source_status,
    cached: row.cached === 1,
    cached_at: iso(row.cached_at),
    stale: row.stale === 1,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The record's leaf hash: over its body and the SHA-256 of its evidence's reply (or null). */
export function recordHash(row: ValidationsTable, evidenceSha256: string | null): string {
  return leafHash({ ...recordBody(row), evidence: evidenceSha256 });
}

function ledgerOf(row: ValidationsTable, seal: Pick<SealsTable, 'sealed_at'> | undefined) {
  return {
    record_hash: row.record_hash ?? '',
    seal_id: row.seal_id,
    sealed_at: row.seal_id && seal ? new Date(seal.sealed_at).toISOString() : null,
  };
}

export function recordSummary(
  row: ValidationsTable,
  seal?: Pick<SealsTable, 'sealed_at'>,
): RecordSummaryView {
  return { ...recordBody(row), ledger: ledgerOf(row, seal) };
}

export function recordView(
  row: ValidationsTable,
  evidence: EvidenceView | null,
  seal?: Pick<SealsTable, 'sealed_at'>,
): RecordView {
  return { ...recordBody(row), evidence, ledger: ledgerOf(row, seal) };
}

const REDACTED = '[redacted]';

/**
 * Evidence as `viewer` may see it: an exchange made for another account is shown with that
 * account's requester and consultation numbers replaced (A3), marked `redacted`.
 */
export function evidenceView(row: EvidenceTable, viewer: string): EvidenceView {
  const foreign = row.account_id !== null && row.account_id !== viewer;
  const secrets = foreign
    ? [row.requester_vat_number, row.consultation_number, nationalPart(row.requester_vat_number)].filter(
        (secret): secret is string => secret !== null && secret.length > 0,
      )
    : [];
  const hide = (text: string) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
  const body = row.response_encoding === 'utf8' ? hide(row.response_body) : row.response_body;
  return {
    id: row.id,
    registry: row.registry,
    url: hide(row.url),
    method: row.method,
    requested_at: new Date(row.requested_at).toISOString(),
    duration_ms: row.duration_ms,
    request: hide(row.request),
    response: {
      status: row.response_status,
      content_type: row.response_content_type,
      body,
      encoding: row.response_encoding,
      truncated: row.truncated === 1,
    },
    response_sha256: row.response_sha256,
    // Over the bytes as stored, before another account's numbers are hidden from the view.
    integrity: integrityOf(row),
    ...(secrets.length > 0 ? { redacted: true } : {}),
  };
}

/** `DE123456789` → `123456789`: registries are sent the number without its country prefix. */
function nationalPart(vatNumber: string | null): string | null {
  return vatNumber && vatNumber.length > 2 ? vatNumber.slice(2) : null;
}
