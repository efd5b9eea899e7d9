import { createHash } from 'node:crypto';
import type { EvidenceBytesRow } from '../store/ledger.js';
import type { EvidenceTable } from '../store/tables.js';

/**
 * Whether stored evidence is still the bytes it was kept as: the reply against `response_sha256`
 * (the hash sealed into every record that rests on it) or, for a truncated reply, against the
 * hash of the bytes kept (`kept_sha256`); the request against `request_sha256`. `ledger verify`
 * reports each record whose evidence fails, and the API shows `integrity` wherever it serves
 * evidence, so edited evidence is never shown as if it were what the registry sent.
 */

export type EvidencePart = 'reply' | 'request';
export type Integrity = 'ok' | 'mismatch';

/** The columns the check reads. */
export type EvidenceBytes = Omit<EvidenceBytesRow, 'id'>;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The hashes written with an exchange: of its request text, and of a truncated reply's kept bytes. */
export function keptHashes(
  request: string,
  keptReply: Buffer,
  truncated: boolean,
): Pick<EvidenceTable, 'request_sha256' | 'kept_sha256'> {
  return { request_sha256: sha256Hex(request), kept_sha256: truncated ? sha256Hex(keptReply) : null };
}

/** The parts of the evidence whose stored bytes no longer match their hash; empty when intact. */
export function mismatchedParts(row: EvidenceBytes): EvidencePart[] {
  const parts: EvidencePart[] = [];
  if (!replyMatches(row)) parts.push('reply');
  if (row.request_sha256 !== null && sha256Hex(row.request) !== row.request_sha256) parts.push('request');
  return parts;
}

export function integrityOf(row: EvidenceBytes): Integrity {
  return mismatchedParts(row).length === 0 ? 'ok' : 'mismatch';
}

function replyMatches(row: EvidenceBytes): boolean {
  // A truncated reply kept before `kept_sha256` existed has no hash over its kept bytes.
  const expected = row.truncated === 1 ? row.kept_sha256 : row.response_sha256;
  if (expected === null) return true;
  const bytes = storedReply(row);
  if (bytes === undefined) return false;
  if (sha256Hex(bytes) === expected) return true;
  // Text evidence was once kept without the reply's UTF-8 byte order mark (the decoder dropped it).
  return (
    typeof bytes === 'string' && createHash('sha256').update(BOM).update(bytes).digest('hex') === expected
  );
}

/**
 * The reply's bytes as stored: UTF-8 text (hashed as its UTF-8 bytes), or base64 in its one
 * canonical spelling (Node's decoder skips characters outside the alphabet, so an edit could
 * otherwise hide in them).
 */
function storedReply(row: EvidenceBytes): Buffer | string | undefined {
  if (row.response_encoding === 'utf8') return row.response_body;
  if (row.response_encoding !== 'base64') return undefined;
  const bytes = Buffer.from(row.response_body, 'base64');
  return bytes.toString('base64') === row.response_body ? bytes : undefined;
}
