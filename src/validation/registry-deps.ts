import type { Clock } from '../clock.js';
import type { RegistryGateway } from '../registries/gateway.js';
import type { CacheStore } from '../store/cache.js';
import type { EvidenceStore } from '../store/evidence.js';
import type { CacheRules } from './cache-read.js';

/** What the registry stage and its fallback stage use: the gateway, the cache, evidence and the rules. */
export interface RegistryCallDeps {
  gateway: RegistryGateway;
  cache: CacheStore;
  evidence: EvidenceStore;
  clock: Clock;
  rules: CacheRules;
  logger: { warn(object: object, message: string): void };
}
