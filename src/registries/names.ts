import type { RegistryId } from './registry.js';

/** Who answers a check: a registry, or the service itself (meta.source). */
export type AnswerSource = RegistryId | 'checksum' | 'format' | 'test';

/**
 * What each source is called wherever people read it (the console, the status page), so a page
 * never shows an internal id such as `uid` or `brreg`.
 */
export const SOURCE_NAMES: Readonly<Record<AnswerSource, string>> = Object.freeze({
  vies: 'EU VIES',
  hmrc: 'HMRC (UK)',
  uid: 'Swiss UID register',
  brreg: 'Brønnøysund register (NO)',
  abr: 'ABN Lookup (AU)',
  kas: 'KAS white list of VAT payers (PL)',
  ares: 'ADIS VAT-payer register (CZ)',
  anaf: 'ANAF VAT register (RO)',
  bzst: 'BZSt eVatR, federal tax office (DE)',
  checksum: 'Check digits (no registry)',
  format: 'Format check (no registry)',
  test: 'Test mode (no registry)',
});

/** The written-out name of a source or registry id; the id itself when it is not one we know. */
export function sourceName(id: string): string {
  return (SOURCE_NAMES as Record<string, string>)[id] ?? id;
}
