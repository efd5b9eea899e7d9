import { newId } from '../ids.js';
import type { RegistryExchange } from '../registries/registry.js';
import type { EvidenceStore } from '../store/evidence.js';
import type { EvidenceRef } from './answer.js';

/** Whose registry call it was, when it carried something only that account may see. */
export interface ExchangeOwner {
  accountId: string;
  /** The requester sent (its consultation number is in the reply). */
  requester: string;
  consultationNumber: string | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Keeps a registry exchange as evidence (wave-2 A3) and returns its reference. The reply's bytes
 * are kept as text when they are UTF-8, else as base64, so what is shown is what was received. A
 * consultation request's exchange is marked with its account, requester and consultation number,
 * which other accounts are never shown.
 */
export async function keepEvidence(
  store: EvidenceStore,
  exchange: RegistryExchange,
  owner: ExchangeOwner | undefined,
  now: number,
): Promise<EvidenceRef> {
  let body: string;
  let encoding: 'utf8' | 'base64';
  try {
    body = utf8.decode(exchange.body);
    encoding = 'utf8';
  } catch {
    body = exchange.body.toString('base64');
    encoding = 'base64';
  }
  const id = newId('evd');
  await store.insert({
    id,
    registry: exchange.registry,
    url: exchange.url,
    method: exchange.method,
    requested_at: exchange.requestedAt,
    duration_ms: Math.round(exchange.durationMs),
    request: exchange.request,
    response_status: exchange.status,
    response_content_type: exchange.contentType,
    response_body: body,
    response_encoding: encoding,
    truncated: exchange.truncated ? 1 : 0,
    response_sha256: exchange.sha256,
    account_id: owner?.accountId ?? null,
    requester_vat_number: owner?.requester ?? null,
    consultation_number: owner?.consultationNumber ?? null,
    created_at: now,
  });
  return { id, sha256: exchange.sha256 };
}
