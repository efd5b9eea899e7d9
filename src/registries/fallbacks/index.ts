import type { Config } from '../../config.js';
import type { RegistryPoolOptions } from '../http.js';
import type { FallbackId, Registry } from '../registry.js';
import { createAnafRegistry } from './anaf.js';
import { createAresRegistry } from './ares.js';
import { createKasRegistry } from './kas.js';

/**
 * The national register that can confirm VAT registration when VIES cannot answer for its member
 * state (shared/upstreams/national-fallbacks.md section 0). Member states not listed have none:
 * FR's registers prove only that a company exists, LT has no machine interface, FI and LV are
 * not verified (docs/fallbacks.md).
 */
export const FALLBACK_BY_COUNTRY: Readonly<Record<string, FallbackId>> = {
  CZ: 'ares',
  PL: 'kas',
  RO: 'anaf',
};

/**
 * The fallback clients the configuration switches on: none with FALLBACKS_ENABLED=false, Poland's
 * only with KAS_FALLBACK_ACCEPTS_CZYNNY=true.
 */
export function createFallbackRegistries(
  config: Pick<Config, 'fallbacks'>,
  pool: (id: FallbackId) => RegistryPoolOptions,
): Array<[FallbackId, Registry]> {
  if (!config.fallbacks.enabled) return [];
  const registries: Array<[FallbackId, Registry]> = [
    ['ares', createAresRegistry({ ...pool('ares'), adisUrl: config.fallbacks.adisUrl })],
    ['anaf', createAnafRegistry(pool('anaf'))],
  ];
  if (config.fallbacks.kasAcceptsCzynny) registries.push(['kas', createKasRegistry(pool('kas'))]);
  return registries;
}
