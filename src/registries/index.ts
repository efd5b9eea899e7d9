import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { createAbrRegistry } from './abr.js';
import { createBrregRegistry } from './brreg.js';
import { createBzstRegistry } from './bzst.js';
import { createFallbackRegistries } from './fallbacks/index.js';
import { RegistryGateway } from './gateway.js';
import { createHmrcRegistry } from './hmrc.js';
import type { ReplyLog } from './http.js';
import type { Registry, RegistryId } from './registry.js';
import { createUidRegistry } from './uid.js';
import { createViesRegistry } from './vies.js';

type RegistrySettings = Pick<
  Config,
  | 'registries'
  | 'registryMaxReplyBytes'
  | 'hmrc'
  | 'abr'
  | 'circuit'
  | 'fallbacks'
  | 'registryLimits'
  | 'bzst'
>;

/**
 * Builds the five registry clients and the national fallbacks switched on, behind one gateway;
 * `log` gets a line for each reply refused for its size.
 */
export function createRegistryGateway(
  config: RegistrySettings,
  clock: Clock,
  log?: ReplyLog,
): RegistryGateway {
  const { vies, hmrc, uid, brreg, abr } = config.registries;
  const pool = (settings: { url: string; timeoutMs: number; concurrency: number }) => ({
    baseUrl: settings.url,
    timeoutMs: settings.timeoutMs,
    connections: settings.concurrency,
    maxReplyBytes: config.registryMaxReplyBytes,
    // The exchanges' `requestedAt` comes from the application's clock, as the records' times do.
    now: () => clock.now(),
    log,
  });
  const registries = new Map<RegistryId, Registry>([
    ['vies', createViesRegistry(pool(vies))],
    [
      'hmrc',
      createHmrcRegistry({
        ...pool(hmrc),
        clientId: config.hmrc.clientId ?? '',
        clientSecret: config.hmrc.clientSecret ?? '',
      }),
    ],
    ['uid', createUidRegistry(pool(uid))],
    ['brreg', createBrregRegistry(pool(brreg))],
    ['abr', createAbrRegistry({ ...pool(abr), guid: config.abr.guid ?? '' })],
    ...createFallbackRegistries(config, (id) => pool(config.registries[id])),
    // Germany's confirmation service only when switched on (BZST_ENABLED).
    ...(config.bzst.enabled ? [['bzst', createBzstRegistry(pool(config.registries.bzst))] as const] : []),
  ]);
  const concurrency = Object.fromEntries(
    Object.entries(config.registries).map(([id, settings]) => [id, settings.concurrency]),
  ) as Record<RegistryId, number>;
  return new RegistryGateway(registries, {
    clock,
    concurrency,
    circuit: config.circuit,
    viesMemberStateConcurrency: config.registryLimits.viesMemberStateConcurrency,
    rates: config.registryLimits.rates,
    budgetMs: config.registryLimits.budgetMs,
  });
}
