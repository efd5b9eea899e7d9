import { timeOrderedId } from '../ids.js';
import { keptHashes } from '../records/evidence-integrity.js';
import type { RegistryExchange } from '../registries/registry.js';
import type { EvidenceRow, EvidenceStore } from '../store/evidence.js';
import type { EvidenceRef } from './answer.js';

/** Whose registry call it was, when it carried something only that account may see. */
export interface ExchangeOwner {
  accountId: string;
  /** The requester sent (its consultation number is in the reply). */
  requester: string;
  consultationNumber: string | null;
}

// ignoreBOM: a reply's byte order mark stays in the text, so the text is every byte kept.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Keeps a registry exchange as evidence and returns its reference. The reply's bytes
 * are kept as text when they are UTF-8, else as base64, so what is shown is what was received;
 * with them, the hashes that show a later change to the request or to a truncated reply
 * (records/evidence-integrity.ts). A consultation request's exchange is marked with its account,
 * requester and consultation number, which other accounts are never shown.
 */
export async function keepEvidence(
  store: EvidenceStore,
  exchange: RegistryExchange,
  owner: ExchangeOwner | undefined,
  now: number,
): Promise<EvidenceRef> {
  const row = evidenceRow(exchange, owner, now);
  await store.insert(row);
  return { id: row.id, sha256: row.response_sha256 };
}

/** The evidence row of a registry exchange, under a new id (what keepEvidence writes). */
export function evidenceRow(
  exchange: RegistryExchange,
  owner: ExchangeOwner | undefined,
  now: number,
): EvidenceRow {
  const text = textOf(exchange.body);
  return {
    // Time-ordered, as records are: a commit's evidence is appended to its primary-key index
    // rather than written into a random page of it each.
    id: timeOrderedId('evd', now),
    registry: exchange.registry,
    url: exchange.url,
    method: exchange.method,
    requested_at: exchange.requestedAt,
    duration_ms: Math.round(exchange.durationMs),
    request: exchange.request,
    response_status: exchange.status,
    response_content_type: exchange.contentType,
    response_body: text ?? exchange.body.toString('base64'),
    response_encoding: text === undefined ? 'base64' : 'utf8',
    truncated: exchange.truncated ? 1 : 0,
    response_sha256: exchange.sha256,
    ...keptHashes(exchange.request, exchange.body, exchange.truncated),
    account_id: owner?.accountId ?? null,
    requester_vat_number: owner?.requester ?? null,
    consultation_number: owner?.consultationNumber ?? null,
    created_at: now,
  };
}

/** The bytes as text when they are UTF-8 without NUL (which PostgreSQL text cannot hold). */
function textOf(bytes: Buffer): string | undefined {
  try {
    const text = utf8.decode(bytes);
    return text.includes('\u0000') ? undefined : text;
  } catch {
    return undefined;
  }
}
